"""Bands: a question's age, distance or group size against the ranges a passage prices by.

"How much will my 12-year-old pay?" over "Classic tour: EUR 25 per adult. Children 6-17: EUR 10." and "an office
8 miles from the bakery" over "Delivery within 5 miles: GBP 8; beyond 5 miles: GBP 14": every value of a wrong
answer is in its passage, and the 1.5B critic, asked which value the passage gives, picks the first (held-out v7:
8 of the 12 wrong answers it accepted were such picks). Code can read the ranges: the clause whose range holds the
question's number states the answer's kind of value, so a value from another clause is another case.

Only explicit ranges count ("6-17", "under 18", "18+", "within 5 miles", "12 or more players"); a clause naming
a case by word alone ("per adult") is no band, so it never clears or condemns anything by itself.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from masis_desktop.core.agents import text as tx

_NUM = r"(\d{1,3}(?:\.\d+)?)"
_DASH = r"\s*(?:[-–—]|to)\s*"

# what the question states: kind -> pattern whose first group is the number
_ASKED: dict[str, re.Pattern[str]] = {
    "age": re.compile(rf"\b{_NUM}[- ](?:year|yr)s?[- ]old\b|\baged\s+{_NUM}\b|\b{_NUM}\s+years\s+old\b"
                      rf"|\bage\s+(?:of\s+)?{_NUM}\b", re.IGNORECASE),
    "miles": re.compile(rf"\b{_NUM}\s*miles?\b", re.IGNORECASE),
    "km": re.compile(rf"\b{_NUM}\s*(?:km|kilomet(?:re|er)s?)\b", re.IGNORECASE),
    "group": re.compile(rf"\b(?:party|group|team)\s+of\s+{_NUM}\b|\b{_NUM}\s+(?:people|persons|guests|players|"
                        r"participants|of us)\b", re.IGNORECASE),
}
# a clause is a band of a kind when it has the kind's cue and one of the range shapes below
_CUE: dict[str, re.Pattern[str]] = {
    "age": re.compile(r"\b(?:child(?:ren)?|kids?|juniors?|youths?|teen(?:s|agers?)?|infants?|bab(?:y|ies)|toddlers?"
                      r"|adults?|seniors?|aged?|ages|years?(?:\s+old)?|year-olds?|under-\d+s|over-\d+s)\b",
                      re.IGNORECASE),
    "miles": re.compile(r"\bmiles?\b", re.IGNORECASE),
    "km": re.compile(r"\b(?:km|kilomet(?:re|er)s?)\b", re.IGNORECASE),
    "group": re.compile(r"\b(?:people|persons|guests|players|participants|groups?|parties|party)\b", re.IGNORECASE),
}
_UNIT = r"(?:\s*(?:miles?|km|kilomet(?:re|er)s?|years?|people|persons|guests|players|participants))?"
_RANGES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"(?<![\d.])(?<!\d[:/]){_NUM}{_UNIT}{_DASH}{_NUM}(?!\d|[:/.]\d)", re.IGNORECASE), "between"),
    (re.compile(rf"\b(?:under|below|less\s+than|younger\s+than|fewer\s+than)[- ]{_NUM}", re.IGNORECASE), "below"),
    (re.compile(rf"\b(?:within|up\s+to|maximum(?:\s+of)?|max\.?)\s+{_NUM}", re.IGNORECASE), "upto"),
    (re.compile(rf"(?<![\d.]){_NUM}{_UNIT}\s+(?:and|or)\s+(?:under|below|younger|less|fewer)\b", re.IGNORECASE),
     "upto"),
    (re.compile(rf"\b(?:over|above|beyond|more\s+than|older\s+than)[- ]{_NUM}", re.IGNORECASE), "above"),
    (re.compile(rf"(?<![\d.]){_NUM}\s*\+", re.IGNORECASE), "from"),
    (re.compile(rf"(?<![\d.]){_NUM}{_UNIT}\s+(?:and|or)\s+(?:over|above|more|older)\b", re.IGNORECASE), "from"),
)


@dataclass(frozen=True)
class Band:
    kind: str
    low: float
    high: float  # inclusive bounds; open ends are nudged by a hair
    text: str  # the clause

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high


def asked_numbers(question: str) -> dict[str, float]:
    """The question's age, distance (miles or km) and group size, by kind (the first of each)."""
    out: dict[str, float] = {}
    for kind, pattern in _ASKED.items():
        m = pattern.search(question)
        if m:
            out[kind] = float(next(g for g in m.groups() if g))
    return out


_EPS = 1e-6


def _range(shape: str, m: re.Match[str]) -> tuple[float, float]:
    a = float(m.group(1))
    if shape == "between":
        return a, float(m.group(2))
    return {"below": (0.0, a - _EPS), "upto": (0.0, a), "above": (a + _EPS, math.inf), "from": (a, math.inf)}[shape]


_CLAUSE_CUT = re.compile(r";|,(?![^()]*\))|(?<=[.!?])\s+")


def clauses(sentence: str) -> list[str]:
    """A sentence cut at semicolons and at commas outside brackets: the pieces a price list writes one case in."""
    return [c.strip() for c in _CLAUSE_CUT.split(sentence) if c and c.strip()]


def band_of(clause: str, kind: str) -> Band | None:
    """The range of ``kind`` a clause names, if it has the kind's cue and exactly one range shape."""
    if not _CUE[kind].search(clause):
        return None
    found = [(shape, m) for pattern, shape in _RANGES for m in pattern.finditer(clause)]
    if len(found) != 1:
        return None
    low, high = _range(*found[0])
    return Band(kind, low, high, clause) if low <= high else None


def _states(clause: str, value: tx.Quantity) -> bool:
    return any(tx.same_quantity(value, o) for o in tx.quantities(clause))


def _rival(clause: str, value: tx.Quantity) -> tx.Quantity | None:
    """A value of ``value``'s unit that ``clause`` states instead of it."""
    for o in tx.quantities(clause):
        if o.unit == value.unit and o.unit is not None and not tx.same_quantity(value, o):
            return o
    return None


def band_conflicts(question: str, claims: Sequence[tuple[Sequence[tx.Quantity], Sequence[str]]]
                   ) -> dict[int, Band]:
    """Per claim of an answer that states a value from outside the band holding the question's number: the band.

    ``claims`` gives, per claim, its values (figures with a unit the question does not give) and the sentences of
    the passages it cites. A claim is flagged when a clause of its passages is a band holding the question's age,
    distance or group size and states another value of the claim value's unit, while no clause stating the value
    is such a band. An answer any of whose values a holding band states is cleared whole (the child's supplement
    given beside the pitch price)."""
    asked = asked_numbers(question)
    if not asked:
        return {}
    holding: list[list[Band]] = []
    for _, sentences in claims:
        found: list[Band] = []
        for sentence in sentences:
            for clause in clauses(sentence):
                for kind, number in asked.items():
                    band = band_of(clause, kind)
                    if band is not None and band.holds(number):
                        found.append(band)
        holding.append(found)
    if any(_states(b.text, v) for (values, _), bands in zip(claims, holding, strict=True) for b in bands
           for v in values):
        return {}
    out: dict[int, Band] = {}
    for index, ((values, _), bands) in enumerate(zip(claims, holding, strict=True)):
        band = next((b for b in bands for v in values if _rival(b.text, v) is not None), None)
        if band is not None:
            out[index] = band
    return out
