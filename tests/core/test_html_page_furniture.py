"""A web page is read as its content: navigation, search, and the page-wide header and footer stay out."""

from __future__ import annotations

from pathlib import Path

from masis_desktop.core.ingest.chunker import Chunker, regex_offsets
from masis_desktop.core.ingest.readers import read_file
from masis_desktop.core.ingest.readers.html_reader import html_to_text

# The shape of a generated manual's page (Sphinx, Javadoc, MkDocs): menus and "previous/next" links around the
# body, a copyright footer, a search box.
MANUAL_PAGE = """<!doctype html><html><head><title>tarfile</title></head><body>
<div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="i.html">index</a></li>
<li><a href="next.html">next</a> |</li></ul></div>
<div class="document"><div class="sphinxsidebar" role="navigation"><h3>Table of Contents</h3>
<ul><li>tarfile — Read and write tar archive files</li></ul>
<h4>Previous topic</h4><p>zipfile — Work with ZIP archives</p>
<div role="search"><form><input type="text" name="q"></form><p>Go</p></div></div>
<div class="body" role="main"><section><h1>tarfile — Read and write tar archive files</h1>
<p>The tarfile module makes it possible to read and write tar archives, including those using gzip compression.</p>
<header><p>Section header inside the body stays.</p></header>
<h2>Command-Line Interface</h2><p>The default format for new archives is GNU_FORMAT.</p></section></div></div>
<div class="footer">© Copyright 2001-2026. Last updated on October 07, 2026. Found a bug?</div>
</body></html>"""


def test_a_manual_page_keeps_its_main_content_only() -> None:
    text, headings = html_to_text(MANUAL_PAGE)
    assert text.startswith("tarfile — Read and write tar archive files")
    assert "The default format for new archives is GNU_FORMAT." in text
    assert "Section header inside the body stays." in text  # a header inside a section is not page furniture
    for furniture in ("Navigation", "index", "Table of Contents", "Previous topic", "zipfile", "Go", "Copyright",
                      "Found a bug"):
        assert furniture not in text, furniture
    assert [h.title for h in headings] == ["tarfile — Read and write tar archive files", "Command-Line Interface"]
    for h in headings:
        assert text[h.start:h.end] == h.title


def test_landmarks_are_dropped_when_the_page_marks_no_main_content() -> None:
    page = """<html><body><header><p>ACME intranet</p></header><nav><a href="/">Home</a> <a href="/hr">HR</a></nav>
    <article><header><h1>Travel policy</h1></header><p>Economy class is booked for flights under six hours.</p>
    <footer><p>Approved by the board in March.</p></footer></article>
    <aside><p>Related: the expenses policy covers meals.</p></aside>
    <footer><p>Contact the web team.</p></footer></body></html>"""
    text, headings = html_to_text(page)
    assert "ACME intranet" not in text and "Home" not in text and "Contact the web team" not in text
    assert "Economy class is booked for flights under six hours." in text
    assert "Approved by the board in March." in text  # an article's own footer is its content
    assert "the expenses policy covers meals" in text  # an aside is not furniture by itself
    assert [h.title for h in headings] == ["Travel policy"]


def test_explicit_landmark_roles_count_like_the_elements() -> None:
    page = """<html><body><div role="banner">Site title</div><div role="contentinfo">Imprint</div>
    <p>Opening hours are 9 to 5.</p><div role="navigation">Menu</div></body></html>"""
    text, _ = html_to_text(page)
    assert text == "Opening hours are 9 to 5."


def test_a_page_of_nothing_but_navigation_is_read_whole() -> None:
    page = """<html><body><nav><h1>Index</h1><ul><li>Archives: tarfile, zipfile</li><li>Compression: gzip</li>
    </ul></nav></body></html>"""
    text, headings = html_to_text(page)
    assert "Archives: tarfile, zipfile" in text and "Compression: gzip" in text
    assert [h.title for h in headings] == ["Index"]


def test_an_empty_main_does_not_hide_the_page() -> None:
    page = """<html><body><main></main><p>The warranty lasts two years.</p><nav>Menu</nav></body></html>"""
    text, _ = html_to_text(page)
    assert text == "The warranty lasts two years."


def test_broken_markup_inside_main_still_ends_main_at_its_close() -> None:
    page = """<html><body><div role="main"><div><p>Refunds take 14 days.<li>Unclosed item</div></div>
    <div class="footer">Created using Sphinx.</div></body></html>"""
    text, _ = html_to_text(page)
    assert "Refunds take 14 days." in text and "Unclosed item" in text
    assert "Sphinx" not in text


def test_chunks_of_a_manual_page_hold_no_furniture(tmp_path: Path) -> None:
    path = tmp_path / "tarfile.html"
    path.write_text(MANUAL_PAGE)
    result = read_file(path, path.read_bytes())
    chunks = Chunker(regex_offsets, chunk_tokens=40, overlap_tokens=8).chunk(result)
    assert chunks
    page = result.pages[0].text
    for chunk in chunks:
        assert page[chunk.char_start:chunk.char_end] == chunk.text
        assert "Previous topic" not in chunk.text and "Copyright" not in chunk.text


def test_deep_and_broken_nesting_is_read_without_losing_text() -> None:
    """Hostile markup: 20,000 nested elements, stray end tags, unclosed paragraphs (each end tag closes in constant
    time per element; the text is what a browser would show)."""
    deep = "<html><body><main>" + "<div>" * 20_000 + "Deep text." + "</span>" * 20_000 + "</div>" * 20_000
    text, _ = html_to_text(deep + "</main><footer>Imprint</footer></body></html>")
    assert text == "Deep text."
    unclosed = "<html><body>" + "<div><p>word " * 2_000 + "</body></html>"
    text, _ = html_to_text(unclosed)
    assert text.split() == ["word"] * 2_000
    sections = "<html><body>" + "<section>" * 5_000 + "<footer>An article footer.</footer></body></html>"
    assert html_to_text(sections)[0] == "An article footer."


def test_a_permalink_icon_is_not_text_but_an_in_page_link_with_words_is() -> None:
    page = """<html><body><main><h1>gzip — Support for gzip files<a class="headerlink" href="#module-gzip">¶</a></h1>
    <dl><dt>gzip.open(filename)<a class="headerlink" href="#gzip.open">¶</a></dt>
    <dd>Open a file; see <a href="#gzip.GzipFile">the GzipFile class</a> and the note<a href="#fn1">[1]</a>.</dd></dl>
    <p>An external link keeps its symbols: <a href="https://example.org/">→</a></p></main></body></html>"""
    text, headings = html_to_text(page)
    assert "¶" not in text
    assert [h.title for h in headings] == ["gzip — Support for gzip files"]
    assert "gzip.open(filename)" in text
    assert "Open a file; see the GzipFile class and the note[1]." in text
    assert "→" in text
