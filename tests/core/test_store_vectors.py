"""The FAISS index: atomic save/load, removal, exact -> approximate switch and back, id listing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from masis_desktop.core.store import vectors as vectors_mod
from masis_desktop.core.store.vectors import VectorIndex


def _unit(n: int, d: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centers = rng.normal(size=(20, d))
    x = centers[rng.integers(0, 20, n)] + 0.3 * rng.normal(size=(n, d))
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


def test_save_load_remove_and_ids(tmp_path: Path) -> None:
    index = VectorIndex(16, tmp_path / "v.faiss")
    x = _unit(50, 16)
    ids = np.arange(100, 150)
    index.add(ids, x)
    assert index.search(x[3], 1)[0][0] == 103
    assert index.remove([100, 101, 999]) == 2
    index.save()
    assert not list(tmp_path.glob(".faiss.*.tmp"))  # temp file renamed into place
    again = VectorIndex(16, tmp_path / "v.faiss")
    assert again.load() and again.ntotal == 48
    assert sorted(again.ids().tolist()) == list(range(102, 150))
    assert np.allclose(again.reconstruct([120])[120], x[20])
    assert again.reconstruct([100]) == {}
    assert not again.changed_on_disk()
    index.add([7], x[:1])
    index.save()
    assert again.changed_on_disk()
    wrong_dim = VectorIndex(8, tmp_path / "v.faiss")
    assert not wrong_dim.load() and wrong_dim.ntotal == 0


def test_switches_to_ivf_and_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors_mod, "ANN_MIN_VECTORS", 2000)
    index = VectorIndex(32, tmp_path / "v.faiss")
    x = _unit(3000, 32, seed=1)
    ids = np.arange(1, 3001)
    index.add(ids, x)
    exact = [index.search(x[i], 10) for i in range(0, 3000, 150)]
    assert index.maintain() == "switched to IVF" and index.kind == "ivf"
    approx = [index.search(x[i], 10) for i in range(0, 3000, 150)]
    recall = np.mean([len({a for a, _ in e} & {a for a, _ in p}) / 10 for e, p in zip(exact, approx, strict=True)])
    assert recall >= 0.9
    assert index.search(x[42], 1)[0][0] == 43
    index.save()
    loaded = VectorIndex(32, tmp_path / "v.faiss")
    assert loaded.load() and loaded.kind == "ivf" and loaded.ntotal == 3000
    assert sorted(loaded.ids().tolist()) == list(range(1, 3001))
    assert loaded.remove(list(range(1, 2101))) == 2100  # IVF supports removal by id
    assert loaded.ntotal == 900 and 2500 in loaded.reconstruct([2500])
    assert loaded.maintain() == "switched to exact" and loaded.kind == "flat"
    assert sorted(loaded.ids().tolist()) == list(range(2101, 3001))
    assert loaded.search(x[2999], 1)[0][0] == 3000
