"""The workspace quality view: how the pipeline has done on this workspace's past questions."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from masis_desktop.ui import icons
from masis_desktop.ui.widgets.common import muted_label, section_label

# (key in History.stats(), label, how to show, what it means)
METRICS = (
    ("runs", "Questions answered", "int", "Runs recorded in this workspace's history."),
    ("critique_hallucination_rate", "Hallucination rate", "pct",
     "Share of drafts in which the critic found a hallucination."),
    ("critique_revision_rate", "Retry rate", "pct", "Share of runs that needed at least one retry."),
    ("hitl_rate", "Escalated to you", "pct", "Share of runs that ended asking for a human review."),
    ("critique_latency_ms", "Critique latency", "ms", "Average time the critic needed per draft."),
    ("critique_confidence_avg", "Average confidence", "pct", "Mean final confidence of the answers."),
    ("claims_per_draft", "Claims per draft", "float", "Average number of sentences checked per draft."),
    ("mean_total_ms", "Average answer time", "ms", "Mean time from question to audited answer."),
)


def _format(kind: str, value: Any) -> str:
    if value is None:
        return "–"
    try:
        v = float(value)
    except (TypeError, ValueError):
        return str(value)
    if kind == "pct":
        return f"{v * 100:.0f}%"
    if kind == "ms":
        return f"{v / 1000:.1f} s" if v >= 1000 else f"{v:.0f} ms"
    if kind == "int":
        return f"{int(v)}"
    return f"{v:.1f}"


class StatsView(QWidget):
    refresh_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Workspace quality")
        self.title = section_label("Workspace quality", self)
        self.note = muted_label("Computed from this workspace's question history.", self)
        self.values: dict[str, QLabel] = {}
        form = QFormLayout()
        for key, label, _kind, meaning in METRICS:
            value = QLabel("–", self)
            value.setToolTip(meaning)
            value.setAccessibleName(label)
            self.values[key] = value
            name = QLabel(label, self)
            name.setToolTip(meaning)
            form.addRow(name, value)
        self.refresh = QPushButton("Refresh", self)
        icons.bind(self.refresh, "history")
        self.refresh.setAccessibleName("Refresh workspace quality")
        self.refresh.clicked.connect(self.refresh_requested)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addLayout(form)
        layout.addWidget(self.refresh)
        layout.addStretch(1)

    def set_stats(self, stats: dict[str, Any] | None) -> None:
        stats = stats or {}
        for key, _label, kind, _meaning in METRICS:
            self.values[key].setText(_format(kind, stats.get(key)))
        n = stats.get("runs")
        self.note.setText("No questions asked in this workspace yet." if not n
                          else "Computed from this workspace's question history.")
