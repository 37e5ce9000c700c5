"""The main window: workspaces and documents on the left, question and answer in the middle, sources on the right.

The window owns the task queues and wires core events (delivered as signals by workers) to the panels. It never
calls the core on the GUI thread: every store read, ingestion, question, model load and page render is a worker
on one of the serial queues below.

Queues (one thread each):
- ``llm``: questions. The synthesizer and critic models are serialised by their own locks as well; the window
  never starts a second question while one runs (Ask is disabled and says why).
- ``ingest``: ingestion batches, in drop order (the embedder is shared with search, it has its own lock).
- ``models``: background model loading after start-up and after settings change.
- ``io``: short store reads and workspace operations (documents, history, stats, create/rename/delete).
- ``render``: PDF page rendering for the citation panel (pdfium is not thread-safe; it has a global lock).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QModelIndex, QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDesktopServices,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListView,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from masis_desktop import __version__, paths
from masis_desktop.core.events import (
    CancelToken,
    FileFinished,
    IngestFinished,
    NodeFinished,
    RunFinished,
    StageStarted,
    TokenStreamed,
)
from masis_desktop.ui import icons, theme
from masis_desktop.ui.backend import Backend, ModelLoad
from masis_desktop.ui.errors import ErrorPresenter, MessageBar
from masis_desktop.ui.export import export_pdf, export_report
from masis_desktop.ui.item_models import RECORD_ROLE, DocumentListModel, HistoryListModel
from masis_desktop.ui.page_render import render_page
from masis_desktop.ui.render import as_dict, clarification, sentence_flags, tooltip
from masis_desktop.ui.settings_dialog import SettingsDialog
from masis_desktop.ui.theme import Tones
from masis_desktop.ui.widgets.answer_view import AnswerView
from masis_desktop.ui.widgets.banner import HitlBanner
from masis_desktop.ui.widgets.citation_panel import CitationPanel, PageRequest, document_url
from masis_desktop.ui.widgets.common import muted_label, plain_label, section_label
from masis_desktop.ui.widgets.ingest_panel import IngestPanel
from masis_desktop.ui.widgets.quality_panel import QualityPanel
from masis_desktop.ui.widgets.sidebar import WorkspaceSidebar, local_paths
from masis_desktop.ui.widgets.stage_indicator import StageIndicator
from masis_desktop.ui.widgets.stats_view import StatsView
from masis_desktop.ui.widgets.trace_view import TraceView
from masis_desktop.ui.widgets.two_line import TwoLineDelegate
from masis_desktop.ui.workers import GeneratorWorker, TaskQueue

QUEUES = ("llm", "ingest", "models", "io", "render")
CLOSE_WAIT_MS = 60_000  # a cancelled llama call stops at its next token; this bound is never reached in practice
PRELOAD_DELAY_MS = 800  # models start loading this long after start-up (see start())


@dataclass
class Run:
    """The question being answered (kept so switching workspaces and back restores the live view)."""

    workspace: str
    question: str
    worker: GeneratorWorker
    text: str = ""
    iteration: int = 0
    stage: StageStarted | None = None
    trace: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class IngestJob:
    workspace: str
    paths: list[Path]
    worker: GeneratorWorker


class QuestionEdit(QPlainTextEdit):
    """The question box (Ctrl+Enter asks; Enter inserts a line break, as in mail clients)."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Question")
        self.setTabChangesFocus(True)
        self.setPlaceholderText("Ask a question about this workspace's documents…  (Ctrl+Enter to ask)")
        metrics = self.fontMetrics()
        self.setFixedHeight(int(metrics.lineSpacing() * 3.6 + 14))


class MainWindow(QMainWindow):
    """The application window. ``backend`` is the core facade (tests pass one with scripted models)."""

    run_finished = Signal(object)  # the response dict (tests and the screenshot script wait for it)
    ingest_finished = Signal(object)  # IngestFinished
    workspaces_loaded = Signal(list)
    documents_loaded = Signal(str)
    models_loaded = Signal()  # background loading ended (each role ready or failed)

    def __init__(self, backend: Backend | None = None, *, theme_manager: theme.ThemeManager | None = None,
                 open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl) -> None:
        super().__init__()
        self.backend = backend or Backend()
        self.setWindowTitle("MASIS Desktop")
        self.setWindowIcon(icons.app_icon())
        self.setAcceptDrops(True)
        self.setAccessibleName("MASIS Desktop")
        self.queues = {name: TaskQueue(name, self) for name in QUEUES}
        self.workspace: str | None = None
        self.run: Run | None = None
        self.response: dict[str, Any] | None = None
        self.ingest_jobs: list[IngestJob] = []
        self.documents_by_id: dict[int, Any] = {}
        self.models_state: dict[str, ModelLoad] = {}
        self.pending_settings_reload = False
        self._closing = False
        self._open_url = open_url
        self._docs_refresh_name = ""
        self._preload = False  # start() decides; tests and --no-preload load models only when a question needs them
        self._docs_timer = QTimer(self)  # owned by the window, so it can never fire after the window is gone
        self._docs_timer.setSingleShot(True)
        self._docs_timer.setInterval(500)
        self._docs_timer.timeout.connect(self._refresh_docs_timer)
        self._preload_timer = QTimer(self)
        self._preload_timer.setSingleShot(True)
        self._preload_timer.setInterval(PRELOAD_DELAY_MS)
        self._preload_timer.timeout.connect(self.load_models)

        self._build_ui()
        self._build_actions()
        self._style_primary()
        self._restore_geometry()
        if theme_manager is not None:
            theme_manager.changed.connect(self._on_theme)
        self._sync_actions()

    # ==========================================================================================================
    # construction
    # ==========================================================================================================
    def _build_ui(self) -> None:
        # --- left: workspaces, documents, history, stats ---------------------------------------------------------
        self.sidebar = WorkspaceSidebar(self)
        self.sidebar.current_changed.connect(self.select_workspace)
        self.sidebar.create_requested.connect(self.new_workspace)
        self.sidebar.rename_requested.connect(self.rename_workspace)
        self.sidebar.delete_requested.connect(self.delete_workspace)
        self.sidebar.files_dropped.connect(self.add_paths)

        self.documents = DocumentListModel(self)
        self.documents_view = QListView(self)
        self.documents_view.setModel(self.documents)
        self.documents_view.setItemDelegate(TwoLineDelegate(self.documents_view))
        self.documents_view.setAccessibleName("Documents in the workspace")
        self.documents_view.setAccessibleDescription("Each document with its status, pages and chunks; failed "
                                                     "documents show the reason.")
        self.documents_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.documents_view.setUniformItemSizes(True)
        self.documents_view.setAlternatingRowColors(True)
        self.documents_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.documents_view.doubleClicked.connect(self._open_document_row)
        self.documents_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.documents_view.customContextMenuRequested.connect(self._documents_menu)
        self.document_details = plain_label("", self, selectable=True)
        self.document_details.setAccessibleName("Selected document")
        self.document_details.hide()
        self.documents_view.selectionModel().currentRowChanged.connect(self._document_selected)
        self.documents_hint = muted_label("Drop files or folders here, or use Add files (Ctrl+O). PDF, Word, "
                                          "Markdown, HTML, text and code files are read.", self)
        self.add_files_button = QPushButton("Add files…", self)
        icons.bind(self.add_files_button, "file-add")
        self.add_files_button.setAccessibleName("Add files to the workspace")
        self.add_files_button.clicked.connect(self.choose_files)
        self.add_folder_button = QPushButton("Add folder…", self)
        icons.bind(self.add_folder_button, "folder-add")
        self.add_folder_button.setAccessibleName("Add a folder to the workspace")
        self.add_folder_button.clicked.connect(self.choose_folder)
        docs_tab = QWidget(self)
        docs_layout = QVBoxLayout(docs_tab)
        docs_layout.setContentsMargins(4, 6, 4, 4)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_files_button)
        buttons.addWidget(self.add_folder_button)
        buttons.addStretch(1)
        docs_layout.addLayout(buttons)
        docs_layout.addWidget(self.documents_view, 1)
        docs_layout.addWidget(self.document_details)
        docs_layout.addWidget(self.documents_hint)

        self.history = HistoryListModel(self)
        self.history_view = QListView(self)
        self.history_view.setModel(self.history)
        self.history_view.setAccessibleName("Past questions")
        self.history_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.history_view.setItemDelegate(TwoLineDelegate(self.history_view, Qt.TextElideMode.ElideRight))
        self.history_view.setUniformItemSizes(True)
        self.history_view.setAlternatingRowColors(True)
        self.history_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.history_view.activated.connect(self._open_history_row)
        self.history_view.clicked.connect(self._open_history_row)
        self.history_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.history_view.customContextMenuRequested.connect(self._history_menu)
        delete_past = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.history_view)
        delete_past.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete_past.activated.connect(self._delete_current_history_row)
        self.history_empty = muted_label("Questions you ask in this workspace are kept here.", self)
        history_tab = QWidget(self)
        history_layout = QVBoxLayout(history_tab)
        history_layout.setContentsMargins(4, 6, 4, 4)
        history_layout.addWidget(self.history_view, 1)
        history_layout.addWidget(self.history_empty)

        self.stats_view = StatsView(self)
        self.stats_view.refresh_requested.connect(self.refresh_stats)

        self.left_tabs = QTabWidget(self)
        self.left_tabs.setAccessibleName("Workspace contents")
        for i, (tab, icon_name, label) in enumerate(((docs_tab, "document", "Documents"),
                                                     (history_tab, "history", "History"),
                                                     (self.stats_view, "quality", "Quality"))):
            self.left_tabs.addTab(tab, label)
            icons.bind_tab(self.left_tabs, i, icon_name)

        left = QSplitter(Qt.Orientation.Vertical, self)
        left.addWidget(self.sidebar)
        left.addWidget(self.left_tabs)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 3)
        left.setSizes([180, 520])
        left.setChildrenCollapsible(False)
        self.left_splitter = left

        # --- middle: question, progress, answer, quality and trace ---------------------------------------------
        self.ingest_panel = IngestPanel(self)
        self.ingest_panel.cancel_requested.connect(self.cancel_ingest)
        self.ingest_panel.hide()

        self.question = QuestionEdit(self)
        self.ask_button = QPushButton("Ask", self)
        self.ask_button.setObjectName("PrimaryButton")
        icons.bind(self.ask_button, "send", "#ffffff")
        self.ask_button.setAccessibleName("Ask the question")
        self.ask_button.setToolTip("Ask (Ctrl+Enter)")
        self.ask_button.setDefault(True)
        self.ask_button.clicked.connect(self.ask)
        self.cancel_button = QPushButton("Cancel", self)
        icons.bind(self.cancel_button, "stop")
        self.cancel_button.setAccessibleName("Cancel the question")
        self.cancel_button.setToolTip("Stop answering (Esc)")
        self.cancel_button.clicked.connect(self.cancel_run)
        self.cancel_button.setEnabled(False)
        ask_buttons = QVBoxLayout()
        ask_buttons.addWidget(self.ask_button)
        ask_buttons.addWidget(self.cancel_button)
        ask_buttons.addStretch(1)
        ask_row = QHBoxLayout()
        ask_row.addWidget(self.question, 1)
        ask_row.addLayout(ask_buttons)

        self.stage = StageIndicator(self)
        self.banner = HitlBanner(self)

        self.answer_title = section_label("Answer", self)
        self.verdict = QLabel(self)
        self.verdict.setAccessibleName("Verdict")
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.export_button = QPushButton("Export…", self)
        icons.bind(self.export_button, "export")
        self.export_button.setAccessibleName("Export the audit report")
        self.export_button.setToolTip("Save an audit report (Markdown and HTML) (Ctrl+E)")
        self.export_button.clicked.connect(self.export_answer)
        answer_head = QHBoxLayout()
        answer_head.addWidget(self.answer_title)
        answer_head.addWidget(self.verdict)
        answer_head.addStretch(1)
        answer_head.addWidget(self.export_button)

        self.answer = AnswerView(self)
        self.answer.citation_clicked.connect(self.show_citation)
        answer_box = QWidget(self)
        answer_layout = QVBoxLayout(answer_box)
        answer_layout.setContentsMargins(0, 0, 0, 0)
        answer_layout.addLayout(answer_head)
        answer_layout.addWidget(self.banner)
        answer_layout.addWidget(self.answer, 1)

        self.quality = QualityPanel(self)
        self.trace = TraceView(self)
        self.lower_tabs = QTabWidget(self)
        self.lower_tabs.setAccessibleName("Quality and trace")
        self.lower_tabs.addTab(self.quality, "Quality")
        self.lower_tabs.addTab(self.trace, "Trace")
        icons.bind_tab(self.lower_tabs, 0, "quality")
        icons.bind_tab(self.lower_tabs, 1, "trace")

        middle_split = QSplitter(Qt.Orientation.Vertical, self)
        middle_split.addWidget(answer_box)
        middle_split.addWidget(self.lower_tabs)
        middle_split.setStretchFactor(0, 3)
        middle_split.setStretchFactor(1, 2)
        middle_split.setSizes([430, 300])
        middle_split.setChildrenCollapsible(False)
        self.middle_splitter = middle_split

        middle = QWidget(self)
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(6, 0, 6, 0)
        middle_layout.addWidget(self.ingest_panel)
        middle_layout.addLayout(ask_row)
        middle_layout.addWidget(self.stage)
        middle_layout.addWidget(middle_split, 1)

        self.message_bar = MessageBar(self)
        self.errors = ErrorPresenter(self.message_bar, self.statusBar(), self)

        # --- right: citation side panel ------------------------------------------------------------------------
        self.citation = CitationPanel(self, open_url=self._open_url)
        self.citation.page_requested.connect(self._render_page)
        self.citation.open_failed.connect(lambda text: self.errors.message(text, "warning"))

        self.main_splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.main_splitter.addWidget(left)
        self.main_splitter.addWidget(middle)
        self.main_splitter.addWidget(self.citation)
        self.main_splitter.setStretchFactor(0, 0)
        self.main_splitter.setStretchFactor(1, 3)
        self.main_splitter.setStretchFactor(2, 2)
        self.main_splitter.setSizes([350, 640, 450])
        self.main_splitter.setChildrenCollapsible(False)

        central = QWidget(self)
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(8, 6, 8, 4)
        central_layout.addWidget(self.message_bar)
        central_layout.addWidget(self.main_splitter, 1)
        self.setCentralWidget(central)

        # --- status bar ------------------------------------------------------------------------------------------
        self.models_label = QLabel("Models: not loaded yet", self)
        self.models_label.setAccessibleName("Model status")
        self.models_label.setTextFormat(Qt.TextFormat.PlainText)
        self.workspace_label = QLabel(self)
        self.workspace_label.setAccessibleName("Workspace status")
        self.workspace_label.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.workspace_label)
        self.statusBar().addPermanentWidget(self.models_label)
        self.resize(1360, 860)

    def _action(self, text: str, slot: Callable[[], Any],
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                icon_name: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if icon_name:
            icons.bind(action, icon_name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        return action

    def _build_actions(self) -> None:
        Std = QKeySequence.StandardKey
        self.new_action = self._action("&New workspace…", self.new_workspace, Std.New, "plus",
                                       "Create an empty workspace")
        self.add_files_action = self._action("&Add files…", self.choose_files, Std.Open, "file-add",
                                             "Add files to the current workspace")
        self.add_folder_action = self._action("Add &folder…", self.choose_folder, "Ctrl+Shift+O", "folder-add",
                                              "Add a folder (recursively) to the current workspace")
        self.export_action = self._action("&Export audit report…", self.export_answer, "Ctrl+E", "export",
                                          "Save the answer as Markdown and HTML")
        self.export_pdf_action = self._action("Export as &PDF…", self.export_answer_pdf, "Ctrl+Shift+E", "export",
                                              "Save the audit report as a PDF")
        self.settings_action = self._action("&Settings…", self.open_settings, Std.Preferences, "settings",
                                            "Models, threads, thresholds, retries")
        if not self.settings_action.shortcut().toString():
            self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.quit_action = self._action("&Quit", self.close, Std.Quit)
        self.ask_action = self._action("&Ask", self.ask, None, "send", "Ask the question (Ctrl+Enter)")
        self.ask_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.cancel_action = self._action("&Cancel", self.cancel_any, None, "stop", "Stop the running question (Esc)")
        self.cancel_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.cancel_shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self.cancel_shortcut.activated.connect(self.cancel_any)
        self.cancel_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # Esc itself: the QShortcut
        self.new_question_action = self._action("&New question", self.new_question, "Ctrl+L", None,
                                                "Clear the answer and type a new question")
        self.quality_action = self._action("Workspace &quality", lambda: self.left_tabs.setCurrentWidget(
            self.stats_view), "Ctrl+3", "quality", "Hallucination rate, retry rate and more for this workspace")
        self.documents_action = self._action("&Documents", lambda: self.left_tabs.setCurrentIndex(0), "Ctrl+1",
                                             "document")
        self.history_action = self._action("&History", lambda: self.left_tabs.setCurrentIndex(1), "Ctrl+2",
                                           "history")
        self.about_action = self._action("&About MASIS Desktop", self.about)
        self.shortcuts_action = self._action("&Keyboard shortcuts", self.show_shortcuts, Std.HelpContents)

        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        for a in (self.new_action, self.add_files_action, self.add_folder_action, None, self.export_action,
                  self.export_pdf_action, None, self.settings_action, None, self.quit_action):
            file_menu.addSeparator() if a is None else file_menu.addAction(a)
        q_menu = bar.addMenu("&Question")
        for a in (self.ask_action, self.cancel_action, self.new_question_action):
            q_menu.addAction(a)
        view_menu = bar.addMenu("&View")
        for a in (self.documents_action, self.history_action, self.quality_action):
            view_menu.addAction(a)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.about_action)

        rename = QAction("Rename…", self.sidebar.view)
        icons.bind(rename, "edit")
        rename.triggered.connect(lambda: self.sidebar._emit(self.sidebar.rename_requested))
        delete = QAction("Delete…", self.sidebar.view)
        icons.bind(delete, "trash")
        delete.triggered.connect(lambda: self.sidebar._emit(self.sidebar.delete_requested))
        self.sidebar.view.addAction(rename)
        self.sidebar.view.addAction(delete)

    # ==========================================================================================================
    # plumbing
    # ==========================================================================================================
    def job(self, queue: str, make: Callable[[CancelToken], Any], *, on_event: Callable[[Any], None] | None = None,
            on_error: Callable[[BaseException], None] | None = None, on_done: Callable[[bool], None] | None = None,
            context: str = "", name: str = "") -> GeneratorWorker:
        """Run ``make`` on ``queue``; results come back to the callbacks on the GUI thread."""
        worker = GeneratorWorker(make, name=name or queue)
        if on_event is not None:
            worker.signals.item.connect(on_event)
        worker.signals.failed.connect(on_error or (lambda exc: self.errors.present(exc, context)))
        if on_done is not None:
            worker.signals.finished.connect(on_done)
        return self.queues[queue].submit(worker)

    def _sync_actions(self) -> None:
        has_ws = self.workspace is not None
        running = self.run is not None
        self.ask_button.setEnabled(has_ws and not running)
        self.ask_action.setEnabled(has_ws and not running)
        if running:
            self.ask_button.setToolTip("A question is being answered; cancel it (Esc) or wait for it to finish")
        elif not has_ws:
            self.ask_button.setToolTip("Create or select a workspace first")
        else:
            self.ask_button.setToolTip("Ask (Ctrl+Enter)")
        self.cancel_button.setEnabled(running)
        self.cancel_action.setEnabled(running or bool(self.ingest_jobs))
        exportable = self.response is not None and not running
        self.export_button.setEnabled(exportable)
        self.export_action.setEnabled(exportable)
        self.export_pdf_action.setEnabled(exportable)
        for w in (self.add_files_button, self.add_folder_button):
            w.setEnabled(has_ws)
        self.add_files_action.setEnabled(True)
        self.add_folder_action.setEnabled(True)
        placeholder = (f"Ask a question about the documents in “{self.workspace}”…  (Ctrl+Enter to ask)"
                       if has_ws else "Create a workspace (Ctrl+N) and add documents to ask questions.")
        self.question.setPlaceholderText(placeholder)
        self.answer.setPlaceholderText(
            "The answer appears here, every claim linked to the passage that supports it." if has_ws else
            "Start by creating a workspace (Ctrl+N), then drop files or folders onto this window.")

    def _on_theme(self, _tones: Tones) -> None:
        icons.retint()
        self._style_primary()
        self.answer.rerender()
        self.banner.apply_theme()
        self.citation.rethemed()
        if self.message_bar.isVisible():
            self.message_bar.show_message(self.message_bar.text.text(), self.message_bar.kind,
                                          self.message_bar.details.text())
        self.stage._paint_steps()
        if self.response is not None:
            self.quality.set_response(self.response)
            self.trace.set_response(self.response)
            self.show_verdict(self.response)
        for view in (self.documents_view, self.history_view, self.sidebar.view, self.citation.table):
            view.viewport().update()

    def _style_primary(self) -> None:
        """The Ask button in the accent colour, readable in both palettes."""
        pal = self.palette()
        accent = pal.color(QPalette.ColorRole.Highlight).name()
        hover = pal.color(QPalette.ColorRole.Highlight).lighter(112).name()
        disabled_bg = pal.color(QPalette.ColorRole.Button).name()
        disabled_fg = pal.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText).name()
        self.ask_button.setStyleSheet(
            f"#PrimaryButton {{ background: {accent}; color: #ffffff; border: 1px solid {accent}; border-radius: 4px;"
            f" padding: 5px 16px; font-weight: 600; }}"
            f"#PrimaryButton:hover {{ background: {hover}; }}"
            f"#PrimaryButton:disabled {{ background: {disabled_bg}; color: {disabled_fg};"
            f" border: 1px solid {disabled_fg}; }}")

    # ==========================================================================================================
    # start-up
    # ==========================================================================================================
    def start(self, *, sample: bool = False, workspace: str | None = None, preload_models: bool = True,
              question: str | None = None) -> None:
        """After the window is shown: list workspaces, open the requested one, load models in the background."""
        self._preload = preload_models
        self._startup_target = "Sample" if sample else workspace
        self._startup_question = question

        def listed(names: list[str]) -> None:
            target = self._startup_target
            if sample and "Sample" not in names:
                self.create_sample_workspace(question)
                return
            if target and target not in names:
                self.errors.message(f"There is no workspace named “{target}”.", "warning")
                target = None
            self.refresh_workspaces(names, select=target)
            if target and question:
                self.question.setPlainText(question)

        self.job("io", lambda _t: self.backend.list_workspaces(), on_event=listed, context="Listing workspaces")
        if preload_models:
            # Importing torch and creating the encoder hold the GIL for up to ~0.7 s at a time (bench/startup.py);
            # starting a moment later keeps the first paint and the workspace listing smooth.
            self._preload_timer.start()

    def load_models(self) -> None:
        self.models_state.clear()
        self.models_label.setText("Models: loading…")
        self.job("models", lambda tok: self.backend.load_models(tok), on_event=self._on_model_load,
                 on_done=lambda _cancelled: self.models_loaded.emit(), context="Loading models", name="load-models")

    def _on_model_load(self, event: ModelLoad) -> None:
        self.models_state[event.role] = event
        loading = [e for e in self.models_state.values() if e.state == "loading"]
        failed = [e for e in self.models_state.values() if e.state == "failed"]
        ready = [e for e in self.models_state.values() if e.state == "ready"]
        if event.state == "failed":
            self.errors.message(f"The {event.role} model cannot be used: {event.error}", "warning")
        if loading:
            text = f"Models: loading {loading[-1].role} ({loading[-1].name})…"
        elif failed:
            text = f"Models: {', '.join(e.role for e in failed)} unavailable"
        else:
            text = f"Models ready ({len(ready)})"
        self.models_label.setText(text)
        self.models_label.setToolTip(tooltip("\n".join(
            f"{e.role}: {e.name} — {e.state}{f' in {e.seconds:.1f} s' if e.seconds else ''}"
            f"{f' ({e.error})' if e.error else ''}" for e in self.models_state.values())))

    def create_sample_workspace(self, question: str | None) -> None:
        """First run of ``--sample``: create "Sample" and ingest the bundled documents (progress visible)."""
        folder = paths.sample_workspace_dir()
        files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")) \
            if folder.is_dir() else []

        def created(name: str) -> None:
            self.refresh_workspaces(select=name)
            if question:
                self.question.setPlainText(question)
            if files:
                self.add_paths(name, files)
            else:
                self.errors.message(f"The sample documents are missing ({folder}).", "warning")

        self.job("io", lambda _t: self.backend.create_workspace("Sample"), on_event=created,
                 context="Creating the sample workspace")

    # ==========================================================================================================
    # workspaces
    # ==========================================================================================================
    def refresh_workspaces(self, names: list[str] | None = None, select: str | None = None) -> None:
        if names is None:
            self.job("io", lambda _t: self.backend.list_workspaces(),
                     on_event=lambda found: self.refresh_workspaces(found, select), context="Listing workspaces")
            return
        self.sidebar.set_workspaces(names, select)
        if not names:
            self.select_workspace(None)
        self.workspaces_loaded.emit(names)

    def select_workspace(self, name: str | None) -> None:
        if name == self.workspace and name is not None:
            return
        self.workspace = name
        self.setWindowTitle(f"{name} — MASIS Desktop" if name else "MASIS Desktop")
        self.documents.set_rows([])
        self.history.set_rows([])
        self.documents_by_id = {}
        self.stats_view.set_stats(None)
        self._show_run_or_clear()
        self._sync_actions()
        if name:
            self.refresh_documents()
            self.refresh_history()
            self.refresh_stats()
        else:
            self.workspace_label.setText("No workspace")

    def _show_run_or_clear(self) -> None:
        run = self.run
        if run is not None and run.workspace == self.workspace:
            self.answer.begin_stream()
            self.answer.text = run.text
            self.answer.rerender()
            self.trace.clear()
            for entry in run.trace:
                self.trace.add_entry(entry)
            self.question.setPlainText(run.question)
            return
        self.clear_answer()

    def clear_answer(self) -> None:
        self.response = None
        self.answer.clear_answer()
        self.banner.hide()
        self.verdict.setText("")
        self.quality.clear()
        self.trace.clear()
        self.citation.set_response(None)
        if self.run is None:
            self.stage.reset()
        self._sync_actions()

    def new_workspace(self, suggested: str = "", then: Callable[[str], None] | None = None) -> None:
        """Ask for a name and create the workspace; ``then(name)`` runs once it exists (e.g. ingest a drop)."""
        name, ok = QInputDialog.getText(self, "New workspace", "Name of the new workspace:", text=suggested)
        name = name.strip()
        if not ok or not name:
            return

        def created(created_name: str) -> None:
            self.refresh_workspaces(select=created_name)
            if then is not None:
                then(created_name)
            else:
                self.errors.note(f"Created workspace “{created_name}”. Drop files on it to add documents.")

        self.job("io", lambda _t: self.backend.create_workspace(name), on_event=created,
                 context="Could not create the workspace")

    def _busy_with(self, name: str) -> str:
        if self.run is not None and self.run.workspace == name:
            return "a question is being answered in it"
        if any(job.workspace == name for job in self.ingest_jobs):
            return "files are being added to it"
        return ""

    def rename_workspace(self, old: str) -> None:
        busy = self._busy_with(old)
        if busy:
            self.errors.message(f"“{old}” cannot be renamed now: {busy}.", "warning")
            return
        new, ok = QInputDialog.getText(self, "Rename workspace", f"New name for “{old}”:", text=old)
        new = new.strip()
        if not ok or not new or new == old:
            return
        if self.workspace == old:
            self.workspace = None
        def failed(exc: BaseException) -> None:
            self.errors.present(exc, "Could not rename the workspace")
            self.refresh_workspaces(select=old)

        self.job("io", lambda _t: self.backend.rename_workspace(old, new),
                 on_event=lambda n: self.refresh_workspaces(select=n), on_error=failed)

    def delete_workspace(self, name: str) -> None:
        busy = self._busy_with(name)
        if busy:
            self.errors.message(f"“{name}” cannot be deleted now: {busy}.", "warning")
            return
        answer = QMessageBox.question(
            self, "Delete workspace",
            tooltip(f"Delete the workspace “{name}”, its index and its question history?\n\n"
                           "Your original files are not touched."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return
        if self.workspace == name:
            self.select_workspace(None)

        def deleted(gone: str) -> None:
            self.errors.note(f"Deleted workspace “{gone}”.")
            self.refresh_workspaces()

        self.job("io", lambda _t: self.backend.delete_workspace(name), on_event=deleted,
                 context="Could not delete the workspace")

    # --- documents, history, stats ------------------------------------------------------------------------------
    def refresh_documents(self, name: str | None = None) -> None:
        name = name or self.workspace
        if not name:
            return

        def loaded(docs: list[Any]) -> None:
            self.sidebar.model.set_count(name, len(docs))
            if name != self.workspace:
                return
            self.documents.set_rows(docs)
            self.documents_by_id = {int(_get(d, "id")): d for d in docs if _get(d, "id") is not None}
            self.citation.set_documents(self.documents_by_id)
            indexed = sum(1 for d in docs if _get(d, "status") == "indexed")
            failed = sum(1 for d in docs if _get(d, "status") == "failed")
            chunks = sum(int(_get(d, "chunks") or 0) for d in docs)
            self.workspace_label.setText(f"{name}: {indexed} documents indexed, {chunks} chunks"
                                         + (f", {failed} failed" if failed else ""))
            self.documents_hint.setVisible(not docs)
            self.documents_loaded.emit(name)

        self.job("io", lambda _t: self.backend.documents(name), on_event=loaded,
                 context=f"Could not read the documents of “{name}”")

    def refresh_history(self) -> None:
        name = self.workspace
        if not name:
            return

        def loaded(rows: list[dict[str, Any]]) -> None:
            if name == self.workspace:
                self.history.set_rows(rows)
                self.history_empty.setVisible(not rows)

        self.job("io", lambda _t: self.backend.history(name), on_event=loaded,
                 context="Could not read the question history")

    def refresh_stats(self) -> None:
        name = self.workspace
        if not name:
            return
        def loaded(stats: dict[str, Any]) -> None:
            if name == self.workspace:
                self.stats_view.set_stats(stats)

        self.job("io", lambda _t: self.backend.history_stats(name), on_event=loaded,
                 context="Could not compute the workspace quality")

    def _open_history_row(self, index: QModelIndex) -> None:
        record = index.data(RECORD_ROLE)
        if not record:
            return
        if self.run is not None and self.run.workspace == self.workspace:
            self.errors.note("A question is being answered; past answers open when it finishes.")
            return
        name = self.workspace
        run_id = record.get("id")
        if record.get("answer") is not None and record.get("evidence") is not None:
            self.show_response(record)
            return
        if not name or run_id is None:
            return
        def loaded(response: dict[str, Any]) -> None:
            if name == self.workspace:
                self.show_response(response)

        self.job("io", lambda _t: self.backend.history_get(name, int(run_id)), on_event=loaded,
                 context="Could not open the past answer")

    def _history_menu(self, pos: Any) -> None:
        index = self.history_view.indexAt(pos)
        record = self.history.record(index.row()) if index.isValid() else None
        if record is None:
            return
        menu = QMenu(self)
        menu.addAction(icons.icon("open-external"), "Open", lambda: self._open_history_row(index))
        menu.addAction(icons.icon("trash"), "Delete from history…", lambda: self.delete_history_entry(record))
        menu.exec(self.history_view.viewport().mapToGlobal(pos))

    def _delete_current_history_row(self) -> None:
        record = self.history.record(self.history_view.currentIndex().row())
        if record is not None:
            self.delete_history_entry(record)

    def delete_history_entry(self, record: dict[str, Any], *, confirm: bool = True) -> None:
        """Remove one past answer (and its figures from the workspace's quality stats) after confirmation."""
        name = self.workspace
        run_id = record.get("id")
        if not name or run_id is None:
            return
        question = str(record.get("question") or "")
        short = question if len(question) <= 80 else question[:79] + "…"
        text = (f"Delete “{short}” and its answer from the history of “{name}”?\n\n"
                "It also leaves the workspace's quality figures. This cannot be undone.")
        # Shown exactly as typed: a question holding markup would otherwise be rendered as rich text.
        if confirm and QMessageBox.question(self, "Delete past answer",
                                            tooltip(text)) != QMessageBox.StandardButton.Yes:
            return

        def deleted(_found: bool) -> None:
            self.refresh_history()
            self.refresh_stats()

        self.job("io", lambda _t: self.backend.history_delete(name, int(run_id)), on_event=deleted,
                 context="Could not delete the past answer")

    def _open_document_row(self, index: QModelIndex) -> None:
        doc = index.data(RECORD_ROLE) if index.isValid() else None
        if doc is None:
            return
        path = Path(str(_get(doc, "path")))
        if not path.exists():
            self.errors.message(f"{path} no longer exists.", "warning")
            return
        if not self._open_url(document_url(path, None)):
            self.errors.message(f"No application could open {path.name}.", "warning")

    def _document_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        doc = current.data(RECORD_ROLE) if current.isValid() else None
        if doc is None:
            self.document_details.hide()
            return
        status = str(_get(doc, "status") or "")
        lines = [str(_get(doc, "path") or "")]
        if _get(doc, "error"):
            lines.append(f"Reason: {_get(doc, 'error')}")
        self.document_details.setText("\n".join(lines))
        tones = theme.current()
        colour = tones.poor if status == "failed" else tones.fair if status == "skipped" else tones.muted
        self.document_details.setStyleSheet(f"color: {colour};")
        self.document_details.show()

    def _documents_menu(self, pos: Any) -> None:
        index = self.documents_view.indexAt(pos)
        if not index.isValid():
            return
        doc = self.documents.record(index.row())
        if doc is None:
            return
        menu = QMenu(self)
        menu.addAction(icons.icon("open-external"), "Open", lambda: self._open_document_row(index))
        menu.addAction(icons.icon("trash"), "Remove from workspace…", lambda: self.remove_document(doc))
        menu.exec(self.documents_view.viewport().mapToGlobal(pos))

    def remove_document(self, doc: Any) -> None:
        name = self.workspace
        if not name:
            return
        busy = self._busy_with(name)
        if busy:
            self.errors.message(f"Documents cannot be removed now: {busy}.", "warning")
            return
        label = _get(doc, "name")
        text = f"Remove “{label}” and its passages from “{name}”?\n\nThe file itself is not touched."
        if QMessageBox.question(self, "Remove document", tooltip(text)) != QMessageBox.StandardButton.Yes:
            return
        doc_id = int(_get(doc, "id"))
        self.job("io", lambda _t: self.backend.remove_document(name, doc_id),
                 on_event=lambda _n: self.refresh_documents(name), context="Could not remove the document")

    # ==========================================================================================================
    # ingestion
    # ==========================================================================================================
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if local_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if local_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        found = local_paths(event.mimeData())
        if not found:
            event.ignore()
            return
        event.acceptProposedAction()
        self.add_paths(None, found)

    def choose_files(self) -> None:
        if not self._ensure_workspace():
            return
        files, _ = QFileDialog.getOpenFileNames(self, f"Add files to “{self.workspace}”", str(Path.home()),
                                                "Documents (*.pdf *.docx *.md *.markdown *.txt *.html *.htm *.rst "
                                                "*.csv *.json *.py *.js *.ts *.java *.c *.cpp *.go *.rs *.yaml "
                                                "*.toml);;All files (*)")
        if files:
            self.add_paths(self.workspace, [Path(f) for f in files])

    def choose_folder(self) -> None:
        if not self._ensure_workspace():
            return
        folder = QFileDialog.getExistingDirectory(self, f"Add a folder to “{self.workspace}”", str(Path.home()))
        if folder:
            self.add_paths(self.workspace, [Path(folder)])

    def _ensure_workspace(self) -> bool:
        if self.workspace:
            return True
        self.errors.message("Create a workspace first (Ctrl+N); then add files to it.", "info")
        return False

    def add_paths(self, workspace: str | None, found: Iterable[Path]) -> None:
        """Queue an ingestion of ``found`` into ``workspace`` (the current one if None)."""
        found = list(found)
        name = workspace or self.workspace
        if not name:  # nothing to add to yet: offer a workspace named after what was dropped
            self.new_workspace(_suggest_name(found), then=lambda created: self.add_paths(created, found))
            return
        worker = GeneratorWorker(lambda tok: self.backend.ingest(name, found, tok), name=f"ingest-{name}")
        job = IngestJob(name, found, worker)
        worker.signals.started.connect(lambda: self._ingest_started(job))
        worker.signals.item.connect(lambda ev: self._ingest_event(job, ev))
        worker.signals.failed.connect(lambda exc: self._ingest_failed(job, exc))
        worker.signals.finished.connect(lambda cancelled: self._ingest_done(job, cancelled))
        self.ingest_jobs.append(job)
        self.ingest_panel.set_queued(max(0, len(self.ingest_jobs) - 1))
        if len(self.ingest_jobs) == 1:
            self.ingest_panel.begin(name, found)  # show at once; `started` re-begins it on the worker thread
        self.queues["ingest"].submit(worker)
        self._sync_actions()

    def _ingest_started(self, job: IngestJob) -> None:
        self.ingest_panel.begin(job.workspace, job.paths)
        self.ingest_panel.set_queued(max(0, len(self.ingest_jobs) - 1))

    def _ingest_event(self, job: IngestJob, event: Any) -> None:
        self.ingest_panel.on_event(event)
        if isinstance(event, FileFinished) and event.result.status == "indexed":
            self._schedule_documents_refresh(job.workspace)
        if isinstance(event, IngestFinished):
            self.ingest_finished.emit(event)

    def _schedule_documents_refresh(self, name: str) -> None:
        """Refresh the document list at most twice a second while files are being indexed."""
        self._docs_refresh_name = name
        if not self._docs_timer.isActive():
            self._docs_timer.start()

    def _refresh_docs_timer(self) -> None:
        if self._docs_refresh_name:
            self.refresh_documents(self._docs_refresh_name)

    def _ingest_failed(self, job: IngestJob, exc: BaseException) -> None:
        self.ingest_panel.fail(str(exc))
        self.errors.present(exc, f"Could not add files to “{job.workspace}”")

    def _ingest_done(self, job: IngestJob, cancelled: bool) -> None:
        if job in self.ingest_jobs:
            self.ingest_jobs.remove(job)
        if cancelled and self.ingest_panel.running:  # stopped before the core could send its summary
            summary = IngestFinished(list(self.ingest_panel.results), cancelled=True)
            self.ingest_panel.finish(summary)
            self.ingest_finished.emit(summary)
        self.ingest_panel.set_queued(max(0, len(self.ingest_jobs) - 1) if self.ingest_jobs else 0)
        self.refresh_documents(job.workspace)
        if job.workspace == self.workspace:
            self.sidebar.model.set_count(job.workspace, len(self.documents.rows))
        self._sync_actions()

    def cancel_ingest(self) -> None:
        """Cancel the running ingestion and everything queued behind it."""
        for job in list(self.ingest_jobs):
            job.worker.cancel()

    # ==========================================================================================================
    # asking
    # ==========================================================================================================
    def ask(self) -> None:
        question = self.question.toPlainText().strip()
        if self.run is not None:
            self.errors.note("A question is already being answered; cancel it (Esc) or wait.")
            return
        if not self.workspace:
            self._ensure_workspace()
            return
        if not question:
            self.question.setFocus()
            self.errors.note("Type a question first.")
            return
        name = self.workspace
        self.clear_answer()
        self.message_bar.hide()
        worker = GeneratorWorker(lambda tok: self.backend.ask(name, question, tok), name="ask")
        run = Run(name, question, worker)
        self.run = run
        worker.signals.item.connect(lambda ev: self._run_event(run, ev))
        worker.signals.failed.connect(lambda exc: self._run_failed(run, exc))
        worker.signals.finished.connect(lambda cancelled: self._run_done(run, cancelled))
        self.answer.begin_stream()
        self.stage.start()
        if self.queues["llm"].busy:
            self.stage.message.setText("Waiting for the models…")
        self.queues["llm"].submit(worker)
        self._sync_actions()

    def _visible(self, run: Run) -> bool:
        return self.run is run and run.workspace == self.workspace

    def _run_event(self, run: Run, event: Any) -> None:
        if isinstance(event, StageStarted):
            run.stage = event
            if event.stage == "writing" and event.iteration != run.iteration:
                run.iteration = event.iteration
                run.text = ""
                if self._visible(run):
                    self.answer.restart_stream()
            if self._visible(run):
                self.stage.set_stage(event.stage, event.iteration, event.max_retries, event.message)
        elif isinstance(event, TokenStreamed):
            if event.iteration != run.iteration:
                run.iteration = event.iteration
                run.text = ""
                if self._visible(run):
                    self.answer.restart_stream()
            run.text += event.text
            if self._visible(run):
                self.answer.append_token(event.text)
        elif isinstance(event, NodeFinished):
            entry = dict(event.entry)
            entry.setdefault("node", event.node)
            run.trace.append(entry)
            if self._visible(run):
                self.trace.add_entry(entry)
        elif isinstance(event, RunFinished):
            response = dict(event.response)
            response.setdefault("question", run.question)
            response.setdefault("workspace", run.workspace)
            if run.workspace == self.workspace:
                self.show_response(response)
            else:
                self.errors.note(f"The answer in “{run.workspace}” is ready; it is in that workspace's history.")
            self.run_finished.emit(response)

    def _run_failed(self, run: Run, exc: BaseException) -> None:
        if self._visible(run):
            self.stage.stop("Failed")
        self.errors.present(exc, "Answering failed")

    def _run_done(self, run: Run, cancelled: bool) -> None:
        if self.run is run:
            self.run = None
        if cancelled:
            if run.workspace == self.workspace:
                self.stage.stop("Cancelled")
                self.verdict.setText("Cancelled — the partial draft below was not audited")
                self.verdict.setStyleSheet(f"color: {theme.current().muted};")
            self.errors.note("Question cancelled.")
        elif self.response is not None and run.workspace == self.workspace:
            self.stage.stop(self._outcome(self.response))
        if run.workspace == self.workspace:
            self.refresh_history()
            self.refresh_stats()
        if self.pending_settings_reload:
            self.pending_settings_reload = False
            self.load_models()
        self._sync_actions()

    def cancel_run(self) -> None:
        if self.run is not None:
            self.run.worker.cancel()
            self.stage.message.setText("Cancelling…")
            self.cancel_button.setEnabled(False)

    def cancel_any(self) -> None:
        """Esc: stop the question if one runs, otherwise the ingestion."""
        if self.run is not None:
            self.cancel_run()
        elif self.ingest_jobs:
            self.cancel_ingest()

    def new_question(self) -> None:
        if self.run is None:
            self.clear_answer()
        self.question.clear()
        self.question.setFocus()

    def show_response(self, response: dict[str, Any]) -> None:
        """Render a finished (or re-opened) answer in every panel."""
        self.response = response
        if response.get("question") and self.run is None:
            self.question.setPlainText(str(response["question"]))
        self.answer.show_response(response)
        self.show_verdict(response)
        if self.run is None:  # a re-opened answer: the indicator shows how that run ended
            total = as_dict(response.get("metrics")).get("total_ms")
            self.stage.show_outcome(self._outcome(response), float(total) / 1000 if total else None)
        self.quality.set_response(response)
        self.trace.set_response(response)
        self.citation.set_documents(self.documents_by_id)
        self.citation.set_response(response)
        self._sync_actions()

    @staticmethod
    def _outcome(response: dict[str, Any]) -> str:
        return "Done" if response.get("status") == "success" else "Done — needs your review"

    def show_verdict(self, response: dict[str, Any]) -> None:
        tones = theme.current()
        if response.get("requires_human_review"):
            self.banner.show_for(clarification(response), response.get("confidence"),
                                 bool(str(response.get("answer") or "").strip()))
            self.verdict.setText("Needs your review")
            self.verdict.setStyleSheet(f"color: {tones.fair}; font-weight: 600;")
        else:
            self.banner.hide()
            conf = response.get("confidence")
            conf_text = f" · confidence {float(conf) * 100:.0f}%" if conf is not None else ""
            flagged = sentence_flags(str(response.get("answer") or ""), response)
            if flagged:  # accepted by the Supervisor, but the audit still marks sentences: say so
                n = len(flagged)
                self.verdict.setText(f"Accepted, {n} sentence{'s' if n != 1 else ''} flagged{conf_text}")
                self.verdict.setStyleSheet(f"color: {tones.fair}; font-weight: 600;")
            else:
                self.verdict.setText(f"Verified against the sources{conf_text}")
                self.verdict.setStyleSheet(f"color: {tones.good}; font-weight: 600;")

    # --- citations ---------------------------------------------------------------------------------------------
    def show_citation(self, chunk_id: str, claim: int | None) -> None:
        self.citation.show_citation(chunk_id, claim)

    def _render_page(self, request: PageRequest) -> None:
        path, page, start, end, width = request
        colour = theme.current().page_highlight
        self.job("render", lambda _t: render_page(path, page, start, end, width, colour),
                 on_event=lambda result: self.citation.set_page(request, result),
                 on_error=lambda exc: self.citation.set_page(request, None, f"The page cannot be shown: {exc}"),
                 name="render-page")

    # ==========================================================================================================
    # export, settings, help
    # ==========================================================================================================
    def _default_report_name(self) -> str:
        question = str((self.response or {}).get("question") or "answer")
        slug = re.sub(r"[^A-Za-z0-9]+", "-", question).strip("-").lower()[:48] or "answer"
        return str(Path.home() / f"masis-report-{slug}")

    def export_answer(self, path: Path | None = None) -> tuple[Path, Path] | None:
        if self.response is None:
            return None
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self, "Export audit report (Markdown and HTML)",
                                                    self._default_report_name() + ".html",
                                                    "Audit report (*.html *.md)")
            if not chosen:
                return None
            path = Path(chosen)
        try:
            md, html = export_report(self.response, path)
        except OSError as exc:
            self.errors.message(f"Could not write the report: {exc}")
            return None
        self.errors.message(f"Saved the audit report as {md} and {html.name}.", "info")
        return md, html

    def export_answer_pdf(self, path: Path | None = None) -> Path | None:
        if self.response is None:
            return None
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self, "Export audit report as PDF",
                                                    self._default_report_name() + ".pdf", "PDF (*.pdf)")
            if not chosen:
                return None
            path = Path(chosen)
        try:
            target = export_pdf(self.response, path)
        except OSError as exc:
            self.errors.message(f"Could not write the PDF: {exc}")
            return None
        self.errors.message(f"Saved the audit report as {target}.", "info")
        return target

    def open_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.backend.settings, self.queues["io"], self)
        dialog.accepted.connect(lambda: self._apply_settings(dialog))
        dialog.open()
        return dialog

    def _apply_settings(self, dialog: SettingsDialog) -> None:
        new = dialog.result_settings
        if new is None:
            return
        models_changed = new.models != self.backend.settings.models
        running = self.run is not None

        def saved(_none: object) -> None:
            self.errors.note("Settings saved.")
            if models_changed:
                if not self._preload:
                    self.models_label.setText("Models: load when needed")
                elif running:
                    self.pending_settings_reload = True
                    self.errors.note("Settings saved; models reload after the current question.")
                else:
                    self.load_models()

        # Saving closes the old model pool: run it behind the current question on the llm queue.
        self.job("llm", lambda _t: self.backend.save_settings(new), on_event=saved,
                 context="Could not save the settings")

    def about(self) -> None:
        QMessageBox.about(self, "About MASIS Desktop",
                          f"MASIS Desktop {__version__}\n\nAnswers questions over your own documents and proves "
                          "each answer with citations. Everything runs on this computer; nothing is sent anywhere.")

    def show_shortcuts(self) -> None:
        rows = [("Ctrl+N", "New workspace"), ("Ctrl+O", "Add files"), ("Ctrl+Shift+O", "Add folder"),
                ("Ctrl+Enter", "Ask"), ("Esc", "Cancel"), ("Ctrl+L", "New question"), ("Ctrl+E", "Export report"),
                ("Ctrl+,", "Settings"), ("Ctrl+1 / 2 / 3", "Documents / History / Workspace quality"),
                ("Ctrl+Q", "Quit")]
        QMessageBox.information(self, "Keyboard shortcuts", "\n".join(f"{k}\t{v}" for k, v in rows))

    # ==========================================================================================================
    # geometry and shutdown
    # ==========================================================================================================
    @staticmethod
    def qsettings() -> QSettings:
        """Window geometry only (user settings live in settings.json); kept under MASIS_HOME like all data."""
        return QSettings(str(paths.config_dir() / "window.ini"), QSettings.Format.IniFormat)

    def _restore_geometry(self) -> None:
        s = self.qsettings()
        geometry = s.value("geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = s.value("state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        for key, splitter in (("main_splitter", self.main_splitter), ("left_splitter", self.left_splitter),
                              ("middle_splitter", self.middle_splitter)):
            value = s.value(key)
            if isinstance(value, QByteArray):
                splitter.restoreState(value)

    def save_geometry(self) -> None:
        s = self.qsettings()
        s.setValue("geometry", self.saveGeometry())
        s.setValue("state", self.saveState())
        s.setValue("main_splitter", self.main_splitter.saveState())
        s.setValue("left_splitter", self.left_splitter.saveState())
        s.setValue("middle_splitter", self.middle_splitter.saveState())
        s.sync()

    def shutdown(self, wait_ms: int = CLOSE_WAIT_MS) -> bool:
        """Cancel every worker, wait for them to stop, close workspaces and models. True if all stopped."""
        self._closing = True
        self._docs_timer.stop()
        self._preload_timer.stop()
        for queue in self.queues.values():
            queue.close()
        stopped = all(queue.wait(wait_ms) for queue in self.queues.values())
        if stopped:
            self.backend.close()
        return stopped

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closing:
            event.accept()
            return
        self.save_geometry()
        busy = any(q.busy for q in self.queues.values())
        if busy:
            self.statusBar().showMessage("Stopping…")
            self.hide()  # the window goes away at once; cancelled work finishes its current token
        self.shutdown()
        event.accept()


def _suggest_name(found: list[Path]) -> str:
    """A workspace name from a dropped folder (or the folder of dropped files), if it is a valid name."""
    if not found:
        return ""
    first = found[0]
    candidate = first.name if first.is_dir() else first.parent.name
    candidate = re.sub(r"[^A-Za-z0-9 _.\-]", " ", candidate).strip(" .")[:64]
    return candidate if candidate and candidate[0].isalnum() else "Documents"


def _get(obj: Any, key: str) -> Any:
    return as_dict(obj).get(key) if isinstance(obj, dict) else getattr(obj, key, None)
