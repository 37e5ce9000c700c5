"""What every controller of the window shares: the backend, the task queues, the error presenter and the state.

The controllers (workspaces, documents, history, ask, export, settings) never call each other's internals; what one
changes and another must see lives here, and a change is announced with a signal the window wires. Queues run the
core off the GUI thread, one thread each:

- ``llm``: questions. The synthesizer and critic models are serialised by their own locks as well; the window
  never starts a second question while one runs (Ask is disabled and says why).
- ``ingest``: ingestion batches, in drop order (the embedder is shared with search, it has its own lock).
- ``models``: background model loading after start-up and after settings change.
- ``io``: short store reads and workspace operations (documents, history, stats, create/rename/delete).
- ``render``: PDF page rendering for the citation panel (pdfium is not thread-safe; it has a global lock).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from masis_desktop.core.events import CancelToken, StageStarted
from masis_desktop.ui.backend import Backend
from masis_desktop.ui.errors import ErrorPresenter
from masis_desktop.ui.workers import GeneratorWorker, TaskQueue

QUEUES = ("llm", "ingest", "models", "io", "render")


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
    """One batch of dropped or chosen paths, queued for one workspace."""

    workspace: str
    paths: list[Path]
    worker: GeneratorWorker


class Session(QObject):
    """The window's shared state. ``changed`` fires whenever what the actions depend on may have changed."""

    workspace_changed = Signal(object)  # the selected workspace's name, or None
    changed = Signal()  # run, response, ingestion or workspace: the window re-syncs its actions
    closing = Signal()  # the window is shutting down: controllers stop their timers

    def __init__(self, backend: Backend, errors: ErrorPresenter, window: QWidget) -> None:
        super().__init__(window)
        self.backend = backend
        self.errors = errors
        self.window = window  # the parent of dialogs
        self.queues = {name: TaskQueue(name, self) for name in QUEUES}
        self.workspace: str | None = None
        self.run: Run | None = None
        self.response: dict[str, Any] | None = None
        self.ingest_jobs: list[IngestJob] = []
        self.documents_by_id: dict[int, Any] = {}
        self.preload = False  # start() decides; tests and --no-preload load models only when a question needs them
        self.closed = False

    def job(self, queue: str, make: Callable[[CancelToken], Any], *,
            on_event: Callable[[Any], None] | None = None, on_error: Callable[[BaseException], None] | None = None,
            on_done: Callable[[bool], None] | None = None, context: str = "", name: str = "") -> GeneratorWorker:
        """Run ``make`` on ``queue``; results come back to the callbacks on the GUI thread."""
        worker = GeneratorWorker(make, name=name or queue)
        if on_event is not None:
            worker.signals.item.connect(on_event)
        worker.signals.failed.connect(on_error or (lambda exc: self.errors.present(exc, context)))
        if on_done is not None:
            worker.signals.finished.connect(on_done)
        return self.queues[queue].submit(worker)

    def select(self, name: str | None) -> None:
        """Make ``name`` the current workspace (a no-op when it already is) and tell every controller."""
        if name == self.workspace and name is not None:
            return
        self.workspace = name
        self.workspace_changed.emit(name)
        self.changed.emit()

    def forget_workspace(self) -> None:
        """The current workspace is about to change its name: the next selection is a fresh one."""
        self.workspace = None

    def busy_with(self, name: str) -> str:
        """Why ``name`` cannot be renamed, deleted or edited right now ("" when it can)."""
        if self.run is not None and self.run.workspace == name:
            return "a question is being answered in it"
        if any(job.workspace == name for job in self.ingest_jobs):
            return "files are being added to it"
        return ""

    def require_workspace(self) -> bool:
        """True when a workspace is selected; otherwise say how to make one."""
        if self.workspace:
            return True
        self.errors.message("Create a workspace first (Ctrl+N); then add files to it.", "info")
        return False

    def shutdown(self, wait_ms: int) -> bool:
        """Cancel every worker and wait for them to stop; then close workspaces and models. True if all stopped."""
        self.closed = True
        self.closing.emit()
        for queue in self.queues.values():
            queue.close()
        stopped = all(queue.wait(wait_ms) for queue in self.queues.values())
        if stopped:
            self.backend.close()
        return stopped

    @property
    def busy(self) -> bool:
        return any(q.busy for q in self.queues.values())
