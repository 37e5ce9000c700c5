"""The answerability check: when it asks the critic model, how it reads the reply, and how the critic routes on it."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.checks.focus import missing_focus
from masis_desktop.core.checks.model.answerable import (
    ANSWERABLE_FLOOR,
    ANSWERABLE_MIN,
    Answerability,
    check_answerable,
    p_yes,
)
from masis_desktop.core.checks.registry import Selection
from masis_desktop.core.grounding.evidence import build_context
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.llm.protocol import Message
from masis_desktop.core.pipeline.critic import critique
from masis_desktop.core.schemas import IssueType
from masis_desktop.settings import CheckSettings
from tests.core.pipeline_support import audit, hit

RUGS = ("Riverside Rugs workshop charges. Synthetic rugs are cleaned for GBP 9 per square metre, wool rugs for "
        "GBP 14 per square metre and silk rugs for GBP 26 per square metre. Turnaround is 7 working days.")
JUTE = "How much does Riverside Rugs charge per square metre to clean a jute rug?"
WOOL = "How much does Riverside Rugs charge per square metre to clean a wool rug?"
DRAFT = "Riverside Rugs charges GBP 14 per square metre [c1]."


def _context(question: str):  # type: ignore[no-untyped-def]
    return build_context(question, [hit("c1", RUGS)], budget_tokens=400)


def _logprobs(yes: float) -> list[float]:
    """Scores of ("yes", "Yes", "no", "No") that read as P(yes) = ``yes``."""
    return [math.log(yes), -30.0, math.log(1 - yes), -30.0]


def test_missing_focus_lists_the_questions_own_words_the_passages_never_use() -> None:
    assert missing_focus(JUTE, [RUGS]) == ["jute"]
    assert missing_focus(WOOL, [RUGS]) == []
    assert missing_focus("What does a kids' party cost at Splash?", ["Children's party (12 guests): GBP 150."]) == [
        "kids'"]


def test_p_yes_weighs_yes_against_no_in_either_capitalisation() -> None:
    assert p_yes([math.log(0.5), math.log(0.1), math.log(0.3), math.log(0.1)]) == pytest.approx(0.6)
    assert p_yes([-200.0, -200.0, -200.0, -200.0]) == 0.5  # nothing readable: undecided, never a refusal


def test_no_model_call_when_the_passages_use_every_word_of_the_question() -> None:
    ctx = _context(WOOL)
    judge = ScriptedLLM(name="judge")
    assert check_answerable(WOOL, audit_answer(DRAFT, ctx.hits, question=WOOL), ctx, judge) is None
    assert judge.calls == []


def test_the_question_and_only_the_cited_passages_are_asked_about() -> None:
    ctx = _context(JUTE)
    judge = ScriptedLLM(name="judge").enqueue(lambda _m: _logprobs(0.2))
    result = check_answerable(JUTE, audit_answer(DRAFT, ctx.hits, question=JUTE), ctx, judge)
    assert result is not None and result.missing == ["jute"] and result.citations == ["c1"]
    assert result.p_yes == pytest.approx(0.2) and result.rejected
    prompt = judge.calls[0].messages[-1]["content"]
    assert "silk rugs for GBP 26" in prompt
    assert prompt.endswith("Does the passage state the answer to this exact question?")
    assert JUTE in prompt


def test_rejection_threshold() -> None:
    assert Answerability(["c1"], ["jute"], ANSWERABLE_MIN - 0.01).rejected
    assert not Answerability(["c1"], ["jute"], ANSWERABLE_MIN).rejected
    assert not Answerability(["c1"], ["jute"], None, "ModelError: boom").rejected


def test_far_below_the_threshold_the_finding_is_the_floors() -> None:
    near = Answerability(["c1"], ["jute"], ANSWERABLE_FLOOR)
    far = Answerability(["c1"], ["jute"], ANSWERABLE_FLOOR - 0.01)
    assert near.rejected and not near.below_floor
    assert far.rejected and far.below_floor
    assert not Answerability(["c1"], ["jute"], None, "ModelError: boom").below_floor


def _judge(answerable: object) -> ScriptedLLM:
    """A critic model that finds the draft's value likely (verification), replies ``answerable`` to the
    answerability question, and passes the audit."""
    def reply(messages: Sequence[Message]) -> object:
        body = messages[-1]["content"]
        if body.endswith("TASK: EXTRACT"):
            return -1.0
        if body.endswith("answer to this exact question?"):
            return answerable
        return audit(0.9)
    return ScriptedLLM(name="judge").enqueue(*[reply] * 6)


def _critique(question: str, answerable: object):  # type: ignore[no-untyped-def]
    judge = _judge(answerable)
    return critique(question, DRAFT, _context(question), judge, iteration=0), judge


def _asked(judge: ScriptedLLM) -> int:
    return sum(c.messages[-1]["content"].endswith("exact question?") for c in judge.calls)


def test_a_passage_the_model_does_not_read_as_answering_forces_a_retry() -> None:
    result, judge = _critique(JUTE, _logprobs(0.15))
    report = result.report
    assert _asked(judge) == 1 and judge.calls[-1].kind == "structured"  # before the audit: its cache stays warm
    assert report.needs_retry
    found = [i for i in report.issues if i.source == "model" and i.issue_type is IssueType.INCOMPLETE]
    assert len(found) == 1 and '"jute"' in found[0].description and "P(yes) 0.15" in found[0].description
    assert report.confidence == pytest.approx(0.9 * 0.8, abs=1e-3)
    assert result.entry["answerable"]["rejected"] and result.entry["answerable"]["missing_words"] == ["jute"]


def test_a_synonym_the_model_reads_as_the_same_thing_passes() -> None:
    result, judge = _critique(JUTE, _logprobs(0.8))
    assert _asked(judge) == 1
    assert not result.report.needs_retry and result.report.confidence == pytest.approx(0.9)
    assert not any(i.issue_type is IssueType.INCOMPLETE for i in result.report.issues)


def test_a_failed_check_changes_nothing() -> None:
    result, judge = _critique(JUTE, "not a score")  # the double raises, as a broken model call would
    assert _asked(judge) == 1
    assert not result.report.needs_retry and result.report.confidence == pytest.approx(0.9)
    assert result.entry["answerable"]["error"]


def test_a_draft_code_already_refuses_is_not_asked_about() -> None:
    # GBP 12 is in no passage: code forces the retry, so the model is spared the answerability prefill
    judge = _judge(_logprobs(0.15))
    draft = "Riverside Rugs charges GBP 12 per square metre [c1]."
    result = critique(JUTE, draft, _context(JUTE), judge, iteration=0)
    assert result.entry["answerable"] is None and _asked(judge) == 0


def _default_critique(answerable: object):  # type: ignore[no-untyped-def]
    """The critic with the default selection: measured checks over the 2 % rule only lower confidence."""
    selection = Selection.from_settings(CheckSettings(), "moderate")
    return critique(JUTE, DRAFT, _context(JUTE), _judge(answerable), iteration=0, selection=selection)


def test_by_default_a_reading_under_the_threshold_only_lowers_confidence() -> None:
    report = _default_critique(_logprobs(0.3)).report
    found = [i for i in report.issues if i.source == "model" and i.issue_type is IssueType.INCOMPLETE]
    assert [i.check_id for i in found] == ["model.answerable"]
    assert not report.needs_retry and report.confidence == pytest.approx(0.9 * 0.9, abs=1e-3)


def test_by_default_a_reading_under_the_floor_refuses() -> None:
    result = _default_critique(_logprobs(0.1))
    found = [i for i in result.report.issues if i.source == "model" and i.issue_type is IssueType.INCOMPLETE]
    assert [i.check_id for i in found] == ["model.answerable_floor"]
    assert result.report.needs_retry and result.report.confidence == pytest.approx(0.9 * 0.8, abs=1e-3)
    assert result.entry["answerable"]["below_floor"]


def test_switching_the_floor_off_leaves_the_threshold_lowering() -> None:
    selection = Selection.from_settings(CheckSettings(ignore=["model.answerable_floor"]), "moderate")
    report = critique(JUTE, DRAFT, _context(JUTE), _judge(_logprobs(0.1)), iteration=0, selection=selection).report
    assert [i.check_id for i in report.issues if i.source == "model"] == ["model.answerable"]
    assert not report.needs_retry and report.confidence == pytest.approx(0.9 * 0.9, abs=1e-3)
