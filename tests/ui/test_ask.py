"""Asking: streamed answer, citation chips, quality panel, chip → highlighted span, HITL banner, cancel, history."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from masis_desktop.settings import load_settings, save_settings
from masis_desktop.ui import theme
from tests.ui.conftest import (
    BAD_ANSWER,
    GOOD_ANSWER,
    QUESTION,
    Script,
    SlowScriptedLLM,
    ask,
    cite,
    make_workspace,
    scores,
    verdict,
    write_docs,
)


def _chip_hrefs(window: Any) -> list[str]:
    hrefs = []
    block = window.answer.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            href = it.fragment().charFormat().anchorHref()
            if href:
                hrefs.append(href)
            it += 1
        block = block.next()
    return hrefs


def test_ask_streams_renders_chips_and_quality(qtbot: Any, window: Any, script: Script, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    script.good()
    snapshots: list[str] = []
    original = window.answer.append_token

    def spy(token: str) -> None:
        original(token)
        snapshots.append(window.answer.toPlainText())

    window.answer.append_token = spy
    response = ask(qtbot, window)

    assert response["status"] == "success"
    # streamed token by token: many growing partial renders before the final one
    assert len(snapshots) >= 10
    assert all(len(a) <= len(b) for a, b in itertools.pairwise(snapshots))
    assert snapshots[0] != snapshots[-1]
    # citation markers became chips linking to the cited chunk
    cited = response["evidence"][0]["chunk_id"]
    hrefs = _chip_hrefs(window)
    assert hrefs and all(h.startswith(f"cite:{cited}") for h in hrefs)
    assert f"[{cited}]" not in window.answer.toPlainText()
    # quality panel: confidence and the four scores plus overall as bars
    assert window.quality.confidence.value == response["confidence"]
    assert window.quality.bars["faithfulness"].value is not None
    assert window.quality.overall.value == response["evaluation"]["overall_score"]
    assert "Mention the order backlog" in window.quality.suggestions.text()
    # trace timeline: one row per node, ending with the evaluator after the supervisor's decision
    nodes = [r["node"] for r in window.trace.model.rows]
    assert nodes[0] == "researcher" and "critic" in nodes and "supervisor" in nodes
    assert window.verdict.text().startswith("Verified against the sources")
    assert not window.banner.isVisible()
    assert window.export_button.isEnabled()


def test_clicking_a_chip_shows_the_highlighted_span(qtbot: Any, window: Any, script: Script, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    script.good()
    response = ask(qtbot, window)
    cid = response["evidence"][0]["chunk_id"]
    claims = response["metrics"]["last_citation_audit"]["claims"]
    span = claims[0]["support_span"]
    assert span and span["chunk_id"] == cid

    pos = window.answer.anchor_rect_of(cid)
    assert pos is not None
    qtbot.mouseClick(window.answer.viewport(), Qt.MouseButton.LeftButton, pos=pos)

    panel = window.citation
    assert panel.selected is not None and panel.selected[0] == cid
    assert panel.title.text() == "revenue_q3.txt"
    hit = next(h for h in response["evidence"] if h["chunk_id"] == cid)
    expected = hit["text"][span["char_start"]:span["char_end"]]
    assert panel.span == (span["char_start"], span["char_end"])
    # the highlighted characters in the passage are exactly the recorded span
    doc = panel.chunk.document()
    marked = []
    cursor = QTextCursor(doc)
    for i in range(doc.characterCount() - 1):
        cursor.setPosition(i + 1)
        if cursor.charFormat().background().color().name() == theme.current().span_bg:
            marked.append(doc.characterAt(i))
    assert "".join(marked) == expected
    assert "critic matched" in panel.span_note.text()
    # "Open document" opens the file (text files: no page fragment)
    assert panel.open_button.isEnabled()
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    assert window.opened_urls[-1].toLocalFile().endswith("revenue_q3.txt")
    # the evidence table lists every passage with its scores, the cited one marked
    assert panel.model.rowCount() == len(response["evidence"])
    assert cid in panel.model.cited


def test_escalation_shows_the_amber_banner_above_the_best_draft(qtbot: Any, window: Any, script: Script,
                                                                tmp_path: Path) -> None:
    settings = load_settings()
    settings.pipeline.max_retries = 0
    save_settings(settings)
    window.backend.settings = load_settings()
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    script.synthesizer.enqueue(cite("214.6", BAD_ANSWER))
    script.critic.enqueue(verdict(0.3), scores(0.3))
    response = ask(qtbot, window)

    assert response["status"] == "needs_clarification"
    assert window.banner.isVisible()
    assert window.banner.question.text() == response["clarification_question"]
    assert window.verdict.text() == "Needs your review"
    # the best draft is shown below the banner, its problem sentences marked red / amber with the reason
    html = window.answer.toHtml()
    tones = theme.current()
    assert tones.unsupported_bg in html and tones.uncited_bg in html
    def mark(word: str) -> tuple[str, str]:
        fmt = window.answer.document().find(word).charFormat()
        return fmt.background().color().name(), fmt.toolTip()

    colour, tip = mark("999")  # a value the cited passage does not contain: red, with the critic's reason
    assert colour == tones.unsupported_bg and "NOK 999 million" in tip
    colour, tip = mark("solid growth")  # no citation, nothing contradicted: amber
    assert colour == tones.uncited_bg and "citation" in tip.lower()
    colour, tip = mark("Tokyo")  # named in no evidence: red
    assert colour == tones.unsupported_bg and "Tokyo" in tip
    assert window.banner.geometry().bottom() <= window.answer.geometry().top()


def test_the_trace_says_when_a_retry_would_repeat_an_attempt(qtbot: Any, window: Any, script: Script,
                                                             tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    script.synthesizer.enqueue(cite("214.6", BAD_ANSWER), cite("214.6", BAD_ANSWER))  # the retry copies the draft
    script.critic.enqueue(verdict(0.3), verdict(0.3), scores(0.3))
    response = ask(qtbot, window)

    assert response["status"] == "needs_clarification" and len(response["metrics"]["retry_reasons"]) == 1
    assert "would have repeated attempt 2 word for word" in window.trace.retries.text()
    details = window.trace.model.data(window.trace.model.index(len(window.trace.model.rows) - 2, 4))
    assert details.startswith("decision escalate") and "would repeat retry 1" in details


def test_cancel_stops_a_running_answer(qtbot: Any, window: Any, script: Script, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    slow = SlowScriptedLLM("slow-writer")
    slow.enqueue(cite("214.6", GOOD_ANSWER * 20))
    script.synthesizer = slow
    window.question.setPlainText(QUESTION)
    window.ask()
    assert not window.ask_button.isEnabled()  # no second question while one runs
    assert "being answered" in window.ask_button.toolTip()
    qtbot.waitUntil(lambda: len(window.answer.text) > 20, timeout=60_000)
    started = time.monotonic()
    qtbot.keyClick(window.question, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.run is None, timeout=10_000)
    assert time.monotonic() - started < 5.0
    assert window.stage.message.text() == "Cancelled"
    assert window.ask_button.isEnabled()
    assert window.response is None
    assert not window.queues["llm"].busy


def test_closing_during_a_run_cancels_and_waits(qtbot: Any, window: Any, script: Script, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    slow = SlowScriptedLLM("slow-writer")
    slow.enqueue(cite("214.6", GOOD_ANSWER * 50))
    script.synthesizer = slow
    window.question.setPlainText(QUESTION)
    window.ask()
    qtbot.waitUntil(lambda: len(window.answer.text) > 20, timeout=60_000)
    worker = window.run.worker
    started = time.monotonic()
    window.close()
    assert worker.done.is_set() and worker.token.cancelled
    assert time.monotonic() - started < 5.0
    assert not window.isVisible()
    assert window.backend._resources.open_workspaces() == []  # workspaces closed after the workers stopped


def test_past_questions_are_kept_and_reopen(qtbot: Any, window: Any, script: Script, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    script.good()
    first = ask(qtbot, window)
    qtbot.waitUntil(lambda: window.history.rowCount() == 1, timeout=10_000)
    assert window.history.record(0)["question"] == QUESTION
    window.new_question()
    assert window.answer.toPlainText() == ""
    window.history_view.clicked.emit(window.history.index(0))
    qtbot.waitUntil(lambda: window.response is not None, timeout=10_000)
    assert window.response["id"] == first["id"]
    assert window.answer.toPlainText().startswith("Halvorsen Marine Systems reported revenue")
    assert window.quality.confidence.value == first["confidence"]
    qtbot.waitUntil(lambda: window.stats_view.values["runs"].text() == "1", timeout=10_000)


def test_a_past_answer_can_be_deleted_after_confirmation(qtbot: Any, window: Any, script: Script, tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    from PySide6.QtWidgets import QMessageBox

    from masis_desktop.core.history import History

    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    script.good()
    ask(qtbot, window)
    script.good()
    second = ask(qtbot, window)
    qtbot.waitUntil(lambda: window.history.rowCount() == 2, timeout=10_000)
    record = next(r for r in window.history.rows if r["id"] == second["id"])

    answers = iter([QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda _w, _t, text, *a, **k: (shown.append(text), next(answers))[1])
    window.delete_history_entry({**record, "question": "<b>bold</b> question"})  # "No": nothing happens
    assert "<b>" not in shown[0] and "&lt;b&gt;bold" in shown[0]  # markup in a question is shown, not rendered
    qtbot.wait(200)
    assert window.history.rowCount() == 2
    window.delete_history_entry(record)
    qtbot.waitUntil(lambda: window.history.rowCount() == 1, timeout=10_000)
    assert [r["id"] for r in History("Reports").list()] != [second["id"]]
    assert History("Reports").get(second["id"]) is None
    qtbot.waitUntil(lambda: window.stats_view.values["runs"].text() == "1", timeout=10_000)
