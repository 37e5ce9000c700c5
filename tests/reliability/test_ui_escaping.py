"""Markup from documents, file names and models is shown as text everywhere in the desktop app and its exports.

The real window over the real store and pipeline: files whose names and contents carry HTML/Qt rich text are
ingested (one fails, so its reason is listed), a question with markup is answered by scripted models whose replies
carry markup too, the citation panel opens, the history refreshes, the report is exported. Then every widget is
inspected: labels, rich-text views, tooltips (Qt renders any tooltip that *looks* like HTML as rich text) and every
cell and tooltip of every item view. The render and export functions have their own tests (tests/ui); this checks
what actually reaches the screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import Qt as QtGui
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QPlainTextEdit, QTextEdit, QWidget

from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.llm.protocol import Message
from tests.reliability.support import record
from tests.ui.conftest import show_window

MARKUP = ["<img", "<b>", "<script", "<a ", "<i>", "<font", "<u>", "<qt>", "<table", "<h1", "<style"]
DOC_TEXT = ('Revenue for the third quarter was NOK 214.6 million. The <b>board</b> approved it. '
            '<script>alert(1)</script> <img src="file:///etc/hostname"> <a href="file:///etc/passwd">open</a> '
            '<qt><font color="red">RED</font></qt> <table><tr><td>cell</td></tr></table>')
NAMES = ["<img src=x onerror=alert(1)>.md", "<b>bold & <i>report.pdf"]  # no "/" in a file name
QUESTION = "What was revenue in the <u>third</u> quarter?"


def _evidence(messages: Sequence[Message]) -> dict[str, str]:
    text = "\n".join(m["content"] for m in messages)
    return {m.group(1): m.group(2) for m in re.finditer(r"^\[(c\d+)\] (.*)$", text, re.M)}


def writer(messages: Sequence[Message]) -> str:
    ids = _evidence(messages)
    cid = next((c for c, t in ids.items() if "214.6" in t), next(iter(ids), "c1"))
    return (f"Revenue was NOK 214.6 million [{cid}]. The <b>board</b> met <img src=x> in "
            f"<a href='file:///etc/passwd'>Oslo</a> [{cid}].")


def judge(messages: Sequence[Message]) -> dict[str, Any]:
    if "\n".join(m["content"] for m in messages).endswith("TASK: SCORE"):
        return {"faithfulness": 0.7, "relevance": 0.8, "completeness": 0.6, "reasoning_quality": 0.7,
                "improvement_suggestions": ["<script>alert(2)</script> cite <b>more</b>"]}
    return {"unsupported_claims": ["S2: <i>not</i> in the passage <img src=y>"],
            "conflicting_evidence": [], "logical_gaps": ["<u>timing</u> of the meeting"],
            "hallucination_detected": True, "needs_retry": True, "confidence": 0.6}


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> Iterator[Any]:
    from masis_desktop.core.pipeline import Models
    from masis_desktop.ui.backend import Backend
    from masis_desktop.ui.main_window import MainWindow

    synth, critic = ScriptedLLM("scripted-writer"), ScriptedLLM("scripted-critic")
    synth.enqueue(*[writer] * 4)
    critic.enqueue(*[judge] * 8)
    backend = Backend(models_factory=lambda: Models(synth, critic, critic))
    w = show_window(qtbot, MainWindow(backend, open_url=lambda url: True))
    yield w
    w.shutdown(30_000)
    backend.close()


def _rich(text: str) -> bool:
    """Text Qt would render as rich text (its own heuristic) that still carries document markup."""
    return bool(text) and any(tag in text for tag in MARKUP) and QtGui.mightBeRichText(text)


def _indexes(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[QModelIndex]:
    parent = parent or QModelIndex()
    try:
        columns = max(1, model.columnCount(parent))
        tree = True
    except TypeError:  # flat list models keep columnCount/hasChildren private: one column, no children
        columns, tree = 1, False
    for row in range(model.rowCount(parent)):
        for col in range(columns):
            index = model.index(row, col, parent)
            yield index
            if tree and col == 0 and model.rowCount(index) > 0:
                yield from _indexes(model, index)


def _where(widget: QWidget) -> str:
    return f"{type(widget).__name__}({widget.objectName() or widget.accessibleName()})"


def inspect(root: QWidget) -> tuple[list[str], dict[str, int]]:
    """Every place markup would be interpreted, and how many places of each kind were inspected."""
    problems: list[str] = []
    seen = {"widgets": 0, "tooltips_with_markup": 0, "labels": 0, "text_views": 0, "view_cells": 0}
    for widget in [root, *root.findChildren(QWidget)]:
        seen["widgets"] += 1
        tip = widget.toolTip()
        if any(tag in tip for tag in MARKUP):
            seen["tooltips_with_markup"] += 1
        if _rich(tip):
            problems.append(f"tooltip of {_where(widget)}: {tip[:100]!r}")
        if isinstance(widget, QLabel):
            seen["labels"] += 1
            if widget.textFormat() != Qt.TextFormat.PlainText and _rich(widget.text()):
                problems.append(f"label {_where(widget)}: {widget.text()[:100]!r}")
        if isinstance(widget, QTextEdit | QPlainTextEdit):
            seen["text_views"] += 1
            plain = widget.toPlainText()
            # interpreted markup disappears from the plain text; escaped markup stays visible as typed
            for word, literal in (("board", "<b>board</b>"), ("alert(1)", "<script>alert(1)</script>"),
                                  ("RED", '<font color="red">RED</font>')):
                if word in plain and literal not in plain:
                    problems.append(f"{_where(widget)} rendered {literal!r} as markup")
        if isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView) and widget.model():
            for index in _indexes(widget.model()):
                seen["view_cells"] += 1
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str) and _rich(tip):
                    problems.append(f"cell tooltip in {_where(widget)} row {index.row()}: {tip[:100]!r}")
    return problems, seen


def test_markup_is_shown_as_text_everywhere(qtbot: Any, window: Any, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / NAMES[0]).write_text("# <h1>Results</h1>\n\n" + DOC_TEXT + "\n", "utf-8")
    (docs / NAMES[1]).write_bytes(b"%PDF-1.7\n<b>not really a pdf</b>")  # fails: its reason is listed
    window.backend.create_workspace("Hostile")
    with qtbot.waitSignal(window.documents_loaded, timeout=30_000):
        window.refresh_workspaces(select="Hostile")
    with qtbot.waitSignal(window.ingest_finished, timeout=120_000):
        window.add_paths("Hostile", sorted(docs.iterdir()))
    qtbot.waitUntil(lambda: not window.ingest_jobs, timeout=30_000)
    qtbot.waitUntil(lambda: len(window.documents.rows) == 2, timeout=30_000)

    window.question.setPlainText(QUESTION)
    with qtbot.waitSignal(window.run_finished, timeout=120_000) as blocker:
        window.ask()
    qtbot.waitUntil(lambda: window.run is None, timeout=30_000)
    response = blocker.args[0]
    assert "<b>board</b>" in response["answer"]
    cited = response["metrics"]["last_citation_audit"]["claims"][0]["citations"][0]
    window.show_citation(cited, 0)
    window.refresh_history()
    qtbot.wait(300)
    problems, seen = inspect(window)
    md, html = window.export_answer(tmp_path / "report.html")
    exported = {p.name: p.read_text("utf-8") for p in (md, html)}
    for name, text in exported.items():
        for raw in ("<script>alert", "<b>board</b>", '<img src="file:', "<img src=x", "<a href='file:",
                    '<font color="red">'):
            if raw in text:
                problems.append(f"{name} contains raw {raw!r}")
    assert not problems, "\n".join(problems)
    record("ui_escaping", **seen, exported_files=sorted(exported), places_interpreting_markup=0)
