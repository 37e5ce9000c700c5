"""The trace: one row per node execution on a shared time axis, plus every retry and its reason."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from masis_desktop.ui import theme
from masis_desktop.ui.item_models import TraceTableModel
from masis_desktop.ui.render import as_dict
from masis_desktop.ui.widgets.common import muted_label, plain_label

NODE_COLOURS = {"researcher": "#3b82f6", "synthesizer": "#8b5cf6", "critic": "#ef4444", "evaluator": "#f59e0b",
                "supervisor": "#10b981"}


class TimelineDelegate(QStyledItemDelegate):
    """Draws a node's bar at its start offset, proportional to its duration (a Gantt row)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        super().paint(painter, option, index)
        value = index.data(Qt.ItemDataRole.UserRole)
        if not value:
            return
        start, duration, total = value
        if total <= 0:
            return
        rect = option.rect.adjusted(4, 6, -4, -6)
        node = str(index.model().index(index.row(), 1).data() or "")
        x = rect.left() + rect.width() * start / total
        w = max(2.0, rect.width() * duration / total)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(option.palette.color(QPalette.ColorRole.AlternateBase))
        painter.drawRoundedRect(QRectF(rect), 2, 2)
        painter.setBrush(QColor(NODE_COLOURS.get(node, "#6b7280")))
        painter.drawRoundedRect(QRectF(x, rect.top(), w, rect.height()), 2, 2)
        painter.restore()


class TraceView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Trace")
        self.model = TraceTableModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setAccessibleName("Trace of the pipeline: one row per step")
        self.table.setItemDelegateForColumn(3, TimelineDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        for col in (0, 1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.summary = plain_label("", self)
        self.summary.setAccessibleName("Trace summary")
        self.models = plain_label("", self, selectable=True)  # which backend (local file or server) ran each role
        self.models.setAccessibleName("Models that produced this answer")
        self.retries = plain_label("", self, selectable=True)
        self.retries.setAccessibleName("Retries and their reasons")
        self.empty = muted_label("The per-step timeline appears here after a run.", self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.empty)
        layout.addWidget(self.summary)
        layout.addWidget(self.models)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.retries)
        self.clear()

    def clear(self) -> None:
        self.model.set_trace([])
        self.summary.setText("")
        self.models.setText("")
        self.retries.setText("")
        self.empty.show()

    def add_entry(self, entry: dict[str, Any]) -> None:
        """Live update while a run is going (one NodeFinished at a time)."""
        self.empty.hide()
        self.model.set_trace([*self.model.rows, entry])
        self.table.scrollToBottom()
        self.summary.setText(f"{len(self.model.rows)} steps · {self.model.total_ms / 1000:.1f} s so far")

    def set_response(self, response: dict[str, Any]) -> None:
        trace = [as_dict(t) for t in response.get("trace") or []]
        self.model.set_trace(trace)
        self.empty.setVisible(not trace)
        metrics = as_dict(response.get("metrics"))
        reasons = [as_dict(r) for r in metrics.get("retry_reasons") or []]
        history = metrics.get("confidence_history") or []
        decisions = [t for t in trace if t.get("node") == "supervisor" and t.get("decision")]
        final = decisions[-1].get("decision") if decisions else response.get("status")
        latency = as_dict(metrics.get("node_latency_ms"))
        slowest = max(latency.items(), key=lambda kv: float(kv[1] or 0))[0] if latency else ""
        parts = [f"{len(trace)} steps", f"{self.model.total_ms / 1000:.1f} s in total",
                 f"{len(reasons)} retr{'y' if len(reasons) == 1 else 'ies'}", f"final decision: {final}"]
        if history:
            parts.append("confidence " + " → ".join(f"{float(c) * 100:.0f}%" for c in history))
        if slowest:
            parts.append(f"slowest: {slowest}")
        self.summary.setText(" · ".join(parts))
        models = as_dict(metrics.get("models"))
        self.models.setText(("Models: " + " · ".join(f"{role} {name}" for role, name in models.items())) if models
                            else "")
        lines = []
        for r in reasons:
            flags = [k.replace("_", " ") for k in ("citation_issue", "hallucination", "low_confidence") if r.get(k)]
            conf = r.get("confidence")
            lines.append(f"Retry {r.get('iteration', '?')}: {r.get('reason', 'quality issue')}"
                         f"{f' (confidence {float(conf) * 100:.0f}%)' if conf is not None else ''}"
                         f"{'; ' + ', '.join(flags) if flags else ''}")
        repeated = next((t.get("repeats_iteration") for t in decisions if t.get("repeats_iteration") is not None), None)
        if repeated is not None:
            lines.append(f"Another retry would have repeated attempt {int(repeated) + 1} word for word (same "
                         "evidence, same draft, same problems), so it was not run.")
        ending = "escalated to you" if final == "escalate" else "accepted" if final == "finalize" else "returned"
        self.retries.setText("\n".join(lines) if lines else f"No retries: the first draft was {ending}.")
        tones = theme.current()
        self.retries.setStyleSheet(f"color: {tones.fair};" if lines else "")
