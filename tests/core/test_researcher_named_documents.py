"""A question that names a document by its file name gets that document's best passage into the evidence, even
below the relevance threshold, when the kept passages all come from other documents."""

from __future__ import annotations

from masis_desktop.core.pipeline.researcher import research
from masis_desktop.settings import RetrievalSettings
from tests.core.pipeline_support import FixedRetriever, hit

QUESTION = "How long must a written offer for source code stay valid under the Apache License 2.0?"
GPL = hit("c1", "a written offer, valid for at least three years, to give anyone a copy of the source",
          relevance=0.82, document="GPL-3.txt")
APACHE = hit("c2", "You must give any other recipients of the Work a copy of this License", relevance=0.41,
             document="Apache-2.0.txt")
APACHE_LOW = hit("c3", "Apache License Version 2.0, January 2004", relevance=0.20, document="Apache-2.0.txt")
MPL = hit("c4", "the Source Code Form must be made available", relevance=0.35, document="MPL-2.0.txt")


def ids(question: str, hits: list) -> list[str]:  # type: ignore[type-arg]
    found = research(question, FixedRetriever(hits), RetrievalSettings(), iteration=0)
    return [h.chunk_id for h in found.kept]


def test_the_named_documents_best_passage_joins_the_kept_ones() -> None:
    found = research(QUESTION, FixedRetriever([GPL, MPL, APACHE, APACHE_LOW]), RetrievalSettings(), iteration=0)
    assert [h.chunk_id for h in found.kept] == ["c1", "c2"]
    assert found.named == ["c2"] and found.entry(0)["named_document_chunks"] == ["c2"]


def test_nothing_is_added_when_a_kept_passage_is_from_the_named_document_or_none_is_named() -> None:
    kept_apache = hit("c5", "Apache License 2.0 grants a copyright license", relevance=0.7, document="Apache-2.0.txt")
    assert ids(QUESTION, [GPL, kept_apache, APACHE]) == ["c1", "c5"]
    assert ids("How long must a written offer stay valid?", [GPL, MPL, APACHE]) == ["c1"]


def test_the_zero_relevance_rule_is_kept() -> None:
    """Nothing over the threshold: the named document does not turn an escalation into an answer."""
    assert ids(QUESTION, [MPL, APACHE]) == []
