"""Evaluation datasets: one JSON object per line, validated strictly so a typo cannot silently change a result.

Line schema: ``{"id", "question", "passages": [{"id", "text"}], "answer", "hallucinated_answer"?,
"unanswerable"?, "tags"?}``. An item's ``passages`` are its gold evidence (for an unanswerable item: related
passages that do not hold the answer). All passages of a file form one workspace, so every other item's passages
act as distractors; a passage may be listed by several items if its id and text are identical.

The other kind of dataset, a folder of whole documents plus a questions file, is in ``folder.py``; both satisfy
``QuestionSet``, which is all the harness sees.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from masis_desktop.errors import MasisError


class DatasetError(MasisError):
    """The dataset file is missing, not JSONL, or an item breaks the schema."""

    exit_code = 2


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Passage(_Strict):
    id: str = Field(min_length=1, max_length=200)
    text: str = Field(min_length=1)

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("passage text is blank")
        return value


class BaseItem(_Strict):
    """What every question of every dataset kind has: the question, the gold answer, an optional wrong twin.

    The kinds differ only in how the gold evidence is given (passages inline, or quotes in a folder of whole
    documents: ``folder.py``); the modes read the evidence through their corpus, never from the item."""

    id: str = Field(min_length=1, max_length=200)
    question: str = Field(min_length=1)
    answer: str
    hallucinated_answer: str | None = None
    unanswerable: bool = False
    tags: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent_answers(self) -> BaseItem:
        if not self.question.strip():
            raise ValueError("question is blank")
        if not self.unanswerable and not self.answer.strip():
            raise ValueError("an answerable item needs a non-empty answer")
        if self.hallucinated_answer is not None:
            if not self.hallucinated_answer.strip():
                raise ValueError("hallucinated_answer is blank (omit the key instead)")
            if self.hallucinated_answer.strip().lower() == self.answer.strip().lower():
                raise ValueError("hallucinated_answer equals the answer")
        return self

    @property
    def has_pair(self) -> bool:
        """Usable by the critic mode: an answerable item with both a right and a wrong answer."""
        return not self.unanswerable and self.hallucinated_answer is not None


class EvalItem(BaseItem):
    passages: list[Passage] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct_passages(self) -> EvalItem:
        ids = [p.id for p in self.passages]
        if len(set(ids)) != len(ids):
            raise ValueError("the same passage id is listed twice in one item")
        return self

    @property
    def passage_ids(self) -> list[str]:
        return [p.id for p in self.passages]


class QuestionSet(Protocol):
    """What the harness needs from any dataset kind: its items, a hash for resuming, and how to describe it."""

    @property
    def path(self) -> Path: ...

    @property
    def sha256(self) -> str:
        """Changes whenever anything a result depends on in the data changes (for a folder: every document)."""
        ...

    @property
    def items(self) -> Sequence[BaseItem]: ...

    def head(self, limit: int | None) -> Sequence[BaseItem]: ...

    def describe(self) -> dict[str, Any]:
        """The report's ``meta`` keys naming the data (``dataset``, and for a folder ``docs`` and its hash)."""
        ...


@dataclass(frozen=True)
class Dataset:
    path: Path
    items: list[EvalItem]
    sha256: str

    @property
    def passages(self) -> list[Passage]:
        """Every distinct passage of the file, in first-seen order (the workspace's documents)."""
        seen: dict[str, Passage] = {}
        for item in self.items:
            for passage in item.passages:
                seen.setdefault(passage.id, passage)
        return list(seen.values())

    def head(self, limit: int | None) -> list[EvalItem]:
        return self.items if limit is None else self.items[:limit]

    def describe(self) -> dict[str, Any]:
        return {"dataset": str(self.path)}


def load_dataset(path: Path) -> Dataset:
    """Read and validate a JSONL dataset; every problem is reported with its line number."""
    passage_texts: dict[str, tuple[str, int]] = {}

    def same_passage_texts(item: EvalItem, lineno: int) -> None:
        for passage in item.passages:
            known = passage_texts.get(passage.id)
            if known is not None and known[0] != passage.text:
                raise DatasetError(f"{path}:{lineno}: passage {passage.id!r} has a different text than on line "
                                   f"{known[1]}; reuse a passage only with identical text")
            passage_texts.setdefault(passage.id, (passage.text, lineno))

    items, _lines, raw = read_jsonl_items(path, EvalItem, "dataset", check=same_passage_texts)
    return Dataset(path=path, items=items, sha256=hashlib.sha256(raw).hexdigest())


ItemT = TypeVar("ItemT", bound=BaseItem)


def read_jsonl_items(path: Path, model: type[ItemT], label: str,
                     check: Callable[[ItemT, int], None] | None = None) -> tuple[list[ItemT], dict[str, int], bytes]:
    """Read a strict JSONL file of ``model`` items: the items, each id's line number, and the file's bytes.

    Both dataset kinds (passages here, questions of a folder in ``folder.py``) parse their file the same way, so
    the rules and the ``path:line: ...`` messages the tests pin live once: blank lines are skipped, each other line
    must be one JSON object that validates, ids are unique, and a file without items is an error. ``label`` names
    the file in the cannot-read message ("dataset", "questions file"); ``check(item, lineno)`` runs after each
    item is accepted, in file order, so a kind's own cross-item rule fails at the same line it always did."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DatasetError(f"cannot read {label} {path}: {exc.strerror or exc}") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{path} is not UTF-8 text: {exc}") from exc
    items: list[ItemT] = []
    lines: dict[str, int] = {}
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}:{lineno}: not valid JSON: {exc.msg}") from exc
        if not isinstance(obj, dict):
            raise DatasetError(f"{path}:{lineno}: each line must be a JSON object")
        try:
            item = model.model_validate(obj)
        except ValidationError as exc:
            raise DatasetError(f"{path}:{lineno}: {first_error(exc, model)}") from exc
        if item.id in lines:
            raise DatasetError(f"{path}:{lineno}: duplicate item id {item.id!r} (first on line {lines[item.id]})")
        lines[item.id] = lineno
        if check is not None:
            check(item, lineno)
        items.append(item)
    if not items:
        raise DatasetError(f"{path} holds no items")
    return items, lines, raw


def first_error(exc: ValidationError, model: type[BaseModel]) -> str:
    """The first validation problem in one line, naming the allowed keys when a key is unknown and every missing
    key at once (a line without ``answer`` and ``passages`` should not take two runs to fix)."""
    missing = [".".join(str(p) for p in e.get("loc", ())) for e in exc.errors() if e.get("type") == "missing"]
    if missing:
        return f"missing key{'s' if len(missing) > 1 else ''} {', '.join(repr(m) for m in missing)}"
    err = exc.errors()[0]
    where = ".".join(str(part) for part in err.get("loc", ()))
    if err.get("type") == "extra_forbidden":
        return f"unknown key {where!r} (a typo?); allowed: {', '.join(model.model_fields)}"
    message = str(err.get("msg", "invalid"))
    return f"{where}: {message}" if where else message
