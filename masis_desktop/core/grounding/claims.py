"""What every check of the code audit reads and returns, shared by all of them.

A cited chunk (``Source``), a claim with the chunks it cites (``ClaimEvidence``), a ``Finding`` and the factors the
checks give it, and the small readers the checks have in common: a value stated in a chunk or clause, the cases and
periods a question names (``case_markers``, ``period_markers``), the words a claim says a value under. A module of its
own so that the check modules and ``checks.audit`` (which runs them) import one base and never each other in a
cycle. (``Finding`` and the factors live in ``checks.findings``: grounding knows nothing of checks.)
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from masis_desktop.core import text as tx
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.reading import Reading, read
from masis_desktop.core.schemas import SearchHit

# --- sources -----------------------------------------------------------------------------------------------------


@dataclass
class Source:
    """A chunk as the audit sees it: text split once into sentences, quantities and word stems.

    ``text`` is the chunk's reading text (words broken across lines rejoined, ``reading.py``), and every offset into
    it (``sentences``) is an offset into that; ``raw_span`` maps one back to the stored chunk text, which is what
    the UI highlights by.
    """

    id: str
    text: str
    document: str
    sentences: list[tx.Span]
    quantities: list[tx.Quantity]
    number_words: set[float]
    entities: frozenset[str] = frozenset()  # what the chunk is about: names and years of its heading/first line
    about: str = ""  # its section heading path and file name: where a name the chunk itself omits may stand
    head: str = ""  # heading, file name and first two sentences: what the chunk is about
    lines: list[str] = field(default_factory=list)  # its sentences, whitespace folded: what row checks read
    reading: Reading | None = None  # how ``text`` maps back to the stored chunk text (None: it is the stored text)
    # its title as the models see it beside the passage (file name, innermost heading), "-" and "_" read as spaces:
    # where the version of "GFDL-1.3" stands; ``title_states``
    title: str = ""

    @classmethod
    def of(cls, hit: SearchHit) -> Source:
        reading = read(hit.text)
        text = reading.text
        sentences = tx.split_sentences(text) or [tx.Span(text, 0, len(text))]
        head = f"{hit.heading or ''} {sentences[0].text}"
        entities = frozenset({n.lower() for n in tx.names(head)} | set(YEAR.findall(head)))
        stem = re.sub(r"[-_.]+", " ", Path(hit.document).stem)
        about = f"{hit.heading or ''} {stem}".strip()
        return cls(hit.chunk_id, text, hit.document, sentences, tx.quantities(text),
                   tx.number_words_in(text), entities, about,
                   f"{about} {' '.join(s.text for s in sentences[:2])}", [" ".join(s.text.split()) for s in sentences],
                   reading, _title(hit))

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        """The stored-chunk-text span of ``text[start:end]`` (what a ``SupportSpan`` holds)."""
        return self.reading.raw_span(start, end) if self.reading is not None else (start, end)

    def quote(self, raw_start: int, raw_end: int) -> str:
        """What ``text`` reads for the stored-chunk-text span ``[raw_start, raw_end)``."""
        if self.reading is None:
            return self.text[raw_start:raw_end]
        return self.reading.quote(raw_start, raw_end)


YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def scaled_equal(a: float, b: float) -> bool:
    if a == 0 or b == 0:
        return a == b
    ratio = a / b
    return any(math.isclose(ratio, f, rel_tol=1e-6) for f in (1.0, 1e3, 1e6, 1e9, 1e-3, 1e-6, 1e-9))


def _title(hit: SearchHit) -> str:
    """A chunk's title: its file name without the extension, "-" and "_" read as spaces (so "GFDL-1.3" reads
    "GFDL 1.3"), and its innermost heading."""
    heading = (hit.heading or "").split(" > ")[-1]
    return f"{re.sub(r'[-_]+', ' ', tx.file_stem(hit.document))} ; {heading}".strip(" ;")


_WORD_BEFORE = re.compile(r"([^\W_]+)[\s-]*$")


def title_states(q: tx.Quantity, claim: str, src: Source) -> bool:
    """A bare number of ``claim`` that the source's title writes after the same word: "The GFDL 1.3 requires ..."
    citing a clause of the file GFDL-1.3 whose text never repeats the version (not "the Apache License 2.0 ..."
    citing MPL-2.0). The models see each passage under its title, and the citation judge reads it so (ALCE's
    passages carry their titles)."""
    before = _WORD_BEFORE.search(claim[:q.start])
    if q.unit is not None or before is None or not src.title:
        return False
    word = before.group(1).casefold()
    return any(o.unit is None and o.value == q.value and (w := _WORD_BEFORE.search(src.title[:o.start])) is not None
               and w.group(1).casefold() == word for o in tx.quantities(src.title))


def quantity_in(q: tx.Quantity, src: Source) -> bool:
    """``q`` is stated in ``src``: same value (units folded), or the same number written in words."""
    return any(same_value(q, other) for other in src.quantities) or (q.unit is None and q.value in src.number_words)


def same_value(q: tx.Quantity, other: tx.Quantity) -> bool:
    """The same stated value: equal quantities, or a bare figure under a "(NOK m)" header (with units on both
    sides only base values compare)."""
    return tx.same_quantity(q, other) or ((q.unit is None or other.unit is None) and tx.compatible(q, other)
                                          and scaled_equal(q.value, other.value))


# --- findings ----------------------------------------------------------------------------------------------------


def clause_around(text: str, start: int, end: int, *, brackets: bool = False) -> tuple[str, int]:
    """The clause around [start, end): bounded by line ends, semicolons, sentence ends and ", " (with
    ``brackets``, only a ", " outside brackets: "Twilight rate (tee times after 16:00, April–September): GBP 45"
    is then one clause, which a label needs; value contexts keep the short clause their thresholds were set on)."""
    left, depth = start, 0
    while left > 0:
        ch = text[left - 1]
        if brackets:
            depth += (ch == ")") - (ch == "(" and depth > 0)
        if ch in "\n;" or (ch in ".!?" and text[left:left + 1].isspace()) or (
                ch == "," and text[left:left + 1] == " " and depth == 0):
            break
        left -= 1
    right, depth = end, 0
    while right < len(text):
        ch = text[right]
        if brackets:
            depth += (ch == "(") - (ch == ")" and depth > 0)
        if ch in "\n;" or (ch in ".!?" and (right + 1 >= len(text) or text[right + 1].isspace())) or (
                ch == "," and text[right + 1:right + 2] == " " and depth == 0):
            break
        right += 1
    return text[left:right], left


def same_kind(a: tx.Quantity, b: tx.Quantity) -> bool:
    return a.unit == b.unit if (a.unit or b.unit) else tx.compatible(a, b)


_MODEL_NAME = re.compile(r"\b([A-Z][\w&'-]*)\s+(\d+[A-Za-z]?)(?![\w.,]\d)\b")  # "Skerry 500", "Route 117"


def case_markers(question: str) -> list[str]:
    """What a question names its case by: its names and codes, a name with its model number kept whole ("Skerry
    500", whose "Skerry" alone names every model of the range), whole dates, years outside a date, and version
    numbers ("under version 3.1", "terms version 3")."""
    dates = list(tx.DATE.finditer(question))
    years = [m.group(0) for m in YEAR.finditer(question) if not any(d.start() <= m.start() < d.end() for d in dates)]
    versions = [m.group(1) for m in re.finditer(r"(?:version|release|revision|policy)\s+(\d+(?:\.\d+)*)(?![\d.])",
                                                 question, re.IGNORECASE) if not YEAR.fullmatch(m.group(1))]
    models = [m.group(0) for m in _MODEL_NAME.finditer(question) if not YEAR.fullmatch(m.group(2))]
    inside = {m.split()[0] for m in models}
    names = [n for n in tx.question_names(question) if n not in inside]
    return models + names + [d.group(0) for d in dates] + years + versions


_SEASONS = ("spring", "summer", "autumn", "winter")
_SEASON_WORD = re.compile(rf"\b({'|'.join(_SEASONS)})\b", re.IGNORECASE)
# capitalised only, and no "May I/we ...": "may" is a verb far more often than a month
_MONTH_WORD = re.compile(rf"\b({'|'.join(m.capitalize() for m in tx.MONTHS)})\b(?<!May(?=\s+(?:I|we|you|one)\b))")


def period_markers(question: str) -> list[str]:
    """The season or month a question names outside a whole date ("this winter", "in July"): which of two
    seasonal documents it asks about (three right answers from the winter or the summer price list
    were escalated as the two lists disagreeing)."""
    dates = list(tx.DATE.finditer(question))
    months = [m.group(1).lower() for m in _MONTH_WORD.finditer(question)
              if not any(d.start() <= m.start() < d.end() for d in dates)]
    return list(dict.fromkeys([m.group(1).lower() for m in _SEASON_WORD.finditer(question)] + months))


def case_marks(marker: str, text: str) -> bool:
    if marker in _SEASONS:
        return re.search(rf"\b{marker}\b", text, re.IGNORECASE) is not None
    if marker in tx.MONTHS:  # named, or inside a range the text gives ("1 June – 31 August" holds July)
        return (re.search(rf"\b{marker.capitalize()}\b", text) is not None
                or tx.in_date_range(f"15 {marker}", text))
    if " " in marker and _MODEL_NAME.fullmatch(marker):
        return re.search(rf"(?<![\w.]){re.escape(marker)}(?![\w]|[.,]\d)", text) is not None
    if tx.DATE.fullmatch(marker):
        return tx.states_date(marker, text) or tx.in_date_range(marker, text)
    if re.fullmatch(r"\d+(?:\.\d+)+", marker):
        return re.search(rf"(?<![\d.,]){re.escape(marker)}(?![\w]|[.,]\d)", text) is not None
    if marker.isdigit() and not YEAR.fullmatch(marker):  # a whole version ("terms version 3"), never any "3"
        return re.search(rf"(?:version|release|revision|rev\.?|v)\s*{marker}(?![\d]|\.\d)", text,
                         re.IGNORECASE) is not None
    return tx.name_stated(marker, text)


def heads(marker: str, head: str) -> bool:
    """``case_marks`` for a chunk's head, where a year the head writes on its own is its title's: "Price List 2024
    (valid 1 March 2024 to 28 February 2025)" is the 2024 list, not a 2025 one (a right answer from
    the 2025 list was escalated as a conflict with it). A head with no year of its own is marked by its dates."""
    if YEAR.fullmatch(marker) and (own := own_years(head, spans=False)):
        return marker in own
    return case_marks(marker, head)


class ClaimEvidence(NamedTuple):
    """A claim as the answer-level finders read it: its text without citations, the passages it cites, and the
    values the row check compares (``_row_values``), read once for all of them."""

    plain: str
    cited: Sequence[Source]
    values: Sequence[tx.Quantity | str]


def clause_states(value: tx.Quantity | int, clause: str) -> bool:
    """Whether a clause states a figure, or names a weekday (1 = Monday)."""
    if isinstance(value, tx.Quantity):
        return any(same_value(value, o) for o in tx.quantities(clause))
    return value in bands.weekdays(clause)


def clause_rivals(value: tx.Quantity | int, clause: str) -> bool:
    """Whether a clause states another figure of the value's kind, or names other weekdays only."""
    if isinstance(value, tx.Quantity):
        return any(o.unit == value.unit and same_kind(o, value) and not same_value(value, o)
                   for o in tx.quantities(clause))
    days = bands.weekdays(clause)
    return bool(days) and value not in days


# words that only frame a price or amount: they name no case ("the late pick-up charge" is "late pick-up")
FRAME_STEMS = frozenset(tx.stem(w) for w in (
    "cost", "costs", "price", "prices", "fee", "fees", "charge", "charges", "rate", "rates", "pay", "much", "many",
    "long", "extra", "total", "amount", "per", "each",
    "cheaper", "cheapest", "dearer"))  # "is pay-as-you-go or the membership cheaper?" compares, names nothing


# "£12 per hour before 17:00 and £16 per hour after 17:00": two figures, each with its own side of the limit
JOINED = re.compile(r"\s+(?:and|or|but|while|whereas)\s+(?=\S*\s*(?:[£$€]|\d))", re.IGNORECASE)


def said_of(claim: str, value: tx.Quantity) -> set[str]:
    """The words a claim says ``value`` under: its own clause and the clauses before it that state no figure
    ("For a double kayak, the price is £32"), not another figure's ("... is £32 for one hour, and weekend
    bookings are £5 higher": "hour" and "kayak" are not what £5 is; reading them so refused two right answers)."""
    parts = bands.clauses(claim)
    at = next((i for i, c in enumerate(parts) if any(o.unit and tx.same_quantity(value, o)
                                                     for o in tx.quantities(c))), None)
    if at is None:
        return tx.content_stems(claim)
    start = at
    while start > 0 and not tx.quantities(parts[start - 1]):  # any figure, "90p" too
        start -= 1
    text = " ".join(parts[start:at + 1])
    # within a clause, from the figure before it or the "plus" joining it: "£4.80 for two scoops plus 60p extra for
    # a waffle cone" does not call the 60p scoops (seen once pence were read)
    mine = next((q for q in tx.quantities(text) if q.unit and tx.same_quantity(value, q)), None)
    own, own_end = (mine.start, mine.end) if mine else (len(text), len(text))
    # (a join only after another figure: "Weekday school and nursery shows cost £150" calls the £150 a school's)
    found = tx.quantities(text)
    cuts = [o.end for o in found if o.end <= own] + [m.end() for m in _JOINS.finditer(text, 0, own)
                                                      if any(o.end <= m.start() for o in found)]
    # and up to a "plus" after it, or a colon opening a breakdown of figures: "two adult costumes at £25 each plus a
    # child's costume at £15" does not call the £25 a child's, nor "£120 a year: six flats at £15 each ..." the £120
    # flats; "£145: the Full Strip Service costs the same for e-bikes" does call the £145 an e-bike's
    ends = [m.start() for m in _ENDS.finditer(text, own_end)
            if m.group(0) != ":" or tx.quantities(text[m.end():])]
    return tx.content_stems(text[max(cuts, default=0):min(ends, default=len(text))])


_JOINS = re.compile(r"\bplus\b|\+|\band\b|\bwith\b", re.IGNORECASE)
_ENDS = re.compile(r"\bplus\b|\+|:", re.IGNORECASE)


# words after a negation are what a figure is denied for, not what it is called: "No; the £5 discount for over-65s
# does not apply to sports massage" (it was refused as calling the £5 a sports massage price)
NEGATION = re.compile(r"\bnot\b|n't\b|\bnever\b", re.IGNORECASE)


GIVING = frozenset(tx.stem(w) for w in ("receives", "receive", "gets", "get", "wins", "win", "gives", "give", "pays",
                                          "pay", "costs", "charged", "paid", "earns", "earn"))


def derived_forms(asked: set[str], said: set[str]) -> bool:
    """Whether a stem of the question and one of the answer are one word's forms the crude stemmer keeps apart:
    "collecting" and "Collection must be arranged by 15 April" (that answer was called off the question)."""
    return any(len(a) >= 5 and len(b) >= 5 and (a.startswith(b) or b.startswith(a)) for a in asked for b in said)


# a label's bracket describes its case ("Harbour base (Quay Street, open daily)"): a claim naming "the Harbour base"
# names the row's case ("they can only be hired at the Harbour base, for £30 per hour" was refused).
BRACKETED = re.compile(r"\s*\([^()]*\)")


_SIZE_UNIT = r"(?:m|cm|mm|ft|metres?|meters?|feet|foot|inch(?:es)?|in)"
# "9m by 12m", "3 x 3 metres", "10ft × 8ft": a size is one case, not two numbers
SIZE_RE = re.compile(rf"(?<![\w.,£$€])(\d+(?:\.\d+)?)\s*(?:{_SIZE_UNIT}\s*by|{_SIZE_UNIT}?\s*[x×])\s*(\d+(?:\.\d+)?)\s*"
                   rf"{_SIZE_UNIT}?(?![\w.,]\d|\w)", re.IGNORECASE)


def size_of(m: re.Match[str]) -> frozenset[float]:
    return frozenset((float(m.group(1)), float(m.group(2))))


def sizes_of(text: str) -> set[frozenset[float]]:
    """The sizes ``text`` writes, each as its two lengths in either order ("12m by 9m" is "9m by 12m")."""
    return {size_of(m) for m in SIZE_RE.finditer(text)}


def own_years(head: str, *, spans: bool = True) -> set[str]:
    """The years a head writes outside dates (its title's), not the day it starts or ends; with ``spans`` a year
    span's second year too ("2025/26" gives 2025 and 2026)."""
    dates = [(m.start(), m.end()) for m in tx.DATE.finditer(head)]
    own = {m.group(0) for m in YEAR.finditer(head) if not any(a <= m.start() < b for a, b in dates)}
    if spans:
        own |= {m.group(1)[:2] + m.group(2) for m in re.finditer(r"\b((?:19|20)\d\d)\s*[/–-]\s*(\d\d)\b", head)}
    return own


OPENS_NO = re.compile(r"^\s*no\b", re.IGNORECASE)


def claim_values(claim: str, question: str) -> list[tx.Quantity]:
    """The claim's figures that the question does not already give. An amount of money is given only as money:
    the "5" of "the free 5-day period" does not give "€5 per nail" (the right answer lost its
    value to the check and a slot question on the "5" of "ages 5-11" refused it)."""
    asked = tx.quantities(question)
    return [q for q in tx.quantities(claim) if not any(
        tx.same_quantity(q, a) and not (q.kind == "currency" and a.unit is None) for a in asked)]


def value_chunks(claim: str, cited: Sequence[Source], question: str) -> list[Source]:
    """The cited chunks that state the claim's own values (its numbers, and names the question does not give).

    A sentence citing several chunks passes the fact check when each value is in one of them; "the Starter plan
    allows 600 requests per minute [c2][c3]" takes "Starter" from c2 and "600" from c3, the Enterprise page. The
    question's names are then checked against the chunks that hold the values (``unasked_names``), not all."""
    values = claim_values(claim, question)
    names = [n for n in tx.names(claim) if not tx.name_in(n, question)]
    return [src for src in cited if any(quantity_in(q, src) for q in values) or any(
        tx.name_in(n, src.text) for n in names)]
