"""Answerability: does the critic model read the cited passages as answering this exact question at all?

The writer, asked for something its passages do not hold ("acrylic extensions" over a price list of gel and BIAB,
"a jute rug" over synthetic, wool and silk), copies a neighbouring price: every sentence is then supported and
every value is in its span, so code and claim verification both pass it. The tell code can see is a word of the
question the cited passages never use; but users write in their own words ("kids' party" for "Children's party",
"call off" for "cancel"), so that alone refused a quarter of right answers (``unasked_focus``). It
takes meaning to tell a synonym from a swapped modifier, which the 1.5B critic model does well enough when the
task is put as a plain reading question about the passage alone, not about the draft.

So when the cited passages miss at least one of the question's focus words, the critic model is asked: "Does the
passage state the answer to this exact question?", and its probability of "yes" (against "no", one prefill and one
decode step each, no sampling) is read. On 120 items of dev and earlier evaluation sets with a missing focus word, the
gold passages of answerable questions scored 0.33-0.99 and the best-ranked passages of unanswerable ones mostly
below 0.40 (AUROC 0.85); below ``ANSWERABLE_MIN`` the draft gets a model issue that forces a retry (x0.8, like an
incomplete answer), and a retry over the same passages is refused again, so the run ends "not in your documents".
A failed call changes nothing. Questions whose every focus word the passages use are not asked about: there the
check adds nothing code does not already see, and it costs a prefill.

Measured in answer mode, that threshold also catches right answers (right drafts' cited passages scored
0.22-0.37 in the stored dev and test runs), so by the 2 % rule ``model.answerable`` only lowers confidence.
Far below it the reading is clear: over the first 60 items of each of the four dev splits, the gold passages of
the 122 answerable questions the check asks about scored 0.25 at the lowest, while the best-ranked passage of 4
of the 40 unanswerable ones asked about scored under 0.20. Under ``ANSWERABLE_FLOOR`` the finding is a check of
its own, ``model.answerable_floor``, with its own measured firings, which refuses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from masis_desktop.core.checks.audit import CodeAudit
from masis_desktop.core.checks.focus import missing_focus
from masis_desktop.core.checks.model.verify import whole_chunk
from masis_desktop.core.events import CancelToken
from masis_desktop.core.grounding.evidence import Context
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.errors import CancelledError

ANSWERABLE_MIN = 0.38  # P(yes) below this: the passages do not answer the question (chosen on dev and earlier sets)
# P(yes) below this: far from answering it (the lowest of 122 gold passages of the dev splits scored 0.25)
ANSWERABLE_FLOOR = 0.20
ANSWERABLE_SYSTEM = "You check whether a passage holds the answer to a question. Reply with one word: yes or no."
_YES = ("yes", "Yes")
_NO = ("no", "No")


@dataclass
class Answerability:
    citations: list[str]
    missing: list[str]  # the question's words the cited passages never use
    p_yes: float | None
    error: str | None = None
    stats: dict[str, Any] | None = None

    @property
    def rejected(self) -> bool:
        return self.p_yes is not None and self.p_yes < ANSWERABLE_MIN

    @property
    def below_floor(self) -> bool:
        """Rejected far below the threshold: the finding of ``model.answerable_floor``, not ``model.answerable``."""
        return self.p_yes is not None and self.p_yes < ANSWERABLE_FLOOR

    def trace(self) -> dict[str, Any]:
        return {"citations": self.citations, "missing_words": self.missing,
                "p_yes": None if self.p_yes is None else round(self.p_yes, 3), "rejected": self.rejected,
                "below_floor": self.below_floor, "error": self.error}


def answerable_messages(question: str, passage: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": ANSWERABLE_SYSTEM},
            {"role": "user", "content": f"Passage: {passage}\n\nQuestion: {question.strip()}\n\n"
                                        "Does the passage state the answer to this exact question?"}]


def cited_ids(code: CodeAudit, context: Context) -> list[str]:
    """The shown passages the draft's claims cite, in order of first citation."""
    ids: dict[str, None] = {}
    for claim in code.audit.claims:
        for c in claim.citations:
            if c in context.ids:
                ids[c] = None
    return list(ids)


def p_yes(scores: list[float]) -> float:
    """P("yes") against "no" from the log-probabilities of ``_YES + _NO`` (either capitalisation)."""
    probs = [math.exp(s) for s in scores]
    yes, no = sum(probs[:len(_YES)]), sum(probs[len(_YES):])
    return yes / (yes + no) if yes + no > 0 else 0.5


def passage_p_yes(question: str, passage: str, llm: LLM, cancel: CancelToken | None = None, *,
                  keep_cache: bool = True) -> float:
    """The critic model's probability that ``passage`` states the answer to ``question`` (one prefill, one decode
    step per continuation, no sampling); raises what the model raises. ``keep_cache``: restore the prompt cached
    before the call (the audit's evidence prefix, which the evaluator reuses)."""
    return p_yes(llm.score(answerable_messages(question, passage), "", [*_YES, *_NO], cancel=cancel,
                           keep_cache=keep_cache))


def check_answerable(question: str, code: CodeAudit, context: Context, llm: LLM, cancel: CancelToken | None = None,
                     *, iteration: int = 0) -> Answerability | None:
    """Ask the critic model whether the cited passages answer the question; None when there is nothing to ask (no
    cited passage, or the passages use every focus word of the question)."""
    from masis_desktop.core.llm.stats import llm_stats

    ids = cited_ids(code, context)
    if not ids or code.denial is not None:  # a "No" resting on a cited denial speaks to the question
        return None
    chunks = [whole_chunk(context, c) for c in ids]
    missing = missing_focus(question, chunks)
    if not missing:
        return None
    try:
        result = Answerability(ids, missing, passage_p_yes(question, " ".join(chunks), llm, cancel))
    except CancelledError:
        raise
    except Exception as exc:  # a failed check changes nothing: the code verdict stands
        result = Answerability(ids, missing, None, f"{type(exc).__name__}: {exc}"[:200])
    result.stats = llm_stats(llm, "answerable", iteration)
    return result


def describe(result: Answerability) -> str:
    words = ", ".join(f'"{w}"' for w in result.missing)
    noun = "word" if len(result.missing) == 1 else "words"
    return (f"auditor: the cited passages never use the question's {noun} {words}, "
            f"and the critic model does not read them as answering this question (P(yes) {result.p_yes:.2f})")
