"""Calibrated relevance: P(chunk answers the query) on the labelled set, from the dense cosine and lexical evidence.

MiniLM cosines of relevant passages are often 0.3-0.7, so the seed's ``MIN_SCORE_THRESHOLD`` (0.60, 0.55 on retry)
cannot be applied to raw cosines without dropping most good evidence. Instead the Researcher's thresholds apply to
``relevance = sigmoid(w . features + b)``, a logistic regression fitted on a labelled set of queries and passages
(``tests/data/retrieval/``), so on that set 0.60 means "about 60 % of chunks scoring this are relevant". On other
kinds of documents the share differs widely (0-6 % between 0.6 and 0.9 in long manuals whose chunks share the
question's words, all of them for multi-hop encyclopaedia questions; ``bench/relevance_filter.py``,
docs/RETRIEVAL.md "Across genres"), and a refit on those genres' single-gold labels would filter out most
answerable questions, so the fit stays and outside its set ``relevance`` is a score, not a probability.

Features (all query-independent in scale, so one model applies to every workspace):
- ``cos``: cosine of query and chunk embeddings (normalised MiniLM vectors).
- ``coverage``: share of the query's content words (stemmed) found in the chunk's heading + text.
- ``bm25``: FTS5 BM25 divided by the best score the query could reach in this workspace (see ``search.py``),
  0..1; raw BM25 grows with the corpus through IDF, the ratio does not.

Refit: ``.venv/bin/python bench/retrieval.py calibrate`` ingests the labelled set, gathers features of every
candidate the hybrid search returns, fits this model (L2-regularised IRLS, numpy only) with cross-validation,
prints the new ``COEFFICIENTS`` and the measured precision/recall at the thresholds; paste them here and update
docs/RETRIEVAL.md. ``tests/core/test_store_calibration.py`` fails if the coefficients drift from a refit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

FEATURES = ("cos", "coverage", "bm25")
# Fitted by `bench/retrieval.py calibrate` on tests/data/retrieval with the default encoder (MiniLM, ONNX int8):
# 1,520 query-candidate pairs, 70 relevant. docs/RETRIEVAL.md has the data, the fit and its measured quality.
COEFFICIENTS: dict[str, float] = {"intercept": -7.575, "cos": 8.267, "coverage": 4.583, "bm25": 8.517}


def features(cos: float, coverage: float, bm25_norm: float) -> list[float]:
    return [float(cos), float(coverage), float(bm25_norm)]


def relevance(cos: float, coverage: float, bm25_norm: float, coefficients: dict[str, float] | None = None) -> float:
    c = coefficients or COEFFICIENTS
    x = features(cos, coverage, bm25_norm)
    z = c["intercept"] + sum(c[name] * value for name, value in zip(FEATURES, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def fit_logistic(x: Sequence[Sequence[float]], y: Sequence[int], l2: float = 0.1, iterations: int = 50,
                 ) -> dict[str, float]:
    """L2-regularised logistic regression by Newton/IRLS (intercept not penalised); returns named coefficients."""
    xm = np.asarray(x, dtype=np.float64)
    ym = np.asarray(y, dtype=np.float64)
    design = np.hstack([np.ones((len(xm), 1)), xm])
    w = np.zeros(design.shape[1])
    penalty = np.eye(design.shape[1]) * l2
    penalty[0, 0] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ w, -40, 40)))
        gradient = design.T @ (p - ym) + penalty @ w
        hessian = (design * (p * (1 - p))[:, None]).T @ design + penalty + np.eye(len(w)) * 1e-9
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return {"intercept": float(w[0]), **{name: float(v) for name, v in zip(FEATURES, w[1:], strict=True)}}


def predict(x: Sequence[Sequence[float]], coefficients: dict[str, float]) -> np.ndarray:
    xm = np.asarray(x, dtype=np.float64)
    w = np.array([coefficients[name] for name in FEATURES])
    return 1.0 / (1.0 + np.exp(-np.clip(coefficients["intercept"] + xm @ w, -40, 40)))
