"""History and workspace quality: past questions of the current workspace, re-opening and deleting one, the stats.

A past answer re-opens through ``open_requested`` (the ask controller shows it in every panel); after each question
the list and the stats are read again for the workspace it was asked in.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QMessageBox

from masis_desktop.ui import icons
from masis_desktop.ui.controllers.session import Session
from masis_desktop.ui.item_models import RECORD_ROLE
from masis_desktop.ui.layout import WindowLayout
from masis_desktop.ui.render import tooltip


class HistoryController(QObject):
    open_requested = Signal(object)  # a past response (dict) to show

    def __init__(self, session: Session, view: WindowLayout) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        history_view = view.history_view
        history_view.activated.connect(self.open_row)
        history_view.clicked.connect(self.open_row)
        history_view.customContextMenuRequested.connect(self._menu)
        delete_past = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), history_view)
        delete_past.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete_past.activated.connect(self._delete_current_row)
        view.stats_view.refresh_requested.connect(self.refresh_stats)

    def show_workspace(self, name: str | None) -> None:
        """Empty the list and the stats for a newly selected workspace, then read its own."""
        self.view.history.set_rows([])
        self.view.stats_view.set_stats(None)
        if name:
            self.refresh_history()
            self.refresh_stats()

    def after_run(self, workspace: str) -> None:
        """A question in ``workspace`` ended: its answer is in the history and the stats changed."""
        if workspace == self.session.workspace:
            self.refresh_history()
            self.refresh_stats()

    def refresh_history(self) -> None:
        name = self.session.workspace
        if not name:
            return

        def loaded(rows: list[dict[str, Any]]) -> None:
            if name == self.session.workspace:
                self.view.history.set_rows(rows)
                self.view.history_empty.setVisible(not rows)

        self.session.job("io", lambda _t: self.session.backend.history(name), on_event=loaded,
                         context="Could not read the question history")

    def refresh_stats(self) -> None:
        name = self.session.workspace
        if not name:
            return

        def loaded(stats: dict[str, Any]) -> None:
            if name == self.session.workspace:
                self.view.stats_view.set_stats(stats)

        self.session.job("io", lambda _t: self.session.backend.history_stats(name), on_event=loaded,
                         context="Could not compute the workspace quality")

    def open_row(self, index: QModelIndex) -> None:
        record = index.data(RECORD_ROLE)
        if not record:
            return
        run = self.session.run
        if run is not None and run.workspace == self.session.workspace:
            self.session.errors.note("A question is being answered; past answers open when it finishes.")
            return
        name = self.session.workspace
        run_id = record.get("id")
        if record.get("answer") is not None and record.get("evidence") is not None:
            self.open_requested.emit(record)
            return
        if not name or run_id is None:
            return

        def loaded(response: dict[str, Any]) -> None:
            if name == self.session.workspace:
                self.open_requested.emit(response)

        self.session.job("io", lambda _t: self.session.backend.history_get(name, int(run_id)), on_event=loaded,
                         context="Could not open the past answer")

    def _menu(self, pos: QPoint) -> None:
        index = self.view.history_view.indexAt(pos)
        record = self.view.history.record(index.row()) if index.isValid() else None
        if record is None:
            return
        menu = QMenu(self.view)
        menu.addAction(icons.icon("open-external"), "Open", lambda: self.open_row(index))
        menu.addAction(icons.icon("trash"), "Delete from history…", lambda: self.delete_entry(record))
        menu.exec(self.view.history_view.viewport().mapToGlobal(pos))

    def _delete_current_row(self) -> None:
        record = self.view.history.record(self.view.history_view.currentIndex().row())
        if record is not None:
            self.delete_entry(record)

    def delete_entry(self, record: dict[str, Any], *, confirm: bool = True) -> None:
        """Remove one past answer (and its figures from the workspace's quality stats) after confirmation."""
        name = self.session.workspace
        run_id = record.get("id")
        if not name or run_id is None:
            return
        question = str(record.get("question") or "")
        short = question if len(question) <= 80 else question[:79] + "…"
        text = (f"Delete “{short}” and its answer from the history of “{name}”?\n\n"
                "It also leaves the workspace's quality figures. This cannot be undone.")
        # Shown exactly as typed: a question holding markup would otherwise be rendered as rich text.
        if confirm and QMessageBox.question(self.view, "Delete past answer",
                                            tooltip(text)) != QMessageBox.StandardButton.Yes:
            return

        def deleted(_found: bool) -> None:
            self.refresh_history()
            self.refresh_stats()

        self.session.job("io", lambda _t: self.session.backend.history_delete(name, int(run_id)), on_event=deleted,
                         context="Could not delete the past answer")
