"""The span highlighted for a cited sentence is where its figures are stated, then the closest in words."""

from __future__ import annotations

from masis_desktop.core.grounding.claims import Source
from masis_desktop.core.grounding.support import Embeddings, support
from masis_desktop.core.schemas import SearchHit

GZIP = ("The gzip module provides a simple command line interface to compress or decompress files.\n\n"
        "Once executed the gzip module keeps the input file(s).\n\n"
        "Changed in version 3.8: Add a new command line interface with a usage. By default, when you will execute "
        "the CLI, the default compression level is 6.")


def _source(text: str, chunk_id: str = "c1") -> Source:
    return Source.of(SearchHit(chunk_id=chunk_id, document="gzip.html", document_id=1, char_start=0,
                               char_end=len(text), text=text))


def test_the_highlight_is_the_sentence_stating_the_claims_figure() -> None:
    claim = "By default, the gzip command line interface compresses at level 6."
    _, span = support(claim, [_source(GZIP)], Embeddings(None))
    assert span is not None
    assert GZIP[span.char_start:span.char_end] == \
        "By default, when you will execute the CLI, the default compression level is 6."


def test_without_figures_the_closest_sentence_in_words_is_highlighted() -> None:
    claim = "The gzip module offers a command line interface to compress files."
    _, span = support(claim, [_source(GZIP)], Embeddings(None))
    assert span is not None
    assert GZIP[span.char_start:span.char_end].startswith("The gzip module provides a simple command line")


def test_the_sentence_with_most_of_the_figures_wins_across_cited_chunks() -> None:
    prices = "Adult tickets cost £10. Children under 16 pay £5 each."
    other = "The theatre opened in 1910 and seats 300 people, adults and children alike."
    claim = "Two adults and a child pay £25 (2 × £10 + £5)."
    _, span = support(claim, [_source(other, "c2"), _source(prices, "c1")], Embeddings(None))
    assert span is not None and span.chunk_id == "c1"
