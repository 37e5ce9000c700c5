"""The Evaluator ("the Scorecard"): LLM-as-judge once, after the last critic pass; it never routes.

Seed 001, exactly: four dimensions with rubric anchors and "Be strict. Do NOT default to 1."; the question first;
the citation audit injected as constraints; scores above 1 divided by 100; hard clamps (hallucination or invalid
citations -> faithfulness <= 0.4; >= 10 uncited sentences -> <= 0.3; >= 5 -> <= 0.5); overall recomputed as
0.35 / 0.25 / 0.25 / 0.15, rounded to 3 places.

Beyond: faithfulness is also capped by the share of cited sentences the code verified (a model cannot call an
answer more faithful than code could confirm, whatever a document told it), and the prompt is the critic's prompt
with a different last line, so llama.cpp reuses the critic's KV cache and prefills only that line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Literal

from masis_desktop.core.checks.audit import CodeAudit
from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.llm.stats import llm_stats
from masis_desktop.core.pipeline import prompts
from masis_desktop.core.schemas import CritiqueReport, Evaluation
from masis_desktop.errors import CancelledError

WEIGHTS = {"faithfulness": 0.35, "relevance": 0.25, "completeness": 0.25, "reasoning_quality": 0.15}
DIMENSIONS = tuple(WEIGHTS)
EVALUATOR_MAX_TOKENS = 200


def normalise_score(value: float) -> float:
    if value != value:
        return 0.0
    if value > 1:
        value = value / 100.0
    return max(0.0, min(value, 1.0))


def overall(scores: dict[str, float]) -> float:
    return round(sum(scores[d] * w for d, w in WEIGHTS.items()), 3)


def apply_clamps(scores: dict[str, float], *, hallucination: bool, invalid_citations: int, uncited: int,
                 verified_ratio: float | None) -> tuple[dict[str, float], list[str]]:
    """Seed 001's hard clamps on faithfulness, then the code-verified ceiling; returns (scores, clamps fired)."""
    out = dict(scores)
    fired: list[str] = []

    def cap(limit: float, why: str) -> None:
        if out["faithfulness"] > limit:
            out["faithfulness"] = limit
            fired.append(f"{why}: faithfulness <= {limit}")

    if hallucination or invalid_citations:
        cap(0.4, "hallucination or invalid citations")
    if uncited >= 10:
        cap(0.3, f"{uncited} uncited sentences (>= 10)")
    elif uncited >= 5:
        cap(0.5, f"{uncited} uncited sentences (>= 5)")
    if verified_ratio is not None:
        cap(round(verified_ratio, 3), "share of cited sentences verified by code")
    return out, fired


def verified_ratio(code: CodeAudit) -> float | None:
    cited = [c for c in code.audit.claims if c.citations]
    if not cited:
        return None
    return sum(1 for c in cited if c.supported) / len(cited)


@dataclass
class EvaluatorResult:
    evaluation: Evaluation
    entry: dict[str, Any]
    stats: dict[str, Any] | None


def skipped(reason: str, iteration: int) -> EvaluatorResult:
    """No model call (zero results, all filtered, or an answer that only abstains): say so, score nothing."""
    ev = Evaluation(model_status="skipped", reason=reason)
    return EvaluatorResult(ev, {"node": "evaluator", "iteration": iteration, "skipped": reason,
                                "overall_score": None, "duration_ms": 0.0}, None)


def evaluate(body: str, code: CodeAudit, report: CritiqueReport, llm: LLM, *, iteration: int,
             cancel: CancelToken | None = None) -> EvaluatorResult:
    """Score the answer whose shared prompt ``body`` the critic built; clamps come from ``code`` and ``report``."""
    start = time.perf_counter()
    status: Literal["ok", "failed"] = "ok"
    reason: str | None = None
    suggestions: list[str] = []
    try:
        card = llm.structured(prompts.evaluator_messages(body), prompts.ScoreCard,
                              max_tokens=EVALUATOR_MAX_TOKENS, max_retries=1, cancel=cancel)
        raw = {d: normalise_score(float(getattr(card, d))) for d in DIMENSIONS}
        suggestions = [s.strip() for s in card.improvement_suggestions if s.strip()]
    except CancelledError:
        raise
    except Exception as exc:
        status, reason = "failed", f"{type(exc).__name__}: {exc}"[:400]
        ratio = verified_ratio(code)
        raw = {d: 0.0 for d in DIMENSIONS}
        raw["faithfulness"] = ratio if ratio is not None else 0.0
    stats = llm_stats(llm, "evaluator", iteration)
    a = code.audit
    scores, fired = apply_clamps(raw, hallucination=report.hallucination_detected,
                                 invalid_citations=len(a.invalid_citations), uncited=a.uncited_claim_count,
                                 verified_ratio=verified_ratio(code))
    if not suggestions:
        suggestions = list(report.revision_suggestions[:3])
    ev = Evaluation(**scores, overall_score=overall(scores), improvement_suggestions=suggestions,
                    clamps_applied=fired, model_status=status, reason=reason)
    entry = {"node": "evaluator", "iteration": iteration, "overall_score": ev.overall_score,
             "faithfulness": ev.faithfulness, "relevance": ev.relevance, "completeness": ev.completeness,
             "reasoning_quality": ev.reasoning_quality, "clamps_applied": fired, "model_status": status,
             "duration_ms": round((time.perf_counter() - start) * 1000, 1)}
    return EvaluatorResult(ev, entry, stats)
