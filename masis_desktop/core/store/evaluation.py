"""The labelled relevance set and what is measured on it: recall@k, calibration quality, threshold behaviour.

The set (``tests/data/retrieval/corpus.json`` + ``queries.json``) is written for this project: 8 documents of the
kinds analysts index (policies, a security standard, a financial report, release notes, a clinical trial summary, a
supply-chain review, a water utility report, a model card), 64 passages (one Markdown section each) and 76 queries,
64 answered by one or two passages (paraphrased on purpose, with near-miss passages in the same document) and 12
off-topic ones answered by nothing. A chunk counts as relevant to a query when at least half of it, or half of a
relevant passage, lies in a relevant passage.

Used by ``bench/retrieval.py`` (calibration fit, recall of encoder backends) and
``tests/core/test_store_calibration.py``.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from masis_desktop.core.schemas import SearchHit
from masis_desktop.core.store import calibration
from masis_desktop.core.store.search import Candidate


def default_set_dir() -> Path:
    from masis_desktop import paths

    return paths.app_root() / "tests" / "data" / "retrieval"


@dataclass
class LabelledSet:
    documents: list[dict[str, Any]]
    queries: list[dict[str, Any]]
    spans: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # passage id -> (file name, start, end)

    @classmethod
    def load(cls, folder: Path | None = None) -> LabelledSet:
        folder = folder or default_set_dir()
        corpus = json.loads((folder / "corpus.json").read_text(encoding="utf-8"))
        queries = json.loads((folder / "queries.json").read_text(encoding="utf-8"))
        return cls(corpus["documents"], queries["queries"])

    def write(self, folder: Path) -> list[Path]:
        """One Markdown file per document (``# title``, then ``## heading`` + text per passage); records spans."""
        folder.mkdir(parents=True, exist_ok=True)
        files = []
        for doc in self.documents:
            text = f"# {doc['title']}\n\n"
            for section in doc["sections"]:
                text += f"## {section['heading']}\n\n"
                self.spans[section["id"]] = (doc["name"], len(text), len(text) + len(section["text"]))
                text += section["text"] + "\n\n"
            path = folder / doc["name"]
            path.write_text(text, encoding="utf-8")
            files.append(path)
        return files

    def relevant(self, hit: SearchHit, passage_ids: list[str]) -> bool:
        name = Path(hit.document).name
        for pid in passage_ids:
            doc, start, end = self.spans[pid]
            if doc != name:
                continue
            overlap = min(end, hit.char_end) - max(start, hit.char_start)
            if overlap > 0 and (overlap >= 0.5 * (end - start) or overlap >= 0.5 * (hit.char_end - hit.char_start)):
                return True
        return False


@dataclass
class Record:
    query_id: str
    off_topic: bool
    rank: int
    features: list[float]
    label: int
    relevance: float


def collect(search: Callable[[str, int], list[Candidate]], data: LabelledSet, k: int = 20,
            ) -> tuple[list[Record], dict[str, float]]:
    """Run every query; return one record per (query, hit) and recall@{1,5,10,k} over on-topic passages."""
    records: list[Record] = []
    found_at: dict[int, list[float]] = {1: [], 5: [], 10: [], k: []}
    for query in data.queries:
        candidates = search(query["query"], k)
        hits = [c.hit() for c in candidates]
        relevant = query["relevant"]
        for rank, (candidate, hit) in enumerate(zip(candidates, hits, strict=True)):
            records.append(Record(query["id"], not relevant, rank, candidate.features,
                                  int(data.relevant(hit, relevant)), hit.relevance))
        for pid in relevant:
            for cutoff in found_at:
                hit_found = any(data.relevant(h, [pid]) for h in hits[:cutoff])
                found_at[cutoff].append(1.0 if hit_found else 0.0)
    recall = {f"recall@{c}": float(np.mean(v)) for c, v in found_at.items() if v}
    return records, recall


def threshold_report(probabilities: np.ndarray, labels: np.ndarray, off_topic: np.ndarray,
                     thresholds: tuple[float, ...] = (0.55, 0.60)) -> dict[str, Any]:
    """Precision/recall of keeping hits at each threshold, and how many off-topic hits would pass."""
    out: dict[str, Any] = {}
    positives = max(1, int(labels.sum()))
    for t in thresholds:
        keep = probabilities >= t
        kept = int(keep.sum())
        out[f"{t:.2f}"] = {
            "kept": kept,
            "precision": round(float(labels[keep].mean()), 3) if kept else None,
            "recall": round(float(labels[keep].sum() / positives), 3),
            "off_topic_kept": int((keep & off_topic).sum()),
        }
    return out


def reliability(probabilities: np.ndarray, labels: np.ndarray, bins: int = 5) -> list[dict[str, object]]:
    edges = np.linspace(0, 1, bins + 1)
    rows: list[dict[str, object]] = []
    for lo, hi in itertools.pairwise(edges):
        mask = (probabilities >= lo) & (probabilities < hi if hi < 1 else probabilities <= hi)
        if mask.any():
            rows.append({"bin": f"{lo:.1f}-{hi:.1f}", "n": int(mask.sum()),
                         "mean_predicted": round(float(probabilities[mask].mean()), 3),
                         "observed": round(float(labels[mask].mean()), 3)})
    return rows


def cross_validate(records: list[Record], folds: int = 5, l2: float = 0.1) -> dict[str, Any]:
    """Out-of-fold predictions (folds by query, so no query is scored by a model that saw it)."""
    query_ids = sorted({r.query_id for r in records})
    fold_of = {q: i % folds for i, q in enumerate(query_ids)}
    x = np.array([r.features for r in records])
    y = np.array([r.label for r in records])
    oof = np.zeros(len(records))
    for fold in range(folds):
        test = np.array([fold_of[r.query_id] == fold for r in records])
        coefficients = calibration.fit_logistic(x[~test], y[~test], l2=l2)
        oof[test] = calibration.predict(x[test], coefficients)
    eps = 1e-9
    return {
        "predictions": oof,
        "brier": round(float(np.mean((oof - y) ** 2)), 4),
        "log_loss": round(float(-np.mean(y * np.log(oof + eps) + (1 - y) * np.log(1 - oof + eps))), 4),
    }
