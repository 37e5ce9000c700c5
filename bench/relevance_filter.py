"""How many gold passages survive the Researcher's relevance filter, per genre, under several filter policies.

A question's passages are kept when their calibrated relevance reaches a threshold (0.60 on a first pass). One
global value fits some genres and starves others (multi-hop questions name an entity from a second passage, which
scores lower). This measures, on each genre's dev split and with no language model: for answerable items, the share
of gold units kept and the passages kept per question; for unanswerable items, how often nothing is kept (the app
then says so without writing). Policies: the global threshold, and "relative" ones that keep what scores within a
margin of the question's best passage, above a floor. It also prints each genre's reliability table: of the
candidates whose relevance falls in a band, the share that hold a gold unit (the calibration promises about the
band's own value; it was fitted on one hand-written set, docs/RETRIEVAL.md), and, with several genres, what a
refit on every genre but one would keep on the one left out.

    .venv/bin/python bench/relevance_filter.py [--split dev] [--genres business,docs]
"""

from __future__ import annotations

import argparse
import itertools
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


BANDS = (0.0, 0.1, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


def reliability(pairs: list[tuple[float, bool]]) -> list[dict[str, float]]:
    """Per relevance band: how many candidates fall in it and the share of them that hold a gold unit.

    Only answerable questions' candidates count: a gold unit is one passage or quote per fact, so a chunk that
    repeats the fact elsewhere counts as not relevant and the shares are lower bounds."""
    out = []
    for low, high in itertools.pairwise(BANDS):
        inside = [gold for rel, gold in pairs if low <= rel < high or (high == 1.0 and rel == 1.0)]
        out.append({"low": low, "high": high, "candidates": float(len(inside)),
                    "relevant": sum(inside) / len(inside) if inside else float("nan")})
    return out


def refit_report(features: dict[str, list[tuple[bool, list[list[float]], list[bool]]]],
                 threshold: float = 0.60) -> dict[str, object]:
    """Refit the relevance model on every genre but one (gold units as labels) and apply it to the one left out.

    This asks whether the calibration could be fitted on real genres instead of the hand-written set: a refit on
    one-gold-unit labels makes relevance a true probability, but most candidates are then far under the
    threshold, and the Researcher's all-filtered path (ask the human) would meet most answerable questions."""
    import numpy as np

    from masis_desktop.core.store import calibration

    out: dict[str, object] = {}
    print("\nrefit on the other genres, applied to each (relevance >= 0.60):")
    for held in features:
        x = [f for g, items in features.items() if g != held for _, fs, _ in items for f in fs]
        y = [int(v) for g, items in features.items() if g != held for _, _, ys in items for v in ys]
        coefficients = calibration.fit_logistic(x, y)
        gold = kept_gold = kept = silent = answerable = 0
        for unanswerable, fs, ys in features[held]:
            if unanswerable or not fs:
                continue
            keep = calibration.predict(fs, coefficients) >= threshold
            answerable += 1
            kept += int(keep.sum())
            silent += int(not keep.any())
            gold += sum(ys)
            kept_gold += int(np.sum(keep & np.array(ys)))
        row = {"gold_kept": kept_gold / max(1, gold), "passages_kept": kept / max(1, answerable),
               "answerable_nothing_kept": silent / max(1, answerable),
               "coefficients": {k: round(v, 3) for k, v in coefficients.items()}}
        out[held] = row
        print(f"  {held:10} gold kept {row['gold_kept']:6.1%}  passages {row['passages_kept']:4.1f}  "
              f"answerable with nothing kept {row['answerable_nothing_kept']:6.1%}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev")
    parser.add_argument("--genres", default=None)
    parser.add_argument("--out", type=Path, default=Path("artifacts/eval/relevance_filter.json"))
    args = parser.parse_args()
    from masis_desktop.core.evaluation.corpus import open_corpus
    from masis_desktop.settings import load_settings

    settings = load_settings()
    table: dict[str, dict[str, object]] = {}
    features: dict[str, list[tuple[bool, list[list[float]], list[bool]]]] = {}
    for split in splits(args.split, args.genres.split(",") if args.genres else None):
        dataset = split.load()
        items = list(dataset.head(split.limit))  # type: ignore[attr-defined]
        rows = []
        pairs: list[tuple[float, bool]] = []  # (relevance, holds a gold unit) of answerable questions' candidates
        features[split.genre] = []
        with open_corpus(dataset, settings, lambda m: print(m, file=sys.stderr)) as corpus:  # type: ignore[arg-type]
            for item in items:
                candidates = corpus.workspace.search_candidates(item.question, K)
                hits = [c.hit() for c in candidates]
                units = corpus.units(item, hits)
                gold = set() if item.unanswerable else set(corpus.gold(item))
                labels = [i < len(units) and units[i] in gold for i in range(len(hits))]
                features[split.genre].append((item.unanswerable, [c.features for c in candidates], labels))
                if not item.unanswerable:
                    pairs += zip([h.relevance for h in hits], labels, strict=True)
                rows.append((item.unanswerable, [h.relevance for h in hits], units, gold, item.question,
                             [h.text for h in hits]))
        result: dict[str, dict[str, float]] = {}
        for name, (floor, margin, companions) in policies().items():
            recall, kept_n, silent, starved = [], [], [], []
            for unanswerable, rel, units, gold, question, texts in rows:
                kept = keep(rel, floor, margin, companions, question, texts)
                if unanswerable:
                    silent.append(float(not kept))
                    continue
                kept_units = {units[i] for i in kept if i < len(units)}
                recall.append(len(kept_units & gold) / len(gold) if gold else 0.0)
                kept_n.append(float(len(kept)))
                starved.append(float(not kept))
            result[name] = {"gold_kept": sum(recall) / max(1, len(recall)),
                            "passages_kept": sum(kept_n) / max(1, len(kept_n)),
                            "unanswerable_nothing_kept": sum(silent) / max(1, len(silent)),
                            "answerable_nothing_kept": sum(starved) / max(1, len(starved))}
        bands = reliability(pairs)
        table[split.genre] = {"policies": result, "reliability": bands}
        print(f"\n{split.genre} ({len(rows)} items)")
        for name, r in result.items():
            print(f"  {name:38} gold kept {r['gold_kept']:6.1%}  passages {r['passages_kept']:4.1f}  "
                  f"nothing kept: answerable {r['answerable_nothing_kept']:6.1%}, "
                  f"unanswerable {r['unanswerable_nothing_kept']:6.1%}")
        print("  relevance band -> candidates, share holding a gold unit: " + "; ".join(
            f"[{b['low']:.1f}, {b['high']:.1f}) {int(b['candidates'])}: {b['relevant']:.2f}" for b in bands
            if b["candidates"]))
    if len(features) > 1:
        table["refit, leave one genre out"] = refit_report(features)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(table, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
