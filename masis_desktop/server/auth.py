"""The bearer token of ``masis serve``: generated on first start, stored in the user's config folder with mode
0600 (only the user can read it), compared in constant time.

Why a token even on loopback: any local process (a browser page through DNS rebinding, another user's process on a
shared machine) can reach 127.0.0.1, and the API reads the user's documents and history and spends model time.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from masis_desktop import paths
from masis_desktop.errors import MasisError

TOKEN_FILE = "serve-token"
TOKEN_BYTES = 32


def token_path() -> Path:
    return paths.config_dir() / TOKEN_FILE


def read_token(path: Path | None = None) -> str | None:
    """The stored token, or None when there is none; refuses a token file others can read."""
    path = path or token_path()
    try:
        mode = path.stat().st_mode & 0o777
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise MasisError(f"cannot read the API token {path}: {exc.strerror or exc}") from exc
    if os.name == "posix" and mode & 0o077:
        raise MasisError(f"the API token {path} is readable by other users (mode {mode:o}); run `chmod 600 {path}` "
                         "or `masis serve token --regenerate`")
    if len(text) < 16:
        raise MasisError(f"the API token {path} is too short to be one; run `masis serve token --regenerate`")
    return text


def create_token(path: Path | None = None) -> str:
    """Write a new random token (replacing any old one), readable by the user only."""
    path = path or token_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # 0600 from the start: never readable by others
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(token + "\n")
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return token


def load_or_create_token(path: Path | None = None) -> str:
    return read_token(path) or create_token(path)


def matches(expected: str, given: str | None) -> bool:
    return given is not None and secrets.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))
