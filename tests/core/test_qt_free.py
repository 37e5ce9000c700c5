"""The core, CLI and settings never import Qt (import-linter contract in pyproject.toml, plus a runtime check)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_linter_contract_holds() -> None:
    exe = Path(sys.executable).with_name("lint-imports")
    proc = subprocess.run([str(exe)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "KEPT" in proc.stdout


def test_importing_core_and_cli_loads_no_qt() -> None:
    code = (
        "import sys, pkgutil, importlib, masis_desktop.core as c, masis_desktop.cli as cli\n"
        "for pkg in (c, cli):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.startswith('PySide6') or m.startswith('masis_desktop.ui')]\n"
        "print(bad); raise SystemExit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
