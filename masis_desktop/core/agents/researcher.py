"""The Researcher ("the Librarian"): workspace search with the seed's score filter and critique-aware retry.

First pass: k = 10, keep relevance >= 0.60. Retry: k = 20, keep >= 0.55, and the query is augmented with the
critic's unsupported claims and logical gaps (seed 003), so the search targets the exact evidence gaps. On a retry
the chunks the previous draft cited correctly stay in the evidence: the synthesizer revises that draft, and a
sentence it keeps must still be able to cite its source.

It never calls a model. It reports what it found; the Supervisor turns "nothing found" and "nothing good enough"
into the two distinct HITL messages.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from masis_desktop.core.schemas import CritiqueReport, Retriever, SearchHit
from masis_desktop.settings import RetrievalSettings

MAX_AUGMENT_CHARS = 400


@dataclass
class Research:
    query: str
    augmented: bool
    k: int
    threshold: float
    candidates: list[SearchHit]
    kept: list[SearchHit]
    pinned: list[str] = field(default_factory=list)
    duration_ms: float = 0.0

    @property
    def filtered_out(self) -> int:
        return len(self.candidates) - len([h for h in self.kept if h.chunk_id not in self.pinned])

    def entry(self, iteration: int) -> dict[str, Any]:
        scores = [h.relevance for h in self.kept]
        return {
            "node": "researcher",
            "iteration": iteration,
            "query": self.query,
            "k": self.k,
            "candidates": len(self.candidates),
            "chunks": len(self.kept),
            "filtered_out": self.filtered_out,
            "avg_score": round(sum(scores) / len(scores), 3) if scores else 0.0,
            "threshold_used": self.threshold,
            "augmented_query_used": self.augmented,
            "pinned_from_previous_draft": self.pinned,
            "duration_ms": round(self.duration_ms, 1),
        }


def augmented_query(question: str, critique: CritiqueReport | None) -> str:
    """The question plus the critic's unsupported claims and logical gaps (bounded, deduplicated)."""
    if critique is None:
        return question
    extra: list[str] = []
    for item in [*critique.unsupported_claims, *critique.logical_gaps]:
        item = item.strip()
        if item and item not in extra and item.lower() not in question.lower():
            extra.append(item)
    tail = " ".join(extra)[:MAX_AUGMENT_CHARS].strip()
    return f"{question} {tail}".strip() if tail else question


def research(question: str, retriever: Retriever, settings: RetrievalSettings, *, iteration: int,
             critique: CritiqueReport | None = None, keep: list[SearchHit] | None = None) -> Research:
    """Search, filter by calibrated relevance, and (on retry) keep the chunks in ``keep``."""
    start = time.perf_counter()
    retry = iteration > 0
    k = settings.k_retry if retry else settings.k_first
    threshold = settings.threshold_retry if retry else settings.threshold_first
    query = augmented_query(question, critique) if retry else question
    seen: set[str] = set()
    candidates: list[SearchHit] = []
    for hit in retriever.search(query, k):
        if hit.chunk_id not in seen:
            seen.add(hit.chunk_id)
            candidates.append(hit)
    kept = sorted((h for h in candidates if h.relevance >= threshold), key=lambda h: -h.relevance)
    pinned: list[str] = []
    if retry and keep:
        have = {h.chunk_id for h in kept}
        for hit in keep:
            if hit.chunk_id not in have:
                kept.append(hit)
                have.add(hit.chunk_id)
                pinned.append(hit.chunk_id)
    return Research(query, query != question, k, threshold, candidates, kept, pinned,
                    (time.perf_counter() - start) * 1000)
