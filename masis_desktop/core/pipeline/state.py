"""The typed state of one run: the models, every attempt with its audit, every retry the Supervisor decided.

``RunState`` (``core/schemas.py``) is the seed's state and what the API returns; ``Run`` is what the graph's nodes
read and write while the run goes on. The Supervisor reads the last attempt's ``CodeAudit`` from here, typed, and
the response's ``metrics`` are built from here once, at the end.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from masis_desktop.core.checks.audit import CodeAudit
from masis_desktop.core.checks.registry import Selection
from masis_desktop.core.events import CancelToken
from masis_desktop.core.grounding.evidence import Context
from masis_desktop.core.grounding.support import Encoder
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.pipeline.critic import CriticResult
from masis_desktop.core.schemas import Retriever, RunState, SearchHit
from masis_desktop.settings import Settings

WriterInput = tuple[str, str | None, tuple[str, ...]]


@dataclass
class Models:
    """The three model roles (LLM protocol objects) and the optional sentence embedder used by the audit."""

    synthesizer: LLM
    critic: LLM
    evaluator: LLM
    embedder: Encoder | None = None

    @classmethod
    def from_pool(cls, pool: Any, *, embedder: Encoder | bool | None = None) -> Models:
        """Real models from a ``ModelPool`` (critic and evaluator share one instance, hence one KV cache).

        ``embedder`` None: ``ask`` uses the workspace's own encoder (already loaded for search, so nothing is
        loaded twice); True: load the app's encoder now; or pass one."""
        emb: Encoder | None
        if embedder is True:
            from masis_desktop.core.ingest.onnx_encoder import load_encoder

            emb = load_encoder(pool.settings)
        else:
            emb = embedder or None
        return cls(pool.get("synthesizer"), pool.get("critic"), pool.get("evaluator"), emb)


@dataclass
class Attempt:
    """One written and audited draft."""

    iteration: int
    draft: str
    context: Context
    result: CriticResult
    writer_input: WriterInput  # what the writer was given (see ``graph.writer_input``)

    @property
    def confidence(self) -> float:
        return self.result.report.confidence

    @property
    def audit(self) -> CodeAudit:
        return self.result.code


@dataclass
class Retry:
    """A retry the Supervisor decided. ``abandoned`` names the earlier attempt it would have repeated word for word
    (the writer's input equal to that attempt's): such a retry is not run and does not count."""

    iteration: int
    reason: dict[str, Any]
    abandoned: int | None = None


@dataclass
class Clock:
    start: float = field(default_factory=time.perf_counter)
    first_token_ms: float | None = None
    latency: dict[str, float] = field(default_factory=dict)

    def add(self, node: str, ms: float) -> None:
        self.latency[node] = round(self.latency.get(node, 0.0) + ms, 1)

    def elapsed_ms(self) -> float:
        return round((time.perf_counter() - self.start) * 1000, 1)


@dataclass
class Run:
    """Everything one ``ask`` reads and writes, typed."""

    state: RunState
    workspace: Retriever
    workspace_name: str | None
    models: Models
    settings: Settings
    selection: Selection
    embedder: Encoder | None
    cancel: CancelToken | None
    attempts: list[Attempt] = field(default_factory=list)
    retries: list[Retry] = field(default_factory=list)
    llm_calls: list[dict[str, Any]] = field(default_factory=list)
    extra_metrics: dict[str, Any] = field(default_factory=dict)  # restate_error, retries_not_run, ...
    clock: Clock = field(default_factory=Clock)
    search_query: str = ""
    passages_read: int = 0
    # the calculator's working and trace entry per evidence block shown (``graph._working``)
    calculations: dict[str, tuple[Any, dict[str, Any]]] = field(default_factory=dict)

    @property
    def iteration(self) -> int:
        """The attempt about to be made: 0 on the first pass, then one more per retry decided."""
        return len(self.attempts)

    @property
    def retry_ceiling(self) -> int:
        return self.state.retry_ceiling

    @property
    def last(self) -> Attempt | None:
        return self.attempts[-1] if self.attempts else None

    def retries_run(self) -> list[Retry]:
        return [r for r in self.retries if r.abandoned is None]

    def decide_retry(self, reason: dict[str, Any]) -> None:
        self.retries.append(Retry(self.iteration, reason))
        self.state.retry_count = len(self.retries_run())

    def abandon_retry(self, repeats: int) -> None:
        """The retry just decided would repeat attempt ``repeats``: it is not run."""
        self.retries[-1].abandoned = repeats
        self.state.retry_count = len(self.retries_run())
        self.extra_metrics["retries_not_run"] = 1

    def check_cancel(self) -> None:
        if self.cancel is not None:
            self.cancel.raise_if_cancelled()

    def searched(self) -> list[SearchHit]:
        return self.state.evidence
