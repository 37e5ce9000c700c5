"""How many gold passages survive the Researcher's relevance filter, per genre, under several filter policies.

A question's passages are kept when their calibrated relevance reaches a threshold (0.60 on a first pass). One
global value fits some genres and starves others (multi-hop questions name an entity from a second passage, which
scores lower). This measures, on each genre's dev split and with no language model: for answerable items, the share
of gold units kept and the passages kept per question; for unanswerable items, how often nothing is kept (the app
then says so without writing). Policies: the global threshold, and "relative" ones that keep what scores within a
margin of the question's best passage, above a floor.

    .venv/bin/python bench/relevance_filter.py [--split dev] [--genres business,docs]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.genres import splits

K = 10


def policies() -> dict[str, tuple[float, float | None, int]]:
    """name -> (floor, margin below the best (None: plain threshold at the floor), companions).

    ``companions``: once the best passage reaches 0.60, up to this many more of the top-ranked passages are kept
    when they reach the floor (a second passage a multi-hop question needs scores low on its own)."""
    out: dict[str, tuple[float, float | None, int]] = {"global 0.60": (0.60, None, 0),
                                                        "global 0.50": (0.50, None, 0)}
    for floor in (0.45, 0.50):
        out[f"best-0.20, floor {floor:.2f}, best>=0.60"] = (floor, 0.20, 0)
    for floor in (0.05, 0.15):
        for n in (1, 2, 4):
            out[f"best>=0.60 + top {n} >= {floor:.2f}"] = (floor, None, n)
    for floor in (0.0, 0.05):
        for n in (1, 2):
            out[f"best>=0.60 + complementary {n} >= {floor:.2f}"] = (floor, None, -n)
    return out


def complementary(question: str, texts: list[str], kept: list[int], floor: float, limit: int,
                  relevances: list[float]) -> list[int]:
    """Up to ``limit`` more passages, best ranked first, each covering a question word no kept passage covers."""
    from masis_desktop.core import text as tx

    asked = tx.content_stems(question)
    covered = set().union(*(tx.content_stems(texts[i]) for i in kept)) if kept else set()
    out = list(kept)
    for i, text in enumerate(texts):
        if len(out) - len(kept) >= limit:
            break
        if i in out or relevances[i] < floor:
            continue
        new = (asked & tx.content_stems(text)) - covered
        if new:
            out.append(i)
            covered |= tx.content_stems(text)
    return sorted(out)


def keep(relevances: list[float], floor: float, margin: float | None, companions: int = 0,
         question: str = "", texts: list[str] | None = None) -> list[int]:
    if companions < 0:
        if not relevances or max(relevances) < 0.60:
            return []
        passing = [i for i, r in enumerate(relevances) if r >= 0.60]
        return complementary(question, texts or [], passing, floor, -companions, relevances)
    if companions:
        if not relevances or max(relevances) < 0.60:
            return []
        passing = [i for i, r in enumerate(relevances) if r >= 0.60]
        extra = [i for i, r in enumerate(relevances) if r < 0.60 and r >= floor][:companions]
        return sorted(passing + extra)
    if margin is None:
        return [i for i, r in enumerate(relevances) if r >= floor]
    if not relevances or max(relevances) < 0.60:
        return []
    best = max(relevances)
    return [i for i, r in enumerate(relevances) if r >= max(floor, best - margin)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev")
    parser.add_argument("--genres", default=None)
    parser.add_argument("--out", type=Path, default=Path("artifacts/eval/relevance_filter.json"))
    args = parser.parse_args()
    from masis_desktop.core.evaluation.corpus import open_corpus
    from masis_desktop.settings import load_settings

    settings = load_settings()
    table: dict[str, dict[str, dict[str, float]]] = {}
    for split in splits(args.split, args.genres.split(",") if args.genres else None):
        dataset = split.load()
        items = list(dataset.head(split.limit))  # type: ignore[attr-defined]
        rows = []
        with open_corpus(dataset, settings, lambda m: print(m, file=sys.stderr)) as corpus:  # type: ignore[arg-type]
            for item in items:
                hits = corpus.workspace.search(item.question, K)
                units = corpus.units(item, hits)
                gold = set() if item.unanswerable else set(corpus.gold(item))
                rows.append((item.unanswerable, [h.relevance for h in hits], units, gold, item.question,
                             [h.text for h in hits]))
        result: dict[str, dict[str, float]] = {}
        for name, (floor, margin, companions) in policies().items():
            recall, kept_n, silent = [], [], []
            for unanswerable, rel, units, gold, question, texts in rows:
                kept = keep(rel, floor, margin, companions, question, texts)
                if unanswerable:
                    silent.append(float(not kept))
                    continue
                kept_units = {units[i] for i in kept if i < len(units)}
                recall.append(len(kept_units & gold) / len(gold) if gold else 0.0)
                kept_n.append(float(len(kept)))
            result[name] = {"gold_kept": sum(recall) / max(1, len(recall)),
                            "passages_kept": sum(kept_n) / max(1, len(kept_n)),
                            "unanswerable_nothing_kept": sum(silent) / max(1, len(silent))}
        table[split.genre] = result
        print(f"\n{split.genre} ({len(rows)} items)")
        for name, r in result.items():
            print(f"  {name:38} gold kept {r['gold_kept']:6.1%}  passages {r['passages_kept']:4.1f}  "
                  f"unanswerable with nothing kept {r['unanswerable_nothing_kept']:6.1%}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(table, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
