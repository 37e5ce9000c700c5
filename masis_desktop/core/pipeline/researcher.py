"""The Researcher ("the Librarian"): workspace search with the seed's score filter and critique-aware retry.

First pass: k = 10, keep relevance >= 0.60. Retry: k = 20, keep >= 0.55, and the query is augmented with the
critic's unsupported claims and logical gaps (seed 003), so the search targets the exact evidence gaps. On a retry
the chunks the previous draft cited correctly stay in the evidence: the synthesizer revises that draft, and a
sentence it keeps must still be able to cite its source.

When the first pass finds passages but none reaches 0.60, the question is restated once in the documents' words by
the writer model (``restate``, one short call, ~0.5 s on the 0.5B) and searched again at the same threshold: users
ask "how much to park a van overnight", documents say "overnight vehicle parking fee", and a bi-encoder scores that
pair below 0.60. Measured on past evaluation sets (docs/EVALUATION.md, seventh session): answerable questions that
found nothing 31 -> 18 of 150. This is the seed's zero-results rule with one bounded query rewrite before it: a
workspace with no candidates at all still escalates with no model call, and a restatement that also finds nothing
escalates as before (no retry cycle). The restatement is a search query only; the writer still answers the
user's own question.

A question that names a document by its file name ("... under the Apache License 2.0?" over ``Apache-2.0.txt``,
"... does zipapp use?" over ``zipapp.html``) gets that document's best candidate even below the threshold, when no
kept passage comes from it (``named_companion``): a neighbouring document's passage often scores higher (another
licence's clause in the same words), and without the named one the writer can only answer from the neighbour.

When the restatement finds nothing either, the critic model reads the best few candidates (``ADMIT_TOP``) and a
passage it reads as stating the answer to this exact question (P(yes) >= ``ADMIT_MIN``, the prompt of
``model.answerable``) is kept: the issue's "relevance threshold per query". The calibrated relevance is a
probability only on the set it was fitted on (docs/RETRIEVAL.md): a multi-hop question names an entity from a
second passage and its gold passage scores 0.1-0.5, so one global threshold refused a sixth of the answerable
multi-hop questions before any writer ran. The reading is the question's own test of its best passages; the
writer and the whole audit still follow, and a passage read as not answering leaves the seed's zero-results rule
as it was (``retrieval.admit_by_reading``).

It reports what it found; the Supervisor turns "nothing found" and "nothing good enough" into the two distinct HITL
messages.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from masis_desktop.core import text as tx
from masis_desktop.core.checks.documents import named_documents
from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.schemas import CritiqueReport, Retriever, SearchHit
from masis_desktop.settings import RetrievalSettings

MAX_AUGMENT_CHARS = 400
RESTATE_MAX_TOKENS = 40
RESTATE_PROMPT = ("Rewrite the user's question as a short search query in the formal words a price list, policy or "
                  "contact sheet would use. Keep every name, code, year and number. Output only the query.")
Restater = Callable[[str], "str | None"]
# How the critic model reads one passage for a question: P(yes) that it states the answer, None when the call failed.
Reader = Callable[[str, SearchHit], "float | None"]
ADMIT_TOP = 3  # candidates read when nothing reaches the threshold (about 1-3 s each on 2 cores)
ADMIT_MIN = 0.55  # P(yes) at which a read passage is kept (dev: docs/EVALUATION.md)


@dataclass
class Research:
    query: str
    augmented: bool
    k: int
    threshold: float
    candidates: list[SearchHit]
    kept: list[SearchHit]
    pinned: list[str] = field(default_factory=list)
    duration_ms: float = 0.0
    restated: str | None = None  # the query in the documents' words, when the question's own found nothing
    named: list[str] = field(default_factory=list)  # chunks kept below the threshold: the named document's best
    read: list[dict[str, Any]] = field(default_factory=list)  # candidates the critic model read, with its P(yes)

    @property
    def filtered_out(self) -> int:
        return len(self.candidates) - len([h for h in self.kept if h.chunk_id not in self.pinned])

    def entry(self, iteration: int) -> dict[str, Any]:
        scores = [h.relevance for h in self.kept]
        return {
            "node": "researcher",
            "iteration": iteration,
            "query": self.query,
            "k": self.k,
            "candidates": len(self.candidates),
            "chunks": len(self.kept),
            "filtered_out": self.filtered_out,
            "avg_score": round(sum(scores) / len(scores), 3) if scores else 0.0,
            "threshold_used": self.threshold,
            "augmented_query_used": self.augmented,
            "pinned_from_previous_draft": self.pinned,
            "restated_query": self.restated,
            "named_document_chunks": self.named,
            "read_below_threshold": self.read,
            "duration_ms": round(self.duration_ms, 1),
        }


def augmented_query(question: str, critique: CritiqueReport | None) -> str:
    """The question plus the critic's unsupported claims and logical gaps (bounded, deduplicated)."""
    if critique is None:
        return question
    extra: list[str] = []
    for item in [*critique.unsupported_claims, *critique.logical_gaps]:
        item = item.strip()
        if item and item not in extra and item.lower() not in question.lower():
            extra.append(item)
    tail = " ".join(extra)[:MAX_AUGMENT_CHARS].strip()
    return f"{question} {tail}".strip() if tail else question


def restate(question: str, llm: LLM, *, cancel: CancelToken | None = None) -> str | None:
    """The question as a short query in document words, or None when the model gives nothing usable.

    Only the first line counts (a 0.5B sometimes adds an explanation); a reply that merely repeats the question,
    or runs past three times its length, is no restatement.
    """
    reply = llm.complete([{"role": "system", "content": RESTATE_PROMPT}, {"role": "user", "content": question}],
                         max_tokens=RESTATE_MAX_TOKENS, temperature=0.0, cancel=cancel)
    first = next((ln.strip() for ln in reply.text.splitlines() if ln.strip()), "")
    if first.lower().startswith("query:"):
        first = first[len("query:"):]
    first = first.strip().strip('"\'`').strip()
    if not first or first.lower() == question.strip().lower() or len(first) > 3 * len(question) + 20:
        return None
    return first


def companions(question: str, kept: list[SearchHit], candidates: list[SearchHit], limit: int) -> list[SearchHit]:
    """Up to ``limit`` passages below the threshold, best ranked first, each covering a content word of the question
    that no kept passage covers: the second half of a question that joins two documents ("Which magazine started
    first, Arthur's Magazine or First for Women?") scores low on its own, because it shares only its half of the
    question's words. A passage that adds no question word is no companion, so a single-passage question keeps
    what the threshold kept."""
    asked = tx.content_stems(question)
    covered: set[str] = set()
    for hit in kept:
        covered |= tx.content_stems(f"{hit.heading or ''} {hit.text}")
    have = {h.chunk_id for h in kept}
    out: list[SearchHit] = []
    for hit in candidates:  # search order: best first
        if len(out) >= limit:
            break
        if hit.chunk_id in have:
            continue
        words = tx.content_stems(f"{hit.heading or ''} {hit.text}")
        if (asked & words) - covered:
            out.append(hit)
            covered |= words
    return out


def named_companion(question: str, kept: list[SearchHit], candidates: list[SearchHit]) -> list[SearchHit]:
    """The best-ranked candidate of the most specific document the question names by file name, when no kept
    passage comes from a named document; nothing when the question names none (most file names are no subject:
    ids, numbers) or nothing was kept (the zero-relevance rule stays the seed's)."""
    if not kept:
        return []
    named = named_documents(question, [h.document for h in candidates])
    if not named or any(h.document in named for h in kept):
        return []
    have = {h.chunk_id for h in kept}
    for document in named:
        for hit in candidates:  # search order: best first
            if hit.document == document and hit.chunk_id not in have:
                return [hit]
    return []


def research(question: str, retriever: Retriever, settings: RetrievalSettings, *, iteration: int,
             critique: CritiqueReport | None = None, keep: list[SearchHit] | None = None,
             restater: Restater | None = None, reader: Reader | None = None) -> Research:
    """Search, filter by calibrated relevance, and (on retry) keep the chunks in ``keep``.

    ``restater`` is asked only on the first pass, only when there were candidates and none passed the threshold;
    ``reader`` likewise, after the restatement, on the best ``ADMIT_TOP`` candidates (``admit_by_reading``).
    """
    start = time.perf_counter()
    retry = iteration > 0
    k = settings.k_retry if retry else settings.k_first
    threshold = settings.threshold_retry if retry else settings.threshold_first
    query = augmented_query(question, critique) if retry else question
    seen: set[str] = set()
    candidates: list[SearchHit] = []
    for hit in retriever.search(query, k):
        if hit.chunk_id not in seen:
            seen.add(hit.chunk_id)
            candidates.append(hit)
    kept = sorted((h for h in candidates if h.relevance >= threshold), key=lambda h: -h.relevance)
    restated = None
    if not retry and not kept and candidates and restater is not None:
        restated = restater(question)
        if restated:
            by_id = {h.chunk_id: h for h in candidates}
            for hit in retriever.search(restated, k):  # a passage both searches found keeps its better relevance
                if hit.chunk_id not in by_id or hit.relevance > by_id[hit.chunk_id].relevance:
                    by_id[hit.chunk_id] = hit
            candidates = list(by_id.values())
            kept = sorted((h for h in candidates if h.relevance >= threshold), key=lambda h: -h.relevance)
    read: list[dict[str, Any]] = []
    if not retry and not kept and candidates and reader is not None:
        kept, read = admit_by_reading(question, candidates, reader)
    if kept and settings.companions:
        kept += companions(question, kept, candidates, settings.companions)
    named = named_companion(question, kept, candidates)
    kept += named
    pinned: list[str] = []
    if retry and keep:
        have = {h.chunk_id for h in kept}
        for hit in keep:
            if hit.chunk_id not in have:
                kept.append(hit)
                have.add(hit.chunk_id)
                pinned.append(hit.chunk_id)
    return Research(query, query != question, k, threshold, candidates, kept, pinned,
                    (time.perf_counter() - start) * 1000, restated, [h.chunk_id for h in named], read)


def admit_by_reading(question: str, candidates: list[SearchHit], reader: Reader,
                     ) -> tuple[list[SearchHit], list[dict[str, Any]]]:
    """The best-ranked candidates the reader reads as answering the question, most likely first, and what it read.

    Only the user's own question is read against (not a restatement): the reading asks whether a passage answers
    what was asked."""
    ranked = sorted(candidates, key=lambda h: -h.relevance)[:ADMIT_TOP]
    read: list[dict[str, Any]] = []
    admitted: list[tuple[float, SearchHit]] = []
    for hit in ranked:
        p = reader(question, hit)
        read.append({"chunk": hit.chunk_id, "relevance": round(hit.relevance, 3),
                     "p_yes": None if p is None else round(p, 3), "kept": p is not None and p >= ADMIT_MIN})
        if p is not None and p >= ADMIT_MIN:
            admitted.append((p, hit))
    return [hit for _, hit in sorted(admitted, key=lambda a: -a[0])], read
