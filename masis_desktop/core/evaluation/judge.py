"""Citation quality: split an answer into cited sentences and judge whether cited passages support a sentence.

ALCE judges support with a large NLI model (TRUE, T5-11B), which cannot run on an offline laptop. Two judges
are offered, and the report names the one used:

- ``lexical`` (default): deterministic and independent of every model in the pipeline. A sentence is supported
  when every number in it occurs in the passages, every capitalised word after its first word (names,
  products, places) occurs in the passages, and at least ``LEXICAL_COVERAGE`` of its other content words occur
  (light stemming; one miss is always allowed when there are two or more, so a short paraphrase such as
  "supports" for "through" passes). It is strict on the facts small models get wrong (figures, dates, names)
  and lenient on paraphrase; it cannot see a wrong *relation* between facts that all occur ("Pro: 10 MB" against
  "Free: 10 MB, Pro: 100 MB").
The premise is each cited passage as ALCE gives it to its NLI model, with its title ("Title: ...", then the text;
``titled_passage``). A chunk's title is its source label, the file name and section heading the models saw with
it (``grounding.evidence.source_label``).

- ``llm``: the evaluator model answers a strict yes/no entailment question per (passages, sentence); slower, and
  subject to the small model's leniency measured in ``MODELS.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from masis_desktop.core.evaluation.metrics import CitedSentence, Judge
from masis_desktop.core.grounding.evidence import source_label
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.schemas import SearchHit

JudgeName = Literal["lexical", "llm"]
LEXICAL_COVERAGE = 0.6

_CITATION = re.compile(r"\[\s*([A-Za-z]*\d+(?:\s*[,;]\s*[A-Za-z]*\d+)*)\s*\]")
_LEADING_CITATIONS = re.compile(r"^((?:\s*\[[^\]\n]+\])+)\s*(.*)$", re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_NUMBER = re.compile(r"\d+(?:[.,:/_]\d+)*")
# an apostrophe inside a word only: the plural possessive "Fireworks'" is the word "Fireworks" (a
# verbatim copy "Nightbloom Fireworks' senior firer, Marcus Bell, ..." was judged unsupported)
_WORD = re.compile(r"[A-Za-z](?:[A-Za-z\-]|['’](?=[A-Za-z]))*")

_STOPWORD_TEXT = """
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers him his how i if in into is it its itself just me more most my no nor not of off on once only or other our
out over own per same she should so some such than that the their them then there these they this those through
to too under until up very was we were what when where which while who whom why will with would you your
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def citation_ids(text: str) -> list[str]:
    """All cited ids in order of appearance (``[c3]``, ``[c3, c4]``, ``[c3][c4]`` forms)."""
    ids: list[str] = []
    for match in _CITATION.finditer(text):
        ids.extend(part.strip() for part in re.split(r"[,;]", match.group(1)))
    return ids


# Sentences that only state a limit of the evidence make no claim to support (seed 003's hedge phrases); ALCE's
# citation scores are computed over the other sentences.
HEDGE_PHRASES = ("insufficient evidence", "lack sufficient evidence", "lacks sufficient evidence", "partially covers",
                 "not provided", "cannot provide", "not enough evidence", "do not contain", "does not contain",
                 "do not state", "does not state", "do not mention", "does not mention")


def is_hedge(sentence: str) -> bool:
    low = sentence.lower()
    return any(phrase in low for phrase in HEDGE_PHRASES)


def claim_sentences(answer: str) -> list[CitedSentence]:
    """The answer's sentences that make a claim (hedges left out), with their citations."""
    return [s for s in split_cited_sentences(answer) if not is_hedge(s.text)]


def strip_citation_markers(text: str) -> str:
    """The text without ``[c3]``-style markers, spacing tidied (what containment and token F1 compare)."""
    text = " ".join(_CITATION.sub(" ", text).split())
    return re.sub(r"\s+([.,;:!?])", r"\1", text)


def split_cited_sentences(answer: str) -> list[CitedSentence]:
    """Sentences of an answer with their citations; markers after a full stop belong to the sentence before."""
    pieces: list[str] = []
    for part in _SENTENCE_END.split(answer.strip()):
        lead = _LEADING_CITATIONS.match(part)
        if lead and pieces:
            pieces[-1] += " " + lead.group(1).strip()
            part = lead.group(2)
        if part.strip():
            pieces.append(part.strip())
    out: list[CitedSentence] = []
    for piece in pieces:
        text = " ".join(_CITATION.sub(" ", piece).split())
        text = re.sub(r"\s+([.,;:!?])", r"\1", text).lstrip("-*• ").strip()
        if re.search(r"[A-Za-z0-9]", text):
            out.append(CitedSentence(text=text, citations=citation_ids(piece)))
    return out


def titled_passage(hit: dict[str, Any] | SearchHit) -> str:
    """A cited chunk as the judge reads it, in ALCE's format: ``Title: <source label>`` then the chunk's text."""
    chunk = hit if isinstance(hit, SearchHit) else SearchHit.model_validate(hit)
    return f"Title: {source_label(chunk)}\n{chunk.text}"


def _stem(word: str) -> str:
    word = word.lower().replace("’", "'").removesuffix("'s")
    for suffix, repl in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", ""), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + repl
    return word


_NUMBER_WORDS = {w: str(i) for i, w in enumerate([
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"])}
_NUMBER_WORD = re.compile(rf"\b({'|'.join(_NUMBER_WORDS)})\b", re.IGNORECASE)


def _numbers(text: str, *, words: bool = False) -> set[str]:
    """The figures of ``text``; with ``words``, its numbers in words too ("a two-year guarantee" states the 2 of
    "2 years": a right answer was judged unsupported without it). Only a premise's words count: a
    sentence's "one" is rarely a figure it commits to."""
    out = set()
    for match in _NUMBER.finditer(text):
        token = match.group(0).rstrip(".,:/")
        out.add(re.sub(r"(?<=\d)[,_](?=\d{3}\b)", "", token))  # "500,000" and "500_000" are 500000
    if words:
        out |= {_NUMBER_WORDS[m.group(1).lower()] for m in _NUMBER_WORD.finditer(text)}
    return out


def lexical_support(premise: str, hypothesis: str) -> bool:
    """The ``lexical`` judge (see the module docstring)."""
    if not _numbers(hypothesis) <= _numbers(premise, words=True):
        return False
    premise_words = {w.lower() for w in _WORD.findall(premise)}
    premise_words |= {part for w in premise_words if "-" in w for part in w.split("-") if part}  # "two-year"
    premise_stems = {_stem(w) for w in premise_words}
    words = _WORD.findall(hypothesis)
    content: list[str] = []
    for i, word in enumerate(words):
        low = word.lower()
        if low in STOPWORDS:
            continue
        if i > 0 and word[0].isupper():
            if low not in premise_words and _stem(word) not in premise_stems:
                return False
            continue
        content.append(low)
    if not content:
        return True
    figures = _numbers(premise)
    # a number written in words is the premise's figure: "three nights" for "3 nights"
    covered = sum(1 for w in content if w in premise_words or _stem(w) in premise_stems
                  or _NUMBER_WORDS.get(w) in figures)
    # a short sentence may paraphrase one word ("supports", "has") without failing
    allowed_misses = max(1, int((1 - LEXICAL_COVERAGE) * len(content))) if len(content) >= 2 else 0
    return len(content) - covered <= allowed_misses


_LLM_PROMPT = (
    "You check whether a statement is fully supported by source passages. Answer 'yes' only if every fact in the "
    "statement (each number, date, name and relation) is stated in the passages. Answer 'no' if anything is "
    "missing, different, or only loosely related. Reply with one word: yes or no."
)


class LLMJudge:
    """The ``llm`` judge: one short yes/no completion per call, passages first so the KV cache is reused."""

    def __init__(self, llm: LLM) -> None:
        self._llm = llm

    def __call__(self, premise: str, hypothesis: str) -> bool:
        messages = [
            {"role": "system", "content": _LLM_PROMPT},
            {"role": "user", "content": f"Passages:\n{premise}\n\nStatement: {hypothesis}\n\nSupported (yes/no)?"},
        ]
        reply = self._llm.complete(messages, max_tokens=3, temperature=0.0).text
        return reply.strip().lower().startswith("yes")


def make_judge(name: JudgeName, llm: LLM | None = None) -> Judge:
    if name == "lexical":
        return lexical_support
    if llm is None:
        raise ValueError("the llm judge needs a model")
    return LLMJudge(llm)


def judge_names() -> Sequence[str]:
    return ("lexical", "llm")
