"""HTML: visible text only (no scripts, styles, templates or hidden elements), block structure kept as newlines.

Built on the standard library's ``html.parser`` (tolerant of broken markup, no extra dependency). ``<h1>``..``<h6>``
become headings; table cells are separated by `` | `` and rows by newlines.
"""

from __future__ import annotations

import re
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
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_\-]+)""", re.IGNORECASE)


class _VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
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
        if self.hidden_depth or hidden:
            if tag not in _VOID:
                self.hidden_depth += 1
                self.hidden_stack.append(tag)
            return
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


def html_to_text(html: str) -> tuple[str, list[Heading]]:
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
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
