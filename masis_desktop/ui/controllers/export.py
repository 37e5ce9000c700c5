"""Export: the shown answer's audit report as Markdown + HTML (Ctrl+E) or PDF (Ctrl+Shift+E).

The report itself is built in ``ui/export.py`` (pure functions over the response); this controller only chooses
where it goes and says where it went, or why it could not be written.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from masis_desktop.ui.controllers.session import Session
from masis_desktop.ui.export import export_pdf, export_report


class ExportController(QObject):
    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.session = session

    def default_name(self) -> str:
        """``~/masis-report-<question words>``, without an extension."""
        question = str((self.session.response or {}).get("question") or "answer")
        slug = re.sub(r"[^A-Za-z0-9]+", "-", question).strip("-").lower()[:48] or "answer"
        return str(Path.home() / f"masis-report-{slug}")

    def _target(self, path: Path | None, title: str, suffix: str, file_filter: str) -> Path | None:
        if path is not None:
            return path
        chosen, _ = QFileDialog.getSaveFileName(self.session.window, title, self.default_name() + suffix,
                                                file_filter)
        return Path(chosen) if chosen else None

    def export_answer(self, path: Path | None = None) -> tuple[Path, Path] | None:
        """Write the Markdown and the HTML report (asking where when ``path`` is None); both paths, or None."""
        response = self.session.response
        if response is None:
            return None
        target = self._target(path, "Export audit report (Markdown and HTML)", ".html", "Audit report (*.html *.md)")
        if target is None:
            return None
        try:
            md, html = export_report(response, target)
        except OSError as exc:
            self.session.errors.message(f"Could not write the report: {exc}")
            return None
        self.session.errors.message(f"Saved the audit report as {md} and {html.name}.", "info")
        return md, html

    def export_answer_pdf(self, path: Path | None = None) -> Path | None:
        """Print the report to a PDF (asking where when ``path`` is None); its path, or None."""
        response = self.session.response
        if response is None:
            return None
        target = self._target(path, "Export audit report as PDF", ".pdf", "PDF (*.pdf)")
        if target is None:
            return None
        try:
            written = export_pdf(response, target)
        except OSError as exc:
            self.session.errors.message(f"Could not write the PDF: {exc}")
            return None
        self.session.errors.message(f"Saved the audit report as {written}.", "info")
        return written
