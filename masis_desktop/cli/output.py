"""Shared output helpers for CLI commands."""

from __future__ import annotations

import json
import sys
from typing import Any


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False, default=str)
    sys.stdout.write("\n")
    sys.stdout.flush()


def eprint(*parts: object) -> None:
    print(*parts, file=sys.stderr, flush=True)
