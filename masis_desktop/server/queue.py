"""Bounded, first-come-first-served admission of the work that needs a model, with cancellable requests.

A request that spends model time (an answer, a critique) takes a ticket: at most ``workers`` run at once, on
worker threads, and at most ``depth`` wait behind them; one more is refused at once (``QueueFull``, HTTP 429) so a
burst of clients gets an honest "come back later" instead of a connection that hangs for minutes. Inside a running
request every model call still goes one at a time per loaded model: a llama.cpp context is not thread-safe, and
``LlamaLLM`` (one lock per model) and ``OpenAIServerLLM`` (``max_concurrent`` slots per server) queue calls on the
same model, while calls on different models (the writer and the critic) run side by side.

Every ticket has an id and a ``CancelToken``: cancelling a waiting ticket drops it before it starts; cancelling a
running one stops its model call within a token (the pipeline checks the token between nodes and in every call).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from masis_desktop.core.events import CancelToken
from masis_desktop.errors import MasisError

R = TypeVar("R")


class QueueFull(MasisError):
    """Every worker is busy and the waiting line is full (HTTP 429)."""


class QueueClosed(MasisError):
    """The server is shutting down (HTTP 503)."""


@dataclass
class Ticket:
    id: str
    kind: str
    workspace: str
    cancel: CancelToken = field(default_factory=CancelToken)
    state: Literal["queued", "running"] = "queued"
    submitted: float = field(default_factory=time.time)

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "workspace": self.workspace, "state": self.state,
                "cancelled": self.cancel.cancelled, "waiting_s": round(time.time() - self.submitted, 1)}


class RequestQueue:
    def __init__(self, workers: int = 1, depth: int = 4) -> None:
        if workers < 1 or depth < 0:
            raise ValueError("workers must be 1 or more and depth 0 or more")
        self.workers = workers
        self.depth = depth
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="masis-serve")
        self._lock = threading.Lock()
        self._tickets: dict[str, Ticket] = {}
        self._closed = False

    @property
    def capacity(self) -> int:
        return self.workers + self.depth

    def submit(self, kind: str, workspace: str, work: Callable[[CancelToken], R]) -> tuple[Ticket, Future[R]]:
        """Admit ``work`` or raise ``QueueFull``/``QueueClosed`` at once; ``work`` gets the ticket's cancel token."""
        with self._lock:
            if self._closed:
                raise QueueClosed("the server is shutting down")
            if len(self._tickets) >= self.capacity:
                raise QueueFull(f"{self.workers} request(s) running and {self.depth} waiting: the queue is full, "
                                "try again later")
            ticket = Ticket(uuid.uuid4().hex[:16], kind, workspace)
            self._tickets[ticket.id] = ticket

        def run() -> R:
            try:
                ticket.state = "running"
                ticket.cancel.raise_if_cancelled()
                return work(ticket.cancel)
            finally:
                with self._lock:
                    self._tickets.pop(ticket.id, None)

        try:
            future = self._executor.submit(run)
        except RuntimeError as exc:  # the executor was shut down in between
            with self._lock:
                self._tickets.pop(ticket.id, None)
            raise QueueClosed("the server is shutting down") from exc
        return ticket, future

    def cancel(self, ticket_id: str) -> bool:
        with self._lock:
            ticket = self._tickets.get(ticket_id)
        if ticket is None:
            return False
        ticket.cancel.cancel()
        return True

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            tickets = [t.describe() for t in self._tickets.values()]
        return {"workers": self.workers, "depth": self.depth,
                "running": sum(t["state"] == "running" for t in tickets),
                "queued": sum(t["state"] == "queued" for t in tickets), "requests": tickets}

    def close(self) -> None:
        """Refuse new work, cancel what is queued or running, and let the workers wind down."""
        with self._lock:
            self._closed = True
            tickets = list(self._tickets.values())
        for ticket in tickets:
            ticket.cancel.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
