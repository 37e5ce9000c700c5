"""What the critic model reads in the passages of questions whose first search keeps nothing, per genre.

When no candidate reaches the relevance threshold (0.60), the researcher lets the critic model read the best
``ADMIT_TOP`` candidates and keeps one it reads as answering the question (``researcher.admit_by_reading``). This
prints, for every question of each genre's split whose top 10 candidates all score below the threshold, the
candidates' relevance and the model's P(yes), marked when the candidate holds a gold unit, and how many answerable
and unanswerable questions a P(yes) cut would admit. No writer runs, and the restatement is left out (the pipeline
restates first and reads only when that finds nothing either), so this is the ceiling of what reading can recover.

    .venv/bin/python bench/read_below_threshold.py [--split dev] [--genres wikipedia,licenses] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.genres import splits

K = 10
CUTS = (0.45, 0.50, 0.55, 0.60, 0.65, 0.70)


def admitted(rows: list[dict[str, Any]], cut: float) -> dict[str, int]:
    """Questions with a read candidate at or above ``cut``: answerable (with a gold one among them) and not."""
    out = {"answerable": 0, "answerable_gold": 0, "unanswerable": 0}
    for row in rows:
        over = [c for c in row["read"] if c["p_yes"] >= cut]
        if not over:
            continue
        if row["unanswerable"]:
            out["unanswerable"] += 1
        else:
            out["answerable"] += 1
            out["answerable_gold"] += any(c["gold"] for c in over)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev")
    parser.add_argument("--genres", default=None)
    parser.add_argument("--out", type=Path, default=Path("artifacts/eval/read_below_threshold.jsonl"))
    args = parser.parse_args()
    from masis_desktop.core.checks.model.answerable import passage_p_yes
    from masis_desktop.core.evaluation.corpus import open_corpus
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.pipeline import Models
    from masis_desktop.core.pipeline.researcher import ADMIT_TOP
    from masis_desktop.settings import load_settings

    settings = load_settings()
    critic = Models.from_pool(ModelPool(settings)).critic
    threshold = settings.retrieval.threshold_first
    rows: list[dict[str, Any]] = []
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as out:
        for split in splits(args.split, args.genres.split(",") if args.genres else None):
            dataset = split.load()
            with open_corpus(dataset, settings, lambda m: print(m, file=sys.stderr)) as corpus:  # type: ignore[arg-type]
                for item in dataset.head(split.limit):  # type: ignore[attr-defined]
                    hits = [c.hit() for c in corpus.workspace.search_candidates(item.question, K)]
                    if not hits or max(h.relevance for h in hits) >= threshold:
                        continue
                    units = corpus.units(item, hits)
                    gold = set() if item.unanswerable else set(corpus.gold(item))
                    ranked = sorted(range(len(hits)), key=lambda i: -hits[i].relevance)[:ADMIT_TOP]
                    read = [{"relevance": round(hits[i].relevance, 3),
                             "p_yes": round(passage_p_yes(item.question, hits[i].text, critic), 3),
                             "gold": i < len(units) and units[i] in gold} for i in ranked]
                    row = {"genre": split.genre, "id": item.id, "unanswerable": item.unanswerable, "read": read}
                    rows.append(row)
                    out.write(json.dumps(row) + "\n")
                    marks = " ".join(f"{c['relevance']:.2f}/{c['p_yes']:.2f}{'*' if c['gold'] else ''}" for c in read)
                    print(f"{split.genre:10} {item.id:14} {'U' if item.unanswerable else 'A'}  {marks}")
    for genre in [*sorted({r["genre"] for r in rows}), "pooled"]:
        part = [r for r in rows if genre in ("pooled", r["genre"])]
        answerable = sum(not r["unanswerable"] for r in part)
        print(f"\n{genre}: {len(part)} questions keep nothing ({answerable} answerable)")
        for cut in CUTS:
            a = admitted(part, cut)
            print(f"  P(yes) >= {cut:.2f}: answerable admitted {a['answerable']} (a gold passage among them "
                  f"{a['answerable_gold']}), unanswerable admitted {a['unanswerable']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
