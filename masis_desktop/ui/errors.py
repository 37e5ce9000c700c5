"""The one place errors are shown: an inline message bar at the top of the window, plus the log file.

Core errors (``MasisError``) carry a message written for the user and are shown as is. Anything else is a bug: it
is shown as "Unexpected error" with the traceback behind a Details button and written to the log. A cancellation
is not an error; it is noted in the status bar. Messages are always plain text (never interpreted as HTML).
"""

from __future__ import annotations

import logging
import sys
import traceback
from types import TracebackType

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStatusBar, QToolButton, QVBoxLayout, QWidget

from masis_desktop.errors import CancelledError, MasisError
from masis_desktop.ui import icons, theme
from masis_desktop.ui.widgets.common import plain_label

log = logging.getLogger("masis_desktop.ui")


class MessageBar(QFrame):
    """An inline, dismissable message (KMessageWidget-style): no modal dialog interrupts the user's work."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MessageBar")
        self.setAccessibleName("Message")
        self.icon = QLabel(self)
        self.text = plain_label("", self, selectable=True)
        self.text.setAccessibleName("Message text")
        self.details = plain_label("", self, selectable=True)
        self.details.setAccessibleName("Error details")
        self.details.hide()
        mono = self.details.font()
        mono.setFamily("monospace")
        mono.setStyleHint(mono.StyleHint.Monospace)
        self.details.setFont(mono)
        self.details_button = QToolButton(self)
        self.details_button.setText("Details")
        self.details_button.setAccessibleName("Show error details")
        self.details_button.setCheckable(True)
        self.details_button.toggled.connect(self.details.setVisible)
        self.close_button = QToolButton(self)
        icons.bind(self.close_button, "close")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Dismiss")
        self.close_button.setAccessibleName("Dismiss message")
        self.close_button.clicked.connect(self.hide)
        col = QVBoxLayout()
        col.addWidget(self.text)
        col.addWidget(self.details)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 6, 6, 6)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(col, 1)
        row.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.kind = "error"
        self.hide()

    def show_message(self, text: str, kind: str = "error", details: str = "") -> None:
        self.kind = kind
        t = theme.current()
        if kind == "error":
            bg, fg, border, icon_name, colour = t.error_bg, t.error_fg, t.error_border, "error", t.poor
        elif kind == "warning":
            bg, fg, border, icon_name, colour = t.banner_bg, t.banner_fg, t.banner_border, "warning", t.fair
        else:
            bg, fg, border, icon_name, colour = t.chip_bg, t.chip_fg, t.chip_border, "info", t.chip_fg
        self.setStyleSheet(f"#MessageBar {{ background: {bg}; border: 1px solid {border}; border-radius: 6px; }}"
                           f"#MessageBar QLabel {{ color: {fg}; background: transparent; }}")
        self.icon.setPixmap(icons.icon(icon_name, colour).pixmap(20, 20))
        self.text.setText(text)
        self.details.setText(details)
        self.details_button.setChecked(False)
        self.details_button.setVisible(bool(details))
        self.details.hide()
        self.setAccessibleDescription(text)
        self.show()


def describe(exc: BaseException) -> str:
    if isinstance(exc, MasisError):
        return str(exc) or type(exc).__name__
    return f"Unexpected error ({type(exc).__name__}): {exc}"


class ErrorPresenter(QObject):
    presented = Signal(str)

    def __init__(self, bar: MessageBar, status: QStatusBar | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.bar = bar
        self.status = status
        self.history: list[str] = []

    def present(self, exc: BaseException, context: str = "") -> None:
        if isinstance(exc, CancelledError):
            self.note(f"{context}: cancelled" if context else "Cancelled")
            return
        text = describe(exc)
        if context:
            text = f"{context}: {text}"
        details = ""
        if not isinstance(exc, MasisError):
            details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
            log.error("%s\n%s", text, details)
        else:
            log.warning("%s", text)
        self.history.append(text)
        self.bar.show_message(text, "error", details)
        self.presented.emit(text)

    def message(self, text: str, kind: str = "error") -> None:
        """A problem that is not an exception (e.g. a file that cannot be opened)."""
        (log.warning if kind != "info" else log.info)("%s", text)
        self.history.append(text)
        self.bar.show_message(text, kind)
        self.presented.emit(text)

    def note(self, text: str, msecs: int = 6000) -> None:
        if self.status is not None:
            self.status.showMessage(text, msecs)

    def excepthook(self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        """Installed as ``sys.excepthook`` so an exception in a slot reaches the user instead of stderr only."""
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        exc.__traceback__ = tb
        self.present(exc)
