"""Best-of-N drafts: more drafts sampled from the same prompt, the one to audit chosen by the likelihood verifier.

At temperature 0 the writer writes one answer; when that answer names the wrong entity, a neighbouring clause or
the wrong case, a retry revises the same answer and often keeps its mistake. Sampling a few more drafts from the
same prompt (its prefill is still in llama.cpp's cache, so each costs only its decoding) gives the critic model
other readings of the evidence to choose from. They are ranked by what the pipeline already trusts:

1. the code audit: a draft it refuses (a figure no passage states, a fabricated citation, a restated question)
   ranks below every draft it accepts;
2. the likelihood verifier (``checks/model/verify.py``): among accepted drafts, the one whose least likely value
   is most likely as the cited passage's answer to the question; a draft the verifier doubts (below
   ``VERIFY_MIN_LOGPROB``) ranks below one it does not;
3. an abstention ranks below every answer code accepts (the verifier only lowers confidence, so its doubt does
   not make an abstention win) and above answers code refuses: when every answering draft fails the audit and
   the writer once said the passages do not answer, that is what the critic sees.

Ties keep the greedy draft (written first and streamed to the user). Opt-in (``pipeline.drafts``): it adds the
decoding of N-1 drafts and a verification of each distinct one.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from masis_desktop.core.checks.audit import CodeAudit, audit_answer
from masis_desktop.core.checks.model.verify import VERIFY_MIN_LOGPROB, Verification, verify_claims
from masis_desktop.core.checks.registry import ALL, Selection
from masis_desktop.core.events import CancelToken
from masis_desktop.core.grounding.evidence import Context
from masis_desktop.core.grounding.support import Encoder
from masis_desktop.core.llm.protocol import LLM

SAMPLING_TEMPERATURE = 0.7  # diverse enough to name another entity, low enough to stay on the evidence

# Ranks, best first (see the module note).
ACCEPTED, DOUBTED, ABSTAINS, REJECTED = 0, 1, 2, 3


@dataclass
class Ranked:
    """One draft as the ranking saw it."""

    index: int  # order written (0: the greedy draft)
    text: str
    rank: int
    logprob: float | None  # the verifier's least likely value over the draft's sentences (None: nothing scored)
    code: CodeAudit | None = None
    verifications: list[Verification] | None = None
    duplicate_of: int | None = None

    def trace(self) -> dict[str, Any]:
        return {"index": self.index, "rank": ("accepted", "doubted", "abstains", "rejected")[self.rank],
                "logprob": None if self.logprob is None else round(self.logprob, 3),
                "duplicate_of": self.duplicate_of, "text": self.text[:400]}


def _least_likely(verifications: Sequence[Verification]) -> float | None:
    scores = [v.logprob for v in verifications if v.logprob is not None]
    return min(scores) if scores else None


def _key(r: Ranked) -> tuple[int, float, int]:
    # an accepted draft with nothing to score sits with the accepted ones at the threshold: it is not preferred
    # over a draft whose values the model finds likely, nor refused for having none
    score = r.logprob if r.logprob is not None else VERIFY_MIN_LOGPROB
    return (r.rank, -score, r.index)


def rank_drafts(question: str, drafts: Sequence[str], context: Context, llm: LLM | None, *,
                embedder: Encoder | None = None, selection: Selection = ALL, cancel: CancelToken | None = None,
                iteration: int = 0) -> tuple[list[Ranked], dict[str, Any]]:
    """Every draft ranked, best first, and the trace entry. Identical drafts are audited once; the verifier runs
    only when two or more distinct drafts are accepted by code (otherwise the order is already decided) and only
    if ``model.verify`` is enabled."""
    start = time.perf_counter()
    ranked: list[Ranked] = []
    first_of: dict[str, int] = {}  # whitespace-normalised text -> index of its first copy
    for index, text in enumerate(drafts):
        key = " ".join(text.split())
        if key in first_of:
            ranked.append(Ranked(index, text, REJECTED, None, duplicate_of=first_of[key]))
            continue
        first_of[key] = index
        code = audit_answer(text, context.hits, embedder=embedder, question=question, selection=selection)
        if code.abstained:
            rank = ABSTAINS
        elif code.non_answer or code.audit.needs_retry or not code.audit.claims:
            rank = REJECTED
        else:
            rank = ACCEPTED
        ranked.append(Ranked(index, text, rank, None, code))
    accepted = [r for r in ranked if r.rank == ACCEPTED and r.duplicate_of is None]
    verifying = llm is not None and len(accepted) > 1 and (
        selection.enabled("model.verify") or selection.enabled("model.verify.context"))
    for r in accepted if verifying else ():
        assert llm is not None and r.code is not None
        r.verifications = verify_claims(question, r.code, context, llm, cancel, iteration=iteration)
        r.logprob = _least_likely(r.verifications)
        if r.logprob is not None and r.logprob < VERIFY_MIN_LOGPROB:
            r.rank = DOUBTED
    for r in ranked:  # a duplicate shares its first copy's verdict
        if r.duplicate_of is not None:
            first = ranked[r.duplicate_of]
            r.rank, r.logprob, r.code, r.verifications = first.rank, first.logprob, first.code, first.verifications
    order = sorted(ranked, key=_key)
    entry: dict[str, Any] = {
        "drafts": [r.trace() for r in ranked],
        "chosen": order[0].index,
        "verified": len(accepted) if verifying else 0,
        "ranking_ms": round((time.perf_counter() - start) * 1000, 1),
    }
    return order, entry
