"""Icons drawn for the app (``resources/icons/*.svg``), tinted to the palette and rendered crisp at any scale.

Line icons use ``currentColor``; they are recoloured with the palette's text colour so they read on both light and
dark themes, and rasterised at several sizes (up to 4x for high-DPI screens) so Qt never upscales a small bitmap.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QImage, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from masis_desktop import paths

SIZES = (16, 20, 24, 32, 48, 64, 96, 128, 256)


def icon_path(name: str) -> str:
    return str(paths.resources_dir() / "icons" / f"{name}.svg")


@lru_cache(maxsize=256)
def _svg(name: str) -> bytes:
    with open(icon_path(name), "rb") as fh:
        return fh.read()


def render_svg(data: bytes, size: int) -> QPixmap:
    renderer = QSvgRenderer(QByteArray(data))
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return QPixmap.fromImage(image)


@lru_cache(maxsize=256)
def _tinted(name: str, colour: str) -> QIcon:
    data = _svg(name).replace(b"currentColor", colour.encode("ascii"))
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(render_svg(data, size))
    return icon


def icon(name: str, colour: str | QColor | None = None) -> QIcon:
    """The named icon in ``colour`` (default: the current palette's text colour)."""
    if colour is None:
        colour = QGuiApplication.palette().color(QPalette.ColorRole.WindowText)
    hexcolour = colour.name() if isinstance(colour, QColor) else str(colour)
    return _tinted(name, hexcolour)


def app_icon() -> QIcon:
    return _tinted("app", "#000000")


def clear_cache() -> None:
    """Forget tinted icons (called when the palette switches between light and dark)."""
    _tinted.cache_clear()


# --- icons that follow the palette ---------------------------------------------------------------------------------
# Widgets register the icons they show; ``retint`` re-applies them after a light/dark switch, because a tinted icon
# is a bitmap in the old text colour.
_bound: list[tuple[weakref.ref[Any], str, str | None, int | None]] = []


def bind(target: Any, name: str, colour: str | None = None) -> QIcon:
    """Set ``name`` on ``target`` (a button or an action) and keep it tinted through theme changes."""
    value = icon(name, colour)
    target.setIcon(value)
    _bound.append((weakref.ref(target), name, colour, None))
    return value


def bind_tab(tabs: Any, index: int, name: str) -> None:
    tabs.setTabIcon(index, icon(name))
    _bound.append((weakref.ref(tabs), name, None, index))


def retint() -> None:
    clear_cache()
    alive = []
    for ref, name, colour, index in _bound:
        target = ref()
        if target is None:
            continue
        try:
            if index is None:
                target.setIcon(icon(name, colour))
            else:
                target.setTabIcon(index, icon(name, colour))
        except RuntimeError:  # the Qt object is gone although its Python wrapper lives on
            continue
        alive.append((ref, name, colour, index))
    _bound[:] = alive
