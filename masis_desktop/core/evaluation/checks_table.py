"""Per-check firing counts in critic mode: which checks fire on right answers, which on wrong ones.

Each critic-mode pair audits a right and a wrong answer over the same evidence. An answer's *firings* are the
distinct ids of the checks that raised a finding on it: every critique issue's ``check_id``, the ``check_id`` of
every sentence the code audit did not pass, and the report's ``fired_checks`` (a check counts once per answer,
however many sentences it flags).
A finding whose check has no id yet counts under ``UNLABELLED``.

Per check, over all pairs: fires on right answers, fires on wrong answers, its **precision** on wrong answers
(wrong-answer firings / all its firings) and the **right share** (right-answer firings / all its firings). Issue
41's rule: a check whose right share exceeds ``RIGHT_SHARE_LIMIT`` across genres should not refuse by default (it
lowers confidence, or moves to an opt-in pack). ``refused_right`` counts the right answers it fired on that were
refused, the firings that cost an answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from masis_desktop.core.schemas import ClaimCheck, CritiqueIssue

UNLABELLED = "(unlabelled)"
RIGHT_SHARE_LIMIT = 0.02
_PASSED = {"supported", "hedge"}  # a claim verdict that is no finding


def fired_checks(issues: Iterable[CritiqueIssue], claims: Iterable[ClaimCheck], named: Iterable[str] = ()) -> list[str]:
    """The distinct check ids that raised a finding on one answer, sorted (``UNLABELLED`` for a missing id).

    ``named`` adds ids the critic reports directly (``CritiqueReport.fired_checks``: a finding that took effect
    without becoming an issue or a claim's verdict still counts as a firing)."""
    fired = {issue.check_id or UNLABELLED for issue in issues}
    fired |= {claim.check_id or UNLABELLED for claim in claims if claim.check_id or claim.verdict not in _PASSED}
    fired |= {check for check in named if check}
    return sorted(fired)


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def checks_table(results: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Critic-mode results (``{"right": verdict, "wrong": verdict}``, each verdict with ``checks`` and
    ``accepted``) -> the per-check table REPORT.json keeps under ``tables.checks``."""
    counts: dict[str, dict[str, int]] = {}
    pairs = 0
    for row in results:
        pairs += 1
        for side in ("right", "wrong"):
            verdict = row[side]
            for check in verdict.get("checks", []):
                c = counts.setdefault(check, {"fires_right": 0, "fires_wrong": 0, "refused_right": 0})
                c[f"fires_{side}"] += 1
                if side == "right" and not verdict["accepted"]:
                    c["refused_right"] += 1
    by_check: dict[str, dict[str, Any]] = {}
    for check, c in sorted(counts.items()):
        total = c["fires_right"] + c["fires_wrong"]
        right_share = _ratio(c["fires_right"], total)
        by_check[check] = {**c, "precision": _ratio(c["fires_wrong"], total), "right_share": right_share,
                           "over_limit": right_share is not None and right_share > RIGHT_SHARE_LIMIT}
    return {"pairs": pairs, "right_share_limit": RIGHT_SHARE_LIMIT, "by_check": by_check}


def _sort_key(item: tuple[str, Mapping[str, Any]]) -> tuple[float, int, str]:
    name, row = item
    return (-(row["right_share"] or 0.0), -(row["fires_right"] + row["fires_wrong"]), name)


def format_checks_table(table: Mapping[str, Any]) -> str:
    """The per-check table as text: the checks that land on right answers most first, then by firings."""
    rows: Sequence[tuple[str, Mapping[str, Any]]] = sorted(table.get("by_check", {}).items(), key=_sort_key)
    pairs = table.get("pairs", 0)
    limit = float(table.get("right_share_limit", RIGHT_SHARE_LIMIT))
    if not rows:
        return f"per-check firings over {pairs} pair(s): no check fired"
    width = max([len(name) for name, _ in rows] + [5])
    lines = [f"per-check firings over {pairs} pair(s) (one right and one wrong answer each); "
             f"* = right share above {limit * 100:g} %",
             f"{'check':<{width}}  {'right':>5}  {'wrong':>5}  {'precision':>9}  {'right share':>11}  "
             f"{'refused right':>13}"]
    for name, row in rows:
        precision = "n/a" if row["precision"] is None else f"{row['precision'] * 100:.1f}%"
        share = "n/a" if row["right_share"] is None else f"{row['right_share'] * 100:.1f}%"
        mark = " *" if row["over_limit"] else ""
        lines.append(f"{name:<{width}}  {row['fires_right']:>5}  {row['fires_wrong']:>5}  {precision:>9}  "
                     f"{share:>11}  {row['refused_right']:>13}{mark}")
    return "\n".join(lines)
