"""User settings: nested pydantic models stored as JSON in ``MASIS_HOME/config/settings.json``.

Unknown keys are rejected (``extra="forbid"``) so a typo in a hand-edited file is reported, not ignored.
Writes are atomic (temp file + ``os.replace``) so a crash never leaves a half-written settings file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from masis_desktop import paths
from masis_desktop.errors import SettingsError

LLMRole = Literal["synthesizer", "critic", "evaluator"]
LLM_ROLES: tuple[LLMRole, ...] = ("synthesizer", "critic", "evaluator")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class RoleOverride(_Strict):
    """A user's own GGUF for one role, with the hash recorded when it was registered."""

    path: str
    sha256: str
    bytes: int


class ModelSettings(_Strict):
    overrides: dict[LLMRole, RoleOverride] = Field(default_factory=dict)
    n_threads: int | None = Field(default=None, ge=1, le=256)  # None = number of cores
    n_ctx: int = Field(default=4096, ge=512, le=131072)
    n_batch: int = Field(default=256, ge=16, le=4096)


class RetrievalSettings(_Strict):
    k_first: int = Field(default=10, ge=1, le=200)
    k_retry: int = Field(default=20, ge=1, le=400)
    threshold_first: float = Field(default=0.60, ge=0.0, le=1.0)
    threshold_retry: float = Field(default=0.55, ge=0.0, le=1.0)
    # When passages exist but none reaches threshold_first, the writer restates the question in document words
    # once and the search is repeated (core/agents/researcher.py); off = the seed's rule with no model call.
    restate_when_filtered: bool = True


class PipelineSettings(_Strict):
    max_retries: int = Field(default=2, ge=0, le=10)
    low_conf_threshold: float = Field(default=0.65, ge=0.0, le=1.0)
    max_context_chars: int = Field(default=6000, ge=500, le=200_000)
    strictness: Literal["lenient", "moderate", "strict"] = "moderate"
    synth_max_tokens: int = Field(default=320, ge=32, le=4096)
    # Evidence budget of every prompt, in tokens: prefill is the wait on a CPU (0.5B ≈ 75 tok/s), so the
    # synthesizer sees only the sentences that matter (extractive, ids kept); larger machines may raise it.
    context_tokens: int = Field(default=360, ge=64, le=16000)


class IngestSettings(_Strict):
    max_file_mb: float = Field(default=100.0, gt=0)
    chunk_tokens: int = Field(default=160, ge=32, le=512)
    chunk_overlap_tokens: int = Field(default=32, ge=0, le=256)
    embed_batch_size: int = Field(default=64, ge=1, le=1024)
    # MiniLM on ONNX Runtime int8 (2.5x faster on CPU, same recall; core/ingest/onnx_encoder.py) or plain torch.
    embed_backend: Literal["onnx-int8", "torch"] = "onnx-int8"



class Settings(_Strict):
    models: ModelSettings = Field(default_factory=ModelSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    pipeline: PipelineSettings = Field(default_factory=PipelineSettings)
    ingest: IngestSettings = Field(default_factory=IngestSettings)


def load_settings(path: Path | None = None) -> Settings:
    """Read settings; a missing file means defaults, an invalid file is a clear ``SettingsError``."""
    path = path or paths.settings_path()
    if not path.exists():
        return Settings()
    try:
        return Settings.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise SettingsError(f"settings file {path} is invalid: {exc}") from exc


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    path = path or paths.settings_path()
    atomic_write_text(path, settings.model_dump_json(indent=2))
    return path


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so readers see either the old or the new content, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
