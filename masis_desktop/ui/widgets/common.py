"""Small building blocks shared by the panels: score bars, section headers, elided labels."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

from masis_desktop.ui import theme
from masis_desktop.ui.render import score_tone


class ScoreBar(QWidget):
    """A labelled 0..1 score drawn as a bar coloured by quality (green / amber / red)."""

    def __init__(self, label: str, parent: QWidget | None = None, *, weight: str = "") -> None:
        super().__init__(parent)
        self.label = label
        self.weight = weight
        self.value: float | None = None
        self.setMinimumHeight(30)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(label)
        self._sync_accessibility()

    def sizeHint(self) -> QSize:
        return QSize(220, 34)

    def set_value(self, value: float | None) -> None:
        self.value = None if value is None else max(0.0, min(1.0, float(value)))
        self._sync_accessibility()
        self.update()

    def text_value(self) -> str:
        return "–" if self.value is None else f"{self.value * 100:.0f}%"

    def _sync_accessibility(self) -> None:
        self.setAccessibleDescription(f"{self.label}: {self.text_value()}")
        self.setToolTip(f"{self.label}{f' (weight {self.weight})' if self.weight else ''}: {self.text_value()}")

    def paintEvent(self, _event: QPaintEvent) -> None:
        tones = theme.current()
        pal = self.palette()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        text_h = 15
        p.setPen(pal.color(QPalette.ColorRole.WindowText))
        p.drawText(QRectF(0, 0, w * 0.7, text_h), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   self.label + (f"  ({self.weight})" if self.weight else ""))
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.drawText(QRectF(w * 0.5, 0, w * 0.5, text_h), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                   self.text_value())
        track = QRectF(0, text_h + 5, w, max(6.0, h - text_h - 9))
        p.setPen(Qt.PenStyle.NoPen)
        base = pal.color(QPalette.ColorRole.Mid) if tones.dark else QColor("#e5e7eb")
        p.setBrush(base)
        p.drawRoundedRect(track, 3, 3)
        if self.value is not None and self.value > 0:
            fill = QRectF(track.left(), track.top(), max(track.height(), track.width() * self.value), track.height())
            p.setBrush(QColor(score_tone(self.value, tones)))
            p.drawRoundedRect(fill, 3, 3)
        p.end()


def section_label(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.05)
    label.setFont(font)
    label.setAccessibleName(text)
    return label


def muted_label(text: str = "", parent: QWidget | None = None, *, wrap: bool = True) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    pal = label.palette()
    pal.setColor(QPalette.ColorRole.WindowText, QColor(theme.current().muted))
    label.setPalette(pal)
    return label


def hline(parent: QWidget | None = None) -> QFrame:
    line = QFrame(parent)
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


def plain_label(text: str = "", parent: QWidget | None = None, *, wrap: bool = True,
                selectable: bool = False) -> QLabel:
    """A label that never interprets its text as HTML (document and model text is shown through these)."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(wrap)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
