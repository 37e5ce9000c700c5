"""Shared helpers for benchmarks: machine description and result fragments.

Every benchmark prints its figures for people and writes a Markdown fragment to ``bench/results/<name>.md``;
``bench/run_all.py`` runs them all and assembles ``docs/BENCHMARKS.md`` with the machine they ran on.
Benchmarks compare within one run (ratios), because absolute numbers drift with machine load.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _pin_models_dir() -> None:
    """Benchmarks run in throw-away MASIS_HOMEs; the fetched models stay where ``make models`` put them."""
    if not os.environ.get("MASIS_MODELS_DIR"):
        from masis_desktop import paths

        os.environ["MASIS_MODELS_DIR"] = str(paths.models_dir())


_pin_models_dir()


def machine_info() -> str:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        mem_kb = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal"))
        mem = f"{mem_kb / 1024 / 1024:.0f} GB RAM"
    except (OSError, StopIteration):
        mem = "RAM unknown"
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cpu}, {cores} cores, {mem}, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def write_fragment(name: str, markdown: str) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.md"
    path.write_text(markdown.rstrip() + "\n", encoding="utf-8")
    return path


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]
