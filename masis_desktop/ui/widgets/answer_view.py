"""The answer: streamed token by token, then re-rendered with citation chips and flagged sentences.

Chips are anchors ``cite:c12?claim=3`` (the claim index lets the side panel show the span the critic recorded for
that sentence). Tooltips of flagged sentences and chips come from the character format under the mouse, because
QTextBrowser does not show ``title`` tooltips by itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QUrl, QUrlQuery, Signal
from PySide6.QtGui import QHelpEvent, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QToolTip, QWidget

from masis_desktop.ui import theme
from masis_desktop.ui.render import render_answer_html


class AnswerView(QTextBrowser):
    citation_clicked = Signal(str, object)  # chunk id, claim index or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setAccessibleName("Answer")
        self.setAccessibleDescription("The answer with citation links; flagged sentences carry the critic's reason.")
        self.anchorClicked.connect(self._on_anchor)
        self.setPlaceholderText("Ask a question about the documents in this workspace. The answer appears here, "
                                "with every claim linked to its source.")
        self.text = ""
        self.response: dict[str, Any] | None = None
        self.streaming = False
        self.document().setDocumentMargin(12)

    def clear_answer(self) -> None:
        self.text = ""
        self.response = None
        self.streaming = False
        self.clear()

    def begin_stream(self) -> None:
        self.text = ""
        self.response = None
        self.streaming = True
        self.clear()

    def append_token(self, token: str) -> None:
        self.text += token
        self._render()

    def restart_stream(self) -> None:
        """A new pass of the synthesizer: the previous draft is replaced, not appended to."""
        self.text = ""
        self._render()

    def show_response(self, response: dict[str, Any]) -> None:
        self.streaming = False
        self.response = response
        self.text = str(response.get("answer") or "")
        self._render()

    def rerender(self) -> None:
        self._render()

    def _render(self) -> None:
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 4
        html = render_answer_html(self.text, self.response, theme.current(), flags=not self.streaming)
        self.setHtml(html)
        if self.streaming and at_end:
            bar.setValue(bar.maximum())

    def _on_anchor(self, url: QUrl) -> None:
        if url.scheme() != "cite":
            return
        claim = QUrlQuery(url).queryItemValue("claim")
        self.citation_clicked.emit(url.path(), int(claim) if claim.isdigit() else None)

    def anchor_rect_of(self, chunk_id: str) -> QPoint | None:
        """Viewport position of the first chip for ``chunk_id`` (used by tests and keyboard focus)."""
        doc = self.document()
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                frag = it.fragment()
                href = frag.charFormat().anchorHref()
                if frag.isValid() and href.startswith(f"cite:{chunk_id}") and (
                        href == f"cite:{chunk_id}" or href[len(f"cite:{chunk_id}")] == "?"):
                    cursor = QTextCursor(doc)
                    cursor.setPosition(frag.position() + 1)
                    return self.cursorRect(cursor).center()
                it += 1
            block = block.next()
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tip = self.tooltip_at(event.pos())
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def tooltip_at(self, pos: QPoint) -> str:
        viewport_pos = self.viewport().mapFrom(self, pos)
        cursor = self.cursorForPosition(viewport_pos)
        return cursor.charFormat().toolTip()
