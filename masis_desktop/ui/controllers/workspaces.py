"""Workspaces: list them at start-up, create (with the bundled sample on first ``--sample``), rename, delete, select.

Selecting a workspace goes through ``Session.select``, whose signal tells the documents, history and ask
controllers to show that workspace; this controller never touches their panels. A dropped folder with no workspace
to go to arrives here as ``new_workspace(suggested, files)``; once the workspace exists the files go back out as
``ingest_requested``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QInputDialog, QMessageBox

from masis_desktop import paths
from masis_desktop.ui.controllers.session import Session
from masis_desktop.ui.layout import WindowLayout
from masis_desktop.ui.render import tooltip


class WorkspacesController(QObject):
    listed = Signal(list)  # the workspace names, each time the list is shown
    ingest_requested = Signal(object, list)  # workspace name, list[Path]: add these files to it

    def __init__(self, session: Session, view: WindowLayout) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        sidebar = view.sidebar
        sidebar.current_changed.connect(self.select_workspace)
        sidebar.create_requested.connect(self.new_workspace)
        sidebar.rename_requested.connect(self.rename_workspace)
        sidebar.delete_requested.connect(self.delete_workspace)

    def start(self, *, sample: bool = False, workspace: str | None = None, question: str | None = None) -> None:
        """List the workspaces and open the requested one (creating and indexing "Sample" the first time)."""
        target = "Sample" if sample else workspace

        def listed(names: list[str]) -> None:
            nonlocal target
            if sample and "Sample" not in names:
                self.create_sample_workspace(question)
                return
            if target and target not in names:
                self.session.errors.message(f"There is no workspace named “{target}”.", "warning")
                target = None
            self.refresh_workspaces(names, select=target)
            if target and question:
                self.view.question.setPlainText(question)

        self.session.job("io", lambda _t: self.session.backend.list_workspaces(), on_event=listed,
                         context="Listing workspaces")

    def create_sample_workspace(self, question: str | None) -> None:
        """First run of ``--sample``: create "Sample" and ingest the bundled documents (progress visible)."""
        folder = paths.sample_workspace_dir()
        files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")) \
            if folder.is_dir() else []

        def created(name: str) -> None:
            self.refresh_workspaces(select=name)
            if question:
                self.view.question.setPlainText(question)
            if files:
                self.ingest_requested.emit(name, files)
            else:
                self.session.errors.message(f"The sample documents are missing ({folder}).", "warning")

        self.session.job("io", lambda _t: self.session.backend.create_workspace("Sample"), on_event=created,
                         context="Creating the sample workspace")

    def refresh_workspaces(self, names: list[str] | None = None, select: str | None = None) -> None:
        """Show ``names`` (listed again when None) and select ``select``, or keep the current selection."""
        if names is None:
            self.session.job("io", lambda _t: self.session.backend.list_workspaces(),
                             on_event=lambda found: self.refresh_workspaces(found, select),
                             context="Listing workspaces")
            return
        self.view.sidebar.set_workspaces(names, select)
        if not names:
            self.select_workspace(None)
        self.listed.emit(names)

    def select_workspace(self, name: str | None) -> None:
        self.session.select(name)

    def new_workspace(self, suggested: str = "", files: list[Path] | None = None) -> None:
        """Ask for a name and create the workspace; ``files`` (a drop with nowhere to go) are added to it."""
        name, ok = QInputDialog.getText(self.view, "New workspace", "Name of the new workspace:", text=suggested)
        name = name.strip()
        if not ok or not name:
            return

        def created(created_name: str) -> None:
            self.refresh_workspaces(select=created_name)
            if files:
                self.ingest_requested.emit(created_name, files)
            else:
                self.session.errors.note(f"Created workspace “{created_name}”. Drop files on it to add documents.")

        self.session.job("io", lambda _t: self.session.backend.create_workspace(name), on_event=created,
                         context="Could not create the workspace")

    def rename_workspace(self, old: str) -> None:
        busy = self.session.busy_with(old)
        if busy:
            self.session.errors.message(f"“{old}” cannot be renamed now: {busy}.", "warning")
            return
        new, ok = QInputDialog.getText(self.view, "Rename workspace", f"New name for “{old}”:", text=old)
        new = new.strip()
        if not ok or not new or new == old:
            return
        if self.session.workspace == old:
            self.session.forget_workspace()

        def failed(exc: BaseException) -> None:
            self.session.errors.present(exc, "Could not rename the workspace")
            self.refresh_workspaces(select=old)

        self.session.job("io", lambda _t: self.session.backend.rename_workspace(old, new),
                         on_event=lambda n: self.refresh_workspaces(select=n), on_error=failed)

    def delete_workspace(self, name: str) -> None:
        busy = self.session.busy_with(name)
        if busy:
            self.session.errors.message(f"“{name}” cannot be deleted now: {busy}.", "warning")
            return
        answer = QMessageBox.question(
            self.view, "Delete workspace",
            tooltip(f"Delete the workspace “{name}”, its index and its question history?\n\n"
                    "Your original files are not touched."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return
        if self.session.workspace == name:
            self.select_workspace(None)

        def deleted(gone: str) -> None:
            self.session.errors.note(f"Deleted workspace “{gone}”.")
            self.refresh_workspaces()

        self.session.job("io", lambda _t: self.session.backend.delete_workspace(name), on_event=deleted,
                         context="Could not delete the workspace")
