"""Data shapes shared by the store, the pipeline, the CLI and the UI.

These are the contract between parts of the app: fields may be added, never renamed. Everything serialises to
JSON (history, ``--json`` output, export) through pydantic.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

# --- retrieval --------------------------------------------------------------------------------------------


class SearchHit(BaseModel):
    """One retrieved chunk with its provenance and scores; also the unit of evidence (seed ``EvidenceChunk``).

    ``chunk_id`` is the id written in brackets in answers (``[c42]``). It is stable within a workspace.
    ``relevance`` is the calibrated 0..1 score the Researcher's thresholds (0.60 / 0.55) apply to.
    """

    chunk_id: str
    document: str
    document_id: int
    page: int | None = None
    char_start: int
    char_end: int
    text: str
    dense_score: float = 0.0
    bm25_score: float = 0.0
    score: float = 0.0
    relevance: float = 0.0
    heading: str | None = None  # heading path of the chunk's section ("Setup > Linux"), when the format has headings


Evidence = SearchHit


class Retriever(Protocol):
    """What the Researcher needs from a workspace (a real workspace, or a fixed list in tests)."""

    def search(self, query: str, k: int = 10) -> list[SearchHit]: ...


# --- code audit (deterministic citation engine) -------------------------------------------------------------


class SupportSpan(BaseModel):
    """Where in a cited chunk the sentence is best supported (offsets relative to the chunk text)."""

    chunk_id: str
    char_start: int
    char_end: int
    score: float = 0.0


class ClaimCheck(BaseModel):
    """One sentence of the answer, as the code audit saw it."""

    text: str
    start: int = 0  # offsets of the sentence inside the answer
    end: int = 0
    citations: list[str] = Field(default_factory=list)
    invalid_citations: list[str] = Field(default_factory=list)
    hedge: bool = False
    supported: bool = True
    unsupported_tokens: list[str] = Field(default_factory=list)
    support_score: float = 0.0
    support_span: SupportSpan | None = None
    verdict: str = "supported"  # supported | hedge | uncited | invalid_citation | an IssueType value
    note: str | None = None  # why, in one line (shown next to the sentence)
    check_id: str | None = None  # the audit check whose finding set ``verdict`` ("facts.number"); None if supported


class CitationAudit(BaseModel):
    """``metrics.last_citation_audit``: what the code proved, consumed by the Evaluator as hard constraints."""

    invalid_citations: list[str] = Field(default_factory=list)
    uncited_claims: list[str] = Field(default_factory=list)
    uncited_claim_count: int = 0
    unsupported_claims: list[str] = Field(default_factory=list)
    unsupported_claim_count: int = 0
    hallucination_detected: bool = False
    needs_retry: bool = False
    penalty_factor: float = 1.0
    claims: list[ClaimCheck] = Field(default_factory=list)


# --- critic -------------------------------------------------------------------------------------------------


class Critique(BaseModel):
    """The seed's model-audit schema, filled by the critic model through instructor (grammar-enforced)."""

    confidence: float
    hallucination_detected: bool
    unsupported_claims: list[str]
    logical_gaps: list[str]
    conflicting_evidence: list[str]
    needs_retry: bool


class IssueType(StrEnum):
    """Seed 002's taxonomy."""

    HALLUCINATION = "hallucination"
    UNSUPPORTED_CLAIM = "unsupported_claim"
    INCORRECT_CITATION = "incorrect_citation"
    CONTRADICTION = "contradiction"
    INCOMPLETE = "incomplete"
    FACTUAL_ERROR = "factual_error"


class CritiqueIssue(BaseModel):
    issue_type: IssueType
    severity: float = Field(ge=0.0, le=1.0)
    description: str
    problematic_text: str | None = None
    suggestion: str | None = None
    citation_id: str | None = None
    source: Literal["code", "model"] = "code"
    check_id: str | None = None  # the registered check that raised it ("grounding.invalid_citation", "model.verify")


class CritiqueReport(BaseModel):
    """``state.critique``: both audit layers fused (seed 000), plus seed 002's scores for the UI."""

    confidence: float = 0.0
    model_confidence: float | None = None  # normalised model confidence before penalties
    hallucination_detected: bool = False
    unsupported_claims: list[str] = Field(default_factory=list)
    logical_gaps: list[str] = Field(default_factory=list)
    conflicting_evidence: list[str] = Field(default_factory=list)
    needs_retry: bool = False
    issues: list[CritiqueIssue] = Field(default_factory=list)
    hallucination_score: float = 0.0
    citation_accuracy: float = 1.0
    factual_consistency: float = 1.0
    revision_suggestions: list[str] = Field(default_factory=list)
    model_audit: Literal["ok", "failed", "skipped"] = "ok"
    model_audit_error: str | None = None
    abstained: bool = False  # the answer only states that the evidence is insufficient
    fired_checks: list[str] = Field(default_factory=list)  # ids of every check whose finding took effect


# --- evaluator ----------------------------------------------------------------------------------------------


class Evaluation(BaseModel):
    faithfulness: float = 0.0
    relevance: float = 0.0
    completeness: float = 0.0
    reasoning_quality: float = 0.0
    overall_score: float = 0.0
    improvement_suggestions: list[str] = Field(default_factory=list)
    clamps_applied: list[str] = Field(default_factory=list)
    model_status: Literal["ok", "failed", "skipped"] = "ok"
    reason: str | None = None  # why the model was skipped or failed


# --- run state ----------------------------------------------------------------------------------------------


class RunState(BaseModel):
    """MASIS state (seed 003). ``user_query`` is never mutated; ``max_retries`` None means 2."""

    model_config = ConfigDict(validate_assignment=False)

    user_query: str
    workspace_id: str
    evidence: list[SearchHit] = Field(default_factory=list)
    draft_answer: str | None = None
    final_answer: str | None = None
    confidence: float = 0.0
    retry_count: int = 0
    max_retries: int | None = 2
    critique: CritiqueReport | None = None
    requires_human_review: bool = False
    clarification_question: str | None = None
    trace: list[dict[str, Any]] = Field(default_factory=list)
    metrics: dict[str, Any] = Field(default_factory=dict)

    @property
    def retry_ceiling(self) -> int:
        return 2 if self.max_retries is None else self.max_retries
