"""The amber HITL banner shown above the best draft when the Supervisor asks for a human."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from masis_desktop.ui import icons, theme
from masis_desktop.ui.widgets.common import plain_label


class HitlBanner(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HitlBanner")
        self.setAccessibleName("Needs your review")
        self.icon = QLabel(self)
        self.title = QLabel("Needs your review", self)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.question = plain_label("", self, selectable=True)
        self.question.setAccessibleName("Clarification question")
        self.note = plain_label("", self)
        text = QVBoxLayout()
        text.setSpacing(2)
        text.addWidget(self.title)
        text.addWidget(self.question)
        text.addWidget(self.note)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(text, 1)
        self.apply_theme()
        self.hide()

    def apply_theme(self) -> None:
        t = theme.current()
        self.setStyleSheet(
            f"#HitlBanner {{ background: {t.banner_bg}; border: 1px solid {t.banner_border}; border-radius: 6px; }}"
            f"#HitlBanner QLabel {{ color: {t.banner_fg}; background: transparent; }}"
        )
        self.icon.setPixmap(icons.icon("warning", t.banner_border).pixmap(24, 24))

    def show_for(self, question: str, confidence: float | None, has_draft: bool) -> None:
        self.question.setText(question)
        conf = f"Confidence {confidence * 100:.0f}%. " if confidence is not None else ""
        self.note.setText(conf + ("Below is the best draft: check the flagged sentences against the sources before "
                                  "relying on it." if has_draft else "No draft was written."))
        self.setAccessibleDescription(question)
        self.show()
