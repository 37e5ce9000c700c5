"""Shared fixtures.

Every test gets a fresh ``MASIS_HOME`` (workspaces, settings, history) in a temporary folder, while all tests share
the models fetched by ``make test`` (``MASIS_MODELS_DIR``), which are never re-downloaded by tests.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import masis_desktop  # noqa: F401  (sets the offline switches before anything else)
from masis_desktop import paths

# Resolve the shared model store once, before any test moves MASIS_HOME.
MODELS_DIR = Path(os.environ.get("MASIS_MODELS_DIR") or paths.models_dir())
os.environ["MASIS_MODELS_DIR"] = str(MODELS_DIR)


@pytest.fixture(autouse=True)
def masis_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("masis_home")
    monkeypatch.setenv("MASIS_HOME", str(home))
    monkeypatch.setenv("MASIS_MODELS_DIR", str(MODELS_DIR))
    yield home
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def models_dir() -> Path:
    return MODELS_DIR


@pytest.fixture(scope="session")
def tiny_model_path() -> Path:
    """SmolLM2-135M: the model for tests where the role does not matter."""
    from masis_desktop.core.llm import registry

    return registry.require("test").path


@pytest.fixture(scope="session")
def tiny_llm(tiny_model_path: Path):  # type: ignore[no-untyped-def]
    from masis_desktop.core.llm.llama import LlamaLLM

    llm = LlamaLLM(tiny_model_path, name="smollm2-135m", n_ctx=2048)
    yield llm
    llm.close()


@pytest.fixture(scope="session")
def embedder():  # type: ignore[no-untyped-def]
    from masis_desktop.core.embed import load_embedder

    return load_embedder()


def use_tiny_model_for_all_roles() -> None:
    """Point synthesizer, critic and evaluator at SmolLM2 in the current MASIS_HOME settings."""
    from masis_desktop.core.llm import registry

    path = registry.require("test").path
    for role in ("synthesizer", "critic", "evaluator"):
        registry.register_user_model(role, path)


@pytest.fixture
def tiny_roles() -> None:
    use_tiny_model_for_all_roles()
