"""bench/eval_data/verified.py: the pinned-by-sha256 download rule both data-fetch scripts share (no network)."""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
GOOD = b"the pinned bytes"
PIN = hashlib.sha256(GOOD).hexdigest()


def _load() -> ModuleType:
    """Import the bench script by path (bench/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("eval_data_verified", REPO / "bench" / "eval_data" / "verified.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


verified = _load()


def _writer(target: Path, data: bytes, calls: list[int]) -> Callable[[], None]:
    def download() -> None:
        calls.append(1)
        target.write_bytes(data)
    return download


def test_a_cached_file_with_the_pinned_hash_is_reused_without_downloading(tmp_path: Path) -> None:
    target = tmp_path / "f.whl"
    target.write_bytes(GOOD)
    calls: list[int] = []
    assert verified.fetch_verified(target, PIN, _writer(target, b"other", calls)) is False
    assert calls == [] and target.read_bytes() == GOOD


def test_an_altered_or_missing_file_is_downloaded_into_a_new_folder_and_verified(tmp_path: Path) -> None:
    target = tmp_path / "cache" / "debs" / "f.deb"
    calls: list[int] = []
    assert verified.fetch_verified(target, PIN, _writer(target, GOOD, calls)) is True
    target.write_bytes(b"damaged")
    assert verified.fetch_verified(target, PIN, _writer(target, GOOD, calls)) is True
    assert calls == [1, 1] and target.read_bytes() == GOOD


def test_a_download_that_is_not_the_pinned_bytes_is_deleted_and_stops_the_run(tmp_path: Path) -> None:
    target = tmp_path / "f.deb"
    with pytest.raises(SystemExit, match=f"f.deb: sha256 {hashlib.sha256(b'evil').hexdigest()} does not match"):
        verified.fetch_verified(target, PIN, _writer(target, b"evil", []))
    assert not target.exists()
    with pytest.raises(SystemExit, match="sha256 missing does not match"):
        verified.fetch_verified(target, PIN, lambda: None)


def test_the_cache_follows_xdg_cache_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert verified.cache_dir() == tmp_path / "masis-desktop" / "eval-data"
