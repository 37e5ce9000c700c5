"""``masis eval --docs FOLDER --questions FILE``: a folder of whole documents (PDF, DOCX, Markdown, text) ingested
with the real readers, chunker and encoder, then evaluated from the command line.

The models are scripted (as in ``tests/core/test_eval_modes.py``) so the pipeline runs for real in seconds; one
slow test runs the answer mode with the tiny real model in every role.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from masis_desktop.cli.main import main
from masis_desktop.core.evaluation import modes
from masis_desktop.core.evaluation.answer_mode import AnswerMode
from masis_desktop.core.evaluation.critic_mode import CriticMode
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.llm.protocol import Message
from masis_desktop.core.pipeline import Models
from masis_desktop.core.schemas import CitationAudit, ClaimCheck, CritiqueIssue, CritiqueReport, IssueType
from masis_desktop.settings import Settings
from tests.core.test_eval_modes import _evidence, _judge

REPO = Path(__file__).resolve().parents[2]
SAMPLE_DOCS = REPO / "resources" / "sample_workspace"
SAMPLE_QUESTIONS = REPO / "tests" / "data" / "eval" / "sample" / "questions.jsonl"
# what a careful writer answers, keyed by a word of the question: (text its evidence chunk holds, the sentence)
ANSWERS = {
    "backlog": ("612 million", "The order backlog was NOK 612 million"),
    "allowance": ("6,000", "The one-time home office allowance is NOK 6,000"),
    "gdansk": ("Kowalczyk", "The Gdansk office will be led by Marta Kowalczyk"),
    "meeting": ("10 December 2026", "The next board meeting is on 10 December 2026"),
}


def _writer(messages: Sequence[Message]) -> str:
    """Answers from the evidence it is shown, citing the chunk that holds the value, or abstains."""
    evidence = _evidence(messages)
    question = messages[-1]["content"].rsplit("Question:", 1)[1].lower()
    for word, (needle, sentence) in ANSWERS.items():
        if word in question and "engineers" not in question:
            for cid, text in evidence.items():
                if needle in text:
                    return f"{sentence} [{cid}]."
    return "I lack sufficient evidence in your documents to answer this."


def _scripted_answer_mode(_name: str, **_kw: Any) -> AnswerMode:
    synth = ScriptedLLM(name="synth").enqueue(*[_writer] * 40)
    judge = _judge()
    return AnswerMode(Settings(), models_factory=lambda _s: Models(synth, judge, judge))


def _rows(items_file: Path) -> dict[str, dict[str, Any]]:
    lines = items_file.read_text(encoding="utf-8").splitlines()[1:]
    return {json.loads(x)["id"]: json.loads(x)["result"] for x in lines}


def test_eval_answer_over_a_document_folder(tmp_path: Path, masis_home: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MASIS_SKIP_SYSREQ", "1")  # scripted models: nothing heavy is loaded
    monkeypatch.setattr(modes, "create_mode", _scripted_answer_mode)
    out = tmp_path / "answer.json"
    args = ["eval", "answer", "--docs", str(SAMPLE_DOCS), "--questions", str(SAMPLE_QUESTIONS), "--out", str(out)]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert "indexed 4 document(s)" in captured.err and "abstention_rate" in captured.out
    assert f"over {SAMPLE_DOCS}" in captured.out
    report = json.loads(out.read_text(encoding="utf-8"))
    meta = report["meta"]
    assert meta["items_evaluated"] == 6 and meta["docs"] == str(SAMPLE_DOCS) and len(meta["docs_sha256"]) == 64
    assert report["abstention_rate"]["n"] == 2 and report["false_abstention_rate"]["n"] == 4
    rows = _rows(tmp_path / "answer.items.jsonl")
    assert rows["sample-u1"]["abstained"] and rows["sample-u2"]["abstained"]
    answered = {k: r for k, r in rows.items() if not r["abstained"]}
    assert answered, "no scripted right answer was shipped"
    expected = {"sample-1": {"quarterly_report_q3_2026.pdf", "board_minutes_2026-09.txt"},  # both state it
                "sample-2": {"remote_work_policy.docx"}, "sample-3": {"strategy_memo_2027.md"},
                "sample-4": {"board_minutes_2026-09.txt"}}
    for item_id, row in answered.items():  # the writer cites a chunk holding a quote: a gold chunk
        assert row["cites_gold"] and set(row["cited_passages"]) <= expected[item_id], item_id
        assert row["containment"] == 1.0 and isinstance(row["checks"], list)
    assert list((masis_home / "workspaces").iterdir()) == []  # the temporary workspace is gone

    assert main([*args, "--json"]) == 0  # everything resumes; nothing is ingested again
    captured = capsys.readouterr()
    assert "resuming: 6 of 6" in captured.err and "ingesting" not in captured.err


def test_eval_retrieval_over_a_document_folder_counts_quotes_as_the_unit(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "retrieval.json"
    assert main(["eval", "retrieval", "--docs", str(SAMPLE_DOCS), "--questions", str(SAMPLE_QUESTIONS),
                 "--out", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["recall@10"]["n"] == 4 and report["recall@10"]["value"] == 1.0
    rows = _rows(tmp_path / "retrieval.items.jsonl")
    gold = ["quarterly_report_q3_2026.pdf#1", "board_minutes_2026-09.txt#2"]  # one unit per quote
    assert rows["sample-1"]["gold"] == gold
    fused = rows["sample-1"]["ranked"]["fused"]
    assert set(gold) <= set(fused) and all(u in gold or re.fullmatch(r"c\d+", u) for u in fused)
    assert "recall@1" in capsys.readouterr().out


def _scripted_critique(question: str, draft: str, context: Any, llm: Any, **_kw: Any) -> SimpleNamespace:
    """A critic whose findings carry check ids: a number check that refuses every wrong answer (a model issue
    without an id beside it), and a style check that also fires on one right answer, without refusing it."""
    wrong = any(w in draft for w in ("214.6", "4,000", "Lindqvist", "24 September"))
    issues: list[CritiqueIssue] = []
    claims = [ClaimCheck(text=draft)]
    if wrong:
        issues = [CritiqueIssue(issue_type=IssueType.FACTUAL_ERROR, severity=0.9, description="value differs",
                                check_id="facts.number"),
                  CritiqueIssue(issue_type=IssueType.UNSUPPORTED_CLAIM, severity=0.6, description="auditor: no",
                                source="model")]
        claims = [ClaimCheck(text=draft, supported=False, verdict="factual_error", check_id="facts.number")]
    if "Kowalczyk" in draft or "Lindqvist" in draft:
        issues.append(CritiqueIssue(issue_type=IssueType.INCOMPLETE, severity=0.2, description="names",
                                    check_id="grounding.names"))
    report = CritiqueReport(confidence=0.2 if wrong else 0.9, hallucination_detected=wrong, needs_retry=wrong,
                            issues=issues)
    code = SimpleNamespace(audit=CitationAudit(claims=claims), findings=[])
    return SimpleNamespace(report=report, code=code, entry={})


def test_eval_critic_prints_per_check_firing_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from masis_desktop.core.pipeline import critic as critic_module  # the module critic mode audits with

    monkeypatch.setenv("MASIS_SKIP_SYSREQ", "1")
    monkeypatch.setattr(critic_module, "critique", _scripted_critique)
    monkeypatch.setattr(modes, "create_mode",
                        lambda _name, **_kw: CriticMode(Settings(), llm_factory=lambda _s: ScriptedLLM()))
    out = tmp_path / "critic.json"
    assert main(["eval", "critic", "--docs", str(SAMPLE_DOCS), "--questions", str(SAMPLE_QUESTIONS),
                 "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["balanced_accuracy"]["value"] == 1.0 and report["balanced_accuracy"]["n"] == 4
    table = report["tables"]["checks"]
    assert table["pairs"] == 4
    assert table["by_check"]["facts.number"] == {"fires_right": 0, "fires_wrong": 4, "refused_right": 0,
                                                 "precision": 1.0, "right_share": 0.0, "over_limit": False}
    assert table["by_check"]["(unlabelled)"]["fires_wrong"] == 4
    names = table["by_check"]["grounding.names"]
    assert (names["fires_right"], names["fires_wrong"], names["precision"], names["over_limit"]) == (1, 1, 0.5, True)
    rows = _rows(tmp_path / "critic.items.jsonl")
    assert rows["sample-3"]["right"]["checks"] == ["grounding.names"]
    assert rows["sample-1"]["wrong"]["checks"] == ["(unlabelled)", "facts.number"]
    gold = rows["sample-1"]["gold_chunks"]  # the chunks holding either quote, both cited
    assert len(gold) == 2 and rows["sample-1"]["right"]["draft"] == f"NOK 612 million [{gold[0]}][{gold[1]}]."
    lines = printed[printed.index("per-check firings over 4 pair(s)"):].splitlines()
    assert lines[2].split()[:3] == ["grounding.names", "1", "1"] and lines[2].endswith("*")  # worst first
    assert any(line.split()[:3] == ["facts.number", "0", "4"] for line in lines)


# --- bad input --------------------------------------------------------------------------------------------------


def _run(*args: str) -> int:
    return main(["eval", "retrieval", *args])


def test_a_bad_folder_or_questions_file_is_one_clear_line(tmp_path: Path, masis_home: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "R.json")
    assert _run("--docs", str(tmp_path / "nowhere"), "--questions", str(SAMPLE_QUESTIONS), "--out", out) == 2
    assert "documents folder" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "question": "q?", "answer": "x", "evidence": [}\n', encoding="utf-8")
    assert _run("--docs", str(SAMPLE_DOCS), "--questions", str(bad), "--out", out) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "bad.jsonl:1: not valid JSON" in err and "Traceback" not in err
    assert _run("--docs", str(SAMPLE_DOCS), "--out", out) == 2
    assert "go together" in capsys.readouterr().err
    assert _run("--dataset", str(bad), "--docs", str(SAMPLE_DOCS), "--questions", str(bad), "--out", out) == 2
    assert "not both" in capsys.readouterr().err
    assert _run("--out", out) == 2
    assert "give --dataset" in capsys.readouterr().err


def test_a_quote_not_in_the_extracted_text_names_the_item(tmp_path: Path, masis_home: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({
        "id": "typo", "question": "When is the next board meeting?", "answer": "10 December 2026",
        "evidence": [{"file": "board_minutes_2026-09.txt", "quote": "Next meeting: 12 December 2026."}]}) + "\n",
        encoding="utf-8")
    assert _run("--docs", str(SAMPLE_DOCS), "--questions", str(questions), "--out", str(tmp_path / "R.json")) == 2
    err = capsys.readouterr().err
    assert "q.jsonl:1: item 'typo': quote not found in the extracted text of 'board_minutes_2026-09.txt'" in err
    assert list((masis_home / "workspaces").iterdir()) == []


def test_results_of_other_documents_are_never_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(SAMPLE_DOCS, docs)
    out = str(tmp_path / "R.json")
    args = ["--docs", str(docs), "--questions", str(SAMPLE_QUESTIONS), "--out", out, "--limit", "1"]
    assert _run(*args) == 0
    (docs / "notes.txt").write_text("A new document changes what retrieval ranks.\n", encoding="utf-8")
    assert _run(*args) == 2
    assert "holds results of a different run (dataset_sha256 differ)" in capsys.readouterr().err


@pytest.mark.slow
def test_eval_answer_over_a_folder_with_the_tiny_real_model(tmp_path: Path, tiny_roles: None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from masis_desktop.settings import load_settings, save_settings

    monkeypatch.setenv("MASIS_SKIP_SYSREQ", "1")  # the tiny model needs far less memory than the defaults
    settings = load_settings()
    settings.pipeline.max_retries = 0  # one pass per question keeps this under a minute on 2 cores
    save_settings(settings)
    out = tmp_path / "answer.json"
    assert main(["eval", "answer", "--docs", str(SAMPLE_DOCS), "--questions", str(SAMPLE_QUESTIONS),
                 "--out", str(out), "--items", "sample-2,sample-u1"]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["meta"]["items_evaluated"] == 2 and report["meta"]["errors"] == 0
    assert report["meta"]["config"]["settings"]["pipeline"]["max_retries"] == 0
    rows = _rows(tmp_path / "answer.items.jsonl")
    for row in rows.values():  # whatever the tiny model writes, every result is complete and readable
        assert set(row) >= {"abstained", "status", "cites_gold", "cited_passages", "checks", "latency_ms"}
        assert all(p in {f.name for f in SAMPLE_DOCS.iterdir()} for p in row["cited_passages"])
