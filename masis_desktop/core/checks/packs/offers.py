"""Question-frame checks on the offers a claim writes: a multi-buy whose count belongs to another product, and a
saving that is not the difference of the two prices it compares.

"nicotine salts are £4.50 each or four for £12" where the page gives nicotine salts "three for £12" and e-liquids
"four for £12" (``multibuy_findings``); "Five single sessions at £35 would cost £175, so the £150 block saves £28"
(``saving_findings``): every figure is on the page, so the fact check passes, but the offer or the arithmetic is not
the page's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import (
    ClaimEvidence,
)
from masis_desktop.core.grounding.counts import count_value
from masis_desktop.core.grounding.products import MULTIBUY
from masis_desktop.core.schemas import IssueType


def multibuy_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a multi-buy ("four for £12") whose count a cited clause gives another product's price, while the
    clause sharing most of the claim's other words gives that price another count: "nicotine salts are £4.50 each or
    four for £12" where "10ml e-liquids are £3.50 each or four for £12, and nicotine salts are £4.50 each or three
    for £12" (both figures are on the page)."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for m in MULTIBUY.finditer(plain):
            count, price = count_value(m.group(1)), tx.quantities(m.group(2))[0]
            words = tx.content_stems(plain[:m.start()] + " " + plain[m.end():]) - tx.content_stems(question) | (
                tx.question_focus(question) & tx.content_stems(plain))
            offers = [(len(words & tx.content_stems(c)), count_value(o.group(1)), c, src.id)
                      for src in cited for line in src.lines for c in bands.clauses(line)
                      for o in MULTIBUY.finditer(c) if tx.same_quantity(price, tx.quantities(o.group(2))[0])]
            if not offers:
                continue
            best = max(score for score, _, _, _ in offers)
            top = [(n, c, cid) for score, n, c, cid in offers if score == best]
            if best and all(n != count for n, _, _ in top):
                _, clause, cid = top[0]
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9, f'writes "{m.group(0)}"; [{cid}] writes "{clause.strip()[:100]}"',
                    plain, f"state the offer [{cid}] gives, or remove the sentence", cid, FACT_FACTOR, True, False)
                break
    return out


# "so the £150 block saves £25", "a saving of £25", "£25 cheaper": a difference the claim states after its figures
_SAVES = re.compile(r"\b(?:saves?|saving\s+(?:of\s+)?|cheaper\s+by|difference\s+(?:is\s+|of\s+)?)\s*(?:you\s+|them\s+)?"
                    r"(?=[£$€]\s?\d)", re.IGNORECASE)


def saving_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a saving it states after exactly two other prices of its own that differ by another amount: "Five
    single sessions at £35 would cost £175, so the £150 block saves £28" (£28 is another coach's price on
    the page). Only where no two prices the claim writes before the saving differ by it."""
    out: dict[int, Finding] = {}
    for index, (plain, _, _) in enumerate(claims):
        found = tx.quantities(plain)
        for m in _SAVES.finditer(plain):
            saving = next((q for q in found if q.start == m.end() and q.kind == "currency"), None)
            before = [q for q in found if q.end <= m.start() and q.kind == "currency"]
            if saving is None or len(before) < 2:
                continue
            a, b = before[-2:]
            if a.unit != saving.unit or b.unit != saving.unit:
                continue
            # any two of its prices may be the ones compared ("adults £10, children £5 ... saves £5")
            if not any(abs(abs(x.value - y.value) - saving.value) <= 0.005 + 1e-9 * saving.value
                       for i, x in enumerate(before) for y in before[i + 1:] if x.unit == y.unit == saving.unit):
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9,
                    f"states a saving of {saving.text}, but {a.text} and {b.text} differ by "
                    f"{a.text[0] if not a.text[0].isdigit() else ''}{abs(a.value - b.value):,.2f}".removesuffix(".00"),
                    plain,
                    "state the difference of the two prices, or remove the sentence", None, FACT_FACTOR, True, False)
                break
    return out
