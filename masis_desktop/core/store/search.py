"""Hybrid retrieval: dense (FAISS inner product on normalised MiniLM vectors) + BM25 (FTS5), fused by RRF.

Every returned hit carries its true dense cosine and BM25 score even when only one side found it (the missing
score is computed for that chunk), the reciprocal-rank-fusion score used for ordering, and the calibrated
``relevance`` (see ``calibration.py``) that the Researcher's thresholds apply to.

BM25 values grow with the corpus (IDF), so the relevance model sees BM25 normalised by the best score the query
could reach, ``sum(idf(t) * (k1 + 1))`` over its terms (FTS5: k1 = 1.2), which is comparable between a 40-chunk
and a 100k-chunk workspace.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from masis_desktop.core.schemas import SearchHit
from masis_desktop.core.store import calibration
from masis_desktop.core.store.catalog import Catalog, ChunkRow
from masis_desktop.core.store.terms import coverage, fts_match, query_terms
from masis_desktop.core.store.vectors import VectorIndex

RRF_K = 60  # the constant of Cormack et al.; ranks matter, raw scales of the two lists do not
CANDIDATES_MIN = 40
FTS5_K1 = 1.2


@dataclass(frozen=True)
class Candidate:
    row: ChunkRow
    cos: float
    bm25: float
    bm25_norm: float
    coverage: float
    fused: float

    @property
    def features(self) -> list[float]:
        return calibration.features(self.cos, self.coverage, self.bm25_norm)

    def hit(self) -> SearchHit:
        row = self.row
        return SearchHit(
            chunk_id=f"c{row.id}", document=row.document, document_id=row.document_id, page=row.page,
            char_start=row.char_start, char_end=row.char_end, text=row.text, heading=row.heading or None,
            dense_score=round(self.cos, 6), bm25_score=round(self.bm25, 6), score=round(self.fused, 6),
            relevance=round(calibration.relevance(self.cos, self.coverage, self.bm25_norm), 6))


def _bm25_ceiling(catalog: Catalog, terms: list[str]) -> float:
    """The largest BM25 the query could reach in this catalog (every term, saturated term frequency)."""
    n = catalog.chunk_count()
    counts = catalog.term_document_counts(terms)
    total = 0.0
    for term in terms:
        df = counts.get(term, 0)
        total += max(1e-6, math.log((n - df + 0.5) / (df + 0.5))) * (FTS5_K1 + 1)
    return total


def hybrid_candidates(catalog: Catalog, vectors: VectorIndex, encode: Callable[[list[str]], np.ndarray],
                      query: str, k: int = 10) -> list[Candidate]:
    query = query.strip()
    if not query or k <= 0:
        return []
    pool = max(CANDIDATES_MIN, 4 * k)
    qv = encode([query])[0]
    dense = vectors.search(qv, pool)
    terms = query_terms(query)
    match = fts_match(terms)
    sparse = catalog.bm25(match, pool) if match else []

    fused: dict[int, float] = {}
    for rank, (chunk_id, _) in enumerate(dense):
        fused[chunk_id] = fused.get(chunk_id, 0.0) + 1.0 / (RRF_K + rank + 1)
    for rank, (chunk_id, _) in enumerate(sparse):
        fused[chunk_id] = fused.get(chunk_id, 0.0) + 1.0 / (RRF_K + rank + 1)
    if not fused:
        return []
    rows = catalog.chunks(fused)  # ids without a catalog row (vectors not yet reconciled) drop out here
    cos: dict[int, float] = dict(dense)
    bm25: dict[int, float] = dict(sparse)
    lacking_cos = [i for i in rows if i not in cos]
    if lacking_cos:
        stored = vectors.reconstruct(lacking_cos)
        for i, vec in stored.items():
            cos[i] = float(np.dot(vec, qv))
        unembedded = [i for i in lacking_cos if i not in stored]
        if unembedded:  # committed but not yet in the index (another process is ingesting): embed on the fly
            vecs = encode([rows[i].embed_text for i in unembedded])
            for i, vec in zip(unembedded, vecs, strict=True):
                cos[i] = float(np.dot(vec, qv))
    lacking_bm25 = [i for i in rows if i not in bm25]
    if match and lacking_bm25:
        bm25.update(catalog.bm25_for(match, lacking_bm25))
    ceiling = _bm25_ceiling(catalog, terms) if terms and bm25 else 0.0
    order = sorted(rows, key=lambda i: (-fused[i], -cos.get(i, 0.0), i))[:k]
    out = []
    for i in order:
        row = rows[i]
        raw = bm25.get(i, 0.0)
        out.append(Candidate(row, cos.get(i, 0.0), raw, min(1.0, raw / ceiling) if ceiling > 0 else 0.0,
                             coverage(terms, f"{row.heading}\n{row.text}"), fused[i]))
    return out


def hybrid_search(catalog: Catalog, vectors: VectorIndex, encode: Callable[[list[str]], np.ndarray], query: str,
                  k: int = 10) -> list[SearchHit]:
    return [c.hit() for c in hybrid_candidates(catalog, vectors, encode, query, k)]


def row_to_hit(row: ChunkRow) -> SearchHit:
    return SearchHit(chunk_id=f"c{row.id}", document=row.document, document_id=row.document_id, page=row.page,
                     char_start=row.char_start, char_end=row.char_end, text=row.text, heading=row.heading or None)
