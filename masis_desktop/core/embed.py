"""On-device sentence embeddings (all-MiniLM-L6-v2 by default), loaded from the verified local folder only.

The Hugging Face offline variables are set when ``masis_desktop`` is imported, before sentence-transformers or
transformers can be imported, and the model is loaded from a path (never a hub id) with ``local_files_only``.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np

from masis_desktop.core.llm import registry
from masis_desktop.offline import enforce_offline_env
from masis_desktop.settings import Settings


class Embedder:
    """Normalised float32 embeddings; ``name`` and ``dimension`` are stored with every index built from it."""

    def __init__(self, folder: Path, *, name: str = "all-MiniLM-L6-v2", batch_size: int = 64,
                 backend: str = "torch") -> None:
        enforce_offline_env()
        from sentence_transformers import SentenceTransformer

        kwargs: dict[str, Any] = {"device": "cpu", "local_files_only": True}
        if backend != "torch":
            kwargs["backend"] = backend
        self._model = SentenceTransformer(str(folder), **kwargs)
        self.name = name
        self.folder = folder
        self.batch_size = batch_size
        dim = self._model.get_embedding_dimension()
        self.dimension = int(dim) if dim is not None else 384
        self.max_seq_length = int(self._model.max_seq_length or 256)
        self._lock = threading.Lock()

    @property
    def tokenizer(self) -> Any:
        return self._model.tokenizer

    def count_tokens(self, text: str) -> int:
        return len(self._model.tokenizer(text, add_special_tokens=False)["input_ids"])

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            vectors = self._model.encode(
                texts,
                batch_size=batch_size or self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.ascontiguousarray(vectors, dtype=np.float32)


_cache: dict[tuple[str, int], Embedder] = {}
_cache_lock = threading.Lock()


def load_embedder(settings: Settings | None = None) -> Embedder:
    """The verified embedder, loaded once per process (loading takes a few seconds)."""
    model = registry.require("embedder", settings)
    batch = settings.ingest.embed_batch_size if settings else 64
    key = (str(model.path), batch)
    with _cache_lock:
        if key not in _cache:
            _cache[key] = Embedder(model.path, name=model.name, batch_size=batch)
        return _cache[key]
