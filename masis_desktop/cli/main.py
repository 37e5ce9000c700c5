"""Entry point of ``masis``. Each command group lives in its own module exposing ``register(subparsers)``.

Errors from the core (``MasisError``) are shown here, in one place, as a one-line message and an exit code.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
from collections.abc import Sequence
from typing import Literal

import masis_desktop
from masis_desktop.errors import CancelledError, MasisError

# One module per command group; each defines register(subparsers) and sets a ``func`` default.
COMMAND_MODULES = [
    "masis_desktop.cli.models_cmd",
    "masis_desktop.cli.workspace_cmd",
    "masis_desktop.cli.eval_cmd",
    "masis_desktop.cli.ask_cmd",
    "masis_desktop.cli.serve_cmd",
    "masis_desktop.cli.mcp_cmd",
    "masis_desktop.cli.checks_cmd",
]
# Commands that load models check the machine first (core/sysreq.py): a clear message instead of SIGILL or OOM.
SYSREQ_COMMANDS: dict[str, Literal["ask", "ingest"]] = {"ask": "ask", "critique": "ask", "ingest": "ingest"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="masis",
        description="MASIS Desktop: answers over your own documents, each one proven with citations. Offline.",
    )
    parser.add_argument("--version", action="version", version=f"masis {masis_desktop.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if hasattr(signal, "SIGPIPE"):  # `masis ... | head` should end quietly, not with a traceback
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        if args.command in SYSREQ_COMMANDS:
            from masis_desktop.core import sysreq

            sysreq.require(SYSREQ_COMMANDS[args.command])
        return int(args.func(args) or 0)
    except CancelledError:
        print("cancelled", file=sys.stderr)
        return CancelledError.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except MasisError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
