"""Hybrid search: both score kinds on every hit, fusion order, hostile query text, empty and tiny inputs."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from masis_desktop.core.store.search import RRF_K
from masis_desktop.core.store.terms import coverage, fts_match, query_terms
from masis_desktop.core.store.workspace import Workspace, create_workspace
from masis_desktop.settings import Settings

DOCS = {
    "zx81.txt": "The ZX-81 sync cable must be replaced every 400 hours of operation.",
    "leave.txt": "Employees receive 25 days of paid annual leave each calendar year.",
    "holiday.txt": "Staff may take their yearly vacation in up to three blocks.",
    "canteen.txt": "The canteen serves lunch between noon and two o'clock.",
}


def test_terms_and_match_expression() -> None:
    terms = query_terms('What is the "AND" OR NEAR( c++ * leave-policy for staff?')
    assert terms == ["near", "leave", "policy", "staff"]  # operators are stopwords or quoted; 1-letter words go
    match = fts_match(terms)
    assert match is not None and all(part.startswith('"') for part in match.split(" OR "))
    assert fts_match(query_terms("the of and")) is None
    assert coverage(["employees", "leave"], "Employee leave rules") == 1.0


def test_hybrid_hits_carry_real_scores(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    for name, text in DOCS.items():
        (tmp_path / name).write_text(text)
    create_workspace("s")
    with Workspace.open("s", Settings(), embedder) as ws:
        list(ws.ingest([tmp_path]))
        assert ws.search("   ") == [] and ws.search("anything", k=0) == []
        # hostile FTS5 syntax in user text never raises
        assert ws.search('"unbalanced AND ( NEAR c++ * -x:y', k=2) is not None
        hits = ws.search("How many vacation days do employees get?", k=4)
        assert len(hits) == 4 and hits[0].document.endswith("leave.txt")
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
        vectors = {h.chunk_id: embedder.encode([h.text])[0] for h in hits}
        query = embedder.encode(["How many vacation days do employees get?"])[0]
        for hit in hits:
            # the dense score is the cosine even for hits only BM25 found, and vice versa
            assert abs(hit.dense_score - float(np.dot(vectors[hit.chunk_id], query))) < 1e-3
            assert 0.0 <= hit.relevance <= 1.0 and hit.score <= 2 / (RRF_K + 1) + 1e-5
        assert hits[0].bm25_score > 0  # "employees", "days"
        assert all(h.bm25_score == 0 for h in hits if "canteen" in h.document)
        exact = ws.search("ZX-81 sync cable", k=1)[0]
        assert exact.document.endswith("zx81.txt") and exact.bm25_score > 0 and exact.relevance >= 0.6
