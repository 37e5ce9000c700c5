"""Token-sized, sentence/paragraph-aware chunking that keeps exact character offsets.

How a page becomes chunks:
1. The page text is cut into *units*: headings, then sentences inside paragraphs (lines for code/config).
   A unit longer than the budget is split at line breaks, then at word boundaries between tokens.
2. Units are packed greedily up to ``chunk_tokens`` tokens of the embedder's own tokenizer. A chunk closes early
   at a paragraph break once it is 3/4 full, and before a heading once it is 1/3 full, so headings start the
   chunk holding their section (the heading path is also stored with every chunk and prefixed when embedding).
3. Consecutive chunks of one section overlap by whole trailing units of up to ``overlap_tokens`` tokens.
4. A page (or a whole non-paged document) of at most 1.25 x ``chunk_tokens`` tokens stays one chunk.
5. Bounds that hold for any input: a page longer than ``WINDOW_CHARS`` is chunked window by window (cut at a
   paragraph, line or word break), so the tokenizer never holds the offsets of a 50 MB single-line file at once
   (~300 bytes of Python objects per token); and no chunk exceeds ``MAX_CHARS_PER_TOKEN`` characters per budget
   token, because one "token" can cover a whole base64 blob (over-long words become a single ``[UNK]``).

Every chunk is ``page.text[char_start:char_end]`` exactly, trimmed of surrounding whitespace. Chunks never cross
pages. A paged document (PDF) is chunked as a whole (``chunk_pages``): running headers, footers and page numbers are
left out of its chunks and its contents and index pages are not chunked (``furniture.py``), while the stored page
text stays verbatim. ``CHUNKER_VERSION`` is stored in each workspace; bumping it (or changing the sizes) re-chunks
on open.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from masis_desktop.core.ingest.furniture import readable_pages
from masis_desktop.core.ingest.types import Heading, PageText, ReadResult

# 2: a plain-text file's opening title is a heading (text_reader.title_heading)
# 3: a PDF's running headers, footers and page numbers are left out of its chunks, its contents and index pages
#    are not chunked (furniture.py)
CHUNKER_VERSION = "3"
LINE_KINDS = {"code", "config"}
# Room kept below the encoder's max sequence for the heading prefix and the [CLS]/[SEP] tokens.
HEADING_RESERVE_TOKENS = 24
WINDOW_CHARS = 200_000
MAX_CHARS_PER_TOKEN = 24

TokenOffsets = Callable[[str], list[tuple[int, int]]]

_PARA = re.compile(r"\n[ \t]*\n\s*")
_SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)\]]*\s+")
_ABBREVIATIONS = {"mr", "mrs", "ms", "dr", "prof", "st", "vs", "etc", "e.g", "i.e", "fig", "no", "inc", "ltd", "jr",
                  "sr", "cf", "al", "approx", "dept", "est", "vol", "p", "pp"}


@dataclass(frozen=True)
class ChunkSpan:
    page: int | None
    char_start: int
    char_end: int
    text: str
    heading: str | None = None


@dataclass
class _Unit:
    start: int
    end: int
    tokens: int
    para_start: bool = False
    heading: Heading | None = None


def tokenizer_offsets(tokenizer: object) -> TokenOffsets:
    """Token character spans from a Hugging Face (fast) tokenizer, without special tokens or length warnings."""
    shared = getattr(tokenizer, "backend_tokenizer", None)
    if shared is not None:
        # A private copy without truncation/padding: the shared one truncates at the encoder's max length, which
        # would silently stop counting tokens after the first 256 of a page.
        from tokenizers import Tokenizer

        backend = Tokenizer.from_str(shared.to_str())
        backend.no_truncation()
        backend.no_padding()

        def fast(text: str) -> list[tuple[int, int]]:
            return [(int(a), int(b)) for a, b in backend.encode(text, add_special_tokens=False).offsets]
        return fast

    def slow(text: str) -> list[tuple[int, int]]:
        encoded = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)  # type: ignore[operator]
        return [tuple(o) for o in encoded["offset_mapping"]]
    return slow


_WORD = re.compile(r"\w+|[^\w\s]")


def regex_offsets(text: str) -> list[tuple[int, int]]:
    """A tokenizer-free approximation (words and punctuation), for tools and tests that do not load the embedder."""
    return [(m.start(), m.end()) for m in _WORD.finditer(text)]


def chunking_version(chunk_tokens: int, overlap_tokens: int, tokenizer_name: str) -> str:
    return f"chunker-{CHUNKER_VERSION}:{chunk_tokens}/{overlap_tokens}:{tokenizer_name}"


class Chunker:
    def __init__(self, token_offsets: TokenOffsets, chunk_tokens: int = 160, overlap_tokens: int = 32,
                 max_tokens: int | None = None) -> None:
        limit = (max_tokens - HEADING_RESERVE_TOKENS) if max_tokens else chunk_tokens
        self.budget = max(16, min(chunk_tokens, limit))
        self.overlap = max(0, min(overlap_tokens, self.budget // 2))
        self.whole_limit = min(int(self.budget * 1.25), limit if max_tokens else int(self.budget * 1.25))
        self.max_chars = self.budget * MAX_CHARS_PER_TOKEN
        self.token_offsets = token_offsets

    # --- public -----------------------------------------------------------------------------------------------
    def chunk(self, result: ReadResult) -> list[ChunkSpan]:
        return self.chunk_pages(result.pages, result.kind)

    def chunk_pages(self, pages: Sequence[PageText], kind: str = "text") -> list[ChunkSpan]:
        """Chunks of one document's pages, in order. A paged document loses its furniture first: it is found
        across pages, so this (not ``chunk_page``) is what a whole document is chunked with."""
        chunks: list[ChunkSpan] = []
        path: list[tuple[int, str]] = []  # heading stack carried across pages
        for page in readable_pages(pages):
            chunks.extend(self.chunk_page(page, kind, path))
        return chunks

    def chunk_page(self, page: PageText, kind: str = "text", path: list[tuple[int, str]] | None = None,
                   ) -> list[ChunkSpan]:
        """Chunks of one page; ``path`` (the heading stack) is updated in place for the next page."""
        path = path if path is not None else []
        if len(page.text) <= WINDOW_CHARS:
            return self._chunk_text(page, kind, path)
        text = page.text
        chunks: list[ChunkSpan] = []
        start = 0
        while start < len(text):
            end = _window_end(text, start)
            heads = [Heading(h.start - start, h.end - start, h.level, h.title) for h in page.headings
                     if start <= h.start and h.end <= end]
            for c in self._chunk_text(PageText(page.number, text[start:end], heads), kind, path):
                chunks.append(ChunkSpan(c.page, c.char_start + start, c.char_end + start, c.text, c.heading))
            start = end
        return chunks

    def _chunk_text(self, page: PageText, kind: str, path: list[tuple[int, str]]) -> list[ChunkSpan]:
        text = page.text
        if not text.strip():
            return []
        offsets = self.token_offsets(text)
        starts = [s for s, _ in offsets]

        def count(a: int, b: int) -> int:
            return bisect.bisect_left(starts, b) - bisect.bisect_left(starts, a)

        units = self._units(text, kind, page.headings, count, offsets, starts)
        if not units:
            return []
        total = sum(u.tokens for u in units)
        heading_at: list[str | None] = []
        for unit in units:
            if unit.heading is not None:
                level = unit.heading.level
                while path and path[-1][0] >= level:
                    path.pop()
                path.append((level, unit.heading.title))
            heading_at.append(" > ".join(title for _, title in path) if path else None)
        if total <= self.whole_limit and units[-1].end - units[0].start <= self.max_chars:
            return [self._span(page, units, 0, len(units), heading_at)]
        return self._pack(page, units, heading_at)

    # --- packing ----------------------------------------------------------------------------------------------
    def _pack(self, page: PageText, units: list[_Unit], heading_at: list[str | None]) -> list[ChunkSpan]:
        chunks: list[ChunkSpan] = []
        cur: list[int] = []  # unit indices of the open chunk
        cur_tokens = 0
        new_in_cur = 0  # units of the open chunk not carried over as overlap
        for i, unit in enumerate(units):
            if new_in_cur:
                over = cur_tokens + unit.tokens > self.budget or unit.end - units[cur[0]].start > self.max_chars
                at_heading = unit.heading is not None and cur_tokens >= self.budget // 3
                at_para = unit.para_start and cur_tokens >= (self.budget * 3) // 4
                if over or at_heading or at_para:
                    # A heading never ends a chunk: move trailing headings on to the chunk holding their section.
                    tail: list[int] = []
                    while (new_in_cur - len(tail) > 1 and units[cur[-1 - len(tail)]].heading is not None):
                        tail.insert(0, cur[-1 - len(tail)])
                    body = cur[: len(cur) - len(tail)]
                    chunks.append(self._span(page, units, body[0], body[-1] + 1, heading_at))
                    carried: list[int] = []
                    if not tail and unit.heading is None and self.overlap:
                        carried_tokens = 0
                        for j in reversed(body[1:]):  # never the whole previous chunk, so chunks always advance
                            size = units[j].tokens
                            if (units[j].heading is not None or carried_tokens + size > self.overlap
                                    or carried_tokens + size + unit.tokens > self.budget
                                    or unit.end - units[j].start > self.max_chars):
                                break
                            carried_tokens += size
                            carried.insert(0, j)
                    cur = tail or carried
                    cur_tokens = sum(units[j].tokens for j in cur)
                    new_in_cur = len(tail)
            cur.append(i)
            cur_tokens += unit.tokens
            new_in_cur += 1
        if new_in_cur:
            chunks.append(self._span(page, units, cur[0], cur[-1] + 1, heading_at))
        return chunks

    @staticmethod
    def _span(page: PageText, units: list[_Unit], first: int, stop: int, heading_at: list[str | None]) -> ChunkSpan:
        start = units[first].start
        end = units[stop - 1].end
        return ChunkSpan(page.number, start, end, page.text[start:end], heading_at[first])

    # --- segmentation -----------------------------------------------------------------------------------------
    def _units(self, text: str, kind: str, headings: list[Heading], count: Callable[[int, int], int],
               offsets: list[tuple[int, int]], starts: list[int]) -> list[_Unit]:
        """Headings, then sentences (or lines) per paragraph, trimmed; over-long ones split further."""
        blocks: list[tuple[int, int, Heading | None]] = []
        pos = 0
        for heading in sorted(headings, key=lambda h: h.start):
            if heading.start < pos or heading.end > len(text):
                continue
            blocks.append((pos, heading.start, None))
            blocks.append((heading.start, heading.end, heading))
            pos = heading.end
        blocks.append((pos, len(text), None))

        units: list[_Unit] = []
        for b_start, b_end, block_heading in blocks:
            if block_heading is not None:
                start, end = _trim(text, b_start, b_end)
                tokens = count(start, end)
                if start < end and tokens <= self.budget and end - start <= self.max_chars:
                    units.append(_Unit(start, end, tokens, True, block_heading))
                    continue
                # A "heading" longer than a chunk is text: it is split like text and never enters the heading
                # path, which is stored with (and embedded before) every chunk of its section.
            for p_start, p_end in _paragraphs(text, b_start, b_end):
                pieces = _lines(text, p_start, p_end) if kind in LINE_KINDS else _sentences(text, p_start, p_end)
                first = True
                for s_start, s_end in pieces:
                    for u_start, u_end in self._fit(text, s_start, s_end, count, offsets, starts):
                        units.append(_Unit(u_start, u_end, count(u_start, u_end), first))
                        first = False
        return units

    def _fit(self, text: str, start: int, end: int, count: Callable[[int, int], int],
             offsets: list[tuple[int, int]], starts: list[int]) -> list[tuple[int, int]]:
        """Split a span longer than the budget: at line breaks first, then between words, then (a single token
        longer than ``max_chars``) between characters."""
        if count(start, end) <= self.budget and end - start <= self.max_chars:
            return [(start, end)]
        lines = _lines(text, start, end)
        if len(lines) > 1:
            out: list[tuple[int, int]] = []
            for a, b in lines:
                out.extend(self._fit(text, a, b, count, offsets, starts))
            return out
        first_tok = bisect.bisect_left(starts, start)
        last_tok = bisect.bisect_left(starts, end)
        pieces: list[tuple[int, int]] = []
        piece_start = start
        tok = first_tok
        while last_tok - tok > self.budget:
            cut = tok + self.budget
            # Prefer cutting where a token follows whitespace (a word boundary), looking back a little.
            for back in range(cut, max(tok + self.budget // 2, cut - 24), -1):
                if offsets[back][0] > 0 and text[offsets[back][0] - 1].isspace():
                    cut = back
                    break
            cut_char = offsets[cut][0]
            a, b = _trim(text, piece_start, cut_char)
            if a < b:
                pieces.append((a, b))
            piece_start = cut_char
            tok = cut
        a, b = _trim(text, piece_start, end)
        if a < b:
            pieces.append((a, b))
        return [cut for a, b in pieces for cut in _cap(text, a, b, self.max_chars)]


def _cap(text: str, start: int, end: int, limit: int) -> list[tuple[int, int]]:
    """``[start, end)`` in pieces of at most ``limit`` characters, cut at whitespace when there is some."""
    out = []
    while end - start > limit:
        cut = start + limit
        space = max(text.rfind(" ", start + limit // 2, cut), text.rfind("\n", start + limit // 2, cut))
        if space > start:
            cut = space
        a, b = _trim(text, start, cut)
        if a < b:
            out.append((a, b))
        start = cut
    a, b = _trim(text, start, end)
    if a < b:
        out.append((a, b))
    return out


def _window_end(text: str, start: int) -> int:
    """End of the window starting at ``start``: a paragraph, line or word break in its second half if any."""
    end = start + WINDOW_CHARS
    if end >= len(text):
        return len(text)
    for sep in ("\n\n", "\n", " "):
        cut = text.rfind(sep, start + WINDOW_CHARS // 2, end)
        if cut > start:
            return cut + len(sep)
    return end


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _paragraphs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    out = []
    pos = start
    for m in _PARA.finditer(text, start, end):
        a, b = _trim(text, pos, m.start())
        if a < b:
            out.append((a, b))
        pos = m.end()
    a, b = _trim(text, pos, end)
    if a < b:
        out.append((a, b))
    return out


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    out = []
    pos = start
    while pos < end:
        nl = text.find("\n", pos, end)
        stop = end if nl == -1 else nl
        a, b = _trim(text, pos, stop)
        if a < b:
            out.append((a, b))
        pos = stop + 1
    return out


def _sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    out = []
    pos = start
    for m in _SENTENCE_END.finditer(text, start, end):
        nxt = m.end()
        if nxt < end and text[nxt].islower():
            continue  # "e.g. the", "3.5 times": not a sentence end
        word = re.search(r"(\w[\w.]*)[.!?…]+[\"'”’)\]]*\s+$", text[max(pos, m.start() - 12):m.end()])
        if word and word.group(1).lower().rstrip(".") in _ABBREVIATIONS:
            continue
        a, b = _trim(text, pos, m.end())
        if a < b:
            out.append((a, b))
        pos = m.end()
    a, b = _trim(text, pos, end)
    if a < b:
        out.append((a, b))
    return out
