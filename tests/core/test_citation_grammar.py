"""The citation grammar: under it, llama.cpp lets the writer end a sentence only with a citation of a shown id."""

from __future__ import annotations

from typing import Any

import pytest

from masis_desktop.core import text as tx
from masis_desktop.core.pipeline import prompts
from masis_desktop.core.pipeline.cite_grammar import citation_grammar
from masis_desktop.settings import PipelineSettings, Settings
from tests.core.pipeline_support import FixedRetriever, Scripted, audit, hit, run, score

PASSAGES = {"c3": "The ferry leaves Kelby Pier at 7:40 and a single ticket costs £7.80.",
            "c12": "The crossing takes 25 minutes."}
QUESTION = "When does the ferry leave, what does it cost and how long is the crossing?"


def _messages() -> list[dict[str, str]]:
    block = "\n".join(f"[{i}] {t}" for i, t in PASSAGES.items())
    return [{"role": "system", "content": prompts.SYNTH_SYSTEM},
            {"role": "user", "content": f"Evidence passages:\n{block}\nQuestion: {QUESTION}"}]


def test_the_grammar_compiles_and_lists_only_the_evidence_ids() -> None:
    from llama_cpp import LlamaGrammar

    grammar = citation_grammar(["c3", "c12", "c3"])
    LlamaGrammar.from_string(grammar, verbose=False)  # raises on a syntax error
    assert 'id ::= "c3" | "c12"\n' in grammar
    with pytest.raises(ValueError):
        citation_grammar([])


@pytest.mark.parametrize("temperature", [0.0, 0.9])
def test_every_sentence_the_model_writes_under_it_cites_a_shown_passage(tiny_llm: Any, temperature: float) -> None:
    text = "".join(tiny_llm.stream(_messages(), max_tokens=400, temperature=temperature,
                                   grammar=citation_grammar(list(PASSAGES))))
    assert text.strip() and text.strip() != prompts.ABSTAIN, text  # it answers here: an abstention would test nothing
    sentences = [s.text for s in tx.split_sentences(text) if s.text.strip() != prompts.PARTIAL]
    assert sentences, text
    for sentence in sentences:
        ids = tx.citation_ids(sentence)
        assert ids and set(ids) <= set(PASSAGES), (sentence, text)


def test_the_writer_is_given_the_grammar_of_the_evidence_shown_only_when_switched_on() -> None:
    answer = "The crossing takes 25 minutes [c1]."
    for on in (False, True):
        scripted = Scripted()
        scripted.synth.enqueue(answer)
        scripted.judge.enqueue(audit(0.9), score())
        settings = Settings(pipeline=PipelineSettings(calculator=False, cite_grammar=on))
        r = run("How long is the crossing?", FixedRetriever([hit("c1", PASSAGES["c12"])]), scripted,
                settings=settings)
        assert r.response["status"] == "success"
        grammar = scripted.synth.calls[0].grammar
        assert (grammar == citation_grammar(["c1"])) if on else grammar is None
        assert r.entries("synthesizer")[0]["cite_grammar"] is on
