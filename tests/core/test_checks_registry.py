"""The check registry: unique ids, explicit precedence, every finding named, and switching a check off."""

from __future__ import annotations

from masis_desktop.core.checks import registry
from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.checks.findings import Finding
from masis_desktop.core.checks.registry import ALL, BY_ID, CASE_CHECKS, CaseCheck, Selection, case_findings
from masis_desktop.core.grounding.claims import ClaimEvidence
from masis_desktop.core.schemas import IssueType
from masis_desktop.settings import CHECK_PACKS, CheckSettings
from tests.core.pipeline_support import hit

EVIDENCE = [
    hit("c1", "Free tier: 10MB limit", document="a.md"),
    hit("c2", "Pro tier: 100MB limit", document="b.md"),
    hit("c3", "Timeout: 60 seconds", document="c.md"),
]


def test_ids_are_unique_and_every_pack_is_known() -> None:
    ids = [c.id for c in registry.ALL_CHECKS]
    assert len(ids) == len(set(ids))
    assert {c.pack for c in registry.ALL_CHECKS} - {None} == set(CHECK_PACKS)
    assert all(c.pack is None or c.id.startswith(c.pack + ".") for c in registry.ALL_CHECKS)
    assert all(c.rationale and c.effect in ("refuse", "lower", "hint") for c in registry.ALL_CHECKS)


def test_every_finding_of_the_audit_names_a_registered_check() -> None:
    answers = ["The timeout is 30 seconds [c3].", "The Pro tier allows 100MB [c1].", "Contact Olga Berg [c3].",
               "The timeout is 60 seconds [c9].", "The timeout is 60 seconds.", "What is the timeout [c3]?"]
    for answer in answers:
        audit = audit_answer(answer, EVIDENCE, question="What is the timeout?")
        assert audit.issues, answer
        for issue in audit.issues:
            assert issue.check_id in BY_ID, (answer, issue)
        assert audit.fired and set(audit.fired) <= set(BY_ID)
        flagged = [c for c in audit.audit.claims if c.verdict not in ("supported", "hedge", "uncited")]
        assert all(c.check_id in BY_ID for c in flagged if c.verdict != "invalid_citation")


def test_first_case_check_in_precedence_order_wins() -> None:
    def finding(text: str) -> Finding:
        return Finding(IssueType.FACTUAL_ERROR, 0.9, text, "claim", "fix it", None, 0.75, True, True)

    first = CaseCheck("pack.prices.closed_case", "r", "claim", "refuse", "pack.prices",
                      run=lambda _q, _c, _s: {0: finding("first")})
    second = CaseCheck("frames.value", "r", "claim", "refuse", None, run=lambda _q, _c, _s: {0: finding("second"),
                                                                                             1: finding("other")})
    original = registry.CASE_CHECKS
    try:
        registry.CASE_CHECKS = (first, second)
        found = case_findings("q", [ClaimEvidence("claim", [], [])], [ClaimEvidence("claim", [], [])], [], ALL)
        assert found[0].description == "first" and found[0].check == "pack.prices.closed_case"
        assert found[1].description == "other" and found[1].check == "frames.value"
        without_prices = case_findings("q", [], [], [], Selection.of(["pack.schedules"]))
        assert without_prices[0].description == "second"  # a switched-off check hides nothing
    finally:
        registry.CASE_CHECKS = original
    assert CASE_CHECKS[0].id == "pack.prices.closed_case" and CASE_CHECKS[-1].id == "pack.business.rival_business"


def test_an_ignored_check_does_not_refuse() -> None:
    wrong = "The timeout is 30 seconds [c3]."
    assert audit_answer(wrong, EVIDENCE).audit.needs_retry
    quiet = audit_answer(wrong, EVIDENCE, selection=Selection.of(CHECK_PACKS, ["facts.number"]))
    assert not quiet.audit.needs_retry and "facts.number.rival" not in quiet.fired
    assert Selection.from_settings(CheckSettings(packs=[], ignore=["facts"])).enabled("grounding.uncited")
    assert not Selection.from_settings(CheckSettings(packs=[])).enabled("pack.prices.bands")


def test_a_check_listed_to_lower_confidence_does_not_refuse_but_costs() -> None:
    wrong = "The timeout is 30 seconds [c3]."
    lowered = audit_answer(wrong, EVIDENCE, selection=Selection.of(CHECK_PACKS, lower=["facts.number"]))
    assert not lowered.audit.needs_retry and not lowered.audit.hallucination_detected
    assert lowered.audit.penalty_factor == registry.LOWER_FACTOR
    assert "facts.number.rival" in lowered.fired  # it still fired, and the trace says so
    restated = audit_answer("The timeout is [c3].", EVIDENCE, question="What is the timeout?",
                            selection=Selection.of(CHECK_PACKS, lower=["answer"]))
    assert not restated.non_answer and not restated.audit.needs_retry


def test_measured_defaults_lower_the_checks_over_the_right_share_limit() -> None:
    data = {"checks": {"facts.number.rival": {"right": 1, "wrong": 99},  # 1 %: keeps refusing
                       "focus.unasked_names": {"right": 5, "wrong": 45},  # 10 %: lowers
                       "grounding.low_support": {"right": 9, "wrong": 1},  # already only lowers
                       "no.such.check": {"right": 9, "wrong": 1}}}
    assert registry.measured_lower(data) == ["focus.unasked_names"]
    assert Selection.from_settings(CheckSettings()).lower == frozenset(registry.DEFAULT_LOWER)
    assert Selection.from_settings(CheckSettings(lower=[])).lower == frozenset()


def test_answer_mode_firings_count_for_checks_the_critic_mode_cannot_see() -> None:
    """A check about which document was cited never fires on a critic pair (both answers cite the gold passage);
    its hand-judged answer-mode firings decide its default."""
    data = {"checks": {"facts.number.rival": {"right": 0, "wrong": 50}},
            "answer_mode": {"checks": {"focus.other_document": {"right": 1, "wrong": 5},  # 17 %: lowers
                                       "facts.number.rival": {"right": 0, "wrong": 3}}}}  # 0 of 53: refuses
    assert registry.measured_lower(data) == ["focus.other_document"]
    assert "focus.other_document" in registry.DEFAULT_LOWER  # the committed measurement


def test_strictness_sets_how_readily_checks_refuse() -> None:
    from masis_desktop.core.checks.findings import Finding

    incomplete = Finding(IssueType.INCOMPLETE, 0.7, "d", "p", "s", None, 0.8, True, False, check="asked.missing_time")
    fabricated = Finding(IssueType.HALLUCINATION, 0.9, "d", "p", "s", None, 0.75, True, True,
                         check="facts.number.absent")
    lenient = Selection.from_settings(CheckSettings(), "lenient")
    assert not lenient.shape(incomplete).forces_retry and lenient.shape(incomplete).factor == registry.LOWER_FACTOR
    assert lenient.shape(fabricated).forces_retry
    moderate = Selection.from_settings(CheckSettings(), "moderate")
    assert moderate.shape(incomplete).forces_retry and moderate.lower == frozenset(registry.DEFAULT_LOWER)
    strict = Selection.from_settings(CheckSettings(), "strict")
    assert strict.lower == frozenset() and strict.shape(incomplete).forces_retry
    assert Selection.from_settings(CheckSettings(lower=["asked"]), "strict").lower == frozenset({"asked"})


def test_the_evidence_never_exceeds_the_character_ceiling() -> None:
    from masis_desktop.core.llm.doubles import ScriptedLLM
    from masis_desktop.core.pipeline import Models, fitted_budget
    from masis_desktop.settings import PipelineSettings, Settings

    llm = ScriptedLLM()
    models = Models(llm, llm, llm)
    assert fitted_budget("q", models, Settings()) == 360
    tight = Settings(pipeline=PipelineSettings(max_context_chars=800))
    assert fitted_budget("q", models, tight) == 200


def test_the_seed_rules_and_non_answers_are_never_lowered_by_measurement() -> None:
    data = {"checks": {c: {"right": 5, "wrong": 5} for c in registry.ALWAYS_REFUSE}}
    assert registry.measured_lower(data) == []
