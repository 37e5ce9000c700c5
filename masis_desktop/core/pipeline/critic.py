"""The Critic ("the Auditor"): the code audit, then the model audit, fused exactly as seed 000 describes.

1. Code audit (``checks.audit.audit_answer``, the checks the settings select): proven findings, a penalty factor,
   per-sentence support.
2. Model audit: the seed's ``Critique`` fields (bounded: ``prompts.AuditVerdict``) from the larger model, with the
   "AI Auditor" identity. To make a 1.5B model's judgement sharper than "everything is supported" (MODELS.md), it
   sees the answer split into labelled sentences, each with the code's verdict and the best-supporting passage
   quoted, and few-shot examples; it is asked to name sentences ("S2: reason").
3. Fusion: confidence = normalised model confidence (x/100 when > 1, clamped to [0, 1]) x penalty factor; code
   findings override the model (a hallucination or retry the code forced stays forced). A model flag counts only
   when it names a sentence of the answer: an unspecific "hallucination: true" is recorded in the trace but does
   not route, which keeps a small model's false alarms (and text injected into documents) from deciding alone.

If the model call fails or cannot produce a valid object, the code audit stands alone (seed 002's fallback): the
model confidence is replaced by ``0.5 + 0.5 x mean support`` of the cited sentences and the trace says
``model_audit: failed`` with the error.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from masis_desktop.core import text as tx
from masis_desktop.core.checks.audit import LOW_SUPPORT_FACTOR, CodeAudit, audit_answer
from masis_desktop.core.checks.findings import FACT_FACTOR, INCOMPLETE_FACTOR
from masis_desktop.core.checks.model.answerable import Answerability, check_answerable, describe
from masis_desktop.core.checks.model.slots import SlotResult, check_slots, find_slots
from masis_desktop.core.checks.model.verify import Verification, verify_claims
from masis_desktop.core.checks.registry import ALL, LOWER_FACTOR, Selection
from masis_desktop.core.events import CancelToken
from masis_desktop.core.grounding.claims import Source
from masis_desktop.core.grounding.evidence import Context, sanitize
from masis_desktop.core.grounding.reading import reading_text
from masis_desktop.core.grounding.support import Encoder
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.llm.stats import llm_stats
from masis_desktop.core.pipeline import prompts
from masis_desktop.core.schemas import CritiqueIssue, CritiqueReport, IssueType
from masis_desktop.errors import CancelledError

CRITIC_MAX_TOKENS = 320
SPAN_QUOTE_CHARS = 140
_LABEL = re.compile(r"^\s*\"?S(\d{1,2})\b\s*[:.)\-–]*\s*(.*)$", re.IGNORECASE | re.DOTALL)
_PAIR = re.compile(r"\b([A-Za-z]+\d+)\b")


def normalise_confidence(value: float) -> float:
    """Seed 000: a confidence above 1 is a percentage; then clamp to [0, 1]."""
    if value != value:  # NaN
        return 0.0
    if value > 1:
        value = value / 100.0
    return max(0.0, min(value, 1.0))


@dataclass
class CriticResult:
    report: CritiqueReport
    code: CodeAudit
    body: str  # the prompt body shared with the evaluator (KV-cache prefix)
    entry: dict[str, Any]
    stats: dict[str, Any] | None
    slot_stats: list[dict[str, Any]] = field(default_factory=list)  # slot checks' and verifications' model calls


def labelled_answer(code: CodeAudit) -> str:
    return "\n".join(f"S{i}: {c.text}" for i, c in enumerate(code.audit.claims, 1)) or "(empty answer)"


def code_checks(code: CodeAudit, context: Context) -> str:
    """The code audit as plain facts for the model (and, later, as constraints for the evaluator)."""
    a = code.audit
    texts = {h.chunk_id: h.text for h in context.hits}
    lines = [
        f"- invalid citation ids: {', '.join(dict.fromkeys(a.invalid_citations)) or 'none'}",
        f"- sentences without citation: {a.uncited_claim_count}",
        f"- hallucination detected by code: {'yes' if a.hallucination_detected else 'no'}",
    ]
    for i, c in enumerate(a.claims, 1):
        if c.verdict == "hedge":
            lines.append(f"- S{i}: states a limit of the evidence")
        elif c.verdict == "uncited":
            lines.append(f"- S{i}: NO CITATION")
        elif c.verdict == "supported":
            quote = ""
            if c.support_span is not None and c.support_span.chunk_id in texts:
                span = texts[c.support_span.chunk_id][c.support_span.char_start:c.support_span.char_end]
                # raw chunk text: read as the models read it (rejoined words) and sanitised
                quote = f' "{sanitize(reading_text(span))[0][:SPAN_QUOTE_CHARS].strip()}"'
            cited = "".join(f"[{x}]" for x in c.citations)
            lines.append(f"- S{i}: numbers and names found in {cited}; closest passage{quote}")
        else:
            lines.append(f"- S{i}: PROBLEM: {c.note}")
    return "\n".join(lines)


def _ground(items: list[str], code: CodeAudit) -> tuple[list[tuple[int, str]], list[str]]:
    """Map model entries to answer sentences ("S2: ..." or a copied sentence); return (grounded, ungrounded)."""
    claims = code.audit.claims
    grounded: list[tuple[int, str]] = []
    loose: list[str] = []
    for item in items:
        m = _LABEL.match(item)
        if m and 1 <= int(m.group(1)) <= len(claims):
            grounded.append((int(m.group(1)) - 1, m.group(2).strip() or item))
            continue
        stems = tx.content_stems(item)
        best, best_idx = 0.0, -1
        for idx, c in enumerate(claims):
            cs = tx.content_stems(c.text)
            if cs and stems:
                overlap = len(cs & stems) / len(cs)
                if overlap > best:
                    best, best_idx = overlap, idx
        if best >= 0.6:
            grounded.append((best_idx, item))
        else:
            loose.append(item)
    return grounded, loose


def _cite(ids: list[str]) -> str:
    return "".join(f"[{i}]" for i in ids)


def _grounded_conflicts(items: list[str], context: Context) -> list[str]:
    ids = set(context.ids)
    return [i for i in items if len({x for x in _PAIR.findall(i) if x in ids}) >= 2]


def critique(question: str, draft: str, context: Context, llm: LLM | None, *, iteration: int,
             embedder: Encoder | None = None, cancel: CancelToken | None = None,
             selection: Selection = ALL, keep_prefix: bool = False,
             audited: CodeAudit | None = None, verified: list[Verification] | None = None) -> CriticResult:
    """Audit ``draft`` against the evidence in ``context``; ``llm`` None means code audit only (skipped).

    ``keep_prefix``: the critic model's cache holds the extractive writer's prompt, whose opening the audit call
    shares; the model checks before the audit then put that prompt back in the cache after each call.
    ``audited`` and ``verified``: this draft's code audit and verifications, already run by the best-of-N ranking
    over the same evidence (``drafts.py``), not run again."""
    start = time.perf_counter()
    code = audited if audited is not None else audit_answer(draft, context.hits, embedder=embedder, question=question,
                                                            selection=selection)
    code_ms = (time.perf_counter() - start) * 1000
    a = code.audit
    body = prompts.auditor_body(question, context, labelled_answer(code), code_checks(code, context))

    status: Literal["ok", "failed", "skipped"] = "ok"
    error: str | None = None
    stats: dict[str, Any] | None = None
    verdict: prompts.AuditVerdict | None = None
    slot_results: list[SlotResult] = []
    verifications: list[Verification] = []
    answerable: Answerability | None = None
    model_start = time.perf_counter()
    if code.abstained or code.non_answer or not a.claims:
        status, error = "skipped", ("the answer abstains: nothing to audit" if code.abstained else
                                    "the answer only restates the question" if code.non_answer else "empty answer")
    elif llm is None:
        status, error = "skipped", "no critic model"
    else:
        slots = find_slots(code, [Source.of(h) for h in context.hits], question) \
            if selection.enabled("model.slots") else []
        if slots:  # before the audit call, so the evaluator still finds the audit prompt in the KV cache
            slot_results = check_slots(question, slots, llm, cancel, iteration=iteration, keep_cache=keep_prefix)
        if selection.enabled("model.verify") or selection.enabled("model.verify.context"):
            verifications = verified if verified is not None else verify_claims(
                question, code, context, llm, cancel, iteration=iteration, keep_cache=keep_prefix)
        # code has not refused the draft already: ask whether its passages answer at all
        if not a.needs_retry and any(selection.enabled(c) for c in ("model.answerable", "model.answerable_floor")):
            answerable = check_answerable(question, code, context, llm, cancel, iteration=iteration)
        try:
            verdict = llm.structured(prompts.critic_messages(body), prompts.AuditVerdict,
                                     max_tokens=CRITIC_MAX_TOKENS, max_retries=1, cancel=cancel)
        except CancelledError:
            raise
        except Exception as exc:  # seed 002: the code audit stands alone when the model cannot answer
            status, error = "failed", f"{type(exc).__name__}: {exc}"[:400]
        stats = llm_stats(llm, "critic", iteration)
    model_ms = (time.perf_counter() - model_start) * 1000

    claims = a.claims
    unsupported = [tx.strip_citations(s) for s in a.unsupported_claims]
    issues: list[CritiqueIssue] = list(code.issues)
    conflicts = list(code.conflicts)
    logical_gaps: list[str] = []
    ignored: list[str] = []
    model_hall = False
    model_retry = False
    model_conf: float | None = None
    model_flagged = 0
    if verdict is not None:
        model_conf = normalise_confidence(verdict.confidence)
        grounded, loose = _ground(list(verdict.unsupported_claims), code)
        if not selection.enabled("model.auditor"):
            grounded, loose = [], loose + [f"S{i + 1}: {r}" for i, r in grounded]
        ignored.extend(loose)
        flagged = sorted({idx for idx, _ in grounded})
        model_flagged = len(flagged)
        refusing = selection.refuses("model.auditor")
        model_hall = verdict.hallucination_detected and bool(flagged) and refusing
        model_retry = (verdict.needs_retry or verdict.hallucination_detected) and bool(flagged) and refusing
        if (verdict.hallucination_detected or verdict.needs_retry) and not flagged:
            ignored.append("hallucination/needs_retry without naming a sentence")
        for idx, reason in grounded:
            sentence = tx.strip_citations(claims[idx].text)
            if sentence not in unsupported:
                unsupported.append(sentence)
            issues.append(CritiqueIssue(
                issue_type=IssueType.HALLUCINATION if verdict.hallucination_detected else IssueType.UNSUPPORTED_CLAIM,
                severity=0.6, description=f"auditor: {reason}", problematic_text=claims[idx].text,
                suggestion="fix the sentence to say what the cited passage says, or remove it",
                citation_id=claims[idx].citations[0] if claims[idx].citations else None, source="model",
                check_id="model.auditor"))
        model_conflicts = _grounded_conflicts(list(verdict.conflicting_evidence), context) \
            if selection.enabled("model.auditor.conflict") else []
        ignored.extend(c for c in verdict.conflicting_evidence if c not in model_conflicts)
        for c in model_conflicts:
            conflicts.append(c)
            issues.append(CritiqueIssue(issue_type=IssueType.CONTRADICTION, severity=0.5,
                                        description=f"auditor: {c}", source="model", check_id="model.auditor.conflict",
                                        suggestion="report both passages' values and cite both"))
        logical_gaps = [g.strip() for g in verdict.logical_gaps if g.strip()] \
            if selection.enabled("model.auditor.gap") else []
        for g in logical_gaps:
            issues.append(CritiqueIssue(issue_type=IssueType.INCOMPLETE, severity=0.4, description=f"auditor: {g}",
                                        source="model", check_id="model.auditor.gap",
                                        suggestion="address this part of the question"))
        base = model_conf
    else:
        cited = [c.support_score for c in claims if c.citations and not c.invalid_citations]
        base = 0.5 + 0.5 * (sum(cited) / len(cited)) if cited else 0.5

    # model findings on one sentence each (slot disagreements, values the model would not write): retry, x0.75
    findings: list[tuple[int, CritiqueIssue]] = []
    for sr in slot_results:
        if sr.disagrees:
            assert sr.picked is not None
            findings.append((sr.slot.claim_index, CritiqueIssue(
                issue_type=IssueType.FACTUAL_ERROR, severity=0.7,
                description=(f"auditor: the passage gives {sr.slot.options[sr.picked]} for this, not "
                             f"{sr.slot.options[sr.slot.stated]}"),
                suggestion=f"check which value the passage gives for this: \"{sr.slot.passage[:160]}\"",
                source="model", check_id="model.slots")))
    # A sentence whose every value code found in its cited chunk, next to a sentence the model does read as the
    # answer, is context the writer copied ("The Amsterdam office opened in May 2023" beside the Lisbon head count
    # asked for): true, but not the answer, so the model would not "give" it. It costs x0.9, like a sentence that
    # barely relates to its source, and forces no retry; a draft with no such answering sentence is unchanged.
    answered = any(v.logprob is not None and not v.rejected for v in verifications)
    context_factor = 1.0
    for v in verifications:
        if v.rejected and answered and claims[v.claim_index].verdict == "supported":
            if not selection.enabled("model.verify.context"):
                continue
            context_factor *= LOW_SUPPORT_FACTOR
            issues.append(CritiqueIssue(
                issue_type=IssueType.UNSUPPORTED_CLAIM, severity=0.3, problematic_text=claims[v.claim_index].text,
                description=(f"auditor: {_cite(v.citations)} states {' / '.join(v.spans)}, but not as the answer to "
                             "this question"),
                suggestion="keep to what the question asks", source="model", check_id="model.verify.context",
                citation_id=v.citations[0] if v.citations else None))
            continue
        if v.rejected and selection.enabled("model.verify"):
            assert v.logprob is not None
            findings.append((v.claim_index, CritiqueIssue(
                issue_type=IssueType.UNSUPPORTED_CLAIM, severity=0.6,
                description=(f"auditor: {_cite(v.citations)} would not give {' / '.join(v.spans)} as the answer "
                             f"(log-probability {v.logprob:.1f})"),
                suggestion="state only what the cited passage says for the case the question asks about, or write "
                           "that the passages do not say", source="model", check_id="model.verify")))
    slot_factor = 1.0
    for index, issue in findings:
        if selection.refuses(issue.check_id or ""):
            slot_factor *= FACT_FACTOR
            model_retry = True
        else:  # a model check that only lowers confidence
            slot_factor *= LOWER_FACTOR
        claim = claims[index]
        sentence = tx.strip_citations(claim.text)
        if sentence not in unsupported:
            unsupported.append(sentence)
        issues.append(issue.model_copy(update={"problematic_text": claim.text,
                                               "citation_id": claim.citations[0] if claim.citations else None}))

    answer_factor = 1.0
    # one finding, under the floor's id when P(yes) is far below the threshold (answerable.py): each has its own
    # measured firings, so the floor can refuse where the threshold only lowers; with the floor switched off, a
    # reading under it is the threshold's finding
    answer_check = "model.answerable"
    if answerable is not None and answerable.below_floor and selection.enabled("model.answerable_floor"):
        answer_check = "model.answerable_floor"
    if answerable is not None and answerable.rejected and selection.enabled(answer_check):
        refusing = selection.refuses(answer_check)
        answer_factor = INCOMPLETE_FACTOR if refusing else LOWER_FACTOR
        model_retry = model_retry or refusing
        issues.append(CritiqueIssue(
            issue_type=IssueType.INCOMPLETE, severity=0.6, description=describe(answerable), source="model",
            check_id=answer_check,
            citation_id=answerable.citations[0],
            suggestion=f'answer only from a passage that states what was asked, or write only: "{tx.ABSTAIN}"'))

    confidence = 0.0 if code.abstained or not claims else max(
        0.0, min(base * a.penalty_factor * slot_factor * context_factor * answer_factor, 1.0))
    hallucination = a.hallucination_detected or model_hall
    needs_retry = a.needs_retry or model_retry or not claims
    n_claims = max(1, len([c for c in claims if c.verdict != "hedge"]))
    hall_score = max(code.hallucination_score, model_flagged / n_claims if model_hall else 0.0)
    suggestions = list(dict.fromkeys(i.suggestion for i in issues if i.suggestion))[:5]
    report = CritiqueReport(
        confidence=round(confidence, 4),
        model_confidence=None if model_conf is None else round(model_conf, 4),
        hallucination_detected=hallucination,
        unsupported_claims=unsupported,
        logical_gaps=logical_gaps,
        conflicting_evidence=conflicts,
        needs_retry=needs_retry,
        issues=issues,
        hallucination_score=round(min(1.0, hall_score), 3),
        citation_accuracy=code.citation_accuracy,
        factual_consistency=round(max(0.0, min(code.factual_consistency,
                                               1.0 - 0.2 * (len(conflicts) - len(code.conflicts)))), 3),
        revision_suggestions=suggestions,
        model_audit=status,
        model_audit_error=error,
        abstained=code.abstained,
        fired_checks=list(dict.fromkeys([*code.fired, *(i.check_id for i in issues
                                                          if i.source == "model" and i.check_id)])),
    )
    entry = {
        "node": "critic",
        "iteration": iteration,
        "confidence": report.confidence,
        "model_confidence": report.model_confidence,
        "penalty_factor": a.penalty_factor,
        "hallucination": hallucination,
        "needs_retry": needs_retry,
        "conflicts": len(conflicts),
        "invalid_citations": len(a.invalid_citations),
        "uncited_claims": a.uncited_claim_count,
        "unsupported_claims": len(unsupported),
        "claims": len(claims),
        "issues": [i.issue_type.value for i in issues],
        # what was found and by whom, so a refused answer can be explained from its trace alone
        "findings": [f"{i.source}: {i.issue_type.value}: {i.description}"[:200] for i in issues],
        "fired_checks": report.fired_checks,
        "draft": draft[:600],
        "abstained": code.abstained,
        "non_answer": code.non_answer,
        "model_audit": status,
        "model_audit_error": error,
        "model_flags_ignored": ignored,
        "slot_checks": [sr.trace() for sr in slot_results],
        "verifications": [v.trace() for v in verifications],
        "answerable": None if answerable is None else answerable.trace(),
        "model_verdict": None if verdict is None else verdict.model_dump(),
        "code_ms": round(code_ms, 1),
        "model_ms": round(model_ms, 1),
        "duration_ms": round((time.perf_counter() - start) * 1000, 1),
    }
    extra = [sr.stats for sr in slot_results if sr.stats] + [v.stats for v in verifications if v.stats] + (
        [answerable.stats] if answerable is not None and answerable.stats else [])
    return CriticResult(report, code, body, entry, stats, extra)
