"""Render one PDF page with the cited span highlighted, zoomed so the span is readable, off the GUI thread.

Pages are rasterised with pypdfium2 under the core's ``PDFIUM_LOCK`` (pdfium is not thread-safe) into a
``QImage`` (safe to build in a worker thread); the span's character boxes come from the PDF reader module, so the
highlight lands exactly on the characters the chunk offsets name.

The citation panel is a few hundred pixels wide, and a whole A4 page at that width sets 10-point text about 6 px
high: the highlight is visible, its words are not. So by default the page is zoomed to the span: the highlighted
lines (plus a small margin) fill the panel's width, so none of them is cut off at the side; a short span stops
growing at twice a reading size (a one-word span is not blown up to fill the panel), and the page is never shown
smaller than its whole width. The panel then scrolls to the span. "Whole page" renders the page at the panel's
width, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

Zoom = Literal["span", "page"]
MAX_SPAN_ZOOM = 2.0  # logical pixels per point where a short span stops growing (10-point text 20 px high)
SPAN_MARGIN_PT = 18.0  # room left and right of the span's lines
MIN_SCALE, MAX_SCALE = 0.5, 4.0  # device pixels per point (bitmap size bounds)


@dataclass(frozen=True)
class PageRequest:
    """What the citation panel asks for: ``page`` (1-based) of ``path`` with ``[char_start, char_end)`` marked,
    for a viewport ``view_width`` device pixels wide at device pixel ratio ``dpr``."""

    path: str
    page: int
    char_start: int | None
    char_end: int | None
    view_width: int
    dpr: float = 1.0
    zoom: Zoom = "span"


@dataclass
class PageRender:
    path: str
    page: int  # 1-based
    page_count: int
    image: QImage
    scale: float  # device pixels per point
    boxes: list[QRectF] = field(default_factory=list)  # the span's character boxes, in image pixels
    zoom: Zoom = "span"

    def focus(self) -> QRectF | None:
        """The span's bounding box in image pixels (what the panel scrolls to)."""
        if not self.boxes:
            return None
        united = QRectF(self.boxes[0])
        for box in self.boxes[1:]:
            united = united.united(box)
        return united


def page_scale(page_width_pt: float, span_width_pt: float | None, view_width: int, dpr: float, zoom: Zoom) -> float:
    """Device pixels per point for the page: the whole width (``zoom="page"`` or no span), else zoomed to the span."""
    fit = view_width / max(1.0, page_width_pt)
    if zoom == "page" or not span_width_pt:
        return max(MIN_SCALE, min(MAX_SCALE, fit))
    span_fit = view_width / (span_width_pt + 2 * SPAN_MARGIN_PT)
    return max(MIN_SCALE, min(MAX_SCALE, max(fit, min(span_fit, MAX_SPAN_ZOOM * dpr))))


def render_page(request: PageRequest, highlight: str = "#ffd400") -> PageRender:
    """Rasterise the requested page at the zoom it asks for and draw the span on it."""
    import pypdfium2 as pdfium

    from masis_desktop.core.ingest.readers.pdf_reader import PDFIUM_LOCK, pdf_char_boxes

    span_boxes: list[tuple[float, float, float, float]] = []
    if request.char_start is not None and request.char_end is not None and request.char_end > request.char_start:
        span_boxes = pdf_char_boxes(request.path, request.page, request.char_start, request.char_end)
    with PDFIUM_LOCK:
        pdf = pdfium.PdfDocument(str(request.path))
        try:
            count = len(pdf)
            if not 1 <= request.page <= count:
                raise ValueError(f"page {request.page} is out of range (1..{count})")
            pdf_page = pdf[request.page - 1]
            try:
                left, _bottom, right, top = pdf_page.get_bbox()
                span_width = (max(b[2] for b in span_boxes) - min(b[0] for b in span_boxes)) if span_boxes else None
                scale = page_scale(right - left, span_width, request.view_width, request.dpr, request.zoom)
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
    rects = [QRectF((b_left - left) * scale, (top - b_top) * scale, (b_right - b_left) * scale,
                    (b_top - b_bottom) * scale) for b_left, b_bottom, b_right, b_top in span_boxes]
    if rects:
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
        painter.setBrush(QColor(highlight))  # multiplied: white paper turns yellow, black text stays black
        for r in rects:
            painter.drawRoundedRect(r.adjusted(-1.5, -1.5, 1.5, 1.5), 2, 2)
        painter.end()
    return PageRender(str(request.path), request.page, count, image, scale, rects, request.zoom)
