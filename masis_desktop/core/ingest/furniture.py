"""Page furniture of a paged document: running headers and footers, page numbers, contents and index pages.

Why: a manual repeats "Debian Policy Manual, Release 4.6.2.0" on every page and lists "/var/lock: Lock files
....... 97" on its contents pages. Chunked with the body, that text is retrieved, shown to the models and copied
into answers. It is navigation, not statements, so it is kept out of the chunks; the stored page text stays what
pdfium extracted, character for character, so offsets and highlights are untouched.

Running lines (``furniture_spans``), found by structure across the document, never by a document's words. A line
near the top or bottom edge of a page is furniture when

- its text, digits folded, stands at the edge of many pages ("Debian Developer's Reference, Release 12.18";
  "Page 3 of 9"): on at least ``_repeat_pages`` pages;
- it starts or ends with the page's printed number, the printed number being the page index plus an offset that
  many pages share ("Chapter 1: Introduction and preliminaries 5", "3.2. Administrative Duties 13"); at the top
  of a page a line *starting* with it must stand on another page too, or "1 Introduction" on page 1 would go;
- it is a lone page number (arabic or roman) at the very edge, or one matching a shared offset.

Only whole lines from the edge inward are taken, stopping at the first body line, so furniture is always a prefix
and a suffix of the page: a chunk (trimmed to non-blank text) therefore never contains blanked furniture, and every
chunk stays an exact slice of the stored page text even though it was cut from the blanked one.

Contents and index pages (``is_navigation_page``), by the page's own structure: most of its lines end in page
references, and either it opens with a "Contents"/"Index" title, or its lines carry dot leaders and their page
numbers never go down (a contents page) or their entries are in alphabetical order (an index page). A price list
with dot leaders ("Coffee ...... 3") has neither order, and decimal or currency figures are never page numbers.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from masis_desktop.core.ingest.types import PageText

EDGE_LINES = 3  # lines examined at each edge of a page
MAX_WORDS = 14  # a running line is short
_DIGITS = re.compile(r"\d+")
# a lowercase roman numeral, as front matter numbers its pages ("iv"); "MIX" or "I" on a line are words
_ROMAN = re.compile(r"(?=[clxvi])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
_LONE_NUMBER = re.compile(r"\d{1,4}")
_EDGE_NUMBER = re.compile(r"^(\d{1,4})(?=\s)|(?<=\s)(\d{1,4})$")
# page references ending a line: "12", "12, 45", "8–11", "vii"
_REFS = r"(?:\d{1,4}(?:\s*[,–-]\s*\d{1,4})*|[ivxlc]{1,6})"
# ... after a space or a dot leader, never the decimals of "3.50" nor a figure glued to "£3" or "v2"
_PAGE_REF = re.compile(rf"(?:^|(?<=\s)|(?<=\.)(?<!\d\.)){_REFS}$")
_LEADER = re.compile(rf"(?:\.\s?){{4,}}\s*{_REFS}$")
_TITLE = re.compile(r"(?:table\s+of\s+)?contents|(?:[\w&:,]+\s+){0,6}index", re.IGNORECASE)


def _lines(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every non-blank line, stripped (``end`` excludes the line break)."""
    out = []
    pos = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped:
            lead = len(line) - len(line.lstrip())
            out.append((pos + lead, pos + lead + len(stripped)))
        pos += len(line) + 1
    return out


def _key(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.split()).casefold())


def _is_roman(token: str) -> bool:
    return bool(_ROMAN.fullmatch(token))


def _edges(lines: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The lines at a page's edges, top ones first then bottom ones (each line once)."""
    top = lines[:EDGE_LINES]
    bottom = [ln for ln in lines[-EDGE_LINES:] if ln not in top]
    return top + bottom


def _repeat_pages(n_pages: int) -> int:
    """How many pages a line must stand at the edge of to be running (and a page-number offset be shared): two
    in a document of up to three pages, else three and at least a tenth of the pages."""
    if n_pages <= 3:
        return 2
    return max(3, math.ceil(n_pages / 10))


def furniture_spans(texts: Sequence[str]) -> list[list[tuple[int, int]]]:
    """For each page text, the ``(start, end)`` spans of its running headers, footers and page numbers."""
    n = len(texts)
    if n < 2:
        return [[] for _ in texts]
    page_lines = [_lines(t) for t in texts]
    seen: Counter[str] = Counter()  # pages each edge line (digits folded) stands on
    offsets: Counter[int] = Counter()
    for index, (text, lines) in enumerate(zip(texts, page_lines, strict=True), start=1):
        keys: set[str] = set()
        found: set[int] = set()
        for a, b in _edges(lines):
            line = text[a:b]
            keys.add(_key(line))
            for m in _EDGE_NUMBER.finditer(line):
                found.add(int(m.group(1) or m.group(2)) - index)
            if _LONE_NUMBER.fullmatch(line):
                found.add(int(line) - index)
        seen.update(k for k in keys if any(c.isalpha() for c in k))
        offsets.update(found)
    need = _repeat_pages(n)
    running = {k for k, c in seen.items() if c >= need}
    shared = {d for d, c in offsets.items() if c >= need}

    def furniture(line: str, index: int, outermost: bool, top: bool) -> bool:
        if _LONE_NUMBER.fullmatch(line):
            return outermost or int(line) - index in shared
        if _is_roman(line):
            return outermost
        if len(line.split()) > MAX_WORDS:
            return False
        key = _key(line)
        if key in running:
            return True
        # "Chapter 2: Arrays 13" ends with its page number; a line *starting* with it at the top of a page may be
        # a chapter heading that happens to sit on that page ("1 Introduction" on page 1), so there it must also
        # stand on another page ("12 CHAPTER 2. ARRAYS" on every even page of the chapter)
        return any(int(m.group(1) or m.group(2)) - index in shared
                   and (m.group(2) is not None or not top or seen[key] >= 2) for m in _EDGE_NUMBER.finditer(line))

    spans: list[list[tuple[int, int]]] = []
    for index, (text, lines) in enumerate(zip(texts, page_lines, strict=True), start=1):
        found_spans: list[tuple[int, int]] = []
        top = 0
        while top < min(EDGE_LINES, len(lines)) and furniture(text[slice(*lines[top])], index, top == 0, True):
            found_spans.append(lines[top])
            top += 1
        bottom = len(lines) - 1
        while (bottom >= top and len(lines) - 1 - bottom < EDGE_LINES
               and furniture(text[slice(*lines[bottom])], index, bottom == len(lines) - 1, False)):
            found_spans.append(lines[bottom])
            bottom -= 1
        spans.append(sorted(found_spans))
    return spans


def blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with the characters of ``spans`` replaced by spaces (same length, line breaks kept)."""
    if not spans:
        return text
    chars = list(text)
    for a, b in spans:
        for i in range(a, b):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def is_navigation_page(text: str) -> bool:
    """Whether a page is a table of contents or an index (see the module docstring)."""
    lines = [text[a:b] for a, b in _lines(text)]
    if len(lines) < 4:
        return False
    titled = any(_TITLE.fullmatch(" ".join(line.split()).rstrip(": ")) for line in lines[:3])
    refs = [line for line in lines if _PAGE_REF.search(line)]
    if len(refs) < max(3, len(lines) // 2):
        return False
    if titled:
        return True
    leaders = [line for line in lines if _LEADER.search(line)]
    if len(leaders) < max(3, len(lines) // 2):
        return False
    return _mostly_ordered([_first_page(line) for line in leaders]) or _mostly_ordered(
        [_entry(line) for line in leaders])


def _first_page(line: str) -> int:
    """The first page a leader line refers to ("12, 45" -> 12; a roman numeral is front matter: 0)."""
    leader = _LEADER.search(line)
    numbers = _DIGITS.findall(leader.group(0)) if leader else []
    return int(numbers[0]) if numbers else 0


def _entry(line: str) -> str:
    """The entry of an index line, before its dot leader, folded for comparing order."""
    return re.split(r"(?:\.\s?){2,}", line, maxsplit=1)[0].strip().casefold()


def _mostly_ordered(values: Sequence[Any]) -> bool:
    """At least four in five consecutive pairs never go down."""
    pairs = list(itertools.pairwise(values))
    if not pairs:
        return False
    rising = sum(1 for a, b in pairs if a <= b)
    return rising >= 0.8 * len(pairs)


def readable_pages(pages: Sequence[PageText]) -> list[PageText]:
    """The pages of a document as chunks should see them: for a paged document (PDF), furniture blanked and
    contents and index pages left out; other documents unchanged. Page numbers and lengths are kept, so offsets
    into these texts are offsets into the stored ones."""
    if len(pages) < 2 or any(p.number is None for p in pages):
        return list(pages)
    spans = furniture_spans([p.text for p in pages])
    out = []
    for page, found in zip(pages, spans, strict=True):
        text = blank(page.text, found)
        if not is_navigation_page(text):
            out.append(PageText(page.number, text, page.headings))
    return out
