"""DOCX via python-docx: body paragraphs and tables in document order, headings from paragraph styles.

Paragraphs are separated by a blank line; a table becomes one line per row with cells joined by `` | ``.
DOCX has no fixed pages, so the document is one ``PageText`` (page None).

python-docx inflates every part of the package into memory and parses the XML ones, so a small file can demand
gigabytes (a "zip bomb"). The declared sizes are checked first: ``zipfile`` never yields more than a member's
declared size (a lie fails the CRC check), so they bound what can be inflated. XML entities are not expanded by
python-docx's parser (``resolve_entities=False``), which keeps "billion laughs" and external entities out.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

from masis_desktop.core.ingest.readers.text_reader import normalise_text
from masis_desktop.core.ingest.types import Heading, PageText, ReadFailed, ReadResult

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_MB = 1024 * 1024
MAX_XML_BYTES = 64 * _MB  # XML parsed into a tree (document, styles, ...): ~10,000 pages of text
MAX_TOTAL_BYTES = 512 * _MB  # everything inflated into memory, images included
MAX_MEMBERS = 10_000


def check_expansion(data: bytes) -> None:
    """Refuse a package that would inflate past the limits above, before anything is inflated."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ReadFailed(f"not a valid DOCX file ({exc})") from exc
    if len(infos) > MAX_MEMBERS:
        raise ReadFailed(f"refusing to decompress: the DOCX holds {len(infos):,} parts (limit {MAX_MEMBERS:,})")
    xml = sum(i.file_size for i in infos if i.filename.lower().endswith((".xml", ".rels")))
    total = sum(i.file_size for i in infos)
    if xml > MAX_XML_BYTES or total > MAX_TOTAL_BYTES:
        raise ReadFailed(f"refusing to decompress: the DOCX would expand to {total / _MB:,.0f} MB "
                         f"({xml / _MB:,.0f} MB of XML; limits {MAX_XML_BYTES // _MB} MB of XML, "
                         f"{MAX_TOTAL_BYTES // _MB} MB in all): a zip bomb or an unusually large document")


def _heading_level(style_name: str) -> int | None:
    name = style_name.strip().lower()
    if name == "title":
        return 1
    if name.startswith("heading"):
        tail = name[len("heading"):].strip()
        return int(tail) if tail.isdigit() else 1
    return None


def _table_lines(table: Any) -> list[str]:
    lines = []
    for row in table.rows:
        cells: list[str] = []
        for cell in row.cells:
            value = " ".join(cell.text.split())
            if not cells or cells[-1] != value:  # merged cells repeat their text across the span
                cells.append(value)
        line = " | ".join(cells).strip(" |")
        if line:
            lines.append(line)
    return lines


class DocxReader:
    kind = "docx"

    def read(self, path: Path, data: bytes) -> ReadResult:
        if data.startswith(_OLE_MAGIC):
            raise ReadFailed("encrypted (password-protected) or legacy binary Word file; save it as a plain .docx")
        if not zipfile.is_zipfile(io.BytesIO(data)):
            raise ReadFailed("not a valid DOCX file (not a zip archive; truncated or corrupt?)")
        check_expansion(data)
        import docx
        from docx.table import Table

        try:
            document = docx.Document(io.BytesIO(data))
        except Exception as exc:  # python-docx raises several types for broken packages
            raise ReadFailed(f"not a valid DOCX file ({type(exc).__name__}: {exc})") from exc
        # Style names by id, resolved once: python-docx's per-paragraph ``.style`` lookup dominated read time.
        style_names = {style.style_id: style.name or "" for style in document.styles}
        parts: list[str] = []
        headings: list[Heading] = []
        length = 0
        for block in document.iter_inner_content():
            if isinstance(block, Table):
                lines = _table_lines(block)
                if not lines:
                    continue
                piece = normalise_text("\n".join(lines))
                level = None
            else:
                piece = normalise_text(block.text).strip()
                if not piece:
                    continue
                style_id = block._p.style  # None for the default paragraph style
                level = _heading_level(style_names.get(style_id, "")) if style_id else None
            if parts:
                parts.append("\n\n")
                length += 2
            if level is not None:
                headings.append(Heading(length, length + len(piece), level, " ".join(piece.split())))
            parts.append(piece)
            length += len(piece)
        return ReadResult(self.kind, [PageText(None, "".join(parts), headings)])
