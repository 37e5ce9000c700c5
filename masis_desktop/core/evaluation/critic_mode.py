"""``masis eval critic``: does the critic tell a right answer from a plausible wrong one?

For every answerable item with a ``hallucinated_answer``, the evidence is built exactly as a first pass of the
pipeline builds it (Researcher search and relevance filter, then ``build_context`` with the prompt budget). Every
chunk of the gold passage is pinned in, kept by the budget like the chunks a revised draft cites (``gold_pinned`` in
the results: retrieval had missed one), because the question here is the critic's judgement, not retrieval's.
Both answers are then written as the same cited draft, ``"<answer> [c<chunk>][c<chunk>]."``, citing every chunk
of the gold passage(s) (a passage longer than one chunk holds its answer in either: citing only the first-ranked
chunk refused two right answers whose figure stood in the other), and audited by ``critic.critique`` (code audit +
model audit).

The verdict is the critic's own, read from its report with the finalize rule: *accepted* when
``confidence >= pipeline.low_conf_threshold`` and neither ``hallucination_detected`` nor ``needs_retry``. The score
for AUROC and pairwise accuracy is the fused ``confidence``. Retries and escalation play no part.

Over a folder of whole documents the gold passage is the chunk(s) holding the item's evidence quotes. Each verdict
also records the ids of the checks that fired on the answer; the report's ``tables.checks`` counts them per check
on right and on wrong answers (``checks_table.py``), and ``masis eval critic`` prints that table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from masis_desktop.core.evaluation.aggregate import LENGTH_CONTROLLED, aggregate_critic, similar_length
from masis_desktop.core.evaluation.bootstrap import MetricValue
from masis_desktop.core.evaluation.checks_table import checks_table, fired_checks
from masis_desktop.core.evaluation.corpus import open_corpus
from masis_desktop.core.evaluation.dataset import BaseItem, QuestionSet
from masis_desktop.core.evaluation.fingerprint import pipeline_config
from masis_desktop.core.evaluation.harness import ItemResult, ItemRunner, Log
from masis_desktop.core.evaluation.metrics import normalize_answer
from masis_desktop.settings import Settings, load_settings

if TYPE_CHECKING:
    from masis_desktop.core.llm.protocol import LLM

LLMFactory = Callable[[Settings], "LLM"]
"""Builds the critic model; whatever it returns is closed (if it can be) when the session ends."""


def cited_draft(answer: str, chunk_ids: Sequence[str]) -> str:
    """``"100 MB [c2]."``: the answer as one sentence citing the gold chunk(s)."""
    body = answer.strip().rstrip(".")
    return f"{body} {''.join(f'[{cid}]' for cid in chunk_ids)}."


def _pool_critic(settings: Settings) -> LLM:
    from masis_desktop.core.llm.pool import ModelPool

    return ModelPool(settings).get("critic")


def _close(obj: object) -> None:
    close = getattr(obj, "close", None)
    if callable(close):
        close()


class CriticMode:
    name = "critic"

    def __init__(self, settings: Settings | None = None, llm_factory: LLMFactory | None = None, *,
                 code_only: bool = False) -> None:
        self.settings = settings or load_settings()
        self._llm_factory = llm_factory or _pool_critic
        self.code_only = code_only  # the code audit alone: the model counts tokens but is never asked

    def select(self, items: Sequence[BaseItem]) -> list[BaseItem]:
        return [item for item in items if item.has_pair]

    def config(self) -> dict[str, Any]:
        return pipeline_config(("critic",), self.settings, verdict="confidence>=low_conf_threshold and not "
                               "hallucination_detected and not needs_retry", code_only=self.code_only,
                               checks=self.settings.checks.model_dump())

    @contextmanager
    def session(self, dataset: QuestionSet, log: Log) -> Iterator[ItemRunner]:
        from masis_desktop.core.checks.registry import Selection
        from masis_desktop.core.grounding.evidence import build_context
        from masis_desktop.core.pipeline import MAX_CHUNKS_SHOWN as MAX_SHOWN
        from masis_desktop.core.pipeline import critic as critic_agent
        from masis_desktop.core.pipeline import researcher

        settings = self.settings
        with open_corpus(dataset, settings, log) as corpus:
            ws = corpus.workspace
            log("loading the critic model")
            llm = self._llm_factory(settings)
            embedder = ws.embedder
            threshold = settings.pipeline.low_conf_threshold
            selection = Selection.from_settings(settings.checks, settings.pipeline.strictness)

            def verdict(question: str, draft: str, context: Any) -> dict[str, Any]:
                result = critic_agent.critique(question, draft, context, None if self.code_only else llm, iteration=0,
                                               embedder=embedder, selection=selection)
                report = result.report
                accepted = (report.confidence >= threshold and not report.hallucination_detected
                            and not report.needs_retry)
                return {"accepted": accepted, "confidence": report.confidence,
                        "model_confidence": report.model_confidence,
                        "hallucination_detected": report.hallucination_detected, "needs_retry": report.needs_retry,
                        "penalty_factor": result.code.audit.penalty_factor, "model_audit": report.model_audit,
                        "issues": [i.issue_type.value for i in report.issues], "draft": draft,
                        # the checks that raised a finding on this answer: the per-check table's firings
                        "checks": fired_checks(report.issues, result.code.audit.claims, report.fired_checks),
                        # what code found, in words: without it, refused right answers could not be read
                        "code_findings": [f"{f.type.value}: {f.description}"[:300] for f in result.code.findings],
                        "duration_ms": result.entry.get("duration_ms"),
                        "unsupported_claims": report.unsupported_claims,
                        "conflicting_evidence": report.conflicting_evidence,
                        "slot_checks": result.entry.get("slot_checks", []),
                        "verifications": result.entry.get("verifications", []),
                        "answerable": result.entry.get("answerable"),
                        "code_needs_retry": result.code.audit.needs_retry,
                        "code_hallucination": result.code.audit.hallucination_detected,
                        "model_flags_ignored": result.entry.get("model_flags_ignored", []),
                        "model_verdict": result.entry.get("model_verdict")}

            def run(item: BaseItem) -> ItemResult:
                assert item.hallucinated_answer is not None
                found = researcher.research(item.question, ws, settings.retrieval, iteration=0)
                hits = list(found.kept)
                # the whole gold passage, or every chunk holding a gold quote: the answer may lie in any of them
                gold = corpus.gold_chunks(item)
                # Every gold chunk is pinned: both answers cite all of them, as a draft cites only what its
                # evidence showed, so the prompt budget must not drop one (a right answer would then be refused as
                # citing an id outside the evidence). ``gold_pinned`` says whether retrieval had missed one.
                shown = {h.chunk_id for h in hits[:MAX_SHOWN]}
                missed = [cid for cid in gold if cid not in shown]
                for cid in missed:
                    hit = ws.get_chunk(cid)
                    if hit is None:
                        raise RuntimeError(f"gold chunk {cid} of item {item.id} vanished")
                    hits = [h for h in hits if h.chunk_id != cid] + [hit]
                context = build_context(item.question, hits, budget_tokens=settings.pipeline.context_tokens,
                                        count_tokens=llm.count_tokens, embedder=embedder, max_chunks=MAX_SHOWN,
                                        pinned=gold)
                block = normalize_answer(context.block())
                right = verdict(item.question, cited_draft(item.answer, gold), context)
                wrong = verdict(item.question, cited_draft(item.hallucinated_answer, gold), context)
                return {"right": right, "wrong": wrong,
                        LENGTH_CONTROLLED: similar_length(item.answer, item.hallucinated_answer),
                        "gold_chunks": gold, "gold_pinned": bool(missed), "evidence": context.ids,
                        "answer_in_evidence": f" {normalize_answer(item.answer)} " in f" {block} "}

            try:
                yield run
            finally:
                _close(llm)  # free the model's memory now, not when the process ends

    def aggregate(self, results: Sequence[tuple[BaseItem, ItemResult]]) -> dict[str, MetricValue]:
        return aggregate_critic(results)

    def tables(self, results: Sequence[tuple[BaseItem, ItemResult]]) -> dict[str, Any]:
        """Per-check firing counts on right and wrong answers (``checks_table.py``)."""
        return {"checks": checks_table(r for _, r in results)}
