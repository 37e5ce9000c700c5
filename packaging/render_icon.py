"""Render the app's SVG icon to PNG at given sizes (icon themes, Windows .ico and macOS .icns want rasters).

    python packaging/render_icon.py resources/icons/app.svg OUT_DIR 48 128 256   ->  OUT_DIR/<size>.png
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def render_png(svg: Path, out: Path, size: int) -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"render_icon: {svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out), "PNG"):
        raise SystemExit(f"render_icon: cannot write {out}")
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    svg, out_dir, sizes = Path(argv[0]), Path(argv[1]), [int(s) for s in argv[2:]]
    for size in sizes:
        print(render_png(svg, out_dir / f"{size}.png", size))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
