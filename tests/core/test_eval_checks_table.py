"""Per-check firing counts: which checks fire on an answer, the table over right/wrong pairs, and how it prints."""

from __future__ import annotations

from typing import Any

import pytest

from masis_desktop.core.evaluation.bootstrap import bootstrap_mean
from masis_desktop.core.evaluation.checks_table import (
    UNLABELLED,
    checks_table,
    fired_checks,
    format_checks_table,
)
from masis_desktop.core.evaluation.report import build_report, format_summary
from masis_desktop.core.schemas import ClaimCheck, CritiqueIssue, IssueType


def _issue(check_id: str | None) -> CritiqueIssue:
    return CritiqueIssue(issue_type=IssueType.UNSUPPORTED_CLAIM, severity=0.5, description="x", check_id=check_id)


def test_an_answer_fires_each_check_once_whatever_raised_it() -> None:
    issues = [_issue("facts.number"), _issue("facts.number"), _issue(None)]
    claims = [ClaimCheck(text="a", verdict="factual_error", check_id="facts.number"),
              ClaimCheck(text="b", verdict="uncited"),  # a finding whose check has no id yet
              ClaimCheck(text="c"), ClaimCheck(text="d", verdict="hedge")]  # no finding
    assert fired_checks(issues, claims) == [UNLABELLED, "facts.number"]
    assert fired_checks([], [ClaimCheck(text="c")], ["pack.prices.bands", ""]) == ["pack.prices.bands"]
    assert fired_checks([], []) == []


def _pair(right: list[str], wrong: list[str], right_accepted: bool = True) -> dict[str, Any]:
    return {"right": {"checks": right, "accepted": right_accepted}, "wrong": {"checks": wrong, "accepted": False}}


def test_the_table_counts_firings_on_right_and_wrong_answers() -> None:
    rows = [_pair([], ["facts.number"]), _pair(["pack.prices.bands"], ["facts.number", "pack.prices.bands"], False)]
    rows += [_pair([], ["facts.number"]) for _ in range(48)]
    table = checks_table(rows)
    assert table["pairs"] == 50 and table["right_share_limit"] == 0.02
    assert table["by_check"]["facts.number"] == {"fires_right": 0, "fires_wrong": 50, "refused_right": 0,
                                                 "precision": 1.0, "right_share": 0.0, "over_limit": False}
    bands = table["by_check"]["pack.prices.bands"]
    assert (bands["fires_right"], bands["fires_wrong"], bands["refused_right"]) == (1, 1, 1)
    assert bands["precision"] == bands["right_share"] == 0.5 and bands["over_limit"]
    assert checks_table([]) == {"pairs": 0, "right_share_limit": 0.02, "by_check": {}}


def test_exactly_the_limit_is_not_over_it() -> None:
    rows = [_pair(["c"], ["c"])] + [_pair([], ["c"]) for _ in range(48)]  # 1 of 50 firings on a right answer
    assert checks_table(rows)["by_check"]["c"]["right_share"] == pytest.approx(0.02)
    assert not checks_table(rows)["by_check"]["c"]["over_limit"]


def test_the_printed_table_lists_the_checks_that_hit_right_answers_first() -> None:
    table = checks_table([_pair(["b.style"], ["a.number", "b.style"]), _pair([], ["a.number", "z.rare"]),
                          _pair([], ["a.number"])])
    lines = format_checks_table(table).splitlines()
    assert lines[0].startswith("per-check firings over 3 pair(s)") and "right share above 2 %" in lines[0]
    assert [line.split()[0] for line in lines[2:]] == ["b.style", "a.number", "z.rare"]
    assert lines[2].split() == ["b.style", "1", "1", "50.0%", "50.0%", "0", "*"]
    assert lines[3].split() == ["a.number", "0", "3", "100.0%", "0.0%", "0"]
    assert format_checks_table(checks_table([_pair([], [])])) == "per-check firings over 1 pair(s): no check fired"


def test_the_report_keeps_the_table_apart_from_the_metrics_and_the_summary_prints_it() -> None:
    table = checks_table([_pair([], ["facts.number"])])
    report = build_report({"balanced_accuracy": bootstrap_mean([1.0])}, {"mode": "critic"}, {"checks": table})
    assert report["tables"] == {"checks": table} and set(report) == {"balanced_accuracy", "meta", "tables"}
    summary = format_summary(report, title="t")
    assert "balanced_accuracy" in summary and "facts.number" in summary and "tables" not in summary.split()
    with pytest.raises(ValueError, match="reserved"):
        build_report({"tables": bootstrap_mean([1.0])}, {})
    assert "tables" not in build_report({}, {})
