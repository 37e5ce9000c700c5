"""Which model file serves which role, and whether it may be loaded.

Search order for a manifest model: the bundled-models folder next to the installed app, then the user's model
store (``MASIS_HOME/models``). A role the user pointed at their own GGUF (``masis models use``) resolves to that
file, verified against the hash recorded at registration. Nothing is loaded unless it verifies.

A role the user pointed at an OpenAI-compatible server (``masis models use ROLE --server URL --model NAME``)
resolves to that server instead, whatever file it would otherwise use: its ``name`` says the backend
(``server:<model>@<url>``), its ``path`` is only a key (never opened) and its size is 0 (no local memory).
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
from masis_desktop.settings import (
    LLM_ROLES,
    RoleOverride,
    ServerBackend,
    Settings,
    load_settings,
    save_settings,
)

FETCH_HINT = "run `masis models fetch` (or `make run`) to download and verify it"
Source = Literal["bundled", "store", "user", "server"]


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
    server: ServerBackend | None = None

    def verify(self, *, full: bool = False) -> tuple[bool, str]:
        if self.server is not None:  # nothing on disk; reachability is checked by ``server_status`` and on use
            return True, "served by an inference server"
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
    server = settings.models.servers.get(role) if role in LLM_ROLES else None
    if server is not None:
        return from_server(role, server)
    override = settings.models.overrides.get(role) if role in LLM_ROLES else None
    if override is not None:
        path = Path(override.path)
        return ResolvedModel(path.stem, role, "gguf", path, override.bytes, override.sha256, "user")
    manifest = manifest or load_manifest()
    return from_entry(manifest.by_role(role), role)


def require(role: str, settings: Settings | None = None, manifest: Manifest | None = None) -> ResolvedModel:
    """Resolve ``role`` and verify it; raise a clear error naming the fix if it cannot be used."""
    model = resolve(role, settings, manifest)
    if model.server is not None:  # an unreachable server is a clear ModelServerError on its first call
        return model
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
    for role, backend in settings.models.servers.items():
        ok, reason = server_status(role, backend)
        rows.append({
            "name": from_server(role, backend).name, "role": role, "roles": [role], "kind": "openai-server",
            "path": backend.url, "bytes": 0, "sha256": "", "verified": ok, "status": reason, "source": "server",
            "licence": "server-side", "model": backend.model, "api_key_env": backend.api_key_env,
        })
    return rows


def from_server(role: str, backend: ServerBackend) -> ResolvedModel:
    from masis_desktop.core.llm.openai_backend import server_model_name

    name = server_model_name(backend)
    return ResolvedModel(name, role, "openai-server", Path(name), 0, "", "server", None, backend)


def server_status(role: str, backend: ServerBackend) -> tuple[bool, str]:
    """Whether the server answers and lists the model (a real request, bounded by a few seconds)."""
    from masis_desktop.core.llm.openai_backend import check_server

    try:
        return True, check_server(backend, role)
    except ModelError as exc:
        return False, str(exc)


def register_server(role: str, url: str, model: str, api_key_env: str | None = None, *,
                    settings: Settings | None = None, check: bool = True, timeout_s: float | None = None,
                    max_concurrent: int | None = None) -> ServerBackend:
    """Serve ``role`` from an OpenAI-compatible server (replacing a local file for that role). With ``check``
    the server must answer and list the model first, so a typo is caught here rather than mid-question."""
    from pydantic import ValidationError

    if role not in LLM_ROLES:
        raise ModelError(f"unknown role {role!r}; choose one of {', '.join(LLM_ROLES)}")
    extra: dict[str, object] = {}
    if timeout_s is not None:
        extra["timeout_s"] = timeout_s
    if max_concurrent is not None:
        extra["max_concurrent"] = max_concurrent
    try:
        backend = ServerBackend(url=url, model=model, api_key_env=api_key_env or None, **extra)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ModelError(f"cannot use that server for the {role}: {problems}") from exc
    if check:
        ok, reason = server_status(role, backend)
        if not ok:
            raise ModelError(f"{reason} (nothing was changed; add --no-check to save it anyway)")
    settings = settings or load_settings()
    settings.models.servers[role] = backend
    settings.models.overrides.pop(role, None)
    save_settings(settings)
    return backend


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
    settings.models.servers.pop(role, None)
    save_settings(settings)
    verify_file(path, override.sha256, override.bytes)  # records the stamp
    return override


def clear_user_model(role: str, settings: Settings | None = None) -> None:
    """Back to the manifest's model for ``role``: forgets both the user's own file and a server."""
    settings = settings or load_settings()
    settings.models.overrides.pop(role, None)  # type: ignore[call-overload]
    settings.models.servers.pop(role, None)  # type: ignore[call-overload]
    save_settings(settings)
