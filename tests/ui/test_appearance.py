"""Appearance: follows the system colour scheme, accessible names on every control, high-DPI icons."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from masis_desktop.ui import icons, theme
from masis_desktop.ui.widgets.citation_panel import document_url


def test_palette_follows_the_system_scheme(qtbot: Any, qapp: Any, window: Any,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # The offscreen platform has no desktop to switch, so the system's answer is faked and its signal emitted.
    system = {"dark": False}
    monkeypatch.setattr(theme, "system_prefers_dark", lambda: system["dark"])
    manager = theme.ThemeManager(qapp)
    manager.changed.connect(window.apply_theme)
    hints = qapp.styleHints()
    try:
        assert not theme.current().dark
        system["dark"] = True
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert theme.current().dark
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 80
        assert window.banner.styleSheet().count(theme.DARK.banner_bg) == 1  # custom colours follow too
        system["dark"] = False
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert not theme.current().dark
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 200
    finally:
        manager._force = "light"
        manager.apply()
        manager.deleteLater()


def test_every_control_has_an_accessible_name(window: Any) -> None:
    kinds = (QAbstractButton, QAbstractItemView, QAbstractSpinBox, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit)
    unnamed = []
    for widget in (w for w in window.findChildren(QWidget) if isinstance(w, kinds)):
        if isinstance(widget, QAbstractButton) and widget.text().strip():
            continue  # a button's text is its accessible name
        if isinstance(widget, QHeaderView) or widget.objectName().startswith("qt_"):
            continue  # Qt's own parts of a view (headers, corner button) are named by the view
        if widget.parent() is not None and type(widget.parent()).__name__ in ("QTabBar", "QScrollBar"):
            continue
        if not widget.accessibleName().strip():
            unnamed.append(f"{type(widget).__name__} {widget.objectName()} in {type(widget.parent()).__name__}")
    assert not unnamed, unnamed


def test_icons_are_sharp_on_high_dpi_screens(qapp: Any) -> None:
    icon = icons.icon("send")
    sizes = {(s.width(), s.height()) for s in icon.availableSizes()}
    assert (16, 16) in sizes and (64, 64) in sizes and (128, 128) in sizes  # 4x a 32 px toolbar icon
    app = icons.app_icon()
    assert (256, 256) in {(s.width(), s.height()) for s in app.availableSizes()}
    assert not icon.pixmap(64, 64).toImage().isNull()


def test_open_document_url_points_at_the_page(tmp_path: Any) -> None:
    url = document_url(tmp_path / "report.pdf", 3)
    assert url.isLocalFile() and url.fragment() == "page=3"
    assert document_url(tmp_path / "notes.md", 3).fragment() == ""
