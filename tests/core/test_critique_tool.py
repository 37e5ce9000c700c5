"""Seed 004's ``critique_answer`` on scripted models: its tests and examples, strictness, auto-revise."""

from __future__ import annotations

from typing import Any

import pytest

from masis_desktop.core.critique_tool import critique_answer, severity_of
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.errors import MasisError

TIMEOUT = [{"id": "1", "content": "Timeout: 60 seconds", "type": "doc"}]
LIMITS = [{"id": "1", "content": "Free: 10", "type": "doc"}, {"id": "2", "content": "Pro: 100", "type": "doc"}]


def req(draft: str, sources: list[dict[str, Any]], query: str = "What is it?", **options: Any) -> dict[str, Any]:
    return {"query": query, "draft": draft, "sources": sources, "options": options}


def test_seed_test_1_unsupported_claim() -> None:
    r = critique_answer(req("The timeout is 30 seconds.", TIMEOUT, "What is the timeout?"))
    assert r.isValid is False
    assert any(i.type == "unsupported" for i in r.issues)
    assert "60 seconds" in r.issues[0].description and r.issues[0].relatedSource == "1"
    assert r.metadata.factsChecked == 1 and r.metadata.factsVerified == 0


def test_seed_test_2_valid_answer() -> None:
    r = critique_answer(req("The timeout is 60 seconds.", TIMEOUT, "What is the timeout?"))
    assert r.isValid is True and r.confidence > 0.8 and r.issues == []
    assert r.metadata.sourcesUsed == ["1"] and r.metadata.factsVerified == 1


def test_seed_test_3_auto_revise_names_every_case() -> None:
    synth = ScriptedLLM().enqueue("The limit is 10 for Free users and 100 for Pro users.")
    r = critique_answer(req("The limit is 100.", LIMITS, "What is the limit?", autoRevise=True), synthesizer=synth)
    assert r.revisedDraft == "The limit is 10 for Free users and 100 for Pro users."
    assert "Free" in r.revisedDraft and "Pro" in r.revisedDraft
    assert [i.type for i in r.issues] == ["incomplete"] and r.issues[0].severity == "high" and not r.isValid
    assert "Free: 10" in r.issues[0].description and "Pro: 100" in r.issues[0].description


def test_a_revision_that_repeats_the_problem_is_not_returned() -> None:
    synth = ScriptedLLM().enqueue("The limit is 100.", "The limit is 1000 for everyone.")
    r = critique_answer(req("The limit is 100.", LIMITS, autoRevise=True, maxRevisions=2), synthesizer=synth)
    assert len(synth.calls) == 2  # maxRevisions attempts, each verified by code
    assert r.revisedDraft == "The limit depends on the case: Free: 10; Pro: 100."


def test_seed_example_1_upload_size() -> None:
    sources = [{"id": "A", "content": "Free tier: 10MB limit", "type": "doc"},
               {"id": "B", "content": "Pro tier: 100MB limit", "type": "doc"}]
    critic = ScriptedLLM().enqueue({"verdict": "supported", "confidence": 0.9})
    r = critique_answer(req("The maximum file upload size is 100MB.", sources, "What's the maximum file upload size?",
                            autoRevise=True), critic=critic)
    assert not r.isValid and [i.type for i in r.issues] == ["incomplete"]
    assert r.revisedDraft is not None and "Free tier" in r.revisedDraft and "Pro tier" in r.revisedDraft
    assert "Pro: 100" not in r.revisedDraft


def test_seed_example_2_named_sources_and_the_model_where_code_cannot_decide() -> None:
    sources = [{"id": "AuthService.ts", "content": "Contains refreshToken() method using httpOnly cookies",
                "type": "code"},
               {"id": "auth-routes.ts", "content": "Shows /auth/refresh endpoint", "type": "code"}]
    draft = ("AuthService uses a refresh token stored in httpOnly cookies. When the access token expires, it "
             "automatically calls `/auth/refresh` to get a new one.")
    critic = ScriptedLLM().enqueue({"verdict": "supported", "confidence": 0.9})
    r = critique_answer(req(draft, sources, "How does AuthService handle token refresh?"), critic=critic)
    assert r.isValid and r.issues == [] and r.metadata.factsChecked == 2 and r.metadata.factsVerified == 2
    assert len(critic.calls) == 1  # only the claim without a name or number to check went to the model
    assert "Claim: When the access token expires" in critic.calls[0].messages[1]["content"]
    assert set(r.metadata.sourcesUsed) == {"AuthService.ts", "auth-routes.ts"}


def test_model_rejection_and_failure() -> None:
    sources = [{"id": "1", "content": "The service restarts nightly.", "type": "doc"}]
    critic = ScriptedLLM().enqueue({"verdict": "not_in_sources", "confidence": 0.8})
    r = critique_answer(req("It restarts automatically when it crashes.", sources), critic=critic)
    assert not r.metadata.factsVerified and r.issues[0].type == "unsupported"
    failing = ScriptedLLM().enqueue(RuntimeError("no grammar"))
    r2 = critique_answer(req("It restarts automatically when it crashes.", sources), critic=failing)
    assert r2.metadata.factsChecked == 1  # the code verdict stands when the model cannot answer


@pytest.mark.parametrize(("strictness", "kept"), [("lenient", {"high"}), ("moderate", {"high", "medium"}),
                                                   ("strict", {"high", "medium", "low"})])
def test_strictness_filters_by_severity(strictness: str, kept: set[str]) -> None:
    sources = [{"id": "1", "content": "Timeout: 60 seconds. Retries happen twice a day on weekdays.",
                "type": "doc"}]
    critic = ScriptedLLM().enqueue({"verdict": "contradicted", "confidence": 0.5},
                                   {"verdict": "contradicted", "confidence": 0.5})
    r = critique_answer(req("The timeout is 30 seconds. Retries happen often.", sources, strictness=strictness),
                        critic=critic)
    assert {i.severity for i in r.issues} <= kept
    assert ("high" in {i.severity for i in r.issues})


def test_severity_mapping_and_confidence_formula() -> None:
    assert [severity_of(c) for c in (0.0, 0.29, 0.3, 0.59, 0.6, 1.0)] == ["high", "high", "medium", "medium", "low",
                                                                          "low"]
    r = critique_answer(req("The timeout is 60 seconds. The timeout is 30 seconds.", TIMEOUT))
    assert r.confidence == pytest.approx(((1.0 + 0.1) / 2 + 0.5) / 2)
    assert critique_answer(req("I lack sufficient evidence in your documents.", TIMEOUT)).confidence == 0.5


def test_options_and_invalid_requests() -> None:
    r = critique_answer(req("The timeout is 30 seconds.", TIMEOUT, checkFactual=False))
    assert r.isValid and r.issues == []
    with pytest.raises(MasisError):
        critique_answer({"query": "q", "draft": "d", "sources": []})
    with pytest.raises(MasisError):
        critique_answer({"query": "q", "draft": "d", "sources": TIMEOUT, "options": {"strictness": "harsh"}})
    data = critique_answer(req("The timeout is 60 seconds.", TIMEOUT)).to_json()
    assert set(data) == {"isValid", "confidence", "issues", "suggestions", "metadata"}
    assert set(data["metadata"]) == {"factsChecked", "factsVerified", "sourcesUsed", "critiqueTimeMs"}


def test_fallback_revision_states_what_the_source_says() -> None:
    synth = ScriptedLLM().enqueue("The timeout is 30 seconds.")
    r = critique_answer(req("The timeout is 30 seconds.", TIMEOUT, autoRevise=True), synthesizer=synth)
    assert r.revisedDraft == "The sources state: Timeout: 60 seconds."
    messages = synth.calls[0].messages
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert messages[-1]["content"].endswith('- states "30 seconds" but [1] says 60 seconds')
