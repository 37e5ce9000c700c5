"""Companion passages: the second document a question joins is kept although it scores low on its own."""

from __future__ import annotations

from masis_desktop.core.pipeline.researcher import research
from masis_desktop.settings import RetrievalSettings
from tests.core.pipeline_support import FixedRetriever, hit

QUESTION = "Which magazine was started first, Arthur's Magazine or First for Women?"
ARTHUR = hit("c1", "Arthur's Magazine (1844-1846) was an American literary periodical.", relevance=0.81)
UNRELATED = hit("c2", "The magazine industry grew in the 1850s in Philadelphia.", relevance=0.30)
WOMEN = hit("c3", "First for Women is a woman's magazine published by Bauer Media Group in 1989.", relevance=0.12)
REPEAT = hit("c4", "Arthur's Magazine was edited by Timothy Shay Arthur.", relevance=0.20)


def test_a_passage_covering_the_questions_other_half_is_kept() -> None:
    found = research(QUESTION, FixedRetriever([ARTHUR, UNRELATED, REPEAT, WOMEN]),
                     RetrievalSettings(companions=2), iteration=0)
    assert [h.chunk_id for h in found.kept] == ["c1", "c3"]  # c2 and c4 add no word of the question


def test_without_companions_or_without_a_passing_passage_nothing_is_added() -> None:
    retriever = FixedRetriever([ARTHUR, UNRELATED, REPEAT, WOMEN])
    assert [h.chunk_id for h in research(QUESTION, retriever, RetrievalSettings(), iteration=0).kept] == ["c1"]
    low = FixedRetriever([UNRELATED, WOMEN])
    assert research(QUESTION, low, RetrievalSettings(companions=2), iteration=0).kept == []
