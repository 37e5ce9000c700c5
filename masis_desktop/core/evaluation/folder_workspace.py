"""A folder of whole documents as one temporary workspace, with each question's evidence located in its chunks.

The folder is ingested as a user's would be (``Workspace.ingest`` on the folder: discovery, the real readers, the
chunker, the encoder), under the documents' real names. Then each evidence quote is found in the text the reader
stored for its document (``catalog.pages``: the exact text every chunk's offsets point into) and mapped to the
chunks holding it: those containing the whole quote, or, for a quote cut by a chunk boundary, those overlapping
it. Every occurrence counts (a sentence repeated in a manual supports the answer in both places).

A quote that is not found, or evidence in a file the readers could not read, is a dataset error naming the item:
the figures would otherwise silently count a question without gold evidence. Files nobody cites that fail or are
skipped are only reported, as ``masis ingest`` would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from masis_desktop.core.evaluation.dataset import BaseItem, DatasetError
from masis_desktop.core.evaluation.folder import DocItem, FolderDataset, find_spans
from masis_desktop.core.evaluation.workspace import TemporaryWorkspace
from masis_desktop.settings import Settings

if TYPE_CHECKING:
    from masis_desktop.core.schemas import SearchHit
    from masis_desktop.core.store.catalog import ChunkRow


@dataclass(frozen=True)
class _Doc:
    """One indexed document: its pages joined (``text``) and each chunk's span in that joined text."""

    text: str
    chunks: list[tuple[int, int, str]]  # (start, end, "c<id>") in reading order


def gold_chunks_for(spans: Iterable[tuple[int, int]], chunks: list[tuple[int, int, str]]) -> list[str]:
    """The chunks holding the quote at ``spans``: containing it whole, else overlapping it; reading order."""
    out: list[str] = []
    for start, end in spans:
        whole = [cid for s, e, cid in chunks if s <= start and end <= e]
        part = whole or [cid for s, e, cid in chunks if s < end and start < e]
        out.extend(cid for cid in part if cid not in out)
    return out


class FolderWorkspace(TemporaryWorkspace):
    def __init__(self, dataset: FolderDataset, settings: Settings, log: Callable[[str], None] | None = None) -> None:
        super().__init__(f"docs-{dataset.sha256[:8]}", settings, log)
        self.dataset = dataset
        self._file_of_document: dict[int, str] = {}
        self._gold: dict[str, list[tuple[str, frozenset[str]]]] = {}  # item id -> [(unit id, its chunk ids)]
        self._gold_order: dict[str, list[str]] = {}  # item id -> gold chunk ids in reading order

    def __enter__(self) -> FolderWorkspace:
        try:
            root = self.dataset.docs.resolve()
            self._log(f"ingesting the documents of {self.dataset.docs} into a temporary workspace ({self.name})")
            finished = self._ingest([root])
            problems = {self._relative(root, r.path): f"{r.status}: {r.error or 'no reason given'}"
                        for r in finished.results if r.status != "indexed"}
            totals = finished.totals
            self._log(f"indexed {totals['indexed']} document(s), {totals['chunks']} chunks"
                      + (f"; {len(problems)} not indexed: "
                         + "; ".join(f"{k} ({v})" for k, v in list(problems.items())[:5]) if problems else ""))
            for doc in self.workspace.documents():
                if doc.status == "indexed":
                    self._file_of_document[doc.id] = self._relative(root, doc.path)
            self._locate(problems)
        except BaseException:
            self._cleanup()
            raise
        return self

    @staticmethod
    def _relative(root: Path, path: str) -> str:
        try:
            return Path(path).resolve().relative_to(root).as_posix()
        except ValueError:
            return path

    def _documents(self) -> dict[str, _Doc]:
        """Every indexed document by its path in the folder, with its page texts joined by newlines."""
        catalog = self.workspace.catalog
        rows: dict[int, list[ChunkRow]] = {}
        for row in catalog.chunks(catalog.chunk_ids()).values():
            rows.setdefault(row.document_id, []).append(row)
        out: dict[str, _Doc] = {}
        for doc_id, rel in self._file_of_document.items():
            base: dict[int, int] = {}
            parts: list[str] = []
            length = 0
            for page in catalog.pages(doc_id):
                base[page.number or 0] = length
                parts.append(page.text)
                length += len(page.text) + 1
            spans = [(base[r.page or 0] + r.char_start, base[r.page or 0] + r.char_end, f"c{r.id}")
                     for r in sorted(rows.get(doc_id, []), key=lambda r: r.ordinal)]
            out[rel] = _Doc("\n".join(parts), spans)
        return out

    def _locate(self, problems: dict[str, str]) -> None:
        docs = self._documents()
        for item in self.dataset.items:
            units: list[tuple[str, frozenset[str]]] = []
            order: list[str] = []
            for number, ev in enumerate(item.evidence, start=1):
                doc = docs.get(ev.file)
                if doc is None:
                    reason = problems.get(ev.file, "not found among the ingested documents")
                    raise DatasetError(f"{self.dataset.where(item)}: evidence file {ev.file!r} was not indexed "
                                       f"({reason})")
                chunks = gold_chunks_for(find_spans(doc.text, ev.quote), doc.chunks)
                if not chunks:
                    raise DatasetError(f"{self.dataset.where(item)}: quote not found in the extracted text of "
                                       f"{ev.file!r}: {ev.quote[:80]!r}")
                units.append((f"{ev.file}#{number}", frozenset(chunks)))
                order.extend(c for c in chunks if c not in order)
            self._gold[item.id] = units
            self._gold_order[item.id] = order

    # --- EvalCorpus: one unit per evidence quote; a chunk holding none of them counts as itself ----------------
    def gold(self, item: BaseItem) -> list[str]:
        return [unit for unit, _ in self._gold[_doc_item(item).id]]

    def units(self, item: BaseItem, hits: Iterable[SearchHit]) -> list[str]:
        gold = self._gold[_doc_item(item).id]
        out: list[str] = []
        for hit in hits:
            held = [unit for unit, chunks in gold if hit.chunk_id in chunks]
            out.extend(held or [hit.chunk_id])
        return out

    def gold_chunks(self, item: BaseItem) -> list[str]:
        return list(self._gold_order[_doc_item(item).id])

    def source_of(self, hit: SearchHit) -> str:
        return self._file_of_document.get(hit.document_id, hit.document)


def _doc_item(item: BaseItem) -> DocItem:
    if not isinstance(item, DocItem):
        raise TypeError(f"item {item.id!r} is not an item of a folder dataset")
    return item
