"""How much does restating a user's question in the documents' words get paraphrased questions past the
relevance threshold? (Measured in the seventh session, wired into the Researcher in the eighth; figures in
docs/EVALUATION.md.)

For every item of an eval set, the app's own ``researcher.restate`` (the writer model) restates the question; the
set's temporary workspace is searched with the original question and with the restatement; a passage is kept
when either search scores it at or above the Researcher's first-pass threshold (the app restates only when the
question's own search keeps nothing, which changes none of the zero-result counts printed here). Printed per set:
filtered recall (gold passage kept), false zero-results (answerable questions with nothing kept, which the app
escalates without writing), true zero-results (unanswerable ones with nothing kept), and the restatement's mean
latency.

    .venv/bin/python bench/restate_query.py heldout6 [dev heldout4 ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from typing import Any

from common import ROOT


def run_set(name: str, llm: Any) -> dict[str, Any]:
    from masis_desktop.core.evaluation.dataset import load_dataset
    from masis_desktop.core.evaluation.workspace import EvalWorkspace
    from masis_desktop.core.pipeline.researcher import restate
    from masis_desktop.settings import load_settings

    settings = load_settings()
    threshold = settings.retrieval.threshold_first
    dataset = load_dataset(ROOT / "tests" / "data" / "eval" / f"{name}.jsonl")
    counts = {"answerable": 0, "unanswerable": 0}
    kept_gold = {"question": 0, "either": 0}
    empty = {("question", True): 0, ("either", True): 0, ("question", False): 0, ("either", False): 0}
    spent_ms: list[float] = []
    with EvalWorkspace(dataset, settings) as ews:
        ws = ews.workspace
        for item in dataset.items:
            start = time.perf_counter()
            restated = restate(item.question, llm) or item.question
            spent_ms.append((time.perf_counter() - start) * 1000)
            original = [(ews.passage_of(h), h.relevance) for h in ws.search(item.question, k=10)]
            both = original + [(ews.passage_of(h), h.relevance) for h in ws.search(restated, k=10)]
            answerable = not item.unanswerable
            counts["answerable" if answerable else "unanswerable"] += 1
            for key, hits in (("question", original), ("either", both)):
                kept = [pid for pid, rel in hits if rel >= threshold]
                empty[(key, answerable)] += not kept
                if answerable:
                    kept_gold[key] += any(pid in item.passage_ids for pid in kept)
    return {"set": name, "counts": counts, "kept_gold": kept_gold, "empty": empty,
            "restate_ms": sum(spent_ms) / max(1, len(spent_ms))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+")
    args = parser.parse_args()
    os.environ["MASIS_HOME"] = tempfile.mkdtemp(prefix="masis-restate-")
    from masis_desktop.core.llm.pool import ModelPool

    pool = ModelPool()
    llm = pool.get("synthesizer")
    for name in args.sets:
        r = run_set(name, llm)
        a, u = r["counts"]["answerable"], r["counts"]["unanswerable"]
        for key in ("question", "either"):
            print(f"{name:10s} {key:9s} filtered recall {r['kept_gold'][key]}/{a}, "
                  f"false zero-results {r['empty'][(key, True)]}/{a}, true zero-results {r['empty'][(key, False)]}/{u}")
        print(f"{name:10s} restatement {r['restate_ms']:.0f} ms per question (writer model)")
    pool.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
