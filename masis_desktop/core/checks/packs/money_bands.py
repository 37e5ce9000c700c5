"""Money bands: a sum the question gives against the ranges of money a passage prices by.

"What is the legal fee for a freehold purchase at £400,000?" over "Our legal fee for a purchase up to £250,000 is
£895 plus VAT, rising to £1,095 plus VAT for purchases between £250,001 and £500,000": both fees are on the page,
and the answer "between £250,001 and £500,000 ... £895" was accepted. ``bands`` reads ranges of ages, distances and
group sizes; its numbers are small, so a range of money is read here: the price of a clause whose range excludes
every sum the question gives is another case's when a clause whose range holds one gives another price.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import ClaimEvidence
from masis_desktop.core.schemas import IssueType

_MONEY = r"[£$€]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|million)\b)?"
_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\bbetween\s+({_MONEY})\s+and\s+({_MONEY})", re.IGNORECASE), "between"),
    (re.compile(rf"({_MONEY})\s*(?:[-–—]|to)\s*({_MONEY})", re.IGNORECASE), "between"),
    (re.compile(rf"\b(?:up\s+to|under|below|less\s+than|not\s+exceeding|no\s+more\s+than)\s+({_MONEY})",
                re.IGNORECASE), "upto"),
    (re.compile(rf"\b(?:over|above|more\s+than|exceeding)\s+({_MONEY})", re.IGNORECASE), "above"),
    (re.compile(rf"({_MONEY})\s+(?:and|or)\s+(?:over|above|more)\b", re.IGNORECASE), "from"),
    (re.compile(rf"({_MONEY})\s*\+", re.IGNORECASE), "from"),
)


def _money(text: str) -> float | None:
    found = [q for q in tx.quantities(text) if q.kind == "currency"]
    return found[0].value if found else None


def _band(clause: str) -> tuple[tuple[float, float], list[tuple[int, int]]] | None:
    """The one range of money a clause writes, with the spans it covers; None for none or several."""
    ranges: list[tuple[float, float]] = []
    spans: list[tuple[int, int]] = []
    for pattern, shape in _SHAPES:
        for m in pattern.finditer(clause):
            if any(m.start() < e and s < m.end() for s, e in spans):
                continue
            low, high = _money(m.group(1)), _money(m.group(2)) if shape == "between" else None
            if low is None or (shape == "between" and high is None):
                continue
            ranges.append({"between": (low, high or low), "upto": (0.0, low), "above": (low + 1e-6, math.inf),
                           "from": (low, math.inf)}[shape])
            spans.append((m.start(), m.end()))
    return (ranges[0], spans) if len(ranges) == 1 else None


def _priced_bands(clause: str) -> tuple[tuple[float, float], list[tx.Quantity]] | None:
    """A clause's range of money and the prices it gives in it (its money outside the range)."""
    band = _band(clause)
    if band is None:
        return None
    (low, high), spans = band
    prices = [q for q in tx.quantities(clause) if q.kind == "currency"
              and not any(s <= q.start < e for s, e in spans)]
    return ((low, high), prices) if prices else None


def money_band_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price the cited passages give only in clauses whose range of money holds none of the question's
    sums, where a clause whose range holds one of them gives another price."""
    sums = [q.value for q in tx.quantities(question) if q.kind == "currency"]
    if not sums:
        return {}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        priced = [(band, prices, src.id, c) for src in cited for line in src.lines for c in bands.clauses(line)
                  if (banded := _priced_bands(c)) is not None for band, prices in [banded]]
        if not priced:
            continue
        for value in (q for q in tx.quantities(plain) if q.kind == "currency" and q.value not in sums):
            own = [(band, c) for band, prices, _, c in priced if any(tx.same_quantity(value, p) for p in prices)]
            if not own or any(low <= s <= high for (low, high), _ in own for s in sums):
                continue
            unbanded = [c for src in cited for line in src.lines for c in bands.clauses(line)
                        if _band(c) is None and any(tx.same_quantity(value, o) for o in tx.quantities(c))]
            if unbanded:
                continue  # the price is also given with no range of money
            rival = next(((c, cid) for (low, high), prices, cid, c in priced
                          if any(low <= s <= high for s in sums)
                          and not any(tx.same_quantity(value, p) for p in prices)), None)
            if rival is None:
                continue
            clause, cid = rival
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'gives {value.text}, the price of "{own[0][1].strip()[:90]}"; the question\'s sum falls in '
                f'"{clause.strip()[:90]}" [{cid}]', plain,
                f"state the price [{cid}] gives for that range, or remove the sentence", cid, FACT_FACTOR, True, False)
            break
    return out
