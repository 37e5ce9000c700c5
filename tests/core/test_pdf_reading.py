"""A PDF read as a reader sees it: running headers, footers and page numbers and the contents page stay out of the
chunks, a word hyphenated across a line is rejoined in what models and checks read, and every offset stays a pdfium
character index (stored text, chunk offsets, support spans, highlight boxes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from masis_desktop.core.grounding.claims import Source
from masis_desktop.core.grounding.evidence import build_context
from masis_desktop.core.grounding.reading import SOFT_HYPHEN
from masis_desktop.core.grounding.support import Embeddings, support
from masis_desktop.core.ingest.chunker import Chunker, ChunkSpan, regex_offsets
from masis_desktop.core.ingest.readers import read_file
from masis_desktop.core.ingest.readers.pdf_reader import pdf_char_boxes
from masis_desktop.core.ingest.types import PageText, ReadResult
from masis_desktop.core.schemas import SearchHit

HEADER = "Acme Pump Manual, Release 2.1"
FOOTER = "Chapter 1. Installing the pump"
TOC = [
    "1 Installing the pump . . . . . . . . . . . . . . . . . . . . . . 1",
    "1.1 Priming . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1",
    "1.2 Valves . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 2",
    "1.3 The impeller . . . . . . . . . . . . . . . . . . . . . . . . . . 3",
    "1.4 Storage . . . . . . . . . . . . . . . . . . . . . . . . . . . . 5",
]
BODY = [
    ["The inlet valve opens at 40 kPa. A well-known rule is to check it weekly.",
     "The pump must be primed be-",
     "tween every two runs of the well-",
     "known cycle."],
    ["The outlet valve closes at 65 kPa when the pump stops."],
    ["The impeller is replaced every 2,000 hours of running."],
    ["Drain the casing before a frost; the drain plug sits under the inlet."],
    ["Store the pump indoors at 5 to 30 degrees Celsius."],
]
TOP, LINE = 800, 17


def _manual(path: Path) -> Path:
    """Six A4 pages: a contents page with dot leaders (printed page "i"), then five body pages, each with the
    running header and a footer that repeats the chapter title with the printed page number (1..5)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 11)
    c.drawString(72, 815, HEADER)
    c.drawString(72, TOP, "Contents")
    for i, line in enumerate(TOC, start=1):
        c.drawString(72, TOP - i * LINE, line)
    c.drawString(290, 40, "i")
    c.showPage()
    for number, lines in enumerate(BODY, start=1):
        c.setFont("Helvetica", 11)
        c.drawString(72, 815, HEADER)
        for i, line in enumerate(lines):
            c.drawString(72, TOP - i * LINE, line)
        c.drawString(72, 40, f"{FOOTER}    {number}")
        c.showPage()
    c.save()
    return path


@pytest.fixture(scope="module")
def manual(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ReadResult, list[ChunkSpan]]:
    path = _manual(tmp_path_factory.mktemp("pdf") / "manual.pdf")
    result = read_file(path, path.read_bytes())
    return path, result, Chunker(regex_offsets).chunk(result)


def _hit(chunk: ChunkSpan, cid: str = "c1") -> SearchHit:
    return SearchHit(chunk_id=cid, document="manual.pdf", document_id=1, page=chunk.page,
                     char_start=chunk.char_start, char_end=chunk.char_end, text=chunk.text)


def test_stored_pdf_text_is_still_one_character_per_pdfium_index(manual) -> None:  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    path, result, _ = manual
    pdf = pdfium.PdfDocument(str(path))
    try:
        for page in result.pages:
            textpage = pdf[page.number - 1].get_textpage()
            assert len(page.text) == textpage.count_chars()
            # what a reader sees is still there, verbatim: furniture is left out of chunks, not out of the page
            assert HEADER in page.text
            textpage.close()
    finally:
        pdf.close()


def test_chunks_hold_no_running_header_footer_page_number_or_contents(manual) -> None:  # type: ignore[no-untyped-def]
    _, result, chunks = manual
    pages = {p.number: p.text for p in result.pages}
    assert {c.page for c in chunks} == {2, 3, 4, 5, 6}  # the contents page is not chunked
    for chunk in chunks:
        assert pages[chunk.page][chunk.char_start:chunk.char_end] == chunk.text  # exact slices of the stored text
        assert "Acme Pump Manual" not in chunk.text
        assert "Chapter 1" not in chunk.text and ". . . ." not in chunk.text
        assert not chunk.text.rstrip().endswith(("1", "2", "3", "4", "5"))  # no printed page number
    texts = " ".join(c.text for c in chunks)
    for lines in BODY:
        assert lines[0] in texts


def test_line_end_hyphen_is_a_soft_hyphen_when_one_word_and_a_hyphen_in_a_compound(manual) -> None:  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    path, result, _ = manual
    text = result.pages[1].text
    broken = text.index("be" + SOFT_HYPHEN + "tween")
    # the document writes "well-known" on one line, so the broken "well-" + "known" is that compound
    assert "the well-known cycle" in text
    pdf = pdfium.PdfDocument(str(path))
    try:
        textpage = pdf[1].get_textpage()
        assert pdfium_c.FPDFText_IsHyphen(textpage, broken + 2) == 1  # the stored soft hyphen is pdfium's marker
        textpage.close()
    finally:
        pdf.close()


def test_reading_text_rejoins_the_word_and_the_support_span_maps_back_to_stored_text(manual) -> None:  # type: ignore[no-untyped-def]
    _, result, chunks = manual
    chunk = next(c for c in chunks if SOFT_HYPHEN in c.text)
    hit = _hit(chunk)
    src = Source.of(hit)
    assert "primed between every two runs of the well-known cycle." in src.text
    assert "be-tween" not in src.text and SOFT_HYPHEN not in src.text

    score, span = support("The pump must be primed between every two runs.", [src], Embeddings(None))
    assert span is not None and score > 0.5
    raw = chunk.text[span.char_start:span.char_end]
    assert raw == "The pump must be primed be\u00adtween every two runs of the well-known cycle."
    assert src.quote(span.char_start, span.char_end) == \
        "The pump must be primed between every two runs of the well-known cycle."
    page = result.pages[chunk.page - 1].text
    assert page[chunk.char_start + span.char_start:chunk.char_start + span.char_end] == raw


def test_highlight_of_a_sentence_after_the_header_lands_on_its_characters(manual) -> None:  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    path, _, chunks = manual
    sentence = "The outlet valve closes at 65 kPa when the pump stops."
    chunk = next(c for c in chunks if sentence in c.text)
    assert chunk.page is not None
    start = chunk.char_start + chunk.text.index(sentence)
    boxes = pdf_char_boxes(path, chunk.page, start, start + len(sentence))
    assert len(boxes) == 1
    left, bottom, right, top = boxes[0]
    assert abs(left - 72) < 2 and bottom < TOP + 11 and top > TOP  # the body line, not the header above it
    pdf = pdfium.PdfDocument(str(path))
    try:
        textpage = pdf[chunk.page - 1].get_textpage()
        assert textpage.get_text_bounded(left, bottom, right, top).strip() == sentence
        textpage.close()
    finally:
        pdf.close()


def test_evidence_block_shows_the_rejoined_word(manual) -> None:  # type: ignore[no-untyped-def]
    _, _, chunks = manual
    hit = _hit(next(c for c in chunks if SOFT_HYPHEN in c.text))
    context = build_context("How often must the pump be primed?", [hit], budget_tokens=400)
    assert "primed between every two runs" in context.block()
    assert SOFT_HYPHEN not in context.block()


def test_rechunking_stored_pages_leaves_out_the_furniture_too(manual) -> None:  # type: ignore[no-untyped-def]
    # what a workspace does when the chunking version changes: chunk the pages it stored, as a whole document
    _, result, chunks = manual
    stored = [PageText(p.number, p.text) for p in result.pages]
    again = Chunker(regex_offsets).chunk_pages(stored, "pdf")
    assert [(c.page, c.char_start, c.char_end) for c in again] == [(c.page, c.char_start, c.char_end) for c in chunks]
    one_by_one = [s for p in stored for s in Chunker(regex_offsets).chunk_page(p, "pdf", [])]
    assert any(HEADER in c.text for c in one_by_one)  # page by page, the header cannot be told from the body
