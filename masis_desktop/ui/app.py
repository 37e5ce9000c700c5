"""``masis-desktop``: start the Qt application and show the window at once; everything heavy comes later.

Start-up budget (< 3 s to an interactive window): only PySide6, pydantic settings and the UI modules are imported
before the window shows. Workspaces are listed by a worker right after, and the models (embedder, writer, critic)
load in the background with their progress in the status bar. ``--sample`` creates and ingests the bundled sample
workspace on first run and puts an example question in the box.

``MASIS_STARTUP_PROBE=<file>`` (used by ``bench/startup.py``) writes start-up timings as JSON to that file and quits
after ``MASIS_STARTUP_PROBE_WATCH`` seconds of watching the event loop stay responsive while models load.
"""

from __future__ import annotations

import argparse
import json
import logging
import logging.handlers
import os
import sys
import time
from collections.abc import Sequence

import masis_desktop
from masis_desktop import paths

HEAVY_MODULES = ("torch", "sentence_transformers", "transformers", "llama_cpp", "faiss")
SAMPLE_QUESTION = "What revenue did Halvorsen Marine Systems report for Q3 2026, and how does it compare with Q3 2025?"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="masis-desktop", description="MASIS Desktop: answers over your own "
                                     "documents, each one proven with citations. Offline.")
    parser.add_argument("--version", action="version", version=f"masis-desktop {masis_desktop.__version__}")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--sample", action="store_true",
                       help="open the bundled sample workspace (created and indexed on first run)")
    group.add_argument("--workspace", metavar="NAME", help="open this workspace")
    parser.add_argument("--question", metavar="TEXT", help="put this question in the box")
    parser.add_argument("--theme", choices=("system", "light", "dark"), default="system",
                        help="colour scheme (default: follow the system)")
    parser.add_argument("--no-preload", action="store_true",
                        help="load models only when the first question needs them")
    args, _qt_args = parser.parse_known_args(argv)
    return args


def setup_logging() -> None:
    folder = paths.masis_home() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(folder / "desktop.log", maxBytes=1_000_000, backupCount=3,
                                                   encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("masis_desktop")
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    setup_logging()
    from masis_desktop.ui import platform_check

    trouble = platform_check.problem()  # before Qt: it would abort with a message that names no fix
    if trouble:
        logging.getLogger("masis_desktop").error("%s", trouble)
        print(trouble, file=sys.stderr)
        return platform_check.EXIT_CODE

    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    QApplication.setApplicationName("MASIS Desktop")
    QApplication.setApplicationDisplayName("MASIS Desktop")
    QApplication.setOrganizationName("masis-desktop")
    QApplication.setApplicationVersion(masis_desktop.__version__)
    QApplication.setDesktopFileName("masis-desktop")
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "masis-desktop"])
    assert isinstance(app, QApplication)

    from masis_desktop.errors import SettingsError
    from masis_desktop.settings import Settings
    from masis_desktop.ui import icons
    from masis_desktop.ui.backend import Backend
    from masis_desktop.ui.main_window import MainWindow
    from masis_desktop.ui.theme import ThemeManager

    app.setWindowIcon(icons.app_icon())
    themes = ThemeManager(app, force=None if args.theme == "system" else args.theme)
    settings_problem: SettingsError | None = None
    try:
        backend = Backend()
    except SettingsError as exc:  # start with defaults; the user sees why and can fix the file
        settings_problem = exc
        backend = Backend(Settings())
    window = MainWindow(backend, theme_manager=themes)
    previous_hook = sys.excepthook
    sys.excepthook = window.errors.excepthook
    window.show()
    if settings_problem is not None:
        window.errors.message(f"{settings_problem}. Default settings are used until it is fixed.", "warning")

    question = args.question or (SAMPLE_QUESTION if args.sample else None)
    QTimer.singleShot(0, lambda: window.start(sample=args.sample, workspace=args.workspace,
                                              preload_models=not args.no_preload, question=question))
    probe = os.environ.get("MASIS_STARTUP_PROBE")
    if probe:
        _install_probe(app, window, probe)
    try:
        return int(app.exec())
    finally:
        sys.excepthook = previous_hook


def _install_probe(app: object, window: object, target: str) -> None:
    """Record when the window is shown and when the event loop first runs; then watch its latency."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    t0 = float(os.environ.get("MASIS_STARTUP_T0") or time.time())
    watch_s = float(os.environ.get("MASIS_STARTUP_PROBE_WATCH") or 0)
    result: dict[str, object] = {"window_visible_s": time.time() - t0}
    gaps: list[float] = []
    last = [time.perf_counter()]

    documents = getattr(window, "documents_loaded", None)
    if documents is not None:  # when the selected workspace's documents are on screen
        documents.connect(lambda _name: result.setdefault("documents_listed_s", time.time() - t0))
    loaded = getattr(window, "models_loaded", None)
    if loaded is not None:  # when background loading finished (every role ready or failed)
        loaded.connect(lambda: result.setdefault("models_loaded_s", time.time() - t0))

    def first_tick() -> None:
        result["event_loop_s"] = time.time() - t0
        heavy = [m for m in HEAVY_MODULES if m in sys.modules]
        result["heavy_modules_at_first_tick"] = heavy
        if watch_s <= 0:
            finish()
            return
        last[0] = time.perf_counter()
        timer.start()
        QTimer.singleShot(int(watch_s * 1000), finish)

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    def finish() -> None:
        timer.stop()
        if gaps:
            ordered = sorted(gaps)
            result["watch_s"] = watch_s
            result["tick_interval_ms"] = 50
            result["max_tick_gap_ms"] = ordered[-1] * 1000
            result["p95_tick_gap_ms"] = ordered[int(0.95 * (len(ordered) - 1))] * 1000
        label = getattr(window, "models_label", None)
        with open(target, "w", encoding="utf-8") as fh:
            json.dump({**result, "models_label": label.text() if label is not None else ""}, fh)
        QApplication.closeAllWindows()
        QApplication.quit()

    timer = QTimer()
    timer.setInterval(50)
    timer.timeout.connect(tick)
    _install_probe.timer = timer  # type: ignore[attr-defined]  # keep a reference for the app's lifetime
    QTimer.singleShot(0, first_tick)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
