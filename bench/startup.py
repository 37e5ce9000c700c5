"""Start-up time of ``masis-desktop``: process launch → window shown → event loop running (interactive).

Each run launches the real app (``python -m masis_desktop``) in a fresh process, offscreen, with
``MASIS_STARTUP_PROBE``; the app writes, relative to the moment this script called ``Popen``:

* ``window_visible_s``: ``show()`` returned (the window is mapped);
* ``event_loop_s``: the first event-loop iteration after that ran (the window is painted and takes input);
* ``documents_listed_s``: the selected workspace's document list is on screen (``--workspace``);
* ``heavy_modules_at_first_tick``: which of torch, sentence-transformers, llama.cpp, faiss were imported by then;
* with ``--watch``: the largest and 95th-percentile gap between 50 ms timer ticks while the models load in the
  background, i.e. how long the GUI ever stopped responding during start-up.

    .venv/bin/python bench/startup.py [--runs 5] [--watch 20]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import ROOT, machine_info, median, write_fragment

BUDGET_S = 3.0


def launch(home: Path, args: list[str], watch_s: float, timeout: float = 180.0) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.json"
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MASIS_HOME": str(home),
               "MASIS_STARTUP_PROBE": str(probe), "MASIS_STARTUP_PROBE_WATCH": str(watch_s)}
        env["MASIS_STARTUP_T0"] = repr(time.time())
        proc = subprocess.run([sys.executable, "-m", "masis_desktop", *args], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0 or not probe.exists():
            raise RuntimeError(f"app exited with {proc.returncode}: {proc.stderr[-2000:]}")
        data: dict[str, Any] = json.loads(probe.read_text())
        return data


def prepare_workspace(home: Path) -> None:
    """A workspace holding the bundled sample documents (ingested once, outside the timed runs)."""
    os.environ["MASIS_HOME"] = str(home)
    from masis_desktop import paths
    from masis_desktop.core.store.workspace import Workspace, create_workspace

    create_workspace("Sample")
    with Workspace.open("Sample") as ws:
        for _event in ws.ingest(sorted(paths.sample_workspace_dir().iterdir())):
            pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--watch", type=float, default=20.0, help="seconds to watch responsiveness while models load")
    args = parser.parse_args()
    from masis_desktop import paths

    os.environ["MASIS_MODELS_DIR"] = str(paths.models_dir())  # the fetched models, whatever MASIS_HOME becomes

    cold: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):  # fresh data folder, no preloading: the bare start-up path
            cold.append(launch(Path(tmp) / f"fresh{i}", ["--no-preload"], 0))
        home = Path(tmp) / "with-sample"
        prepare_workspace(home)
        warm = [launch(home, ["--workspace", "Sample", "--no-preload"], 4.0) for _ in range(args.runs)]
        loading = launch(home, ["--workspace", "Sample"], args.watch) if args.watch > 0 else None

    def col(rows: list[dict[str, Any]], key: str) -> list[float]:
        return [float(r[key]) for r in rows if key in r]

    shown = col(cold, "event_loop_s")
    shown_ws = col(warm, "event_loop_s")
    listed = col(warm, "documents_listed_s")
    print(f"machine: {machine_info()}")
    print(f"interactive window, fresh data folder: median {median(shown):.2f} s, max {max(shown):.2f} s "
          f"over {len(shown)} runs (budget {BUDGET_S:.0f} s)")
    print(f"interactive window, sample workspace:  median {median(shown_ws):.2f} s, max {max(shown_ws):.2f} s")
    print(f"sample documents listed:               median {median(listed):.2f} s, max {max(listed):.2f} s")
    lines = [
        "## Start-up (`bench/startup.py`)",
        "",
        f"Launch of `python -m masis_desktop` (offscreen) until the window is shown and its event loop runs; "
        f"{len(shown)} runs each. Budget: {BUDGET_S:.0f} s.",
        "",
        "| Measure | Median | Max |",
        "|---|---|---|",
        f"| Interactive window, fresh data folder | {median(shown):.2f} s | {max(shown):.2f} s |",
        f"| Interactive window, `--workspace Sample` | {median(shown_ws):.2f} s | {max(shown_ws):.2f} s |",
        f"| Sample workspace's documents listed | {median(listed):.2f} s | {max(listed):.2f} s |",
    ]
    if loading is not None:
        print(f"while models load in the background ({args.watch:.0f} s watched): largest GUI stall "
              f"{loading.get('max_tick_gap_ms', float('nan')):.0f} ms, p95 tick gap "
              f"{loading.get('p95_tick_gap_ms', float('nan')):.0f} ms (50 ms timer); status: "
              f"{loading.get('models_label', '')}"
              + (f"; all models loaded after {loading['models_loaded_s']:.1f} s" if "models_loaded_s" in loading
                 else ""))
        lines += [
            "",
            f"Responsiveness while the embedder and both LLMs load in the background (first {args.watch:.0f} s, "
            f"50 ms timer): largest stall {loading.get('max_tick_gap_ms', float('nan')):.0f} ms, "
            f"95th percentile tick gap {loading.get('p95_tick_gap_ms', float('nan')):.0f} ms; "
            f"status bar at the end: “{loading.get('models_label', '')}”"
            + (f", all models loaded {loading['models_loaded_s']:.1f} s after launch." if "models_loaded_s" in loading
               else "."),
        ]
    write_fragment("startup", "\n".join(lines))
    return 0 if max(shown + shown_ws) < BUDGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
