"""Render one PDF page with the cited span highlighted, off the GUI thread.

Pages are rasterised with pypdfium2 under the core's ``PDFIUM_LOCK`` (pdfium is not thread-safe) into a
``QImage`` (safe to build in a worker thread); the span's character boxes come from the PDF reader module, so the
highlight lands exactly on the characters the chunk offsets name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter


@dataclass
class PageRender:
    path: str
    page: int  # 1-based
    page_count: int
    image: QImage
    scale: float
    boxes: list[QRectF] = field(default_factory=list)  # in image pixels


def render_page(path: str | Path, page: int, char_start: int | None, char_end: int | None,
                width_px: int, highlight: str = "#ffd400") -> PageRender:
    """Rasterise 1-based ``page`` so it is about ``width_px`` wide and draw the span ``[char_start, char_end)``."""
    import pypdfium2 as pdfium

    from masis_desktop.core.ingest.readers.pdf_reader import PDFIUM_LOCK, pdf_char_boxes

    with PDFIUM_LOCK:
        pdf = pdfium.PdfDocument(str(path))
        try:
            count = len(pdf)
            if not 1 <= page <= count:
                raise ValueError(f"page {page} is out of range (1..{count})")
            pdf_page = pdf[page - 1]
            try:
                left, _bottom, right, top = pdf_page.get_bbox()
                width_pt = max(1.0, right - left)
                scale = max(0.5, min(4.0, width_px / width_pt))
                bitmap = pdf_page.render(scale=scale, fill_color=(255, 255, 255, 255))  # opaque 3-byte BGR
                array = bitmap.to_numpy()
                h, w = array.shape[0], array.shape[1]
                # Copy out of pdfium's buffer into a format QPainter composes correctly (opaque alpha).
                image = QImage(array.data, w, h, array.strides[0], QImage.Format.Format_BGR888).convertToFormat(
                    QImage.Format.Format_ARGB32_Premultiplied)
            finally:
                pdf_page.close()
        finally:
            pdf.close()
    rects: list[QRectF] = []
    if char_start is not None and char_end is not None and char_end > char_start:
        for b_left, b_bottom, b_right, b_top in pdf_char_boxes(path, page, char_start, char_end):
            rects.append(QRectF((b_left - left) * scale, (top - b_top) * scale,
                                (b_right - b_left) * scale, (b_top - b_bottom) * scale))
    if rects:
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
        painter.setBrush(QColor(highlight))  # multiplied: white paper turns yellow, black text stays black
        for r in rects:
            painter.drawRoundedRect(r.adjusted(-1.5, -1.5, 1.5, 1.5), 2, 2)
        painter.end()
    return PageRender(str(path), page, count, image, scale, rects)
