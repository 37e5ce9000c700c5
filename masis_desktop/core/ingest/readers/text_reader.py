"""Plain text, Markdown, source code and config files: decoding bytes in any common encoding.

Decoding order: a byte-order mark wins; then strict UTF-8; then UTF-16 without BOM when the NUL pattern says so;
then charset-normalizer's best guess. Content that still looks binary (NULs, many control characters) is skipped.
The reader's output is normalised (``\\r\\n``/``\\r`` -> ``\\n``, control characters other than tab/newline
removed) and offsets refer to that normalised text, which is what the catalog stores.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from masis_desktop.core.ingest.types import Heading, PageText, ReadFailed, ReadResult, Unsupported

_BOMS: list[tuple[bytes, str]] = [
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
]
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufeff\ufffe]")
# Both heading patterns stay linear on very long lines (a single-line file of megabytes): no nested or lazy
# quantifier may backtrack across a line, which made the previous forms quadratic (80 kB line: 18 s).
_ATX = re.compile(r"^(#{1,6})[ \t]+([^\n]+)$", re.MULTILINE)
_SETEXT = re.compile(r"^(?=[^\n]*\S)([^\n]+)\n(=+|-+)[ \t]*$", re.MULTILINE)
_FENCE = re.compile(r"^(```|~~~)", re.MULTILINE)


def _utf16_without_bom(sample: bytes) -> str | None:
    """UTF-16 text without a BOM has NULs in every other byte for ASCII-range characters."""
    if len(sample) < 4:
        return None
    even = sample[0::2]
    odd = sample[1::2]
    even_nul = even.count(0) / len(even)
    odd_nul = odd.count(0) / len(odd)
    if odd_nul > 0.3 and even_nul < 0.05:
        return "utf-16-le"
    if even_nul > 0.3 and odd_nul < 0.05:
        return "utf-16-be"
    return None


def decode_bytes(data: bytes) -> tuple[str, str]:
    """Decode ``data`` to text; return (text, encoding). Raises ``Unsupported`` for binary, ``ReadFailed`` else."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(encoding), encoding
            except UnicodeDecodeError as exc:
                raise ReadFailed(f"undecodable bytes: declared {encoding} by its byte-order mark but invalid "
                                 f"at byte {exc.start}") from exc
    sample = data[:65536]
    if b"\x00" in sample:
        encoding16 = _utf16_without_bom(sample)
        if encoding16:
            try:
                return data.decode(encoding16), encoding16
            except UnicodeDecodeError:
                pass
        raise Unsupported("binary content (contains NUL bytes); not a text file")
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None or best.encoding is None:
        raise ReadFailed("undecodable bytes: no text encoding fits this file")
    text = str(best)
    controls = len(_CONTROL.findall(text[:65536]))
    if controls > max(8, len(text[:65536]) // 50):
        raise Unsupported("binary content (too many control characters); not a text file")
    return text, best.encoding


def normalise_text(text: str) -> str:
    """Newlines to ``\\n``; control characters (except tab/newline) dropped. Offsets refer to the result."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", text)


def markdown_headings(text: str) -> list[Heading]:
    """ATX (``# Title``) and setext (``Title`` over ``===``) headings, ignoring fenced code blocks."""
    fenced: list[tuple[int, int]] = []
    marks = [m.start() for m in _FENCE.finditer(text)]
    for i in range(0, len(marks) - 1, 2):
        fenced.append((marks[i], marks[i + 1]))

    def in_fence(pos: int) -> bool:
        return any(a <= pos < b for a, b in fenced)

    found: list[Heading] = []
    for m in _ATX.finditer(text):
        if not in_fence(m.start()):
            raw = m.group(2)
            title = raw.rstrip(" \t#") or raw[0]  # a closing run of '#'s is not part of the title
            found.append(Heading(m.start(), m.end(), len(m.group(1)), title.strip()))
    for m in _SETEXT.finditer(text):
        if not in_fence(m.start()) and not m.group(1).lstrip().startswith(("#", "-", "*", "|")):
            level = 1 if m.group(2).startswith("=") else 2
            found.append(Heading(m.start(1), m.end(1), level, m.group(1).strip()))
    found.sort(key=lambda h: h.start)
    return found


def read_text_bytes(data: bytes) -> str:
    text, _ = decode_bytes(data)
    return normalise_text(text)


# A title line: short, on its own line, not ending a sentence ("Quarterly Report 2024"); or a title sentence opening
# the text, "Marshgate Road Runners, Boston – Training and Membership." (a dash between the name and the topic).
_TITLE_LINE = re.compile(r"\A[ \t]*([^\n]{1,100}?)[ \t]*\n")
_TITLE_SENTENCE = re.compile(r"\A[ \t]*([^\n.!?]{1,100}?\s[–—|]\s[^\n.!?]{1,60}?)\.(?=\s)")
TITLE_MAX_WORDS = 14


def title_heading(text: str) -> Heading | None:
    """The title a plain-text file opens with, as a level-1 heading: carried with every chunk of the file (and
    prefixed when embedding), so a chunk cut from the file's middle still says whose page it is. One
    wrong price came from a rival business's second chunk, which no longer named its business."""
    line = _TITLE_LINE.match(text)
    if line and line.group(1).strip() and not re.search(r"[.!?:;,]$", line.group(1).strip()) \
            and len(line.group(1).split()) <= TITLE_MAX_WORDS and text[line.end():].strip():
        return Heading(line.start(1), line.end(1), 1, line.group(1).strip())
    sentence = _TITLE_SENTENCE.match(text)
    if sentence and len(sentence.group(1).split()) <= TITLE_MAX_WORDS and text[sentence.end():].strip():
        return Heading(sentence.start(1), sentence.end(1) + 1, 1, sentence.group(1).strip())
    return None


class TextReader:
    """Plain text (``.txt``, ``.log``, ``.rst``, ``.csv``...): one page; its opening title, if any, as its one
    heading (``title_heading``)."""

    kind = "text"

    def read(self, path: Path, data: bytes) -> ReadResult:
        text = read_text_bytes(data)
        title = title_heading(text) if path.suffix.lower() in (".txt", ".text", "") else None
        return ReadResult(self.kind, [PageText(None, text, [title] if title else [])])


class MarkdownReader:
    """Markdown as written (markup kept, so offsets match what the user sees in their file), with headings."""

    kind = "markdown"

    def read(self, path: Path, data: bytes) -> ReadResult:
        text = read_text_bytes(data)
        return ReadResult(self.kind, [PageText(None, text, markdown_headings(text))])


class CodeReader:
    """Source code and config files: read as text; the chunker splits them on lines, not sentences."""

    def __init__(self, kind: str = "code") -> None:
        self.kind = kind

    def read(self, path: Path, data: bytes) -> ReadResult:
        return ReadResult(self.kind, [PageText(None, read_text_bytes(data))])
