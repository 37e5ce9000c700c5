"""Counts, periods and concessions: the multipliers a question or a claim gives to compute with.

"four children", "two of us ... two nights", "each quarter", "half the £30 fee", "10% off": the arithmetic readers
(``arithmetic``, ``products``) multiply stated prices by these, so both read them here the same way. A count is a
count of things (an age such as "their 13-year-old" counts nothing), a period counts in another's ("a year" is twelve
months), and a concession counts only when the claim names it and a passage offers it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.grounding.claims import Source

# "half the £30 adult fee", "halves the £2 entry" as well as "half-price" and "pays half"
_HALF = re.compile(r"\bhalf[- ]price\b|\bpays?\s+half\b|\bhalf\s+(?:of\s+)?(?:that|this|it)\b|\bhalve[sd]\b"
                   r"|\bhalf\s+(?:the\s+|of\s+the\s+|an?\s+)?(?:[£$€]?[\w.-]+\s+){0,2}"
                   r"(?:rent|price|fee|fees|cost|rate|charge|subscription|entry)\b", re.IGNORECASE)
# "10% off", "a discount of 10%", "less 10%", a passage's "save 10%" or "a 10% saving", and
# "the 10% over-65 discount"
PERCENT_OFF = re.compile(r"(\d{1,2}(?:\.\d+)?)\s*%\s*(?:[\w–-]+\s+){0,2}?"  # "10% January–February discount"
                          r"(?:off|discount|reduction|less|saving|cheaper)\b"
                          r"|\b(?:(?:discount|reduction)\s+of|less(?:\s+the|\s+a)?|saves?|saving)\s+"
                          r"(\d{1,2}(?:\.\d+)?)\s*%", re.IGNORECASE)


_FIFTY = re.compile(r"\b50\s*%\s*(?:of|off)\b|\bhalf[- ]price\b", re.IGNORECASE)


def concessions(claim: str, sources: Sequence[Source]) -> list[tuple[float, str]]:
    """The rates of the concessions ``claim`` names and a passage offers: half, or N% off (and the N% itself, the
    size of the reduction: "less the 10% member discount (£8.50)")."""
    text = " ".join(src.text for src in sources)
    rates: list[tuple[float, str]] = []
    if _HALF.search(claim) and (_HALF.search(text) or _FIFTY.search(text)):
        rates.append((0.5, "half"))  # a passage's "pay 50% of the annual fee" is the claim's half
    claimed = {m.group(1) or m.group(2) for m in PERCENT_OFF.finditer(claim)}
    offered = [p for p in claimed if any((m.group(1) or m.group(2)) == p for m in PERCENT_OFF.finditer(text))]
    rates += [(1 - float(p) / 100, f"{p}% off") for p in offered]
    rates += [(float(p) / 100, f"{p}% of") for p in offered]
    # "serviced at 60% of the passenger lift price" written "60% of £480, which is £288"
    stated = {o.value for src in sources for o in src.quantities if o.unit == "%"}
    rates += [(float(m.group(1)) / 100, f"{m.group(1)}% of") for m in _SHARE_OF.finditer(claim)
              if float(m.group(1)) in stated and m.group(1) not in offered]
    return rates


_SHARE_OF = re.compile(r"(\d{1,3}(?:\.\d+)?)\s*%\s+of\b")
COUNT_NAMES = frozenset(w for w in tx.NUMBER_WORDS if w not in ("half", "single", "double", "once", "zero"))


def count_list(question: str | None) -> list[float]:
    """The counts a question gives, in figures or words ("2 square metres", "three small boards"), as often as
    written ("two of us ... two nights" gives 2 twice)."""
    if not question:
        return []
    return [a.value for a in tx.quantities(question) if a.kind != "currency" and a.unit != "hh:mm"] + [
        float(tx.NUMBER_WORDS[w]) for w in tx.words(question.lower()) if w in COUNT_NAMES]


def question_counts(question: str | None) -> set[float]:
    """The counts a question gives (``count_list``), each once."""
    return set(count_list(question))


def count_pairs(question: str) -> set[float]:
    """The products of two counts the question gives, each written once ("two of us ... two nights": 4)."""
    counts = count_list(question)
    return {a * b for i, a in enumerate(counts) for b in counts[i + 1:] if a > 1 and b > 1 and a * b <= 100}


EXTRA = re.compile(r"\s+(?:extra|more|further|additional)\b", re.IGNORECASE)
# "£5 for each of the three extra children", "£8 each for the two of us": a price, then the count it multiplies
COUNT_ALTS = "|".join(sorted(COUNT_NAMES, key=len, reverse=True))


# "16-year-old", "9 years old": after a number, an age (no count of things)
AGE_AFTER = re.compile(r"[- ]?(?:years?|yrs?|months?)?[- ]?olds?\b", re.IGNORECASE)


def thing_counts(question: str | None, *, units: bool = True) -> set[float]:
    """``question_counts`` less the question's ages: "their 13-year-old" counts no things (else a wrong "£130" passes as
    half of half of 13 x £40); without ``units``, bare counts only (not "within 10 miles")."""
    text = question or ""
    return {a.value for a in tx.quantities(text) if a.kind != "currency" and a.unit != "hh:mm"
            and (units or a.unit is None) and not AGE_AFTER.match(text, a.end)} | {
        float(tx.NUMBER_WORDS[w]) for w in tx.words(text.lower()) if w in COUNT_NAMES}
# periods a question asks for, in the periods a price is counted in: "each quarter" of "£135 a month" is three
PERIODS = {("quarter", "month"): 3.0, ("year", "month"): 12.0, ("year", "week"): 52.0, ("month", "week"): 4.0,
            ("fortnight", "week"): 2.0, ("week", "day"): 7.0}
_ASKED_PERIOD = re.compile(r"\b(quarter|year|month|fortnight|week)(?:ly|s)?\b|\bannual(?:ly)?\b", re.IGNORECASE)


def question_periods(question: str | None) -> set[str]:
    """The periods a question names ("each quarter", "annually", "a full year")."""
    return {("year" if m.group(1) is None else m.group(1).lower()) for m in _ASKED_PERIOD.finditer(question or "")}


# "four children", "two additional hours", "a five-visit programme": a count the question gives and the words it counts
COUNTED_THING = re.compile(rf"(?<![\w.,£$€])({COUNT_ALTS}|\d{{1,2}})(?:-|\s+)((?:[A-Za-z'’]+[\s-]+){{0,2}}[A-Za-z]+)",
                            re.IGNORECASE)


def count_value(word: str) -> float:
    return float(tx.NUMBER_WORDS[word.lower()]) if word.lower() in tx.NUMBER_WORDS else float(word)
