"""Run ``masis eval`` over every genre's split and print the issue's table per genre and pooled.

For each genre (``bench/genres.py``) and mode it runs ``masis eval MODE ... --out <dir>/<genre>-<mode>.json``
(resumable: an interrupted run continues), then reads the per-item results and reports, per genre and pooled:

- answer mode: **answered right** (status success and judged right, on answerable questions), **false refusal**
  (answerable, escalated or abstained), **success precision** (of all answers shipped as success, answerable and
  unanswerable, the share judged right; a success on an unanswerable question is wrong), **abstention** (on
  unanswerable questions), **citation precision** (ALCE, the shipped lexical judge) and median **seconds** per
  question;
- critic mode: **balanced accuracy** (right answers accepted and wrong ones rejected), and the per-check firing
  table summed over genres (fires on right answers, on wrong ones, and the right share that issue 41's 2 % rule
  reads).

"Judged right" is ``metrics.judged_right``: the gold answer's normalised tokens appear in the answer as a phrase, or
(for a gold answer of four tokens or more) at least 80 % of its content tokens do. Read a sample by hand.

    .venv/bin/python bench/eval_genres.py --split dev --modes critic,answer --tag s33-base [--genres business]
        [--limit 40 | --sample 30 [--unseen-after artifacts/eval/TAG]] [--home DIR]
    # DIR: a MASIS_HOME whose config/settings.json holds a candidate's settings; --sample: N items spread evenly
    # over each split (--unseen-after: over the items no run in that folder has seen)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.genres import ROOT, Split, splits


def spread(ids: Sequence[str], n: int) -> list[str]:
    """``n`` ids spaced evenly over the split (first, last and between), so a partial run samples every part of a
    file whose unanswerable items are grouped (one split lists them all at its end); a later run over more items
    resumes from the results already there."""
    if n >= len(ids):
        return list(ids)
    if n <= 1:
        return list(ids[:n])
    return list(dict.fromkeys(ids[round(i * (len(ids) - 1) / (n - 1))] for i in range(n)))


def stratified(ids: Sequence[str], unanswerable: set[str], n: int) -> list[str]:
    """``n`` ids, answerable and unanswerable ones each spread over their own part in proportion to the split, in
    split order. A file that interleaves its unanswerable items with a period close to the step of ``spread`` (one
    in three) would otherwise be sampled with none of them."""
    if n >= len(ids):
        return list(ids)
    unans = [i for i in ids if i in unanswerable]
    ans = [i for i in ids if i not in unanswerable]
    n_unans = min(len(unans), round(n * len(unans) / len(ids)))
    picked = set(spread(ans, n - n_unans)) | set(spread(unans, n_unans))
    return [i for i in ids if i in picked]


def seen_ids(runs: Sequence[Path], genre: str) -> set[str]:
    """The ids of ``genre`` that earlier runs (their output folders) already put through any mode: a test split
    is read once, so a later test run samples only what no run has seen."""
    seen: set[str] = set()
    for run in runs:
        for path in run.glob(f"{genre}-*.items.jsonl"):
            for line in path.read_text(encoding="utf-8").splitlines()[1:]:
                seen.add(json.loads(line)["id"])
    return seen


def sample_ids(split: Split, exclude: set[str], n: int) -> list[str]:
    """``--sample n``: the split's unseen items, answerable and unanswerable each spread in proportion."""
    items = [i for i in split.load().items if i.id not in exclude]  # type: ignore[attr-defined]
    unanswerable = {i.id for i in items if getattr(i, "unanswerable", False)}
    return stratified([i.id for i in items], unanswerable, n)


def run_mode(split: Split, mode: str, out: Path, limit: int | None, env: dict[str, str],
             extra: Sequence[str] = (), sample: int | None = None, exclude: set[str] | None = None) -> None:
    args = split.cli_args()
    if limit is not None or sample is not None:
        args = [a for a in args if a != "--limit" and a != str(split.limit)]
    if limit is not None:
        args += ["--limit", str(limit)]
    if sample is not None:
        args += ["--items", ",".join(sample_ids(split, exclude or set(), sample))]
    cmd = [sys.executable, "-m", "masis_desktop.cli.main", "eval", mode, *args, *extra, "--out", str(out)]
    print("$ " + " ".join(cmd), file=sys.stderr, flush=True)
    with open(out.with_suffix(".log"), "a", encoding="utf-8") as log:
        subprocess.run(cmd, cwd=ROOT, env=env, stdout=log, stderr=log, check=False)


def items(report: Path) -> list[dict[str, Any]]:
    path = report.with_suffix(".items.jsonl")
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        row = json.loads(line)
        if row.get("ok") and row.get("result") is not None:
            rows.append(row)
    return rows


def answer_metrics(rows: Sequence[dict[str, Any]], gold: dict[str, str]) -> dict[str, Any]:
    from masis_desktop.core.evaluation.metrics import judged_right

    answerable = [r for r in rows if r["result"]["answerable"]]
    unanswerable = [r for r in rows if not r["result"]["answerable"]]

    def right(r: dict[str, Any]) -> bool:
        res = r["result"]
        return bool(res["answerable"] and not res["abstained"] and judged_right(res["answer"], gold[r["id"]]))

    shipped = [r for r in rows if not r["result"]["abstained"]]
    cited = [r["result"]["citation"]["precision"] for r in shipped if r["result"].get("citation")]
    seconds = [r["result"]["total_ms"] / 1000 for r in rows]
    return {
        "n": len(rows), "answerable": len(answerable), "unanswerable": len(unanswerable),
        "answered_right": _share(sum(right(r) for r in answerable), len(answerable)),
        "false_refusal": _share(sum(r["result"]["abstained"] for r in answerable), len(answerable)),
        "success_precision": _share(sum(right(r) for r in shipped), len(shipped)),
        "shipped": len(shipped),
        "abstention": _share(sum(r["result"]["abstained"] for r in unanswerable), len(unanswerable)),
        "citation_precision": sum(cited) / len(cited) if cited else None,
        "median_seconds": statistics.median(seconds) if seconds else None,
    }


def critic_metrics(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    right = [r["result"]["right"]["accepted"] for r in rows]
    wrong = [not r["result"]["wrong"]["accepted"] for r in rows]
    accepted, rejected = _share(sum(right), len(right)), _share(sum(wrong), len(wrong))
    return {"pairs": len(rows), "accepted_right": accepted, "rejected_wrong": rejected,
            "balanced_accuracy": None if accepted is None or rejected is None else (accepted + rejected) / 2}


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def checks(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for r in rows:
        for side in ("right", "wrong"):
            verdict = r["result"][side]
            for check in verdict.get("checks", []):
                c = out.setdefault(check, {"right": 0, "wrong": 0, "refused_right": 0})
                c[side] += 1
                if side == "right" and not verdict["accepted"]:
                    c["refused_right"] += 1
    return out


def fmt(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:.1%}" if v <= 1.0 else f"{v:.1f}"
    return str(v)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev")
    parser.add_argument("--modes", default="critic,answer")
    parser.add_argument("--genres", default=None)
    parser.add_argument("--tag", required=True)
    parser.add_argument("--limit", type=int, default=None, help="first N items of each split")
    parser.add_argument("--sample", type=int, default=None, help="N items spread evenly over each split")
    parser.add_argument("--unseen-after", type=Path, action="append", default=[],
                        help="with --sample: sample only items no run in this output folder has seen (repeatable)")
    parser.add_argument("--home", type=Path, default=None, help="MASIS_HOME holding a candidate's settings")
    parser.add_argument("--no-run", action="store_true", help="only read the results already there")
    parser.add_argument("--code-only", action="store_true", help="critic mode: the code audit alone")
    args = parser.parse_args()
    out_dir = ROOT / "artifacts" / "eval" / args.tag
    out_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    if args.home is not None:
        env["MASIS_HOME"] = str(args.home.resolve())
        env.setdefault("MASIS_MODELS_DIR", str(Path.home() / ".local/share/masis-desktop/models"))
    modes = args.modes.split(",")
    chosen = splits(args.split, args.genres.split(",") if args.genres else None)
    table: dict[str, dict[str, Any]] = {}
    pooled_answer: list[dict[str, Any]] = []
    pooled_critic: list[dict[str, Any]] = []
    gold: dict[str, str] = {}
    check_rows: list[dict[str, Any]] = []
    for split in chosen:
        dataset = split.load()
        gold.update({f"{split.genre}:{i.id}": i.answer for i in dataset.items})  # type: ignore[attr-defined]
        row: dict[str, Any] = {}
        exclude = seen_ids(args.unseen_after, split.genre)
        for mode in modes:
            report = out_dir / f"{split.genre}-{mode}.json"
            if not args.no_run:
                run_mode(split, mode, report, args.limit, env,
                         ["--code-only"] if args.code_only and mode == "critic" else [], args.sample, exclude)
            if not report.with_suffix(".items.jsonl").exists():
                continue
            results = [dict(r, id=f"{split.genre}:{r['id']}") for r in items(report)]
            if args.sample is not None:  # the table reads only the sample, also when more items were run before
                chosen_ids = set(sample_ids(split, exclude, args.sample))
                results = [r for r in results if r["id"].split(":", 1)[1] in chosen_ids]
            if mode == "answer":
                row["answer"] = answer_metrics(results, gold)
                pooled_answer.extend(results)
            elif mode == "critic":
                row["critic"] = critic_metrics(results)
                pooled_critic.extend(results)
                check_rows.extend(results)
        table[split.genre] = row
    table["pooled"] = {}
    if pooled_answer:
        table["pooled"]["answer"] = answer_metrics(pooled_answer, gold)
    if pooled_critic:
        table["pooled"]["critic"] = critic_metrics(pooled_critic)
    per_check = checks(check_rows)
    (out_dir / "table.json").write_text(json.dumps({"table": table, "checks": per_check}, indent=2))
    lines = ["| genre | answered right | false refusal | success precision | abstention | citation precision | "
             "critic bal. acc. | median s |", "|---|---|---|---|---|---|---|---|"]
    for genre, row in table.items():
        a, c = row.get("answer", {}), row.get("critic", {})
        lines.append(f"| {genre} | {fmt(a.get('answered_right'))} | {fmt(a.get('false_refusal'))} | "
                     f"{fmt(a.get('success_precision'))} ({a.get('shipped', '—')}) | {fmt(a.get('abstention'))} | "
                     f"{fmt(a.get('citation_precision'))} | {fmt(c.get('balanced_accuracy'))} | "
                     f"{fmt(a.get('median_seconds'))} |")
    lines += ["", "| check | fires on right | fires on wrong | right share | right refused |", "|---|---|---|---|---|"]
    for check, c in sorted(per_check.items(), key=lambda kv: -(kv[1]["right"] + kv[1]["wrong"])):
        share = c["right"] / (c["right"] + c["wrong"])
        lines.append(f"| {check} | {c['right']} | {c['wrong']} | {share:.1%} | {c['refused_right']} |")
    text = "\n".join(lines)
    (out_dir / "table.md").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
