"""Where everything lives on disk.

One environment variable, ``MASIS_HOME``, moves all user data (models, workspaces, settings, history, caches);
by default it is the platform's user data directory. ``MASIS_MODELS_DIR`` moves only the model store, which lets
tests give every test a fresh ``MASIS_HOME`` while sharing one set of fetched models.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from platformdirs import user_data_dir

APP_NAME = "masis-desktop"
_WORKSPACE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.\-]{0,63}$")
# Windows opens these as devices whatever the extension ("nul.txt" too): never folder names, on any platform.
_DEVICE_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)), *(f"LPT{i}" for i in range(10))}


def masis_home() -> Path:
    """Root of all user data."""
    env = os.environ.get("MASIS_HOME")
    home = Path(env).expanduser() if env else Path(user_data_dir(APP_NAME, appauthor=False))
    home.mkdir(parents=True, exist_ok=True)
    return home.resolve()


def models_dir() -> Path:
    """Fetched and verified model files (``MASIS_HOME/models`` unless ``MASIS_MODELS_DIR`` is set)."""
    env = os.environ.get("MASIS_MODELS_DIR")
    path = Path(env).expanduser() if env else masis_home() / "models"
    path.mkdir(parents=True, exist_ok=True)
    return path.resolve()


def download_cache_dir() -> Path:
    """Wheel downloads and partial assemblies; safe to delete."""
    path = models_dir() / ".cache"
    path.mkdir(parents=True, exist_ok=True)
    return path


def workspaces_dir() -> Path:
    path = masis_home() / "workspaces"
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    path = masis_home() / "config"
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    return config_dir() / "settings.json"


def app_root() -> Path:
    """The folder the app runs from: the PyInstaller bundle, or the source checkout."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def bundled_models_dir() -> Path | None:
    """Models shipped next to the installed app (searched before ``models_dir()``)."""
    env = os.environ.get("MASIS_BUNDLED_MODELS")
    candidates = [Path(env)] if env else []
    if getattr(sys, "frozen", False):
        candidates += [Path(sys.executable).resolve().parent / "models", app_root() / "models"]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate.resolve()
    return None


def manifest_path() -> Path:
    """The model manifest: shipped in the bundle, or ``models/manifest.json`` in the checkout."""
    env = os.environ.get("MASIS_MANIFEST")
    if env:
        return Path(env)
    return app_root() / "models" / "manifest.json"


def resources_dir() -> Path:
    return app_root() / "resources"


def sample_workspace_dir() -> Path:
    return resources_dir() / "sample_workspace"


def validate_workspace_name(name: str) -> str:
    """Return ``name`` if it is a safe workspace name, else raise ``WorkspaceError``.

    Names become folder names, so they are restricted to a conservative character set: no separators, no
    ``..``, no leading dot, bounded length. The resolved folder is also checked to sit inside the workspaces dir.
    """
    from masis_desktop.errors import WorkspaceError

    if (not isinstance(name, str) or not _WORKSPACE_NAME.fullmatch(name) or ".." in name or name.endswith((" ", "."))
            or name.split(".")[0].rstrip().upper() in _DEVICE_NAMES):
        raise WorkspaceError(
            f"invalid workspace name {name!r}: use 1-64 letters, digits, spaces, '_', '-' or '.', "
            "starting with a letter or digit (device names such as CON or NUL are reserved)"
        )
    root = workspaces_dir()
    target = (root / name).resolve()
    if target.parent != root:
        raise WorkspaceError(f"invalid workspace name {name!r}: it would leave {root}")
    return name


def workspace_dir(name: str) -> Path:
    return workspaces_dir() / validate_workspace_name(name)
