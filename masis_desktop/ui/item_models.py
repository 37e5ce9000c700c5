"""Thin Qt item models over core records (workspaces, documents, evidence, history, trace).

Each model holds a plain list of records handed to it by the window (loaded off the GUI thread) and adapts it to
views: display text, tooltips, sort keys, accessible descriptions. None of them touches the core themselves.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractListModel, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QIcon

from masis_desktop.ui import icons, theme
from masis_desktop.ui.render import doc_name, flagged_by, get, pct, tooltip

Index = QModelIndex | QPersistentModelIndex
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
RECORD_ROLE = Qt.ItemDataRole.UserRole + 2


class _TableModel(QAbstractTableModel):
    headers: tuple[str, ...] = ()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[Any] = []

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        return None

    def record(self, row: int) -> Any:
        return self.rows[row] if 0 <= row < len(self.rows) else None


class WorkspaceListModel(QAbstractListModel):
    """Workspace names; dropping files onto an item is handled by the sidebar view."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.names: list[str] = []
        self.counts: dict[str, int] = {}

    def set_names(self, names: Sequence[str]) -> None:
        self.beginResetModel()
        self.names = sorted(names, key=str.casefold)
        self.endResetModel()

    def set_count(self, name: str, documents: int) -> None:
        self.counts[name] = documents
        if name in self.names:
            idx = self.index(self.names.index(name))
            self.dataChanged.emit(idx, idx)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.names)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        name = self.names[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return name
        if role == Qt.ItemDataRole.DecorationRole:
            return icons.icon("workspace")
        if role == Qt.ItemDataRole.ToolTipRole:
            count = self.counts.get(name)
            docs = f"{count} document{'s' if count != 1 else ''}" if count is not None else "documents not loaded yet"
            return f"{name} — {docs}\nDrop files or folders here to add them to this workspace."
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"Workspace {name}"
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsDropEnabled

    def row_of(self, name: str) -> int:
        return self.names.index(name) if name in self.names else -1


_STATUS_TEXT = {"indexed": "Indexed", "failed": "Failed", "skipped": "Skipped", "removed": "Removed",
                "pending": "Pending", "stale": "Out of date"}


DETAIL_ROLE = Qt.ItemDataRole.UserRole + 3
TONE_ROLE = Qt.ItemDataRole.UserRole + 4  # "poor" | "fair" | "good" | "muted": the colour of the detail line


def document_detail(doc: Any) -> str:
    """One line about a document: "Indexed · 3 pages · 14 chunks" or "Failed: <reason>"."""
    status = str(get(doc, "status", "") or "")
    error = get(doc, "error")
    label = _STATUS_TEXT.get(status, status.capitalize())
    if status in ("failed", "skipped") and error:
        return f"{label}: {error}"
    parts = [label]
    pages = get(doc, "pages")
    if pages:
        parts.append(f"{pages} page{'s' if pages != 1 else ''}")
    chunks = int(get(doc, "chunks", 0) or 0)
    parts.append(f"{chunks} chunk{'s' if chunks != 1 else ''}")
    return " · ".join(parts)


class DocumentListModel(QAbstractListModel):
    """The documents of a workspace, by name; each row carries its status line (with the reason if it failed)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[Any] = []

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self.rows = sorted(rows, key=lambda d: str(get(d, "name") or get(d, "path") or "").casefold())
        self.endResetModel()

    def record(self, row: int) -> Any:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        doc = self.rows[index.row()]
        status = str(get(doc, "status", "") or "")
        name = str(get(doc, "name") or Path(str(get(doc, "path", ""))).name)
        tones = theme.current()
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == DETAIL_ROLE:
            return document_detail(doc)
        if role == TONE_ROLE:
            return "poor" if status == "failed" else "fair" if status == "skipped" else "muted"
        if role == RECORD_ROLE:
            return doc
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(f"{get(doc, 'path', name)}\n{document_detail(doc)}")
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{name}, {document_detail(doc)}"
        if role == Qt.ItemDataRole.DecorationRole:
            if status == "failed":
                return icons.icon("error", tones.poor)
            if status == "skipped":
                return icons.icon("warning", tones.fair)
            return icons.icon("document")
        return None


class EvidenceTableModel(_TableModel):
    """All evidence of an answer with its scores; the cited ones are marked."""

    headers = ("Source", "Document", "Page", "Relevance", "Dense", "BM25")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.cited: set[str] = set()

    def set_evidence(self, rows: Sequence[dict[str, Any]], cited: set[str]) -> None:
        self.cited = set(cited)
        self.set_rows(rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        hit = self.rows[index.row()]
        col = index.column()
        cid = str(hit.get("chunk_id", ""))
        if role == RECORD_ROLE:
            return hit
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return f"{cid} ✓" if cid in self.cited else cid
            if col == 1:
                return doc_name(hit.get("document"))
            if col == 2:
                return "—" if hit.get("page") is None else str(hit["page"])
            if col == 3:
                return pct(hit.get("relevance", 0.0))
            if col == 4:
                return f"{float(hit.get('dense_score') or 0):.3f}"
            if col == 5:
                return f"{float(hit.get('bm25_score') or 0):.2f}"
        if role == SORT_ROLE:
            keys = [int(cid[1:]) if cid[1:].isdigit() else 0, str(hit.get("document", "")).casefold(),
                    hit.get("page") or 0, hit.get("relevance") or 0.0, hit.get("dense_score") or 0.0,
                    hit.get("bm25_score") or 0.0]
            return keys[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            cited = "Cited in the answer" if cid in self.cited else "Retrieved, not cited"
            return tooltip(f"{cid} — {cited}\n{hit.get('document', '')}\n"
                           f"{' '.join(str(hit.get('text', '')).split())[:300]}")
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and col == 0 and cid in self.cited:
            from PySide6.QtGui import QFont

            font = QFont()
            font.setBold(True)
            return font
        return None


def _when(value: Any) -> str:
    if not value:
        return ""
    try:
        stamp = dt.datetime.fromisoformat(str(value)) if not isinstance(value, (int, float)) else (
            dt.datetime.fromtimestamp(float(value), tz=dt.UTC))
    except ValueError:
        return str(value)
    if stamp.tzinfo is not None:
        stamp = stamp.astimezone()
    return stamp.strftime("%Y-%m-%d %H:%M")


class HistoryListModel(QAbstractListModel):
    """Past questions of a workspace, newest first."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self.rows = [dict(r) if isinstance(r, dict) else dict(vars(r)) for r in rows]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def record(self, row: int) -> dict[str, Any] | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        rec = self.rows[index.row()]
        question = str(rec.get("question") or "")
        tones = theme.current()
        review = rec.get("requires_human_review") or rec.get("status") == "needs_clarification"
        if role == Qt.ItemDataRole.DisplayRole:
            return question
        if role == DETAIL_ROLE:
            return history_detail(rec)
        if role == TONE_ROLE:
            return "fair" if review else "muted"
        if role == Qt.ItemDataRole.ToolTipRole:
            preview = str(rec.get("answer_preview") or "")
            return tooltip(f"{question}\n{history_detail(rec)}" + (f"\n\n{preview}" if preview else ""))
        if role == Qt.ItemDataRole.DecorationRole:
            return icons.icon("warning", tones.fair) if review else icons.icon("check", tones.good)
        if role == RECORD_ROLE:
            return rec
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"Past question: {question}{', needs review' if review else ''}"
        return None


def history_detail(rec: dict[str, Any]) -> str:
    review = rec.get("requires_human_review") or rec.get("status") == "needs_clarification"
    parts = [_when(rec.get("created_at")), "needs review" if review else "answered"]
    if rec.get("confidence") is not None:
        parts.append(f"confidence {pct(rec.get('confidence'))}")
    retries = int(rec.get("retries") or 0)
    if retries:
        parts.append(f"{retries} retr{'y' if retries == 1 else 'ies'}")
    return " · ".join(p for p in parts if p)


class TraceTableModel(_TableModel):
    """One row per node execution; the timeline column is painted by ``TimelineDelegate``."""

    headers = ("Pass", "Node", "Duration", "Timeline", "Details")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.total_ms = 0.0
        self.starts: list[float] = []

    def set_trace(self, trace: Sequence[dict[str, Any]]) -> None:
        rows = [dict(t) for t in trace]
        starts, t, iteration = [], 0.0, 0
        for r in rows:
            r["_iteration"] = iteration
            starts.append(t)
            t += float(r.get("duration_ms") or 0.0)
            if r.get("node") == "supervisor" and r.get("decision") == "retry":
                iteration += 1
        self.starts = starts
        self.total_ms = t
        self.set_rows(rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return pass_label(int(row.get("_iteration", 0)))
            if col == 1:
                return str(row.get("node", ""))
            if col == 2:
                ms = row.get("duration_ms")
                return "—" if ms is None else (f"{ms / 1000:.1f} s" if ms >= 1000 else f"{ms:.0f} ms")
            if col == 3:
                return ""
            if col == 4:
                return trace_details(row)
        if role == Qt.ItemDataRole.UserRole and col == 3:
            return (self.starts[index.row()], float(row.get("duration_ms") or 0.0), self.total_ms)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip("\n".join(f"{k}: {v}" for k, v in row.items() if not k.startswith("_")))
        if role == Qt.ItemDataRole.ForegroundRole and col == 4 and row.get("node") == "supervisor":
            decision = row.get("decision")
            tones = theme.current()
            colour = tones.good if decision == "finalize" else tones.fair if decision == "retry" else tones.poor
            return QBrush(QColor(colour))
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


_DETAIL_KEYS = {
    "researcher": ("chunks", "filtered_out", "avg_score", "threshold_used", "augmented_query_used",
                   "restated_query", "read_below_threshold"),
    "synthesizer": ("citations", "answer_length", "context_compressed"),
    "critic": ("confidence", "hallucination", "invalid_citations", "uncited_claims", "unsupported_claims"),
    "evaluator": ("overall_score", "faithfulness", "relevance", "completeness"),
    "supervisor": ("decision", "reason", "repeats_iteration", "confidence", "retry_count"),
}


def pass_label(iteration: int) -> str:
    return "first" if iteration == 0 else f"retry {iteration}"


def trace_details(row: dict[str, Any]) -> str:
    node = str(row.get("node", ""))
    keys = _DETAIL_KEYS.get(node) or tuple(k for k in row if k not in ("node", "duration_ms") and not k.startswith("_"))
    parts = []
    for key in keys:
        if key not in row or row[key] is None:
            continue
        value = row[key]
        if key == "read_below_threshold":  # candidates the critic model read when none reached the threshold
            if value:
                kept = sum(1 for read in value if read.get("kept"))
                parts.append(f"read by the critic model {len(value)}, kept {kept}")
            continue
        if isinstance(value, float):
            value = f"{value:.2f}"
        elif isinstance(value, (list, tuple)):
            value = len(value)
        elif key == "restated_query":
            value = f"\u201c{value}\u201d"
        elif key == "repeats_iteration":  # an earlier pass, named as the Pass column names it
            parts.append(f"would repeat {'the first pass' if int(value) == 0 else pass_label(int(value))}")
            continue
        parts.append(f"{key.replace('_', ' ')} {value}")
    if row.get("fired_checks"):  # the audit checks whose findings took effect on this pass
        parts.append(flagged_by([str(c) for c in row["fired_checks"]]))
    if row.get("error"):
        parts.append(f"error: {row['error']}")
    return ", ".join(parts)


def icon_for_status(status: str) -> QIcon:
    tones = theme.current()
    return icons.icon("check", tones.good) if status == "success" else icons.icon("warning", tones.fair)
