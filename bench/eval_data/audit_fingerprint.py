"""Fingerprint the code audit's verdicts on the business dev split, to prove a refactor changed no behaviour.

Moving functions between modules (splitting a long module, renaming a private helper public) must not change what
the audit decides. This script audits, for every item of ``tests/data/eval/business/dev.jsonl`` that has a
``hallucinated_answer``, both the right and the wrong answer, each written as one cited sentence
``"<answer> [<first passage id>]."``, against that item's passages (each passage one ``SearchHit`` of its own
document), with the item's ``question``. It prints how many answers it audited and a sha256 of the JSON of every
result's ``(needs_retry, penalty_factor, fired)``: run it before and after a refactor; the hash must not change.

Pure code (no models, no embedder, no network): ``python bench/eval_data/audit_fingerprint.py [DEV_JSONL]``.
Use ``--dump PATH`` to write the per-answer results too, to diff when the hashes differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.schemas import SearchHit

DEV = Path(__file__).resolve().parents[2] / "tests" / "data" / "eval" / "business" / "dev.jsonl"


def hits_of(item: dict[str, Any]) -> list[SearchHit]:
    """The item's passages as search hits, one document each (ids and order fixed, so the run is repeatable)."""
    return [SearchHit(chunk_id=p["id"], document=f"{p['id']}.md", document_id=n, char_start=0,
                      char_end=len(p["text"]), text=p["text"], relevance=0.8)
            for n, p in enumerate(item["passages"], 1)]


def cited(answer: str, passage_id: str) -> str:
    """The answer as one sentence citing ``passage_id`` (a trailing full stop moves after the citation)."""
    return f"{answer.strip().rstrip('.')} [{passage_id}]."


def results(path: Path) -> list[dict[str, Any]]:
    """Per audited answer: the item id, which answer (right/wrong) and the audit's retry, factor and fired ids."""
    out: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        if not item.get("hallucinated_answer") or not item.get("passages"):
            continue
        hits = hits_of(item)
        for kind in ("answer", "hallucinated_answer"):
            audit = audit_answer(cited(item[kind], hits[0].chunk_id), hits, question=item["question"])
            out.append({"id": item["id"], "kind": kind, "needs_retry": audit.audit.needs_retry,
                        "penalty_factor": audit.audit.penalty_factor, "fired": audit.fired})
    return out


def fingerprint(rows: list[dict[str, Any]]) -> str:
    """sha256 of the JSON of every row's (needs_retry, penalty_factor, fired), in file order."""
    payload = [[r["needs_retry"], r["penalty_factor"], r["fired"]] for r in rows]
    return hashlib.sha256(json.dumps(payload, separators=(",", ":")).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dev", nargs="?", type=Path, default=DEV, help="a JSONL eval split (default: business dev)")
    parser.add_argument("--dump", type=Path, help="also write every result as JSON lines to this file")
    args = parser.parse_args()
    rows = results(args.dev)
    if args.dump:
        args.dump.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} answers audited; sha256 {fingerprint(rows)}")


if __name__ == "__main__":
    main()
