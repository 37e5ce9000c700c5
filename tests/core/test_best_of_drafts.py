"""Best-of-N drafts: which draft the critic audits, given what code and the likelihood verifier say of each.

The verifier's scores are scripted here (the ranking is routing logic); the real model's scores are exercised in
``tests/e2e/test_pipeline_e2e.py``.
"""

from __future__ import annotations

from masis_desktop.core.grounding.evidence import build_context
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.pipeline import prompts
from masis_desktop.core.pipeline.drafts import ABSTAINS, ACCEPTED, DOUBTED, REJECTED, rank_drafts
from masis_desktop.settings import PipelineSettings, Settings
from tests.core.pipeline_support import FixedRetriever, Scripted, audit, hit, run, score

PASSAGE = "The Harbour Line ferry leaves Kelby Pier at 7:40 every weekday. The crossing takes 25 minutes."
QUESTION = "When does the Harbour Line ferry leave Kelby Pier on weekdays?"
RIGHT = "The Harbour Line ferry leaves Kelby Pier at 7:40 every weekday [c1]."
INVENTED = "The Harbour Line ferry leaves Kelby Pier at 9:15 every weekday [c1]."  # no passage states 9:15
OTHER = "The crossing takes 25 minutes [c1]."


def _context():  # type: ignore[no-untyped-def]
    return build_context(QUESTION, [hit("c1", PASSAGE)], budget_tokens=400, count_tokens=lambda t: len(t) // 4)


def test_a_draft_code_refuses_ranks_below_an_accepted_one_without_asking_the_model() -> None:
    llm = ScriptedLLM()
    order, entry = rank_drafts(QUESTION, [INVENTED, RIGHT], _context(), llm)
    assert [r.text for r in order] == [RIGHT, INVENTED]
    assert [r.rank for r in order] == [ACCEPTED, REJECTED]
    assert entry["chosen"] == 1 and entry["verified"] == 0
    assert llm.calls == []  # one accepted draft: nothing to compare


def test_an_abstention_wins_only_over_drafts_code_refuses() -> None:
    order, _ = rank_drafts(QUESTION, [INVENTED, prompts.ABSTAIN], _context(), ScriptedLLM())
    assert [r.rank for r in order] == [ABSTAINS, REJECTED] and order[0].index == 1
    order, _ = rank_drafts(QUESTION, [prompts.ABSTAIN, RIGHT], _context(), ScriptedLLM())
    assert order[0].text == RIGHT


def test_among_accepted_drafts_the_verifier_prefers_the_likelier_values() -> None:
    llm = ScriptedLLM().enqueue(-9.0, -0.5)  # greedy's value scored first, then the sample's
    order, entry = rank_drafts(QUESTION, [OTHER, RIGHT], _context(), llm)
    assert order[0].text == RIGHT and order[0].logprob == -0.5
    assert entry["chosen"] == 1 and entry["verified"] == 2
    assert order[0].verifications and order[0].verifications[0].logprob == -0.5


def test_a_draft_the_verifier_doubts_still_outranks_an_abstention() -> None:
    llm = ScriptedLLM().enqueue(-20.0, -22.0)
    order, _ = rank_drafts(QUESTION, [RIGHT, prompts.ABSTAIN, OTHER], _context(), llm)
    assert [r.rank for r in order] == [DOUBTED, DOUBTED, ABSTAINS]
    assert order[0].text == RIGHT  # the likelier of the two doubted drafts


def test_ties_keep_the_greedy_draft_and_identical_drafts_are_audited_once() -> None:
    llm = ScriptedLLM().enqueue(-1.0, -1.0)
    order, entry = rank_drafts(QUESTION, [RIGHT, RIGHT.replace(" ", "  ", 2), OTHER], _context(), llm)
    assert order[0].index == 0
    assert [d["duplicate_of"] for d in entry["drafts"]] == [None, 0, None]
    assert len(llm.calls) == 2  # two distinct accepted drafts, one value each


def test_the_pipeline_audits_the_chosen_draft_and_reuses_its_verification() -> None:
    scripted = Scripted()
    scripted.synth.enqueue(OTHER, INVENTED, RIGHT)  # greedy, then two samples
    scripted.judge.enqueue(-9.0, -0.5, audit(0.9), score())
    settings = Settings(pipeline=PipelineSettings(calculator=False, drafts=3))
    r = run(QUESTION, FixedRetriever([hit("c1", PASSAGE)]), scripted, settings=settings)
    assert r.response["answer"] == RIGHT and r.response["status"] == "success"
    best_of = r.entries("synthesizer")[0]["best_of"]
    assert best_of["chosen"] == 2 and [d["rank"] for d in best_of["drafts"]] == ["accepted", "rejected", "accepted"]
    assert r.tokens().strip() == OTHER  # only the greedy draft is streamed
    kinds = [c.kind for c in scripted.judge.calls]
    assert kinds.count("score") == 2  # the critic did not score the chosen draft again
    critic = r.entries("critic")[0]
    assert [v["logprob"] for v in critic["verifications"]] == [-0.5]
    assert "comparing the drafts" in [getattr(e, "message", "") for e in r.events]
    assert [c["node"] for c in r.response["metrics"]["llm_calls"]].count("synthesizer.sample") == 2
