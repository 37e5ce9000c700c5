"""Where a run is: Researching › Writing › Auditing › Deciding › Scoring, the pass (retry 1 of 2), elapsed time."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QVBoxLayout, QWidget

from masis_desktop.ui import theme
from masis_desktop.ui.render import stage_label

STEPS = ("researching", "writing", "auditing", "deciding", "scoring")  # the order ask(...) runs them


class StageIndicator(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Progress of the answer")
        self.labels: dict[str, QLabel] = {}
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        for i, step in enumerate(STEPS):
            if i:
                arrow = QLabel("›", self)
                arrow.setAccessibleName("")
                row.addWidget(arrow)
            label = QLabel(stage_label(step), self)
            label.setTextFormat(Qt.TextFormat.PlainText)
            self.labels[step] = label
            row.addWidget(label)
        row.addSpacing(12)
        self.pass_label = QLabel(self)
        self.pass_label.setTextFormat(Qt.TextFormat.PlainText)
        self.pass_label.setAccessibleName("Pass")
        row.addWidget(self.pass_label)
        row.addStretch(1)
        self.message = QLabel(self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setAccessibleName("Stage message")
        row.addWidget(self.message)
        self.elapsed = QLabel(self)
        self.elapsed.setAccessibleName("Elapsed time")
        row.addWidget(self.elapsed)
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)
        self.busy.setMaximumHeight(4)
        self.busy.setTextVisible(False)
        self.busy.setAccessibleName("Working")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(row)
        layout.addWidget(self.busy)
        self.stage: str | None = None
        self.done = False
        self.iteration = 0
        self.max_retries = 0
        self._started = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(500)
        self._timer.timeout.connect(self._tick)
        self.reset()

    def reset(self) -> None:
        self.stage = None
        self.done = False
        self.iteration = 0
        self._timer.stop()
        self.busy.hide()
        self.pass_label.setText("")
        self.message.setText("")
        self.elapsed.setText("")
        self._paint_steps()

    def start(self) -> None:
        self.reset()
        self._started = time.monotonic()
        self.busy.show()
        self._timer.start()
        self.message.setText("Starting…")
        self._tick()

    def set_stage(self, stage: str, iteration: int, max_retries: int, message: str = "") -> None:
        self.stage = stage
        self.iteration = iteration
        self.max_retries = max_retries
        tones = theme.current()
        if iteration > 0:
            self.pass_label.setText(f"retry {iteration} of {max_retries}")
            self.pass_label.setStyleSheet(f"color: {tones.fair}; font-weight: 600;")
        else:
            self.pass_label.setText("")
        self.message.setText(message or (stage_label(stage) + "…"))
        self._paint_steps()
        self.setAccessibleDescription(f"{stage_label(stage)}{', ' + self.pass_label.text() if iteration else ''}")

    def stop(self, outcome: str = "") -> None:
        self._timer.stop()
        self._tick()
        self.busy.hide()
        self.message.setText(outcome)
        self.stage = None
        self.done = outcome.startswith("Done")
        self._paint_steps()

    def show_outcome(self, outcome: str, seconds: float | None) -> None:
        """How a finished run ended (a run re-opened from the history)."""
        self.reset()
        self.message.setText(outcome)
        self.elapsed.setText(f"{seconds:.0f} s" if seconds is not None else "")
        self.done = outcome.startswith("Done")
        self._paint_steps()

    def retheme(self) -> None:
        """Repaint the steps in the new palette's colours."""
        self._paint_steps()

    def _tick(self) -> None:
        if self._started:
            self.elapsed.setText(f"{time.monotonic() - self._started:.0f} s")

    def _paint_steps(self) -> None:
        tones = theme.current()
        muted = QColor(tones.muted)
        active_index = STEPS.index(self.stage) if self.stage in STEPS else (len(STEPS) if self.done else -1)
        for i, step in enumerate(STEPS):
            label = self.labels[step]
            font = label.font()
            font.setBold(i == active_index)
            label.setFont(font)
            pal = label.palette()
            if i == active_index:
                colour = pal.color(QPalette.ColorRole.Highlight)
            elif i < active_index:
                colour = QColor(tones.good)
            else:
                colour = muted
            pal.setColor(QPalette.ColorRole.WindowText, colour)
            label.setPalette(pal)
            prefix = "✓ " if i < active_index else ""
            label.setText(prefix + stage_label(step))
