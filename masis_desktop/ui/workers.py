"""Run core generators off the GUI thread and hand their events back as Qt signals.

Each long operation (``ingest``, ``ask``, model loading, page rendering) is a ``GeneratorWorker`` on a named
``TaskQueue``. A queue is a one-thread ``QThreadPool``, so work that shares a resource (the llama models, the
embedder, pdfium) runs strictly one at a time in submission order, and the GUI thread never waits for it.
The core generators check the same ``CancelToken`` and wind down by themselves (ingestion ends with its
``IngestFinished(cancelled=True)`` summary); the worker also checks it between events and, if a generator keeps
going for longer than ``CANCEL_GRACE_S`` after a cancel, closes it, so the core's ``finally`` blocks run in the
worker thread (never in the GUI thread) and a stop is always bounded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from masis_desktop.core.events import CancelToken
from masis_desktop.errors import CancelledError

CANCEL_GRACE_S = 2.0


class WorkerSignals(QObject):
    """Signals of one worker; emitted from the worker thread, delivered queued to receivers in the GUI thread."""

    started = Signal()
    item = Signal(object)  # one event of the generator (named so it does not shadow QObject.event)
    failed = Signal(object)  # the exception
    finished = Signal(bool)  # True when the work was cancelled


class GeneratorWorker(QRunnable):
    """Iterates ``make(cancel)`` and re-emits every item as ``signals.item``.

    ``make`` may also return a plain value (not an iterator): it is emitted as a single event, which lets one-shot
    jobs (load a model, render a page) use the same worker, signals and cancellation.
    """

    def __init__(self, make: Callable[[CancelToken], Iterable[Any] | Any], *, token: CancelToken | None = None,
                 name: str = "") -> None:
        super().__init__()
        self.setAutoDelete(False)  # the queue keeps a Python reference until `finished` has been emitted
        self.make = make
        self.token = token or CancelToken()
        self.name = name
        self.signals = WorkerSignals()
        self.done = threading.Event()

    def cancel(self) -> None:
        self.token.cancel()

    def run(self) -> None:
        cancelled = False
        try:
            if self.token.cancelled:
                cancelled = True
                return
            self.signals.started.emit()
            result = self.make(self.token)
            if isinstance(result, Iterator):
                cancelled = self._drain(result)
            else:
                self.signals.item.emit(result)
        except CancelledError:
            cancelled = True
        except BaseException as exc:  # every failure reaches the error presenter, never a silent thread death
            if self.token.cancelled:
                cancelled = True
            else:
                self.signals.failed.emit(exc)
        finally:
            self.done.set()
            self.signals.finished.emit(cancelled or self.token.cancelled)

    def _drain(self, gen: Iterator[Any]) -> bool:
        cancelled_at: float | None = None
        try:
            for item in gen:
                self.signals.item.emit(item)
                if self.token.cancelled:
                    now = time.monotonic()
                    cancelled_at = cancelled_at or now
                    if now - cancelled_at > CANCEL_GRACE_S:
                        return True
            return cancelled_at is not None
        finally:
            close = getattr(gen, "close", None)
            if callable(close):
                close()


class TaskQueue(QObject):
    """A serial queue: one worker thread, jobs in submission order, each cancellable, all awaitable on exit."""

    busy_changed = Signal(bool)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pool.setObjectName(f"masis-{name}")
        self._jobs: list[GeneratorWorker] = []
        self.closed = False

    def submit(self, worker: GeneratorWorker) -> GeneratorWorker:
        if self.closed:  # the app is shutting down: the job is refused (and reported as cancelled, never run)
            worker.cancel()
            worker.done.set()
            return worker
        self._jobs.append(worker)
        worker.signals.finished.connect(lambda _c, w=worker: self._forget(w))
        was_busy = len(self._jobs) > 1
        self._pool.start(worker)
        if not was_busy:
            self.busy_changed.emit(True)
        return worker

    def _forget(self, worker: GeneratorWorker) -> None:
        if worker in self._jobs:
            self._jobs.remove(worker)
        if not self._jobs:
            self.busy_changed.emit(False)

    @property
    def jobs(self) -> list[GeneratorWorker]:
        return list(self._jobs)

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    def pending(self) -> int:
        """Jobs submitted but not yet running."""
        return sum(1 for job in self._jobs if not job.done.is_set()) - (1 if self._running() else 0)

    def _running(self) -> bool:
        return self._pool.activeThreadCount() > 0

    def cancel_all(self) -> None:
        for job in list(self._jobs):
            job.cancel()

    def close(self) -> None:
        """Refuse new jobs and cancel the queued and running ones (call ``wait`` afterwards)."""
        self.closed = True
        self.cancel_all()

    def wait(self, msecs: int = -1) -> bool:
        """Block until every job has finished (used on exit, after ``cancel_all``)."""
        return bool(self._pool.waitForDone(msecs))
