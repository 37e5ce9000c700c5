"""Question-frame checks for a value from outside the band that holds the question's age, distance, group size, day,
month or time, and for a price given without the concession its passage grants the question's group.

``band_findings`` flags what ``band_fit.band_conflicts`` finds unless the passages themselves tie the value to the
question's group ("a one-off joining fee of £30, which is waived for juniors"), price it by the question's count, or
give the band to another named case; ``concession_findings`` wants the "pay half rent" of "Tenants aged 65 and over"
applied to a 70-year-old's price; ``denies_band`` recognises a "No" that answers by a band of its own ("No, adopters
must live within 25 miles" for 28 miles), which ``checks.answer`` takes for an answer rather than a gap.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import DAY_NAMES, names_other_case
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.grounding import band_fit, bands
from masis_desktop.core.grounding.claims import (
    FRAME_STEMS,
    OPENS_NO,
    ClaimEvidence,
    Source,
    same_value,
)
from masis_desktop.core.grounding.products import unwritten_products
from masis_desktop.core.schemas import IssueType

_BAND_KIND = {"age": "age", "miles": "distance", "km": "distance", "kg": "weight", "metres": "length",
              "group": "group size", "day": "day", "month": "month", "time": "time of day", bands.TEAM: "age group"}


def _band_kind(kind: str) -> str:
    return "label" if kind.startswith(bands.LABEL_KIND) else _BAND_KIND.get(kind, kind)


def _asked_value(kind: str, asked: dict[str, float]) -> str:
    """The question's condition as a reader writes it: "Tuesday", "January", "23:00", "12"."""
    value = asked[kind]
    if kind == "day":
        return DAY_NAMES[int(value) - 1]
    if kind == "month":
        return tx.MONTHS[int(value) - 1].capitalize()
    if kind == "time":
        return f"{int(value):02d}:{round(value % 1 * 60):02d}"
    if kind.startswith(bands.LABEL_KIND):
        return f"{value:g}-{kind[len(bands.LABEL_KIND):]}"
    if kind == bands.TEAM:
        return f"Under-{value:g}s"
    return f"{value:g}"


# a clause writing a range of its own is another band ("children 8–16 £8" beside "children 6–16 £7"), not a tie
_BAND_RANGE = re.compile(r"\d\s*(?:[–-]|to)\s*\d|\b(?:under|over)[- ]\d|\d\+", re.IGNORECASE)


def _names_group(clause: str, group: set[str], values: Sequence[tx.Quantity]) -> bool:
    """Whether a clause names the group without giving it a figure of its own: "which is waived for juniors" does;
    "children £4" (the children's own price beside the adults' £8) and "children 8–16 £8" (a band) do not."""
    if not group & tx.content_stems(clause) or _BAND_RANGE.search(clause):
        return False
    return not any(o.unit and not tx.same_quantity(v, o) for v in values for o in tx.quantities(clause))


# words that write a band's range, not its group: "Adults aged 18 to 64" and "seniors aged 65 and over" share
# "aged", not a group (else the adult price passes for a 70-year-old)
_RANGE_STEMS = frozenset(tx.stem(w) for w in ("age", "aged", "ages", "year", "years", "old", "over", "under",
                                               "plus", "upward", "upwards", "older", "younger"))


def _group_words(text: str) -> set[str]:
    """The stems naming a group in ``text``: no figures ("12–16"), no words that frame an amount ("fee") or write
    a range ("aged")."""
    return {w for w in tx.content_stems(text) if not any(ch.isdigit() for ch in w)} - FRAME_STEMS - _RANGE_STEMS


def _restates_band(band: bands.Band, claim: str) -> bool:
    """Whether the claim writes the band itself, with the passage's word for what it grants: "50p for each adult,
    while children under 14 get in free" over "children under 14 go in free, and early-bird buyers ... pay £2
    each" (the £2 of the band's sentence is not the children's value). Its figures are then
    the other cases'; a band the claim gives a price ("Over-65s pay the concession rate of £18") is judged as any."""
    if band.kind in ("day", "month", "time") or not _CONCESSION.search(claim):
        return False
    return any(b.low == band.low and b.high == band.high and _CONCESSION.search(b.text)
               and not any(o.kind == "currency" for o in tx.quantities(b.text))  # "Over-65s pay ... £18": a value
               for b in bands.scoped_bands(claim, band.kind))


def _tied_to_band(band: bands.Band, values: Sequence[tx.Quantity], cited: Sequence[Source]) -> bool:
    """Whether a passage states one of ``values`` in a sentence of its own that names the band's group: "New members pay
    a one-off joining fee of £30, which is waived for juniors" beside "Junior (under 18): £65." (a 10-year-old pays no
    joining fee). The passage itself says what the value is to the question's group; an adult price stated for a child
    names no child. A day, month or time band names a condition, not a group: "Winter (November-February): Monday-
    Saturday 09:00-17:00" shares its days with the summer line, which still gives another season's value."""
    if band.kind in ("day", "month", "time"):
        return False
    found = tx.quantities(band.text)  # the group is named before the band's first figure ("Junior (under 18): £65")
    named = re.split(r"[(:]", band.text[:found[0].start] if found else band.text)[0]  # "Saplings (ages 3–5)": no "age"
    group = _group_words(named)
    return bool(group) and any(
        any(_names_group(clause, group, values) for clause in bands.clauses(line))
        for src in cited for line in src.lines if band.text.split(", ")[0] not in line
        and any(o.unit and tx.same_quantity(v, o) for v in values for o in tx.quantities(line)))


def _group_holds(asked: dict[str, float], values: Sequence[tx.Quantity], cited: Sequence[Source]) -> bool:
    """Whether a clause stating one of ``values`` names a group ("Teens £34") that a band holding the question's
    number defines ("Teens (ages 12–16)"), in any cited passage: the fee list and the timetable together say what a
    13-year-old pays, whatever "£20 for under-18s" of a licence sentence says."""
    groups: set[str] = set()
    for src in cited:
        for line in src.lines:
            for clause in bands.clauses(line):
                if any(o.unit and tx.same_quantity(v, o) for v in values for o in tx.quantities(clause)):
                    groups |= _group_words(clause.split(":")[-1])
    if not groups:
        return False
    for kind in asked:
        if kind in ("day", "month", "time", bands.TEAM) or kind.startswith(bands.LABEL_KIND):
            continue  # a numbered label ("three-seater", "Under-10s") is itself the group: its clause says its value
        for src in cited:
            for line in src.lines:
                for band in bands.scoped_bands(line, kind):
                    if not band.holds(asked[kind]):
                        continue
                    found = tx.quantities(band.text)
                    # "Wednesdays: Teens (ages 12–16)": the group stands after a day's colon, before the bracket
                    named = (band.text[:found[0].start] if found else band.text).split("(")[0].split(":")[-1]
                    if groups & _group_words(named):
                        return True
    return False


def denies_band(question: str, claim: str) -> bool:
    """Whether ``claim`` answers "No" by a band of its own that leaves the question's number out: "No, adopters must
    live within 25 miles" for 28 miles, "No, we only deliver on Thursday, Friday and Saturday evenings" for a
    Tuesday (neither a value from outside the asked band)."""
    if not OPENS_NO.match(claim):
        return False
    return any((band := bands.band_of(claim, kind)) is not None and not band.holds(number)
               for kind, number in bands.asked_numbers(question).items())


def _priced_in_band(band: bands.Band, values: Sequence[tx.Quantity], claim: ClaimEvidence, question: str) -> bool:
    """Whether a price of the claim is the question's count times a price the band states
    (``unwritten_products``): "£8 in total for the four children" at the Thursday session's "£2 per child" is the
    Thursday band's value."""
    return any(v.kind == "currency" and (found := unwritten_products(v, claim.plain, question, claim.cited)) is not None
               and any(same_value(found[1], o) for o in tx.quantities(band.text)) for v in values)


def _asker_has_band_price(question: str, band: bands.Band) -> bool:
    """Whether the question itself gives the price the band states: "how much of the £210 hire price do I get
    back?" over "a six-week hire costs £210" asks for arithmetic on it, so the claim's figures are other clauses'
    (the right "£195: the £210 six-week hire less the £15 cancellation fee")."""
    asked = [q for q in tx.quantities(question) if q.kind == "currency"]
    return any(tx.same_quantity(a, o) for a in asked for o in tx.quantities(band.text))


def band_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim (its text without citations, its cited passages), a figure from outside the band holding the
    question's age, distance or group size (``band_fit.band_conflicts``): "my 12-year-old" answered with the adult
    price where "Children 6-17: EUR 10" is written."""
    asked_numbers = bands.asked_numbers(question)
    if not asked_numbers:
        return {}
    figures = [[v for v in c.values if isinstance(v, tx.Quantity)] for c in claims]
    lines = [[line for src in c.cited for line in src.lines] for c in claims]
    out: dict[int, Finding] = {}
    for index, band in band_fit.band_conflicts(question, list(zip(figures, lines, strict=True))).items():
        if "time" in asked_numbers and any(a.value <= asked_numbers["time"] * 60 <= b.value
                                           for a, b in bands.time_ranges(claims[index].plain)):
            continue  # the claim writes a range holding the asked time: "12:00–13:30" for lunchtime
        if _tied_to_band(band, figures[index], claims[index].cited) or _priced_in_band(
                band, figures[index], claims[index], question) or _group_holds(
                asked_numbers, figures[index], claims[index].cited) or names_other_case(question, band.text) \
                or denies_band(question, claims[index].plain) or _restates_band(band, claims[index].plain) \
                or _asker_has_band_price(question, band) or _named_case_prices(question, band, figures[index],
                                                                               claims[index]):
            continue  # ... or the band is another case's ("in low season" for high season)
        src = next((c for c in claims[index].cited if band.text.split(", ")[0] in c.lines), claims[index].cited[0])
        out[index] = Finding(
            IssueType.FACTUAL_ERROR, 0.9,
            f"the question's {_band_kind(band.kind)} ({_asked_value(band.kind, asked_numbers)}) falls under "
            f"\"{band.text[:100]}\" [{src.id}], which gives another value", claims[index].plain,
            f'state the value [{src.id}] gives under "{band.text[:60]}", or remove the sentence', src.id,
            FACT_FACTOR, True, False)
    return out


def _named_case_prices(question: str, band: bands.Band, figures: Sequence[tx.Quantity], claim: ClaimEvidence) -> bool:
    """Whether the case the question names (and the claim writes) is priced by a sentence of its own that states
    one of the claim's figures, the band's sentence not naming it: "the Wedding Package with 90 guests" is not a
    private party of "30 guests or more" ("£495 ... up to 80 guests, each extra guest £3.50" is the package's)."""
    # not the business's name or town: the part of a page's title before its dash ("Bean Wagon Coffee Co., Whitby")
    owners = " ".join(re.split(r"\s[–—-]\s", src.lines[0])[0] for src in claim.cited if src.lines)
    names = [n for n in tx.question_names(question) if tx.name_in(n, claim.plain) and not tx.name_in(n, band.text)
             and not tx.name_in(n, owners)]
    return any(tx.name_in(n, line) and any(o.unit and tx.same_quantity(v, o) for v in figures
                                           for o in tx.quantities(line))
               for n in names for src in claim.cited for line in src.lines[1:])


# a concession a clause grants without a figure of its own: "Tenants aged 65 and over ... pay half rent"
_CONCESSION = re.compile(r"\bhalf\b|\bfree\b|\bdiscount\w*|\d\s*%\s*off\b|\breduc\w*|\bconcession\w*|\bno\s+charge\b",
                         re.IGNORECASE)
_NAMES_CONCESSION = re.compile(r"\bhalf\b|\bfree\b|\bdiscount\w*|\boff\b|\breduc\w*|\bconcession\w*|\bcharge\b|"
                               r"\bno\s+cost\b|\bnothing\b", re.IGNORECASE)


def concession_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price given without the concession that a clause of its passage grants the question's age or
    group size and states no price of its own: "I'm 70 ... how much would the rent be?" answered "£58 a year at
    the standard rent" beside "Tenants aged 65 and over ... pay half rent on one plot". The clause
    must share a word with the question; a claim naming the concession or the clause's group is not flagged."""
    asked = {k: v for k, v in bands.asked_numbers(question).items() if k in ("age", "group")}
    if not asked:
        return {}
    focus = tx.question_focus(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        prices = [q for q in tx.quantities(plain) if q.kind == "currency"]
        if not prices or _NAMES_CONCESSION.search(plain) or any(
                "for the group" in (unwritten_products(q, plain, question, cited) or ("", q))[0] for q in prices):
            continue  # the price is computed with the group's concession: "£151.20" for twelve £14 tickets
        for src in cited:
            found = next((b for line in src.lines for kind in asked for b in bands.scoped_bands(line, kind)
                          if b.holds(asked[kind]) and _CONCESSION.search(b.text)
                          and not any(o.kind == "currency" for o in tx.quantities(b.text))
                          and focus & tx.content_stems(b.text)), None)
            if found is None:
                continue
            named = _group_words(re.split(r"\d", found.text, maxsplit=1)[0])
            if named & tx.content_stems(plain):
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'the question\'s {_band_kind(found.kind)} ({_asked_value(found.kind, asked)}) falls under '
                f'"{found.text[:100]}" [{src.id}], which changes the price; the answer gives it without that',
                plain, f'apply what [{src.id}] says in "{found.text[:60]}", or remove the sentence', src.id,
                FACT_FACTOR, True, False)
            break
    return out
