"""Build the multi-hop Wikipedia genre's dev and test splits from HaluEval-QA rows (no I/O here: see
``fetch_halueval.py``, which downloads the rows; this module is what ``tests/core/test_eval_data_builders.py``
pins without a network).

A HaluEval-QA row is ``{"knowledge", "question", "right_answer", "hallucinated_answer"}``, built from HotpotQA:
``knowledge`` joins the supporting sentences of two Wikipedia paragraphs. Within a paragraph the sentences keep
their leading space; where the second paragraph begins there is none ("...in the 19th century.First for Women is
a woman's magazine..."). That glued sentence end is the paragraph boundary a reader would see, so it is where the
knowledge is cut into passages (see ``split_knowledge``).

Each split is one workspace (all passages of the file), with:

- answerable items: the first usable rows of the split's range, ``answer`` = ``right_answer``,
  ``hallucinated_answer`` = HaluEval's hallucinated answer;
- unanswerable items: built from the range's later rows (never a row used as an answerable item) by dropping the
  passages that contain the answer (normalised match, ``answer_forms``). A row is skipped when nothing would be
  dropped, nothing would be left, the answer is yes/no (no passage "contains" it), the question names the answer
  ("Which is older, A or B?" could be answered by elimination), or the answer still occurs in any passage of the
  split's workspace, so the file as a whole never answers it.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

# Rows 5000 and later are reserved for an independent check: nothing here may read them.
ROW_LIMIT = 5000

Item = dict[str, Any]

# A sentence end glued to the next capitalised word: ".First", '."The', "?Bob", ").After".
_GLUED_END = re.compile(r"[.!?][\"')\]]*(?=[A-Z])")
_YES_NO = {"yes", "no"}


@dataclass(frozen=True)
class Row:
    """One HaluEval-QA row and its 0-based position in the source file."""

    index: int
    knowledge: str
    question: str
    right_answer: str
    hallucinated_answer: str

    @classmethod
    def from_json(cls, index: int, obj: dict[str, Any]) -> Row:
        return cls(index=index, knowledge=str(obj.get("knowledge", "")), question=str(obj.get("question", "")),
                   right_answer=str(obj.get("right_answer", "")),
                   hallucinated_answer=str(obj.get("hallucinated_answer", "")))


@dataclass
class SplitReport:
    """What a split was built from and why rows were passed over (printed by the fetch script)."""

    name: str
    first_row: int
    last_row_read: int = -1
    answerable: int = 0
    unanswerable: int = 0
    skipped: Counter[str] = field(default_factory=Counter)


def read_rows(lines: Iterable[bytes | str], stop: int) -> Iterator[Row]:
    """Parse rows 0..stop-1 in file order and stop there: the iterator is never advanced past row ``stop - 1``.

    ``stop`` may not exceed ``ROW_LIMIT`` (the reserved rows are never read)."""
    if stop > ROW_LIMIT:
        raise ValueError(f"rows from {ROW_LIMIT} on are reserved; asked to read up to row {stop - 1}")
    for index, line in enumerate(itertools.islice(lines, stop)):
        yield Row.from_json(index, json.loads(line))


def split_knowledge(knowledge: str) -> list[str]:
    """Cut a row's knowledge into at most two passages, at the glued paragraph boundary.

    Why at most two: HaluEval-QA's knowledge comes from HotpotQA's two gold paragraphs. A glued sentence end can
    also sit inside a paragraph (an abbreviation such as "Pub.L." or "Univ.Prof.", or a supporting sentence stored
    without its space); when there are several, the last one is the boundary, because the second paragraph's text
    is its article's opening sentence, which is never the one missing a space. Initials ("R.E.M.", "D.C."
    followed by another initial) are not boundaries. Knowledge with no glued boundary stays one passage."""
    text = knowledge.strip()
    cut = None
    for match in _GLUED_END.finditer(text):
        start, end = match.start(), match.end()
        if start > 0 and text[start - 1].isupper() and text[end + 1:end + 2] == ".":
            continue  # "U.S.A.", "R.E.M.": an initial followed by another initial
        cut = end
    if cut is None:
        return [text] if text else []
    parts = [text[:cut].strip(), text[cut:].strip()]
    return [p for p in parts if p]


def normalise(text: str) -> str:
    """Lower case, accents folded, punctuation to spaces, articles dropped: for "does this text contain X"."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    words = re.sub(r"[^0-9a-z]+", " ", folded.lower()).split()
    return " ".join(w for w in words if w not in {"a", "an", "the"})


def answer_forms(answer: str) -> list[re.Pattern[str]]:
    """Patterns for the ways a normalised text may state the answer, as whole words.

    Besides the answer itself: with up to two extra words between its words ("Anna Kournikova" is stated as "Anna
    Sergeyevna Kournikova"), without a bracketed part ("Salaam Bombay (1988)"), and for an answer of three or
    more words its first and last word ("Victor John Mature" is stated as "Victor Mature"). Erring towards a
    match is the safe side: an unanswerable variant then drops a passage too many rather than keep the answer."""
    full = normalise(answer)
    variants = [full, normalise(re.sub(r"\([^)]*\)", " ", answer))]
    words = full.split()
    if len(words) >= 3:
        variants.append(f"{words[0]} {words[-1]}")
    patterns = []
    for variant in dict.fromkeys(v for v in variants if v):
        gap = r" (?:\S+ ){0,2}"
        patterns.append(re.compile(" " + gap.join(re.escape(w) for w in variant.split()) + " "))
    return patterns


def contains(text: str, answer: str) -> bool:
    """The text states the answer in one of its ``answer_forms``."""
    return _matches(f" {normalise(text)} ", answer_forms(answer))


def _matches(padded: str, forms: Iterable[re.Pattern[str]]) -> bool:
    return any(form.search(padded) for form in forms)


def passage_id(text: str) -> str:
    """Ids from the text, so a paragraph that several rows share is one passage of the workspace."""
    return "hq-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _passages(texts: Iterable[str]) -> list[dict[str, str]]:
    seen: dict[str, str] = {}
    for text in texts:
        seen.setdefault(passage_id(text), text)
    return [{"id": pid, "text": text} for pid, text in seen.items()]


def _answerable(row: Row) -> Item | None:
    question, answer, wrong = row.question.strip(), row.right_answer.strip(), row.hallucinated_answer.strip()
    passages = split_knowledge(row.knowledge)
    if not (question and answer and wrong and passages) or wrong.lower() == answer.lower():
        return None
    return {"id": f"hq-{row.index:04d}", "question": question, "passages": _passages(passages), "answer": answer,
            "hallucinated_answer": wrong, "tags": ["halueval-qa", f"row-{row.index}"]}


def _unanswerable(row: Row, report: SplitReport) -> Item | None:
    question, answer = row.question.strip(), row.right_answer.strip()
    if not question or not answer:
        report.skipped["blank question or answer"] += 1
        return None
    if normalise(answer) in _YES_NO:
        report.skipped["yes/no answer"] += 1
        return None
    if contains(question, answer):
        report.skipped["answer named in the question"] += 1  # "A or B?": answerable by elimination
        return None
    passages = split_knowledge(row.knowledge)
    kept = [p for p in passages if not contains(p, answer)]
    if len(kept) == len(passages):
        report.skipped["answer in no passage"] += 1
        return None
    if not kept:
        report.skipped["answer in every passage"] += 1
        return None
    return {"id": f"hq-{row.index:04d}-u", "question": question, "passages": _passages(kept), "answer": "",
            "unanswerable": True,
            "tags": ["halueval-qa", f"row-{row.index}", f"answer-passages-dropped-{len(passages) - len(kept)}"]}


def interleave(answerable: list[Item], unanswerable: list[Item]) -> list[Item]:
    """Spread the unanswerable items evenly through the file, so a ``--limit`` prefix holds its share of them."""
    total = len(answerable) + len(unanswerable)
    slots = {round((k + 0.5) * total / len(unanswerable) - 0.5) for k in range(len(unanswerable))} \
        if unanswerable else set()
    a, u = iter(answerable), iter(unanswerable)
    return [next(u) if i in slots else next(a) for i in range(total)]


def build_split(rows: Iterable[Row], name: str, first_row: int, end_row: int, n_answerable: int,
                n_unanswerable: int) -> tuple[list[Item], SplitReport]:
    """One split from rows ``first_row``..``end_row - 1`` (see the module docstring); rows outside are ignored.

    Raises ``ValueError`` if the range cannot fill the split: a short split must not pass silently."""
    report = SplitReport(name=name, first_row=first_row)
    answerable: list[Item] = []
    unanswerable: list[Item] = []
    workspace: list[str] = []  # normalised passage texts of the file so far, padded with spaces
    removed: list[re.Pattern[str]] = []  # the unanswerable items' answer forms
    for row in rows:
        if row.index < first_row:
            continue
        if row.index >= end_row or (len(answerable) >= n_answerable and len(unanswerable) >= n_unanswerable):
            break
        report.last_row_read = row.index
        if len(answerable) < n_answerable:
            item = _answerable(row)
            if item is None:
                report.skipped["unusable answerable row"] += 1
                continue
            answerable.append(item)
            workspace.extend(f" {normalise(p['text'])} " for p in item["passages"])
            continue
        item = _unanswerable(row, report)
        if item is None:
            continue
        new_texts = [f" {normalise(p['text'])} " for p in item["passages"]]
        forms = answer_forms(row.right_answer)
        if any(_matches(text, forms) for text in [*workspace, *new_texts]):
            report.skipped["answer elsewhere in the workspace"] += 1
            continue
        if any(_matches(text, removed) for text in new_texts):
            report.skipped["would answer an earlier unanswerable item"] += 1
            continue
        unanswerable.append(item)
        removed.extend(forms)
        workspace.extend(new_texts)
    if len(answerable) < n_answerable or len(unanswerable) < n_unanswerable:
        raise ValueError(f"{name}: rows {first_row}-{end_row - 1} gave {len(answerable)} answerable and "
                         f"{len(unanswerable)} unanswerable items; {n_answerable} and {n_unanswerable} needed")
    report.answerable, report.unanswerable = len(answerable), len(unanswerable)
    return interleave(answerable, unanswerable), report
