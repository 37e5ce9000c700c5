"""``masis checks`` prints the registry and what the saved settings switch off."""

from __future__ import annotations

import json

import pytest

from masis_desktop.cli.main import main
from masis_desktop.settings import CheckSettings, Settings, save_settings


def test_lists_checks_with_effect_pack_and_whether_they_run(capsys: pytest.CaptureFixture[str]) -> None:
    save_settings(Settings(checks=CheckSettings(packs=["pack.schedules"], ignore=["facts.age"])))
    assert main(["checks"]) == 0
    out = capsys.readouterr().out
    assert "pack.prices: " in out and "(off)" in out and "pack.schedules: " in out
    assert "- facts.age" in out and "  facts.number.absent" in out
    assert "- pack.prices.bands" in out
    assert main(["checks", "facts.number", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["id"] for r in rows} == {"facts.number.absent", "facts.number.rival", "facts.number.elsewhere"}
    assert all(r["enabled"] and r["effect"] == "refuse" for r in rows)


def test_checks_show_the_answer_mode_firings_that_set_a_default(capsys: pytest.CaptureFixture[str]) -> None:
    """A check the critic mode cannot see is lowered by its hand-judged answer-mode firings, and says so."""
    assert main(["checks", "focus.other_document"]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if "focus.other_document" in ln)
    assert " lower " in line and "[answer mode 1/5]" in line
    assert main(["checks", "focus.other_document", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["registered_effect"] == "refuse" and row["effect"] == "lower"
    assert row["measured_answer_mode"]["right"] == 1
