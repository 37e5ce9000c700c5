"""Workspace management and keyboard: Ctrl+N, rename, delete, drop with no workspace, Ctrl+O, Ctrl+Enter, errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from masis_desktop.errors import WorkspaceError
from tests.ui.conftest import QUESTION, drop_files, make_workspace, write_docs


def test_create_rename_delete(qtbot: Any, window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Board papers", True))
    with qtbot.waitSignal(window.documents_loaded, timeout=30_000):
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # Ctrl+N
    assert window.workspace == "Board papers"
    assert window.sidebar.model.names == ["Board papers"]

    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Board 2026", True))
    with qtbot.waitSignal(window.documents_loaded, timeout=30_000):
        window.sidebar.rename_button.click()
    assert window.sidebar.model.names == ["Board 2026"] and window.workspace == "Board 2026"
    assert window.backend.list_workspaces() == ["Board 2026"]

    # an invalid name is refused with the core's reason, shown in the one error presenter
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("../escape", True))
    window.sidebar.rename_button.click()
    qtbot.waitUntil(lambda: window.message_bar.isVisible(), timeout=10_000)
    assert "invalid workspace name" in window.message_bar.text.text()
    assert window.backend.list_workspaces() == ["Board 2026"]

    qtbot.waitUntil(lambda: window.workspace == "Board 2026", timeout=10_000)  # the refusal re-selected it

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window.sidebar.delete_button.click()
    qtbot.waitUntil(lambda: window.sidebar.model.names == [], timeout=30_000)
    assert window.backend.list_workspaces() == [] and window.workspace is None
    assert not window.ask_button.isEnabled()


def test_drop_with_no_workspace_offers_one(qtbot: Any, window: Any, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "Q3 reports"
    write_docs(folder)
    asked: list[str] = []

    def get_text(*args: Any, **kwargs: Any) -> tuple[str, bool]:
        asked.append(kwargs.get("text", ""))
        return kwargs.get("text", ""), True

    monkeypatch.setattr(QInputDialog, "getText", get_text)
    with qtbot.waitSignal(window.ingest_finished, timeout=120_000):
        drop_files(window, [folder])
    assert asked == ["Q3 reports"]
    assert window.workspace == "Q3 reports"
    assert len(window.backend.documents("Q3 reports")) == 2


def test_keyboard_add_files_and_ask(qtbot: Any, window: Any, script: Any, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    make_workspace(qtbot, window, "Reports")
    files = write_docs(tmp_path / "docs")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(f) for f in files], ""))
    with qtbot.waitSignal(window.ingest_finished, timeout=120_000):
        qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # Ctrl+O
    script.good()
    window.question.setFocus()
    window.question.setPlainText(QUESTION)
    with qtbot.waitSignal(window.run_finished, timeout=120_000):
        qtbot.keyClick(window.question, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Enter
    assert window.question.toPlainText() == QUESTION  # Ctrl+Enter asked; it did not insert a line break


def test_errors_are_shown_in_one_place(qtbot: Any, window: Any) -> None:
    def fail_known(_token: Any) -> None:
        raise WorkspaceError("the workspace is being modified by process 42; wait for it to finish")

    window.job("io", fail_known, context="Could not add files")
    qtbot.waitUntil(lambda: window.message_bar.isVisible(), timeout=10_000)
    assert window.message_bar.text.text() == ("Could not add files: the workspace is being modified by process 42; "
                                              "wait for it to finish")
    assert not window.message_bar.details_button.isVisible()  # a user-facing message needs no traceback

    def fail_bug(_token: Any) -> None:
        raise KeyError("oops")

    window.job("io", fail_bug, context="Listing")
    qtbot.waitUntil(lambda: "Unexpected error" in window.message_bar.text.text(), timeout=10_000)
    assert window.message_bar.details_button.isVisible()
    window.message_bar.details_button.click()
    assert "KeyError" in window.message_bar.details.text()
    window.message_bar.close_button.click()
    assert not window.message_bar.isVisible()
