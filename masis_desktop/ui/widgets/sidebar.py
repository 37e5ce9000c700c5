"""The workspace sidebar: list of workspaces (create, rename, delete) that accepts files dropped on an item."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QModelIndex, Qt, Signal, SignalInstance
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QAbstractItemView, QHBoxLayout, QListView, QToolButton, QVBoxLayout, QWidget

from masis_desktop.ui import icons
from masis_desktop.ui.item_models import WorkspaceListModel
from masis_desktop.ui.widgets.common import section_label


def local_paths(mime: QMimeData) -> list[Path]:
    """Local files and folders carried by a drag (remote URLs are ignored: the app never downloads)."""
    if not mime.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile() and url.toLocalFile()]


class WorkspaceListView(QListView):
    """Dropping files on an item ingests them into that workspace; elsewhere in the list, into the current one."""

    files_dropped = Signal(object, list)  # workspace name or None, list[Path]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self._hover_row = -1

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if local_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if not local_paths(event.mimeData()):
            event.ignore()
            return
        index = self.indexAt(event.position().toPoint())
        row = index.row() if index.isValid() else -1
        if row != self._hover_row:  # outline the workspace that will receive the files
            self._hover_row = row
            self.viewport().update()
        event.acceptProposedAction()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._hover_row = -1
        self.viewport().update()
        super().dragLeaveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._hover_row < 0 or self.model() is None:
            return
        rect = self.visualRect(self.model().index(self._hover_row, 0)).adjusted(1, 1, -2, -2)
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), 2)
        painter.setPen(pen)
        painter.drawRoundedRect(rect, 4, 4)
        painter.end()

    def dropEvent(self, event: QDropEvent) -> None:
        found = local_paths(event.mimeData())
        if not found:
            event.ignore()
            return
        index = self.indexAt(event.position().toPoint())
        name = index.data(Qt.ItemDataRole.DisplayRole) if index.isValid() else None
        self._hover_row = -1
        self.viewport().update()
        event.acceptProposedAction()
        self.files_dropped.emit(name, found)


class WorkspaceSidebar(QWidget):
    current_changed = Signal(str)
    create_requested = Signal()
    rename_requested = Signal(str)
    delete_requested = Signal(str)
    files_dropped = Signal(object, list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = WorkspaceListModel(self)
        self.view = WorkspaceListView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Workspaces")
        self.view.setAccessibleDescription("Your workspaces. Drop files or folders on one to add them.")
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setUniformItemSizes(True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.view.files_dropped.connect(self.files_dropped)
        self.view.selectionModel().currentChanged.connect(self._on_current)

        self.new_button = self._button("plus", "New workspace (Ctrl+N)", self.create_requested.emit)
        self.rename_button = self._button("edit", "Rename workspace", self.request_rename)
        self.delete_button = self._button("trash", "Delete workspace…", self.request_delete)

        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(section_label("Workspaces", self))
        header.addStretch(1)
        for b in (self.new_button, self.rename_button, self.delete_button):
            header.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addWidget(self.view)
        self._sync_buttons()

    def _button(self, icon_name: str, tip: str, slot: object) -> QToolButton:
        b = QToolButton(self)
        icons.bind(b, icon_name)
        b.setToolTip(tip)
        b.setAccessibleName(tip.split(" (")[0].rstrip("…"))
        b.setAutoRaise(True)
        b.clicked.connect(slot)
        return b

    def request_rename(self) -> None:
        """Ask to rename the selected workspace (its button and its context-menu entry)."""
        self._emit(self.rename_requested)

    def request_delete(self) -> None:
        """Ask to delete the selected workspace (its button and its context-menu entry)."""
        self._emit(self.delete_requested)

    def _emit(self, signal: SignalInstance) -> None:
        name = self.current()
        if name:
            signal.emit(name)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._sync_buttons()
        if current.isValid():
            self.current_changed.emit(current.data())

    def _sync_buttons(self) -> None:
        has = bool(self.current())
        self.rename_button.setEnabled(has)
        self.delete_button.setEnabled(has)

    def current(self) -> str | None:
        index = self.view.currentIndex()
        return str(index.data()) if index.isValid() else None

    def set_workspaces(self, names: list[str], select: str | None = None) -> None:
        keep = select or self.current()
        blocker = self.view.selectionModel().blockSignals(True)
        self.model.set_names(names)
        self.view.selectionModel().blockSignals(blocker)
        row = self.model.row_of(keep) if keep else -1
        if row < 0 and self.model.names:
            row = 0
        if row >= 0:
            self.view.setCurrentIndex(self.model.index(row))
            self.current_changed.emit(self.model.names[row])
        self._sync_buttons()

    def select(self, name: str) -> None:
        row = self.model.row_of(name)
        if row >= 0:
            self.view.setCurrentIndex(self.model.index(row))
