"""What a per-item result depends on besides the dataset, so a resumed run never mixes stale results in.

Models are named by file hash (a user's own GGUF included), settings by value, and the pipeline's code by a hash
of its source files: editing a prompt or a threshold during tuning makes earlier results non-reusable.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import masis_desktop
from masis_desktop.settings import Settings

# What per-item results depend on: the pipeline and its checks, retrieval, ingest (readers and chunker decide what
# a folder of whole documents becomes), and the harness's per-item code (not its reporting).
_CODE_PATHS = ("core/pipeline", "core/checks", "core/grounding", "core/text", "core/ingest",
               "core/store/search.py", "core/store/calibration.py", "core/store/terms.py",
               "core/evaluation/retrieval_mode.py", "core/evaluation/critic_mode.py",
               "core/evaluation/answer_mode.py", "core/evaluation/judge.py", "core/evaluation/metrics.py",
               "core/evaluation/workspace.py", "core/evaluation/corpus.py", "core/evaluation/folder.py",
               "core/evaluation/folder_workspace.py", "core/evaluation/checks_table.py")


def code_hash() -> str:
    """sha256 over the source files per-item results depend on (or the app version in a frozen bundle)."""
    root = Path(masis_desktop.__file__).resolve().parent
    digest = hashlib.sha256()
    found = False
    for rel in _CODE_PATHS:
        target = root / rel
        files = sorted(target.rglob("*.py")) if target.is_dir() else [target]
        for path in files:
            if path.is_file():
                found = True
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    if not found:  # a frozen bundle ships bytecode only: the version is what identifies the code
        return f"version:{masis_desktop.__version__}"
    return digest.hexdigest()[:16]


def models_config(roles: tuple[str, ...], settings: Settings) -> dict[str, Any]:
    from masis_desktop.core.llm import registry

    out: dict[str, Any] = {}
    for role in roles:
        model = registry.resolve(role, settings)
        out[role] = {"name": model.name, "sha256": model.sha256}
    return out


def pipeline_config(roles: tuple[str, ...], settings: Settings, **extra: Any) -> dict[str, Any]:
    return {
        "models": models_config((*roles, "embedder"), settings),
        "settings": {
            "retrieval": settings.retrieval.model_dump(mode="json"),
            "pipeline": settings.pipeline.model_dump(mode="json"),
            "ingest": settings.ingest.model_dump(mode="json"),
            "n_ctx": settings.models.n_ctx,
        },
        "code": code_hash(),
        **extra,
    }
