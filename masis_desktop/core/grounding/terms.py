"""Terms a passage defines by day and time ("Peak is weekdays 5pm–10pm and all weekend; off-peak is weekdays
9am–5pm"), read against the question's day and time of day.

A price list often labels its values with such terms in one sentence ("The Snug: £28 per hour peak, £21
off-peak") and defines the terms in another. Band checks read one clause at a time, so "on a Tuesday at 10am"
answered with the peak price passed them: the clause stating £28 names no day and no time. Here a
definition is split into its alternatives ("weekdays 5pm–10pm", "all weekend"); a term *holds* the question when
one alternative names at least one of the question's conditions and holds every one it names, and *fails* it when
alternatives name its conditions and none holds. A value is then refused only when every clause stating it names
a failing term and none names a holding one, and another term holds: a passage defining a single term, or
defining none that fits, never refuses anything.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from masis_desktop.core import text as tx
from masis_desktop.core.grounding import band_fit, bands

_KINDS = ("day", "time")
# "Peak is ...", "Off-peak times are ...", "Standard hours: ..."; a term of one to three words opening its clause
_DEFINITION = re.compile(r"^\s*(?P<term>[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,2}?)"
                         r"(?:\s+(?:times?|hours?|rates?|periods?|prices?|pricing))?"
                         r"\s*(?:\bis\b|\bare\b|\bmeans\b|\bruns\b|\bcovers\b|\bapplies\b|=|:)\s*(?P<what>.+)$",
                         re.IGNORECASE)
_ALTERNATIVE = re.compile(r"\s+(?:and|or)\s+(?=(?:all\s+|on\s+|at\s+)?[A-Za-z\d])|,\s*", re.IGNORECASE)
_NOT_TERMS = frozenset({"it", "this", "there", "the", "we", "you", "they", "that", "which", "price", "prices", "cost",
                        "booking", "minimum", "maximum", "deposit", "the price", "last entry", "closed", "open"})


@dataclass(frozen=True)
class Term:
    name: str  # lower case, as the passage writes it ("off-peak")
    definition: str
    holds: bool


def _part_holds(part: str, asked: dict[str, float]) -> bool | None:
    """True or False when ``part`` names any of the question's day or time (by whether it holds all it names);
    None when it names none of them."""
    named = [kind for kind in _KINDS if kind in asked and bands.scoped_bands(part, kind)]
    if not named:
        return None
    return all(any(band_fit.holds(b, asked) for b in bands.scoped_bands(part, kind)) for kind in named)


def defined_terms(question: str, lines: Sequence[str]) -> list[Term]:
    """The terms ``lines`` define by the question's day and/or time of day, each marked by whether it holds
    them."""
    asked = {k: v for k, v in bands.asked_numbers(question).items() if k in _KINDS}
    if not asked:
        return []
    out: list[Term] = []
    for line in lines:
        for clause in re.split(r";\s*", line):
            m = _DEFINITION.match(clause)
            term = m.group("term") if m else ""
            if (m is None or term.lower() in _NOT_TERMS or tx.quantities(term)
                    or any(bands.scoped_bands(term, kind) for kind in _KINDS)):
                continue  # "Saturday and Sunday: 8am–5pm" is a row of the day bands, not a term
            verdicts = [v for part in _ALTERNATIVE.split(m.group("what"))
                        if part and (v := _part_holds(part, asked)) is not None]
            if verdicts:
                out.append(Term(m.group("term").lower(), clause.strip(), any(verdicts)))
    return out


def _names(term: str, clause: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", clause, re.IGNORECASE) is not None


def failing_term(value: tx.Quantity, lines: Sequence[str], terms: Sequence[Term]) -> tuple[Term, Term] | None:
    """(the failing term every clause stating ``value`` is labelled with, a term holding the question) when the
    passage's definitions (``terms``, from ``defined_terms`` over the same ``lines``) put the question's day and
    time under another term than the value's; else None."""
    holding = [t for t in terms if t.holds]
    failing = [t for t in terms if not t.holds and not any(t.name == h.name for h in holding)]
    if not holding or not failing:
        return None
    stating = [c for line in lines for c in bands.clauses(line)
               if band_fit.states(c, value) and not any(c in t.definition for t in terms)]
    if not stating:
        return None
    labels: list[Term] = []
    for clause in stating:
        if any(_names(h.name, clause) for h in holding):
            return None
        label = next((f for f in failing if _names(f.name, clause)), None)
        if label is None:
            return None
        labels.append(label)
    return labels[0], holding[0]
