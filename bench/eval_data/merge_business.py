"""Merge the hand-written business question sets (``dev`` and the 42 ``heldout*`` files) into ONE dev file.

Why one file: 43 small sets, each "spent" after one run, made every change a 43-way comparison and invited mining
each blind set for rules. Merged, they are the business genre's dev split; ``business/test.jsonl`` (written blind,
in domains none of these use) is its test split.

What the merge keeps and changes:

- every item, with its text untouched, plus a tag ``source:<set>`` naming the file it came from;
- item ids: the old ids already carry their set (``dev-007``, ``ho-012``, ``h17-012``) and are kept, so notes and
  git history still find them; an id seen in an earlier set is prefixed ``<set>-`` (none is today);
- passage ids: a passage id that an earlier set uses with a different text is renamed ``<set>-<id>`` in every
  item of its set (none is today; a passage shared with identical text stays one passage);
- the order: the file's first lines must be a fair slice of the whole (the answer mode costs ~30 s per item on
  2 cores, so it is measured with ``--limit 80``). Items are sorted by (set, answerable first, kind tags, other
  tags, id) and then visited at golden-ratio strides through that list (position ``frac(k * 0.618...)`` for
  k = 0, 1, 2, ...): every prefix is then an evenly spaced systematic sample of the sorted list, so each set,
  the unanswerable share and the kinds of wrong answer appear in it in proportion. ``main`` checks the slice.

The sources are read from git (the files were removed after the merge), so the output can be rebuilt exactly:

    .venv/bin/python bench/eval_data/merge_business.py            # writes tests/data/eval/business/dev.jsonl
    .venv/bin/python bench/eval_data/merge_business.py --check    # exit 1 if the committed file differs
    .venv/bin/python bench/eval_data/merge_business.py --list-domains   # the domains in use, by first lines
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIR = "tests/data/eval"
# The last commit holding the 43 source files; reading them from here makes the merge reproducible after removal.
SOURCE_REV = "1284615"
OUT = ROOT / "tests/data/eval/business/dev.jsonl"
SLICE = 80  # what the lead measures with --limit
SLICE_MIN_UNANSWERABLE = 20
SLICE_MIN_PAIRS = 50
# A tag used by at least this many sets names a kind of item (own-passage, near-miss, ...), not a domain.
KIND_TAG_MIN_SETS = 3
GOLDEN = (math.sqrt(5) - 1) / 2

Item = dict[str, Any]


def _set_key(name: str) -> tuple[int, int]:
    """dev, heldout, heldout2, heldout3, ... (numeric order, so v10 follows v9)."""
    if name == "dev":
        return (0, 0)
    digits = name.removeprefix("heldout")
    return (1, int(digits) if digits else 1)


def read_sources_from_git(rev: str) -> dict[str, list[Item]]:
    """Every ``dev``/``heldout*`` JSONL file of ``SOURCE_DIR`` at ``rev``, parsed, keyed by set name."""
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", f"{rev}:{SOURCE_DIR}"],
                             check=True, capture_output=True, text=True).stdout.split()
    names = [n.removesuffix(".jsonl") for n in listing
             if re.fullmatch(r"(dev|heldout\d*)\.jsonl", n)]
    sets: dict[str, list[Item]] = {}
    for name in sorted(names, key=_set_key):
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{SOURCE_DIR}/{name}.jsonl"],
                              check=True, capture_output=True, text=True).stdout
        sets[name] = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not sets:
        raise SystemExit(f"no dev/heldout*.jsonl under {SOURCE_DIR} at {rev}")
    return sets


def unify_ids(sets: dict[str, list[Item]]) -> dict[str, list[Item]]:
    """Item and passage ids unique across sets (see the module docstring); returns renamed copies."""
    seen_items: set[str] = set()
    passage_text: dict[str, str] = {}
    out: dict[str, list[Item]] = {}
    for name, items in sets.items():
        clashes = {p["id"] for it in items for p in it["passages"]
                   if p["id"] in passage_text and passage_text[p["id"]] != p["text"]}
        renamed: list[Item] = []
        for item in items:
            new = dict(item)
            if new["id"] in seen_items:
                new["id"] = f"{name}-{new['id']}"
            seen_items.add(new["id"])
            new["passages"] = [{"id": f"{name}-{p['id']}" if p["id"] in clashes else p["id"], "text": p["text"]}
                               for p in item["passages"]]
            new["tags"] = [*item.get("tags", []), f"source:{name}"]
            renamed.append(new)
        for item in renamed:
            for p in item["passages"]:
                passage_text.setdefault(p["id"], p["text"])
        out[name] = renamed
    return out


def kind_tags(sets: dict[str, list[Item]]) -> set[str]:
    """Tags shared by several sets: they say what kind of item it is, where a set's own tags name its domains."""
    used_by: Counter[str] = Counter()
    for items in sets.values():
        for tag in {t for it in items for t in it.get("tags", [])}:
            used_by[tag] += 1
    return {t for t, n in used_by.items() if n >= KIND_TAG_MIN_SETS}


def spread_order(sets: dict[str, list[Item]]) -> list[Item]:
    """All items, ordered so that every prefix is an even sample of (set, answerability, kind) — see the docstring."""
    kinds = kind_tags(sets)

    def key(name: str, item: Item) -> tuple[Any, ...]:
        tags = [t for t in item.get("tags", []) if not t.startswith("source:")]
        return (_set_key(name), bool(item.get("unanswerable", False)),
                sorted(t for t in tags if t in kinds), sorted(t for t in tags if t not in kinds), item["id"])

    ordered = [item for _, item in sorted(((n, it) for n, items in sets.items() for it in items),
                                          key=lambda pair: key(*pair))]
    total = len(ordered)
    # position k of the visit order takes the item at floor(frac(k * golden) * total); collisions take the next free
    taken = [False] * total
    result: list[Item] = []
    for k in range(total):
        slot = int(((k * GOLDEN) % 1.0) * total)
        while taken[slot]:
            slot = (slot + 1) % total
        taken[slot] = True
        result.append(ordered[slot])
    return result


def check_slice(items: list[Item], set_names: list[str]) -> list[str]:
    """What the first ``SLICE`` lines lack of a representative slice (empty when it is fine)."""
    head = items[:SLICE]
    problems: list[str] = []
    unanswerable = sum(bool(it.get("unanswerable")) for it in head)
    pairs = sum(not it.get("unanswerable") and bool(it.get("hallucinated_answer")) for it in head)
    sources = {t for it in head for t in it["tags"] if t.startswith("source:")}
    if unanswerable < SLICE_MIN_UNANSWERABLE:
        problems.append(f"only {unanswerable} unanswerable items in the first {SLICE}")
    if pairs < SLICE_MIN_PAIRS:
        problems.append(f"only {pairs} right/wrong pairs in the first {SLICE}")
    missing = [n for n in set_names if f"source:{n}" not in sources]
    if missing:
        problems.append(f"sets missing from the first {SLICE}: {', '.join(missing)}")
    return problems


def render(items: list[Item]) -> str:
    return "".join(json.dumps(it, ensure_ascii=False) + "\n" for it in items)


def list_domains(sets: dict[str, list[Item]]) -> None:
    """Print each set's domain tags and the first sentence of each distinct passage (a page's title line).

    Used before writing a new blind set, to pick domains no set uses, without reading any item's answers."""
    kinds = kind_tags(sets)
    for name, items in sets.items():
        domains = sorted({t for it in items for t in it.get("tags", []) if t not in kinds and ":" not in t})
        print(f"== {name}: {', '.join(domains)}")
        seen: set[str] = set()
        for item in items:
            for p in item["passages"]:
                if p["id"] in seen:
                    continue
                seen.add(p["id"])
                first = re.split(r"(?<=[.!?])\s", p["text"].strip(), maxsplit=1)[0]
                print(f"   {first[:110]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rev", default=SOURCE_REV, help="git revision holding the source files")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    parser.add_argument("--list-domains", action="store_true", help="print the domains the sets use and exit")
    args = parser.parse_args(argv)
    sets = read_sources_from_git(args.rev)
    if args.list_domains:
        list_domains(sets)
        return 0
    merged = spread_order(unify_ids(sets))
    problems = check_slice(merged, list(sets))
    if problems:
        print("the first lines are not a representative slice: " + "; ".join(problems), file=sys.stderr)
        return 1
    text = render(merged)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'matches' if same else 'DIFFERS from'} the merge of {len(sets)} sets at {args.rev}")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    head = merged[:SLICE]
    print(f"{args.out}: {len(merged)} items from {len(sets)} sets "
          f"({sum(bool(i.get('unanswerable')) for i in merged)} unanswerable), sha256 {digest}")
    print(f"first {SLICE}: {sum(bool(i.get('unanswerable')) for i in head)} unanswerable, "
          f"{sum(not i.get('unanswerable') and bool(i.get('hallucinated_answer')) for i in head)} pairs, "
          f"{len({t for i in head for t in i['tags'] if t.startswith('source:')})} sets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
