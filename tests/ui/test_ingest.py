"""Dropping files and folders from a file manager ingests them, with progress, per-file failures and cancel."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.core.events import CancelToken, FileFinished, IngestFinished
from masis_desktop.ui.item_models import DETAIL_ROLE
from tests.ui.conftest import drop_files, make_workspace, write_docs


def test_dropping_files_on_the_window_ingests_them(qtbot: Any, window: Any, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Notes")
    docs = write_docs(tmp_path / "docs")
    broken = tmp_path / "docs" / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nthis is not really a pdf")
    events: list[Any] = []
    window.ingest_finished.connect(events.append)

    with qtbot.waitSignal(window.ingest_finished, timeout=120_000):
        drop_files(window, [*docs, broken])
    qtbot.waitUntil(lambda: len(window.documents.rows) == 3, timeout=30_000)

    finished: IngestFinished = events[0]
    assert finished.totals["indexed"] == 2 and finished.totals["failed"] == 1
    panel = window.ingest_panel
    assert panel.isVisible()
    assert "2 indexed" in panel.title.text() and "1 failed" in panel.title.text()
    # the failure is listed with its reason
    assert panel.failures.count() == 1
    assert panel.failures.item(0).text().startswith("broken.pdf — ")
    assert "pdf" in panel.failures.item(0).text().lower()
    # the document list shows status, pages and chunks per file; the failed one with its reason
    rows = {r.name: r for r in window.documents.rows}
    assert rows["revenue_q3.txt"].status == "indexed" and rows["revenue_q3.txt"].chunks >= 1
    assert rows["broken.pdf"].status == "failed" and rows["broken.pdf"].error
    model = window.documents
    index = model.index(model.rows.index(rows["broken.pdf"]))
    assert index.data(DETAIL_ROLE) == f"Failed: {rows['broken.pdf'].error}"  # shown under the name
    ok = model.index(model.rows.index(rows["revenue_q3.txt"]))
    assert ok.data(DETAIL_ROLE) == "Indexed · 1 chunk"
    window.documents_view.setCurrentIndex(index)
    assert "Reason:" in window.document_details.text()
    assert "2 documents indexed" in window.workspace_label.text()


def test_dropping_a_folder_on_another_workspace_item(qtbot: Any, window: Any, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Alpha")
    make_workspace(qtbot, window, "Beta")
    assert window.workspace == "Beta"
    folder = tmp_path / "folder"
    write_docs(folder / "nested")
    view = window.sidebar.view
    row = window.sidebar.model.row_of("Alpha")
    pos = view.visualRect(window.sidebar.model.index(row)).center()
    with qtbot.waitSignal(window.ingest_finished, timeout=120_000) as blocker:
        drop_files(view.viewport(), [folder], pos)
    assert blocker.args[0].totals["indexed"] == 2
    docs = window.backend.documents("Alpha")
    assert sorted(d.name for d in docs) == ["oslo_office.md", "revenue_q3.txt"]
    assert window.backend.documents("Beta") == []
    assert window.workspace == "Beta"  # dropping on an item does not switch workspace


def test_cancel_ingestion_keeps_what_was_indexed(qtbot: Any, window: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    make_workspace(qtbot, window, "Big")
    real_ingest = window.backend.ingest

    def slow_ingest(name: str, paths: list[Path], cancel: CancelToken) -> Iterator[Any]:
        """The real ingestion, made to pause after its second file until the user's cancel arrives."""
        seen = 0
        for event in real_ingest(name, paths, cancel):
            yield event
            if isinstance(event, FileFinished):
                seen += 1
                if seen == 2:
                    deadline = time.monotonic() + 20
                    while not cancel.cancelled and time.monotonic() < deadline:
                        time.sleep(0.01)

    monkeypatch.setattr(window.backend, "ingest", slow_ingest)
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(100):  # more chunks than one embedding flush, so cancel lands between flushes
        (folder / f"note_{i:02d}.txt").write_text(f"Note {i}. " + "The quarterly figures are in the report. " * 40,
                                                 encoding="utf-8")
    finished: list[IngestFinished] = []
    files_done: list[FileFinished] = []
    window.ingest_finished.connect(finished.append)

    def on_event(job: Any, event: Any) -> None:
        if isinstance(event, FileFinished):
            files_done.append(event)
            if len(files_done) == 2:
                window.ingest_panel.cancel_button.click()

    controller = window.document_controller
    original = controller.on_ingest_event
    controller.on_ingest_event = lambda job, ev: (original(job, ev), on_event(job, ev))
    drop_files(window, [folder])
    qtbot.waitUntil(lambda: not window.ingest_jobs, timeout=120_000)
    assert finished and finished[0].cancelled
    assert "Cancelled" in window.ingest_panel.title.text()
    qtbot.waitUntil(lambda: 2 <= len(window.documents.rows) < 100, timeout=30_000)
    assert all(r.status == "indexed" for r in window.documents.rows)
