"""A hand-built response in the pipeline's shape, with hostile document text, for render and export tests."""

from __future__ import annotations

from typing import Any

HOSTILE = ('Revenue was NOK 214.6 million. <script>alert("x")</script> <img src="http://evil.example/a.png"> '
           "[click](http://evil.example) **bold** & more")


def hostile_response() -> dict[str, Any]:
    answer = ("Revenue was NOK 214.6 million [c7]. The <b>board</b> met in Oslo [c99]. "
              "Margins will double next year.")
    s1 = answer.index("Revenue")
    e1 = answer.index(" The <b>")
    s2 = e1 + 1
    e2 = answer.index(" Margins")
    s3 = e2 + 1
    return {
        "id": 4, "created_at": "2026-11-22T10:00:00+00:00", "question": "What was revenue? <i>now</i>",
        "workspace": "Reports", "status": "needs_clarification", "answer": answer, "confidence": 0.41,
        "requires_human_review": True,
        "clarification_question": "Which source should I rely on? <u>really</u>",
        "critique": {
            "confidence": 0.41, "hallucination_detected": True, "unsupported_claims": [], "logical_gaps": [],
            "conflicting_evidence": [], "needs_retry": True, "hallucination_score": 0.5, "citation_accuracy": 0.5,
            "factual_consistency": 0.8, "revision_suggestions": ["Remove the forecast <script>"],
            "model_audit": "ok", "issues": [
                {"issue_type": "incorrect_citation", "severity": 0.9, "description": "c99 is not in the evidence",
                 "problematic_text": "The <b>board</b> met in Oslo [c99].", "suggestion": None,
                 "citation_id": "c99", "source": "code"},
            ]},
        "evaluation": {"faithfulness": 0.4, "relevance": 0.8, "completeness": 0.6, "reasoning_quality": 0.7,
                       "overall_score": 0.6, "improvement_suggestions": ["Cite the board minutes"],
                       "clamps_applied": ["faithfulness <= 0.40 (invalid citation)"]},
        "trace": [
            {"node": "researcher", "duration_ms": 310, "chunks": 2, "threshold_used": 0.6},
            {"node": "synthesizer", "duration_ms": 1800, "citations": 2},
            {"node": "critic", "duration_ms": 900, "confidence": 0.41, "hallucination": True},
            {"node": "supervisor", "decision": "escalate", "reason": "low_confidence"},
            {"node": "evaluator", "duration_ms": 700, "overall_score": 0.6},
        ],
        "metrics": {
            "retry_reasons": [], "confidence_history": [0.41],
            "last_citation_audit": {
                "invalid_citations": ["c99"], "uncited_claim_count": 1, "unsupported_claim_count": 0,
                "claims": [
                    {"text": answer[s1:e1], "start": s1, "end": e1, "citations": ["c7"], "supported": True,
                     "verdict": "supported",
                     "support_span": {"chunk_id": "c7", "char_start": 0, "char_end": 30, "score": 0.9}},
                    {"text": answer[s2:e2], "start": s2, "end": e2, "citations": ["c99"],
                     "invalid_citations": ["c99"], "supported": False, "verdict": "invalid_citation",
                     "note": "c99 is not one of the passages"},
                    {"text": answer[s3:], "start": s3, "end": len(answer), "citations": [], "supported": True,
                     "verdict": "uncited", "note": "no citation"},
                ]},
        },
        "evidence": [
            {"chunk_id": "c7", "document": "/docs/report <q3>.txt", "document_id": 1, "page": None,
             "char_start": 10, "char_end": 10 + len(HOSTILE), "text": HOSTILE, "dense_score": 0.8,
             "bm25_score": 3.2, "score": 0.7, "relevance": 0.82},
        ],
    }


def checked_response() -> dict[str, Any]:
    """The hostile response with the ids of the checks that raised its findings, as the check registry fills them."""
    response = hostile_response()
    claims = response["metrics"]["last_citation_audit"]["claims"]
    claims[1]["check_id"] = "grounding.invalid_citation"
    claims[2]["check_id"] = "grounding.uncited"
    response["critique"]["issues"][0]["check_id"] = "grounding.invalid_citation"
    response["critique"]["issues"].append(
        {"issue_type": "unsupported_claim", "severity": 0.7, "description": "no passage gives next year's margin",
         "problematic_text": "Margins will double next year.", "suggestion": None, "citation_id": None,
         "source": "model", "check_id": "model.verify"})
    return response
