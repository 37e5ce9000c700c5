"""Chunker: token budgets, sentence/paragraph boundaries, overlap, headings, small documents, exact offsets."""

from __future__ import annotations

import itertools

from masis_desktop.core.ingest.chunker import Chunker, chunking_version, regex_offsets, tokenizer_offsets
from masis_desktop.core.ingest.readers.text_reader import markdown_headings
from masis_desktop.core.ingest.types import PageText, ReadResult
from tests.core.ingest_fixtures import LONG_MARKDOWN


def _markdown(text: str) -> ReadResult:
    return ReadResult("markdown", [PageText(None, text, markdown_headings(text))])


def _tokens(text: str) -> int:
    return len(regex_offsets(text))


def test_small_document_stays_whole() -> None:
    text = "# Note\n\nThe badge office is on floor 2. It opens at 9."
    chunks = Chunker(regex_offsets, chunk_tokens=40, overlap_tokens=8).chunk(_markdown(text))
    assert len(chunks) == 1
    assert chunks[0].text == text and chunks[0].heading == "Note"


def test_budget_sentences_and_offsets() -> None:
    result = _markdown(LONG_MARKDOWN)
    chunker = Chunker(regex_offsets, chunk_tokens=60, overlap_tokens=15)
    chunks = chunker.chunk(result)
    text = result.pages[0].text
    assert len(chunks) >= 5
    for chunk in chunks:
        assert text[chunk.char_start:chunk.char_end] == chunk.text
        assert _tokens(chunk.text) <= 60
        # chunks end at a sentence end or a heading/paragraph edge, never mid-word
        assert chunk.text[-1] in ".!?:" or text[chunk.char_end:chunk.char_end + 1] in ("\n", "")


def test_headings_start_chunks_and_travel_with_them() -> None:
    result = _markdown(LONG_MARKDOWN)
    chunks = Chunker(regex_offsets, chunk_tokens=60, overlap_tokens=15).chunk(result)
    for chunk in chunks:
        # no chunk ends on a heading line: the heading goes with the section it names
        assert not chunk.text.rstrip().splitlines()[-1].startswith("#")
    starts = [c for c in chunks if c.text.startswith("## Communication")]
    assert starts and starts[0].heading == "Incident response handbook > Communication"
    follow = [c for c in chunks if "ninety days" in c.text]
    assert follow[0].heading == "Incident response handbook > Post-incident review > Follow-up actions"


def test_overlap_between_consecutive_chunks_of_a_section() -> None:
    sentences = " ".join(f"Sentence number {i} talks about topic {i % 7} in detail." for i in range(40))
    result = ReadResult("text", [PageText(None, sentences)])
    chunks = Chunker(regex_offsets, chunk_tokens=50, overlap_tokens=20).chunk(result)
    assert len(chunks) > 3
    overlapping = sum(1 for a, b in itertools.pairwise(chunks) if b.char_start < a.char_end)
    assert overlapping == len(chunks) - 1
    for a, b in itertools.pairwise(chunks):
        assert b.char_start > a.char_start  # always advances
        assert _tokens(a.text[b.char_start - a.char_start:]) <= 20


def test_overlong_sentence_is_split_between_words() -> None:
    text = " ".join(f"word{i}" for i in range(500))  # one "sentence" without punctuation
    chunks = Chunker(regex_offsets, chunk_tokens=64, overlap_tokens=0).chunk(ReadResult("text", [PageText(None, text)]))
    assert len(chunks) >= 8
    for chunk in chunks:
        assert _tokens(chunk.text) <= 64
        assert text[chunk.char_start:chunk.char_end] == chunk.text
        assert chunk.char_start == 0 or text[chunk.char_start - 1] == " "
    assert " ".join(c.text for c in chunks) == text


def test_code_is_split_on_lines() -> None:
    code = "\n".join(f"    total += compute_value(item_{i}, factor={i})" for i in range(200))
    chunks = Chunker(regex_offsets, chunk_tokens=80, overlap_tokens=0).chunk(ReadResult("code", [PageText(None, code)]))
    for chunk in chunks:
        assert chunk.text.endswith(")")  # whole lines only
        assert code[chunk.char_start:chunk.char_end] == chunk.text


def test_pdf_chunks_never_cross_pages() -> None:
    pages = [PageText(n, f"Page {n} says something about budgets. " * 30) for n in (1, 2, 3)]
    chunks = Chunker(regex_offsets, chunk_tokens=50, overlap_tokens=10).chunk(ReadResult("pdf", pages))
    assert {c.page for c in chunks} == {1, 2, 3}
    for chunk in chunks:
        assert pages[chunk.page - 1].text[chunk.char_start:chunk.char_end] == chunk.text  # type: ignore[operator]


def test_real_tokenizer_budget_respects_encoder_limit(embedder) -> None:  # type: ignore[no-untyped-def]
    chunker = Chunker(tokenizer_offsets(embedder.tokenizer), chunk_tokens=512, overlap_tokens=32,
                      max_tokens=embedder.max_seq_length)
    assert chunker.budget <= embedder.max_seq_length - 24
    chunks = chunker.chunk(ReadResult("text", [PageText(None, LONG_MARKDOWN * 4)]))
    for chunk in chunks:
        assert embedder.count_tokens(chunk.text) <= chunker.budget + 2  # +2: tokens split at span edges


def test_chunking_version_names_everything_that_changes_chunks() -> None:
    assert chunking_version(160, 32, "minilm") != chunking_version(128, 32, "minilm")
    assert chunking_version(160, 32, "minilm") != chunking_version(160, 16, "minilm")
    assert chunking_version(160, 32, "minilm") != chunking_version(160, 32, "other")
