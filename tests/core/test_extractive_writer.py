"""The extractive writer: the critic model names the answering passage and copies the answer; code phrases it."""

from __future__ import annotations

from masis_desktop.core.grounding.evidence import build_context
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.pipeline import prompts
from masis_desktop.core.pipeline.synthesizer import extract, extraction_model, phrase
from masis_desktop.core.text import ABSTAIN
from tests.core.pipeline_support import hit

HITS = [hit("c1", "Arthur's Magazine (1844-1846) was an American literary periodical."),
        hit("c2", "First for Women is a woman's magazine first published in 1989.", document="b.md")]
QUESTION = "Which magazine was started first, Arthur's Magazine or First for Women?"


def _context():  # type: ignore[no-untyped-def]
    return build_context(QUESTION, HITS, budget_tokens=400, count_tokens=lambda t: len(t) // 4)


def _drain(gen):  # type: ignore[no-untyped-def]
    tokens = []
    while True:
        try:
            tokens.append(next(gen))
        except StopIteration as stop:
            return tokens, stop.value


def test_the_answer_is_cited_to_the_passage_that_writes_it() -> None:
    context = _context()
    assert phrase("Arthur's Magazine", "c1", context) == "Arthur's Magazine [c1]."
    assert phrase("published in 1989", "c1", context) == "Published in 1989 [c2]."  # the named passage lacks it
    assert phrase("", "c1", context) == ABSTAIN and phrase("Arthur's Magazine", "none", context) == ABSTAIN
    assert phrase("Arthur's Magazine [c1].", "c1", context) == "Arthur's Magazine [c1]."


def test_extract_asks_the_model_once_under_the_audits_prefix_and_abstains_on_none() -> None:
    context = _context()
    llm = ScriptedLLM().enqueue({"passage": "c1", "answer": "Arthur's Magazine"}, {"passage": "none", "answer": ""})
    tokens, draft = _drain(extract(QUESTION, context, llm, iteration=0))
    assert draft.text == "Arthur's Magazine [c1]." and [t.text for t in tokens] == [draft.text]
    messages = llm.calls[0].messages
    assert messages[0]["content"] == prompts.AUDITOR_SYSTEM
    assert messages[1]["content"].startswith(prompts.evidence_prefix(QUESTION, context))
    assert prompts.auditor_body(QUESTION, context, "S1", "x").startswith(prompts.evidence_prefix(QUESTION, context))
    _tokens, none = _drain(extract(QUESTION, context, llm, iteration=1))
    assert none.text == ABSTAIN and none.entry["passage"] == "none"


def test_the_schema_allows_only_evidence_ids_or_none() -> None:
    schema = extraction_model(["c1", "c2"]).model_json_schema()
    assert sorted(schema["$defs"]["Passage"]["enum"]) == ["c1", "c2", "none"]


def test_a_none_like_answer_abstains_and_the_schema_asks_the_answer_first() -> None:
    context = _context()
    assert phrase("None", "c1", context) == ABSTAIN and phrase("N/A", "c2", context) == ABSTAIN
    assert list(extraction_model(["c1"]).model_fields) == ["answer", "passage"]
