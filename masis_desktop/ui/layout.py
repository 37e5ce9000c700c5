"""The window's widgets and where they sit: workspaces and documents on the left, question and answer in the middle,
sources on the right; menus, shortcuts and the status bar.

This is the view only. It builds every widget, lays them out and keeps their look (palette, the Ask button's accent,
which actions are enabled), but it runs nothing: the controllers in ``ui/controllers/`` act on these widgets, and
``MainWindow`` connects the actions declared here to them. Widget-only behaviour (switching tabs, the help boxes,
accepting a drag of local files) stays here because no controller needs to know about it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import (
    QAction,
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
    QHBoxLayout,
    QLabel,
    QListView,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from masis_desktop import __version__
from masis_desktop.ui import geometry, icons
from masis_desktop.ui.errors import MessageBar
from masis_desktop.ui.item_models import DocumentListModel, HistoryListModel
from masis_desktop.ui.widgets.answer_view import AnswerView
from masis_desktop.ui.widgets.banner import HitlBanner
from masis_desktop.ui.widgets.citation_panel import CitationPanel
from masis_desktop.ui.widgets.common import muted_label, plain_label, section_label
from masis_desktop.ui.widgets.ingest_panel import IngestPanel
from masis_desktop.ui.widgets.quality_panel import QualityPanel
from masis_desktop.ui.widgets.sidebar import WorkspaceSidebar, local_paths
from masis_desktop.ui.widgets.stage_indicator import StageIndicator
from masis_desktop.ui.widgets.stats_view import StatsView
from masis_desktop.ui.widgets.trace_view import TraceView
from masis_desktop.ui.widgets.two_line import TwoLineDelegate

SHORTCUTS = (("Ctrl+N", "New workspace"), ("Ctrl+O", "Add files"), ("Ctrl+Shift+O", "Add folder"),
             ("Ctrl+Enter", "Ask"), ("Esc", "Cancel"), ("Ctrl+L", "New question"), ("Ctrl+E", "Export report"),
             ("Ctrl+,", "Settings"), ("Ctrl+1 / 2 / 3", "Documents / History / Workspace quality"),
             ("Ctrl+Q", "Quit"))


class QuestionEdit(QPlainTextEdit):
    """The question box (Ctrl+Enter asks; Enter inserts a line break, as in mail clients)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Question")
        self.setTabChangesFocus(True)
        self.setPlaceholderText("Ask a question about this workspace's documents…  (Ctrl+Enter to ask)")
        metrics = self.fontMetrics()
        self.setFixedHeight(int(metrics.lineSpacing() * 3.6 + 14))


class WindowLayout(QMainWindow):
    """Every widget of the main window, laid out; ``files_dropped`` reports local files dropped on the window."""

    files_dropped = Signal(object, list)  # always None (the current workspace), list[Path]

    def __init__(self, open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl) -> None:
        super().__init__()
        self.setWindowTitle("MASIS Desktop")
        self.setWindowIcon(icons.app_icon())
        self.setAcceptDrops(True)
        self.setAccessibleName("MASIS Desktop")
        left = self._build_left()
        middle = self._build_middle()
        self.message_bar = MessageBar(self)
        self.citation = CitationPanel(self, open_url=open_url)

        self.main_splitter = QSplitter(Qt.Orientation.Horizontal, self)
        for pane, stretch in ((left, 0), (middle, 3), (self.citation, 2)):
            self.main_splitter.addWidget(pane)
            self.main_splitter.setStretchFactor(self.main_splitter.count() - 1, stretch)
        self.main_splitter.setSizes([350, 640, 450])
        self.main_splitter.setChildrenCollapsible(False)
        central = QWidget(self)
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(8, 6, 8, 4)
        central_layout.addWidget(self.message_bar)
        central_layout.addWidget(self.main_splitter, 1)
        self.setCentralWidget(central)

        self.models_label = self._status_label("Models: not loaded yet", "Model status")
        self.workspace_label = self._status_label("", "Workspace status")
        self.statusBar().addPermanentWidget(self.workspace_label)
        self.statusBar().addPermanentWidget(self.models_label)
        self.resize(geometry.COMFORTABLE)
        self._build_actions()
        self.style_primary()

    # --- panes ------------------------------------------------------------------------------------------------
    def _build_left(self) -> QSplitter:
        """Workspaces above; below them the tabs Documents, History and Quality."""
        self.sidebar = WorkspaceSidebar(self)
        self.documents = DocumentListModel(self)
        self.documents_view = self._list_view(self.documents, "Documents in the workspace",
                                              Qt.TextElideMode.ElideMiddle)
        self.documents_view.setAccessibleDescription("Each document with its status, pages and chunks; failed "
                                                     "documents show the reason.")
        self.documents_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.document_details = plain_label("", self, selectable=True)
        self.document_details.setAccessibleName("Selected document")
        self.document_details.hide()
        self.documents_hint = muted_label("Drop files or folders here, or use Add files (Ctrl+O). PDF, Word, "
                                          "Markdown, HTML, text and code files are read.", self)
        self.add_files_button = self._button("Add files…", "file-add", "Add files to the workspace")
        self.add_folder_button = self._button("Add folder…", "folder-add", "Add a folder to the workspace")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_files_button)
        buttons.addWidget(self.add_folder_button)
        buttons.addStretch(1)
        docs_tab = self._tab_page(buttons, self.documents_view, self.document_details, self.documents_hint)

        self.history = HistoryListModel(self)
        self.history_view = self._list_view(self.history, "Past questions", Qt.TextElideMode.ElideRight)
        self.history_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.history_empty = muted_label("Questions you ask in this workspace are kept here.", self)
        history_tab = self._tab_page(None, self.history_view, self.history_empty)

        self.stats_view = StatsView(self)
        self.left_tabs = QTabWidget(self)
        self.left_tabs.setAccessibleName("Workspace contents")
        for i, (tab, icon_name, label) in enumerate(((docs_tab, "document", "Documents"),
                                                     (history_tab, "history", "History"),
                                                     (self.stats_view, "quality", "Quality"))):
            self.left_tabs.addTab(tab, label)
            icons.bind_tab(self.left_tabs, i, icon_name)

        self.left_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.left_splitter.addWidget(self.sidebar)
        self.left_splitter.addWidget(self.left_tabs)
        self.left_splitter.setStretchFactor(0, 1)
        self.left_splitter.setStretchFactor(1, 3)
        self.left_splitter.setSizes([180, 520])
        self.left_splitter.setChildrenCollapsible(False)
        return self.left_splitter

    def _build_middle(self) -> QWidget:
        """Ingestion progress, the question with Ask/Cancel, the stage bar, the answer, then Quality and Trace."""
        self.ingest_panel = IngestPanel(self)
        self.ingest_panel.hide()
        self.question = QuestionEdit(self)
        self.ask_button = self._button("Ask", "send", "Ask the question", "Ask (Ctrl+Enter)", tint="#ffffff")
        self.ask_button.setObjectName("PrimaryButton")
        self.ask_button.setDefault(True)
        self.cancel_button = self._button("Cancel", "stop", "Cancel the question", "Stop answering (Esc)")
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
        self.verdict = self._status_label("", "Verdict")
        self.export_button = self._button("Export…", "export", "Export the audit report",
                                          "Save an audit report (Markdown and HTML) (Ctrl+E)")
        answer_head = QHBoxLayout()
        answer_head.addWidget(self.answer_title)
        answer_head.addWidget(self.verdict)
        answer_head.addStretch(1)
        answer_head.addWidget(self.export_button)
        self.answer = AnswerView(self)
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

        self.middle_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.middle_splitter.addWidget(answer_box)
        self.middle_splitter.addWidget(self.lower_tabs)
        self.middle_splitter.setStretchFactor(0, 3)
        self.middle_splitter.setStretchFactor(1, 2)
        self.middle_splitter.setSizes([430, 300])
        self.middle_splitter.setChildrenCollapsible(False)
        middle = QWidget(self)
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(6, 0, 6, 0)
        middle_layout.addWidget(self.ingest_panel)
        middle_layout.addLayout(ask_row)
        middle_layout.addWidget(self.stage)
        middle_layout.addWidget(self.middle_splitter, 1)
        return middle

    def _list_view(self, model: DocumentListModel | HistoryListModel, name: str,
                   elide: Qt.TextElideMode) -> QListView:
        view = QListView(self)
        view.setModel(model)
        view.setItemDelegate(TwoLineDelegate(view, elide))
        view.setAccessibleName(name)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setUniformItemSizes(True)
        view.setAlternatingRowColors(True)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return view

    def _tab_page(self, top: QHBoxLayout | None, main: QWidget, *below: QWidget) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(4, 6, 4, 4)
        if top is not None:
            layout.addLayout(top)
        layout.addWidget(main, 1)
        for widget in below:
            layout.addWidget(widget)
        return page

    def _button(self, text: str, icon_name: str, name: str, tip: str = "", tint: str | None = None) -> QPushButton:
        button = QPushButton(text, self)
        icons.bind(button, icon_name, tint)
        button.setAccessibleName(name)
        if tip:
            button.setToolTip(tip)
        return button

    def _status_label(self, text: str, name: str) -> QLabel:
        label = QLabel(text, self)
        label.setAccessibleName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        return label

    # --- actions and menus --------------------------------------------------------------------------------------
    def _action(self, text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                icon_name: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if icon_name:
            icons.bind(action, icon_name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        return action

    def _build_actions(self) -> None:
        """Actions the controllers carry out (connected by MainWindow) and the view's own (tabs, help, quit)."""
        Std = QKeySequence.StandardKey
        self.new_action = self._action("&New workspace…", Std.New, "plus", "Create an empty workspace")
        self.add_files_action = self._action("&Add files…", Std.Open, "file-add", "Add files to the current workspace")
        self.add_folder_action = self._action("Add &folder…", "Ctrl+Shift+O", "folder-add",
                                              "Add a folder (recursively) to the current workspace")
        self.export_action = self._action("&Export audit report…", "Ctrl+E", "export",
                                          "Save the answer as Markdown and HTML")
        self.export_pdf_action = self._action("Export as &PDF…", "Ctrl+Shift+E", "export",
                                              "Save the audit report as a PDF")
        self.settings_action = self._action("&Settings…", Std.Preferences, "settings",
                                            "Models, threads, thresholds, retries")
        if not self.settings_action.shortcut().toString():
            self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.quit_action = self._action("&Quit", Std.Quit)
        self.ask_action = self._action("&Ask", None, "send", "Ask the question (Ctrl+Enter)")
        self.ask_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.cancel_action = self._action("&Cancel", None, "stop", "Stop the running question (Esc)")
        self.cancel_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.cancel_shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self.cancel_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # Esc itself: the QShortcut
        self.new_question_action = self._action("&New question", "Ctrl+L", None,
                                                "Clear the answer and type a new question")
        self.documents_action = self._action("&Documents", "Ctrl+1", "document")
        self.history_action = self._action("&History", "Ctrl+2", "history")
        self.quality_action = self._action("Workspace &quality", "Ctrl+3", "quality",
                                           "Hallucination rate, retry rate and more for this workspace")
        self.about_action = self._action("&About MASIS Desktop")
        self.shortcuts_action = self._action("&Keyboard shortcuts", Std.HelpContents)
        for action, slot in ((self.documents_action, lambda: self.left_tabs.setCurrentIndex(0)),
                             (self.history_action, lambda: self.left_tabs.setCurrentIndex(1)),
                             (self.quality_action, lambda: self.left_tabs.setCurrentWidget(self.stats_view)),
                             (self.about_action, self.about), (self.shortcuts_action, self.show_shortcuts),
                             (self.quit_action, self.close)):
            action.triggered.connect(lambda _checked=False, run=slot: run())

        bar = self.menuBar()
        menus = (("&File", (self.new_action, self.add_files_action, self.add_folder_action, None, self.export_action,
                            self.export_pdf_action, None, self.settings_action, None, self.quit_action)),
                 ("&Question", (self.ask_action, self.cancel_action, self.new_question_action)),
                 ("&View", (self.documents_action, self.history_action, self.quality_action)),
                 ("&Help", (self.shortcuts_action, self.about_action)))
        for title, actions in menus:
            menu = bar.addMenu(title)
            for a in actions:
                menu.addSeparator() if a is None else menu.addAction(a)

        rename = QAction("Rename…", self.sidebar.view)
        icons.bind(rename, "edit")
        rename.triggered.connect(self.sidebar.request_rename)
        delete = QAction("Delete…", self.sidebar.view)
        icons.bind(delete, "trash")
        delete.triggered.connect(self.sidebar.request_delete)
        self.sidebar.view.addAction(rename)
        self.sidebar.view.addAction(delete)

    # --- look ---------------------------------------------------------------------------------------------------
    def sync_actions(self, workspace: str | None, running: bool, exportable: bool, ingesting: bool) -> None:
        """Enable what can be done now, and say in the tooltips and placeholders why the rest cannot."""
        has_ws = workspace is not None
        self.ask_button.setEnabled(has_ws and not running)
        self.ask_action.setEnabled(has_ws and not running)
        if running:
            self.ask_button.setToolTip("A question is being answered; cancel it (Esc) or wait for it to finish")
        elif not has_ws:
            self.ask_button.setToolTip("Create or select a workspace first")
        else:
            self.ask_button.setToolTip("Ask (Ctrl+Enter)")
        self.cancel_button.setEnabled(running)
        self.cancel_action.setEnabled(running or ingesting)
        for w in (self.export_button, self.export_action, self.export_pdf_action):
            w.setEnabled(exportable)
        for b in (self.add_files_button, self.add_folder_button):
            b.setEnabled(has_ws)
        self.question.setPlaceholderText(
            f"Ask a question about the documents in “{workspace}”…  (Ctrl+Enter to ask)" if has_ws
            else "Create a workspace (Ctrl+N) and add documents to ask questions.")
        self.answer.setPlaceholderText(
            "The answer appears here, every claim linked to the passage that supports it." if has_ws else
            "Start by creating a workspace (Ctrl+N), then drop files or folders onto this window.")

    def style_primary(self) -> None:
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

    def retheme(self) -> None:
        """Re-colour what does not follow the palette by itself (icons, custom colours, painted views)."""
        icons.retint()
        self.style_primary()
        self.answer.rerender()
        self.banner.apply_theme()
        self.citation.rethemed()
        if self.message_bar.isVisible():
            self.message_bar.show_message(self.message_bar.text.text(), self.message_bar.kind,
                                          self.message_bar.details.text())
        self.stage.retheme()
        for view in (self.documents_view, self.history_view, self.sidebar.view, self.citation.table):
            view.viewport().update()

    # --- geometry -----------------------------------------------------------------------------------------------
    def splitters(self) -> dict[str, QSplitter]:
        return {"main_splitter": self.main_splitter, "left_splitter": self.left_splitter,
                "middle_splitter": self.middle_splitter}

    def restore_geometry(self) -> None:
        geometry.restore(self, self.splitters())

    def save_geometry(self) -> None:
        geometry.save(self, self.splitters())

    # --- drops and help -----------------------------------------------------------------------------------------
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
        self.files_dropped.emit(None, found)

    def about(self) -> None:
        QMessageBox.about(self, "About MASIS Desktop",
                          f"MASIS Desktop {__version__}\n\nAnswers questions over your own documents and proves "
                          "each answer with citations. Everything runs on this computer; nothing is sent anywhere.")

    def show_shortcuts(self) -> None:
        QMessageBox.information(self, "Keyboard shortcuts", "\n".join(f"{k}\t{v}" for k, v in SHORTCUTS))
