"""Write ``bench/results/installer.md`` from the figures ``make dist-check`` recorded.

Inputs: ``artifacts/dist-check/figures.json`` (packaging/dist_check.sh) and, when present, ``artifacts/trim.json``
(packaging/measure_trim.sh: the bundle built with and without build.spec's trimming). ``bench/run_all.py`` keeps
the fragment when it assembles docs/BENCHMARKS.md.

    .venv/bin/python packaging/installer_report.py [--figures F] [--trim T] [--bundle dist/masis-desktop]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def mb(n: float) -> str:
    return f"{n / 1e6:,.0f} MB"


def tree_bytes(path: Path) -> int:
    if not path.exists():
        return 0
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def composition(bundle: Path) -> list[tuple[str, int]]:
    """The biggest parts of the bundle (models, torch, Qt, ...), largest first."""
    internal = bundle / "_internal"
    if not internal.is_dir():
        return []
    parts = [(p.name, tree_bytes(p)) for p in internal.iterdir()]
    parts.sort(key=lambda item: -item[1])
    return parts


def trim_section(trim: dict[str, Any]) -> list[str]:
    before, after = trim["untrimmed_bytes"], trim["trimmed_bytes"]
    lines = [
        "",
        "Trimming (`build.spec`: module excludes incl. the ~500 transformers model families the app never imports, "
        "torch's test programs, headers and CMake files, unused Qt plugins and translations, `.pyi` stubs), measured "
        "by `packaging/measure_trim.sh` (the same spec with `MASIS_SPEC_NO_TRIM=1`):",
        "",
        "| Bundle | Size | Files |",
        "|---|---|---|",
        f"| untrimmed | {mb(before)} | {trim['untrimmed_files']:,} |",
        f"| trimmed (shipped) | {mb(after)} | {trim['trimmed_files']:,} |",
        f"| saved | {mb(before - after)} ({(before - after) / before:.0%}) | "
        f"{trim['untrimmed_files'] - trim['trimmed_files']:,} |",
    ]
    old, new = trim.get("untrimmed_components", {}), trim.get("trimmed_components", {})
    changed = [(name, old.get(name, 0) - new.get(name, 0)) for name in set(old) | set(new)]
    # Outside _internal: the two executables, each carrying the module archive (PYZ) both share.
    changed.append(("the two executables (module archive)", (before - sum(old.values())) - (after - sum(new.values()))))
    changed.sort(key=lambda item: -item[1])
    top = [f"{name} {mb(saving)}" for name, saving in changed if saving >= 5e6][:6]
    if top:
        lines += ["", "Where the saving comes from: " + ", ".join(top) + "."]
    return lines


def render(figures: dict[str, Any], trim: dict[str, Any] | None, bundle: Path) -> str:
    gui_off = figures.get("gui_offscreen") or {}
    gui_x = figures.get("gui_xcb") or {}
    bundle_bytes = tree_bytes(bundle)
    models = tree_bytes(bundle / "_internal" / "models")
    lines = [
        "## Installer (`make dist-check`)",
        "",
        f"`make dist-check` on {figures.get('date', dt.date.today().isoformat())}: PyInstaller one-folder bundle "
        f"(`build.spec`) packed as `{figures['deb']}` (zstd -3), installed with `dpkg -i`, then used as a fresh user "
        "(empty HOME) inside `unshare -n` (no network interface). Times are wall-clock on the shared 2-core machine "
        "while other engineers' jobs ran: treat them as upper bounds.",
        "",
        "| Measure | Value |",
        "|---|---|",
    ]
    if bundle_bytes:
        lines.append(f"| Bundle `dist/masis-desktop` | {mb(bundle_bytes)} (models {mb(models)}) |")
    lines += [
        f"| Installer `.deb` | {figures['deb_mb']:,} MB |",
        f"| Installed size (disk use of `/opt/masis-desktop`) | {figures['installed_mb']:,} MB |",
        f"| `dpkg -i` | {figures['install_s']:.0f} s |",
        f"| `masis --version`, first start after install | {figures['cli_version_first_s']:.2f} s "
        f"(next start {figures['cli_version_warm_s']:.2f} s) |",
        f"| GUI cold start to a visible window (offscreen, `--no-preload`) | "
        f"{gui_off.get('window_visible_s', 0):.2f} s |",
        f"| GUI first paint under Xvfb (X11 plugin, `--sample`) | {gui_x.get('first_paint_s', 0):.2f} s |",
        f"| `masis models verify` (full SHA-256 of the bundled models) | {figures['models_verify_full_s']:.1f} s |",
        f"| First ingest of the sample workspace (includes the one-time ONNX int8 export of MiniLM "
        f"into the user's model store) | {figures['ingest_sample_s']:.1f} s |",
        f"| `masis ask` on the default models (loading included) | {figures['ask_s']:.0f} s |",
    ]
    if figures.get("derived_onnx_mb"):
        lines.append(f"| Derived ONNX int8 encoder written on first run | {figures['derived_onnx_mb']} MB |")
    if trim:
        lines += trim_section(trim)
    parts = composition(bundle)
    if parts:
        lines += ["", "Largest parts of the shipped bundle: "
                  + ", ".join(f"{name} {mb(size)}" for name, size in parts[:6] if size >= 1e6) + "."]
    lines += [
        "",
        "The models (GGUF q4 and safetensors) barely compress; the .deb's saving (zstd -3) comes from the "
        "libraries. Reproduce: `make dist-check` (figures in "
        "`artifacts/dist-check/figures.json`), "
        "`bash packaging/measure_trim.sh`, then `.venv/bin/python packaging/installer_report.py`.",
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--figures", type=Path, default=ROOT / "artifacts" / "dist-check" / "figures.json")
    parser.add_argument("--trim", type=Path, default=ROOT / "artifacts" / "trim.json")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "masis-desktop")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "installer.md")
    args = parser.parse_args()
    figures = json.loads(args.figures.read_text(encoding="utf-8"))
    figures.setdefault("date", dt.date.fromtimestamp(os.path.getmtime(args.figures)).isoformat())
    trim = json.loads(args.trim.read_text(encoding="utf-8")) if args.trim.exists() else None
    text = render(figures, trim, args.bundle)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
