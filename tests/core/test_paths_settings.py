from __future__ import annotations

import json
from pathlib import Path

import pytest

from masis_desktop import paths
from masis_desktop.errors import SettingsError, WorkspaceError
from masis_desktop.settings import Settings, load_settings, save_settings


def test_masis_home_moves_all_user_data(masis_home: Path) -> None:
    assert paths.masis_home() == masis_home.resolve()
    assert paths.workspaces_dir().is_relative_to(masis_home.resolve())
    assert paths.settings_path().is_relative_to(masis_home.resolve())


@pytest.mark.parametrize("name", ["../evil", "a/b", "..", ".hidden", "", "x" * 65, "a\\b", "/abs", "ok\n"])
def test_workspace_names_cannot_escape(name: str) -> None:
    with pytest.raises(WorkspaceError):
        paths.validate_workspace_name(name)


def test_valid_workspace_names() -> None:
    for name in ["Sample", "Q3 report", "acme-2026_v1.2"]:
        assert paths.workspace_dir(name).parent == paths.workspaces_dir()


def test_settings_round_trip_and_reject_unknown_keys() -> None:
    settings = Settings()
    settings.pipeline.max_retries = 1
    settings.retrieval.threshold_first = 0.7
    save_settings(settings)
    loaded = load_settings()
    assert loaded.pipeline.max_retries == 1 and loaded.retrieval.threshold_first == 0.7
    paths.settings_path().write_text(json.dumps({"pipeline": {"max_retrys": 3}}))
    with pytest.raises(SettingsError, match="max_retrys"):
        load_settings()


def test_defaults_match_the_seed() -> None:
    s = Settings()
    assert (s.retrieval.k_first, s.retrieval.k_retry) == (10, 20)
    assert (s.retrieval.threshold_first, s.retrieval.threshold_retry) == (0.60, 0.55)
    assert s.pipeline.max_retries == 2 and s.pipeline.low_conf_threshold == 0.65
    assert s.pipeline.max_context_chars == 6000
