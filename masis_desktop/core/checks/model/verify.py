"""Claim verification: how likely the critic model finds the sentence's value as the answer the passage gives.

Asked for a verdict, the 1.5B model calls almost every claim "supported" (MODELS.md); its free-form audit returns
0.8-0.9 for right and wrong answers alike, and even its probability of "Yes" to "does the passage give this?"
overlaps widely between right and wrong answers (docs/EVALUATION.md). What it does well is extractive reading. So
the question is put as a reading task -- the question, only the passages the sentence cites, ``TASK: EXTRACT`` --
and the sentence itself is the reply whose likelihood is read (``LLM.score``): the tokens of each value the
sentence commits to (a number, date or name the question does not already contain; failing one, the first new
words), in place, after the words of the sentence before it. A value the passage gives for the question's case is
what the model would write (dev: log-probability -0.4 to -6.7 for right answers); a value it would not write scores
far lower (-10 to -26 for most wrong answers code cannot catch by itself: another role, another component, a date
of another event). One prefill per sentence plus one decode step per value token, no sampling.

The threshold was -7 (dev) until the twenty-fourth session: on past evaluation sets (300 pairs, all spent), -12
accepts 16 more right answers whose value the model finds unlikely but the passage gives ("£9 a year" for "£9 for
students") and 6 more wrong ones; right answers there scored -7 to -12 as often as wrong ones.

A sentence below ``VERIFY_MIN_LOGPROB`` becomes a model issue on that sentence (retry, confidence x0.75), exactly
like a slot disagreement; a failed call changes nothing (the code verdict stands). Scoring runs before the audit
call, on the same system prefix, so the evaluator still finds the audit prompt in the KV cache.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from masis_desktop.core import text as tx
from masis_desktop.core.checks.answer import OPENS_VERDICT
from masis_desktop.core.checks.audit import CodeAudit
from masis_desktop.core.checks.model.auditor import AUDITOR_SYSTEM
from masis_desktop.core.events import CancelToken
from masis_desktop.core.grounding.evidence import Context, sanitize
from masis_desktop.core.grounding.reading import reading_text
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.errors import CancelledError

VERIFY_MIN_LOGPROB = -12.0  # a value less likely than this is rejected (see the note above)
MAX_VERIFIED = 3  # sentences per draft; each costs one prefill of its passages
MAX_SPAN_WORDS = 6  # a sentence without a number or name: its first new words, at most this many
# Verdicts whose sentence code already rejects for good (or that make no claim): nothing left to verify.
SETTLED = frozenset({"hedge", "uncited", "invalid_citation", "hallucination", "factual_error"})
_WORD = re.compile(r"[A-Za-z0-9][\w'’%-]*")
_PER = re.compile(r"\s+(?:per|a|an|each)\s+[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?(?=\s*(?:$|[,;.)]))"
                  r"|\s+per\s+[A-Za-z][\w-]*")
_LEADING_CAPITALS = re.compile(r"(?:\b[A-Z][\w'’-]*\.?\s+)+$")


@dataclass
class Verification:
    claim_index: int
    claim: str
    citations: list[str]
    spans: list[str]  # the values scored
    logprob: float | None  # the least likely value's log-probability
    error: str | None = None
    stats: dict[str, Any] | None = None

    @property
    def rejected(self) -> bool:
        return self.logprob is not None and self.logprob < VERIFY_MIN_LOGPROB

    def trace(self) -> dict[str, Any]:
        return {"sentence": f"S{self.claim_index + 1}", "citations": self.citations, "values": self.spans,
                "logprob": None if self.logprob is None else round(self.logprob, 3), "rejected": self.rejected,
                "error": self.error}


def answer_messages(question: str, passage: str) -> list[dict[str, str]]:
    """The reading task whose reply is scored (shared by verification and slot checks)."""
    return [{"role": "system", "content": AUDITOR_SYSTEM},
            {"role": "user", "content": f"QUESTION: {question.strip()}\nPASSAGE: {passage}\nTASK: EXTRACT"}]


def value_spans(claim: str, question: str, *, by_words: bool = True) -> list[tuple[str, str]]:
    """(text before, value) for each number, date or name of ``claim`` that ``question`` does not contain; for a
    claim with none, its words from the first content word the question lacks (at most ``MAX_SPAN_WORDS``), unless
    ``by_words`` is off (a "No" code found a cited denial for: ``citations.denial_confirms``).

    A verdict opening the claim ("No. On Wednesdays Orla ...", "Yes, ...") is context, never a value: the reading
    task's reply would not open with it, so scored as part of a name it sank right answers to yes/no questions to
    -17 and -24."""
    verdict = OPENS_VERDICT.match(claim)
    if verdict:
        return [(claim[:verdict.end()] + before, value) for before, value in value_spans(claim[verdict.end():],
                                                                                         question, by_words=by_words)]
    out: list[tuple[str, str]] = []
    for q in tx.quantities(claim):
        if not any(tx.same_quantity(q, o) for o in tx.quantities(question)):
            per = _PER.match(claim, q.end)  # "EUR 12 per kg": the unit it is per is part of the value
            end = per.end() if per and not tx.content_stems(per.group(0)) <= tx.content_stems(question) else q.end
            out.append((claim[:q.start], claim[q.start:end]))
    taken = [(len(before), len(before) + len(value)) for before, value in out]
    for name in dict.fromkeys(tx.names(claim)):
        if tx.name_in(name, question):
            continue
        found = re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", claim)
        at = found.start() if found else -1
        if at >= 0 and not any(a <= at < b for a, b in taken):
            lead = _LEADING_CAPITALS.search(claim[:at])  # "Ingrid " of "Ingrid Solberg", "Dr. Amara " of a name
            start = lead.start() if lead else at
            # not a sentence's capitalised article: "The " of "The Sunday morning story ..." is no part of a name
            # ("The Sunday" scored -12.2 and a right answer was refused)
            while start < at and (word := _WORD.match(claim, start)) and word.group(0).lower() in tx.STOPWORDS:
                start = word.end() + len(claim[word.end():at]) - len(claim[word.end():at].lstrip())
            out.append((claim[:start], claim[start:at + len(name)]))
    if out:
        merged: list[tuple[int, int]] = []  # adjacent values are one value ("March" + "2018"; "GBP 55" + "GBP")
        for start, end in sorted((len(b), len(b) + len(v)) for b, v in out):
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        return [(claim[:a], claim[a:b]) for a, b in merged]
    if not by_words:  # a denial code has backed: its words are not the reading task's reply (``denial_confirms``)
        return []
    asked = tx.content_stems(question)
    words = list(_WORD.finditer(claim))
    for i, m in enumerate(words):
        stems = tx.content_stems(m.group(0))
        if stems and not stems <= asked:
            last = words[min(len(words), i + MAX_SPAN_WORDS) - 1]
            return [(claim[:m.start()], claim[m.start():last.end()])]
    return []


OPENING_WORDS = 2  # at most this many words before a sentence's first value make it the sentence's opening
# An opening condition starts with one of these ("At Kelby Road", "In June", "From April 2025", "Over-65s"). A
# sentence that opens with its value ("£175 per term", "Saturday mornings, 10am-12 noon") is not one: 9 wrong
# answers were accepted whose wrong figure or day was its first value and so went unscored.
_CONDITION = re.compile(r"(?:at|in|from|on|for|during|between|after|before|until|till|over|under|within|outside|"
                        r"throughout|since|by)(?![a-z])")


def answer_spans(spans: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The spans to score, less a sentence's opening condition when other values follow it: "At Kelby Road the
    dog wash is £10", "In June, July and August the last launch is 6:30pm", "From April 2025 ... cost £45". The
    reading task's reply would not open with those words, so they scored -9 to -18 where the answer's own
    values scored -0.04 to -3. Re-scored over the 77 drafts verification rejected on past evaluation sets,
    dropping them accepts 6 more right answers and 1 more wrong one. Only an opening
    that starts with a condition word counts (see ``_CONDITION``)."""
    if len(spans) > 1:
        before, value = spans[0]
        words = _WORD.findall(OPENS_VERDICT.sub("", before))
        first = (words or _WORD.findall(value) or [""])[0].lower()
        if len(words) <= OPENING_WORDS and _CONDITION.match(first):
            return spans[1:]
    return spans


def claims_to_verify(code: CodeAudit, context: Context) -> list[tuple[int, str, list[str]]]:
    """(index, claim without citations, cited ids) of the sentences that cite a shown passage and that code has not
    settled: verified, or flagged only softly (low support, another passage fits better). A figure code derived
    by arithmetic is not scored: no passage states it, so the model would not write it."""
    out: list[tuple[int, str, list[str]]] = []
    for idx, claim in enumerate(code.audit.claims):
        if claim.verdict in SETTLED or not claim.citations or (claim.note or "").startswith("computed:"):
            continue
        cited = [c for c in claim.citations if c in context.ids]
        plain = tx.strip_citations(claim.text).strip().rstrip(".!?").strip()
        if cited and plain:
            out.append((idx, plain, cited))
        if len(out) >= MAX_VERIFIED:
            break
    return out


def _in_clause(value: str, clause: str) -> bool:
    """Whether the denial clause code confirmed a "No" by states ``value`` (a figure, or a name as words)."""
    figures = tx.quantities(value)
    if figures:
        return all(any(tx.same_quantity(q, o) for o in tx.quantities(clause)) for q in figures)
    return tx.name_in(value, clause)


def whole_chunk(context: Context, chunk_id: str) -> str:
    """The whole cited chunk, as the code audit reads it, for the critic model to read: the evidence shown to the
    writer is trimmed to the sentences nearest the question, and a value outside them would look unlikely (or the
    passage unanswering) for the wrong reason."""
    text = next(h.text for h in context.hits if h.chunk_id == chunk_id)
    return sanitize(" ".join(reading_text(text).split()))[0]


def verify_claims(question: str, code: CodeAudit, context: Context, llm: LLM, cancel: CancelToken | None = None,
                  *, iteration: int = 0, keep_cache: bool = False) -> list[Verification]:
    """Score the values of each claim to verify; the claim's score is its least likely value's. ``keep_cache``: the
    prompt cached before (the evidence an extractive writer read) is cached again after each call."""
    from masis_desktop.core.llm.stats import llm_stats

    results: list[Verification] = []
    chunks: dict[str, str] = {}
    for idx, plain, cited in claims_to_verify(code, context):
        for c in cited:
            if c not in chunks:
                chunks[c] = whole_chunk(context, c)
        spans = answer_spans(value_spans(plain, question, by_words=idx != code.denial))
        if idx == code.denial:  # "No, it is closed on Sundays and Mondays" over "closed Sunday and Monday"
            spans = [(b, v) for b, v in spans if not _in_clause(v, code.denial_clause)]
        if not spans:
            continue  # the sentence only repeats the question: the non-answer rule deals with it
        messages = answer_messages(question, " ".join(chunks[c] for c in cited))
        calls: list[dict[str, Any]] = []
        try:
            scores = []
            for before, value in spans:
                scores.append(llm.score(messages, before, [value], cancel=cancel, keep_cache=keep_cache)[0])
                calls.append(llm_stats(llm, "verify", iteration))
            result = Verification(idx, plain, cited, [v for _, v in spans], min(scores))
        except CancelledError:
            raise
        except Exception as exc:  # a failed check changes nothing: the code verdict stands
            result = Verification(idx, plain, cited, [v for _, v in spans], None, f"{type(exc).__name__}: {exc}"[:200])
        result.stats = merged_stats(calls) if calls else llm_stats(llm, "verify", iteration)
        results.append(result)
    return results


_SUMMED = ("prefill_tokens", "cached_tokens", "completion_tokens", "prefill_ms", "decode_ms", "total_ms")


def merged_stats(calls: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One metrics entry for several scoring calls of one sentence (each value is scored in its own place, so
    reading only the last call's stats would leave the others' model time counted as pipeline code)."""
    out = dict(calls[-1])
    for key in _SUMMED:
        values = [c[key] for c in calls if isinstance(c.get(key), (int, float))]
        if values:
            out[key] = round(sum(values), 1) if isinstance(values[0], float) else sum(values)
    out["calls"] = len(calls)
    return out


def scored_values(question: str, passage: str, statement: str, options: Sequence[str], llm: LLM,
                  cancel: CancelToken | None = None, keep_cache: bool = False) -> list[float]:
    """Log-probability of each option written into the blank (``____``) of ``statement``, as the answer the
    passage gives to the question: every option is scored in the same place, so none is listed before another."""
    before = statement.split("____", 1)[0]
    return llm.score(answer_messages(question, passage), before, list(options), cancel=cancel, keep_cache=keep_cache)
