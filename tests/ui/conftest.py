"""UI test fixtures: the real window over the real store and pipeline, with scripted models behind ``ask``.

Models are ``ScriptedLLM`` doubles (replies computed from the prompt the pipeline actually sends, so citations point
at real chunk ids); the workspace, ingestion, search, critic code audit, supervisor and history are the real ones.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget

from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.llm.protocol import Message
from tests.slot_doubles import PickingScriptedLLM, written_by

REVENUE = ("Halvorsen Marine Systems reported revenue of NOK 214.6 million for the third quarter of 2026. "
           "Revenue was up 18 percent from NOK 181.9 million in the third quarter of 2025.")
OFFICE = ("# Oslo office\n\nThe Oslo office opened in March 2018 and hosts 64 engineers. "
          "Dr. Tomas Lindqvist leads the applied AI programme from Oslo.")
QUESTION = "What revenue did Halvorsen Marine Systems report for the third quarter of 2026?"


def write_docs(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    a = folder / "revenue_q3.txt"
    a.write_text(REVENUE, encoding="utf-8")
    b = folder / "oslo_office.md"
    b.write_text(OFFICE, encoding="utf-8")
    return [a, b]


def make_pdf(path: Path) -> Path:
    """A two-page quarterly report (a title, the revenue paragraph the PDF answer cites, an outlook page)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

    styles = getSampleStyleSheet()
    doc = SimpleDocTemplate(str(path), pagesize=A4, title="Quarterly report")
    story = [Paragraph("Halvorsen Marine Systems - Quarterly Report Q3 2026", styles["Title"]),
             Paragraph("Highlights", styles["Heading2"]),
             Paragraph("Revenue for the third quarter of 2026 was NOK 214.6 million, up 18 percent from NOK 181.9 "
                       "million in the third quarter of 2025. EBITDA was NOK 31.2 million.", styles["BodyText"]),
             Paragraph("SeaScan drone shipments reached 184 units in the quarter.", styles["BodyText"]),
             PageBreak(),
             Paragraph("Outlook", styles["Heading2"]),
             Paragraph("Management expects full-year revenue between NOK 820 million and NOK 840 million.",
                       styles["BodyText"])]
    doc.build(story)
    return path


PDF_ANSWER = ("Revenue for the third quarter of 2026 was NOK 214.6 million [{c}]. "
              "That was up 18 percent from NOK 181.9 million in the third quarter of 2025 [{c}].")


def evidence_ids(messages: Sequence[Message]) -> dict[str, str]:
    """``chunk id -> passage`` as the pipeline showed them to the model (``[c3] (source label) text`` lines; the
    label is left out, so a keyword in a heading does not pick another document's chunk)."""
    text = "\n".join(m["content"] for m in messages)
    return {m.group(1): m.group(2) for m in re.finditer(r"^\[(c\d+)\] (?:\([^()\n]*\) )?(.*)$", text, re.M)}


def cite(keyword: str, template: str) -> Callable[[Sequence[Message]], str]:
    """A synthesizer reply citing the passage that contains ``keyword`` (``{c}`` in the template)."""

    def reply(messages: Sequence[Message]) -> str:
        ids = evidence_ids(messages)
        chosen = next((cid for cid, text in ids.items() if keyword in text), next(iter(ids), "c1"))
        return template.format(c=chosen)

    return reply


GOOD_ANSWER = ("Halvorsen Marine Systems reported revenue of NOK 214.6 million for the third quarter of 2026 [{c}]. "
               "Revenue was up 18 percent from NOK 181.9 million in the third quarter of 2025 [{c}].")
BAD_ANSWER = ("Halvorsen Marine Systems reported revenue of NOK 999 million for the third quarter of 2026 [{c}]. "
              "This shows solid growth for the business. "
              "The company also opened a Tokyo office in 2019.")


def verdict(confidence: float, unsupported: list[str] | None = None, hallucination: bool = False) -> dict[str, Any]:
    return {"unsupported_claims": unsupported or [], "conflicting_evidence": [], "logical_gaps": [],
            "hallucination_detected": hallucination, "needs_retry": bool(unsupported), "confidence": confidence}


def scores(value: float = 0.86) -> dict[str, Any]:
    return {"faithfulness": value, "relevance": 0.9, "completeness": 0.8, "reasoning_quality": 0.85,
            "improvement_suggestions": ["Mention the order backlog as context."]}


class SlowScriptedLLM(ScriptedLLM):
    """Streams one word every ``delay`` seconds, so a test can cancel mid-answer."""

    delay: float = 0.05

    def stream(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.0,
               stop: Sequence[str] | None = None, cancel: CancelToken | None = None,
               grammar: str | None = None) -> Iterator[str]:
        for piece in super().stream(messages, max_tokens=max_tokens, temperature=temperature, stop=stop,
                                    cancel=cancel, grammar=grammar):
            time.sleep(self.delay)
            yield piece


@dataclass
class Script:
    synthesizer: ScriptedLLM = field(default_factory=lambda: ScriptedLLM("scripted-writer"))
    # Answers the critic's slot checks itself, agreeing with what the writer wrote (tests/slot_doubles.py).
    critic: ScriptedLLM = field(default_factory=lambda: PickingScriptedLLM("scripted-critic"))
    evaluator: ScriptedLLM | None = None
    embedder: Any = None
    built: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def models(self) -> Any:
        from masis_desktop.core.pipeline import Models

        if isinstance(self.critic, PickingScriptedLLM):  # tests swap the writer between questions
            self.critic.drafts = written_by(self.synthesizer)
        with self.lock:
            self.built += 1
        return Models(self.synthesizer, self.critic, self.evaluator or self.critic, self.embedder)

    def good(self) -> Script:
        self.synthesizer.enqueue(cite("214.6", GOOD_ANSWER))
        self.critic.enqueue(verdict(0.9), scores())
        return self


@pytest.fixture
def script(embedder: Any) -> Script:
    return Script(embedder=embedder)


@pytest.fixture
def backend(script: Script) -> Iterator[Any]:
    from masis_desktop.ui.backend import Backend

    b = Backend(models_factory=script.models)
    yield b
    b.close()


@pytest.fixture
def window(qtbot: Any, backend: Any) -> Iterator[Any]:
    from masis_desktop.ui.main_window import MainWindow

    opened: list[QUrl] = []
    w = show_window(qtbot, MainWindow(backend, open_url=lambda url: opened.append(url) or True))
    w.opened_urls = opened  # type: ignore[attr-defined]
    yield w
    w.shutdown(30_000)


def show_window(qtbot: Any, w: Any) -> Any:
    """Show a main window at a fixed size and start it without loading models (workspaces listed on return)."""
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    with qtbot.waitSignal(w.workspaces_loaded, timeout=20_000):
        w.start(preload_models=False)
    return w


def drop_files(widget: QWidget, files: Sequence[Path], pos: QPoint | None = None) -> None:
    """What the platform delivers when files are dragged from a file manager and dropped on ``widget``."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in files])
    point = pos or widget.rect().center()
    buttons, mods, action = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, Qt.DropAction.CopyAction
    QApplication.sendEvent(widget, QDragEnterEvent(QPointF(point), action, mime, buttons, mods))
    QApplication.sendEvent(widget, QDragMoveEvent(QPointF(point), action, mime, buttons, mods))
    QApplication.sendEvent(widget, QDropEvent(QPointF(point), action, mime, buttons, mods))


def make_workspace(qtbot: Any, window: Any, name: str, files: Sequence[Path] = ()) -> None:
    """Create ``name`` through the backend, select it in the window and (optionally) drop ``files`` on it."""
    window.backend.create_workspace(name)
    with qtbot.waitSignal(window.documents_loaded, timeout=30_000):
        window.refresh_workspaces(select=name)
    assert window.workspace == name
    if files:
        with qtbot.waitSignal(window.ingest_finished, timeout=120_000):
            drop_files(window, files)
        qtbot.waitUntil(lambda: not window.ingest_jobs, timeout=30_000)
        qtbot.waitUntil(lambda: len(window.documents.rows) >= len(files), timeout=30_000)


def ask(qtbot: Any, window: Any, question: str = QUESTION, timeout: int = 120_000) -> dict[str, Any]:
    window.question.setPlainText(question)
    with qtbot.waitSignal(window.run_finished, timeout=timeout) as blocker:
        window.ask()
    qtbot.waitUntil(lambda: window.run is None, timeout=30_000)
    response: dict[str, Any] = blocker.args[0]
    return response
