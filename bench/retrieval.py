"""Retrieval benchmarks and the relevance calibration.

    .venv/bin/python bench/retrieval.py            # latency p50/p95 at 10k and 100k chunks (+ calibration report)
    .venv/bin/python bench/retrieval.py latency    # latency only
    .venv/bin/python bench/retrieval.py calibrate  # refit the relevance model on tests/data/retrieval and report

Latency uses a synthetic catalog (Zipf-distributed words from the labelled corpus' vocabulary, ~90 words a chunk)
and synthetic clustered unit vectors, which is fine for timing; queries are the labelled set's questions. The query
embedding (real MiniLM) is timed separately because it does not depend on the workspace size.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine_info, pct, write_fragment

from masis_desktop.core.ingest.chunker import ChunkSpan
from masis_desktop.core.store import calibration
from masis_desktop.core.store import vectors as vectors_mod
from masis_desktop.core.store.catalog import Catalog
from masis_desktop.core.store.evaluation import (
    LabelledSet,
    collect,
    cross_validate,
    reliability,
    threshold_report,
)
from masis_desktop.core.store.search import hybrid_candidates
from masis_desktop.core.store.terms import fts_match, query_terms
from masis_desktop.core.store.vectors import VectorIndex

DIM = 384


def _vocabulary(data: LabelledSet) -> list[str]:
    words: dict[str, int] = {}
    for doc in data.documents:
        for section in doc["sections"]:
            for w in re.findall(r"[A-Za-z][a-z]+", section["text"]):
                words[w.lower()] = words.get(w.lower(), 0) + 1
    return sorted(words, key=lambda w: -words[w])


def _synthetic_texts(n: int, vocab: list[str], rng: np.random.Generator) -> list[str]:
    """Zipf-distributed words over a 30k-word vocabulary: the labelled corpus' words sit at random ranks among
    pseudo-words, so query terms get realistic document frequencies (a tiny vocabulary would make every query
    term match most chunks and overstate BM25 cost)."""
    size = 30_000
    words = [f"w{i:05d}x" for i in range(size)]
    ranks = rng.choice(np.arange(40, size), size=len(vocab), replace=False)
    for word, rank in zip(vocab, ranks, strict=True):
        words[int(rank)] = word
    p = 1 / np.arange(1, size + 1)
    p /= p.sum()
    lengths = rng.integers(60, 120, n)
    draws = rng.choice(size, size=int(lengths.sum()), p=p)
    out, pos = [], 0
    for length in lengths:
        out.append(" ".join(words[i] for i in draws[pos:pos + length]) + ".")
        pos += length
    return out


def _clustered(n: int, rng: np.random.Generator, centers: int = 256) -> np.ndarray:
    c = rng.normal(size=(centers, DIM)).astype(np.float32)
    x = c[rng.integers(0, centers, n)] + 0.6 * rng.normal(size=(n, DIM)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def _time(fn: Callable[[int], object], n: int) -> tuple[float, float]:
    times = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - start) * 1000)
    return pct(times, 50), pct(times, 95)


def _measure(n: int, n_queries: int, vocab: list[str], questions: list[str], rng: np.random.Generator,
             tmp: str) -> dict[str, object]:
    t0 = time.perf_counter()
    catalog = Catalog(Path(tmp) / "catalog.sqlite3")
    texts = _synthetic_texts(n, vocab, rng)
    per_doc = 100
    for d in range(0, n, per_doc):
        catalog.write_document(path=f"/synthetic/doc{d // per_doc}.txt", name=f"doc{d // per_doc}.txt",
                               kind="text", status="indexed", error=None, sha256=None, size=None, mtime=None,
                               chunks=[ChunkSpan(None, 0, len(t), t) for t in texts[d:d + per_doc]])
    ids = np.array(catalog.chunk_ids(), dtype=np.int64)
    vecs = _clustered(n, rng)
    build_s = time.perf_counter() - t0
    queries = vecs[rng.integers(0, n, n_queries)] + 0.5 * rng.normal(size=(n_queries, DIM)).astype(np.float32)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    flat = VectorIndex(DIM, Path(tmp) / "flat.faiss")
    flat.add(ids, vecs)
    exact = [flat.search(queries[i], 10) for i in range(n_queries)]
    flat_p50, flat_p95 = _time(lambda i: flat.search(queries[i], 40), n_queries)
    threshold = vectors_mod.ANN_MIN_VECTORS
    vectors_mod.ANN_MIN_VECTORS = 1
    ivf = VectorIndex(DIM, Path(tmp) / "ivf.faiss")
    ivf.add(ids, vecs)
    t1 = time.perf_counter()
    ivf.maintain()
    train_s = time.perf_counter() - t1
    vectors_mod.ANN_MIN_VECTORS = threshold
    ivf_p50, ivf_p95 = _time(lambda i: ivf.search(queries[i], 40), n_queries)
    recall = float(np.mean([len({a for a, _ in e} & {a for a, _ in ivf.search(queries[i], 10)}) / 10
                            for i, e in enumerate(exact)]))
    matches = [fts_match(query_terms(questions[i % len(questions)])) or "x" for i in range(n_queries)]
    bm_p50, bm_p95 = _time(lambda i: catalog.bm25(matches[i], 40), n_queries)
    auto = ivf if n >= threshold else flat

    def hybrid(i: int) -> None:
        hybrid_candidates(catalog, auto, lambda _t: queries[i:i + 1], questions[i % len(questions)], 10)

    hy_p50, hy_p95 = _time(hybrid, n_queries)
    catalog.close()
    print(f"{n:>7} chunks: exact {flat_p50:.1f}/{flat_p95:.1f} ms, IVF {ivf_p50:.2f}/{ivf_p95:.2f} ms "
          f"(recall@10 {recall:.3f}), BM25 {bm_p50:.1f}/{bm_p95:.1f} ms, hybrid ({auto.kind}) "
          f"{hy_p50:.1f}/{hy_p95:.1f} ms  [p50/p95]", flush=True)
    return {"chunks": n, "build_s": round(build_s, 1), "flat_p50": flat_p50, "flat_p95": flat_p95,
            "ivf_p50": ivf_p50, "ivf_p95": ivf_p95, "ivf_recall10": recall, "ivf_train_s": round(train_s, 1),
            "bm25_p50": bm_p50, "bm25_p95": bm_p95, "hybrid_p50": hy_p50, "hybrid_p95": hy_p95,
            "hybrid_index": auto.kind}


def latency(sizes: list[int], n_queries: int = 200) -> list[dict[str, object]]:
    data = LabelledSet.load()
    vocab = _vocabulary(data)
    questions = [q["query"] for q in data.queries]
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            rows.append(_measure(n, n_queries, vocab, questions, rng, tmp))
    return rows


def query_embedding_latency(n: int = 60) -> dict[str, tuple[float, float]]:
    """One-query embedding time for the torch encoder and the default encoder (ONNX int8)."""
    from masis_desktop.core.embed import load_embedder
    from masis_desktop.core.ingest.onnx_encoder import load_encoder

    questions = [q["query"] for q in LabelledSet.load().queries]
    out = {}
    for name, encoder in (("torch", load_embedder()), ("default", load_encoder())):
        encoder.encode(questions[:4])
        out[f"{name} ({encoder.name})"] = _time(lambda i, e=encoder: e.encode([questions[i % len(questions)]]), n)
    return out


def calibrate(k: int = 20) -> dict[str, object]:
    from masis_desktop.core.store.workspace import Workspace, create_workspace

    os.environ["MASIS_HOME"] = tempfile.mkdtemp(prefix="masis-calibrate-")
    data = LabelledSet.load()
    files = data.write(Path(tempfile.mkdtemp(prefix="labelled-")))
    create_workspace("calibration")
    with Workspace.open("calibration") as ws:
        for _ in ws.ingest(files):
            pass
        chunks = ws.catalog.chunk_count()
        records, recall = collect(ws.search_candidates, data, k)
    x = np.array([r.features for r in records])
    y = np.array([r.label for r in records])
    off = np.array([r.off_topic for r in records])
    fitted = calibration.fit_logistic(x, y)
    cv = cross_validate(records)
    current = calibration.predict(x, calibration.COEFFICIENTS)
    best_first = {}
    for r, p in zip(records, current, strict=True):
        if not r.off_topic and r.rank == 0:
            best_first[r.query_id] = p
    report = {
        "pairs": len(records), "relevant_pairs": int(y.sum()), "chunks": chunks, "queries": len(data.queries),
        "recall": recall,
        "fitted": {name: round(v, 3) for name, v in fitted.items()},
        "in_code": calibration.COEFFICIENTS,
        "cv_brier": cv["brier"], "cv_log_loss": cv["log_loss"],
        "cv_thresholds": threshold_report(cv["predictions"], y, off),
        "cv_reliability": reliability(cv["predictions"], y),
        "raw_cosine_thresholds": threshold_report(x[:, 0], y, off),
        "off_topic_max_relevance": round(float(current[off].max()), 4),
        "on_topic_top1_passing": {t: round(float(np.mean([v >= t for v in best_first.values()])), 3)
                                  for t in (0.55, 0.60)},
    }
    print(json.dumps(report, indent=1))
    return report


def _markdown(rows: list[dict[str, object]], embed: dict[str, tuple[float, float]] | None,
              cal: dict[str, object] | None) -> str:
    lines = ["## Retrieval", "", f"Machine: {machine_info()}", "",
             "| chunks | exact p50/p95 | IVF p50/p95 (recall@10) | BM25 p50/p95 | hybrid p50/p95 (index) |",
             "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['chunks']:,} | {r['flat_p50']:.1f} / {r['flat_p95']:.1f} ms | {r['ivf_p50']:.2f} / "
                     f"{r['ivf_p95']:.2f} ms ({r['ivf_recall10']:.3f}) | {r['bm25_p50']:.1f} / {r['bm25_p95']:.1f} ms"
                     f" | {r['hybrid_p50']:.1f} / {r['hybrid_p95']:.1f} ms ({r['hybrid_index']}) |")
    if embed:
        lines += ["", "Query embedding (one query; add to the hybrid figures): " + "; ".join(
            f"{name} p50 {p50:.1f} ms, p95 {p95:.1f} ms" for name, (p50, p95) in embed.items()) + "."]
    if cal:
        th = cal["cv_thresholds"]
        raw = cal["raw_cosine_thresholds"]
        lines += ["", "Relevance calibration (out-of-fold, labelled set): "
                  f"at 0.60 precision {th['0.60']['precision']}, recall {th['0.60']['recall']} "  # type: ignore[index]
                  f"(raw cosine >= 0.60: recall {raw['0.60']['recall']}); "  # type: ignore[index]
                  f"off-topic max relevance {cal['off_topic_max_relevance']}."]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="?", default="all", choices=["all", "latency", "calibrate"])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    rows: list[dict[str, object]] = []
    embed = None
    cal = None
    if args.what in ("all", "latency"):
        rows = latency([int(s) for s in args.sizes.split(",")], args.queries)
        embed = query_embedding_latency()
        for name, (p50, p95) in embed.items():
            print(f"query embedding, {name}: p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    if args.what in ("all", "calibrate"):
        cal = calibrate()
    if args.what == "all":
        write_fragment("retrieval", _markdown(rows, embed, cal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
