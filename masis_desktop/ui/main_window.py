"""The main window: the layout (``ui/layout.py``) and one controller per feature (``ui/controllers/``), wired.

Nothing here does the work. The window builds the widgets through its base class, creates the shared ``Session``
(backend, task queues, error presenter, state) and the controllers, and connects the menu actions, the session's
signals and the controllers' signals to each other. The public methods below are the entry points ``app.py``, the
screenshot scripts and the tests drive; each one hands over to the controller that owns the feature. The core is
never called on the GUI thread: every store read, ingestion, question, model load and page render is a worker on
one of the session's serial queues.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDesktopServices

from masis_desktop.ui import theme
from masis_desktop.ui.backend import Backend
from masis_desktop.ui.controllers.ask import AskController
from masis_desktop.ui.controllers.documents import DocumentsController
from masis_desktop.ui.controllers.export import ExportController
from masis_desktop.ui.controllers.history import HistoryController
from masis_desktop.ui.controllers.session import IngestJob, Run, Session
from masis_desktop.ui.controllers.settings import SettingsController
from masis_desktop.ui.controllers.workspaces import WorkspacesController
from masis_desktop.ui.errors import ErrorPresenter
from masis_desktop.ui.layout import WindowLayout
from masis_desktop.ui.settings_dialog import SettingsDialog
from masis_desktop.ui.theme import Tones
from masis_desktop.ui.workers import GeneratorWorker

CLOSE_WAIT_MS = 60_000  # a cancelled llama call stops at its next token; this bound is never reached in practice


class MainWindow(WindowLayout):
    """The application window. ``backend`` is the core facade (tests pass one with scripted models)."""

    run_finished = Signal(object)  # the response dict (tests and the screenshot script wait for it)
    ingest_finished = Signal(object)  # IngestFinished
    workspaces_loaded = Signal(list)
    documents_loaded = Signal(str)
    models_loaded = Signal()  # background loading ended (each role ready or failed)

    def __init__(self, backend: Backend | None = None, *, theme_manager: theme.ThemeManager | None = None,
                 open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl) -> None:
        super().__init__(open_url)
        self.backend = backend or Backend()
        self.errors = ErrorPresenter(self.message_bar, self.statusBar(), self)
        self.session = session = Session(self.backend, self.errors, self)
        self.queues = session.queues
        self.workspace_controller = WorkspacesController(session, self)
        self.document_controller = DocumentsController(session, self)
        self.history_controller = HistoryController(session, self)
        self.ask_controller = AskController(session, self)
        self.export_controller = ExportController(session)
        self.settings_controller = SettingsController(session, self)
        self._wire()
        self.restore_geometry()
        if theme_manager is not None:
            theme_manager.changed.connect(self.apply_theme)
        self._sync()

    def _wire(self) -> None:
        session = self.session
        workspaces, documents, history = self.workspace_controller, self.document_controller, self.history_controller
        asking, export, settings = self.ask_controller, self.export_controller, self.settings_controller
        # a newly selected workspace: every panel shows it (documents, history and stats, then the answer)
        session.workspace_changed.connect(self._show_title)
        session.workspace_changed.connect(documents.show_workspace)
        session.workspace_changed.connect(history.show_workspace)
        session.workspace_changed.connect(asking.show_workspace)
        session.changed.connect(self._sync)
        # between features
        documents.workspace_needed.connect(workspaces.new_workspace)
        workspaces.ingest_requested.connect(documents.add_paths)
        self.files_dropped.connect(documents.add_paths)
        history.open_requested.connect(asking.show_response)
        asking.run_ended.connect(history.after_run)
        asking.run_ended.connect(settings.after_run)
        # the window's own signals, for app.py's start-up probe, the screenshot scripts and the tests
        workspaces.listed.connect(self.workspaces_loaded)
        documents.documents_loaded.connect(self.documents_loaded)
        documents.ingest_finished.connect(self.ingest_finished)
        asking.run_finished.connect(self.run_finished)
        settings.models_loaded.connect(self.models_loaded)
        # menus and shortcuts
        for action, slot in ((self.new_action, workspaces.new_workspace),
                             (self.add_files_action, documents.choose_files),
                             (self.add_folder_action, documents.choose_folder),
                             (self.export_action, export.export_answer),
                             (self.export_pdf_action, export.export_answer_pdf),
                             (self.settings_action, settings.open_settings),
                             (self.ask_action, asking.ask), (self.cancel_action, self.cancel_any),
                             (self.new_question_action, asking.new_question)):
            action.triggered.connect(lambda _checked=False, run=slot: run())
        self.cancel_shortcut.activated.connect(self.cancel_any)
        self.export_button.clicked.connect(lambda: export.export_answer())

    def _sync(self) -> None:
        session = self.session
        self.sync_actions(session.workspace, session.run is not None,
                          session.response is not None and session.run is None, bool(session.ingest_jobs))

    def _show_title(self, name: str | None) -> None:
        self.setWindowTitle(f"{name} — MASIS Desktop" if name else "MASIS Desktop")

    # --- state, read by app.py, the scripts and the tests ---------------------------------------------------------
    @property
    def workspace(self) -> str | None:
        return self.session.workspace

    @property
    def run(self) -> Run | None:
        return self.session.run

    @property
    def response(self) -> dict[str, Any] | None:
        return self.session.response

    @property
    def ingest_jobs(self) -> list[IngestJob]:
        return self.session.ingest_jobs

    # --- entry points ---------------------------------------------------------------------------------------------
    def start(self, *, sample: bool = False, workspace: str | None = None, preload_models: bool = True,
              question: str | None = None) -> None:
        """After the window is shown: list workspaces, open the requested one, load models in the background."""
        self.workspace_controller.start(sample=sample, workspace=workspace, question=question)
        self.settings_controller.preload(preload_models)

    def job(self, queue: str, make: Callable[[Any], Any], **callbacks: Any) -> GeneratorWorker:
        return self.session.job(queue, make, **callbacks)

    def refresh_workspaces(self, names: list[str] | None = None, select: str | None = None) -> None:
        self.workspace_controller.refresh_workspaces(names, select)

    def refresh_history(self) -> None:
        self.history_controller.refresh_history()

    def delete_history_entry(self, record: dict[str, Any], *, confirm: bool = True) -> None:
        self.history_controller.delete_entry(record, confirm=confirm)

    def add_paths(self, workspace: str | None, found: list[Path]) -> None:
        self.document_controller.add_paths(workspace, found)

    def ask(self) -> None:
        self.ask_controller.ask()

    def new_question(self) -> None:
        self.ask_controller.new_question()

    def show_response(self, response: dict[str, Any]) -> None:
        self.ask_controller.show_response(response)

    def show_citation(self, chunk_id: str, claim: int | None) -> None:
        self.ask_controller.show_citation(chunk_id, claim)

    def export_answer(self, path: Path | None = None) -> tuple[Path, Path] | None:
        return self.export_controller.export_answer(path)

    def export_answer_pdf(self, path: Path | None = None) -> Path | None:
        return self.export_controller.export_answer_pdf(path)

    def open_settings(self) -> SettingsDialog:
        return self.settings_controller.open_settings()

    def load_models(self) -> None:
        self.settings_controller.load_models()

    def cancel_any(self) -> None:
        """Esc: stop the question if one runs, otherwise the ingestion."""
        if self.session.run is not None:
            self.ask_controller.cancel_run()
        elif self.session.ingest_jobs:
            self.document_controller.cancel_ingest()

    def apply_theme(self, _tones: Tones) -> None:
        """The palette changed (system scheme or ``--theme``): re-colour the widgets, then the shown answer."""
        self.retheme()
        self.ask_controller.rethemed()

    # --- shutdown ---------------------------------------------------------------------------------------------
    def shutdown(self, wait_ms: int = CLOSE_WAIT_MS) -> bool:
        """Cancel every worker, wait for them to stop, close workspaces and models. True if all stopped."""
        return self.session.shutdown(wait_ms)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session.closed:
            event.accept()
            return
        self.save_geometry()
        if self.session.busy:
            self.statusBar().showMessage("Stopping…")
            self.hide()  # the window goes away at once; cancelled work finishes its current token
        self.shutdown()
        event.accept()
