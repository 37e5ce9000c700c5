"""The MASIS graph: each node's ``run`` returns the next node, so the return types are the edges.

    Research ──> Write ──> Critique ──> Decide ──> Evaluate ──> End
       │           │                      │
       │           └── (would repeat) ──> Decide(final)
       └── (nothing to answer from) ──────────────> Evaluate
                                          Decide ── retry ──> Research

The Supervisor (``supervisor.py``) alone routes: ``Research`` asks it whether there is evidence to write from,
``Decide`` whether to finalize, retry or ask the human. The other nodes are deterministic functions of the run
state. The Evaluator runs once, after the terminal decision, on the answer actually returned, so it never
influences routing. Nodes yield events between model calls (progress, streamed tokens, trace entries) and check
for cancellation before every stage.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

from masis_desktop.core.events import AskEvent, NodeFinished, StageStarted, TokenStreamed
from masis_desktop.core.grounding.evidence import Context, build_context
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.llm.stats import llm_stats
from masis_desktop.core.pipeline import (
    calculator,
    cite_grammar,
    critic,
    drafts,
    evaluator,
    researcher,
    supervisor,
    synthesizer,
)
from masis_desktop.core.pipeline.budget import MAX_CHUNKS_SHOWN, fitted_budget, writer_input
from masis_desktop.core.pipeline.state import Attempt, Run, WriterInput
from masis_desktop.core.schemas import SearchHit
from masis_desktop.errors import CancelledError

Step = Generator[AskEvent, None, "Node"]
T = TypeVar("T")


def finish(r: Run, node: str, entry: dict[str, Any]) -> NodeFinished:
    """Record a node's trace entry and its duration, and announce it."""
    r.state.trace.append(entry)
    r.clock.add(node, float(entry.get("duration_ms") or 0.0))
    return NodeFinished(node, entry)


def _calculation_pending(r: Run, block: str) -> bool:
    """Whether writing over this evidence block first asks the model for a calculation: switched on, a question
    that may need one, none asked yet over the same block (a retry over the same passages reuses it). The call
    delays the first token by a few seconds, which the user is told about."""
    return (r.settings.pipeline.calculator and r.settings.pipeline.writer != "extract"
            and calculator.wanted(r.state.user_query) and block not in r.calculations)


def _working(r: Run, context: Context, block: str) -> calculator.Working | None:
    """The calculator's checked working for this question over this evidence block, asked once per block, or
    ``None`` when it is switched off, the question asks for no arithmetic or the model's calculation was discarded."""
    if _calculation_pending(r, block):
        working, entry = calculator.calculate(r.state.user_query, context, r.models.synthesizer, cancel=r.cancel)
        r.calculations[block] = (working, entry)
        r.llm_calls.append(llm_stats(r.models.synthesizer, "calculator", r.iteration))
    return r.calculations[block][0] if block in r.calculations else None


def _grammar(r: Run, context: Context) -> str | None:
    """The citation grammar over the evidence shown (``cite_grammar.py``) when switched on, else none."""
    return cite_grammar.citation_grammar(context.ids) if r.settings.pipeline.cite_grammar and context.ids else None


def _researcher_call(r: Run, llm: LLM, error_key: str, call: Callable[[], T]) -> T | None:
    """A model call of the Researcher whose failure changes nothing (the seed's zero-results rule then stands): the
    error goes to ``metrics[error_key]``, the call's stats to the run's LLM calls."""
    try:
        value = call()
    except CancelledError:
        raise
    except Exception as exc:
        r.extra_metrics[error_key] = f"{type(exc).__name__}: {exc}"[:200]
        return None
    r.llm_calls.append(llm_stats(llm, "researcher", 0))
    return value


def _restater(r: Run) -> researcher.Restater:
    llm = r.models.synthesizer
    return lambda question: _researcher_call(
        r, llm, "restate_error", lambda: researcher.restate(question, llm, cancel=r.cancel))


def _reader(r: Run) -> researcher.Reader:
    """The critic model's P(yes) that a passage answers the question. The readings follow one another under one
    system message and nothing cached before them is needed after them, so they keep the cache as they leave it
    (the second and third reuse the first's system-message prefix)."""
    from masis_desktop.core.checks.model.answerable import passage_p_yes

    llm = r.models.critic
    return lambda question, hit: _researcher_call(
        r, llm, "admission_error", lambda: passage_p_yes(question, hit.text, llm, r.cancel, keep_cache=False))


@dataclass
class Research:
    """Search the workspace (critique-aware on a retry), then ask the Supervisor whether there is anything to write
    from. A retry after an abstention searches wider for passages the last attempt did not see."""

    def run(self, r: Run) -> Generator[AskEvent, None, Write | Evaluate]:
        it = r.iteration
        r.check_cancel()
        yield StageStarted("researching", it, r.retry_ceiling, "searching your documents")
        previous = r.last
        abstention_retry = previous is not None and previous.result.report.abstained
        keep: list[SearchHit] = []
        if previous is not None and not abstention_retry:
            cited = {cid for c in previous.audit.audit.claims for cid in c.citations}
            keep = [h for h in previous.context.hits if h.chunk_id in cited]
        restater = _restater(r) if r.settings.retrieval.restate_when_filtered else None
        reader = _reader(r) if r.settings.retrieval.admit_by_reading else None
        found = researcher.research(r.search_query, r.workspace, r.settings.retrieval, iteration=it,
                                    critique=r.state.critique if it else None, keep=keep, restater=restater,
                                    reader=reader)
        if found.restated:  # later searches (retries) start from the words that found the evidence
            r.search_query = found.restated
        hits = found.kept
        new_chunks: int | None = None
        entry = found.entry(it)
        if abstention_retry and previous is not None:
            hits = [h for h in found.kept if h.chunk_id not in set(previous.context.ids)]
            new_chunks = entry["new_chunks"] = len(hits)
        yield finish(r, "researcher", entry)
        r.state.evidence = hits
        decision = supervisor.after_research(r.state, found, workspace=r.workspace_name or "this workspace",
                                             abstention_retry=abstention_retry, new_chunks=new_chunks)
        if decision.action == "escalate":
            yield finish(r, "supervisor", decision.entry(r.state))
            return Evaluate(decision)
        return Write(hits, [h.chunk_id for h in keep], revising=previous is not None and not abstention_retry)


@dataclass
class Write:
    """Fit the evidence into the writer's budget and stream a cited draft (a revision of the last one on a retry).

    A retry whose writer input equals an earlier attempt's is not run: at temperature 0 the writer would write the
    same draft and the critic would audit it the same, so the loop has reached a fixed point."""

    hits: list[SearchHit]
    pinned: list[str]
    revising: bool

    def run(self, r: Run) -> Generator[AskEvent, None, Critique | Decide]:
        it = r.iteration
        r.check_cancel()
        previous = r.last if self.revising else None
        prior = previous.draft if previous is not None else None
        problems = synthesizer.problems_from(r.state.critique) if previous is not None and r.state.critique \
            else None
        budget = fitted_budget(r.state.user_query, r.models, r.settings, previous=prior, problems=problems)
        context = build_context(r.state.user_query, self.hits, budget_tokens=budget,
                                count_tokens=r.models.synthesizer.count_tokens, embedder=r.embedder,
                                max_chunks=MAX_CHUNKS_SHOWN, pinned=self.pinned)
        r.passages_read = max(r.passages_read, len(context.hits))
        key = writer_input(context, prior, problems)
        repeat = next((a for a in r.attempts if a.writer_input == key), None)
        if repeat is not None:
            r.abandon_retry(repeat.iteration)
            return Decide(final=True, repeats=repeat.iteration)
        writing = "writing a revised draft" if r.attempts else "writing the answer"
        block = context.block()
        calculating = _calculation_pending(r, block)
        yield StageStarted("writing", it, r.retry_ceiling,
                           "working out the calculation the question needs" if calculating else writing)
        working: calculator.Working | None = None
        grammar = _grammar(r, context)
        if r.settings.pipeline.writer == "extract":
            gen = synthesizer.extract(r.state.user_query, context, r.models.critic, iteration=it, previous=prior,
                                      problems=problems, cancel=r.cancel)
        else:
            working = _working(r, context, block)
            if calculating:
                yield StageStarted("writing", it, r.retry_ceiling, writing)
            gen = synthesizer.synthesize(r.state.user_query, context, r.models.synthesizer, iteration=it,
                                         max_tokens=r.settings.pipeline.synth_max_tokens, previous=prior,
                                         problems=problems, cancel=r.cancel, embedder=r.embedder,
                                         working=working, grammar=grammar)
        while True:
            try:
                token = next(gen)
            except StopIteration as stop:
                draft: synthesizer.Draft = stop.value
                break
            if r.clock.first_token_ms is None and isinstance(token, TokenStreamed):
                r.clock.first_token_ms = r.clock.elapsed_ms()
            yield token
        ranked: drafts.Ranked | None = None
        if r.settings.pipeline.drafts > 1 and r.settings.pipeline.writer != "extract":
            draft, ranked = yield from _best_of(r, context, draft, prior, problems, working=working, grammar=grammar)
        r.state.draft_answer = draft.text
        if block in r.calculations:
            draft.entry["calculator"] = r.calculations[block][1]
        r.llm_calls.append(draft.stats)
        yield finish(r, "synthesizer", draft.entry)
        return Critique(context, draft.text, key, ranked)


def _best_of(r: Run, context: Context, greedy: synthesizer.Draft, prior: str | None, problems: list[str] | None,
             working: calculator.Working | None, grammar: str | None,
             ) -> Generator[AskEvent, None, tuple[synthesizer.Draft, drafts.Ranked]]:
    """``pipeline.drafts - 1`` more drafts sampled from the greedy draft's prompt (not streamed), and the one to
    audit chosen by code audit and likelihood verifier (``drafts.py``); its audit and verifications are reused by the
    critic."""
    extra = r.settings.pipeline.drafts - 1
    it = r.iteration
    yield StageStarted("writing", it, r.retry_ceiling,
                       f"writing {extra} more draft{'s' if extra > 1 else ''} to compare")
    written = [greedy]
    for _ in range(extra):
        r.check_cancel()
        gen = synthesizer.synthesize(r.state.user_query, context, r.models.synthesizer, iteration=it,
                                     max_tokens=r.settings.pipeline.synth_max_tokens, previous=prior,
                                     problems=problems, cancel=r.cancel, embedder=r.embedder, working=working,
                                     temperature=drafts.SAMPLING_TEMPERATURE, grammar=grammar)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                sampled: synthesizer.Draft = stop.value
                break
        r.llm_calls.append({**sampled.stats, "node": "synthesizer.sample"})
        written.append(sampled)
    r.check_cancel()
    yield StageStarted("writing", it, r.retry_ceiling, "comparing the drafts")
    order, entry = drafts.rank_drafts(r.state.user_query, [d.text for d in written], context, r.models.critic,
                                      embedder=r.embedder, selection=r.selection, cancel=r.cancel, iteration=it)
    r.llm_calls.extend(v.stats for d in order if d.duplicate_of is None for v in d.verifications or () if v.stats)
    best = order[0]
    chosen = written[best.index]
    # the trace keeps the greedy call's timing (the one the user waited for) and the chosen draft's own counts
    chosen = synthesizer.Draft(chosen.text, {**chosen.entry, "first_token_ms": greedy.entry["first_token_ms"],
                                             "duration_ms": greedy.entry["duration_ms"], "best_of": entry},
                               greedy.stats)
    return chosen, best


@dataclass
class Critique:
    """Audit the draft: the code checks, then the critic model (``critic.py``)."""

    context: Context
    draft: str
    key: WriterInput
    ranked: drafts.Ranked | None = None  # the draft as best-of-N ranking audited (and maybe verified) it

    def run(self, r: Run) -> Generator[AskEvent, None, Decide]:
        it = r.iteration
        r.check_cancel()
        yield StageStarted("auditing", it, r.retry_ceiling, "checking every sentence against its sources")
        result = critic.critique(r.state.user_query, self.draft, self.context, r.models.critic, iteration=it,
                                 embedder=r.embedder, cancel=r.cancel, selection=r.selection,
                                 keep_prefix=r.settings.pipeline.writer == "extract",
                                 audited=self.ranked.code if self.ranked else None,
                                 verified=self.ranked.verifications if self.ranked else None)
        r.llm_calls.extend(result.slot_stats)
        if result.stats:
            r.llm_calls.append(result.stats)
        r.attempts.append(Attempt(it, self.draft, self.context, result, self.key))
        r.state.critique = result.report
        r.state.confidence = result.report.confidence
        r.state.final_answer = self.draft
        yield finish(r, "critic", result.entry)
        return Decide()


@dataclass
class Decide:
    """The Supervisor's decision on the last attempt: finalize, retry (back to ``Research``) or ask the human.
    ``final``: no retry may follow (the one decided would repeat attempt ``repeats``)."""

    final: bool = False
    repeats: int | None = None

    def run(self, r: Run) -> Generator[AskEvent, None, Research | Evaluate]:
        last = r.last
        assert last is not None
        if self.repeats is None:
            yield StageStarted("deciding", last.iteration, r.retry_ceiling, "")
        decision = supervisor.after_critique(r.state, last.audit, threshold=r.settings.pipeline.low_conf_threshold,
                                             passages=r.passages_read, final=self.final)
        entry = decision.entry(r.state)
        if self.repeats is not None:
            entry["repeats_iteration"] = self.repeats
        yield finish(r, "supervisor", entry)
        if decision.action == "retry":
            assert decision.retry_reason is not None
            r.decide_retry(decision.retry_reason)
            return Research()
        return Evaluate(decision)


@dataclass
class Evaluate:
    """Score the answer returned (the passing draft, or the best one when escalating): once, never routing."""

    decision: supervisor.Decision

    def run(self, r: Run) -> Generator[AskEvent, None, End]:
        returned = returned_attempt(r.attempts, self.decision)
        r.check_cancel()
        yield StageStarted("scoring", r.state.retry_count, r.retry_ceiling, "scoring the answer")
        if returned is None:
            ev = evaluator.skipped(f"no evidence to answer from ({self.decision.reason})", r.state.retry_count)
        elif returned.result.report.abstained or returned.audit.non_answer:
            why = "abstains" if returned.result.report.abstained else "only restates the question"
            ev = evaluator.skipped(f"the answer {why}: there is no claim to score", r.state.retry_count)
        else:
            ev = evaluator.evaluate(returned.result.body, returned.audit, returned.result.report, r.models.evaluator,
                                    iteration=r.state.retry_count, cancel=r.cancel)
            if ev.stats:
                r.llm_calls.append(ev.stats)
            ev.entry["answer_iteration"] = returned.iteration
        yield finish(r, "evaluator", ev.entry)
        return End(self.decision, returned, ev.evaluation.model_dump())


@dataclass
class End:
    """The terminal decision, the attempt returned (None: nothing was written) and its evaluation."""

    decision: supervisor.Decision
    returned: Attempt | None
    evaluation: dict[str, Any]


Node = Research | Write | Critique | Decide | Evaluate


def run_graph(r: Run) -> Generator[AskEvent, None, End]:
    """Walk the graph from ``Research`` to ``End``; at most ``max_retries + 1`` passes (every retry is counted and
    escalation is forced at the ceiling, the zero-results paths end at once)."""
    node: Node | End = Research()
    while not isinstance(node, End):
        node = yield from node.run(r)
    return node


def returned_attempt(attempts: list[Attempt], decision: supervisor.Decision) -> Attempt | None:
    """Finalize returns the passing draft; escalation returns the best draft (highest confidence, later wins)."""
    if not attempts:
        return None
    if decision.action == "finalize":
        return attempts[-1]
    return max(reversed(attempts), key=lambda a: a.confidence)
