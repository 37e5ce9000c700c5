"""Bands: a question's age, distance, group size, day of the week, month, time of day or ordinal label ("Stage
5"), and the ranges a passage prices or schedules by.

"How much will my 12-year-old pay?" over "Classic tour: EUR 25 per adult. Children 6-17: EUR 10." and "an office
8 miles from the bakery" over "Delivery within 5 miles: GBP 8; beyond 5 miles: GBP 14": every value of a wrong
answer is in its passage, and the 1.5B critic, asked which value the passage gives, tends to pick the first. Code can
read the ranges: the clause whose range holds the question's number states the answer's kind of value, so a value
from another clause is another case. This module reads them (``asked_numbers``, ``band_of``, ``scoped_bands``) and
says when the passages cannot answer at all (``beyond_bands``, ``missing_label``); ``band_fit`` judges a claim's
values against them.

Only explicit ranges count ("6-17", "under 18", "18+", "within 5 miles", "12 or more players", "Monday–Friday",
"Sundays and bank holidays", "Stages 4-7", "Winter (November-February)", "Tariff 2 (22:00-06:00 and all day
Sunday)"); a clause naming a case by word alone ("per adult") is no band, so it never clears or condemns anything by
itself. A time range is a band only when the question names a time of day, since opening hours are otherwise the
very values asked for.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from masis_desktop.core import text as tx

_NUM = r"(\d{1,3}(?:\.\d+)?)"
_DASH = r"\s*(?:[-–—]|to)\s*"
_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen",
          "twenty")
_COUNT = rf"(\d{{1,3}}|{'|'.join(_WORDS)})"  # "a group of 25", "four of us"

# what the question states: kind -> pattern whose first group is the number
_ASKED: dict[str, re.Pattern[str]] = {
    "age": re.compile(rf"\b{_NUM}[- ](?:year|yr)s?[- ]old\b|\baged\s+{_NUM}\b|\b{_NUM}\s+years\s+old\b"
                      rf"|\bage\s+(?:of\s+)?{_NUM}\b"
                      # "I'm 70", "my son is four" (else the adult price or another age group's passes)
                      rf"|\b(?:I'm|I’m|I\s+am|(?:son|daughter|child|kid|boy|girl|grandson|granddaughter|he|she)"
                      rf"(?:'s|’s|\s+is))\s+(?:only\s+|just\s+)?{_COUNT}\b(?!\s*(?:%|minutes?|mins?|hours?|days?|"
                      rf"weeks?|months?|people|of\s+us|metres?|miles?|km|kg|stone|st|lbs?|pounds|feet|foot|ft|cm|"
                      rf"inches|in\b|m\b|years?\s+(?:in|at|into|of|with|since|here|there|a\b|on\b)))", re.IGNORECASE),
    "miles": re.compile(rf"\b{_NUM}\s*miles?\b", re.IGNORECASE),
    "km": re.compile(rf"\b{_NUM}\s*(?:km|kilomet(?:re|er)s?)\b", re.IGNORECASE),
    "kg": re.compile(rf"\b{_NUM}\s*(?:kg|kilos?|kilogram(?:me)?s?)\b", re.IGNORECASE),
    # "a 2.5 metre drop", "a 7m boat"; not a size ("a 9m by 12m marquee" is a case, not a band's length)
    "metres": re.compile(rf"(?<![\d.]\s[x×]\s)(?<!\bby\s)\b{_NUM}\s*(?:m|metres?|meters?)\b(?!\s*(?:by|x|×)\s*\d)",
                         re.IGNORECASE),
    "group": re.compile(rf"\b(?:party|group|team)\s+of\s+{_COUNT}\b|\b{_COUNT}\s+(?:people|persons|guests|players|"
                        r"participants|of us)\b", re.IGNORECASE),
}
# a clause is a band of a kind when it has the kind's cue and one of the range shapes below
_CUE: dict[str, re.Pattern[str]] = {
    "age": re.compile(r"\b(?:child(?:ren)?|kids?|juniors?|youths?|teen(?:s|agers?)?|infants?|bab(?:y|ies)|toddlers?"
                      r"|adults?|seniors?|aged?|ages|years?(?:\s+old)?|year-olds?|under-\d+s|over-\d+s)\b",
                      re.IGNORECASE),
    "miles": re.compile(r"\bmiles?\b", re.IGNORECASE),
    "km": re.compile(r"\b(?:km|kilomet(?:re|er)s?)\b", re.IGNORECASE),
    "kg": re.compile(r"(?:\d|\b)(?:kg|kilos?|kilogram(?:me)?s?)\b", re.IGNORECASE),
    "metres": re.compile(r"(?:\d|\b)(?:m|metres?|meters?)\b", re.IGNORECASE),
    "group": re.compile(r"\b(?:people|persons|guests|players|participants|groups?|parties|party|serves|sleeps|seats"
                        r"|feeds|accommodates)\b", re.IGNORECASE),
}
# a capacity ("serves 24", "sleeps 4 to 6", "seats up to 60"): it holds any group no larger than its top
_CAPACITY = re.compile(r"\b(?:serves|sleeps|seats|feeds|accommodates)\s+(?:up\s+to\s+)?$", re.IGNORECASE)
_CAPACITY_ONE = re.compile(rf"\b(?:serves|sleeps|seats|feeds|accommodates)\s+{_NUM}(?![\d.])(?!{_DASH}\d)",
                           re.IGNORECASE)
_UNIT = (r"(?:\s*(?:miles?|km|kilomet(?:re|er)s?|kg|metres?|meters?|m\b|years?|people|persons|guests|players"
         r"|participants))?")
_RANGES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"(?<![\d.])(?<!\d[:/]){_NUM}{_UNIT}{_DASH}{_NUM}(?!\d|[:/.]\d)", re.IGNORECASE), "between"),
    # "between 5 and 12 miles" (an outer delivery zone is a band too)
    (re.compile(rf"\bbetween\s+{_NUM}{_UNIT}\s+and\s+{_NUM}(?!\d|[:/.]\d)", re.IGNORECASE), "between"),
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
    members: frozenset[float] | None = None  # a band of listed values instead ("Saturdays and Sundays")
    capacity: bool = False  # "serves 24", "sleeps 4": it holds smaller groups too, so it rivals only its siblings

    def holds(self, value: float) -> bool:
        if self.members is not None:
            return value in self.members
        if self.kind == "time" and self.low > self.high:  # over midnight: "22:00-06:00"
            return value >= self.low or value <= self.high
        return self.low <= value <= self.high


DAYS = tx.WEEKDAYS
_DAY = (r"(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?"
        r"|sun(?:day)?)s?\.?")
_DAY_RANGE = re.compile(rf"\b{_DAY}\s*(?:[-–—]|to|until)\s*{_DAY}(?![\w])", re.IGNORECASE)
_ONE_DAY = re.compile(rf"\b{_DAY}(?![\w])", re.IGNORECASE)
DAY_PATTERN = _DAY  # a weekday's name or short form, one group
_DAY_GROUPS = {"weekday": (1, 2, 3, 4, 5), "weekdays": (1, 2, 3, 4, 5), "weekend": (6, 7), "weekends": (6, 7),
               "daily": (1, 2, 3, 4, 5, 6, 7), "every day": (1, 2, 3, 4, 5, 6, 7)}
_DAY_GROUP = re.compile(rf"(?<![\w-])({'|'.join(_DAY_GROUPS)})(?![\w-])", re.IGNORECASE)
# "on Mondays by Ysolde and on other days by Tamsin": every day the text does not give to another
OTHER_DAYS = re.compile(r"\b(?:(?:all|every|the)\s+)?other\s+days\b|\bthe\s+rest\s+of\s+the\s+week\b", re.IGNORECASE)
# (not a day inside a name: "Wyre Forest Orienteering Club's Sunday League events" asks about no Sunday)
_ASKED_DAY = re.compile(rf"\b(?:on\s+(?:a\s+)?)?({'|'.join(DAYS)})s?\b(?!(?-i:\s+[A-Z][a-z]))", re.IGNORECASE)
# an ordinal label the documents group by ranges: "Stage 5" under "Stages 4-7", "Year 5" under "Years 5 and 6"
_LABELS = r"stage|level|grade|year|zone|band|tier|step|phase|module|key\s+stage"
_ASKED_LABEL = re.compile(rf"\b({_LABELS})\s+(\d{{1,2}})\b(?!\s*(?:[-–—]|to|and)\s*\d)", re.IGNORECASE)
# an age-group team ("the Under-10s"), grouped by runs ("Under-9s to Under-12s train on Tuesdays"): a label, not
# an age, so "under" is its kind (the Under-7s' Saturday session is not the Under-10s')
TEAM = "under"
_ASKED_TEAM = re.compile(r"\bunder[- ](\d{1,2})s\b(?!\s*(?:[-–—]|to|and)\s*(?:under[- ])?\d)", re.IGNORECASE)
_TEAM_PATTERN = re.compile(r"\bunder[- ](\d{1,2})s(?:\s*(?:[-–—]|to)\s*(?:under[- ])?(\d{1,2})s|\s+and\s+(?:under[- ])?"
                           r"(\d{1,2})s)?(?!\w)", re.IGNORECASE)
# a month by its capitalised name or short form, not the month of a date ("1 March", "March 1")
_MONTH_NAMES = "|".join([m.capitalize() for m in tx.MONTHS] + [m[:3].capitalize() for m in tx.MONTHS if len(m) > 3]
                        + ["Sept"])
_ONE_MONTH = re.compile(rf"(?<!\d\s)(?<!\w)({_MONTH_NAMES})\.?(?!\w)(?!\s*\d{{1,2}}\b)")
_MONTH_DASH = re.compile(r"(?:\s+\d{4})?\s*(?:[-–—]|to|until|through)\s*")  # "March 2025 to February 2026"
_MONTH_AND = re.compile(r"\s*(?:,|&|/|and|or|,\s*and)\s*")
_ASKED_MONTH = re.compile(rf"\b({'|'.join(m.capitalize() for m in tx.MONTHS)})\b")
_TIME_DASH = re.compile(r"\s*(?:[-–—]|to|until|till)\s*", re.IGNORECASE)
_TIME_SIDE = re.compile(r"\b(after|before)\s+$", re.IGNORECASE)


# a weekday written as part of a calendar date (``tx.DATE``: "from Monday 7 September", "Saturday, November 14"): it
# names one date, not a day something recurs on
_DATED_DAY = re.compile(rf"\b{_DAY}(?=(?:,\s*|\s+)(?:{tx.DATE.pattern}))", re.IGNORECASE)


def undated(clause: str) -> str:
    """``clause`` with every weekday that is part of a calendar date blanked out (same length, so offsets hold):
    "Class Timetable, Autumn 2026 (from Monday 7 September)" schedules nothing on Mondays."""
    return _DATED_DAY.sub(lambda m: " " * len(m.group(0)), clause)


# a label made of a number and a noun ("2-bed", "three-seater", "11-mile run", "15ft castle"): cases a list names by
# their number; an age ("12-year-old") is the age kind's
_COMPOUND = re.compile(rf"\b(\d{{1,3}}|{'|'.join(('one', *_WORDS))})-([a-z]{{2,12}})\b(?!-old)"
                       r"|\b(\d{1,3})\s?(ft)\b", re.IGNORECASE)
LABEL_KIND = "#"  # a compound label's kind is "#" + its noun: "#bed", "#seater", "#mile", "#ft"


def compound_labels(text: str) -> list[tuple[str, float, int, int]]:
    """(kind, number, start, end) of each compound label of ``text``: "Two-seater sofa" -> ("#seater", 2, ...)."""
    out: list[tuple[str, float, int, int]] = []
    for m in _COMPOUND.finditer(text):
        number, noun = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        noun = noun.lower()
        if noun in ("year", "years"):
            continue
        value = float(tx.NUMBER_WORDS[number.lower()]) if number.lower() in tx.NUMBER_WORDS else float(number)
        singular = noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun
        out.append((LABEL_KIND + singular, value, m.start(), m.end()))
    return out


def _day(word: str) -> int:
    w = word.lower()
    return next(i + 1 for i, d in enumerate(DAYS) if d.startswith(w[:3]))


def _month(word: str) -> int:
    return next(i + 1 for i, m in enumerate(tx.MONTHS) if m.startswith(word.lower()[:3]))


def months_named(text: str) -> set[float]:
    """Every month ``text`` names by its full name, alone or in a list ("no meeting in August or January")."""
    return {float(_month(m.group(1))) for m in _ASKED_MONTH.finditer(text)}


# a time of day, not the meal: "a hot lunch costs £3.20" asks no time
_LUNCH = re.compile(r"\blunch(?:[- ]?time|\s+break|\s+hour)\b|\bmidday\b", re.IGNORECASE)


def asked_numbers(question: str) -> dict[str, float]:
    """The question's age, distance (miles or km), group size, day of the week (1 = Monday), month (1 = January),
    time of day (in hours: "7.30pm" = 19.5) and ordinal labels ("Stage 5": kind "stage"), by kind (the first of
    each; a day, month or time only when the question names one; an ordinal label only when the question names one
    number of it: "level 1 and level 2 together" asks for neither band)."""
    out: dict[str, float] = {}
    ordinals: dict[str, set[float]] = {}
    for kind, number, _, _ in conditions(question):
        out.setdefault(kind, number)
        if kind not in _CUE:
            ordinals.setdefault(kind, set()).add(number)
    for kind, numbers in ordinals.items():
        if len(numbers) > 1:
            del out[kind]
    days = {m.group(1).lower() for m in _ASKED_DAY.finditer(question)}
    if len(days) == 1:
        out["day"] = float(_day(days.pop()))
    # a month opening the question is the verb "May"
    months = {_month(m.group(1)) for m in _ASKED_MONTH.finditer(question) if question[:m.start()].strip()}
    if len(months) == 1:
        out["month"] = float(months.pop())
    times = {q.value for q in tx.quantities(question) if q.unit == "hh:mm"}
    if len(times) == 1:
        out["time"] = times.pop() / 60
    elif not times and _LUNCH.search(question):
        out["time"] = 12.5  # "a lunchtime swim": held by "12-2pm", not by "5:30-8pm"
    labels: dict[str, set[float]] = {}
    for kind, number, _, _ in compound_labels(question):
        labels.setdefault(kind, set()).add(number)
    out.update({kind: numbers.pop() for kind, numbers in labels.items() if len(numbers) == 1})
    return out


_EPS = 1e-6


def _range(shape: str, m: re.Match[str]) -> tuple[float, float]:
    a = float(m.group(1))
    if shape == "between":
        return a, float(m.group(2))
    return {"below": (0.0, a - _EPS), "upto": (0.0, a), "above": (a + _EPS, math.inf), "from": (a, math.inf)}[shape]


# a comma outside brackets cuts, but not one grouping thousands ("180,000 messages": a band's value stays whole)
_CLAUSE_CUT = re.compile(r";|(?<!\d),(?![^()]*\))|(?<=\d),(?!\d{3}(?!\d))(?![^()]*\))|(?<=[.!?])\s+")


def clauses(sentence: str) -> list[str]:
    """A sentence cut at semicolons and at commas outside brackets: the pieces a price list writes one case in."""
    return [c.strip() for c in _CLAUSE_CUT.split(sentence) if c and c.strip()]


_UNIT_AFTER = {"miles": re.compile(r"\s*miles?\b", re.IGNORECASE),
               "km": re.compile(r"\s*(?:km|kilomet(?:re|er)s?)\b", re.IGNORECASE),
               "kg": re.compile(r"\s*(?:kg|kilos?|kilogram(?:me)?s?)\b", re.IGNORECASE)}

# a figure followed by one of these units is no age ("Country membership for those living more than 40
# miles away: £30 a year" is no band "over 40", though "a year" is an age cue)
_NOT_AGE_AFTER = re.compile(r"\s*(?:miles?|km|kilomet(?:re|er)s?|kg|kilos?|metres?|meters?|m\b|cm|ft|feet|%|minutes?"
                            r"|mins?|hours?|hrs?|days?|weeks?|months?|people|persons|guests|players|participants"
                            r"|copies|sheets|pages|litres?|visits?|sessions?)\b", re.IGNORECASE)


def _day_band(clause: str) -> Band | None:
    """The days of the week a clause names: "Monday–Friday 15:00–21:00", "Sundays and bank holidays: GBP 135"."""
    days = days_in(clause)
    # every day of the week ("daily 10:00–19:00") names no case: it would rival every other clause's value
    return Band("day", 1, 7, clause, frozenset(days)) if days and len(days) < 7 else None


def names_day(day: str, text: str) -> bool:
    """Whether ``text`` names the weekday ``day`` ("Tuesday") itself, in a range ("Monday-Friday") or in a group
    ("weekdays", "daily"): a question about a Tuesday visit is answered by the weekday price, though the passage
    never writes "Tuesday"."""
    day = day.strip()
    return bool(_ONE_DAY.fullmatch(day)) and len(day) > 3 and (_day(day) in days_in(text) or bool(
        OTHER_DAYS.search(text)))


def weekdays(text: str) -> list[int]:
    """The weekdays (1 = Monday) ``text`` names one by one by their full names, in its order: "Friday" is a value
    an answer gives; a range or a group ("Monday-Friday", "weekdays") is a case a passage states."""
    taken = [(m.start(), m.end()) for m in _DAY_RANGE.finditer(text)]
    out: list[int] = []
    for m in _ONE_DAY.finditer(text):
        if len(m.group(1)) > 3 and m.group(1).lower() in DAYS and not any(a <= m.start() < b for a, b in taken):
            out.append(_day(m.group(1)))
    return list(dict.fromkeys(out))


def days_in(clause: str) -> set[float]:
    """The days of the week (1 = Monday) a clause names, singly, in ranges or in groups; short forms only
    capitalised ("Sat", not "we sat")."""
    days: set[float] = set()
    taken: list[tuple[int, int]] = []
    for m in _DAY_RANGE.finditer(clause):
        a, b = _day(m.group(1)), _day(m.group(2))
        days |= {float((a - 1 + i) % 7 + 1) for i in range((b - a) % 7 + 1)}
        taken.append((m.start(), m.end()))
    for m in _ONE_DAY.finditer(clause):
        if not any(a <= m.start() < b for a, b in taken) and (len(m.group(1)) > 3 or m.group(0)[0].isupper()):
            days.add(float(_day(m.group(1))))
    for m in _DAY_GROUP.finditer(clause):
        days |= {float(d) for d in _DAY_GROUPS[m.group(1).lower()]}
    return days


def month_runs(clause: str) -> list[tuple[set[float], int, int]]:
    """The months a clause names in ranges ("March-October", "November to February", over the new year) or lists
    ("July and August"), with where each run stands; a lone month is no case ("prices from March 2025")."""
    runs: list[tuple[set[float], int, int]] = []
    joined: list[bool] = []
    previous: re.Match[str] | None = None
    for m in _ONE_MONTH.finditer(clause):
        month = _month(m.group(1))
        if previous is not None and _MONTH_DASH.fullmatch(clause, previous.end(), m.start()):
            a = _month(previous.group(1))
            runs[-1] = (runs[-1][0] | {float((a - 1 + i) % 12 + 1) for i in range((month - a) % 12 + 1)},
                        runs[-1][1], m.end())
            joined[-1] = True
        elif previous is not None and _MONTH_AND.fullmatch(clause, previous.end(), m.start()):
            runs[-1] = (runs[-1][0] | {float(month)}, runs[-1][1], m.end())
            joined[-1] = True
        else:
            runs.append(({float(month)}, m.start(), m.end()))
            joined.append(False)
        previous = m
    return [run for run, join in zip(runs, joined, strict=True) if join]


def _month_band(clause: str) -> Band | None:
    """The months a clause names: "Winter (November-February): Monday-Saturday 09:00-17:00" -> {11, 12, 1, 2}."""
    months = {month for run, _, _ in month_runs(clause) for month in run}
    # the whole year names no case, as "daily" does not
    return Band("month", 1, 12, clause, frozenset(months)) if months and len(months) < 12 else None


def time_ranges(text: str) -> list[tuple[tx.Quantity, tx.Quantity]]:
    """(start, end) of each range of times of day ``text`` writes: "08:00-12:00", "9am to 5pm"."""
    clock = [q for q in tx.quantities(text) if q.unit == "hh:mm"]
    return [(a, b) for a, b in itertools.pairwise(clock) if _TIME_DASH.fullmatch(text, a.end, b.start)]


def _times(clause: str) -> list[tuple[float, float, int, int]]:
    """The spans of the day a clause names, in hours, with where each stands: "06:00-22:00" -> [6, 22), "22:00-06:00"
    over midnight, "6am-10pm", "after 18:00", "before 9am"; the end of a span is not in it (22:00 is Tariff 2's)."""
    clock = [q for q in tx.quantities(clause) if q.unit == "hh:mm"]
    out: list[tuple[float, float, int, int]] = []
    paired: set[int] = set()
    for a, b in time_ranges(clause):
        out.append((a.value / 60, b.value / 60 - _EPS, a.start, b.end))
        paired |= {a.start, b.start}
    for q in clock:
        side = None if q.start in paired else _TIME_SIDE.search(clause, 0, q.start)
        if side is not None:
            low, high = (q.value / 60 + _EPS, 24.0) if side.group(1).lower() == "after" else (0.0, q.value / 60 - _EPS)
            out.append((low, high, side.start(), q.end))
    return out


def _time_band(clause: str) -> Band | None:
    """The one span of the day a clause names; two ("09:00-12:00 and 14:00-17:00") are no single band."""
    found = _times(clause)
    return Band("time", found[0][0], found[0][1], clause) if len(found) == 1 else None


def _label_pattern(kind: str) -> re.Pattern[str]:
    if kind == TEAM:
        return _TEAM_PATTERN
    label = kind.replace(" ", r"\s+")
    return re.compile(rf"\b{label}s?\s+(\d{{1,2}})(?:\s*(?:[-–—]|to)\s*(\d{{1,2}})|\s+and\s+(\d{{1,2}}))?(?!\d)",
                      re.IGNORECASE)


def _label_band(clause: str, kind: str) -> Band | None:
    """The values of an ordinal label a clause names: "Stages 4–7" -> 4..7, "Years 5 and 6" -> {5, 6}."""
    m = _label_pattern(kind).search(clause)
    if m is None:
        return None
    if m.group(2):
        return Band(kind, float(m.group(1)), float(m.group(2)), clause)
    listed = {float(m.group(1))} | ({float(m.group(3))} if m.group(3) else set())
    return Band(kind, min(listed), max(listed), clause, frozenset(listed))


def band_of(clause: str, kind: str) -> Band | None:
    """The range of ``kind`` a clause names, if it has the kind's cue and exactly one range shape (for miles and
    km, a range of that unit: "within 90 minutes" is no distance)."""
    if kind == "day":
        return _day_band(clause)
    if kind == "month":
        return _month_band(clause)
    if kind == "time":
        return _time_band(clause)
    if kind.startswith(LABEL_KIND):
        numbers = {number for k, number, _, _ in compound_labels(clause) if k == kind}
        return Band(kind, min(numbers), max(numbers), clause, frozenset(numbers)) if len(numbers) == 1 else None
    if kind not in _CUE:
        return _label_band(clause, kind)
    if not _CUE[kind].search(clause):
        return None
    found = [(shape, m) for pattern, shape in _RANGES for m in pattern.finditer(clause)]
    if kind in _UNIT_AFTER:
        found = [(shape, m) for shape, m in found if _UNIT_AFTER[kind].match(clause, m.end())]
    elif kind == "age":  # "more than 40 miles away: £30 a year" is a distance, whatever the "year" cue says
        found = [(shape, m) for shape, m in found if not _NOT_AGE_AFTER.match(clause, m.end())]
    if kind == "group" and not found:  # "a 10-inch (serves 24) £62": a capacity of one number
        capacities = list(_CAPACITY_ONE.finditer(clause))
        return Band(kind, 0.0, float(capacities[0].group(1)), clause, capacity=True) if len(capacities) == 1 \
            else None
    if len(found) != 1:
        return None
    low, high = _range(*found[0])
    if kind == "group" and _CAPACITY.search(clause, 0, found[0][1].start()):
        # "an 8-inch (serves 14 to 16)" feeds 12 as well (a cake for 12 people)
        return Band(kind, 0.0, high, clause, capacity=True)
    return Band(kind, low, high, clause) if low <= high else None


def _bare(clause: str, kind: str) -> bool:
    """Whether a clause writes nothing but its conditions of ``kind`` ("Monday", "Tuesday and Wednesday")."""
    keep = [True] * len(clause)
    for start, end in condition_spans(clause, kind):
        keep[start:end] = [False] * (end - start)
    rest = "".join(ch if k else " " for ch, k in zip(clause, keep, strict=True))
    return not re.sub(r"\b(?:and|or)\b|[\s,&/]", "", rest, flags=re.IGNORECASE)


_PART_CUT = re.compile(r",\s+|\s+and\s+")


def _band_parts(clause: str, kind: str) -> list[str]:
    """A clause cut where it joins two days' or months' conditions: "Monday–Friday 8am–4:30pm and Saturday mornings
    9am–12:30pm", "(meet at 6am May–August, 7am in April and September)" (the weekday closing time
    and the April start are not a Saturday's or July's). Cut only where both sides state a band of the kind
    and more than it: "April and September", "Thursday and Friday: 8am–7pm" stay one."""
    # "£18 for Under-7s to Under-10s and £22 for Under-11s to Under-16s", "£4.95 within 5 miles and £7.95 between 5
    # and 12 miles"
    if kind not in ("day", "month", TEAM, "miles", "km"):
        return [clause]
    for m in _PART_CUT.finditer(clause):
        left, right = clause[:m.start()], clause[m.end():]
        if all(band_of(side, kind) is not None and not _bare(side, kind) for side in (left, right)):
            return [*_band_parts(left, kind), *_band_parts(right, kind)]
    return [clause]


_PAST_THAT = re.compile(r"\b(?:above|over|beyond|more\s+than|longer\s+than|older\s+than)\s+(?:that|this)\b",
                        re.IGNORECASE)


def scoped_bands(sentence: str, kind: str) -> list[Band]:
    """The bands of ``kind`` in a sentence, each with the clauses after it up to the next band of the kind: "Stages
    4–7: 10 weekly lessons of 45 minutes, EUR 85, maximum 12 pupils" is all the Stages 4–7 band's."""
    out: list[Band] = []
    for clause in (p for c in clauses(sentence) for p in _band_parts(c, kind)):
        band = band_of(clause, kind)
        if (band is not None and out and kind == "day" and band.members is not None
                and out[-1].members is not None and _bare(out[-1].text, kind)):
            # "Monday, Tuesday, Thursday and Friday: 8am–7pm": a list cut at its commas is one band
            band = Band(kind, min(out[-1].low, band.low), max(out[-1].high, band.high), f"{out[-1].text}, {clause}",
                        frozenset(out[-1].members | band.members))
            out[-1] = band
        elif band is not None:
            out.append(band)
        elif out and kind in _CUE and _PAST_THAT.search(clause) and out[-1].low == 0 and out[-1].high < math.inf:
            # "£6 per panel up to 2 metres drop, and £9 per panel above that": the rest of the range
            out.append(Band(kind, out[-1].high + _EPS, math.inf, clause, None))
        elif out:
            last = out[-1]
            out[-1] = Band(last.kind, last.low, last.high, f"{last.text}, {clause}", last.members)
    return out


def condition_spans(clause: str, kind: str) -> list[tuple[int, int]]:
    """Where a clause writes its condition of ``kind``: the words between two conditions say how they join."""
    if kind == "time":
        return [(start, end) for _, _, start, end in _times(clause)]
    if kind == "month":
        return [(start, end) for _, start, end in month_runs(clause)]
    if kind.startswith(LABEL_KIND):
        return [(start, end) for k, _, start, end in compound_labels(clause) if k == kind]
    if kind == "day":
        return [m.span() for p in (_DAY_RANGE, _ONE_DAY, _DAY_GROUP) for m in p.finditer(clause)
                if len(m.group(1)) > 3 or m.group(0)[0].isupper()]
    patterns = [p for p, _ in _RANGES] if kind in _CUE else [_label_pattern(kind)]
    return [m.span() for p in patterns for m in p.finditer(clause)]


_BEYOND = re.compile(r"\b(?:beyond|over|more\s+than|above|outside|further|longer|larger|per)\b", re.IGNORECASE)


def beyond_bands(question: str, sentences: Sequence[str]) -> str | None:
    """Why passages pricing a distance or group size by ranges cannot answer for a number beyond all of them: "20
    km to the airport" over "Zone A, up to 3 km ... Zone B, 3-8 km ... Zone C, 8-15 km" (which a small writer
    answers with the whole rate card). Only with two bands or more, every one closed, and no sentence speaking of what
    lies beyond them in the kind's unit ("beyond 12 miles we charge GBP 1.20 per mile", "groups over 8"). For a
    distance one band is enough: "Delivery is available within 12 miles for £15" says nothing of 15 miles."""
    for kind, number in asked_numbers(question).items():
        if kind not in ("miles", "km", "group"):
            continue
        found = [band for sentence in sentences for clause in clauses(sentence)
                 if (band := band_of(clause, kind)) is not None]
        if len(found) < (1 if kind in ("miles", "km") else 2) or any(b.high == math.inf or b.holds(number)
                                                                   for b in found):
            continue
        if any(_BEYOND.search(c) and _CUE[kind].search(c) for sentence in sentences for c in clauses(sentence)
               if band_of(c, kind) is None):
            continue
        top = max(b.high for b in found)
        if number > top:
            unit = {"miles": " miles", "km": " km", "group": ""}[kind]
            what = "group size" if kind == "group" else "distance"
            return (f"the question's {what} ({number:g}{unit}) is beyond every range the cited passages give "
                    f"(up to {top:g}{unit})")
    return None


def missing_label(question: str, sentences: Sequence[str]) -> str | None:
    """Why passages listing cases by numbered labels cannot answer for a label they do not list: "a 4-bed house"
    over "Studio flat £85, 1-bed £110, 2-bed £145, 3-bed £180" (which a small writer answers with
    the whole list copied). Only with two labels of the noun or more, none the question's."""
    for kind, number in asked_numbers(question).items():
        if not kind.startswith(LABEL_KIND):
            continue
        listed = sorted({n for sentence in sentences for k, n, _, _ in compound_labels(sentence) if k == kind})
        if len(listed) >= 2 and number not in listed:
            noun = kind[len(LABEL_KIND):]
            return (f"the cited passages list {', '.join(f'{n:g}-{noun}' for n in listed)}, not the question's "
                    f"{number:g}-{noun}")
    return None


def conditions(text: str) -> list[tuple[str, float, int, int]]:
    """The ages, distances, group sizes and ordinal labels ``text`` writes: (kind, number, start, end of the
    number)."""
    out: list[tuple[str, float, int, int]] = []
    for kind, pattern in _ASKED.items():
        for m in pattern.finditer(text):
            group = next(i for i in range(1, (m.lastindex or 0) + 1) if m.group(i))
            found = m.group(group).lower()
            number = float(tx.NUMBER_WORDS[found]) if found in tx.NUMBER_WORDS else float(found)
            out.append((kind, number, m.start(group), m.end(group)))
    for m in _ASKED_LABEL.finditer(text):
        out.append((" ".join(m.group(1).lower().split()), float(m.group(2)), m.start(2), m.end(2)))
    for m in _ASKED_TEAM.finditer(text):
        out.append((TEAM, float(m.group(1)), m.start(1), m.end(1)))
    return out
