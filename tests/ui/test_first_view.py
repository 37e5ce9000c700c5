"""What a new user sees first: a window sized to the screen, evidence headers that fit, a PDF page zoomed to its
span."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtWidgets import QApplication

from masis_desktop.ui import geometry
from masis_desktop.ui.page_render import MAX_SPAN_ZOOM, page_scale
from tests.ui.conftest import PDF_ANSWER, QUESTION, Script, ask, cite, make_pdf, make_workspace, scores, verdict
from tests.ui.responses import hostile_response


def test_the_first_start_window_takes_most_of_the_screen() -> None:
    desktop = QRect(0, 0, 1920, 1040)  # 1920x1080 less a panel
    rect = geometry.first_start_geometry(desktop)
    assert rect.width() > 1700 and rect.height() > 940  # the old fixed 1360x860 left a third of it unused
    assert desktop.contains(rect) and rect.center() == desktop.center()
    laptop = QRect(0, 27, 1366, 741)
    assert geometry.first_start_geometry(laptop) == QRect(3, 27, 1360, 741)  # as much as fits, never more
    ultrawide = geometry.first_start_geometry(QRect(0, 0, 5120, 1400))
    assert ultrawide.width() == geometry.MAX_WIDTH


def test_a_window_without_saved_geometry_is_sized_to_its_screen(qtbot: Any, backend: Any) -> None:
    from masis_desktop.ui.main_window import MainWindow

    assert not (geometry.qsettings().value("geometry"))  # a fresh MASIS_HOME: the first start
    window = MainWindow(backend)
    qtbot.addWidget(window)
    screen = window.screen().availableGeometry()  # offscreen: 800x800, less than the old fixed 1360x860
    assert window.geometry() == geometry.first_start_geometry(screen), (window.geometry(), screen)
    window.shutdown(30_000)


def _visible_sections(panel: Any) -> list[tuple[str, int, int]]:
    header = panel.table.horizontalHeader()
    return [(panel.proxy.headerData(c, Qt.Orientation.Horizontal), header.sectionSize(c), header.sectionSizeHint(c))
            for c in range(header.count())]


def test_evidence_headers_are_never_cut_in_a_narrow_panel(qtbot: Any, window: Any) -> None:
    window.show_response(hostile_response())
    panel = window.citation
    window.main_splitter.setSizes([350, 900, 250])  # squeezed to its minimum
    QApplication.processEvents()
    for name, size, needed in _visible_sections(panel):
        assert size >= needed, f"the {name!r} header is cut: {size} px of the {needed} it needs"

    window.main_splitter.setSizes([300, 500, 700])  # room to spare: the Document column takes it
    QApplication.processEvents()
    header = panel.table.horizontalHeader()
    assert header.length() == panel.table.viewport().width()
    assert header.sectionSize(1) == max(s for _n, s, _h in _visible_sections(panel))


def test_zoom_fits_the_span_and_keeps_short_spans_readable() -> None:
    fit = page_scale(595, 451, 420, 1.0, "page")
    assert fit == 420 / 595
    column = page_scale(595, 451, 420, 1.0, "span")  # a span across the text column: its lines fill the panel
    assert fit < column == 420 / (451 + 36)
    assert page_scale(595, 30, 420, 1.0, "span") == MAX_SPAN_ZOOM  # one word is not blown up to the panel width
    assert page_scale(595, 30, 420, 2.0, "span") == MAX_SPAN_ZOOM * 2  # in device pixels on a high-DPI screen
    assert page_scale(595, 590, 420, 1.0, "span") == fit  # never smaller than the whole page's width
    assert page_scale(595, None, 420, 1.0, "span") == fit  # no span found on the page: the whole width


def test_a_pdf_citation_shows_its_page_zoomed_and_scrolled_to_the_highlight(qtbot: Any, window: Any,
                                                                           script: Script, tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    make_workspace(qtbot, window, "Reports", [make_pdf(tmp_path / "docs" / "quarterly_report_q3.pdf")])
    script.synthesizer.enqueue(cite("EBITDA", PDF_ANSWER))
    script.critic.enqueue(verdict(0.88), scores(0.84))
    response = ask(qtbot, window, QUESTION)
    cid = response["metrics"]["last_citation_audit"]["claims"][0]["citations"][0]
    window.main_splitter.setSizes([350, 650, 440])
    QApplication.processEvents()
    qtbot.mouseClick(window.answer.viewport(), Qt.MouseButton.LeftButton, pos=window.answer.anchor_rect_of(cid))
    view = window.citation.page_view
    qtbot.waitUntil(lambda: view.current is not None, timeout=30_000)
    QApplication.processEvents()

    render = view.current
    viewport = view.viewport().size()
    assert render.zoom == "span" and render.boxes
    assert render.image.width() > viewport.width()  # larger than the whole page at the panel's width
    span = view.span_rect()
    visible = QRectF(view.horizontalScrollBar().value(), view.verticalScrollBar().value(), viewport.width(),
                     viewport.height())
    assert visible.contains(span), (visible, span)  # the whole highlight is on screen, none of it cut at the side
    assert view.horizontalScrollBar().value() > 0  # scrolled sideways past the page's margin to the highlight
    assert "zoomed to the highlight" in window.citation.page_label.text()

    window.citation.zoom_buttons["page"].click()  # the whole page, as before, on request
    qtbot.waitUntil(lambda: view.current is not None and view.current.zoom == "page", timeout=30_000)
    assert view.current.image.width() <= viewport.width() + 1
    assert view.label.size() == QSize(view.current.image.width(), view.current.image.height())
