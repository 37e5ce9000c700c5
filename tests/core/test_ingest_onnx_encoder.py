"""The ONNX int8 encoder: built locally from the verified model, close to torch, and a workspace switching encoders
is re-embedded rather than mixing vectors."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from masis_desktop.core.ingest.onnx_encoder import OnnxEmbedder, encoder_name, load_encoder
from masis_desktop.core.store.workspace import Workspace, create_workspace
from masis_desktop.settings import Settings
from tests.core.ingest_fixtures import LONG_MARKDOWN

SENTENCES = [
    "Employees receive 25 days of paid annual leave per year.",
    "The Lisbon warehouse ships about 300 parcels a day to Southern Europe.",
    "Multi-factor authentication is mandatory for email and the VPN.",
    "Velcorin reduced hospitalisation for heart failure by a fifth.",
]


def test_onnx_int8_encoder_matches_torch(embedder) -> None:  # type: ignore[no-untyped-def]
    encoder = load_encoder(Settings())
    assert isinstance(encoder, OnnxEmbedder)
    assert encoder.name == embedder.name + "+onnx-int8" and encoder.tokenizer_name == embedder.name
    assert encoder.model_path.exists() and encoder.dimension == embedder.dimension
    fast = encoder.encode(SENTENCES)
    slow = embedder.encode(SENTENCES)
    assert np.allclose(np.linalg.norm(fast, axis=1), 1.0, atol=1e-4)
    assert float(np.min((fast * slow).sum(axis=1))) > 0.93
    # the same nearest neighbour for every sentence
    assert list(np.argmax(fast @ slow.T, axis=1)) == list(range(len(SENTENCES)))
    assert encoder.encode([]).shape == (0, encoder.dimension)


def test_torch_backend_setting(embedder) -> None:  # type: ignore[no-untyped-def]
    settings = Settings()
    settings.ingest.embed_backend = "torch"
    assert load_encoder(settings) is embedder
    assert encoder_name(embedder.name, settings) == embedder.name


def test_switching_encoder_reembeds_the_workspace(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "handbook.md").write_text(LONG_MARKDOWN)
    create_workspace("switch")
    with Workspace.open("switch", Settings(), embedder) as ws:  # built with torch
        list(ws.ingest([tmp_path]))
        chunks = ws.catalog.chunk_count()
        chunk_ids = ws.catalog.chunk_ids()
        assert ws.catalog.get_meta("embedder") == embedder.name
    with Workspace.open("switch", Settings()) as ws:  # default encoder: ONNX int8
        assert ws.catalog.get_meta("embedder") == embedder.name + "+onnx-int8"
        assert ws.last_check["missing_vectors"] == chunks  # every vector rebuilt, none mixed
        assert ws.catalog.chunk_ids() == chunk_ids  # same tokenizer: chunks (and their ids) kept
        assert "five working days" in ws.search("When is the post-incident review due?", k=1)[0].text
