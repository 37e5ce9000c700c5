"""Asking: run a question on the ``llm`` queue, stream its draft, show the finished answer in every panel.

A run belongs to the workspace it was asked in. Switching to another workspace mid-run keeps the run going and
keeps its streamed text, stage and trace in ``Run``, so switching back shows it live again; an answer that finishes
while another workspace is shown goes to that workspace's history with a note. The citation side panel's page
renders also run here (on the ``render`` queue), since they follow the answer's chips.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from masis_desktop.core.events import NodeFinished, RunFinished, StageStarted, TokenStreamed
from masis_desktop.ui import theme
from masis_desktop.ui.controllers.session import Run, Session
from masis_desktop.ui.layout import WindowLayout
from masis_desktop.ui.page_render import PageRequest, render_page
from masis_desktop.ui.render import as_dict, clarification, sentence_flags
from masis_desktop.ui.workers import GeneratorWorker


class AskController(QObject):
    run_finished = Signal(object)  # the response dict (tests and the screenshot script wait for it)
    run_ended = Signal(str)  # the workspace a run (finished, failed or cancelled) was asked in

    def __init__(self, session: Session, view: WindowLayout) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        view.ask_button.clicked.connect(self.ask)
        view.cancel_button.clicked.connect(self.cancel_run)
        view.answer.citation_clicked.connect(self.show_citation)
        view.citation.page_requested.connect(self.render_page)
        view.citation.open_failed.connect(lambda text: session.errors.message(text, "warning"))

    # --- running ----------------------------------------------------------------------------------------------
    def ask(self) -> None:
        session, view = self.session, self.view
        question = view.question.toPlainText().strip()
        if session.run is not None:
            session.errors.note("A question is already being answered; cancel it (Esc) or wait.")
            return
        if not session.require_workspace():
            return
        if not question:
            view.question.setFocus()
            session.errors.note("Type a question first.")
            return
        name = str(session.workspace)
        self.clear_answer()
        view.message_bar.hide()
        worker = GeneratorWorker(lambda tok: session.backend.ask(name, question, tok), name="ask")
        run = Run(name, question, worker)
        session.run = run
        worker.signals.item.connect(lambda ev: self._event(run, ev))
        worker.signals.failed.connect(lambda exc: self._failed(run, exc))
        worker.signals.finished.connect(lambda cancelled: self._done(run, cancelled))
        view.answer.begin_stream()
        view.stage.start()
        if session.queues["llm"].busy:
            view.stage.message.setText("Waiting for the models…")
        session.queues["llm"].submit(worker)
        session.changed.emit()

    def _visible(self, run: Run) -> bool:
        return self.session.run is run and run.workspace == self.session.workspace

    def _event(self, run: Run, event: Any) -> None:
        view = self.view
        if isinstance(event, StageStarted):
            run.stage = event
            if event.stage == "writing" and event.iteration != run.iteration:
                self._restart(run, event.iteration)
            if self._visible(run):
                view.stage.set_stage(event.stage, event.iteration, event.max_retries, event.message)
        elif isinstance(event, TokenStreamed):
            if event.iteration != run.iteration:
                self._restart(run, event.iteration)
            run.text += event.text
            if self._visible(run):
                view.answer.append_token(event.text)
        elif isinstance(event, NodeFinished):
            entry = dict(event.entry)
            entry.setdefault("node", event.node)
            run.trace.append(entry)
            if self._visible(run):
                view.trace.add_entry(entry)
        elif isinstance(event, RunFinished):
            response = dict(event.response)
            response.setdefault("question", run.question)
            response.setdefault("workspace", run.workspace)
            if run.workspace == self.session.workspace:
                self.show_response(response)
            else:
                self.session.errors.note(f"The answer in “{run.workspace}” is ready; it is in that workspace's "
                                         "history.")
            self.run_finished.emit(response)

    def _restart(self, run: Run, iteration: int) -> None:
        """A retry writes a new draft: the streamed text starts over."""
        run.iteration = iteration
        run.text = ""
        if self._visible(run):
            self.view.answer.restart_stream()

    def _failed(self, run: Run, exc: BaseException) -> None:
        if self._visible(run):
            self.view.stage.stop("Failed")
        self.session.errors.present(exc, "Answering failed")

    def _done(self, run: Run, cancelled: bool) -> None:
        session, view = self.session, self.view
        if session.run is run:
            session.run = None
        shown = run.workspace == session.workspace
        if cancelled:
            if shown:
                view.stage.stop("Cancelled")
                view.verdict.setText("Cancelled — the partial draft below was not audited")
                view.verdict.setStyleSheet(f"color: {theme.current().muted};")
            session.errors.note("Question cancelled.")
        elif session.response is not None and shown:
            view.stage.stop(outcome(session.response))
        self.run_ended.emit(run.workspace)
        session.changed.emit()

    def cancel_run(self) -> None:
        if self.session.run is not None:
            self.session.run.worker.cancel()
            self.view.stage.message.setText("Cancelling…")
            self.view.cancel_button.setEnabled(False)

    def new_question(self) -> None:
        if self.session.run is None:
            self.clear_answer()
        self.view.question.clear()
        self.view.question.setFocus()

    # --- showing ----------------------------------------------------------------------------------------------
    def show_workspace(self, _name: str | None) -> None:
        """A workspace was selected: show its running question live, or an empty answer."""
        run, view = self.session.run, self.view
        if run is not None and run.workspace == self.session.workspace:
            view.answer.begin_stream()
            view.answer.text = run.text
            view.answer.rerender()
            view.trace.clear()
            for entry in run.trace:
                view.trace.add_entry(entry)
            view.question.setPlainText(run.question)
            return
        self.clear_answer()

    def clear_answer(self) -> None:
        view = self.view
        self.session.response = None
        view.answer.clear_answer()
        view.banner.hide()
        view.verdict.setText("")
        view.quality.clear()
        view.trace.clear()
        view.citation.set_response(None)
        if self.session.run is None:
            view.stage.reset()
        self.session.changed.emit()

    def show_response(self, response: dict[str, Any]) -> None:
        """Render a finished (or re-opened) answer in every panel."""
        session, view = self.session, self.view
        session.response = response
        if response.get("question") and session.run is None:
            view.question.setPlainText(str(response["question"]))
        view.answer.show_response(response)
        self.show_verdict(response)
        if session.run is None:  # a re-opened answer: the indicator shows how that run ended
            total = as_dict(response.get("metrics")).get("total_ms")
            view.stage.show_outcome(outcome(response), float(total) / 1000 if total else None)
        view.quality.set_response(response)
        view.trace.set_response(response)
        view.citation.set_documents(session.documents_by_id)
        view.citation.set_response(response)
        session.changed.emit()

    def show_verdict(self, response: dict[str, Any]) -> None:
        tones, view = theme.current(), self.view
        if response.get("requires_human_review"):
            view.banner.show_for(clarification(response), response.get("confidence"),
                                 bool(str(response.get("answer") or "").strip()))
            view.verdict.setText("Needs your review")
            view.verdict.setStyleSheet(f"color: {tones.fair}; font-weight: 600;")
            return
        view.banner.hide()
        conf = response.get("confidence")
        conf_text = f" · confidence {float(conf) * 100:.0f}%" if conf is not None else ""
        flagged = sentence_flags(str(response.get("answer") or ""), response)
        if flagged:  # accepted by the Supervisor, but the audit still marks sentences: say so
            n = len(flagged)
            view.verdict.setText(f"Accepted, {n} sentence{'s' if n != 1 else ''} flagged{conf_text}")
            view.verdict.setStyleSheet(f"color: {tones.fair}; font-weight: 600;")
        else:
            view.verdict.setText(f"Verified against the sources{conf_text}")
            view.verdict.setStyleSheet(f"color: {tones.good}; font-weight: 600;")

    def rethemed(self) -> None:
        """The palette changed: the panels that colour the answer by its scores are drawn again."""
        response = self.session.response
        if response is not None:
            self.view.quality.set_response(response)
            self.view.trace.set_response(response)
            self.show_verdict(response)

    # --- citations --------------------------------------------------------------------------------------------
    def show_citation(self, chunk_id: str, claim: int | None) -> None:
        self.view.citation.show_citation(chunk_id, claim)

    def render_page(self, request: PageRequest) -> None:
        citation = self.view.citation
        colour = theme.current().page_highlight
        self.session.job("render", lambda _t: render_page(request, colour),
                         on_event=lambda result: citation.set_page(request, result),
                         on_error=lambda exc: citation.set_page(request, None, f"The page cannot be shown: {exc}"),
                         name="render-page")


def outcome(response: dict[str, Any]) -> str:
    """How a run ended, as the stage indicator says it."""
    return "Done" if response.get("status") == "success" else "Done — needs your review"
