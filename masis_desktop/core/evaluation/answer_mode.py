"""``masis eval answer``: the whole pipeline (``ask``) on every item, scored against the gold answer.

- **abstained**: the run did not commit to an answer: ``status`` is not ``success`` (the Supervisor escalated to
  the human: zero results, insufficient evidence, low confidence or conflict) or the critic saw an abstention.
  That is the right outcome on an unanswerable item and a false abstention on an answerable one.
- **containment / token F1** (answerable items): of the answer with citation markers removed; an abstention
  scores 0 (the best draft shown under a warning is not an answer the app stands behind).
- **citation recall / precision** (items with a committed answer): ALCE's definitions over the answer's
  sentences (hedges such as "The evidence partially covers this question." make no claim and are left out),
  judging support against the cited chunks with the chosen judge (``judge.py``). Like ALCE, each passage is
  judged with its title (``judge.titled_passage``): here the source label the models saw with it (file name and
  section heading), so a sentence that names the document it cites ("Under the GPL-3, ...") is judged on what
  the writer was shown.
- **retries**, **latency per node** (``metrics.node_latency_ms``, summed over iterations) and total time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from masis_desktop.core.evaluation.aggregate import aggregate_answer
from masis_desktop.core.evaluation.bootstrap import MetricValue
from masis_desktop.core.evaluation.checks_table import fired_checks
from masis_desktop.core.evaluation.corpus import open_corpus
from masis_desktop.core.evaluation.dataset import BaseItem, QuestionSet
from masis_desktop.core.evaluation.fingerprint import pipeline_config
from masis_desktop.core.evaluation.harness import ItemResult, ItemRunner, Log
from masis_desktop.core.evaluation.judge import (
    JudgeName,
    claim_sentences,
    make_judge,
    strip_citation_markers,
    titled_passage,
)
from masis_desktop.core.evaluation.metrics import alce_citation_scores, containment, token_f1
from masis_desktop.settings import Settings, load_settings

if TYPE_CHECKING:
    from masis_desktop.core.pipeline import Models

ModelsFactory = Callable[[Settings], "Models"]


def _pool_models(settings: Settings) -> Models:
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.pipeline import Models

    return Models.from_pool(ModelPool(settings))


def is_abstention(response: dict[str, Any]) -> bool:
    critique = response.get("critique") or {}
    return response.get("status") != "success" or bool(critique.get("abstained"))


class AnswerMode:
    name = "answer"

    def __init__(self, settings: Settings | None = None, judge: JudgeName = "lexical",
                 models_factory: ModelsFactory | None = None) -> None:
        self.settings = settings or load_settings()
        self.judge_name: JudgeName = judge
        self._models_factory = models_factory or _pool_models

    def select(self, items: Sequence[BaseItem]) -> list[BaseItem]:
        return list(items)

    def config(self) -> dict[str, Any]:
        return pipeline_config(("synthesizer", "critic", "evaluator"), self.settings, judge=self.judge_name)

    @contextmanager
    def session(self, dataset: QuestionSet, log: Log) -> Iterator[ItemRunner]:
        from masis_desktop.core.pipeline import ask, run_to_end
        from masis_desktop.core.schemas import CitationAudit, CritiqueReport

        settings = self.settings
        with open_corpus(dataset, settings, log) as corpus:
            ws = corpus.workspace
            log("loading the models")
            models = self._models_factory(settings)
            judge = make_judge(self.judge_name, models.evaluator if self.judge_name == "llm" else None)

            def run(item: BaseItem) -> ItemResult:
                result = run_to_end(ask(item.question, workspace=ws, models=models, settings=settings,
                                        save_history=False))
                response = result.response
                answer = str(response.get("answer") or "")
                abstained = is_abstention(response)
                prediction = "" if abstained else strip_citation_markers(answer)
                cont = f1 = None
                if not item.unanswerable:
                    cont = containment(prediction, item.answer)
                    f1 = token_f1(prediction, item.answer)
                citation = None
                passages: dict[str, str] = {}
                sentences = claim_sentences(answer)
                if not abstained and sentences:
                    passages = {h["chunk_id"]: titled_passage(h) for h in response.get("evidence") or []}
                    scores = alce_citation_scores(sentences, passages, judge)
                    citation = {"recall": scores.recall, "precision": scores.precision,
                                "sentences": scores.sentences, "citations": scores.citations}
                metrics = response.get("metrics") or {}
                cited_ids = dict.fromkeys(c for s in sentences for c in s.citations)
                cited_hits = [h for h in (ws.get_chunk(cid) for cid in cited_ids) if h is not None]
                cited_passages = sorted({corpus.source_of(h) for h in cited_hits})
                critique = CritiqueReport.model_validate(response.get("critique") or {})
                audit = CitationAudit.model_validate(metrics.get("last_citation_audit") or {})
                return {
                    "answerable": not item.unanswerable,
                    "abstained": abstained,
                    "status": response.get("status"),
                    "hitl_variant": metrics.get("hitl_variant"),
                    "answer": answer,
                    "confidence": response.get("confidence"),
                    "containment": cont,
                    "token_f1": f1,
                    "citation": citation,
                    "cited_passages": cited_passages,
                    "cites_gold": bool(set(cited_ids) & set(corpus.gold_chunks(item))),
                    # the checks that raised a finding on the final draft (``checks_table.py``)
                    "checks": fired_checks(critique.issues, audit.claims, critique.fired_checks),
                    # the cited evidence as the judge saw it, so citations can be re-judged without re-running
                    "cited_evidence": {cid: passages[cid] for cid in cited_ids if cid in passages},
                    "retries": len(metrics.get("retry_reasons") or []),
                    "latency_ms": {k: float(v) for k, v in (metrics.get("node_latency_ms") or {}).items()},
                    "total_ms": float(metrics.get("total_ms") or 0.0),
                    # each draft and why it was refused or kept: the critic's trace entries
                    "attempts": [{"draft": e.get("draft"), "confidence": e.get("confidence"),
                                  "findings": e.get("findings")}
                                 for e in result.state.trace if e.get("node") == "critic"],
                    # what the calculator was asked and kept, per evidence shown (``pipeline/calculator.py``)
                    "calculations": list({json.dumps(e["calculator"], sort_keys=True): e["calculator"]
                                          for e in result.state.trace if e.get("calculator")}.values()),
                }

            try:
                yield run
            finally:
                for llm in {id(m): m for m in (models.synthesizer, models.critic, models.evaluator)}.values():
                    close = getattr(llm, "close", None)
                    if callable(close):
                        close()  # free the models' memory now, not when the process ends

    def aggregate(self, results: Sequence[tuple[BaseItem, ItemResult]]) -> dict[str, MetricValue]:
        return aggregate_answer(results)

