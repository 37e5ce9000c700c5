"""Band fit: whether a claim's values come from the band (see ``bands``) that holds the question's number.

A claim is flagged when a band of its cited sentences holds the question's age, distance, group size, weekday,
month, time of day or ordinal label and states another value of the claim value's unit, while no band stating the
value holds it (``band_conflicts``); a holding band that states the value settles it by code, so no model question
is needed (``band_confirms``). A band whose own clause also names another of the question's conditions that rules
the question out ("Tariff 1 (06:00-22:00, Monday-Saturday)" for a Tuesday at 23:00) holds nothing, unless the
clause joins the two as alternatives (``holds``). The question's own condition written again in the claim ("My
daughter is on Stage 5 ... 12 pupils") is no invented value (``restated_condition``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.grounding.bands import (
    Band,
    asked_numbers,
    band_of,
    clauses,
    condition_spans,
    conditions,
    scoped_bands,
    time_ranges,
)


def _same(a: tx.Quantity, b: tx.Quantity) -> bool:
    """The same value, and of the same counted thing ("10 pupils" is not "10 weekly lessons")."""
    return tx.same_quantity(a, b) and not (a.noun and b.noun and a.noun != b.noun)


def states(text: str, value: tx.Quantity) -> bool:
    return any(_same(value, o) for o in tx.quantities(text))


def _rival(text: str, value: tx.Quantity) -> tx.Quantity | None:
    """A value of ``value``'s unit (or counted noun) that ``text`` states instead of it; where ``text`` states the
    value too, one counted per the same thing ("flag fall GBP 4.40, then 30p per further 176 yards": the 30p is no
    rival once pence are read)."""
    found = tx.quantities(text)
    own = next((o for o in found if _same(value, o)), None)

    def counted(o: tx.Quantity) -> tuple[frozenset[str], bool]:  # "per further 176 yards", "per 40 seconds"
        return tx.rate_of(text, o), _PER_NUMBER.match(text, o.end) is not None

    rate = counted(own) if own is not None else None
    for o in found:
        kin = o.unit == value.unit if value.unit else (o.unit is None and o.noun is not None and o.noun == value.noun)
        if kin and not _same(value, o) and (rate is None or counted(o) == rate):
            return o
    return None


_PER_NUMBER = re.compile(r"[ \t]*(?:per|every)[ \t]+\d", re.IGNORECASE)


_EITHER = re.compile(r"\b(?:or|and)\b", re.IGNORECASE)


def _alternatives(clause: str, kind: str, other: str) -> bool:
    """Whether a clause joins its conditions of two kinds as alternatives, either enough ("22:00-06:00 and all day
    Sunday", "after 18:00 or at weekends"): an "and" or "or" between the nearest two. Side by side ("06:00-22:00,
    Monday-Saturday", "Monday-Saturday 09:00-18:00") both must hold."""
    gaps = [clause[min(e1, e2):max(s1, s2)] for s1, e1 in condition_spans(clause, kind)
            for s2, e2 in condition_spans(clause, other) if e1 <= s2 or e2 <= s1]
    return bool(gaps) and _EITHER.search(min(gaps, key=len)) is not None


def holds(band: Band, asked: dict[str, float]) -> bool:
    """Whether a band holds the question's number of its kind and, when the question names a month or time of day,
    its own clause (not its scope) names no other condition of the question's that rules the question out:
    "Tariff 1 (06:00-22:00, Monday-Saturday): GBP 3.40" holds a Tuesday, but not a Tuesday at 23:00 (where
    the Tariff 2 fare is right)."""
    if not band.holds(asked[band.kind]):
        return False
    if not asked.keys() & {"month", "time"}:
        return True
    clause = clauses(band.text)[0]
    for kind, number in asked.items():
        other = band_of(clause, kind) if kind != band.kind else None
        if other is not None and not other.holds(number) and not _alternatives(clause, band.kind, kind):
            return False
    return True


def _held_text(band: Band, asked: dict[str, float]) -> str:
    """A holding band's scope without the bands of the question's other conditions inside it that do not hold the
    question's number: "Kids' Saturday class, ages 8-12: €35; ages 13-16: €45" holds a Saturday, but for a
    14-year-old only "ages 13-16: €45" of it (€35 is not this child's Saturday price)."""
    text = band.text
    for kind, number in asked.items():
        if kind == band.kind or _alternatives(clauses(band.text)[0], band.kind, kind):
            continue  # "Tariff 2 (22:00-06:00 and all day Sunday)": either holds it
        parts = clauses(text)
        first = next((i for i, c in enumerate(parts) if band_of(c, kind) is not None), None)
        if first is None:
            continue
        text = ", ".join(parts[:first] + [b.text for b in scoped_bands(text, kind) if b.holds(number)])
    return text


def _cleared(held: str, values: Sequence[tx.Quantity]) -> bool:
    """Whether a holding band's text states the claim's value: any one of its figures, but for times of day its first
    one, and not as the end of the band's range, which the next band starts at ("4pm to 4.30pm" for ages 4 to 7, "4.30pm
    to 5.15pm" for ages 8 to 11: the second is not a 5-year-old's, though it states "4.30pm"), unless it states them
    all."""
    if any(states(held, v) for v in values if v.unit != "hh:mm"):
        return True
    clock = [v for v in values if v.unit == "hh:mm"]
    if not clock:
        return False
    ends = [b for _, b in time_ranges(held)]
    return all(states(held, v) for v in clock) or (
        states(held, clock[0]) and not any(_same(clock[0], e) for e in ends))


def band_conflicts(question: str, claims: Sequence[tuple[Sequence[tx.Quantity], Sequence[str]]]
                   ) -> dict[int, Band]:
    """Per claim of an answer that states a value from outside the band holding the question's number: the band.

    ``claims`` gives, per claim, its values (figures with a unit or counted noun the question does not give) and the
    sentences of the passages it cites. A claim is flagged when a band of its passages (``scoped_bands``) holds the
    question's age, distance, group size, day of the week, month, time of day or ordinal label (``holds``) and
    states another value of the claim value's unit, while no band stating the value holds it. An answer any of
    whose values a holding band states is cleared whole (the child's supplement given beside the pitch price)."""
    asked = asked_numbers(question)
    if not asked:
        return {}
    holding: list[list[Band]] = []
    for _, sentences in claims:
        holding.append([band for sentence in sentences for kind in asked for band in scoped_bands(sentence, kind)
                        if holds(band, asked)])
    if any(_cleared(held, values) for (values, _), bands in zip(claims, holding, strict=True)
           for held in (_held_text(b, asked) for b in bands)):
        return {}
    out: dict[int, Band] = {}
    for index, ((values, sentences), bands) in enumerate(zip(claims, holding, strict=True)):
        # a capacity rivals only a smaller capacity's value: "Glamping pod, sleeps 4: EUR 95" holds two people
        # but says nothing of "Standard pitch ..., 2 adults: EUR 34"
        smaller = [b.text for sentence in sentences for kind in asked for b in scoped_bands(sentence, kind)
                   if b.capacity and not b.holds(asked[kind])]
        band = next((b for b in bands for v in values if _rival(b.text, v) is not None
                     and (not b.capacity or any(states(t, v) for t in smaller))), None)
        if band is not None:
            out[index] = band
    return out


def band_confirms(question: str, values: Sequence[tx.Quantity], sentences: Sequence[str]) -> bool:
    """Whether a band holding the question's number states one of ``values``: "four of us" and "3–4 players EUR 29"
    settle "EUR 29" by code, so no model question is needed (the 1.5B, asked which price the passage gives, tends to
    pick the 2-player EUR 35 and refuse the right answer). Only a band stating no other value of that unit settles
    anything: "by 13:00 Monday–Friday and by 11:00 on Saturday" holds Saturday and both times; unless the values state
    it too: "10am to 2pm on Sundays" settles "from 10am to 2pm on Sundays" (a model slot question may pick the weekday
    8.30am and refuse it)."""
    asked = asked_numbers(question)
    return any(holds(band, asked) and states(band.text, value) and (
        (rival := _rival(band.text, value)) is None or all(
            any(_same(o, v) for v in values) for o in tx.quantities(band.text) if o.unit == rival.unit))
               for kind in asked for sentence in sentences for band in scoped_bands(sentence, kind)
               for value in values)


def restated_condition(question: str, claim: str, value: tx.Quantity, sentences: Sequence[str]) -> bool:
    """Whether ``value`` is the question's own age, distance, group size or ordinal label written again in the claim,
    held by a band of the cited sentences: "My daughter is on Stage 5 ... 12 pupils per class [c12]" over "Stages 4–7:
    ..., maximum 12 pupils" ("5" is no invented figure). The passage states the number as a range; the claim's own value
    is checked as any other. Only the number inside the condition's words counts ("Stage 5", "my 12-year-old"), never a
    bare figure equal to it ("5 pupils")."""
    asked = asked_numbers(question)
    if not asked:
        return False
    for kind, number, start, end in conditions(claim):
        if asked.get(kind) != number or not (start < value.end and value.start < end):
            continue
        if any(band.holds(number) for sentence in sentences for band in scoped_bands(sentence, kind)):
            return True
    return False
