"""Write ``core/checks/measured.json``: each check's firings on right and wrong answers across the genres.

Reads the critic-mode results ``bench/eval_genres.py`` left under ``artifacts/eval/<tag>/<genre>-critic.items.jsonl``
(one or more tags: a ``--code-only`` run for the code checks, a run with the model for the model checks; the first
tag that has a genre's results is used for each check family). A check's **right share** is the share of its
firings that landed on right answers, with each genre weighted equally (firings per pair, so a genre with more
pairs does not outvote the others): a check written for price lists that refuses right answers on Wikipedia
questions shows it even if price lists give it many catches. ``registry.DEFAULT_LOWER`` reads the file: a refusing
check over 2 % only lowers confidence by default. The file's ``answer_mode`` block (firings in answer-mode runs,
judged by hand, for checks the critic mode cannot see: both answers of a pair cite the same gold passage) is
written by hand and kept as it is.

    .venv/bin/python bench/check_defaults.py --code s33-code-base --model s33-critic-base [--dry-run]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.genres import ROOT, SPLITS

OUT = ROOT / "masis_desktop" / "core" / "checks" / "measured.json"


def firings(path: Path, model: bool) -> tuple[int, dict[str, dict[str, int]]]:
    """Pairs, and per check id its firings on right and on wrong answers (model checks only, or code only)."""
    counts: dict[str, dict[str, int]] = {}
    pairs = 0
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        row = json.loads(line)
        if not row.get("ok") or row.get("result") is None:
            continue
        pairs += 1
        for side in ("right", "wrong"):
            for check in row["result"][side].get("checks", []):
                if check.startswith("model.") != model:
                    continue
                counts.setdefault(check, {"right": 0, "wrong": 0})[side] += 1
    return pairs, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", required=True, help="tag of the critic runs read for the code checks")
    parser.add_argument("--model", default=None, help="tag of the critic runs read for the model checks")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    per_genre: dict[str, dict[str, Any]] = {}
    checks: dict[str, dict[str, Any]] = {}
    for genre in SPLITS:
        for tag, model in ((args.code, False), (args.model, True)):
            if tag is None:
                continue
            path = ROOT / "artifacts" / "eval" / tag / f"{genre}-critic.items.jsonl"
            if not path.exists():
                continue
            pairs, counts = firings(path, model)
            per_genre.setdefault(genre, {})["model" if model else "code"] = {"tag": tag, "pairs": pairs}
            for check, c in counts.items():
                row = checks.setdefault(check, {"right": 0, "wrong": 0, "right_rate": 0.0, "wrong_rate": 0.0,
                                                "genres": {}})
                row["right"] += c["right"]
                row["wrong"] += c["wrong"]
                row["right_rate"] += c["right"] / pairs
                row["wrong_rate"] += c["wrong"] / pairs
                row["genres"][genre] = c
    for row in checks.values():
        total = row["right_rate"] + row["wrong_rate"]
        row["right_share"] = round(row["right_rate"] / total, 4) if total else None
        del row["right_rate"], row["wrong_rate"]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=False).stdout.strip()
    data = {"measured_on": commit, "split": "dev", "weighting": "each genre equally (firings per pair)",
            "genres": per_genre, "checks": dict(sorted(checks.items()))}
    if OUT.exists():  # answer-mode firings are judged by hand, not by this script: carried over as they are
        previous = json.loads(OUT.read_text(encoding="utf-8"))
        if "answer_mode" in previous:
            data["answer_mode"] = previous["answer_mode"]
    for check, row in sorted(checks.items(), key=lambda kv: -(kv[1]["right_share"] or 0)):
        print(f"{check:36} right {row['right']:4} wrong {row['wrong']:4} right share "
              f"{(row['right_share'] or 0):6.1%}")
    if not args.dry_run:
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
