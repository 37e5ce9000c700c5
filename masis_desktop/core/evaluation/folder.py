"""A folder of whole documents plus a questions file: the dataset kind that looks like what users do.

The passages format (``dataset.py``) hands the app clean snippets; a user drops in whole manuals, web pages and
licences, with tables of contents, running headers and hyphenated line ends. Here the folder is ingested as it is,
with the real readers and chunker, and each answerable question names its evidence as quotes of the documents'
extracted text:

``{"id", "question", "answer", "hallucinated_answer"?, "unanswerable"?, "tags"?,
"evidence": [{"file": "library/json.html", "quote": "..."}]}``

``file`` is the document's path relative to the folder (``/`` separators); ``quote`` is copied from the text the
reader extracts. Matching is exact after a normalisation applied identically to quote and text (``normalise``), so
a quote survives a reader that changes only layout: runs of whitespace, a word hyphenated across a line break,
compatibility characters (ligatures) and curly quotes. A quote that is still not found is a dataset error naming
the item (raised once the folder is ingested, see ``folder_workspace.py``).

The dataset's ``sha256`` covers the questions file and every file of the folder, so a resumed run never mixes in
results computed on other documents.
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from masis_desktop.core.evaluation.dataset import BaseItem, DatasetError, read_jsonl_items


class Evidence(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)  # a typo in a key is an error, as for the items

    file: str = Field(min_length=1, max_length=1000)
    quote: str = Field(min_length=1)

    @field_validator("file")
    @classmethod
    def _relative(cls, value: str) -> str:
        path = PurePosixPath(value)
        if path.is_absolute() or ".." in path.parts or "\\" in value:
            raise ValueError(f"file {value!r} must be a path inside the documents folder, with / separators")
        return value

    @field_validator("quote")
    @classmethod
    def _substantial(cls, value: str) -> str:
        if len(normalise(value)[0]) < 12:
            raise ValueError(f"quote {value!r} is too short to locate one place (12 characters at least)")
        return value


class DocItem(BaseItem):
    evidence: list[Evidence] = Field(default_factory=list)

    @model_validator(mode="after")
    def _evidence_fits(self) -> DocItem:
        if not self.unanswerable and not self.evidence:
            raise ValueError("an answerable item needs evidence: [{file, quote}] stating its answer")
        if self.unanswerable and self.evidence:
            raise ValueError("an unanswerable item has no evidence (the documents do not state its answer)")
        return self


@dataclass(frozen=True)
class FolderDataset:
    """Questions about the documents of ``docs``; ``path`` is the questions file."""

    path: Path
    docs: Path
    items: list[DocItem]
    sha256: str
    docs_sha256: str
    questions_sha256: str
    lines: dict[str, int] = field(default_factory=dict)  # item id -> line of the questions file

    def head(self, limit: int | None) -> list[DocItem]:
        return self.items if limit is None else self.items[:limit]

    def describe(self) -> dict[str, Any]:
        return {"dataset": str(self.path), "docs": str(self.docs), "docs_sha256": self.docs_sha256,
                "questions_sha256": self.questions_sha256}

    def where(self, item: DocItem) -> str:
        """``questions.jsonl:12: item 'x'``: where a problem with one item is, for error messages."""
        return f"{self.path}:{self.lines.get(item.id, '?')}: item {item.id!r}"


def _walk(folder: Path) -> Iterator[Path]:
    """The folder's files in a fixed order, skipping hidden entries as ingest discovery does."""
    for root, dirs, files in os.walk(folder, followlinks=True):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith("."):
                yield Path(root) / name


def folder_sha256(folder: Path) -> str:
    """sha256 over every (relative path, content hash) of the folder: any added, removed or edited file changes it."""
    digest = hashlib.sha256()
    for path in _walk(folder):
        file_digest = hashlib.sha256()
        try:
            with open(path, "rb") as fh:
                for block in iter(lambda: fh.read(1 << 20), b""):
                    file_digest.update(block)
        except OSError as exc:
            raise DatasetError(f"cannot read {path}: {exc.strerror or exc}") from exc
        digest.update(path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape") + b"\0")
        digest.update(file_digest.digest())
    return digest.hexdigest()


def read_questions(questions: Path) -> tuple[list[DocItem], dict[str, int], bytes]:
    """Parse and validate a questions file on its own (no folder needed): items, their line numbers, the bytes."""
    return read_jsonl_items(questions, DocItem, "questions file")


def load_folder_dataset(docs: Path, questions: Path) -> FolderDataset:
    """Read and validate the questions; check the folder and that every evidence file is in it."""
    if not docs.is_dir():
        raise DatasetError(f"documents folder {docs} does not exist or is not a folder")
    items, lines, raw = read_questions(questions)
    for item in items:
        for ev in item.evidence:
            if not (docs / ev.file).is_file():
                raise DatasetError(f"{questions}:{lines[item.id]}: item {item.id!r}: evidence file {ev.file!r} is "
                                   f"not in {docs}")
    docs_hash = folder_sha256(docs)
    questions_hash = hashlib.sha256(raw).hexdigest()
    combined = hashlib.sha256(f"questions:{questions_hash}\ndocs:{docs_hash}\n".encode()).hexdigest()
    return FolderDataset(path=questions, docs=docs, items=items, sha256=combined, docs_sha256=docs_hash,
                         questions_sha256=questions_hash, lines=lines)


# --- locating a quote in extracted text ---------------------------------------------------------------------------

_FOLD = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00ad": "-", "\u2010": "-", "\u2011": "-"}


def normalise(text: str) -> tuple[str, list[int]]:
    """``text`` as matching sees it, and for each of its characters the index in ``text`` it came from.

    Whitespace runs become one space (none at the ends); a hyphen after a letter and before a letter is dropped
    with any whitespace after it, because a line end may break a word ("be-\\ntween") or a compound ("non-\\nempty")
    and a reader may or may not rejoin them; NFKC folds ligatures and width forms; curly quotes and soft hyphens
    become their plain forms. Case is kept: quotes are copied, not paraphrased."""
    out: list[str] = []
    origin: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            j = i
            while j < n and text[j].isspace():
                j += 1
            if out and j < n:
                out.append(" ")
                origin.append(i)
            i = j
            continue
        folded = _FOLD.get(ch, ch)
        if folded == "-" and out and out[-1].isalpha():
            j = i + 1
            while j < n and text[j].isspace():
                j += 1
            if j < n and text[j].isalpha():
                i = j  # "be-\ntween", "non-\nempty" and "non-empty" all match "between"/"nonempty"
                continue
        for part in unicodedata.normalize("NFKC", folded):
            out.append(part)
            origin.append(i)
        i += 1
    return "".join(out), origin


def find_spans(text: str, quote: str) -> list[tuple[int, int]]:
    """Every ``(start, end)`` in ``text`` where ``quote`` occurs after ``normalise``, in order; [] when absent."""
    norm_text, origin = normalise(text)
    norm_quote, _ = normalise(quote)
    if not norm_quote:
        return []
    spans: list[tuple[int, int]] = []
    at = norm_text.find(norm_quote)
    while at >= 0:
        spans.append((origin[at], origin[at + len(norm_quote) - 1] + 1))
        at = norm_text.find(norm_quote, at + 1)
    return spans
