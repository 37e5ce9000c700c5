"""Per-item results -> report metrics, one function per mode. Pure code, so the tests pin exact values.

Shapes of the per-item results (what the modes write to the results log):

- retrieval: ``{"gold": [passage ids], "ranked": {"fused"|"dense"|"bm25": [passage ids, best first]}}``
- critic: ``{"right": verdict, "wrong": verdict, "length_controlled": bool}`` with
  ``verdict = {"accepted": bool, "confidence": float, ...}``
- answer: ``{"answerable": bool, "abstained": bool, "containment": float | None, "token_f1": float | None,
  "citation": {"recall", "precision", "sentences", "citations"} | None, "retries": int,
  "latency_ms": {node: ms}, "total_ms": float}``
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from masis_desktop.core.evaluation.bootstrap import MetricValue, bootstrap, bootstrap_mean
from masis_desktop.core.evaluation.dataset import BaseItem
from masis_desktop.core.evaluation.metrics import (
    auroc,
    balanced_accuracy,
    pairwise_accuracy,
    rate,
    recall_at_k,
    reciprocal_rank,
)

Result = dict[str, Any]
Pairs = Sequence[tuple[BaseItem, Result]]

RETRIEVAL_METHODS = ("fused", "dense", "bm25")  # fused is reported without a suffix
RETRIEVAL_KS = (1, 5, 10)
LENGTH_CONTROLLED = "length_controlled"


def _suffix(method: str) -> str:
    return "" if method == "fused" else f".{method}"


def aggregate_retrieval(results: Pairs) -> dict[str, MetricValue]:
    out: dict[str, MetricValue] = {}
    rows = [r for _, r in results]
    for method in RETRIEVAL_METHODS:
        for k in RETRIEVAL_KS:
            values = [recall_at_k(r["ranked"][method], r["gold"], k) for r in rows]
            out[f"recall@{k}{_suffix(method)}"] = bootstrap_mean(values)
        out[f"mrr{_suffix(method)}"] = bootstrap_mean([reciprocal_rank(r["ranked"][method], r["gold"]) for r in rows])
    return out


def similar_length(right: str, wrong: str) -> bool:
    """The length-controlled subset: character lengths differ by at most 20 % of the longer (or 2 characters)."""
    a, b = len(right.strip()), len(wrong.strip())
    return abs(a - b) <= max(2.0, 0.2 * max(a, b))


def _critic_stats(rows: Sequence[Result]) -> dict[str, Callable[[Sequence[Result]], float]]:
    def bal(sample: Sequence[Result]) -> float:
        labels = [True, False] * len(sample)
        preds = [flag for r in sample for flag in (r["right"]["accepted"], r["wrong"]["accepted"])]
        return balanced_accuracy(labels, preds)

    def pair(sample: Sequence[Result]) -> float:
        return pairwise_accuracy([(r["right"]["confidence"], r["wrong"]["confidence"]) for r in sample])

    def area(sample: Sequence[Result]) -> float:
        scores = [s for r in sample for s in (r["right"]["confidence"], r["wrong"]["confidence"])]
        return auroc(scores, [True, False] * len(sample))

    def accepted_right(sample: Sequence[Result]) -> float:
        return rate([r["right"]["accepted"] for r in sample])

    def rejected_wrong(sample: Sequence[Result]) -> float:
        return rate([not r["wrong"]["accepted"] for r in sample])

    return {"balanced_accuracy": bal, "pairwise_accuracy": pair, "auroc": area,
            "accepted_right": accepted_right, "rejected_wrong": rejected_wrong}


def aggregate_critic(results: Pairs) -> dict[str, MetricValue]:
    rows = [r for _, r in results]
    controlled = [r for r in rows if r[LENGTH_CONTROLLED]]
    out: dict[str, MetricValue] = {}
    stats = _critic_stats(rows)
    for name, stat in stats.items():
        out[name] = bootstrap(rows, stat)
    for name in ("balanced_accuracy", "pairwise_accuracy", "auroc"):
        out[f"{name}.{LENGTH_CONTROLLED}"] = bootstrap(controlled, stats[name])
    return out


def aggregate_answer(results: Pairs) -> dict[str, MetricValue]:
    rows = [r for _, r in results]
    answerable = [r for r in rows if r["answerable"]]
    unanswerable = [r for r in rows if not r["answerable"]]
    cited = [r for r in rows if r["citation"] is not None]
    out: dict[str, MetricValue] = {
        "containment": bootstrap_mean([r["containment"] for r in answerable]),
        "token_f1": bootstrap_mean([r["token_f1"] for r in answerable]),
        "citation_recall": bootstrap_mean([r["citation"]["recall"] for r in cited]),
        "citation_precision": bootstrap_mean([r["citation"]["precision"] for r in cited]),
        "abstention_rate": bootstrap([r["abstained"] for r in unanswerable], rate),
        "false_abstention_rate": bootstrap([r["abstained"] for r in answerable], rate),
        "retries": bootstrap_mean([float(r["retries"]) for r in rows]),
    }
    nodes = sorted({node for r in rows for node in r["latency_ms"]})
    for node in nodes:
        # a node that did not run in an item (e.g. no synthesis on the zero-results path) took 0 ms there
        out[f"latency_ms.{node}"] = bootstrap_mean([float(r["latency_ms"].get(node, 0.0)) for r in rows])
    out["latency_ms.total"] = bootstrap_mean([float(r["total_ms"]) for r in rows])
    return out

