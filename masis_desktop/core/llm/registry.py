"""Which model file serves which role, and whether it may be loaded.

Search order for a manifest model: the bundled-models folder next to the installed app, then the user's model
store (``MASIS_HOME/models``). A role the user pointed at their own GGUF (``masis models use``) resolves to that
file, verified against the hash recorded at registration. Nothing is loaded unless it verifies.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from masis_desktop import paths
from masis_desktop.core.llm.gguf import read_header
from masis_desktop.core.llm.manifest import (
    Manifest,
    ModelEntry,
    file_is_safe_to_read,
    load_manifest,
    sha256_file,
    tree_sha256,
    verify_file,
    verify_folder,
)
from masis_desktop.errors import ModelError, ModelMissingError, ModelVerificationError
from masis_desktop.settings import LLM_ROLES, RoleOverride, Settings, load_settings, save_settings

FETCH_HINT = "run `masis models fetch` (or `make run`) to download and verify it"
Source = Literal["bundled", "store", "user"]


@dataclass(frozen=True)
class ResolvedModel:
    name: str
    role: str
    kind: str
    path: Path
    bytes: int
    sha256: str
    source: Source
    entry: ModelEntry | None = None

    def verify(self, *, full: bool = False) -> tuple[bool, str]:
        if self.entry is not None and self.entry.kind == "sentence-transformers":
            return verify_folder(self.path, self.entry.files, full=full)
        return verify_file(self.path, self.sha256, self.bytes, full=full)


def manifest_location(entry: ModelEntry) -> tuple[Path, Source]:
    """Where a manifest model is (bundled first), or where it will be fetched to."""
    bundled = paths.bundled_models_dir()
    if bundled is not None and (bundled / entry.file).exists():
        return bundled / entry.file, "bundled"
    return paths.models_dir() / entry.file, "store"


def from_entry(entry: ModelEntry, role: str) -> ResolvedModel:
    path, source = manifest_location(entry)
    return ResolvedModel(entry.name, role, entry.kind, path, entry.bytes, entry.sha256, source, entry)


def resolve(role: str, settings: Settings | None = None, manifest: Manifest | None = None) -> ResolvedModel:
    """The model configured for ``role`` (not yet verified)."""
    settings = settings or load_settings()
    override = settings.models.overrides.get(role) if role in LLM_ROLES else None
    if override is not None:
        path = Path(override.path)
        return ResolvedModel(path.stem, role, "gguf", path, override.bytes, override.sha256, "user")
    manifest = manifest or load_manifest()
    return from_entry(manifest.by_role(role), role)


def require(role: str, settings: Settings | None = None, manifest: Manifest | None = None) -> ResolvedModel:
    """Resolve ``role`` and verify it; raise a clear error naming the fix if it cannot be used."""
    model = resolve(role, settings, manifest)
    if not model.path.exists():
        if model.source == "user":
            raise ModelMissingError(
                f"the {role} model {model.path} no longer exists; point the role at a file with "
                f"`masis models use {role} PATH.gguf` or remove the override in Settings"
            )
        raise ModelMissingError(f"the {role} model {model.name} is missing ({model.path}); {FETCH_HINT}")
    ok, reason = model.verify()
    if not ok:
        hint = FETCH_HINT if model.source != "user" else f"re-register it with `masis models use {role} PATH`"
        raise ModelVerificationError(
            f"refusing to load the {role} model {model.path}: {reason}; {hint}"
        )
    return model


def status(settings: Settings | None = None, *, full: bool = False) -> list[dict[str, Any]]:
    """One row per manifest model, plus one per user override; ``verified`` is a real check."""
    settings = settings or load_settings()
    manifest = load_manifest()
    rows: list[dict[str, Any]] = []
    for entry in manifest.models:
        model = from_entry(entry, entry.role)
        ok, reason = model.verify(full=full)
        row: dict[str, Any] = {
            "name": entry.name,
            "role": entry.role,
            "roles": entry.roles,
            "kind": entry.kind,
            "path": str(model.path),
            "bytes": entry.bytes,
            "sha256": entry.sha256,
            "verified": ok,
            "status": reason,
            "source": model.source,
            "licence": entry.licence,
        }
        if entry.kind == "sentence-transformers":
            row["tree_sha256"] = tree_sha256(entry.files)
        rows.append(row)
    for role, override in settings.models.overrides.items():
        path = Path(override.path)
        ok, reason = verify_file(path, override.sha256, override.bytes, full=full)
        rows.append({
            "name": path.stem, "role": role, "roles": [role], "kind": "gguf", "path": str(path),
            "bytes": override.bytes, "sha256": override.sha256, "verified": ok, "status": reason,
            "source": "user", "licence": "user-supplied",
        })
    return rows


def check_gguf(path: Path) -> str:
    """Validate a user-supplied GGUF file; return its ``general.name`` (or file stem) or raise ``ModelError``."""
    reason = file_is_safe_to_read(path)
    if reason:
        raise ModelError(f"cannot use {path}: {reason}")
    if path.stat().st_size < 1024:
        raise ModelError(f"cannot use {path}: file is too small to be a model ({path.stat().st_size} bytes)")
    header = read_header(path)
    if header.tensor_count == 0:
        raise ModelError(f"cannot use {path}: the GGUF file contains no tensors")
    return header.name or path.stem


def register_user_model(role: str, path: Path, settings: Settings | None = None) -> RoleOverride:
    """Point ``role`` at the user's own GGUF after checking it; the hash is recorded for later verification."""
    if role not in LLM_ROLES:
        raise ModelError(f"unknown role {role!r}; choose one of {', '.join(LLM_ROLES)}")
    path = path.expanduser().resolve()
    check_gguf(path)
    override = RoleOverride(path=str(path), sha256=sha256_file(path), bytes=path.stat().st_size)
    settings = settings or load_settings()
    settings.models.overrides[role] = override
    save_settings(settings)
    verify_file(path, override.sha256, override.bytes)  # records the stamp
    return override


def clear_user_model(role: str, settings: Settings | None = None) -> None:
    settings = settings or load_settings()
    settings.models.overrides.pop(role, None)  # type: ignore[call-overload]
    save_settings(settings)
