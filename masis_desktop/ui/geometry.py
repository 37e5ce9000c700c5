"""Where the window goes: sized to the screen on first start, restored exactly on every later start.

On first start there is no saved geometry, and a fixed size is wrong on most screens: too small on a 1920x1080
desktop (the citation panel's page render and the evidence table get squeezed), too large on a 1366x768 laptop. The
window takes most of the screen's *available* area (without panels and docks), never less than the size its three
panes need when the screen has it, never more than the screen, and capped on very wide monitors where a full-width
window puts the answer and its sources too far apart to read together. Geometry and splitter positions are kept in
Qt's settings under ``MASIS_HOME`` (user settings live in settings.json).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QByteArray, QRect, QSettings, QSize
from PySide6.QtWidgets import QMainWindow, QSplitter

from masis_desktop import paths

COMFORTABLE = QSize(1360, 860)  # the three panes side by side with a readable citation panel
SCREEN_SHARE = 0.92  # leave a margin of the desktop visible around a first-start window
MAX_WIDTH = 2400  # on ultra-wide monitors, a wider window only spreads the panes apart


def first_start_geometry(available: QRect, comfortable: QSize = COMFORTABLE) -> QRect:
    """The window's rectangle on first start, centred in the screen's ``available`` area."""
    width = min(available.width(), max(comfortable.width(), min(MAX_WIDTH, round(available.width() * SCREEN_SHARE))))
    height = min(available.height(), max(comfortable.height(), round(available.height() * SCREEN_SHARE)))
    rect = QRect(0, 0, width, height)
    rect.moveCenter(available.center())
    return rect


def qsettings() -> QSettings:
    """Window geometry only; kept under MASIS_HOME like all data."""
    return QSettings(str(paths.config_dir() / "window.ini"), QSettings.Format.IniFormat)


def restore(window: QMainWindow, splitters: Mapping[str, QSplitter]) -> bool:
    """Restore the saved geometry, or size the window to its screen when there is none. True if it was saved."""
    s = qsettings()
    geometry = s.value("geometry")
    saved = isinstance(geometry, QByteArray) and window.restoreGeometry(geometry)
    if not saved:
        screen = window.screen()
        if screen is not None:
            window.setGeometry(first_start_geometry(screen.availableGeometry()))
    state = s.value("state")
    if isinstance(state, QByteArray):
        window.restoreState(state)
    for key, splitter in splitters.items():
        value = s.value(key)
        if isinstance(value, QByteArray):
            splitter.restoreState(value)
    return saved


def save(window: QMainWindow, splitters: Mapping[str, QSplitter]) -> None:
    s = qsettings()
    s.setValue("geometry", window.saveGeometry())
    s.setValue("state", window.saveState())
    for key, splitter in splitters.items():
        s.setValue(key, splitter.saveState())
    s.sync()
