"""The Supervisor ("the Brain"): the only place that decides what happens next.

Decisions (seed 003):
* after the Researcher: no candidates at all -> escalate ("add documents"); candidates but none above the
  threshold -> escalate ("rephrase"); neither path makes any model call;
* after the Critic: finalize when confidence >= 0.65 and neither hallucination nor needs_retry; otherwise retry
  while ``retry_count < max_retries`` (None means 2), logging a structured retry reason; otherwise escalate to the
  human with a clarification question: conflicting evidence, low confidence, or (with the zero-results paths)
  the third variant.

Beyond: an answer that only abstains ("I lack sufficient evidence ...") is retried once with wider retrieval if
the budget allows and unseen passages exist, else escalated as "not in your documents" — the honest outcome for a
question the documents do not answer. A draft that only restates the question (code audit ``non_answer``) is
retried with that finding like any failed draft; if the last one still states nothing, the escalation is the same
"not in your documents".

A retry whose writer prompt would equal an earlier attempt's (same evidence shown, same previous draft, same
problems) is not run: at temperature 0 the writer would write the same draft and the critic would audit it the
same, so the loop has reached a fixed point and escalates as if the budget were spent (``after_critique`` with
``final``). On a past evaluation set, 27 of 70 questions wrote a third draft identical to the second,
with the same audit.

Termination: every retry increments ``retry_count``; escalation is forced once it reaches the ceiling; the
zero-results paths end the run at once. So a run makes at most ``max_retries + 1`` passes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from masis_desktop.core.checks.audit import CodeAudit
from masis_desktop.core.pipeline.researcher import Research
from masis_desktop.core.schemas import CitationAudit, CritiqueReport, IssueType, RunState

Action = Literal["continue", "finalize", "retry", "escalate"]
Variant = Literal["conflict", "low_confidence", "zero_results"]


@dataclass
class Decision:
    action: Action
    reason: str
    variant: Variant | None = None
    clarification: str | None = None
    retry_reason: dict[str, Any] | None = None
    causes: list[str] = field(default_factory=list)

    def entry(self, state: RunState) -> dict[str, Any]:
        out: dict[str, Any] = {"node": "supervisor", "iteration": state.retry_count, "decision": self.action,
                               "confidence": round(state.confidence, 4), "retry_count": state.retry_count,
                               "reason": self.reason}
        if self.variant:
            out["variant"] = self.variant
        if self.causes:
            out["causes"] = self.causes
        return out


def after_research(state: RunState, research: Research, *, workspace: str, abstention_retry: bool = False,
                   new_chunks: int | None = None) -> Decision:
    """Zero results / all filtered -> HITL at once (no model call); otherwise go on to the Synthesizer."""
    if state.retry_count > 0 and not research.kept:  # a retry's research found nothing at all
        return escalate(state, ["no_evidence_on_retry"])
    if not research.candidates and not research.kept:
        return Decision("escalate", "zero_results_no_documents", "zero_results", (
            f"Nothing in workspace '{workspace}' matches this question. Add documents that cover it, or check that "
            "you are asking in the right workspace."))
    if not research.kept:
        best = max(h.relevance for h in research.candidates)
        return Decision("escalate", "zero_results_all_filtered", "zero_results", (
            f"Your documents have passages near this topic, but none is relevant enough (best relevance {best:.2f}, "
            f"threshold {research.threshold:.2f}). Could you rephrase the question with the terms your documents "
            "use, or name the document or period you mean?"))
    if abstention_retry and not new_chunks:
        return insufficient_evidence(state, len(research.kept))
    return Decision("continue", "evidence_found")


def insufficient_evidence(state: RunState, passages: int) -> Decision:
    return Decision("escalate", "insufficient_evidence", "low_confidence", (
        f"Your documents do not appear to answer this: I read the {passages} most relevant passages and none "
        "states it. Add a document that covers it, or rephrase the question."))


def _causes(c: CritiqueReport, audit: CodeAudit | None, threshold: float) -> list[str]:
    out: list[str] = []
    seed = audit.audit if audit is not None else CitationAudit()
    if seed.invalid_citations:
        out.append("invalid_citations")
    if c.hallucination_detected:
        out.append("hallucination")
    types = {i.issue_type for i in c.issues}
    if IssueType.FACTUAL_ERROR in types:
        out.append("factual_error")
    if IssueType.INCORRECT_CITATION in types:
        out.append("incorrect_citation")
    if IssueType.INCOMPLETE in types and any(i.source == "code" for i in c.issues
                                             if i.issue_type is IssueType.INCOMPLETE):
        out.append("incomplete")
    if c.conflicting_evidence:
        out.append("conflicting_evidence")
    if seed.uncited_claim_count >= 5:
        out.append("uncited_claims>=5")
    if audit is not None and audit.non_answer:
        out.append("non_answer")
    if c.needs_retry and not out:
        out.append("needs_retry")
    if c.confidence < threshold:
        out.append("low_confidence")
    return out


def after_critique(state: RunState, audit: CodeAudit | None = None, *, threshold: float, passages: int,
                   final: bool = False) -> Decision:
    """Finalize, retry (with a structured reason) or escalate (with one of the clarification variants), from the
    fused critique in ``state`` and the last attempt's code ``audit``.

    ``final``: no retry may follow (a retry would repeat an earlier attempt), whatever the budget left."""
    c = state.critique or CritiqueReport(needs_retry=True)
    seed = audit.audit if audit is not None else CitationAudit()
    ceiling = state.retry_count if final else state.retry_ceiling
    if c.abstained:
        if state.retry_count < ceiling and state.retry_count == 0:
            return Decision("retry", "abstained", retry_reason={
                "iteration": state.retry_count + 1, "confidence": round(c.confidence, 4), "reason": "abstained",
                "citation_issue": False, "hallucination": False, "causes": ["abstained"]}, causes=["abstained"])
        return insufficient_evidence(state, passages)
    if c.confidence >= threshold and not c.hallucination_detected and not c.needs_retry:
        return Decision("finalize", "quality_threshold_met")
    causes = _causes(c, audit, threshold)
    citation_issue = bool(seed.invalid_citations) or seed.uncited_claim_count > 0 or "incorrect_citation" in causes
    if state.retry_count < ceiling:
        reason = "low_confidence" if causes == ["low_confidence"] else "quality_issue_detected"
        return Decision("retry", reason, causes=causes, retry_reason={
            "iteration": state.retry_count + 1, "confidence": round(c.confidence, 4), "reason": reason,
            "citation_issue": citation_issue, "hallucination": c.hallucination_detected, "causes": causes})
    if audit is not None and audit.non_answer:  # the writer kept echoing the question: the passages do not answer it
        return insufficient_evidence(state, passages)
    return escalate(state, causes)


def escalate(state: RunState, causes: list[str]) -> Decision:
    """The conflict or low-confidence clarification question, written from what the critic found."""
    c = state.critique or CritiqueReport()
    attempts = state.retry_count + 1
    if c.conflicting_evidence:
        conflict = c.conflicting_evidence[0]
        return Decision("escalate", "conflicting_evidence", "conflict", (
            f"Your documents disagree: {conflict}. Which source should I rely on (for example the newer or the "
            "official one)? You can also ask about one document."), causes=causes)
    unverified = c.unsupported_claims[0] if c.unsupported_claims else None
    detail = f' The part I could not verify: "{unverified}".' if unverified else ""
    return Decision("escalate", "low_confidence", "low_confidence", (
        f"I could not produce an answer I can verify against your documents after {attempts} "
        f"attempt{'s' if attempts != 1 else ''} (confidence {c.confidence:.2f}).{detail} Could you narrow the "
        "question, or point me to the document that covers it?"), causes=causes)
