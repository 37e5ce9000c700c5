"""Dates, date ranges, months, weekdays and relative times: whether a text states the day a claim names.

"1 April 2024", "April 1, 2024" and "2024-04-01" are one day, and a date without a year matches that day in any
year; "arriving on 15 July" lies in "High Season Rates 2025 (28 June–31 August)". "Last year" or "right now" say
when a question is asked (it picks the current or the previous document), never what it asks about.
"""

from __future__ import annotations

import re

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
DATE = re.compile(r"\b\d{1,2}\s+(?:" + "|".join(MONTHS) + r")(?:\s+\d{4})?\b|\b(?:" + "|".join(MONTHS)
                  + r")\s+\d{1,2}(?:,\s*\d{4})?\b", re.IGNORECASE)


def date_key(date: str) -> tuple[int, int, int]:
    """(year or 0, month, day) of "1 April 2024" / "April 1, 2024" / "1 April"."""
    parts = re.findall(r"[A-Za-z]+|\d+", date)
    month = next((MONTHS.index(p.lower()) + 1 for p in parts if p.lower() in MONTHS), 0)
    numbers = [int(p) for p in parts if p.isdigit()]
    return (next((n for n in numbers if n > 31), 0), month, next((n for n in numbers if n <= 31), 0))


def states_date(date: str, text: str) -> bool:
    """Whether ``text`` states the day ``date`` names, in any of "1 April 2024", "April 1, 2024", "2024-04-01"
    (a date without a year matches that day in any year)."""
    year, month, day = date_key(date)
    for m in DATE.finditer(text):
        y, mo, d = date_key(m.group(0))
        if (mo, d) == (month, day) and (y == year or not y or not year):
            return True
    return bool(year) and f"{year:04d}-{month:02d}-{day:02d}" in text


MONTH_RE = "|".join(MONTHS)
# "28 June–31 August", "1–30 September", "1 March 2025 to 28 February 2026", "from 1 May to 15 September"
DATE_RANGE = re.compile(rf"\b(\d{{1,2}})(?:\s+({MONTH_RE}))?(?:\s+(\d{{4}}))?\s*(?:[-–—]|to|until)\s*(\d{{1,2}})\s+"
                        rf"({MONTH_RE})(?:\s+(\d{{4}}))?\b", re.IGNORECASE)


def in_date_range(date: str, text: str) -> bool:
    """Whether ``text`` states a range of days holding the day ``date`` names: "arriving on 15 July" is in "High
    Season Rates 2025 (28 June–31 August)". Without years on both sides, days compare within the year (a range
    ending before it starts runs over the new year)."""
    year, month, day = date_key(date)
    if not month or not day:
        return False
    for m in DATE_RANGE.finditer(text):
        d1, m1, y1, d2, m2, y2 = m.groups()
        start_month = MONTHS.index((m1 or m2).lower()) + 1
        end_month = MONTHS.index(m2.lower()) + 1
        start = (int(y1 or y2 or 0), start_month, int(d1))
        end = (int(y2 or 0), end_month, int(d2))
        if year and start[0] and end[0]:
            if start <= (year, month, day) <= end:
                return True
            continue
        a, b, x = start[1:], end[1:], (month, day)
        if (a <= x <= b) if a <= b else (x >= a or x <= b):
            return True
    return False


# when, relative to the asker, a question is asked: it picks the current or the previous document, and no passage
# writes it ("Last year, how much extra ...": read as asked words, "last" and "year" found in no passage)
RELATIVE_TIME = re.compile(r"\b(?:last|this|next|previous|past|coming)\s+(?:year|month|week)\b|\bthese\s+days\b|"
                           r"\bnowadays\b|\bright\s+now\b|\bat\s+(?:the\s+moment|present|the\s+minute)\b",
                           re.IGNORECASE)

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
