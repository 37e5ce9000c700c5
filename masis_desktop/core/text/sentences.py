"""Sentences with offsets, bracket citations and hedges: how an answer is cut into the claims the audit checks.

The audit judges an answer sentence by sentence, each against the passages it cites, so the cut keeps decimals
("214.6"), abbreviations ("Dr.") and list items apart and keeps a citation written after the full stop ("... grew.
[c3]") with its sentence. A bracket counts as a citation only when it looks like an id, so an editorial "[sic]" is
never called a fabricated source. Hedges are the writer's statements of what the evidence lacks (seed 000's list
and the inflections a small model writes for it): they are not claims to check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ABBREVIATIONS = {
    "e.g", "i.e", "etc", "vs", "mr", "mrs", "ms", "dr", "prof", "inc", "ltd", "co", "corp", "no", "approx", "st",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "fig", "p", "pp", "ca",
    "cf", "al", "jr", "sr", "u.s", "u.k", "dept", "est", "ext", "tel",
}
_BOUNDARY = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)|\n")
_NUMBERING = re.compile(r"^\s*(?:#{1,6}\s*)?\d{1,2}\.$")  # "2." opening a numbered heading or item
_LIST_MARKER = re.compile(r"^\s*(?:[-*•·]+|\d{1,2}[.)]|[a-z][.)])\s+|^\s*#{1,6}\s+")
_LEADING_CITES = re.compile(r"\s*(?:\[[^\[\]\n]{1,80}\]\s*)+[.!?]?")


@dataclass(frozen=True)
class Span:
    """A piece of text and its character offsets in the text it was cut from."""

    text: str
    start: int
    end: int


def _ends_with_abbreviation(text: str) -> bool:
    m = re.search(r"([A-Za-z][A-Za-z.]*)\.$", text.rstrip())
    if not m:
        return False
    word = m.group(1).lower()
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())


def _line_break_ends_sentence(text: str, pos: int) -> bool:
    """A newline ends a sentence unless it is a wrapped line (PDF text, hard-wrapped Markdown): it does after a
    blank line, after punctuation, after a short line (heading, table row) and before a list item."""
    line_start = text.rfind("\n", 0, pos) + 1
    line = text[line_start:pos].rstrip()
    nxt = text[pos + 1:text.find("\n", pos + 1) if text.find("\n", pos + 1) >= 0 else len(text)]
    if not line or not nxt.strip() or line.endswith((".", "!", "?", ":", ";", "]")):
        return True
    return bool(len(line) < 60 or _LIST_MARKER.match(nxt) or "|" in line)


def split_sentences(text: str) -> list[Span]:
    """Split ``text`` into sentences with offsets.

    Unlike the seed's ``re.split(r"[.!?]")`` this keeps decimals ("214.6"), common abbreviations ("Dr.", "e.g.")
    and list items apart, and moves citations written after the full stop ("... grew. [c3]") back onto the
    sentence they belong to. Markdown bullets and heading marks are stripped from the sentence text (offsets
    point at the stripped text).
    """
    raw: list[tuple[int, int]] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        end = m.end()
        if m.group(0) == "\n":
            if not _line_break_ends_sentence(text, m.start()):
                continue
        elif _ends_with_abbreviation(text[start:m.start() + 1]) or _NUMBERING.match(text[start:m.start() + 1]):
            continue
        raw.append((start, end))
        start = end
    if start < len(text):
        raw.append((start, len(text)))

    spans: list[Span] = []
    for s, e in raw:
        # Citations that open this piece belong to the previous sentence ("... grew 12%. [c3] Costs ...").
        lead = _LEADING_CITES.match(text, s, e) if spans else None
        if lead and "\n" in text[spans[-1].end:text.index("[", s)]:
            lead = None  # an id opening a new line belongs to that line ("[c7] Remote work ...")
        if lead and lead.end() > s and text[s:lead.end()].strip():
            prev = spans[-1]
            new_end = lead.end()
            merged = text[prev.start:new_end].rstrip()
            spans[-1] = Span(merged, prev.start, prev.start + len(merged))
            s = new_end
        piece = text[s:e]
        marker = _LIST_MARKER.match(piece)
        offset = s + (marker.end() if marker else 0)
        body = text[offset:e]
        stripped = body.strip().strip("*_").strip()
        if not stripped or not re.search(r"[A-Za-z0-9]", stripped):
            continue
        first = text.find(stripped, offset, e)
        first = offset if first < 0 else first
        spans.append(Span(stripped, first, first + len(stripped)))
    return spans


# A question opening with an auxiliary verb asks yes or no ("Does the shop deliver on Sundays?").
POLAR_QUESTION = re.compile(
    r"\s*(?:does|do|did|is|are|was|were|can|could|will|would|has|have|had|should|may|must)\b", re.IGNORECASE)


def is_polar(question: str) -> bool:
    return bool(POLAR_QUESTION.match(question))


def is_heading(sentence: str) -> bool:
    """Short label lines ("Key points:", "**Summary**") are structure, not claims."""
    s = sentence.strip().strip("*_ ")
    return bool(s.endswith(":") and len(s.split()) <= 6 and "[" not in s)


_CITE_GROUP = re.compile(r"\[([^\[\]\n]{1,80})\](?!\()")
_ID_LIKE = re.compile(r"^[A-Za-z_]{0,16}[-_ ]?\d[\w\-]*$")
_RANGE = re.compile(r"^([A-Za-z_]*)(\d+)\s*[-–]\s*\1?(\d+)$")


@dataclass(frozen=True)
class CitationGroup:
    ids: tuple[str, ...]
    start: int
    end: int


def _expand(part: str) -> list[str]:
    m = _RANGE.match(part)
    if m:
        prefix, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        if lo <= hi and hi - lo < 20:
            return [f"{prefix}{i}" for i in range(lo, hi + 1)]
    return [part]


def find_citations(text: str, known_ids: set[str] | None = None) -> list[CitationGroup]:
    """Bracket citations in ``text``: ``[c1]``, ``[c1, c2]``, ``[c1; c2]``, ``[c1][c2]``, ``[c1-c3]``.

    A bracket counts as a citation when each of its parts looks like an id (letters then a number: ``c12``,
    ``chunk_99``, ``Source 2``, ``7``) or is one of ``known_ids``. Other brackets (``[sic]``, markdown links)
    are prose, not citations: counting them would call an editorial note a fabricated source. So is a bracket of
    bare numbers written onto a word (``heap[0]``, ``x[1-3]``): an index in code or mathematics, not a source.
    """
    known = known_ids or set()
    groups: list[CitationGroup] = []
    for m in _CITE_GROUP.finditer(text):
        parts = [p.strip() for p in re.split(r"[,;]|\band\b", m.group(1)) if p.strip()]
        if not parts:
            continue
        ids: list[str] = []
        glued = m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_)]")
        if glued and all(p.replace("-", "").replace("–", "").replace(" ", "").isdigit() for p in parts):
            continue
        for part in parts:
            if part in known or _ID_LIKE.match(part) or _RANGE.match(part):
                ids.extend(_expand(part))
            else:
                ids = []
                break
        if ids:
            groups.append(CitationGroup(tuple(ids), m.start(), m.end()))
    return groups


def citation_ids(text: str, known_ids: set[str] | None = None) -> list[str]:
    """All cited ids in order of appearance, duplicates kept (the seed counts every occurrence)."""
    return [cid for g in find_citations(text, known_ids) for cid in g.ids]


def strip_citations(text: str, known_ids: set[str] | None = None) -> str:
    out, last = [], 0
    for g in find_citations(text, known_ids):
        out.append(text[last:g.start])
        last = g.end
    out.append(text[last:])
    return re.sub(r"\s+([.,;:!?])", r"\1", re.sub(r"[ \t]{2,}", " ", "".join(out))).strip()


def repeated_phrase(text: str, times: int = 4) -> str | None:
    """A phrase of one to eight words a sentence writes ``times`` times in a row, citations aside: a small writer
    caught in a loop ("July 2024 [c25] [c11] July 2024 [c32] July 2024 ..."). Among 1,581 recorded answer drafts
    only two loops reach four repeats within a sentence; at three repeats a right answer would be refused ("[Dr.
    Amara Nwosu]" written thrice)."""
    for sentence in split_sentences(text):  # within a sentence: a list may repeat a phrase sentence by sentence
        w = [x for x in (t.strip(".,;:()[]").lower() for t in strip_citations(sentence.text).split()) if x]
        for n in range(1, 9):
            for i in range(len(w) - n * times + 1):
                seg = w[i:i + n]
                if any(ch.isalpha() for ch in seg[0]) and all(w[i + k * n:i + (k + 1) * n] == seg
                                                              for k in range(1, times)):
                    return " ".join(seg)
    return None


ABSTAIN = "I lack sufficient evidence in your documents to answer this."  # the writer's abstention, verbatim


# Seed 000's list first; then inflections a small model writes for the same statement of evidence limits.
SEED_HEDGES = ("insufficient evidence", "not provided", "cannot provide", "lack sufficient evidence",
               "partially covers")
EXTRA_HEDGES = ("lacks sufficient evidence", "lacking sufficient evidence", "not enough evidence",
                "partially cover", "insufficient information", "not enough information",
                "do not contain enough information", "does not contain enough information",
                "not in your documents", "not in the provided evidence", "not covered by the evidence")
HEDGES = SEED_HEDGES + EXTRA_HEDGES


def is_hedge(sentence: str) -> bool:
    low = sentence.lower()
    return any(h in low for h in HEDGES)
