"""``ask(...)``: the MASIS run as a generator of events, ending in the seed 003 API response.

    Researcher -> (Supervisor: zero results? HITL) -> Synthesizer (streamed) -> Critic -> Supervisor
        -> retry (back to the Researcher, critique-aware) | finalize | escalate -> Evaluator (once) -> done

The agents are deterministic functions of the state; the Supervisor alone routes. The Evaluator runs once, after
the Supervisor's terminal decision, on the answer actually returned (the best draft), so it never influences
routing and, on the happy path, reuses the critic's KV cache (same model, same prompt up to the task line).

Every event is yielded between model calls, so the UI can show progress and the CLI can stream the draft;
cancellation is checked between nodes and inside every model call. A completed run is saved to the workspace's
history (one SQLite transaction) and its id is in the response.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from masis_desktop.core.agents import critic as critic_agent
from masis_desktop.core.agents import evaluator as evaluator_agent
from masis_desktop.core.agents import prompts, supervisor
from masis_desktop.core.agents import researcher as researcher_agent
from masis_desktop.core.agents import synthesizer as synthesizer_agent
from masis_desktop.core.agents.citations import Encoder
from masis_desktop.core.agents.compress import Context, build_context
from masis_desktop.core.events import AskEvent, CancelToken, NodeFinished, RunFinished, StageStarted, TokenStreamed
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.schemas import Retriever, RunState, SearchHit
from masis_desktop.errors import CancelledError, MasisError
from masis_desktop.settings import Settings, load_settings

MAX_CHUNKS_SHOWN = 5
MIN_EVIDENCE_TOKENS = 64  # the smallest evidence budget settings allow
CHAT_OVERHEAD_TOKENS = 16  # chat-template tokens per message, and a margin for tokenizer differences


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
    iteration: int
    draft: str
    context: Context
    result: critic_agent.CriticResult
    prompt_key: tuple[str, str | None, tuple[str, ...]]  # what the writer was given (see ``_writer_input``)

    @property
    def confidence(self) -> float:
        return self.result.report.confidence


@dataclass
class AskResult:
    """What ``ask`` returns (``StopIteration.value``): the final state and the API response."""

    state: RunState
    response: dict[str, Any]


@dataclass
class _Clock:
    start: float = field(default_factory=time.perf_counter)
    first_token_ms: float | None = None
    latency: dict[str, float] = field(default_factory=dict)

    def add(self, node: str, ms: float) -> None:
        self.latency[node] = round(self.latency.get(node, 0.0) + ms, 1)


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
    cfg = settings.pipeline
    name = workspace_name or getattr(workspace, "name", None)
    retries = _resolve_retries(max_retries, settings)
    state = RunState(user_query=question.strip(), workspace_id=name or "", max_retries=retries)
    state.metrics = {"node_latency_ms": {}, "confidence_history": [], "retry_reasons": [], "llm_calls": [],
                     "models": {"synthesizer": models.synthesizer.name, "critic": models.critic.name,
                                "evaluator": models.evaluator.name}}
    embedder = models.embedder if models.embedder is not None else _workspace_encoder(workspace)
    clock = _Clock()
    attempts: list[Attempt] = []
    passages_read = 0
    terminal: supervisor.Decision | None = None

    search_query = state.user_query

    def restater(question: str) -> str | None:
        """A failed restatement changes nothing: the run escalates as the seed's zero-results rule says."""
        try:
            restated = researcher_agent.restate(question, models.synthesizer, cancel=cancel)
        except CancelledError:
            raise
        except Exception as exc:
            state.metrics["restate_error"] = f"{type(exc).__name__}: {exc}"[:200]
            return None
        state.metrics["llm_calls"].append(synthesizer_agent.llm_stats(models.synthesizer, "researcher", 0))
        return restated

    def check() -> None:
        if cancel is not None:
            cancel.raise_if_cancelled()

    def finish(node: str, entry: dict[str, Any]) -> NodeFinished:
        state.trace.append(entry)
        clock.add(node, float(entry.get("duration_ms") or 0.0))
        return NodeFinished(node, entry)

    while True:
        it = state.retry_count
        check()
        yield StageStarted("researching", it, retries, "searching your documents")
        previous = attempts[-1] if attempts else None
        abstention_retry = previous is not None and previous.result.report.abstained
        keep: list[SearchHit] = []
        if previous is not None and not abstention_retry:
            cited = {cid for c in previous.result.code.audit.claims for cid in c.citations}
            keep = [h for h in previous.context.hits if h.chunk_id in cited]
        found = researcher_agent.research(search_query, workspace, settings.retrieval, iteration=it,
                                          critique=state.critique if it else None, keep=keep,
                                          restater=restater if settings.retrieval.restate_when_filtered else None)
        if found.restated:  # later searches (retries) start from the words that found the evidence
            search_query = found.restated
        hits = found.kept
        new_chunks = None
        if abstention_retry and previous is not None:
            hits = [h for h in found.kept if h.chunk_id not in set(previous.context.ids)]
            new_chunks = len(hits)
        entry = found.entry(it)
        if new_chunks is not None:
            entry["new_chunks"] = new_chunks
        yield finish("researcher", entry)
        state.evidence = hits
        decision = supervisor.after_research(state, found, workspace=name or "this workspace",
                                             abstention_retry=abstention_retry, new_chunks=new_chunks)
        if decision.action == "escalate":
            terminal = decision
            yield finish("supervisor", decision.entry(state))
            break

        check()
        revising = previous is not None and not abstention_retry
        prior = previous.draft if revising and previous else None
        problems = synthesizer_agent.problems_from(state.critique) if revising and state.critique else None
        budget = fitted_budget(state.user_query, models, settings, previous=prior, problems=problems)
        context = build_context(state.user_query, hits, budget_tokens=budget,
                                count_tokens=models.synthesizer.count_tokens, embedder=embedder,
                                max_chunks=MAX_CHUNKS_SHOWN, pinned=[h.chunk_id for h in keep])
        passages_read = max(passages_read, len(context.hits))
        prompt_key = _writer_input(context, prior, problems)
        repeat = next((a for a in attempts if a.prompt_key == prompt_key), None)
        if repeat is not None:  # a fixed point: the same prompt writes the same draft, audited the same
            state.retry_count -= 1  # the retry decided after the last audit is not run
            state.metrics["retry_reasons"].pop()
            state.metrics["retries_not_run"] = 1
            terminal = supervisor.after_critique(state, threshold=cfg.low_conf_threshold, passages=passages_read,
                                                 final=True)
            entry = terminal.entry(state)
            entry["repeats_iteration"] = repeat.iteration
            yield finish("supervisor", entry)
            break
        yield StageStarted("writing", it, retries, "writing a revised draft" if previous else "writing the answer")
        gen = synthesizer_agent.synthesize(
            state.user_query, context, models.synthesizer, iteration=it, max_tokens=cfg.synth_max_tokens,
            previous=prior, problems=problems, cancel=cancel, embedder=embedder)
        while True:
            try:
                token = next(gen)
            except StopIteration as stop:
                draft: synthesizer_agent.Draft = stop.value
                break
            if clock.first_token_ms is None and isinstance(token, TokenStreamed):
                clock.first_token_ms = round((time.perf_counter() - clock.start) * 1000, 1)
            yield token
        state.draft_answer = draft.text
        state.metrics["llm_calls"].append(draft.stats)
        yield finish("synthesizer", draft.entry)

        check()
        yield StageStarted("auditing", it, retries, "checking every sentence against its sources")
        result = critic_agent.critique(state.user_query, draft.text, context, models.critic, iteration=it,
                                       embedder=embedder, cancel=cancel)
        state.metrics["llm_calls"].extend(result.slot_stats)
        if result.stats:
            state.metrics["llm_calls"].append(result.stats)
        attempts.append(Attempt(it, draft.text, context, result, prompt_key))
        state.critique = result.report
        state.confidence = result.report.confidence
        state.final_answer = draft.text
        state.metrics["confidence_history"].append(result.report.confidence)
        state.metrics["last_citation_audit"] = result.code.as_dict()
        yield finish("critic", result.entry)

        yield StageStarted("deciding", it, retries, "")
        decision = supervisor.after_critique(state, threshold=cfg.low_conf_threshold,
                                             passages=max(passages_read, len(context.hits)))
        if decision.action == "retry":
            assert decision.retry_reason is not None
            state.metrics["retry_reasons"].append(decision.retry_reason)
            yield finish("supervisor", decision.entry(state))
            state.retry_count += 1
            continue
        terminal = decision
        yield finish("supervisor", decision.entry(state))
        break

    assert terminal is not None
    returned = _returned_attempt(attempts, terminal)
    check()
    yield StageStarted("scoring", state.retry_count, retries, "scoring the answer")
    if returned is None:
        ev = evaluator_agent.skipped(f"no evidence to answer from ({terminal.reason})", state.retry_count)
    elif returned.result.report.abstained or returned.result.code.non_answer:
        why = "abstains" if returned.result.report.abstained else "only restates the question"
        ev = evaluator_agent.skipped(f"the answer {why}: there is no claim to score", state.retry_count)
    else:
        ev = evaluator_agent.evaluate(returned.result.body, returned.result.code, returned.result.report,
                                      models.evaluator, iteration=state.retry_count, cancel=cancel)
        if ev.stats:
            state.metrics["llm_calls"].append(ev.stats)
        ev.entry["answer_iteration"] = returned.iteration
    yield finish("evaluator", ev.entry)

    _settle(state, terminal, returned, ev.evaluation.model_dump())
    state.metrics["node_latency_ms"] = clock.latency
    state.metrics["time_to_first_token_ms"] = clock.first_token_ms
    state.metrics["total_ms"] = round((time.perf_counter() - clock.start) * 1000, 1)
    evidence = returned.context.hits if returned else []
    response = build_response(state, evidence)
    check()  # a cancel that arrived during the last model call still discards the run
    if save_history and name:
        from masis_desktop.core.history import History

        response["id"] = History(name).add(response)
    yield RunFinished(response)
    return AskResult(state, response)


def _writer_input(context: Context, previous: str | None,
                  problems: list[str] | None) -> tuple[str, str | None, tuple[str, ...]]:
    """Everything an attempt's outcome depends on besides the question: the evidence shown (ids and text; the
    critic's code checks read the same chunks), the previous draft and the problems listed to the writer. Both
    models decode at temperature 0, so two attempts with equal keys write and audit the same draft."""
    return context.block(), previous, tuple(problems or ())


def _workspace_encoder(workspace: Any) -> Encoder | None:
    """The encoder a real ``Workspace`` searches with (a test retriever has none: the audit is then lexical)."""
    try:
        enc = getattr(workspace, "embedder", None)
    except Exception:  # an encoder that cannot load degrades support scores to lexical, never fails the run
        return None
    return enc if enc is not None and callable(getattr(enc, "encode", None)) else None


def fitted_budget(question: str, models: Models, settings: Settings, *, previous: str | None = None,
                  problems: list[str] | None = None) -> int:
    """``pipeline.context_tokens``, lowered when a model's context window cannot hold it with the rest of its prompt.

    llama.cpp refuses a prompt longer than its window, so evidence beyond it would stop the run instead of being
    trimmed. The synthesizer's prompt must fit with room for its answer. The critic's must fit with the answer and
    the code checks (reserved at twice the answer's maximum); when even no evidence would fit it, the critic fails
    into the recorded code-audit fallback and its window is not allowed to starve the synthesizer.
    """
    budget = settings.pipeline.context_tokens
    answer = settings.pipeline.synth_max_tokens
    empty = Context([], {}, False, 0, 0, 0)

    def fixed(llm: LLM, messages: list[dict[str, str]]) -> int:
        return sum(llm.count_tokens(m["content"]) + CHAT_OVERHEAD_TOKENS for m in messages)

    n_ctx = getattr(models.synthesizer, "n_ctx", None)
    if isinstance(n_ctx, int):
        used = fixed(models.synthesizer, prompts.synthesizer_messages(question, empty, previous, problems))
        budget = min(budget, n_ctx - used - answer)
    n_ctx = getattr(models.critic, "n_ctx", None)
    if isinstance(n_ctx, int):
        used = fixed(models.critic, prompts.critic_messages(prompts.auditor_body(question, empty, "", "")))
        room = n_ctx - used - 2 * answer - critic_agent.CRITIC_MAX_TOKENS
        if room >= MIN_EVIDENCE_TOKENS:
            budget = min(budget, room)
    return max(MIN_EVIDENCE_TOKENS, budget)


def _returned_attempt(attempts: list[Attempt], decision: supervisor.Decision) -> Attempt | None:
    """Finalize returns the passing draft; escalation returns the best draft (highest confidence, later wins)."""
    if not attempts:
        return None
    if decision.action == "finalize":
        return attempts[-1]
    return max(reversed(attempts), key=lambda a: a.confidence)


def _settle(state: RunState, decision: supervisor.Decision, returned: Attempt | None,
            evaluation: dict[str, Any]) -> None:
    state.metrics["evaluation"] = evaluation
    if decision.action == "escalate":
        state.requires_human_review = True
        state.clarification_question = decision.clarification
        state.metrics["hitl_variant"] = decision.variant
    if returned is None:
        state.final_answer = ("I could not find anything in your documents to answer this. "
                              + (decision.clarification or ""))
        state.confidence = 0.0
        state.critique = None
        state.metrics["last_citation_audit"] = None
        state.metrics["best_iteration"] = None
        return
    state.final_answer = returned.draft
    state.confidence = returned.confidence
    state.critique = returned.result.report
    state.metrics["last_citation_audit"] = returned.result.code.as_dict()
    state.metrics["best_iteration"] = returned.iteration


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
