"""The critic and answer modes end to end on a real temporary workspace, with scripted models (exact routing).

The scripted critic plays a perfect judge (it flags a sentence whose value its cited passage does not contain),
and the scripted synthesizer answers from the evidence it is shown, so every figure below is known in advance.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.core.evaluation.answer_mode import AnswerMode, is_abstention
from masis_desktop.core.evaluation.critic_mode import CriticMode, cited_draft
from masis_desktop.core.evaluation.dataset import load_dataset
from masis_desktop.core.evaluation.harness import run_evaluation
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.llm.protocol import Message
from masis_desktop.core.pipeline import Models
from masis_desktop.settings import Settings

PASSAGES = {
    "oslo": "The Oslo office of Lumen Analytics opened in March 2018. It has 140 staff.",
    "lisbon": "The Lisbon engineering hub of Lumen Analytics opened in January 2021. It has 90 staff.",
    "kestrel": "Kestrel broker settings: the consumer acknowledgement timeout defaults to 30 seconds.",
}
ITEMS = [  # id, question, gold passage, right, wrong
    ("a", "When did the Oslo office of Lumen Analytics open?", "oslo", "March 2018", "March 2016"),
    ("b", "How many staff work at the Lisbon engineering hub?", "lisbon", "90 staff", "140 staff"),
    ("c", "What does the consumer acknowledgement timeout of the Kestrel broker default to?", "kestrel",
     "30 seconds", "60 seconds"),
]
UNANSWERABLE = ("u", "Who leads the Lisbon engineering hub of Lumen Analytics?", "lisbon")


def _dataset(tmp_path: Path) -> Path:
    lines = [json.dumps({"id": i, "question": q, "passages": [{"id": p, "text": PASSAGES[p]}], "answer": a,
                         "hallucinated_answer": w}) for i, q, p, a, w in ITEMS]
    uid, uq, up = UNANSWERABLE
    lines.append(json.dumps({"id": uid, "question": uq, "passages": [{"id": up, "text": PASSAGES[up]}],
                             "answer": "", "unanswerable": True}))
    path = tmp_path / "modes.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _evidence(messages: Sequence[Message]) -> dict[str, str]:
    """Chunk id -> passage text, read back from the evidence block of a prompt."""
    text = messages[-1]["content"]
    return {m.group(1): m.group(2) for m in re.finditer(r"^\[(c\d+)\] (.*)$", text, re.M)}


def _perfect_judge(messages: Sequence[Message]) -> dict[str, Any] | float:
    """An auditor that checks every number of each labelled sentence against the passage it cites."""
    body = messages[-1]["content"]
    if body.rstrip().endswith("TASK: EXTRACT"):
        return -1.0  # a value read from the passage: likely (only right answers get here; code settles the others)
    if body.rstrip().endswith("answer to this exact question?"):
        return [-0.1, -4.0, -3.0, -6.0]  # answerability ("yes", "Yes", "no", "No"): the passage answers it
    if body.rstrip().endswith("TASK: SCORE"):
        return {"faithfulness": 0.9, "relevance": 0.9, "completeness": 0.9, "reasoning_quality": 0.9,
                "improvement_suggestions": []}
    evidence = _evidence(messages)
    answer = body.split("ANSWER:\n", 1)[1].split("\n\nCODE CHECKS:", 1)[0]
    flagged = []
    for label, sentence in re.findall(r"^(S\d+): (.*)$", answer, re.M):
        cited = " ".join(evidence.get(c, "") for c in re.findall(r"\[(c\d+)\]", sentence))
        numbers = re.findall(r"\d+", re.sub(r"\[c\d+\]", "", sentence))
        if any(n not in re.findall(r"\d+", cited) for n in numbers):
            flagged.append(f"{label}: the cited passage states another value")
    bad = bool(flagged)
    return {"unsupported_claims": flagged, "conflicting_evidence": [], "logical_gaps": [],
            "hallucination_detected": bad, "needs_retry": bad, "confidence": 0.2 if bad else 0.95}


def _judge() -> ScriptedLLM:
    return ScriptedLLM(name="judge").enqueue(*[_perfect_judge] * 120)


def test_cited_draft() -> None:
    assert cited_draft("100 MB", ["c2"]) == "100 MB [c2]."
    assert cited_draft("NOK 1.3 billion.", ["c2", "c5"]) == "NOK 1.3 billion [c2][c5]."


def test_critic_mode_with_a_perfect_judge(tmp_path: Path) -> None:
    judge = _judge()
    mode = CriticMode(Settings(), llm_factory=lambda _s: judge)
    data = load_dataset(_dataset(tmp_path))
    assert [i.id for i in mode.select(data.items)] == ["a", "b", "c"]
    report = run_evaluation(mode, data, tmp_path / "critic.json")
    assert report["balanced_accuracy"]["value"] == 1.0 and report["balanced_accuracy"]["n"] == 3
    assert report["pairwise_accuracy"]["value"] == 1.0
    assert report["auroc"]["value"] == 1.0
    assert report["accepted_right"]["value"] == 1.0 and report["rejected_wrong"]["value"] == 1.0
    assert report["balanced_accuracy.length_controlled"]["n"] == 3
    # the right answer: its value is scored (verification), then the answer audited; the wrong one states a number
    # the passage does not, so code already rejects the sentence and only the audit is asked. Item b's passage never
    # says "work": for its right answer the model is also asked whether the passage answers the question at all
    right, wrong = [("score", None), ("structured", "AuditVerdict")], [("structured", "AuditVerdict")]
    assert [(c.kind, c.response_model) for c in judge.calls] == (
        right + wrong + [("score", None)] + right + wrong + right + wrong)
    rows = [json.loads(x) for x in (tmp_path / "critic.items.jsonl").read_text(encoding="utf-8").splitlines()[1:]]
    first = rows[0]["result"]
    assert first["right"]["draft"] == f"March 2018 [{first['gold_chunks'][0]}]."
    assert first["answer_in_evidence"] and not first["gold_pinned"]
    config = report["meta"]["config"]
    assert set(config["models"]) == {"critic", "embedder"} and config["code"]


def _annexe_pair(tmp_path: Path, settings: Settings, question: str, right: str, wrong: str, *,
                 caretaker_first: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """Critic mode over one item whose gold passage (30 room sentences and the caretaker's line, first or last)
    spans several chunks; the report and the item's result row."""
    filler = " ".join(f"Room {n} of the Harbour Annexe seats {n + 10} people and has a projector." for n in range(30))
    line = "The Harbour Annexe caretaker's direct line is extension 4471."
    text = f"{line} {filler}" if caretaker_first else f"{filler} {line}"
    path = tmp_path / "annexe.jsonl"
    path.write_text(json.dumps({"id": "x", "question": question, "passages": [{"id": "annexe", "text": text}],
                                "answer": right, "hallucinated_answer": wrong}) + "\n", encoding="utf-8")
    judge = _judge()
    report = run_evaluation(CriticMode(settings, llm_factory=lambda _s: judge), load_dataset(path),
                            tmp_path / "annexe.json")
    row = json.loads((tmp_path / "annexe.items.jsonl").read_text(encoding="utf-8").splitlines()[1])["result"]
    return report, row


def test_critic_mode_cites_every_chunk_of_a_long_gold_passage(tmp_path: Path) -> None:
    """A passage longer than one chunk may hold its answer in any of them: the draft cites them all, so a right
    answer whose figure stands in a chunk retrieval ranked lower is not refused for citing the wrong one."""
    report, row = _annexe_pair(tmp_path, Settings(), "What is the direct line of the Harbour Annexe caretaker?",
                               "extension 4471", "extension 4417", caretaker_first=False)
    gold = row["gold_chunks"]
    assert len(gold) > 1 and set(gold) <= set(row["evidence"])
    assert row["right"]["draft"] == cited_draft("extension 4471", gold)
    assert row["right"]["accepted"] and not row["wrong"]["accepted"]
    assert report["balanced_accuracy"]["value"] == 1.0


def _synth_reply(messages: Sequence[Message]) -> str:
    """Answer from the evidence like a careful writer: the value the question asks for, or abstain."""
    evidence = _evidence(messages)
    question = messages[-1]["content"].rsplit("Question:", 1)[1].lower()
    for cid, text in evidence.items():
        if "oslo" in question and "Oslo" in text and "when" in question:
            return f"The Oslo office opened in March 2018 [{cid}]."
        if "how many staff" in question and "Lisbon" in text:
            return f"The Lisbon hub has 90 staff [{cid}]."
        if "timeout" in question and "Kestrel" in text:
            return f"It defaults to 60 seconds [{cid}]."  # a wrong value: the judge flags it every time
    return "I lack sufficient evidence in your documents to answer this."


def test_answer_mode_with_scripted_models(tmp_path: Path) -> None:
    synth = ScriptedLLM(name="synth").enqueue(*[_synth_reply] * 30)
    judge = _judge()
    mode = AnswerMode(Settings(), models_factory=lambda _s: Models(synth, judge, judge))
    data = load_dataset(_dataset(tmp_path))
    report = run_evaluation(mode, data, tmp_path / "answer.json")
    rows = {json.loads(x)["id"]: json.loads(x)["result"]
            for x in (tmp_path / "answer.items.jsonl").read_text(encoding="utf-8").splitlines()[1:]}
    assert not rows["a"]["abstained"] and rows["a"]["containment"] == 1.0 and rows["a"]["cites_gold"]
    assert rows["a"]["citation"] == {"recall": 1.0, "precision": 1.0, "sentences": 1, "citations": 1}
    assert rows["b"]["containment"] == 1.0 and rows["b"]["token_f1"] == pytest.approx(2 * 0.4 * 1 / 1.4)
    # c: the writer insists on a wrong value; the critic rejects it, and a second retry would repeat the first
    # word for word (not run) -> escalation
    assert rows["c"]["abstained"] and rows["c"]["status"] == "needs_clarification"
    assert rows["c"]["retries"] == 1 and rows["c"]["containment"] == 0.0 and rows["c"]["citation"] is None
    assert rows["u"]["abstained"] and rows["u"]["containment"] is None
    assert report["containment"]["value"] == pytest.approx(2 / 3) and report["containment"]["n"] == 3
    assert report["abstention_rate"] == {"value": 1.0, "ci_low": 1.0, "ci_high": 1.0, "n": 1}
    assert report["false_abstention_rate"]["value"] == pytest.approx(1 / 3)
    assert report["citation_recall"]["value"] == 1.0 and report["citation_precision"]["n"] == 2
    assert report["retries"]["n"] == 4
    assert {"latency_ms.researcher", "latency_ms.synthesizer", "latency_ms.critic", "latency_ms.total"} <= set(report)
    assert report["meta"]["config"]["judge"] == "lexical"


def test_is_abstention() -> None:
    assert is_abstention({"status": "needs_clarification", "critique": None})
    assert is_abstention({"status": "success", "critique": {"abstained": True}})
    assert not is_abstention({"status": "success", "critique": {"abstained": False}})


def test_critic_mode_code_only_never_asks_the_model_and_counts_code_checks(tmp_path: Path) -> None:
    """``--code-only``: the same pairs audited by code alone; the model is loaded for token counts, never asked."""
    judge = _judge()
    report = run_evaluation(CriticMode(Settings(), llm_factory=lambda _s: judge, code_only=True),
                            load_dataset(_dataset(tmp_path)), tmp_path / "code.json")
    assert [call for call in judge.calls if call[0] != "count_tokens"] == []
    assert report["rejected_wrong"]["value"] == 1.0  # the wrong answers state a value their passage does not
    assert report["meta"]["config"]["code_only"] is True
    assert any(check.startswith("facts.") for check in report["tables"]["checks"]["by_check"])


def test_critic_mode_keeps_every_gold_chunk_within_a_tight_prompt_budget(tmp_path: Path) -> None:
    """The prompt budget picks the sentences that best match the question; a gold chunk whose sentences match it
    poorly would be left out, and both answers, citing it, refused as citing an id outside the evidence. Gold
    chunks are pinned like the chunks a revised draft cites, so the verdict is the critic's, not the budget's."""
    _, row = _annexe_pair(tmp_path, Settings.model_validate({"pipeline": {"context_tokens": 64}}),
                          "Which room of the Harbour Annexe seats 25 people and has a projector?", "Room 15", "Room 17",
                          caretaker_first=True)
    assert len(row["gold_chunks"]) > 1
    assert set(row["gold_chunks"]) <= set(row["evidence"])
    assert "invalid_citation" not in json.dumps(row["right"])
