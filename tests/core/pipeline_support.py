"""Doubles for pipeline tests: a fixed in-memory retriever and helpers to script the three model roles.

``FixedRetriever`` is an honest stand-in for a workspace for routing tests: it returns the same hits for any query
(each with the relevance it was given) and records the queries and ``k`` it was asked with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.events import AskEvent, NodeFinished, RunFinished, StageStarted, TokenStreamed
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.pipeline import AskResult, Models, ask
from masis_desktop.core.schemas import SearchHit
from masis_desktop.settings import PipelineSettings, Settings


def hit(cid: str, text: str, relevance: float = 0.8, document: str = "doc.md") -> SearchHit:
    return SearchHit(chunk_id=cid, document=document, document_id=abs(hash(document)) % 1000, char_start=0,
                     char_end=len(text), text=text, relevance=relevance)


def refusals(answer: str, passages: list[str], question: str, *, one_document: bool = True) -> list[str]:
    """The code audit's findings ("type: description") when it refuses ``answer`` over ``passages`` (cited as c1,
    c2, ...), or [] when it accepts it. ``one_document=False`` makes each passage its own document, as two
    versions of a price list are (documents, not chunks of one, can disagree)."""
    hits = [hit(f"c{i}", p, document="doc.md" if one_document else f"doc{i}.md") for i, p in enumerate(passages, 1)]
    audit = audit_answer(answer, hits, question=question)
    refused = audit.audit.needs_retry or audit.audit.hallucination_detected
    return [f"{f.type.value}: {f.description}" for f in audit.findings] if refused else []


def check_pair(passage: str, question: str, right: str, wrong: str) -> None:
    """The code audit accepts ``right`` and refuses its wrong twin ``wrong``, both citing ``passage`` as [c1]."""
    assert refusals(right, [passage], question) == []
    assert refusals(wrong, [passage], question)


@dataclass
class FixedRetriever:
    hits: list[SearchHit]
    name: str = "testws"
    queries: list[tuple[str, int]] = field(default_factory=list)
    by_query: dict[str, list[SearchHit]] = field(default_factory=dict)  # other hits for these exact queries

    def search(self, query: str, k: int = 10) -> list[SearchHit]:
        self.queries.append((query, k))
        return list(self.by_query.get(query, self.hits)[:k])


def audit(confidence: float = 0.9, *, hallucination: bool = False, needs_retry: bool = False,
          unsupported: list[str] | None = None, gaps: list[str] | None = None,
          conflicts: list[str] | None = None) -> dict[str, Any]:
    """A scripted ``AuditVerdict`` reply."""
    return {"unsupported_claims": unsupported or [], "conflicting_evidence": conflicts or [],
            "logical_gaps": gaps or [], "hallucination_detected": hallucination, "needs_retry": needs_retry,
            "confidence": confidence}


def score(f: float = 0.9, r: float = 0.9, c: float = 0.8, q: float = 0.8,
          suggestions: list[str] | None = None) -> dict[str, Any]:
    """A scripted ``ScoreCard`` reply."""
    return {"faithfulness": f, "relevance": r, "completeness": c, "reasoning_quality": q,
            "improvement_suggestions": suggestions or []}


@dataclass
class Scripted:
    """Three scripted roles; critic and evaluator are one object, as in the real pool (one 1.5B instance)."""

    synth: ScriptedLLM = field(default_factory=lambda: ScriptedLLM(name="synth"))
    judge: ScriptedLLM = field(default_factory=lambda: ScriptedLLM(name="judge"))

    @property
    def models(self) -> Models:
        return Models(synthesizer=self.synth, critic=self.judge, evaluator=self.judge)

    def calls(self) -> int:
        return len(self.synth.calls) + len(self.judge.calls)


@dataclass
class Run:
    events: list[AskEvent]
    result: AskResult

    @property
    def response(self) -> dict[str, Any]:
        return self.result.response

    def nodes(self) -> list[str]:
        return [e["node"] for e in self.response["trace"]]

    def entries(self, node: str) -> list[dict[str, Any]]:
        return [e for e in self.response["trace"] if e["node"] == node]

    def tokens(self) -> str:
        return "".join(e.text for e in self.events if isinstance(e, TokenStreamed))

    def stages(self) -> list[str]:
        return [e.stage for e in self.events if isinstance(e, StageStarted)]


def run(question: str, retriever: FixedRetriever, scripted: Scripted, **kwargs: Any) -> Run:
    """Ask with scripted models. The calculator is off unless the settings given switch it on: a script holds the
    writer's drafts, and a calculation call would take the first of them (the calculator's own tests script it)."""
    kwargs.setdefault("settings", Settings(pipeline=PipelineSettings(calculator=False)))
    gen = ask(question, workspace=retriever, models=scripted.models, **kwargs)
    events: list[AskEvent] = []
    while True:
        try:
            events.append(next(gen))
        except StopIteration as stop:
            result: AskResult = stop.value
            break
    assert isinstance(events[-1], RunFinished) and events[-1].response is result.response
    assert all(isinstance(e, StageStarted | TokenStreamed | NodeFinished | RunFinished) for e in events)
    return Run(events, result)
