"""Ingestion progress: a bar, counts, ETA and Cancel while running; the per-file failures with reasons after."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from masis_desktop.core.events import FileFinished, FileResult, IngestFinished, IngestProgress, IngestStarted
from masis_desktop.ui import icons, theme
from masis_desktop.ui.render import tooltip
from masis_desktop.ui.widgets.common import muted_label, plain_label


def format_eta(seconds: float | None) -> str:
    if seconds is None:
        return "estimating time left…"
    seconds = max(0.0, seconds)
    if seconds < 60:
        return f"about {max(1, round(seconds))} s left"
    minutes, secs = divmod(round(seconds), 60)
    return f"about {minutes} min {secs:02d} s left"


class IngestPanel(QFrame):
    """Shows one ingestion at a time (the ingest queue is serial); further drops are counted as queued."""

    cancel_requested = Signal()
    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("IngestPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("Ingestion progress")
        self.title = QLabel(self)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.bar = QProgressBar(self)
        self.bar.setAccessibleName("Ingestion progress")
        self.bar.setTextVisible(True)
        self.detail = muted_label("", self)
        self.current = plain_label("", self, wrap=False)
        self.current.setAccessibleName("File being read")
        self.cancel_button = QPushButton("Cancel", self)
        icons.bind(self.cancel_button, "stop")
        self.cancel_button.setAccessibleName("Cancel ingestion")
        self.cancel_button.setToolTip("Stop adding files; files already indexed stay indexed")
        self.cancel_button.clicked.connect(self._cancel)
        self.dismiss_button = QPushButton("Dismiss", self)
        self.dismiss_button.setAccessibleName("Dismiss ingestion summary")
        self.dismiss_button.clicked.connect(self._dismiss)
        self.failures = QListWidget(self)
        self.failures.setAccessibleName("Files that could not be added")
        self.failures.setMaximumHeight(130)
        self.failures.setWordWrap(True)

        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.cancel_button)
        top.addWidget(self.dismiss_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addLayout(top)
        layout.addWidget(self.bar)
        layout.addWidget(self.detail)
        layout.addWidget(self.current)
        layout.addWidget(self.failures)
        self.queued = 0
        self.workspace = ""
        self.results: list[FileResult] = []
        self.running = False
        self._autohide = QTimer(self)
        self._autohide.setSingleShot(True)
        self._autohide.setInterval(8000)
        self._autohide.timeout.connect(self._dismiss)
        self.reset()

    def reset(self) -> None:
        self._autohide.stop()
        self.results = []
        self.failures.clear()
        self.failures.hide()
        self.bar.setRange(0, 0)
        self._set_detail("")
        self._set_current("")
        self.dismiss_button.hide()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)

    def _set_detail(self, text: str) -> None:
        self.detail.setText(text)
        self.detail.setVisible(bool(text))

    def _set_current(self, text: str) -> None:
        self.current.setText(text)
        self.current.setVisible(bool(text))

    def begin(self, workspace: str, paths: list[Path]) -> None:
        self.reset()
        self.running = True
        self.workspace = workspace
        kind = "files" if all(p.is_file() for p in paths) else "items"
        what = paths[0].name if len(paths) == 1 else f"{len(paths)} {kind}"
        self.title.setText(f"Adding {what} to “{workspace}”")
        self._set_detail("Scanning files…")
        self.bar.show()
        self.show()

    def set_queued(self, count: int) -> None:
        self.queued = count
        self._refresh_title_suffix()

    def _refresh_title_suffix(self) -> None:
        base = self.title.text().split("  (")[0]
        self.title.setText(base + (f"  ({self.queued} more queued)" if self.queued else ""))

    def on_event(self, event: object) -> None:
        if isinstance(event, IngestStarted):
            self.bar.setRange(0, max(1, event.files_total))
            self.bar.setValue(0)
            self.bar.setFormat(f"0 of {event.files_total} files")
        elif isinstance(event, IngestProgress):
            total = max(1, event.files_total)
            self.bar.setRange(0, total)
            self.bar.setValue(min(event.files_done, total))
            self.bar.setFormat(f"{event.files_done} of {event.files_total} files")
            self._set_detail(f"{event.chunks_embedded} chunks embedded · {format_eta(event.eta_s)}")
            self._set_current(f"Reading {Path(event.current).name}" if event.current else "")
        elif isinstance(event, FileFinished):
            self.results.append(event.result)
            if event.result.status == "failed":
                self._add_failure(event.result)
        elif isinstance(event, IngestFinished):
            self.finish(event)

    def _add_failure(self, result: FileResult) -> None:
        item = QListWidgetItem(icons.icon("error", theme.current().poor),
                               f"{Path(result.path).name} — {result.error or 'failed'}")
        item.setToolTip(tooltip(f"{result.path}\n{result.error or ''}"))
        self.failures.addItem(item)
        rows = min(self.failures.count(), 5)  # as tall as its rows, up to five
        row_h = max(22, self.failures.sizeHintForRow(0))
        self.failures.setFixedHeight(rows * row_h + 2 * self.failures.frameWidth() + 4)
        self.failures.show()

    def finish(self, event: IngestFinished) -> None:
        self.running = False
        known = {r.path for r in self.results}
        for r in event.results:
            if r.path not in known and r.status == "failed":
                self._add_failure(r)
        totals = event.totals
        parts = [f"{totals['indexed']} indexed"]
        if totals["skipped"]:
            parts.append(f"{totals['skipped']} unchanged or skipped")
        if totals["failed"]:
            parts.append(f"{totals['failed']} failed")
        if totals["removed"]:
            parts.append(f"{totals['removed']} removed")
        verb = "Cancelled" if event.cancelled else "Done"
        self.title.setText(f"{verb}: {', '.join(parts)} — {totals['chunks']} chunks in “{self.workspace}”")
        self.bar.hide()  # the title says how it ended
        self._set_detail("")
        self._set_current("")
        self.cancel_button.hide()
        self.dismiss_button.show()
        if not totals["failed"] and not event.cancelled:
            self._autohide.start()  # a clean success needs no acknowledgement

    def fail(self, message: str) -> None:
        self.running = False
        self.title.setText(f"Could not add files to “{self.workspace}”")
        self._set_detail(message)
        self.cancel_button.hide()
        self.dismiss_button.show()

    def _cancel(self) -> None:
        self.cancel_button.setEnabled(False)
        self._set_detail("Cancelling…")
        self.cancel_requested.emit()

    def _dismiss(self) -> None:
        self._autohide.stop()
        if self.running:
            return
        self.hide()
        self.dismissed.emit()
