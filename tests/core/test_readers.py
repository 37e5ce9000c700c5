"""Every reader on generated files, the offsets invariant on every format, and PDF highlight boxes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from masis_desktop.core.ingest.chunker import Chunker, tokenizer_offsets
from masis_desktop.core.ingest.readers import read_file, reader_for
from masis_desktop.core.ingest.readers.pdf_reader import pdf_char_boxes
from masis_desktop.core.ingest.readers.text_reader import decode_bytes
from masis_desktop.core.ingest.types import ReadFailed, ReadResult, Unsupported
from tests.core.ingest_fixtures import LONG_MARKDOWN, make_docx, make_pdf

PDF_PAGES = [
    ["Quarterly report for the Oslo office.", "Revenue grew 12% compared with last year.",
     "Headcount rose to 40 engineers and 6 designers."],
    ["Risks", "The main risk is the dependency on a single cloud provider.", "Mitigation: a second region in 2027."],
]


def _read(path: Path) -> ReadResult:
    return read_file(path, path.read_bytes())


def test_pdf_pages_text_and_pdfium_indices(tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    path = make_pdf(tmp_path / "report.pdf", PDF_PAGES)
    result = _read(path)
    assert result.kind == "pdf" and result.page_count == 2
    assert [p.number for p in result.pages] == [1, 2]
    assert "Revenue grew 12% compared with last year." in result.pages[0].text
    assert "single cloud provider" in result.pages[1].text
    pdf = pdfium.PdfDocument(str(path))
    for page in result.pages:
        textpage = pdf[page.number - 1].get_textpage()
        # one stored character per pdfium character index: what makes char boxes line up with stored offsets
        assert len(page.text) == textpage.count_chars()
        word = page.text.index("cloud" if page.number == 2 else "Revenue")
        assert textpage.get_text_range(word, 5) == page.text[word:word + 5]
    pdf.close()


def test_pdf_char_boxes_line_up_with_stored_offsets(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "report.pdf", PDF_PAGES)
    text = _read(path).pages[0].text
    first = text.index("Quarterly")
    second = text.index("Revenue")
    box_first = pdf_char_boxes(path, 1, first, first + len("Quarterly"))
    box_second = pdf_char_boxes(path, 1, second, second + len("Revenue"))
    assert len(box_first) == 1 and len(box_second) == 1
    left, bottom, right, top = box_first[0]
    # drawn at x=72, baseline y=800, 11 pt Helvetica: "Quarterly" is ~45 pt wide
    assert 70 <= left <= 75 and 110 <= right <= 125 and 795 <= bottom < top <= 815
    assert box_second[0][3] < bottom  # the second line is lower on the page
    spanning = pdf_char_boxes(path, 1, first, second + 7)
    assert len(spanning) == 2  # one rectangle per line
    assert pdf_char_boxes(path, 1, 5, 5) == []
    with pytest.raises(ValueError):
        pdf_char_boxes(path, 3, 0, 4)


def test_docx_headings_paragraphs_tables(tmp_path: Path) -> None:
    result = _read(make_docx(tmp_path / "policy.docx"))
    page = result.pages[0]
    assert result.kind == "docx" and page.number is None
    assert page.text.startswith("Travel Policy\n\nEmployees must book flights")
    assert "Oslo | 95 EUR" in page.text and "Lisbon | 60 EUR" in page.text
    assert page.text.index("Per diem rates") < page.text.index("Oslo | 95 EUR") < page.text.index("Alcohol")
    assert [(h.title, h.level) for h in page.headings] == [("Travel Policy", 1), ("Per diem rates", 2)]
    for h in page.headings:
        assert page.text[h.start:h.end] == h.title


def test_markdown_headings_ignore_code_fences(tmp_path: Path) -> None:
    text = "Title\n=====\n\nIntro.\n\n```\n# not a heading\n```\n\n## Real heading\n\nBody.\n"
    path = tmp_path / "notes.md"
    path.write_text(text)
    page = _read(path).pages[0]
    assert [(h.title, h.level) for h in page.headings] == [("Title", 1), ("Real heading", 2)]


@pytest.mark.parametrize(("text", "title"), [
    ("Quarterly Report 2024\n\nRevenue rose. Costs fell.\n", "Quarterly Report 2024"),
    ("Fenland Road Runners, Spalding – Training. Club runs leave at 7pm. Couples pay £45.\n",
     "Fenland Road Runners, Spalding – Training"),
    ("Revenue rose by 5% this year.\nCosts fell.\n", None),  # a sentence, not a title
    ("The shop opens at 9am – unless it snows – and closes at 5pm, every day of the week in the summer months. "
     "More text.\n", None),  # too long for a title
    ("Just one line without an end\n", None),  # nothing under it
])
def test_plain_text_opening_title_is_a_heading(tmp_path: Path, text: str, title: str | None) -> None:
    path = tmp_path / "page.txt"
    path.write_text(text, encoding="utf-8")
    page = _read(path).pages[0]
    assert [h.title for h in page.headings] == ([title] if title else [])
    for h in page.headings:
        assert page.text[h.start:h.end].startswith(h.title)


def test_a_chunk_from_the_middle_of_a_titled_text_file_carries_the_title(tmp_path: Path) -> None:
    from masis_desktop.core.ingest.chunker import regex_offsets

    body = " ".join(f"Sentence {i} says the price is £{i}." for i in range(1, 40))
    path = tmp_path / "page.txt"
    path.write_text(f"Hillside Clays, Thirsk – Prices. {body}\n", encoding="utf-8")
    chunks = Chunker(regex_offsets, chunk_tokens=40, overlap_tokens=0).chunk(_read(path))
    assert len(chunks) > 2
    assert {c.heading for c in chunks} == {"Hillside Clays, Thirsk – Prices"}


def test_csv_and_log_files_get_no_title(tmp_path: Path) -> None:
    path = tmp_path / "prices.csv"
    path.write_text("name price\nkayak 32\n", encoding="utf-8")
    assert _read(path).pages[0].headings == []


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252",
                                      "latin-1", "shift_jis"])
def test_text_in_common_encodings(tmp_path: Path, encoding: str) -> None:
    if encoding == "shift_jis":
        original = "東京の事務所は二〇一八年に開設されました。従業員は四十名です。" * 4
    elif encoding in ("cp1252", "latin-1"):
        original = ("Le café de la gare a ouvert en 1998. Les employés reçoivent une prime à Noël. "
                    "Über die Straße gehen viele Menschen, sagt der Bäcker. ") * 3
    else:
        original = "Naïve café — “quoted” text, 25 € and 東京. Second sentence here.\r\nNext line."
    path = tmp_path / f"doc-{encoding}.txt"
    path.write_bytes(original.encode(encoding))
    page = _read(path).pages[0]
    assert page.text == original.replace("\r\n", "\n")


def test_html_visible_text_only(tmp_path: Path) -> None:
    html = """<!doctype html><html><head><title>T</title><style>body{color:red}</style>
    <script>var secret = "do not index";</script></head><body>
    <nav hidden>Hidden navigation</nav><h1>Release notes</h1><p>Version 2.1 adds <b>offline</b> search &amp; export.</p>
    <div style="display: none">invisible text</div><h2>Fixes</h2>
    <ul><li>Crash on empty files</li><li>Slow start</li></ul>
    <table><tr><th>Module</th><th>Owner</th></tr><tr><td>Search</td><td>Ana</td></tr></table></body></html>"""
    path = tmp_path / "notes.html"
    path.write_text(html)
    page = _read(path).pages[0]
    assert "do not index" not in page.text and "color" not in page.text and "Hidden navigation" not in page.text
    assert "invisible" not in page.text
    assert "Version 2.1 adds offline search & export." in page.text
    assert "- Crash on empty files\n- Slow start" in page.text
    assert "Module | Owner\nSearch | Ana" in page.text
    assert [(h.title, h.level) for h in page.headings] == [("Release notes", 1), ("Fixes", 2)]
    for h in page.headings:
        assert page.text[h.start:h.end] == h.title


def test_code_and_config_by_extension_and_name(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text("def main():\n    return 42\n")
    (tmp_path / "Makefile").write_text("all:\n\techo hi\n")
    (tmp_path / "settings.yaml").write_text("retries: 3\n")
    assert _read(tmp_path / "app.py").kind == "code"
    assert _read(tmp_path / "Makefile").kind == "code"
    assert _read(tmp_path / "settings.yaml").kind == "config"
    assert "\techo hi" in _read(tmp_path / "Makefile").pages[0].text


def test_unknown_binary_and_undecodable_are_reported_not_raised(tmp_path: Path) -> None:
    with pytest.raises(Unsupported, match="unsupported file type"):
        reader_for(Path("photo.jpg"), b"\xff\xd8\xff")
    with pytest.raises(Unsupported, match="legacy Word"):
        reader_for(Path("old.doc"), b"")
    with pytest.raises(Unsupported, match="binary content"):
        decode_bytes(b"\x00\x01\x02\x03\xff\xfe\x00\x00\x10" * 20)
    rng = os.urandom(4096).replace(b"\x00", b"\x01")
    with pytest.raises((Unsupported, ReadFailed)):
        decode_bytes(rng)


def _all_format_files(tmp_path: Path) -> list[Path]:
    md = tmp_path / "handbook.md"
    md.write_text(LONG_MARKDOWN)
    txt = tmp_path / "handbook.txt"
    txt.write_bytes(LONG_MARKDOWN.replace("#", "").replace("\n", "\r\n").encode("cp1252"))
    html = tmp_path / "handbook.html"
    html.write_text("<html><body>" + "".join(
        f"<h2>{block.splitlines()[0].strip('# ')}</h2><p>{' '.join(block.splitlines()[1:])}</p>"
        for block in LONG_MARKDOWN.split("\n\n#")) + "</body></html>")
    code = tmp_path / "module.py"
    code.write_text("\n\n".join(f"def function_{i}(value):\n    '''Return value times {i}.'''\n    return value * {i}"
                                for i in range(60)))
    pdf = make_pdf(tmp_path / "handbook.pdf", [LONG_MARKDOWN.splitlines()[i:i + 30] for i in range(0, 60, 30)])
    return [md, txt, html, code, pdf, make_docx(tmp_path / "policy.docx")]


def test_offsets_invariant_on_every_format(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    chunker = Chunker(tokenizer_offsets(embedder.tokenizer), chunk_tokens=48, overlap_tokens=12,
                      max_tokens=embedder.max_seq_length)
    for path in _all_format_files(tmp_path):
        result = _read(path)
        chunks = chunker.chunk(result)
        assert chunks, path
        pages = {p.number: p.text for p in result.pages}
        for chunk in chunks:
            assert pages[chunk.page][chunk.char_start:chunk.char_end] == chunk.text, (path, chunk)
            assert chunk.text == chunk.text.strip() and chunk.text
        if path.suffix in (".md", ".pdf", ".py"):
            assert len(chunks) > 3, path  # really split, so the invariant is exercised across windows
