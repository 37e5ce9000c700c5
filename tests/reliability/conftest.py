"""Fixtures of the reliability suite: the app's default encoder (ONNX int8), loaded once per session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def encoder():  # type: ignore[no-untyped-def]
    """What workspaces embed with by default (``onnx_encoder.load_encoder``), so the suite tests the shipped path."""
    from masis_desktop.core.ingest.onnx_encoder import load_encoder
    from masis_desktop.settings import Settings

    return load_encoder(Settings())
