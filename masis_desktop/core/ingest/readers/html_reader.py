"""HTML: the page's content as a reader sees it, block structure kept as newlines.

Left out: what is never visible (scripts, styles, templates, hidden elements) and the page's furniture, named by
the page itself in HTML's landmark semantics (WAI-ARIA, HTML-AAM): navigation (``<nav>``, ``role="navigation"``),
search forms (``role="search"``), and the page-wide header and footer (``role="banner"``/``"contentinfo"``, or a
``<header>``/``<footer>`` outside any article, aside, main, nav or section). When the page marks its main content
(``<main>`` or ``role="main"``) and that holds text, only the main content is read. A generated manual repeats its
menus, "previous/next topic" links and copyright footer on every page; as chunks they are retrieved for questions
they cannot answer and quoted as answers, the web page's version of a PDF's running headers (``furniture.py``).
A page whose every word is furniture (an index of links) is read whole rather than lost. The text of a link to a
place in the same page (``href="#..."``) that holds no letter or digit is a link icon (the "¶" permalink a
generated manual puts after every heading and definition), not a word of the page.

Built on the standard library's ``html.parser`` (tolerant of broken markup, no extra dependency). ``<h1>``..``<h6>``
become headings; table cells are separated by `` | `` and rows by newlines.
"""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from masis_desktop.core.ingest.readers.text_reader import decode_bytes, normalise_text
from masis_desktop.core.ingest.types import Heading, PageText, ReadResult

_INVISIBLE = {"script", "style", "noscript", "template", "head", "svg", "math", "iframe", "object", "canvas"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
_BLOCK = {
    "address", "article", "aside", "blockquote", "body", "dd", "details", "div", "dl", "dt", "fieldset", "figcaption",
    "figure", "footer", "form", "header", "hr", "html", "li", "main", "nav", "ol", "p", "pre", "section", "summary",
    "table", "tbody", "thead", "tfoot", "tr", "ul", "caption",
}
_SECTIONING = {"article", "aside", "main", "nav", "section"}  # a header/footer inside one is not page furniture
_FURNITURE_ROLES = {"navigation", "search", "banner", "contentinfo"}
_FRAGMENT_LINK = "a#"  # an open <a href="#..."> on the open-element stack
_WORD_CHAR = re.compile(r"[^\W_]")
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_\-]+)""", re.IGNORECASE)


def _is_furniture(tag: str, attributes: dict[str, str | None], sectioned: bool) -> bool:
    """Whether an element is a landmark of page furniture (see the module docstring)."""
    role = (attributes.get("role") or "").strip().lower()
    if role in _FURNITURE_ROLES:
        return True
    return tag == "nav" or (tag in ("header", "footer") and not role and not sectioned)


def _is_main(tag: str, attributes: dict[str, str | None]) -> bool:
    return tag == "main" or (attributes.get("role") or "").strip().lower() == "main"


class _VisibleText(HTMLParser):
    """One pass over a page. ``skip_furniture`` leaves landmark furniture out; ``main_only`` reads only the text
    inside the main landmark(s). ``main_chars`` counts the non-space characters seen inside a main landmark, so a
    first pass tells whether ``main_only`` would leave anything."""

    def __init__(self, *, skip_furniture: bool = False, main_only: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.skip_furniture = skip_furniture
        self.main_only = main_only
        self.open_tags: list[str] = []  # visible open elements, for the sectioning context of header/footer
        self.open_counts: Counter[str] = Counter()  # the same as counts: constant-time checks on deep nesting
        self.main_tag: str | None = None  # the element that opened the current main landmark
        self.main_nesting = 0  # open elements named main_tag since it opened (itself included)
        self.main_chars = 0
        self.fragment_links = 0  # open <a href="#..."> elements: their symbol-only text is an icon
        self.link_text: list[str] = []  # the text of the outermost open in-page link, held until it closes
        self.parts: list[str] = []
        self.length = 0
        self.hidden_depth = 0
        self.hidden_stack: list[str] = []
        self.pre_depth = 0
        self.headings: list[Heading] = []
        self._heading: tuple[int, int] | None = None  # (level, start offset)
        self._cell_open = False
        self.trailing_newlines = 0

    # --- output helpers
    def _tail(self) -> str:
        return self.parts[-1][-1:] if self.parts else "\n"

    def _emit(self, text: str) -> None:
        if not text:
            return
        self.parts.append(text)
        self.length += len(text)
        body = text.rstrip("\n")
        self.trailing_newlines = len(text) - len(body) if body else self.trailing_newlines + len(text)

    def _newline(self, blank: bool = False) -> None:
        """End the current line (or paragraph, ``blank``); never more than one blank line in a row."""
        if not self.parts:
            return
        if self.trailing_newlines == 0 and self.parts[-1].endswith(" "):
            self.parts[-1] = self.parts[-1][:-1]  # no offsets were recorded past the current end
            self.length -= 1
        want = 2 if blank else 1
        if self.trailing_newlines < want:
            self._emit("\n" * (want - self.trailing_newlines))

    # --- parser callbacks
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        hidden = tag in _INVISIBLE or "hidden" in attributes or attributes.get("aria-hidden") == "true" or (
            "display:none" in (attributes.get("style") or "").replace(" ", "").lower())
        if self.skip_furniture and not hidden and not self.hidden_depth:
            hidden = _is_furniture(tag, attributes, any(self.open_counts[t] for t in _SECTIONING))
        if self.hidden_depth or hidden:
            if tag not in _VOID:
                self.hidden_depth += 1
                self.hidden_stack.append(tag)
            return
        if tag not in _VOID:
            self.open_tags.append(tag)
            self.open_counts[tag] += 1
            if tag == "a" and (attributes.get("href") or "").startswith("#"):
                self.fragment_links += 1
                self.open_tags[-1] = _FRAGMENT_LINK  # closed by </a> like any a
            if self.main_tag is None and _is_main(tag, attributes):
                self.main_tag, self.main_nesting = tag, 1
            elif tag == self.main_tag:
                self.main_nesting += 1
        if tag in _HEADINGS:
            self._newline(blank=True)
            self._heading = (_HEADINGS[tag], self.length)
        elif tag == "br":
            self._emit("\n")
        elif tag in ("td", "th"):
            if self._cell_open:
                self._emit(" | ")
            self._cell_open = True
        elif tag == "tr":
            self._newline()
            self._cell_open = False
        elif tag in ("p", "div", "section", "article", "blockquote", "pre", "table", "ul", "ol", "dl"):
            self._newline(blank=True)
        elif tag in _BLOCK:
            self._newline()
        if tag == "pre":
            self.pre_depth += 1
        if tag == "li":
            self._emit("- ")

    def handle_endtag(self, tag: str) -> None:
        if self.hidden_depth:
            if self.hidden_stack and self.hidden_stack[-1] == tag:
                self.hidden_stack.pop()
                self.hidden_depth -= 1
            elif tag in self.hidden_stack:  # tolerate unclosed inner tags
                while self.hidden_stack and self.hidden_stack.pop() != tag:
                    self.hidden_depth -= 1
                self.hidden_depth -= 1
            return
        if self.open_counts[tag]:  # close it and any inner element left unclosed; a stray end tag closes nothing
            while True:
                closed = self.open_tags.pop()
                if closed == _FRAGMENT_LINK:
                    self.fragment_links -= 1
                    closed = "a"
                    if not self.fragment_links:
                        self.flush_link()
                self.open_counts[closed] -= 1
                if closed == self.main_tag:
                    self.main_nesting -= 1
                    if self.main_nesting == 0:
                        self.main_tag = None
                if closed == tag:
                    break
        if tag in _HEADINGS and self._heading is not None:
            level, start = self._heading
            text = "".join(self.parts)[start:]
            stripped = text.strip()
            if stripped:
                lead = len(text) - len(text.lstrip())
                self.headings.append(Heading(start + lead, start + lead + len(stripped), level, stripped))
            self._heading = None
            self._newline(blank=True)
        elif tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)
            self._newline(blank=True)
        elif tag == "tr":
            self._cell_open = False
            self._newline()
        elif tag in ("p", "table", "ul", "ol", "dl", "blockquote"):
            self._newline(blank=True)
        elif tag in _BLOCK:
            self._newline()

    def handle_data(self, data: str) -> None:
        if self.hidden_depth:
            return
        if self.main_tag is not None:
            self.main_chars += len(data.strip())
        elif self.main_only:
            return
        if self.fragment_links:
            self.link_text.append(data)
            return
        self._text(data)

    def flush_link(self) -> None:
        """Emit the held text of an in-page link unless, taken whole, it is symbols only (an icon such as "¶"):
        a footnote's "[1]" is kept, since its brackets and number arrive as separate pieces."""
        held, self.link_text = self.link_text, []
        whole = "".join(held)
        if whole.strip() and not _WORD_CHAR.search(whole):
            return
        for data in held:
            self._text(data)

    def _text(self, data: str) -> None:
        if self.pre_depth:
            self._emit(data)
            return
        collapsed = re.sub(r"\s+", " ", data)
        if not collapsed.strip():
            if collapsed and self._tail() not in (" ", "\n"):
                self._emit(" ")
            return
        if self._tail() in (" ", "\n"):
            collapsed = collapsed.lstrip()
        self._emit(collapsed)


def _parse(html: str, *, skip_furniture: bool, main_only: bool) -> _VisibleText:
    parser = _VisibleText(skip_furniture=skip_furniture, main_only=main_only)
    parser.feed(html)
    parser.close()
    parser.flush_link()  # a link left open at the end of the page
    return parser


def _has_text(parser: _VisibleText) -> bool:
    return any(part.strip() for part in parser.parts)


def html_to_text(html: str) -> tuple[str, list[Heading]]:
    """The page's content text and its headings (offsets into that text); see the module docstring."""
    parser = _parse(html, skip_furniture=True, main_only=False)
    if parser.main_chars:
        main = _parse(html, skip_furniture=True, main_only=True)
        if _has_text(main):
            parser = main
    if not _has_text(parser):
        parser = _parse(html, skip_furniture=False, main_only=False)
    text = "".join(parser.parts)
    # Drop trailing spaces at line ends without moving any heading offsets: only strip the very end.
    stripped = text.rstrip()
    return stripped, [h for h in parser.headings if h.end <= len(stripped)]


class HtmlReader:
    kind = "html"

    def read(self, path: Path, data: bytes) -> ReadResult:
        declared = _META_CHARSET.search(data[:4096])
        text: str | None = None
        if declared:
            try:
                text = data.decode(declared.group(1).decode("ascii"))
            except (LookupError, UnicodeDecodeError):
                text = None
        if text is None:
            text, _ = decode_bytes(data)
        visible, headings = html_to_text(normalise_text(text))
        return ReadResult(self.kind, [PageText(None, visible, headings)])
