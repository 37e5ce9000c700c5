"""Quantities: numbers with their units, multipliers, rates and times of day, normalised so that a claim's figure
can be compared with a passage's.

The audit's verdicts depend on these rules: thousands separators are dropped ("1,050" = 1050), multipliers applied
("4.2 million" = "NOK 4.2m" = 4,200,000), small number words count when a unit follows ("three days" = "3 days");
unit aliases fold ("10MB" = "10 MB" = "10 megabytes"; "percent" = "%") and time and data sizes compare in base units
("1 minute" = "60 seconds"). A time of day ("08:45", "9pm", the "12" of "12-2pm") is valued in minutes after
midnight, pence in pounds ("75p" = 0.75), and what a figure is counted per ("per hour", "each") is read after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from masis_desktop.core.text.words import NUMBER_WORDS, STOPWORDS, fmt_number, stem, words

UNITS: dict[str, tuple[str, str, float]] = {}  # alias -> (canonical unit, kind, factor to the kind's base unit)


def _units(kind: str, canonical: str, factor: float, *aliases: str) -> None:
    for alias in (canonical, *aliases):
        UNITS[alias] = (canonical, kind, factor)


_units("time", "ms", 0.001, "millisecond", "milliseconds", "msec")
_units("time", "s", 1, "sec", "secs", "second", "seconds")
_units("time", "min", 60, "mins", "minute", "minutes")
_units("time", "h", 3600, "hr", "hrs", "hour", "hours")
_units("time", "day", 86400, "days")
_units("time", "week", 604800, "weeks", "wk", "wks")
_units("time", "month", 2629800, "months")
_units("time", "year", 31557600, "years", "yr", "yrs")
_units("clock", "hh:mm", 1)  # a time of day ("08:45"), valued in minutes after midnight
_units("data", "kb", 1e3, "kilobyte", "kilobytes", "kib")
_units("data", "mb", 1e6, "megabyte", "megabytes", "mib")
_units("data", "gb", 1e9, "gigabyte", "gigabytes", "gib")
_units("data", "tb", 1e12, "terabyte", "terabytes", "tib")
_units("percent", "%", 1, "percent", "pct", "per cent", "percentage points", "pp")
_units("currency", "nok", 1, "kroner", "krone", "kr")
_units("currency", "usd", 1, "$", "dollar", "dollars", "us$")
_units("currency", "eur", 1, "€", "euro", "euros")
_units("currency", "gbp", 1, "£", "pound", "pounds")
_units("currency", "sek", 1)
_units("currency", "dkk", 1)
for _code in ("chf", "jpy", "cad", "aud", "nzd", "pln", "czk", "isk"):
    _units("currency", _code, 1)
_units("length", "km", 1000, "kilometre", "kilometres", "kilometer", "kilometers")
_units("length", "m", 1, "metre", "metres", "meter", "meters")
_units("mass", "kg", 1, "kilogram", "kilograms", "kilo", "kilos")
_units("mass", "t", 1000, "tonne", "tonnes", "ton", "tons")

_MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "mill": 1e6, "billion": 1e9, "bn": 1e9,
                "trillion": 1e12}

CURRENCY_CODES = "NOK|USD|EUR|GBP|SEK|DKK|CHF|JPY|CAD|AUD|NZD|PLN|CZK|ISK|kr"  # before an amount
_CURRENCY_PREFIX = r"(?P<cur>[$€£]|(?:" + CURRENCY_CODES + r")\.?\s?)?"
_NUMBER = r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:st|nd|rd|th)?"
_MULT = r"(?:\s?(?P<mult>thousand|million|billion|trillion|mn|bn|mill)\b|(?P<mmult>[kKM])\b)?"
_UNIT_WORDS = sorted(UNITS, key=len, reverse=True)
# "a 14-day warranty", "a 2-hour session": a unit word after a hyphen too (else the 14 is a bare number); not an
# age ("a 12-year-old")
_UNIT_GAP = r"(?:\s?|-(?=[A-Za-z]{3})(?![A-Za-z]+-olds?\b))"
_UNIT = r"(?:" + _UNIT_GAP + r"(?P<unit>" + "|".join(re.escape(u) for u in _UNIT_WORDS) + r")(?![A-Za-z]))?"
_QUANTITY = re.compile(r"(?<![\w.])" + _CURRENCY_PREFIX + _NUMBER + _MULT + _UNIT, re.IGNORECASE)
_NOUN_AFTER = re.compile(r"[ \t]+([A-Za-z][A-Za-z\-]{1,30})")
_WORD_QUANTITY = re.compile(
    r"\b(?P<word>" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")[\s-](?P<unit>"
    + "|".join(re.escape(u) for u in _UNIT_WORDS if u.isalpha() and len(u) > 2) + r")\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Quantity:
    """A number as stated, with its unit folded to a canonical form; ``base`` compares across units."""

    text: str
    value: float
    unit: str | None
    kind: str | None
    start: int
    end: int
    noun: str | None = None  # the counted thing when it is not a unit: "users" in "25 users"

    @property
    def base(self) -> float:
        if self.unit is None:
            return self.value
        return self.value * UNITS[self.unit][2]

    @property
    def label(self) -> str:
        return f"{fmt_number(self.value)}{(' ' + self.unit) if self.unit else ''}"


def _canonical_unit(raw: str | None) -> tuple[str | None, str | None]:
    if not raw:
        return None, None
    entry = UNITS.get(raw.lower().strip())
    if entry is None:
        return None, None
    return entry[0], entry[1]


def is_unit(word: str) -> bool:
    """Whether ``word`` is a unit or currency the quantity parser reads ("EUR", "kg", "hours")."""
    return _canonical_unit(word)[0] is not None


# "192.168.50.1", "3.4.2": an address or a version is a code that must occur whole, not the number 192.168
DOTTED_CODE = re.compile(r"(?<![\w.])\d+(?:\.\d+){2,}(?![\w]|\.\d)")
_CODE_PREFIX = re.compile(r"[A-Za-z]-$")
_CLOCK = re.compile(r"(?<![\d:.,])([01]?\d|2[0-3]):([0-5]\d)(?!\d|:\d)")
# "9pm", "9.30 pm", "10:15a.m.": a time of day on the 12-hour clock, the same value as "21:00" / "21:30" / "10:15"
# ("GBP 50 pm" is per month: an amount before "pm" is no time)
_AM_PM = re.compile(r"(?<![\d:.,£$€])(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?[ \t]?([ap])(?:\.m\.|m\b)", re.IGNORECASE)
_MONEY_BEFORE = re.compile(r"(?:[£$€]|\b(?:" + CURRENCY_CODES + r")\.?[ \t]?)$", re.IGNORECASE)  # not "FRI 9pm"
# "12-2pm", "5:30-8pm": a range whose start takes the end's am/pm unless it is the later hour ("11-2pm" starts at
# 11am); "12" is noon before a pm end. Read alone, "5:30" would be 05:30 and "12" a bare number
_AM_PM_START = re.compile(r"(?<![\d:.,£$€])(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s*(?:[-–—]|to)\s*"
                          r"(?=(1[0-2]|0?[1-9])(?:[:.][0-5]\d)?[ \t]?([ap])(?:\.m\.|m\b))", re.IGNORECASE)
# "75p": pence, a hundredth of a pound, so "£7.25 plus 75p" sums to "£8.00" (read as a bare number, 75
# would refuse that right answer)
_PENCE = re.compile(r"(?<![\w.£$€])(\d{1,3})[ \t]?(?:p|pence)(?![\w'’])")


def quantities(text: str) -> list[Quantity]:
    """Numbers in ``text`` with units and multipliers applied; number words only with a unit ("three days")."""
    out: list[Quantity] = []
    codes = [(m.start(), m.end()) for m in DOTTED_CODE.finditer(text)]
    for m in _AM_PM_START.finditer(text):
        if _MONEY_BEFORE.search(text, max(0, m.start() - 5), m.start()):
            continue
        start, end, pm = int(m.group(1)) % 12, int(m.group(3)) % 12, m.group(4).lower() == "p"
        hour = start + (12 if pm and (start <= end or start == 0) else 0)
        span = m.end(2) if m.group(2) else m.end(1)
        codes.append((m.start(), span))
        out.append(Quantity(text[m.start():span], float(hour * 60 + int(m.group(2) or 0)), "hh:mm", "clock",
                            m.start(), span))
    for m in _AM_PM.finditer(text):  # "9pm" is 21:00, not the number 9
        if any(a <= m.start() < b for a, b in codes):
            continue
        if _MONEY_BEFORE.search(text, max(0, m.start() - 5), m.start()):
            continue
        codes.append((m.start(), m.end()))
        hour = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "p" else 0)
        out.append(Quantity(m.group(0).strip(), float(hour * 60 + int(m.group(2) or 0)), "hh:mm", "clock",
                            m.start(), m.end()))
    for m in _PENCE.finditer(text):
        if any(a <= m.start() < b for a, b in codes):
            continue
        codes.append((m.start(), m.end()))
        out.append(Quantity(m.group(0), int(m.group(1)) / 100, "gbp", "currency", m.start(), m.end()))
    for m in _CLOCK.finditer(text):  # "08:45" is one time of day, not the numbers 8 and 45
        if any(a <= m.start() < b for a, b in codes):
            continue
        codes.append((m.start(), m.end()))
        out.append(Quantity(m.group(0), float(int(m.group(1)) * 60 + int(m.group(2))), "hh:mm", "clock", m.start(),
                            m.end()))
    for m in _QUANTITY.finditer(text):
        if any(a <= m.start("num") < b for a, b in codes):
            continue
        if _CODE_PREFIX.search(text, max(0, m.start() - 2), m.start()):
            continue  # the digits of a code ("HD-01", "COVID-19", "PDF/X-1a"), checked whole as a name
        num = float(m.group("num").replace(",", ""))
        mult = (m.group("mult") or "").lower()
        mmult = m.group("mmult")
        if mult:
            num *= _MULTIPLIERS[mult]
        elif mmult:
            num *= 1e6 if mmult == "M" else 1e3
        cur = (m.group("cur") or "").strip().rstrip(".").lower()
        unit, kind = _canonical_unit(m.group("unit"))
        if cur and (unit is None or kind != "currency"):
            unit, kind = _canonical_unit(cur)
        noun = None
        if unit is None:
            follow = _NOUN_AFTER.match(text, m.end())
            if follow and follow.group(1).lower() not in STOPWORDS:
                noun = stem(follow.group(1))
        out.append(Quantity(m.group(0).strip(), num, unit, kind, m.start(), m.end(), noun))
    for m in _WORD_QUANTITY.finditer(text):
        if any(q.start <= m.start() < q.end for q in out):
            continue
        unit, kind = _canonical_unit(m.group("unit"))
        out.append(Quantity(m.group(0), float(NUMBER_WORDS[m.group("word").lower()]), unit, kind, m.start(),
                            m.end()))
    out.sort(key=lambda q: q.start)
    return out


def compatible(a: Quantity, b: Quantity) -> bool:
    """Could ``a`` and ``b`` measure the same thing? Units of one kind, or a unit against a bare number ("214.6"
    under a "(NOK m)" header) -- but not a unit against a counted noun ("25 MB" is not "25 users"), nor a time of
    day against any other kind: its value is minutes after midnight, which "16:00" shares with the "960" of a phone
    number ("back by 16:00" would pass on a passage giving 16:15 and "01632 960 244")."""
    if a.kind == "clock" or b.kind == "clock":
        return a.kind == b.kind
    if a.unit and b.unit:
        return a.kind == b.kind
    if a.unit:
        return b.noun is None
    if b.unit:
        return a.noun is None
    return True


def same_quantity(a: Quantity, b: Quantity) -> bool:
    """Equal values of compatible quantities; with units on both sides, equal in base units."""
    if not compatible(a, b):
        return False
    if a.unit and b.unit:
        return abs(a.base - b.base) <= 1e-9 * max(1.0, abs(a.base))
    return abs(a.value - b.value) <= 1e-9 * max(1.0, abs(a.value))


# What a rate is counted per, after its number: "3,000 persons per hour", "EUR 4.10 per pallet per week",
# "€35/hour", "EUR 5 a month". Up to two words may stand between ("persons"); "a"/"an" only before a time unit.
_TIME_UNITS = r"(?:hour|day|night|week|fortnight|month|quarter|year|minute|second)s?"
_PER = re.compile(r"[ \t]*(?:[A-Za-z][A-Za-z\-]*[ \t]+){0,2}?(?:(?:per|each|every)[ \t]+|/[ \t]*)"
                  r"(?:(?:calendar|extra|additional|further)[ \t]+)?"  # "£75 per extra hour" is per hour
                  r"([A-Za-z][A-Za-z\-]*[²³]?)|[ \t]*(?:[A-Za-z][A-Za-z\-]*[ \t]+){0,2}?(?:a|an)[ \t]+(" + _TIME_UNITS
                  + r")\b", re.IGNORECASE)
_PER_NEXT = re.compile(r"[ \t]*(?:(?:per|each|every)[ \t]+|/[ \t]*)(?:(?:calendar|extra|additional|further)[ \t]+)?"
                       r"([A-Za-z][A-Za-z\-]*[²³]?)",
                       re.IGNORECASE)
# Units fold through the unit table ("hour", "hr", "h" are one); these are the words it does not hold.
_PER_ALIASES = {"mo": "month", "mth": "month", "annum": "year", "g": "gram", "l": "litre", "litre": "litre",
                "liter": "litre", "liters": "litre", "litres": "litre", "m²": "square-metre", "sqm": "square-metre",
                "m³": "cubic-metre", "head": "person", "pax": "person", "pp": "person", "guest": "person",
                "guests": "person", "people": "person", "adult": "person", "adults": "person"}
_NOT_PER = frozenset({"cent", "centum", "mille", "se"})  # "5 per cent", "per se": not a rate
EACH = "each"  # the rate of "£38 each for ...": per item, with the item unnamed
# words after "each" that go on with the sentence, not name the item counted
_AFTER_EACH = frozenset({"plus", "then", "so", "comes", "come", "costs", "cost", "totals", "total", "makes", "make",
                         "adds", "equals", "amounts", "gives", "totalling", "making", "add", "adding", "bring",
                         "brings", "bringing"})  # "the two extra employees at £6 each add £12"


def rate_of(text: str, q: Quantity) -> frozenset[str]:
    """What the quantity ``q`` of ``text`` is counted per ({"hour"} for "3,000 persons per hour", {"pallet",
    "week"} for "EUR 4.10 per pallet per week"); empty when no rate follows it."""
    m = _PER.match(text, q.end)
    if not m:
        return frozenset()
    out: set[str] = set()
    while m:
        word = (m.group(1) or m.group(2) or "").lower()
        if not word or word in _NOT_PER:
            break
        if word in STOPWORDS or word in _AFTER_EACH:  # "£38 each for businesses with ...", "£38 each plus two
            # children at £15 each", "£24 each comes to £768": per item, whatever it is called
            out.add(EACH)
            break
        out.add(_PER_ALIASES.get(word) or _canonical_unit(word)[0] or stem(word))
        m = _PER_NEXT.match(text, m.end())
    return frozenset(out)


_SPOKEN_TIME = re.compile(r"\b(?:(half|quarter)\s+(past|to)\s+|)(one|two|three|four|five|six|seven|eight|nine|ten"
                          r"|eleven|twelve|\d{1,2})(?(1)|\s+o['’]clock)\b", re.IGNORECASE)


def spoken_times(text: str) -> set[float]:
    """Times of day ``text`` writes in words ("half past three", "quarter to five", "six o'clock"), in minutes
    after midnight, morning and afternoon both: a question's own time, which an answer writes "3.30pm"."""
    out: set[float] = set()
    for m in _SPOKEN_TIME.finditer(text):
        hour = int(m.group(3)) if m.group(3).isdigit() else NUMBER_WORDS[m.group(3).lower()]
        if not 1 <= hour <= 12:
            continue
        offset = {None: 0, "half": 30, "quarter": 15}[m.group(1) and m.group(1).lower()]
        minutes = hour * 60 + (offset if (m.group(2) or "past").lower() == "past" else -offset)
        out |= {float(minutes % 720), float(minutes % 720 + 720)}
    return out


def number_words_in(text: str) -> set[float]:
    """Values of number words anywhere in ``text`` ("two offices" -> 2): accepted as support for digits."""
    return {float(NUMBER_WORDS[w]) for w in words(text) if w in NUMBER_WORDS}
