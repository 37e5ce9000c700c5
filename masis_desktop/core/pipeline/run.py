"""``ask(...)``: one MASIS run as a generator of events, ending in the seed 003 API response.

It sets up the typed run state, walks the graph (``graph.py``), settles the state on the attempt returned, builds
the response and saves it to the workspace's history (one SQLite transaction; its id is in the response).
Cancellation is checked between nodes and inside every model call; a cancel that arrives during the last model call
still discards the run.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from masis_desktop.core.checks.registry import Selection
from masis_desktop.core.events import AskEvent, CancelToken, RunFinished
from masis_desktop.core.grounding.support import Encoder
from masis_desktop.core.pipeline.graph import End, run_graph
from masis_desktop.core.pipeline.state import Models, Run
from masis_desktop.core.schemas import Retriever, RunState, SearchHit
from masis_desktop.errors import MasisError
from masis_desktop.settings import Settings, load_settings


@dataclass
class AskResult:
    """What ``ask`` returns (``StopIteration.value``): the final state and the API response."""

    state: RunState
    response: dict[str, Any]


def _resolve_retries(max_retries: int | None, settings: Settings) -> int:
    if max_retries is None:
        return settings.pipeline.max_retries
    if max_retries < 0:
        raise MasisError("max_retries must be 0 or more")
    return max_retries


def ask(
    question: str,
    *,
    workspace: Retriever,
    models: Models,
    settings: Settings | None = None,
    cancel: CancelToken | None = None,
    max_retries: int | None = None,
    save_history: bool = True,
    workspace_name: str | None = None,
) -> Generator[AskEvent, None, AskResult]:
    """Answer ``question`` from ``workspace``; yields events and returns an ``AskResult``.

    ``max_retries`` None means the settings' value (2 by default, as the seed's ``or 2``). ``workspace`` is a
    ``Workspace`` or any ``Retriever`` (tests use a fixed list); its ``name`` (or ``workspace_name``) keys the
    history, which is skipped when neither is known.
    """
    if not question or not question.strip():
        raise MasisError("the question is empty")
    settings = settings or load_settings()
    name = workspace_name or getattr(workspace, "name", None)
    retries = _resolve_retries(max_retries, settings)
    state = RunState(user_query=question.strip(), workspace_id=name or "", max_retries=retries)
    run = Run(state=state, workspace=workspace, workspace_name=name, models=models, settings=settings,
              selection=Selection.from_settings(settings.checks, settings.pipeline.strictness),
              embedder=models.embedder if models.embedder is not None else _workspace_encoder(workspace),
              cancel=cancel, search_query=state.user_query)
    end = yield from run_graph(run)
    _settle(run, end)
    response = build_response(state, end.returned.context.hits if end.returned else [])
    run.check_cancel()  # a cancel that arrived during the last model call still discards the run
    if save_history and name:
        from masis_desktop.core.history import History

        response["id"] = History(name).add(response)
    yield RunFinished(response)
    return AskResult(state, response)


def _workspace_encoder(workspace: Any) -> Encoder | None:
    """The encoder a real ``Workspace`` searches with (a test retriever has none: the audit is then lexical)."""
    try:
        enc = getattr(workspace, "embedder", None)
    except Exception:  # an encoder that cannot load degrades support scores to lexical, never fails the run
        return None
    return enc if enc is not None and callable(getattr(enc, "encode", None)) else None


def _settle(run: Run, end: End) -> None:
    """The state the response reports: the attempt returned, the decision, and the metrics built from the run."""
    state, decision, returned = run.state, end.decision, end.returned
    if decision.action == "escalate":
        state.requires_human_review = True
        state.clarification_question = decision.clarification
    if returned is None:
        state.final_answer = ("I could not find anything in your documents to answer this. "
                              + (decision.clarification or ""))
        state.confidence = 0.0
        state.critique = None
    else:
        state.final_answer = returned.draft
        state.confidence = returned.confidence
        state.critique = returned.result.report
    metrics: dict[str, Any] = {
        "node_latency_ms": run.clock.latency,
        "confidence_history": [a.confidence for a in run.attempts],
        "retry_reasons": [r.reason for r in run.retries_run()],
        "llm_calls": run.llm_calls,
        "models": {"synthesizer": run.models.synthesizer.name, "critic": run.models.critic.name,
                   "evaluator": run.models.evaluator.name},
        **run.extra_metrics,
        "last_citation_audit": returned.audit.as_dict() if returned else None,
        "evaluation": end.evaluation,
        "best_iteration": returned.iteration if returned else None,
    }
    if decision.action == "escalate":
        metrics["hitl_variant"] = decision.variant
    metrics["time_to_first_token_ms"] = run.clock.first_token_ms
    metrics["total_ms"] = run.clock.elapsed_ms()
    state.metrics = metrics


def build_response(state: RunState, evidence: list[SearchHit]) -> dict[str, Any]:
    """Seed 003's API response, plus the question, workspace, evidence used, creation time and history id."""
    return {
        "id": None,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "question": state.user_query,
        "workspace": state.workspace_id,
        "status": "needs_clarification" if state.requires_human_review else "success",
        "answer": state.final_answer,
        "confidence": round(state.confidence, 4),
        "requires_human_review": state.requires_human_review,
        "clarification_question": state.clarification_question,
        "critique": state.critique.model_dump(mode="json") if state.critique else None,
        "evaluation": state.metrics.get("evaluation"),
        "trace": state.trace,
        "metrics": state.metrics,
        "evidence": [h.model_dump(mode="json") for h in evidence],
    }


def run_to_end(gen: Generator[AskEvent, None, AskResult]) -> AskResult:
    """Drive ``ask(...)`` to completion, ignoring events (scripts and tests)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            result: AskResult = stop.value
            return result
