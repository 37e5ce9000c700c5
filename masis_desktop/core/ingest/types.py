"""Shapes passed from readers to the chunker and the catalog.

A reader's ``PageText.text`` is the ground truth for provenance: it is stored verbatim in the catalog and every
chunk satisfies ``page.text[chunk.char_start:chunk.char_end] == chunk.text``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from masis_desktop.errors import IngestError


@dataclass(frozen=True)
class Heading:
    """A heading inside a page's text: ``text[start:end]`` is the heading line; level 1 is the top."""

    start: int
    end: int
    level: int
    title: str


@dataclass(frozen=True)
class PageText:
    """Text of one page (PDF, 1-based ``number``) or of a whole document (``number`` None)."""

    number: int | None
    text: str
    headings: list[Heading] = field(default_factory=list)


@dataclass(frozen=True)
class ReadResult:
    kind: str  # pdf, docx, markdown, text, html, code, config
    pages: list[PageText]

    @property
    def page_count(self) -> int | None:
        """Number of pages for paged formats (PDF), None for flowing text."""
        if self.pages and self.pages[0].number is not None:
            return len(self.pages)
        return None

    @property
    def has_text(self) -> bool:
        return any(p.text.strip() for p in self.pages)


class ReadFailed(IngestError):
    """The file should contain text but none could be read (corrupt, encrypted, scanned, undecodable)."""


class Unsupported(IngestError):
    """The file is not something we read (unknown type, binary content); reported as ``skipped``."""
