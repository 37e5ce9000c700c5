"""Screenshot an X display once an application has painted on it (used by dist_check.sh under Xvfb).

    DISPLAY=:97 python packaging/grab_screen.py OUT.png --t0 EPOCH_SECONDS [--settle 8] [--timeout 120]

Runs as a separate X client, so the app under test needs no screenshot hook. It polls the screen until it is no
longer blank (Xvfb starts black), reports the time from ``--t0`` to that first paint, waits ``--settle`` seconds for
the window to fill in (workspace list, sample question), saves the PNG and prints one JSON line with the timings.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--t0", type=float, default=time.time())
    parser.add_argument("--settle", type=float, default=8.0)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    os.environ["QT_QPA_PLATFORM"] = "xcb"

    from PySide6.QtGui import QGuiApplication, QImage

    app = QGuiApplication([sys.argv[0]])
    screen = app.primaryScreen()

    def painted(image: QImage) -> bool:
        small = image.scaled(64, 40)
        first = small.pixel(0, 0)
        return any(small.pixel(x, y) != first for x in range(small.width()) for y in range(small.height()))

    first_paint: float | None = None
    deadline = time.time() + args.timeout
    while time.time() < deadline:
        if painted(screen.grabWindow(0).toImage()):
            first_paint = time.time() - args.t0
            break
        time.sleep(0.1)
    if first_paint is None:
        print(json.dumps({"error": f"nothing painted within {args.timeout:.0f} s"}))
        return 1
    time.sleep(args.settle)
    if not screen.grabWindow(0).save(args.out, "PNG"):
        print(json.dumps({"error": f"cannot write {args.out}"}))
        return 1
    print(json.dumps({"first_paint_s": round(first_paint, 2), "screenshot": args.out}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
