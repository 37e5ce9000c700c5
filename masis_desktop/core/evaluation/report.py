"""REPORT.json: every metric is a top-level key holding ``{"value", "ci_low", "ci_high", "n"}``.

Two keys are not metrics: ``meta`` (mode, dataset and its hash, models, judge, bootstrap settings, machine, time,
error count), so a reader can tell exactly what produced the figures, and ``tables`` (counts that are not one
number with a CI: critic mode's per-check firings, ``checks_table.py``), present when a mode has any. The file is
written atomically.
"""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from masis_desktop.core.evaluation.bootstrap import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, CONFIDENCE, MetricValue
from masis_desktop.settings import atomic_write_text

META_KEY = "meta"
TABLES_KEY = "tables"
RESERVED_KEYS = (META_KEY, TABLES_KEY)
METRIC_FIELDS = ("value", "ci_low", "ci_high", "n")


def machine_description() -> str:
    """A short, honest label for the machine the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    system = f"{platform.system()} {platform.release()}"
    return f"{cpu}, {os.cpu_count()} cores, {system}, Python {platform.python_version()}"


def build_report(metrics: Mapping[str, MetricValue], meta: Mapping[str, Any],
                 tables: Mapping[str, Any] | None = None) -> dict[str, Any]:
    clash = [key for key in RESERVED_KEYS if key in metrics]
    if clash:
        raise ValueError(f"{clash[0]!r} is reserved for the report's metadata and tables")
    report: dict[str, Any] = {name: metric.as_dict() for name, metric in metrics.items()}
    if tables:
        report[TABLES_KEY] = dict(tables)
    report[META_KEY] = {
        **meta,
        "bootstrap": {"resamples": BOOTSTRAP_RESAMPLES, "seed": BOOTSTRAP_SEED, "confidence": CONFIDENCE,
                      "unit": "item"},
        "machine": machine_description(),
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    return report


def write_report(path: Path, report: Mapping[str, Any]) -> None:
    atomic_write_text(path, json.dumps(report, indent=2, ensure_ascii=False) + "\n")


def _fmt(value: float | None, percent: bool) -> str:
    if value is None:
        return "n/a"
    return f"{value * 100:.1f}%" if percent else f"{value:.3f}" if abs(value) < 100 else f"{value:,.0f}"


def format_summary(report: Mapping[str, Any], *, title: str = "") -> str:
    """A readable table: metric, value, 95 % CI, n. Rates and scores print as percentages, the rest as numbers."""
    rows = [(name, data) for name, data in report.items() if name not in RESERVED_KEYS]
    width = max([len(name) for name, _ in rows] + [6])
    lines = [title] if title else []
    lines.append(f"{'metric':<{width}}  {'value':>9}  {'95% CI':>21}  {'n':>5}")
    for name, data in rows:
        percent = not (name.startswith(("latency", "retries", "mrr")))
        value = _fmt(data["value"], percent)
        ci = "" if data["ci_low"] is None else f"[{_fmt(data['ci_low'], percent)}, {_fmt(data['ci_high'], percent)}]"
        lines.append(f"{name:<{width}}  {value:>9}  {ci:>21}  {data['n']:>5}")
    tables = report.get(TABLES_KEY) or {}
    if "checks" in tables:
        from masis_desktop.core.evaluation.checks_table import format_checks_table

        lines.extend(["", format_checks_table(tables["checks"])])
    meta = report.get(META_KEY) or {}
    if meta.get("errors"):
        lines.append(f"warning: {meta['errors']} item(s) failed and are left out of the figures "
                     f"(see {meta.get('results_file', 'the results file')})")
    return "\n".join(lines)
