"""The citation side panel: the source of the selected citation with the supporting span highlighted.

Shows the document name, page and chunk; the span the critic recorded for the sentence (else the whole chunk) is
highlighted in the chunk text and, for PDFs, drawn on the rendered page. "Open document" opens the file in the
system viewer at that page. Below: every piece of evidence the answer used, with its scores.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, QSortFilterProxyModel, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from masis_desktop.ui import icons, theme
from masis_desktop.ui.item_models import RECORD_ROLE, SORT_ROLE, EvidenceTableModel
from masis_desktop.ui.page_render import PageRender, PageRequest, Zoom
from masis_desktop.ui.render import claims_in, doc_name, evidence_by_id, highlighted_text_html, pct, tooltip
from masis_desktop.ui.widgets.common import muted_label, section_label

__all__ = ["CitationPanel", "EvidenceTable", "PageRequest", "PageView", "document_url"]
SCROLL_MARGIN = 24  # logical pixels kept around the highlight when the page scrolls to it


def document_url(path: str | Path, page: int | None) -> QUrl:
    """A file URL; PDFs get ``#page=N`` so viewers that understand it open at the cited page."""
    url = QUrl.fromLocalFile(str(path))
    if page and str(path).lower().endswith(".pdf"):
        url.setFragment(f"page={page}")
    return url


class PageView(QScrollArea):
    """A rendered PDF page (already highlighted) at the zoom it was rendered for, scrolled to the highlight."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(False)  # the page keeps its rendered size; the panel scrolls over it
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.label = QLabel(self)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        self.setWidget(self.label)
        self.setAccessibleName("Page of the document with the cited span highlighted")
        self.current: PageRender | None = None

    def set_render(self, render: PageRender | None, message: str = "") -> None:
        self.current = render
        if render is None:
            self.label.setPixmap(QPixmap())
            self.label.setText(message)
            self.label.resize(self.viewport().size())
            return
        pixmap = QPixmap.fromImage(render.image)
        pixmap.setDevicePixelRatio(max(1.0, self.devicePixelRatioF()))
        self.label.setPixmap(pixmap)
        self.label.resize(pixmap.deviceIndependentSize().toSize())
        self.scroll_to_span()

    def span_rect(self) -> QRectF | None:
        """The highlight's bounding box in the label's (logical) pixels."""
        focus = self.current.focus() if self.current is not None else None
        if focus is None:
            return None
        ratio = max(1.0, self.devicePixelRatioF())
        return QRectF(focus.x() / ratio, focus.y() / ratio, focus.width() / ratio, focus.height() / ratio)

    def scroll_to_span(self) -> None:
        """Bring the highlight into view: centred when it fits, else its first line at the top left."""
        span = self.span_rect()
        if span is None:
            return
        view = self.viewport().size()
        for bar, start, length, room in ((self.horizontalScrollBar(), span.left(), span.width(), view.width()),
                                         (self.verticalScrollBar(), span.top(), span.height(), view.height())):
            fits = length <= room - 2 * SCROLL_MARGIN
            bar.setValue(max(0, int(start + length / 2 - room / 2 if fits else start - SCROLL_MARGIN)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.current is None:  # a message ("Rendering page…") stays centred in the visible area
            self.label.resize(self.viewport().size())

    def image(self) -> QImage | None:
        return self.current.image if self.current else None


class EvidenceTable(QTableView):
    """The evidence of the answer. Each column is as wide as its values and its header; the Document column takes
    the width that is left, but never less than its header needs: Qt's stretch mode squeezed it in a narrow panel
    until the header read "ocumen". When even that does not fit, the table scrolls sideways."""

    FILL = 1  # the Document column

    def __init__(self, model: QSortFilterProxyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fitting = False
        self.setModel(model)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # file names keep their extension
        header = self.horizontalHeader()
        header.setStretchLastSection(False)
        for col in range(header.count()):
            mode = QHeaderView.ResizeMode.Interactive if col == self.FILL else QHeaderView.ResizeMode.ResizeToContents
            header.setSectionResizeMode(col, mode)
        header.sectionResized.connect(lambda *_args: self.fit_columns())
        model.modelReset.connect(self.fit_columns)
        model.layoutChanged.connect(self.fit_columns)

    def fit_columns(self) -> None:
        header = self.horizontalHeader()
        if self._fitting or header.count() <= self.FILL:
            return
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != self.FILL)
        width = max(header.sectionSizeHint(self.FILL), self.viewport().width() - others)
        if header.sectionSize(self.FILL) != width:
            self._fitting = True
            try:
                header.resizeSection(self.FILL, width)
            finally:
                self._fitting = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()


class CitationPanel(QWidget):
    page_requested = Signal(object)  # PageRequest
    open_failed = Signal(str)

    def __init__(self, parent: QWidget | None = None,
                 open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl) -> None:
        super().__init__(parent)
        self.open_url = open_url
        self.setAccessibleName("Citation")
        self.response: dict[str, Any] | None = None
        self.evidence: dict[str, dict[str, Any]] = {}
        self.documents: dict[int, Any] = {}
        self.selected: tuple[str, int | None] | None = None
        self.current_hit: dict[str, Any] | None = None
        self.span: tuple[int, int] | None = None
        self.request: PageRequest | None = None

        self.title = section_label("Source", self)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.meta = muted_label("Click a citation in the answer to see its source here.", self)
        self.meta.setAccessibleName("Source details")
        self.open_button = QPushButton("Open document", self)
        icons.bind(self.open_button, "open-external")
        self.open_button.setAccessibleName("Open document at the cited page")
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self.open_document)
        self.span_note = muted_label("", self)
        self.chunk = QTextBrowser(self)
        self.chunk.setAccessibleName("Cited passage")
        self.chunk.setOpenLinks(False)
        self.chunk.setPlaceholderText("No citation selected.")
        self.page_view = PageView(self)
        self.zoom: Zoom = "span"
        self.page_box = self._page_box()
        self.page_box.hide()

        self.model = EvidenceTableModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = EvidenceTable(self.proxy, self)
        self.table.setAccessibleName("Evidence used for the answer")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSortingEnabled(True)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.clicked.connect(self._on_evidence_clicked)
        self.table.activated.connect(self._on_evidence_clicked)

        head = QWidget(self)
        head_layout = QVBoxLayout(head)
        head_layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignTop)
        head_layout.addLayout(top)
        head_layout.addWidget(self.meta)
        head_layout.addWidget(self.span_note)
        head_layout.addWidget(self.chunk, 1)

        evidence_box = QWidget(self)
        ev_layout = QVBoxLayout(evidence_box)
        ev_layout.setContentsMargins(0, 0, 0, 0)
        self.evidence_title = section_label("Evidence", self)
        ev_layout.addWidget(self.evidence_title)
        ev_layout.addWidget(self.table)

        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(head)
        self.splitter.addWidget(self.page_box)
        self.splitter.addWidget(evidence_box)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

    def _page_box(self) -> QWidget:
        """The rendered page under a line saying which page it is, with the zoom choice."""
        box = QWidget(self)
        self.page_label = muted_label("", box)
        self.page_label.setAccessibleName("Rendered page")
        self._zoom_group = QButtonGroup(box)  # exclusive: one zoom at a time
        self.zoom_buttons: dict[Zoom, QToolButton] = {}
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.page_label, 1)
        zooms: tuple[tuple[Zoom, str, str], ...] = (
            ("span", "Highlight", "Zoom the page to the highlighted passage"),
            ("page", "Whole page", "Show the whole width of the page"))
        for zoom, text, tip in zooms:
            button = QToolButton(box)
            button.setText(text)
            button.setToolTip(tip)
            button.setAccessibleName(tip)
            button.setCheckable(True)
            button.setChecked(zoom == self.zoom)
            button.setAutoRaise(True)
            button.toggled.connect(lambda on, z=zoom: self.set_zoom(z) if on else None)
            self._zoom_group.addButton(button)
            self.zoom_buttons[zoom] = button
            row.addWidget(button)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.page_view, 1)
        return box

    def set_zoom(self, zoom: Zoom) -> None:
        """Zoom the page to the highlight (``"span"``) or show its whole width (``"page"``); re-renders it."""
        if zoom == self.zoom:
            return
        self.zoom = zoom
        self.zoom_buttons[zoom].setChecked(True)  # when called from code; a click has checked it already
        if self.selected is not None and self.request is not None:
            self.show_citation(*self.selected)

    # --- data -----------------------------------------------------------------------------------------------

    def set_documents(self, documents: dict[int, Any]) -> None:
        """``document_id -> DocumentInfo`` of the current workspace (for file paths)."""
        self.documents = dict(documents)

    def set_response(self, response: dict[str, Any] | None) -> None:
        self.response = response
        self.evidence = evidence_by_id(response)
        answer = str((response or {}).get("answer") or "")
        cited = {c for claim in claims_in(answer, response) for c in claim.citations}
        if not cited:
            import re

            cited = set(re.findall(r"c\d+", " ".join(re.findall(r"\[([^\]]+)\]", answer))))
        rows = list(self.evidence.values())
        self.model.set_evidence(rows, cited)
        n_cited = len(cited & set(self.evidence))
        self.evidence_title.setText(f"Evidence ({len(rows)} passage{'s' if len(rows) != 1 else ''}, {n_cited} cited)"
                                    if rows else "Evidence")
        self.clear_selection()

    def clear_selection(self) -> None:
        self.selected = None
        self.current_hit = None
        self.span = None
        self.request = None
        self.title.setText("Source")
        self.meta.setText("Click a citation in the answer to see its source here.")
        self.span_note.setText("")
        self.chunk.clear()
        self.page_view.set_render(None)
        self.page_box.hide()
        self.open_button.setEnabled(False)

    # --- selection ------------------------------------------------------------------------------------------

    def show_citation(self, chunk_id: str, claim_index: int | None = None) -> None:
        self.selected = (chunk_id, claim_index)
        hit = self.evidence.get(chunk_id)
        if hit is None:
            self.current_hit = None
            self.title.setText(chunk_id)
            self.meta.setText(f"{chunk_id} is not among the evidence retrieved for this answer: the citation is "
                              "fabricated, so nothing supports the sentence that uses it.")
            self.span_note.setText("")
            self.chunk.clear()
            self.page_box.hide()
            self.open_button.setEnabled(False)
            return
        self.current_hit = hit
        self.span = self._recorded_span(chunk_id, claim_index, hit)
        page = hit.get("page")
        self.title.setText(doc_name(hit.get("document")))
        self.title.setToolTip(tooltip(hit.get("document") or ""))
        where = [f"{chunk_id}", f"page {page}" if page else "", f"section “{hit['heading']}”" if hit.get("heading")
                 else "", f"relevance {pct(hit.get('relevance'))}"]
        if claim_index is not None:
            where.append(f"cited in sentence {claim_index + 1}")
        self.meta.setText(" · ".join(w for w in where if w))
        text = str(hit.get("text") or "")
        if self.span is not None:
            self.span_note.setText("Highlighted: the passage the critic matched to the sentence.")
            s, e = self.span
        else:
            self.span_note.setText("The critic recorded no narrower span; the whole passage is highlighted.")
            s, e = 0, len(text)
        self.chunk.setHtml(highlighted_text_html(text, s, e, theme.current()))
        self._scroll_chunk_to_span(s)
        path = self.document_path(hit)
        self.open_button.setEnabled(path is not None)
        self.open_button.setToolTip(tooltip(path) if path else "The document's file is no longer available")
        self._select_row(chunk_id)
        if path is not None and str(path).lower().endswith(".pdf") and page:
            base = int(hit.get("char_start") or 0)
            if self.page_box.isHidden():  # first PDF citation: give the page most of the height
                self.page_box.show()
                total = max(300, sum(self.splitter.sizes()))
                self.splitter.setSizes([int(total * 0.28), int(total * 0.47), int(total * 0.25)])
            # The page spans the panel's width; the viewport itself may not be laid out yet on the first citation.
            ratio = max(1.0, self.devicePixelRatioF())
            width = self.splitter.width() - self.page_view.verticalScrollBar().sizeHint().width() - 4
            self.request = PageRequest(str(path), int(page), base + s, base + e, max(300, int(width * ratio)), ratio,
                                       self.zoom)
            self.page_label.setText(f"Page {page}")
            self.page_view.set_render(None, "Rendering page…")
            self.page_requested.emit(self.request)
        else:
            self.request = None
            self.page_view.set_render(None)
            self.page_box.hide()

    def set_page(self, request: PageRequest, render: PageRender | None, error: str = "") -> None:
        if request != self.request:  # a newer citation was selected meanwhile
            return
        if render is not None:
            zoomed = render.zoom == "span" and render.boxes
            self.page_label.setText(f"Page {render.page} of {render.page_count}"
                                    + (" · zoomed to the highlight" if zoomed else ""))
        self.page_view.set_render(render, error or "")

    def _recorded_span(self, chunk_id: str, claim_index: int | None, hit: dict[str, Any]) -> tuple[int, int] | None:
        answer = str((self.response or {}).get("answer") or "")
        n = len(str(hit.get("text") or ""))
        for claim in claims_in(answer, self.response):
            if claim_index is not None and claim.index != claim_index:
                continue
            span = claim.support_span
            if span and str(span.get("chunk_id")) == chunk_id:
                s, e = int(span.get("char_start", 0)), int(span.get("char_end", 0))
                if 0 <= s < e <= n:
                    return s, e
        return None

    def _scroll_chunk_to_span(self, start: int) -> None:
        cursor = self.chunk.textCursor()
        cursor.setPosition(min(start, max(0, self.chunk.document().characterCount() - 1)))
        self.chunk.setTextCursor(cursor)
        self.chunk.ensureCursorVisible()

    def document_path(self, hit: dict[str, Any]) -> Path | None:
        doc = self.documents.get(int(hit.get("document_id") or -1))
        raw = None
        if doc is not None:
            raw = doc.get("path") if isinstance(doc, dict) else getattr(doc, "path", None)
        if raw is None:
            raw = hit.get("path") or hit.get("document")  # evidence names the document by its path
        if raw is None:
            return None
        path = Path(str(raw))
        return path if path.exists() else None

    def _select_row(self, chunk_id: str) -> None:
        for row in range(self.proxy.rowCount()):
            rec = self.proxy.index(row, 0).data(RECORD_ROLE)
            if rec and rec.get("chunk_id") == chunk_id:
                self.table.selectRow(row)
                return

    def _on_evidence_clicked(self, index: Any) -> None:
        rec = index.data(RECORD_ROLE) if index.isValid() else None
        if rec:
            self.show_citation(str(rec.get("chunk_id")), None)

    def open_document(self) -> None:
        if not self.current_hit:
            return
        path = self.document_path(self.current_hit)
        if path is None:
            self.open_failed.emit("The document's file is no longer available on disk.")
            return
        url = document_url(path, self.current_hit.get("page"))
        if not self.open_url(url):
            self.open_failed.emit(f"No application could open {path.name}.")

    def rethemed(self) -> None:
        if self.selected:
            self.show_citation(*self.selected)
