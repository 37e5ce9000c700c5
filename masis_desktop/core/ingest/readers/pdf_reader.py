"""PDF via pypdfium2, page by page, with text offsets that are pdfium text-page character indices.

Why per character: ``FPDFText_GetText`` may insert or drop characters relative to pdfium's internal character list,
and the UI needs ``char_start``/``char_end`` to be the indices ``FPDFText_GetCharBox`` understands. So the page text
is built with one Python character per pdfium character index (``FPDFText_GetUnicode``); characters that are not
printable (the ``\\r`` of pdfium's generated ``\\r\\n`` line breaks, NULs) become a space or are kept as ``\\n``,
never removed, so ``len(page_text) == textpage.count_chars()`` and index *i* of the stored text is pdfium character
*i*. ``pdf_char_boxes`` turns a stored span back into rectangles for drawing highlights.

A hyphen ending a line comes from pdfium as a marker (0x02, or a soft hyphen 0xAD) with the line break dropped
("reintroduc\\x02ing"). It is stored as one character too: a soft hyphen U+00AD when the two fragments are one
word ("reintroducing", which the reading text and the embedder's tokenizer rejoin), a "-" when they are a compound
("Non-Maintainer"); which one is decided with the whole document as evidence (``core/ingest/hyphens.py``).
Running headers, footers and contents pages stay in the stored text; the chunker leaves them out (``furniture.py``).

PDFium is not thread-safe: every call into it here holds ``PDFIUM_LOCK`` (the UI renders pages under it too).
"""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path

from masis_desktop.core.ingest.hyphens import SOFT_HYPHEN, settle_hyphens
from masis_desktop.core.ingest.types import PageText, ReadFailed, ReadResult

PDFIUM_LOCK = threading.RLock()
_KEEP = {"\n", "\t"}


def _char(code: int) -> str:
    """One display character for pdfium's code point at one index (length exactly 1)."""
    if code == 0x0D:  # pdfium emits "\r\n" for line breaks: keep the "\n", blank the "\r"
        return " "
    if code == 0x02 or code == 0xAD:  # hyphenation marker at a line end: one word or a compound (settle_hyphens)
        return SOFT_HYPHEN
    if code < 0x20 and chr(code) not in _KEEP:
        return " "
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF or code in (0xFFFE, 0xFFFF, 0xFEFF):
        return " "
    return chr(code)


def textpage_text(textpage: object) -> str:
    """The text of a pdfium text page, one character per pdfium character index (see module docstring)."""
    import pypdfium2.raw as pdfium_c

    n = pdfium_c.FPDFText_CountChars(textpage)
    if n <= 0:
        return ""
    get = pdfium_c.FPDFText_GetUnicode
    return "".join(_char(get(textpage, i)) for i in range(n))


def _open(data: bytes | Path) -> object:
    import pypdfium2 as pdfium

    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        message = str(exc).lower()
        if "password" in message:
            raise ReadFailed("encrypted PDF (password-protected); remove the password and ingest it again") from exc
        if "format" in message or "file" in message or "header" in message:
            raise ReadFailed(f"corrupt or truncated PDF ({exc})") from exc
        raise ReadFailed(f"unreadable PDF ({exc})") from exc


class PdfReader:
    kind = "pdf"

    def read(self, path: Path, data: bytes) -> ReadResult:
        with PDFIUM_LOCK:
            pdf = _open(data)
            try:
                count = len(pdf)  # type: ignore[arg-type]
                if count == 0:
                    raise ReadFailed("corrupt PDF: it has no pages")
                texts: list[str] = []
                for index in range(count):
                    try:
                        page = pdf[index]  # type: ignore[index]
                        textpage = page.get_textpage()
                        text = textpage_text(textpage)
                        textpage.close()
                        page.close()
                    except Exception as exc:  # one broken page must not lose the others
                        raise ReadFailed(f"corrupt PDF: page {index + 1} cannot be read ({exc})") from exc
                    texts.append(text)
            finally:
                pdf.close()  # type: ignore[attr-defined]
        pages = [PageText(number, text) for number, text in enumerate(settle_hyphens(texts), start=1)]
        result = ReadResult(self.kind, pages)
        if not result.has_text:
            raise ReadFailed(f"no extractable text in {count} page(s): the PDF looks scanned (image-only); "
                             "OCR is not supported")
        return result


def pdf_char_boxes(path: str | Path, page: int, char_start: int, char_end: int,
                   ) -> list[tuple[float, float, float, float]]:
    """Rectangles covering characters ``[char_start, char_end)`` of 1-based ``page``, for drawing highlights.

    Offsets are those stored for chunks (pdfium character indices, see module docstring). Returns
    ``(left, bottom, right, top)`` in PDF page coordinates (points, origin bottom-left, as pypdfium2 reports them);
    pdfium merges adjacent characters on a line into one rectangle. Empty list when the span has no drawable text.
    To draw on a bitmap rendered at ``scale``: ``x = (left - page_left) * scale``, ``y = (page_top - top) * scale``.
    """
    import pypdfium2.raw as pdfium_c

    if char_end <= char_start:
        return []
    with PDFIUM_LOCK:
        pdf = _open(Path(path))
        try:
            if not 1 <= page <= len(pdf):  # type: ignore[arg-type]
                raise ValueError(f"page {page} out of range 1..{len(pdf)}")  # type: ignore[arg-type]
            pdf_page = pdf[page - 1]  # type: ignore[index]
            textpage = pdf_page.get_textpage()
            try:
                total = pdfium_c.FPDFText_CountChars(textpage)
                start = max(0, char_start)
                count = min(char_end, total) - start
                if count <= 0:
                    return []
                n_rects = pdfium_c.FPDFText_CountRects(textpage, start, count)
                boxes: list[tuple[float, float, float, float]] = []
                left, top, right, bottom = (ctypes.c_double() for _ in range(4))
                for i in range(max(0, n_rects)):
                    ok = pdfium_c.FPDFText_GetRect(textpage, i, left, top, right, bottom)
                    if ok and right.value > left.value and top.value > bottom.value:
                        boxes.append((left.value, bottom.value, right.value, top.value))
                return boxes
            finally:
                textpage.close()
                pdf_page.close()
        finally:
            pdf.close()  # type: ignore[attr-defined]
