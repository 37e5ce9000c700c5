"""Light/dark appearance that follows the system colour scheme.

The Fusion style is used on every platform so both palettes look the same everywhere. Colours the palette does not
cover (citation chips, flagged sentences, the HITL banner, span highlights) come from ``Tones``, picked per scheme so
text keeps its contrast in dark mode; widgets that render HTML listen to ``ThemeManager.changed`` and re-render.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


@dataclass(frozen=True)
class Tones:
    dark: bool
    chip_bg: str
    chip_fg: str
    chip_border: str
    unsupported_bg: str  # red: hallucinated / unsupported sentence
    unsupported_fg: str
    uncited_bg: str  # amber: sentence without a citation
    uncited_fg: str
    span_bg: str  # the supporting span in the citation panel
    span_fg: str
    banner_bg: str  # HITL banner (amber)
    banner_fg: str
    banner_border: str
    error_bg: str
    error_fg: str
    error_border: str
    good: str
    fair: str
    poor: str
    muted: str
    page_highlight: str  # highlighter colour multiplied onto rendered PDF pages (pages stay white in dark mode)


LIGHT = Tones(
    dark=False,
    chip_bg="#dbe7ff", chip_fg="#1d4ed8", chip_border="#9db8f5",
    unsupported_bg="#fde2e2", unsupported_fg="#8a1c1c",
    uncited_bg="#fff1c7", uncited_fg="#7a4f00",
    span_bg="#fff0a8", span_fg="#1f1f1f",
    banner_bg="#fff4d6", banner_fg="#5c3b00", banner_border="#e0a526",
    error_bg="#fde8e8", error_fg="#7f1d1d", error_border="#e38b8b",
    good="#2e8540", fair="#c98a00", poor="#c62828", muted="#6b7280",
    page_highlight="#ffd400",
)

DARK = Tones(
    dark=True,
    chip_bg="#1e3a6e", chip_fg="#cfe0ff", chip_border="#3f63a8",
    unsupported_bg="#5a1f24", unsupported_fg="#ffd6d6",
    uncited_bg="#56430f", uncited_fg="#ffe9a8",
    span_bg="#6b5a12", span_fg="#fff8dc",
    banner_bg="#4a3508", banner_fg="#ffe6a3", banner_border="#c98f1c",
    error_bg="#4c1d1d", error_fg="#ffd4d4", error_border="#a24848",
    good="#5cc46f", fair="#e0b03a", poor="#ef6b6b", muted="#9aa3b2",
    page_highlight="#ffd400",
)


def dark_palette() -> QPalette:
    """A neutral dark palette for Fusion (Qt's own dark palette is only applied on some platforms)."""
    p = QPalette()
    window, base, alt, text = QColor("#202226"), QColor("#17181b"), QColor("#24262b"), QColor("#e6e6e6")
    disabled = QColor("#7d8088")
    accent = QColor("#4d8df6")
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: alt,
        QPalette.ColorRole.ToolTipBase: QColor("#2b2d33"),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: disabled,
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor("#2a2c31"),
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor("#ff6b6b"),
        QPalette.ColorRole.Light: QColor("#3a3d44"),
        QPalette.ColorRole.Midlight: QColor("#30333a"),
        QPalette.ColorRole.Mid: QColor("#26282d"),
        QPalette.ColorRole.Dark: QColor("#111214"),
        QPalette.ColorRole.Shadow: QColor("#000000"),
        QPalette.ColorRole.Highlight: accent,
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.Link: QColor("#8ab4ff"),
        QPalette.ColorRole.LinkVisited: QColor("#b59cff"),
    }
    for role, colour in roles.items():
        p.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


def light_palette() -> QPalette:
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: QColor("#f3f4f6"),
        QPalette.ColorRole.WindowText: QColor("#1f2328"),
        QPalette.ColorRole.Base: QColor("#ffffff"),
        QPalette.ColorRole.AlternateBase: QColor("#f6f8fa"),
        QPalette.ColorRole.ToolTipBase: QColor("#ffffff"),
        QPalette.ColorRole.ToolTipText: QColor("#1f2328"),
        QPalette.ColorRole.PlaceholderText: QColor("#8c959f"),
        QPalette.ColorRole.Text: QColor("#1f2328"),
        QPalette.ColorRole.Button: QColor("#f6f7f9"),
        QPalette.ColorRole.ButtonText: QColor("#1f2328"),
        QPalette.ColorRole.Highlight: QColor("#2563eb"),
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.Link: QColor("#1d4ed8"),
    }
    for role, colour in roles.items():
        p.setColor(role, colour)
    disabled = QColor("#9aa0a6")
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


def system_prefers_dark() -> bool:
    hints = QGuiApplication.styleHints()
    scheme = hints.colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    # Unknown scheme (older desktops): judge by the platform's window colour.
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


class ThemeManager(QObject):
    """Applies the palette matching the system scheme and re-applies it when the system switches."""

    changed = Signal(object)  # Tones

    def __init__(self, app: QApplication, *, force: str | None = None) -> None:
        super().__init__(app)
        self._app = app
        self._force = force  # "light" | "dark" | None (follow the system)
        self.tones: Tones = LIGHT
        app.setStyle("Fusion")
        self.apply()
        app.styleHints().colorSchemeChanged.connect(lambda _scheme: self.apply())

    def apply(self) -> None:
        dark = self._force == "dark" if self._force else system_prefers_dark()
        self.tones = DARK if dark else LIGHT
        set_current(self.tones)
        self._app.setPalette(dark_palette() if dark else light_palette())
        self.changed.emit(self.tones)


_current: Tones = LIGHT


def current() -> Tones:
    """The tones in effect (LIGHT until a ThemeManager runs; widgets created without an app still work)."""
    return _current


def set_current(tones: Tones) -> None:
    global _current
    _current = tones
