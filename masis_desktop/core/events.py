"""Typed events yielded by long operations (``ingest(...)``, ``ask(...)``) and the cancel token they check.

Long work is a generator of events: the CLI prints them, the UI worker re-emits them as Qt signals. Events are
frozen dataclasses so they can cross threads safely.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Literal

from masis_desktop.errors import CancelledError


class CancelToken:
    """A thread-safe cancel flag shared by a worker and whoever may cancel it."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise CancelledError("cancelled by the user")


# --- ask(...) events -------------------------------------------------------------------------------------

Stage = Literal["researching", "writing", "auditing", "scoring", "deciding", "loading"]


@dataclass(frozen=True)
class StageStarted:
    stage: Stage
    iteration: int  # 0 = first pass, 1 = retry 1, ...
    max_retries: int
    message: str = ""


@dataclass(frozen=True)
class TokenStreamed:
    text: str
    iteration: int


@dataclass(frozen=True)
class NodeFinished:
    node: str
    entry: dict[str, Any]


@dataclass(frozen=True)
class RunFinished:
    """Last event of ``ask``; ``response`` is the seed 003 API response (status, answer, critique, ...)."""

    response: dict[str, Any]


# --- ingest(...) events ----------------------------------------------------------------------------------

FileStatus = Literal["indexed", "skipped", "failed", "removed"]


@dataclass(frozen=True)
class FileResult:
    path: str
    status: FileStatus
    error: str | None = None
    chunks: int = 0
    pages: int | None = None


@dataclass(frozen=True)
class IngestStarted:
    files_total: int


@dataclass(frozen=True)
class IngestProgress:
    files_done: int
    files_total: int
    chunks_embedded: int
    eta_s: float | None
    current: str = ""


@dataclass(frozen=True)
class FileFinished:
    result: FileResult


@dataclass(frozen=True)
class IngestFinished:
    results: list[FileResult] = field(default_factory=list)
    cancelled: bool = False

    @property
    def totals(self) -> dict[str, int]:
        out = {"indexed": 0, "skipped": 0, "failed": 0, "removed": 0, "chunks": 0}
        for r in self.results:
            out[r.status] += 1
            out["chunks"] += r.chunks
        return out


AskEvent = StageStarted | TokenStreamed | NodeFinished | RunFinished
IngestEvent = IngestStarted | IngestProgress | FileFinished | IngestFinished
