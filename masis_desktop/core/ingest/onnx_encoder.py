"""MiniLM on ONNX Runtime with int8 weights: the default encoder for ingest and search.

Measured in bench/ingest.py on this 2-core CPU: about 2.5x the chunks/s of sentence-transformers on torch fp32, with
the same recall@5/10 on the labelled set and the same off-topic behaviour (docs/RETRIEVAL.md). sentence-transformers'
own ONNX backend needs optimum, which would downgrade transformers here, so the model is exported locally instead:
``torch.onnx.export`` of the verified MiniLM folder, then ``onnxruntime.quantization.quantize_dynamic`` (int8
weights), written once next to the models (``<models>/derived/``, atomically, under a file lock) and reused.
Nothing is downloaded. Tokenisation and mean pooling are the sentence-transformers ones, so vectors match.

If onnxruntime/onnx are missing or the export fails, ``load_encoder`` falls back to the torch ``Embedder``
(``settings.ingest.embed_backend = "torch"`` forces that). Encoders carry different ``name``s
(``all-minilm-l6-v2+onnx-int8``), so a workspace built with one is re-embedded when opened with the other.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

import numpy as np

from masis_desktop import paths
from masis_desktop.core.embed import Embedder, load_embedder
from masis_desktop.settings import Settings

log = logging.getLogger(__name__)
SUFFIX = "+onnx-int8"
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


class OnnxEmbedder:
    """Same interface as ``core.embed.Embedder`` (``encode``, ``count_tokens``, ``tokenizer``, ``name``, ...)."""

    def __init__(self, base: Embedder, model_path: Path) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = os.cpu_count() or 1
        options.log_severity_level = 3
        self._session = ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self._session.get_inputs()}
        self.base = base
        self.model_path = model_path
        self.name = base.name + SUFFIX
        self.tokenizer_name = base.name
        self.dimension = base.dimension
        self.max_seq_length = base.max_seq_length
        self.batch_size = base.batch_size
        self._lock = threading.Lock()

    @property
    def tokenizer(self) -> Any:
        return self.base.tokenizer

    def count_tokens(self, text: str) -> int:
        return self.base.count_tokens(text)

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        size = batch_size or self.batch_size
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # less padding per batch
        with self._lock:
            for start in range(0, len(order), size):
                idx = order[start:start + size]
                batch = self.tokenizer([texts[i] for i in idx], padding=True, truncation=True,
                                       max_length=self.max_seq_length, return_tensors="np")
                feeds = {name: batch[name].astype(np.int64) for name in _INPUTS if name in self._inputs}
                hidden = self._session.run(None, feeds)[0]
                mask = batch["attention_mask"][..., None].astype(np.float32)
                pooled = (hidden * mask).sum(axis=1) / np.maximum(mask.sum(axis=1), 1e-9)
                norms = np.linalg.norm(pooled, axis=1, keepdims=True)
                out[idx] = pooled / np.maximum(norms, 1e-12)
        return out


def available() -> bool:
    return all(importlib.util.find_spec(m) is not None for m in ("onnxruntime", "onnx"))


def encoder_name(base_name: str, settings: Settings) -> str:
    """The name ``load_encoder`` will give its encoder (used to compare with a workspace without loading it)."""
    return base_name + SUFFIX if settings.ingest.embed_backend == "onnx-int8" and available() else base_name


def _source_digest(folder: Path) -> str:
    h = hashlib.sha256()
    for name in ("config.json", "model.safetensors"):
        path = folder / name
        if path.exists():
            st = path.stat()
            h.update(f"{name}:{st.st_size}".encode())
            with open(path, "rb") as fh:
                h.update(fh.read(1 << 20))
    return h.hexdigest()[:16]


def derived_path(base: Embedder) -> Path:
    folder = paths.models_dir() / "derived"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{base.folder.name}-{_source_digest(base.folder)}-int8.onnx"


def export_int8(base: Embedder, target: Path) -> Path:
    """Export the verified torch model to ONNX and quantise its weights to int8; atomic, one exporter at a time."""
    import fcntl

    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    lock_fd = os.open(str(target) + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(lock_fd, fcntl.LOCK_EX)
        if target.exists():
            return target
        transformer: Any = base._model[0].model
        transformer.eval()

        class LastHidden(torch.nn.Module):
            def __init__(self, model: Any) -> None:
                super().__init__()
                self.model = model

            def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
                return self.model(input_ids=input_ids, attention_mask=attention_mask,
                                  token_type_ids=token_type_ids).last_hidden_state

        sample = base.tokenizer(["an example sentence"], return_tensors="pt")
        axes = {n: {0: "batch", 1: "seq"} for n in (*_INPUTS, "last_hidden_state")}
        with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
            fp32 = Path(tmp) / "fp32.onnx"
            int8 = Path(tmp) / "int8.onnx"
            with torch.no_grad():
                torch.onnx.export(LastHidden(transformer), tuple(sample[n] for n in _INPUTS), str(fp32),
                                  input_names=list(_INPUTS), output_names=["last_hidden_state"], dynamic_axes=axes,
                                  opset_version=17, dynamo=False)
            quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8)
            with open(int8, "rb+") as fh:
                os.fsync(fh.fileno())
            os.replace(int8, target)
        return target
    finally:
        os.close(lock_fd)


_cache: dict[tuple[str, str, int], Embedder | OnnxEmbedder] = {}
_cache_lock = threading.Lock()


def load_encoder(settings: Settings | None = None) -> Embedder | OnnxEmbedder:
    """The encoder workspaces use: ONNX int8 when possible, else the torch ``Embedder``. Cached per process."""
    settings = settings or Settings()
    base = load_embedder(settings)
    key = (str(base.folder), settings.ingest.embed_backend, base.batch_size)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
        encoder: Embedder | OnnxEmbedder = base
        if settings.ingest.embed_backend == "onnx-int8":
            if not available():
                log.warning("onnxruntime/onnx not installed; embedding with torch (slower)")
            else:
                try:
                    target = derived_path(base)
                    if not target.exists():
                        export_int8(base, target)
                    encoder = OnnxEmbedder(base, target)
                except Exception as exc:  # a failed export must never stop ingest: torch still works
                    log.warning("ONNX int8 encoder unavailable (%s); embedding with torch", exc)
        _cache[key] = encoder
        return encoder
