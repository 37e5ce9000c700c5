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

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from masis_desktop import paths
from masis_desktop.errors import SettingsError

LLMRole = Literal["synthesizer", "critic", "evaluator"]
Strictness = Literal["lenient", "moderate", "strict"]
LLM_ROLES: tuple[LLMRole, ...] = ("synthesizer", "critic", "evaluator")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class RoleOverride(_Strict):
    """A user's own GGUF for one role, with the hash recorded when it was registered."""

    path: str
    sha256: str
    bytes: int


class ServerBackend(_Strict):
    """A role served by an OpenAI-compatible inference server (llama.cpp's server, vLLM, Ollama) instead of a local
    GGUF: a team shares one big model on one machine (docs/SERVING.md). The key itself is never stored, only the name
    of the environment variable that holds it, so settings.json can be shared or backed up without leaking it."""

    url: str  # the API root, ending in /v1 (added when the user gives only scheme://host:port)
    model: str = Field(min_length=1, max_length=200)
    api_key_env: str | None = Field(default=None, pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")
    timeout_s: float = Field(default=120.0, gt=0, le=3600)  # one call, first byte to last
    max_concurrent: int = Field(default=1, ge=1, le=64)  # calls sent at once (llama.cpp server --parallel N)

    @field_validator("url")
    @classmethod
    def _api_root(cls, value: str) -> str:
        from urllib.parse import urlsplit

        value = value.strip().rstrip("/")
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"{value!r} is not an http(s) URL such as http://127.0.0.1:8080/v1")
        if parts.query or parts.fragment or parts.username or parts.password:
            raise ValueError("the server URL takes no query, fragment or credentials (use api_key_env for a key)")
        return value if parts.path else value + "/v1"


class ModelSettings(_Strict):
    overrides: dict[LLMRole, RoleOverride] = Field(default_factory=dict)
    # A role listed here runs on that server; it wins over a local file for the same role (docs/SERVING.md).
    servers: dict[LLMRole, ServerBackend] = Field(default_factory=dict)
    n_threads: int | None = Field(default=None, ge=1, le=256)  # None = number of cores
    n_ctx: int = Field(default=4096, ge=512, le=131072)
    n_batch: int = Field(default=256, ge=16, le=4096)


class RetrievalSettings(_Strict):
    k_first: int = Field(default=10, ge=1, le=200)
    k_retry: int = Field(default=20, ge=1, le=400)
    threshold_first: float = Field(default=0.60, ge=0.0, le=1.0)
    threshold_retry: float = Field(default=0.55, ge=0.0, le=1.0)
    # When passages exist but none reaches threshold_first, the writer restates the question in document words
    # once and the search is repeated (core/pipeline/researcher.py); off = the seed's rule with no model call.
    restate_when_filtered: bool = True
    # When the restatement finds nothing either, the critic model reads the best 3 candidates and keeps one it reads
    # as answering this exact question (core/pipeline/researcher.py ``admit_by_reading``); off = the seed's rule.
    admit_by_reading: bool = True
    # Once a passage reaches the threshold, up to this many more of the top-ranked passages are kept when each covers
    # a word of the question no kept passage covers (a question that joins two documents names both; the second
    # scores low on its own). 0 = the seed's filter alone.
    companions: int = Field(default=0, ge=0, le=10)


class PipelineSettings(_Strict):
    max_retries: int = Field(default=2, ge=0, le=10)
    low_conf_threshold: float = Field(default=0.65, ge=0.0, le=1.0)
    # The seed's evidence ceiling: the models never read more evidence than this many characters (about 4 per
    # token; context_tokens below is usually the tighter bound).
    max_context_chars: int = Field(default=6000, ge=500, le=200_000)
    # How readily the critic refuses (core/checks/registry.Selection.from_settings): strict = every check as
    # registered, moderate = the measured defaults, lenient = only high-severity findings refuse.
    strictness: Strictness = "moderate"
    synth_max_tokens: int = Field(default=320, ge=32, le=4096)
    # "free": the synthesizer model writes cited sentences; "extract": the critic model picks the passage that
    # answers and copies the answer from it (core/pipeline/synthesizer.py ``extract``), sharing its prompt prefix
    # with the audit so the evidence is read once.
    writer: Literal["free", "extract"] = "free"
    # Before the free writer answers a question that asks for a total or a change, or gives counts, quantities or
    # a sum of money, the writer model writes the arithmetic and code checks and evaluates it
    # (core/pipeline/calculator.py).
    calculator: bool = True
    # Best-of-N: the free writer samples drafts - 1 more drafts from the same prompt and the code audit and the
    # likelihood verifier choose the one the critic audits (core/pipeline/drafts.py). 1 = the greedy draft only.
    drafts: int = Field(default=1, ge=1, le=5)
    # The free writer decodes under a grammar that ends every sentence with a citation of a shown passage id
    # (core/pipeline/cite_grammar.py).
    cite_grammar: bool = False
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



CHECK_PACKS: tuple[str, ...] = ("pack.prices", "pack.schedules", "pack.business")


class CheckSettings(_Strict):
    """Which audit checks run (``core/checks/registry.py``): the genre packs switched on, and check ids or id
    prefixes switched off, like a linter's ``ignore`` ("pack.prices.bands", "focus")."""

    # Genre packs are on by default: written for price lists, timetables and business pages, their checks rarely
    # fire on other documents, and each refuses only while its measured right share on all four genres' dev splits
    # is within the 2 % rule (else it only lowers confidence: measured.json; their effect per genre is in
    # docs/EVALUATION.md); a user switches a pack off in Settings.
    packs: list[str] = Field(default_factory=lambda: list(CHECK_PACKS))
    ignore: list[str] = Field(default_factory=list)
    # ids or prefixes whose findings only lower confidence; None = the measured defaults (core/checks/measured.json)
    lower: list[str] | None = None

    @field_validator("packs")
    @classmethod
    def _known_packs(cls, value: list[str]) -> list[str]:
        unknown = [p for p in value if p not in CHECK_PACKS]
        if unknown:
            raise ValueError(f"unknown check pack {', '.join(unknown)}; known: {', '.join(CHECK_PACKS)}")
        return list(dict.fromkeys(value))


class Settings(_Strict):
    models: ModelSettings = Field(default_factory=ModelSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    pipeline: PipelineSettings = Field(default_factory=PipelineSettings)
    ingest: IngestSettings = Field(default_factory=IngestSettings)
    checks: CheckSettings = Field(default_factory=CheckSettings)


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
