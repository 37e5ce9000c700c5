"""What the critic model reads in the cited passages of every answer an answer-mode run shipped, per genre.

``model.answerable`` asks the critic model "does the passage state the answer to this exact question?" only when the
cited passages miss a focus word of the question. An answer to an unanswerable near miss often cites a passage
that uses every word of the question (a neighbouring subject written in the same words), so it is never asked. This
re-reads, for every ``success`` of a stored answer-mode run, the whole cited chunks with that prompt, and prints
each answer's P(yes) beside whether it was right, and, per cut, how many right and wrong answers a refusal under
the cut would catch (the 2 % rule: right-answer firings / all firings). No pipeline runs; the critic model reads.

    .venv/bin/python bench/answerability_reading.py --run artifacts/eval/TAG [--split dev] [--marks FILE.json]

``--marks``: a JSON object ``{"item id": 1 | 0}`` of answers read by hand, which override the lexical judge.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.genres import splits

CUTS = (0.10, 0.15, 0.20, 0.25, 0.30, 0.38, 0.45, 0.50)


def chunk_text(titled: str) -> str:
    """The chunk of a stored ``Title: ...`` passage as the check reads it (``verify.whole_chunk``)."""
    from masis_desktop.core.grounding.evidence import sanitize
    from masis_desktop.core.grounding.reading import reading_text

    body = titled.split("\n", 1)[1] if titled.startswith("Title: ") and "\n" in titled else titled
    return sanitize(" ".join(reading_text(body).split()))[0]


def firings(rows: list[dict[str, Any]], cut: float) -> tuple[int, int]:
    """(right answers, wrong answers) read under ``cut``."""
    under = [r for r in rows if r["p_yes"] < cut]
    return sum(r["right"] for r in under), sum(not r["right"] for r in under)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=Path, required=True, help="an eval_genres.py output folder")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--genres", default=None)
    parser.add_argument("--marks", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    from masis_desktop.core.checks.focus import missing_focus
    from masis_desktop.core.checks.model.answerable import passage_p_yes
    from masis_desktop.core.evaluation.judge import strip_citation_markers
    from masis_desktop.core.evaluation.metrics import judged_right
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.pipeline import Models
    from masis_desktop.settings import load_settings

    marks: dict[str, int] = json.loads(args.marks.read_text()) if args.marks else {}
    critic = Models.from_pool(ModelPool(load_settings())).critic
    rows: list[dict[str, Any]] = []
    for split in splits(args.split, args.genres.split(",") if args.genres else None):
        path = args.run / f"{split.genre}-answer.items.jsonl"
        if not path.exists():
            continue
        items = {i.id: i for i in split.load().items}  # type: ignore[attr-defined]
        for line in path.read_text(encoding="utf-8").splitlines()[1:]:
            record = json.loads(line)
            result = record.get("result") or {}
            if not record.get("ok") or result.get("status") != "success":
                continue
            item = items[record["id"]]
            chunks = [chunk_text(t) for t in (result.get("cited_evidence") or {}).values()]
            if not chunks:
                continue
            right = (not item.unanswerable) and bool(
                marks.get(item.id, judged_right(strip_citation_markers(result["answer"]), item.answer)))
            row = {"genre": split.genre, "id": item.id, "unanswerable": item.unanswerable, "right": right,
                   "missing": missing_focus(item.question, chunks),
                   "p_yes": round(passage_p_yes(item.question, " ".join(chunks), critic), 3),
                   "confidence": result.get("confidence")}
            rows.append(row)
            print(f"{row['genre']:10} {row['id']:14} {'U' if item.unanswerable else 'A'} "
                  f"{'right' if right else 'WRONG'}  P(yes) {row['p_yes']:.2f}  conf {row['confidence']}  "
                  f"missing {row['missing']}")
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"\n{len(rows)} answers shipped: {sum(r['right'] for r in rows)} right, "
          f"{sum(not r['right'] for r in rows)} wrong")
    for scope, subset in (("all", rows), ("focus words all used", [r for r in rows if not r["missing"]])):
        print(f"\n{scope} ({len(subset)}): P(yes) under the cut catches right / wrong (right share)")
        for cut in CUTS:
            r, w = firings(subset, cut)
            share = f"{100 * r / (r + w):.0f} %" if r + w else "-"
            print(f"  {cut:.2f}: {r:3d} / {w:3d}  ({share})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
