"""``masis eval retrieval``: recall@1/5/10 and MRR of the gold passages for fused (the app's), dense and BM25.

Over a folder of whole documents the unit is an evidence quote instead of a passage: a quote counts as retrieved
at the rank of the first chunk holding it, and every other chunk counts as one unit of its own (``corpus.py``).

Fused is exactly what the Researcher gets: ``Workspace.search(question, k)``. The per-method rankings come from
one wide search over every chunk of the workspace: each hit carries its exact dense cosine and BM25 score, so
sorting by one score gives that method's own ranking (BM25 ranks only chunks that match a query term, as FTS5
does). ``recall@10.filtered`` also counts how many gold passages survive the Researcher's relevance threshold,
which is what the synthesizer sees on a first pass from the question's own words (when nothing passes, the app
restates the question once with the writer model and searches again; answer mode measures that path, this mode
loads no model).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from masis_desktop.core.evaluation.aggregate import RETRIEVAL_KS, aggregate_retrieval
from masis_desktop.core.evaluation.bootstrap import MetricValue, bootstrap_mean
from masis_desktop.core.evaluation.corpus import open_corpus
from masis_desktop.core.evaluation.dataset import BaseItem, QuestionSet
from masis_desktop.core.evaluation.fingerprint import code_hash
from masis_desktop.core.evaluation.harness import ItemResult, ItemRunner, Log
from masis_desktop.core.evaluation.metrics import dedupe, recall_at_k
from masis_desktop.settings import Settings, load_settings

TOP_K = max(RETRIEVAL_KS)


class RetrievalMode:
    name = "retrieval"

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or load_settings()

    def select(self, items: Sequence[BaseItem]) -> list[BaseItem]:
        return [item for item in items if not item.unanswerable]

    def config(self) -> dict[str, Any]:
        from masis_desktop.core.llm import registry
        from masis_desktop.core.store import calibration

        embedder = registry.resolve("embedder", self.settings)
        return {"embedder": embedder.name, "ingest": self.settings.ingest.model_dump(mode="json"),
                "threshold": self.settings.retrieval.threshold_first, "calibration": dict(calibration.COEFFICIENTS),
                "code": code_hash()}

    @contextmanager
    def session(self, dataset: QuestionSet, log: Log) -> Iterator[ItemRunner]:
        with open_corpus(dataset, self.settings, log) as corpus:
            ws = corpus.workspace
            total_chunks = int(ws.stats()["chunks"])
            threshold = self.settings.retrieval.threshold_first

            def run(item: BaseItem) -> ItemResult:
                fused_hits = ws.search(item.question, k=TOP_K)
                every = ws.search(item.question, k=max(total_chunks, TOP_K))
                dense = sorted(every, key=lambda h: -h.dense_score)
                bm25 = sorted((h for h in every if h.bm25_score > 0), key=lambda h: -h.bm25_score)
                ranked = {
                    "fused": dedupe(corpus.units(item, fused_hits)),
                    "dense": dedupe(corpus.units(item, dense))[:TOP_K],
                    "bm25": dedupe(corpus.units(item, bm25))[:TOP_K],
                }
                kept = dedupe(corpus.units(item, [h for h in fused_hits if h.relevance >= threshold]))
                return {"gold": corpus.gold(item), "ranked": ranked, "kept": kept}

            yield run

    def aggregate(self, results: Sequence[tuple[BaseItem, ItemResult]]) -> dict[str, MetricValue]:
        out = aggregate_retrieval(results)
        out[f"recall@{TOP_K}.filtered"] = bootstrap_mean([recall_at_k(r["kept"], r["gold"], TOP_K)
                                                         for _, r in results])
        return out
