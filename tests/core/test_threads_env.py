"""Importing the package sets libgomp's spin count before faiss or llama.cpp loads libgomp, unless the user set it."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = "import os, masis_desktop, faiss; print(os.environ.get('GOMP_SPINCOUNT'))"


def _spin_after_import(env: dict[str, str]) -> str:
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, check=True, capture_output=True, text=True)
    return out.stdout.strip()


def test_the_package_sets_a_short_spin_before_faiss_loads() -> None:
    env = {k: v for k, v in os.environ.items() if k != "GOMP_SPINCOUNT"}
    assert _spin_after_import(env) == "1000"


def test_a_users_own_spin_count_wins() -> None:
    env = {k: v for k, v in os.environ.items() if k != "GOMP_SPINCOUNT"} | {"GOMP_SPINCOUNT": "50000"}
    assert _spin_after_import(env) == "50000"
