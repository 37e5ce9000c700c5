"""Documents and ingestion: the current workspace's document list, adding files and folders, removing a document.

Ingestion batches run on the ``ingest`` queue in drop order, the progress panel follows the running one, and the
document list refreshes at most twice a second while files are being indexed. Files dropped while no workspace
exists leave as ``workspace_needed`` (the workspaces controller asks for a name and sends them back).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPoint, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from masis_desktop.core.events import FileFinished, IngestFinished
from masis_desktop.ui import icons, theme
from masis_desktop.ui.controllers.session import IngestJob, Session
from masis_desktop.ui.item_models import RECORD_ROLE
from masis_desktop.ui.layout import WindowLayout
from masis_desktop.ui.render import get, tooltip
from masis_desktop.ui.widgets.citation_panel import document_url
from masis_desktop.ui.workers import GeneratorWorker

FILE_FILTER = ("Documents (*.pdf *.docx *.md *.markdown *.txt *.html *.htm *.rst *.csv *.json *.py *.js *.ts *.java "
               "*.c *.cpp *.go *.rs *.yaml *.toml);;All files (*)")
REFRESH_MS = 500  # while indexing, the document list is re-read at most this often


class DocumentsController(QObject):
    documents_loaded = Signal(str)  # the workspace whose documents are now on screen
    ingest_finished = Signal(object)  # IngestFinished of each batch (also when cancelled)
    workspace_needed = Signal(str, list)  # a suggested name, list[Path]: nothing to add these files to yet

    def __init__(self, session: Session, view: WindowLayout) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        self._refresh_name = ""
        self._refresh_timer = QTimer(self)  # owned here, so it can never fire after the window is gone
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(lambda: self.refresh_documents(self._refresh_name))
        session.closing.connect(self._refresh_timer.stop)
        view.documents_view.doubleClicked.connect(self.open_document_row)
        view.documents_view.customContextMenuRequested.connect(self._menu)
        view.documents_view.selectionModel().currentRowChanged.connect(self._selected)
        view.add_files_button.clicked.connect(self.choose_files)
        view.add_folder_button.clicked.connect(self.choose_folder)
        view.ingest_panel.cancel_requested.connect(self.cancel_ingest)
        view.sidebar.files_dropped.connect(self.add_paths)

    # --- the document list ----------------------------------------------------------------------------------
    def show_workspace(self, name: str | None) -> None:
        """Empty the list for a newly selected workspace, then read its documents."""
        self.view.documents.set_rows([])
        self.session.documents_by_id = {}
        if name:
            self.refresh_documents()
        else:
            self.view.workspace_label.setText("No workspace")

    def refresh_documents(self, name: str | None = None) -> None:
        name = name or self.session.workspace
        if not name:
            return

        def loaded(docs: list[Any]) -> None:
            self.view.sidebar.model.set_count(name, len(docs))
            if name != self.session.workspace:
                return
            self.view.documents.set_rows(docs)
            self.session.documents_by_id = {int(get(d, "id")): d for d in docs if get(d, "id") is not None}
            self.view.citation.set_documents(self.session.documents_by_id)
            indexed = sum(1 for d in docs if get(d, "status") == "indexed")
            failed = sum(1 for d in docs if get(d, "status") == "failed")
            chunks = sum(int(get(d, "chunks") or 0) for d in docs)
            self.view.workspace_label.setText(f"{name}: {indexed} documents indexed, {chunks} chunks"
                                              + (f", {failed} failed" if failed else ""))
            self.view.documents_hint.setVisible(not docs)
            self.documents_loaded.emit(name)

        self.session.job("io", lambda _t: self.session.backend.documents(name), on_event=loaded,
                         context=f"Could not read the documents of “{name}”")

    def open_document_row(self, index: QModelIndex) -> None:
        doc = index.data(RECORD_ROLE) if index.isValid() else None
        if doc is None:
            return
        path = Path(str(get(doc, "path")))
        if not path.exists():
            self.session.errors.message(f"{path} no longer exists.", "warning")
            return
        if not self.view.citation.open_url(document_url(path, None)):
            self.session.errors.message(f"No application could open {path.name}.", "warning")

    def _selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        details = self.view.document_details
        doc = current.data(RECORD_ROLE) if current.isValid() else None
        if doc is None:
            details.hide()
            return
        status = str(get(doc, "status") or "")
        lines = [str(get(doc, "path") or "")]
        if get(doc, "error"):
            lines.append(f"Reason: {get(doc, 'error')}")
        details.setText("\n".join(lines))
        tones = theme.current()
        colour = tones.poor if status == "failed" else tones.fair if status == "skipped" else tones.muted
        details.setStyleSheet(f"color: {colour};")
        details.show()

    def _menu(self, pos: QPoint) -> None:
        view = self.view.documents_view
        index = view.indexAt(pos)
        doc = self.view.documents.record(index.row()) if index.isValid() else None
        if doc is None:
            return
        menu = QMenu(self.view)
        menu.addAction(icons.icon("open-external"), "Open", lambda: self.open_document_row(index))
        menu.addAction(icons.icon("trash"), "Remove from workspace…", lambda: self.remove_document(doc))
        menu.exec(view.viewport().mapToGlobal(pos))

    def remove_document(self, doc: Any) -> None:
        name = self.session.workspace
        if not name:
            return
        busy = self.session.busy_with(name)
        if busy:
            self.session.errors.message(f"Documents cannot be removed now: {busy}.", "warning")
            return
        text = f"Remove “{get(doc, 'name')}” and its passages from “{name}”?\n\nThe file itself is not touched."
        if QMessageBox.question(self.view, "Remove document", tooltip(text)) != QMessageBox.StandardButton.Yes:
            return
        doc_id = int(get(doc, "id"))
        self.session.job("io", lambda _t: self.session.backend.remove_document(name, doc_id),
                         on_event=lambda _n: self.refresh_documents(name), context="Could not remove the document")

    # --- adding files ---------------------------------------------------------------------------------------
    def choose_files(self) -> None:
        if not self.session.require_workspace():
            return
        files, _ = QFileDialog.getOpenFileNames(self.view, f"Add files to “{self.session.workspace}”",
                                                str(Path.home()), FILE_FILTER)
        if files:
            self.add_paths(self.session.workspace, [Path(f) for f in files])

    def choose_folder(self) -> None:
        if not self.session.require_workspace():
            return
        folder = QFileDialog.getExistingDirectory(self.view, f"Add a folder to “{self.session.workspace}”",
                                                  str(Path.home()))
        if folder:
            self.add_paths(self.session.workspace, [Path(folder)])

    def add_paths(self, workspace: str | None, found: Iterable[Path]) -> None:
        """Queue an ingestion of ``found`` into ``workspace`` (the current one if None)."""
        found = list(found)
        name = workspace or self.session.workspace
        if not name:  # nothing to add to yet: offer a workspace named after what was dropped
            self.workspace_needed.emit(suggest_name(found), found)
            return
        worker = GeneratorWorker(lambda tok: self.session.backend.ingest(name, found, tok), name=f"ingest-{name}")
        job = IngestJob(name, found, worker)
        # Each slot is looked up when the event arrives (not bound now), so a test can observe the events.
        worker.signals.started.connect(lambda: self.on_ingest_started(job))
        worker.signals.item.connect(lambda ev: self.on_ingest_event(job, ev))
        worker.signals.failed.connect(lambda exc: self.on_ingest_failed(job, exc))
        worker.signals.finished.connect(lambda cancelled: self.on_ingest_done(job, cancelled))
        jobs = self.session.ingest_jobs
        jobs.append(job)
        self.view.ingest_panel.set_queued(max(0, len(jobs) - 1))
        if len(jobs) == 1:
            self.view.ingest_panel.begin(name, found)  # show at once; `started` re-begins it on the worker thread
        self.session.queues["ingest"].submit(worker)
        self.session.changed.emit()

    def on_ingest_started(self, job: IngestJob) -> None:
        self.view.ingest_panel.begin(job.workspace, job.paths)
        self.view.ingest_panel.set_queued(max(0, len(self.session.ingest_jobs) - 1))

    def on_ingest_event(self, job: IngestJob, event: Any) -> None:
        self.view.ingest_panel.on_event(event)
        if isinstance(event, FileFinished) and event.result.status == "indexed":
            self._refresh_name = job.workspace  # at most twice a second while files are being indexed
            if not self._refresh_timer.isActive():
                self._refresh_timer.start()
        if isinstance(event, IngestFinished):
            self.ingest_finished.emit(event)

    def on_ingest_failed(self, job: IngestJob, exc: BaseException) -> None:
        self.view.ingest_panel.fail(str(exc))
        self.session.errors.present(exc, f"Could not add files to “{job.workspace}”")

    def on_ingest_done(self, job: IngestJob, cancelled: bool) -> None:
        jobs = self.session.ingest_jobs
        if job in jobs:
            jobs.remove(job)
        panel = self.view.ingest_panel
        if cancelled and panel.running:  # stopped before the core could send its summary
            summary = IngestFinished(list(panel.results), cancelled=True)
            panel.finish(summary)
            self.ingest_finished.emit(summary)
        panel.set_queued(max(0, len(jobs) - 1) if jobs else 0)
        self.refresh_documents(job.workspace)
        if job.workspace == self.session.workspace:
            self.view.sidebar.model.set_count(job.workspace, len(self.view.documents.rows))
        self.session.changed.emit()

    def cancel_ingest(self) -> None:
        """Cancel the running ingestion and everything queued behind it."""
        for job in list(self.session.ingest_jobs):
            job.worker.cancel()


def suggest_name(found: list[Path]) -> str:
    """A workspace name from a dropped folder (or the folder of dropped files), if it is a valid name."""
    if not found:
        return ""
    first = found[0]
    candidate = first.name if first.is_dir() else first.parent.name
    candidate = re.sub(r"[^A-Za-z0-9 _.\-]", " ", candidate).strip(" .")[:64]
    return candidate if candidate and candidate[0].isalnum() else "Documents"
