"""Screenshots of the main states, written to ``artifacts/screenshots/`` for a human to look at.

Each shot is also checked for what it must show, so a broken state fails here rather than only looking wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from masis_desktop.settings import load_settings, save_settings
from masis_desktop.ui import theme
from tests.ui.conftest import (
    BAD_ANSWER,
    PDF_ANSWER,
    QUESTION,
    SlowScriptedLLM,
    ask,
    cite,
    drop_files,
    make_pdf,
    scores,
    verdict,
    write_docs,
)

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def shot(widget: QWidget, name: str) -> Path:
    for _ in range(3):  # let pending layout requests run, as they would before the next screen refresh
        QApplication.processEvents()
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    assert widget.grab().save(str(path)), path
    return path


def test_screenshots_of_the_main_states(qtbot: Any, qapp: Any, backend: Any, script: Any, tmp_path: Path) -> None:
    from masis_desktop.ui.main_window import MainWindow

    themes = theme.ThemeManager(qapp, force="light")
    window = MainWindow(backend, theme_manager=themes, open_url=lambda _url: True)
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    qtbot.waitExposed(window)
    try:
        with qtbot.waitSignal(window.workspaces_loaded, timeout=20_000):
            window.start(preload_models=False)
        shot(window, "01-empty")

        docs = tmp_path / "docs"
        files = [*write_docs(docs), make_pdf(docs / "quarterly_report_q3.pdf")]
        broken = docs / "scan.pdf"
        broken.write_bytes(b"%PDF-1.4 broken")
        window.backend.create_workspace("Halvorsen")
        with qtbot.waitSignal(window.documents_loaded, timeout=30_000):
            window.refresh_workspaces(select="Halvorsen")
        with qtbot.waitSignal(window.ingest_finished, timeout=120_000):
            drop_files(window, [*files, broken])
        qtbot.waitUntil(lambda: len(window.documents.rows) == 4, timeout=30_000)
        window.ingest_panel._autohide.stop()
        assert window.ingest_panel.failures.count() == 1
        shot(window, "02-ingested-with-a-failure")

        # streaming, mid-answer
        slow = SlowScriptedLLM("writer")
        slow.delay = 0.08
        slow.enqueue(cite("Quarterly Report", PDF_ANSWER))  # only the PDF has that title line
        script.synthesizer = slow
        script.critic.enqueue(verdict(0.88), scores(0.84))
        window.question.setPlainText(QUESTION)
        with qtbot.waitSignal(window.run_finished, timeout=120_000) as blocker:
            window.ask()
            qtbot.waitUntil(lambda: len(window.answer.text) > 60, timeout=60_000)
            assert window.stage.stage == "writing"
            shot(window, "03-streaming")
        qtbot.waitUntil(lambda: window.run is None, timeout=30_000)
        response = blocker.args[0]
        assert response["status"] == "success"
        pdf_hits = [h for h in response["evidence"] if str(h["document"]).endswith(".pdf")]
        assert pdf_hits, response["evidence"]
        cid = response["metrics"]["last_citation_audit"]["claims"][0]["citations"][0]

        # chip clicked: the PDF page rendered with the span highlighted
        pos = window.answer.anchor_rect_of(cid)
        assert pos is not None
        qtbot.mouseClick(window.answer.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        qtbot.waitUntil(lambda: window.citation.page_view.current is not None, timeout=30_000)
        assert window.citation.page_view.current.boxes, "the supporting span has boxes on the page"
        shot(window, "04-answer-with-pdf-citation")

        window.lower_tabs.setCurrentWidget(window.trace)
        shot(window, "05-trace")
        window.left_tabs.setCurrentWidget(window.stats_view)
        qtbot.waitUntil(lambda: window.stats_view.values["runs"].text() == "1", timeout=10_000)
        shot(window, "06-workspace-quality")
        window.left_tabs.setCurrentIndex(0)
        window.lower_tabs.setCurrentWidget(window.quality)

        # escalation to the human: amber banner above the best draft, flagged sentences
        settings = load_settings()
        settings.pipeline.max_retries = 0
        save_settings(settings)
        window.backend.settings = load_settings()
        script.synthesizer.enqueue(cite("214.6", BAD_ANSWER))
        script.critic.enqueue(verdict(0.3), scores(0.35))
        escalated = ask(qtbot, window)
        assert escalated["status"] == "needs_clarification" and window.banner.isVisible()
        window.ingest_panel.dismiss_button.click()
        window.left_tabs.setCurrentIndex(1)
        qtbot.waitUntil(lambda: window.history.rowCount() == 2, timeout=10_000)
        shot(window, "07-needs-review")
        window.left_tabs.setCurrentIndex(0)

        # the same in the dark palette
        themes._force = "dark"
        themes.apply()
        assert theme.current().dark
        qtbot.wait(50)
        shot(window, "08-needs-review-dark")
        window.show_response(response)
        qtbot.mouseClick(window.answer.viewport(), Qt.MouseButton.LeftButton, pos=window.answer.anchor_rect_of(cid))
        qtbot.waitUntil(lambda: window.citation.page_view.current is not None, timeout=30_000)
        shot(window, "09-answer-dark")
        themes._force = "light"
        themes.apply()

        dialog = window.open_settings()
        qtbot.waitExposed(dialog)
        shot(dialog, "10-settings")
        dialog.reject()
    finally:
        themes._force = "light"
        themes.apply()
        themes.deleteLater()
    assert len(list(SHOTS.glob("*.png"))) >= 10
