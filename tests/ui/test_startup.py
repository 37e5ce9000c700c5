"""Start-up: the window comes up without the heavy libraries; ``--sample`` builds and opens the sample workspace."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from masis_desktop import paths
from masis_desktop.ui.app import SAMPLE_QUESTION, parse_args

ROOT = Path(__file__).resolve().parents[2]


def test_window_is_interactive_before_any_heavy_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MASIS_STARTUP_PROBE": str(probe),
           "MASIS_STARTUP_PROBE_WATCH": "0", "MASIS_STARTUP_T0": repr(time.time())}
    proc = subprocess.run([sys.executable, "-m", "masis_desktop", "--no-preload"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(probe.read_text())
    assert result["event_loop_s"] >= result["window_visible_s"] > 0
    # torch, sentence-transformers and llama.cpp load later, in the background (timings: bench/startup.py)
    heavy = set(result["heavy_modules_at_first_tick"])
    assert not heavy & {"torch", "sentence_transformers", "transformers", "llama_cpp"}, heavy


def test_command_line() -> None:
    args = parse_args(["--sample"])
    assert args.sample and args.workspace is None and not args.no_preload
    args = parse_args(["--workspace", "Reports", "--question", "Why?", "--theme", "dark"])
    assert args.workspace == "Reports" and args.question == "Why?" and args.theme == "dark"


def test_sample_workspace_is_created_ingested_and_selected(qtbot: Any, backend: Any) -> None:
    from masis_desktop.ui.main_window import MainWindow

    window = MainWindow(backend)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.ingest_finished, timeout=180_000) as blocker:
        window.start(sample=True, question=SAMPLE_QUESTION, preload_models=False)
        qtbot.waitUntil(lambda: window.ingest_panel.isVisible(), timeout=30_000)  # progress is visible
    finished = blocker.args[0]
    samples = [p for p in paths.sample_workspace_dir().iterdir() if p.is_file()]
    assert finished.totals["indexed"] == len(samples), finished
    assert window.workspace == "Sample"
    assert window.question.toPlainText() == SAMPLE_QUESTION
    qtbot.waitUntil(lambda: len(window.documents.rows) == len(samples), timeout=30_000)
    pdf = next(r for r in window.documents.rows if r.name.endswith(".pdf"))
    assert pdf.pages and pdf.pages > 1

    # the second start opens the existing workspace without ingesting again
    again = MainWindow(backend)
    qtbot.addWidget(again)
    again.show()
    with qtbot.waitSignal(again.documents_loaded, timeout=30_000):
        again.start(sample=True, question=SAMPLE_QUESTION, preload_models=False)
    assert again.workspace == "Sample" and not again.ingest_jobs
