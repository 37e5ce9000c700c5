"""A chunk's *reading text*: its words as a reader sees them, with an offset map back to the stored text.

Why: a stored chunk is an exact slice of what the reader extracted (the UI highlights it by those offsets), and a
PDF breaks words across lines: "be-\\ntween", or pdfium's line-end hyphen marker, which the PDF reader stores as a
soft hyphen (U+00AD, see ``core/ingest/hyphens.py``). A small writer model copies "be-tween" into its answer and a
check looking for "between" does not find it. So the models and the checks read the reading text, while every offset
the UI uses stays an offset into the stored text: ``Reading.raw_span`` maps a span of the reading text back.

The reading text only ever *deletes* characters of the stored text, so the map is a list of indices:

- a soft hyphen (U+00AD) is deleted, with the line break after it if there is one: it marks where a word may be
  broken, never a character of the word ("reintroduc\\u00ading" reads "reintroducing");
- a hyphen ending a line between two letters ("be-\\ntween", "well-\\nknown") is ambiguous: a word broken by
  hyphenation, or a compound broken at its own hyphen. Rule: the hyphen and the line break go (the word is
  rejoined) when the letters on both sides are lowercase and the same text does not write the pair as a hyphenated
  compound elsewhere ("well-known" on another line keeps "well-\\nknown" a compound); otherwise only the line break
  goes ("Non-\\nMaintainer" reads "Non-Maintainer"). The PDF reader decides its own line-end hyphens with the whole
  document as evidence; this rule covers text that reaches a chunk already broken (text files, other PDFs' plain
  "-" line ends).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

SOFT_HYPHEN = "\u00ad"
# a soft hyphen, with the whitespace after it when that whitespace holds a line break
_SOFT = re.compile(r"\u00ad(?:[ \t\r]*\n[ \t\r]*)?")
# a letter, a hyphen, a line break (with the spaces pdfium leaves around it), a letter
_LINE_END_HYPHEN = re.compile(r"(?<=[^\W\d_])-[ \t\r]*\n[ \t\r]*(?=[^\W\d_])")
_WORD_BEFORE = re.compile(r"[^\W\d_]+$")
_WORD_AFTER = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Reading:
    """``text`` as read, and for each of its characters the index in the stored text it came from.

    ``origin`` is None when nothing was deleted (the reading text is the stored text): most chunks.
    """

    text: str
    raw_length: int
    origin: tuple[int, ...] | None = None

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        """The stored-text span of the reading-text span ``[start, end)`` (an empty span stays empty)."""
        if self.origin is None:
            return start, end
        start = max(0, min(start, len(self.text)))
        end = max(start, min(end, len(self.text)))
        if start == end:
            at = self.origin[start] if start < len(self.origin) else self.raw_length
            return at, at
        return self.origin[start], self.origin[end - 1] + 1

    def span_of_raw(self, start: int, end: int) -> tuple[int, int]:
        """The reading-text span covering the stored-text span ``[start, end)``: deleted characters drop out."""
        if self.origin is None:
            return start, end
        return bisect.bisect_left(self.origin, start), bisect.bisect_left(self.origin, end)

    def quote(self, start: int, end: int) -> str:
        """The reading text of the stored-text span ``[start, end)`` (what to show of a stored span)."""
        a, b = self.span_of_raw(start, end)
        return self.text[a:b]


def _compounds(text: str) -> set[str]:
    """Hyphenated pairs the text writes on one line ("well-known"), lowercased."""
    return {m.group(0).lower() for m in re.finditer(r"[^\W\d_]+-[^\W\d_]+", text)}


def read(raw: str) -> Reading:
    """The reading text of a stored chunk text (see the module docstring for the rules)."""
    if SOFT_HYPHEN not in raw and "-" not in raw:
        return Reading(raw, len(raw))
    deleted: list[tuple[int, int]] = [(m.start(), m.end()) for m in _SOFT.finditer(raw)]
    breaks = list(_LINE_END_HYPHEN.finditer(raw))
    if breaks:
        written = _compounds(raw)
        for m in breaks:
            left = _WORD_BEFORE.search(raw, max(0, m.start() - 80), m.start())
            right = _WORD_AFTER.match(raw, m.end())
            lw = left.group(0) if left else ""
            rw = right.group(0) if right else ""
            rejoin = lw[-1:].islower() and rw[:1].islower() and f"{lw}-{rw}".lower() not in written
            deleted.append((m.start(), m.end()) if rejoin else (m.start() + 1, m.end()))
    if not deleted:
        return Reading(raw, len(raw))
    deleted.sort()
    parts: list[str] = []
    origin: list[int] = []
    pos = 0
    for a, b in deleted:
        if a < pos:  # overlapping matches cannot happen with these patterns; never delete twice
            a = pos
        parts.append(raw[pos:a])
        origin.extend(range(pos, a))
        pos = max(pos, b)
    parts.append(raw[pos:])
    origin.extend(range(pos, len(raw)))
    return Reading("".join(parts), len(raw), tuple(origin))


def reading_text(raw: str) -> str:
    """Only the reading text of ``raw`` (for prompts: the evidence block, quotes of stored spans)."""
    return read(raw).text
