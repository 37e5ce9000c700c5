"""``masis ask | audit | critique | history | stats``: JSON shapes, human output, exit codes.

``ask`` and ``critique`` run the real llama.cpp runtime here, with the tiny SmolLM2 model in every role
(``tiny_roles``): the role does not matter for what these tests check (the CLI contract), and it keeps them fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.cli.main import main
from masis_desktop.core.history import History
from masis_desktop.core.store.workspace import create_workspace


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, Any]:
    code = main(argv)
    return code, json.loads(capsys.readouterr().out)


def _write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_audit_reports_seed_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inp = _write(tmp_path, "a.json", {"answer": "The timeout is 30 seconds [c1]. It retries [c7]. Also fast.",
                                      "evidence": [{"chunk_id": "c1", "text": "Timeout: 60 seconds."}]})
    code, out = _json(capsys, ["audit", "--input", inp])
    assert code == 0
    assert out["invalid_citations"] == ["c7"] and out["uncited_claims"] == ["Also fast."]
    assert out["uncited_claim_count"] == 1 and out["hallucination_detected"] is True and out["needs_retry"] is True
    assert out["penalty_factor"] == pytest.approx(0.75 * 0.5 * 0.97)
    first = out["claims"][0]
    assert first["citations"] == ["c1"] and first["supported"] is False and first["unsupported_tokens"] == [
        "30 seconds"]
    assert first["support_span"] == {"chunk_id": "c1", "char_start": 0, "char_end": 20,
                                     "score": first["support_span"]["score"]}
    assert {i["issue_type"] for i in out["issues"]} >= {"hallucination", "factual_error"}


def test_audit_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--input", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["audit", "--input", str(bad)]) == 1
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["audit", "--input", _write(tmp_path, "c.json", {"answer": 3, "evidence": []})]) == 1
    assert "audit input must be" in capsys.readouterr().err


def test_history_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "nowhere"]) == 4
    capsys.readouterr()
    create_workspace("notes")
    assert main(["history", "notes"]) == 0
    assert "no questions asked" in capsys.readouterr().out
    h = History("notes")
    run_id = h.add({"question": "Why?", "status": "success", "answer": "Because [c1].", "confidence": 0.9,
                    "workspace": "notes", "created_at": "2026-10-01T10:00:00+00:00", "evidence": [],
                    "trace": [{"node": "critic", "hallucination": True, "claims": 2, "duration_ms": 800.0}],
                    "metrics": {"retry_reasons": []}, "evaluation": None})
    code, listing = _json(capsys, ["history", "notes", "--json"])
    assert code == 0 and listing["runs"][0]["id"] == run_id and listing["runs"][0]["question"] == "Why?"
    code, shown = _json(capsys, ["history", "notes", "--show", str(run_id), "--json"])
    assert shown["answer"] == "Because [c1]."
    assert main(["history", "notes", "--show", str(run_id)]) == 0
    assert "Because [c1]." in capsys.readouterr().out
    code, stats = _json(capsys, ["stats", "notes", "--json"])
    assert stats["runs"] == 1 and stats["critique_hallucination_rate"] == 1.0 and stats["claims_per_draft"] == 2.0
    assert main(["stats", "notes"]) == 0
    assert "hallucination rate" in capsys.readouterr().out
    assert main(["history", "notes", "--show", "99"]) == 1
    assert main(["history", "notes", "--delete", str(run_id)]) == 0
    assert History("notes").list() == []


def test_critique_command_seed_004_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         tiny_roles: None) -> None:
    inp = _write(tmp_path, "c.json", {"query": "What is the timeout?", "draft": "The timeout is 30 seconds.",
                                      "sources": [{"id": "1", "content": "Timeout: 60 seconds", "type": "doc"}]})
    code, out = _json(capsys, ["critique", "--input", inp])
    assert code == 0
    assert out["isValid"] is False and out["issues"][0]["type"] == "unsupported"
    assert set(out["metadata"]) == {"factsChecked", "factsVerified", "sourcesUsed", "critiqueTimeMs"}
    bad = _write(tmp_path, "bad.json", {"query": "q", "draft": "d"})
    assert main(["critique", "--input", bad]) == 1
    assert "invalid critique request" in capsys.readouterr().err


def test_ask_streams_and_prints_the_api_response(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 tiny_roles: None) -> None:
    doc = tmp_path / "handbook.md"
    doc.write_text("# Handbook\n\nThe upload timeout is 60 seconds for every plan. Support answers within two "
                   "business days.\n", encoding="utf-8")
    assert main(["ingest", "hb", str(doc), "--create"]) == 0
    capsys.readouterr()
    code, r = _json(capsys, ["ask", "hb", "What is the upload timeout?", "--json", "--max-retries", "0"])
    assert code == 0
    assert r["status"] in ("success", "needs_clarification") and r["question"] == "What is the upload timeout?"
    assert {"answer", "confidence", "requires_human_review", "clarification_question", "critique", "evaluation",
            "trace", "metrics"} <= set(r)
    assert r["trace"][0]["node"] == "researcher" and r["trace"][-1]["node"] == "evaluator"
    assert isinstance(r["id"], int) and History("hb").get(r["id"]) is not None
    code = main(["ask", "hb", "What is the upload timeout?", "--max-retries", "0", "--no-history"])
    captured = capsys.readouterr()
    assert code == 0 and "confidence" in captured.out and "searching your documents" in captured.err
    assert len(History("hb").list()) == 1
    assert main(["ask", "nowhere", "q"]) == 4
    assert main(["ask", "hb", "q", "--max-retries", "-1"]) == 1


def test_audit_applies_the_checks_and_strictness_ask_uses(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """`masis audit` gives the verdict `masis ask` would: a conflict between two documents only lowers confidence
    under the measured defaults, and forces a retry under strict."""
    from masis_desktop.settings import load_settings, save_settings

    inp = _write(tmp_path, "conflict.json", {
        "question": "How many remote days per week?",
        "answer": "Staff may work remotely up to three days per week [c1].",
        "evidence": [
            {"chunk_id": "c1", "document": "memo.md",
             "text": "Starting 1 January 2027, all staff may work remotely up to three days per week."},
            {"chunk_id": "c2", "document": "policy.docx",
             "text": "Employees may work remotely up to two days per week, agreed with their manager."}]})
    code, moderate = _json(capsys, ["audit", "--input", inp])
    assert code == 0 and moderate["needs_retry"] is False and moderate["conflicts"]
    settings = load_settings()
    settings.pipeline.strictness = "strict"
    save_settings(settings)
    code, strict = _json(capsys, ["audit", "--input", inp])
    assert code == 0 and strict["needs_retry"] is True
