"""Metric functions on plain Python values; every one is checked on tiny hand-computed inputs in the tests.

Conventions: scores are floats in 0..1; a metric that is undefined for its input (AUROC with one class only,
balanced accuracy without both classes, a mean of nothing) raises ``UndefinedMetricError`` so callers (the
bootstrap) can skip that sample instead of reporting a made-up number.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field


class UndefinedMetricError(ValueError):
    """The metric has no value for this input (for instance, only one class present)."""


def mean(values: Sequence[float]) -> float:
    if not values:
        raise UndefinedMetricError("mean of no values")
    return sum(values) / len(values)


# --- retrieval ----------------------------------------------------------------------------------------------


def dedupe(ranked: Iterable[str]) -> list[str]:
    """Keep the first occurrence of each id (several chunks of one passage count once, at the best rank)."""
    seen: set[str] = set()
    out: list[str] = []
    for pid in ranked:
        if pid not in seen:
            seen.add(pid)
            out.append(pid)
    return out


def recall_at_k(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """Share of the gold ids found among the first ``k`` distinct ranked ids."""
    gold_set = set(gold)
    if not gold_set:
        raise UndefinedMetricError("recall without gold ids")
    if k < 1:
        raise ValueError("k must be >= 1")
    top = set(dedupe(ranked)[:k])
    return len(gold_set & top) / len(gold_set)


def reciprocal_rank(ranked: Sequence[str], gold: Iterable[str]) -> float:
    """1 / rank of the first gold id among the distinct ranked ids; 0 when no gold id was retrieved."""
    gold_set = set(gold)
    if not gold_set:
        raise UndefinedMetricError("reciprocal rank without gold ids")
    for rank, pid in enumerate(dedupe(ranked), start=1):
        if pid in gold_set:
            return 1.0 / rank
    return 0.0


# --- classification (critic) ----------------------------------------------------------------------------------


def balanced_accuracy(labels: Sequence[bool], predictions: Sequence[bool]) -> float:
    """Mean of the true-positive rate and the true-negative rate (positive = the answer is right)."""
    if len(labels) != len(predictions):
        raise ValueError("labels and predictions differ in length")
    pos = [p for y, p in zip(labels, predictions, strict=True) if y]
    neg = [p for y, p in zip(labels, predictions, strict=True) if not y]
    if not pos or not neg:
        raise UndefinedMetricError("balanced accuracy needs both classes")
    tpr = sum(1 for p in pos if p) / len(pos)
    tnr = sum(1 for p in neg if not p) / len(neg)
    return (tpr + tnr) / 2


def pairwise_accuracy(pairs: Sequence[tuple[float, float]]) -> float:
    """Share of (right, wrong) score pairs where the right answer scores higher; a tie counts one half."""
    if not pairs:
        raise UndefinedMetricError("pairwise accuracy of no pairs")
    total = 0.0
    for right, wrong in pairs:
        if right > wrong:
            total += 1.0
        elif right == wrong:
            total += 0.5
    return total / len(pairs)


def midranks(values: Sequence[float]) -> list[float]:
    """1-based ranks with tied values sharing the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        shared = (i + j) / 2 + 1  # mean of ranks i+1 .. j+1
        for t in range(i, j + 1):
            ranks[order[t]] = shared
        i = j + 1
    return ranks


def auroc(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """Area under the ROC curve by the rank-sum (Mann-Whitney) formula; ties count one half."""
    if len(scores) != len(labels):
        raise ValueError("scores and labels differ in length")
    n_pos = sum(1 for y in labels if y)
    n_neg = len(labels) - n_pos
    if n_pos == 0 or n_neg == 0:
        raise UndefinedMetricError("AUROC needs both classes")
    ranks = midranks(scores)
    rank_sum = sum(r for r, y in zip(ranks, labels, strict=True) if y)
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


# --- answers (SQuAD-style normalisation) --------------------------------------------------------------------

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = set(string.punctuation)


def normalize_answer(text: str) -> str:
    """SQuAD's normalisation: lower case, drop punctuation and the articles a/an/the, collapse whitespace."""
    text = text.lower()
    text = "".join(ch for ch in text if ch not in _PUNCT)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD token F1 between normalised prediction and gold (1.0 when both normalise to nothing)."""
    pred_tokens = normalize_answer(prediction).split()
    gold_tokens = normalize_answer(gold).split()
    if not pred_tokens or not gold_tokens:
        return float(pred_tokens == gold_tokens)
    common = Counter(pred_tokens) & Counter(gold_tokens)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision = same / len(pred_tokens)
    recall = same / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def _symbol(gold: str) -> str:
    """A gold answer that is punctuation only (R's prompt ``'>'``, an operator ``'+'``), without its quotes."""
    return gold.strip().strip("'\"`‘’“” ")


def containment(prediction: str, gold: str) -> float:
    """1.0 when the normalised gold answer occurs in the normalised prediction as whole tokens, else 0.0. A gold
    answer that normalises to nothing (a symbol) must occur in the prediction as written."""
    gold_norm = normalize_answer(gold)
    if not gold_norm:
        symbol = _symbol(gold)
        if not symbol:
            raise UndefinedMetricError("containment of an empty gold answer")
        return float(symbol in prediction)
    return float(f" {gold_norm} " in f" {normalize_answer(prediction)} ")


GOLD_RECALL_MIN = 0.8  # of a long gold answer's content tokens, the share a right answer writes
LONG_GOLD_TOKENS = 4
_STOP = frozenset({"a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "is", "are", "was", "were", "be",
                   "it", "its", "by", "with", "as", "at", "that", "this", "from"})


def judged_right(prediction: str, gold: str) -> bool:
    """The lexical "answered right" judge: the normalised gold answer occurs in the prediction as a phrase, or, for
    a gold answer of ``LONG_GOLD_TOKENS`` tokens or more (a sentence-like answer the writer may word differently),
    at least ``GOLD_RECALL_MIN`` of its content tokens occur in the prediction. Lenient on an answer that also says
    more (it cannot tell a right answer padded with a wrong one), strict on paraphrase of short answers."""
    if not normalize_answer(gold):
        return bool(_symbol(gold)) and bool(containment(prediction, gold))
    if containment(prediction, gold):
        return True
    gold_tokens = [t for t in normalize_answer(gold).split() if t not in _STOP]
    if len(normalize_answer(gold).split()) < LONG_GOLD_TOKENS or not gold_tokens:
        return False
    said = set(normalize_answer(prediction).split())
    return sum(t in said for t in gold_tokens) / len(gold_tokens) >= GOLD_RECALL_MIN


# --- citations (ALCE) ----------------------------------------------------------------------------------------

Judge = Callable[[str, str], bool]
"""``judge(premise, hypothesis)``: does the premise (cited passages, joined) support the hypothesis sentence?"""


@dataclass(frozen=True)
class CitedSentence:
    text: str  # the sentence with its citation markers removed
    citations: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class CitationScores:
    recall: float
    precision: float
    sentences: int
    citations: int


def alce_citation_scores(sentences: Sequence[CitedSentence], passages: dict[str, str], judge: Judge) -> CitationScores:
    """Citation recall and precision of one answer, as ALCE (Gao et al., 2023) defines them.

    Recall: share of sentences whose cited passages, joined, support them (no citation, or a citation of an
    unknown id, means unsupported). Precision: share of citations that are not irrelevant; a citation of a
    supported sentence is irrelevant when it alone does not support the sentence *and* the remaining citations
    still do. Citations of unsupported sentences count as imprecise. Like ALCE, a sentence with one citation
    that supports it counts that citation as precise without a second judge call.
    """
    if not sentences:
        raise UndefinedMetricError("citation scores of an answer without sentences")
    supported = 0
    precise = 0
    total_citations = 0
    for sentence in sentences:
        refs = list(dict.fromkeys(sentence.citations))
        total_citations += len(refs)
        if not refs or any(ref not in passages for ref in refs):
            continue
        joint = judge("\n".join(passages[r] for r in refs), sentence.text)
        if not joint:
            continue
        supported += 1
        if len(refs) == 1:
            precise += 1
            continue
        for ref in refs:
            if judge(passages[ref], sentence.text):
                precise += 1
                continue
            rest = [r for r in refs if r != ref]
            if not judge("\n".join(passages[r] for r in rest), sentence.text):
                precise += 1  # needed: without it the others do not support the sentence
    recall = supported / len(sentences)
    precision = precise / total_citations if total_citations else 0.0
    return CitationScores(recall=recall, precision=precision, sentences=len(sentences), citations=total_citations)


# --- abstention -----------------------------------------------------------------------------------------------


def rate(flags: Sequence[bool]) -> float:
    """Share of true flags (abstention rate on unanswerable items, false-abstention rate on answerable ones)."""
    if not flags:
        raise UndefinedMetricError("rate of no items")
    return sum(1 for f in flags if f) / len(flags)
