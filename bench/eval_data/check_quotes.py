"""Check a folder question file before any run: schema, sizes, and that every quote is in its document's text.

    .venv/bin/python bench/eval_data/check_quotes.py artifacts/eval-data/docs/dev tests/data/eval/docs/dev.jsonl

Reads each cited document with the app's own readers (no workspace, no encoder: seconds) and locates each quote
exactly as ``masis eval`` will (``folder.find_spans``). Prints the item counts and one line per problem; exit 1
when a quote is missing, the split is smaller than issue 41 asks (60 items, 15 unanswerable), or an answerable
item has no wrong twin. ``--show`` prints each quote's surroundings, for reading the set by hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from masis_desktop.core.evaluation.folder import find_spans, load_folder_dataset  # noqa: E402
from masis_desktop.core.ingest.readers import read_file  # noqa: E402

MIN_ITEMS, MIN_UNANSWERABLE = 60, 15


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("docs", type=Path)
    parser.add_argument("questions", type=Path)
    parser.add_argument("--show", action="store_true", help="print every quote in its context")
    parser.add_argument("--no-size-check", action="store_true", help="a small set (tests/data/eval/sample)")
    args = parser.parse_args(argv)
    data = load_folder_dataset(args.docs, args.questions)
    texts: dict[str, str] = {}
    problems: list[str] = []
    for item in data.items:
        for ev in item.evidence:
            if ev.file not in texts:
                path = args.docs / ev.file
                texts[ev.file] = "\n".join(p.text for p in read_file(path, path.read_bytes()).pages)
            spans = find_spans(texts[ev.file], ev.quote)
            if not spans:
                problems.append(f"{data.where(item)}: quote not found in {ev.file}: {ev.quote[:70]!r}")
            elif args.show:
                start, end = spans[0]
                text = texts[ev.file]
                print(f"--- {item.id} ({ev.file}, {len(spans)} place(s)) Q: {item.question}\n    A: {item.answer}"
                      f" | wrong: {item.hallucinated_answer}\n    ...{text[max(0, start - 80):end + 80]!r}...")
    unanswerable = sum(1 for i in data.items if i.unanswerable)
    unpaired = [i.id for i in data.items if not i.unanswerable and not i.has_pair]
    if not args.no_size_check and (len(data.items) < MIN_ITEMS or unanswerable < MIN_UNANSWERABLE):
        problems.append(f"{len(data.items)} items, {unanswerable} unanswerable: at least {MIN_ITEMS} and "
                        f"{MIN_UNANSWERABLE} are needed")
    if unpaired:
        problems.append(f"answerable items without a hallucinated_answer: {', '.join(unpaired)}")
    print(f"{args.questions}: {len(data.items)} items, {unanswerable} unanswerable, "
          f"{len(data.items) - unanswerable - len(unpaired)} pairs, {len(texts)} documents cited")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
