"""The temporary workspace a run evaluates against, and the passages dataset's corpus on top of it.

``TemporaryWorkspace`` creates a uniquely named workspace, ingests files into it with the real readers, chunker
and encoder (exactly what ``masis ingest`` does), and removes it on exit, also when the run is interrupted.

``EvalWorkspace`` holds all passages of a passages dataset: one small text document per passage. The documents get
neutral names (``passage-0001.txt``) so a file name never hints at the answer; chunks are mapped back to passage
ids through their document. The folder kind is ``folder_workspace.FolderWorkspace``; both are ``EvalCorpus``es
(``corpus.py``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from masis_desktop.core.evaluation.dataset import BaseItem, Dataset, EvalItem
from masis_desktop.errors import MasisError
from masis_desktop.settings import Settings

if TYPE_CHECKING:
    from masis_desktop.core.events import IngestFinished
    from masis_desktop.core.schemas import SearchHit
    from masis_desktop.core.store.workspace import Workspace


class EvalWorkspaceError(MasisError):
    """A passage of the dataset could not be ingested."""


class TemporaryWorkspace:
    """A workspace that exists only for one run: created and filled on ``__enter__``, deleted on ``__exit__``."""

    def __init__(self, tag: str, settings: Settings, log: Callable[[str], None] | None = None) -> None:
        self.settings = settings
        self._log = log or (lambda _msg: None)
        self.name = f"eval-{tag}-{os.getpid()}-{secrets.token_hex(2)}"
        self._tmp: Path | None = None
        self._ws: Workspace | None = None

    @property
    def workspace(self) -> Workspace:
        if self._ws is None:
            raise RuntimeError("the evaluation workspace is not open")
        return self._ws

    def _ingest(self, paths: list[Path]) -> IngestFinished:
        """Create the workspace and ingest ``paths``; the final event (every file's result) is returned."""
        from masis_desktop.core.events import IngestFinished
        from masis_desktop.core.store.workspace import Workspace, create_workspace

        create_workspace(self.name)
        self._ws = Workspace.open(self.name, self.settings)
        finished: IngestFinished | None = None
        for event in self._ws.ingest(paths):
            if isinstance(event, IngestFinished):
                finished = event
        if finished is None:
            raise EvalWorkspaceError("ingest ended without a result")
        return finished

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._cleanup()

    def _cleanup(self) -> None:
        from masis_desktop.core.store.workspace import delete_workspace, workspace_exists

        if self._ws is not None:
            self._ws.close()
            self._ws = None
        try:
            if workspace_exists(self.name):
                delete_workspace(self.name)
        finally:
            if self._tmp is not None:
                shutil.rmtree(self._tmp, ignore_errors=True)
                self._tmp = None


def _passage_ids(item: BaseItem) -> list[str]:
    if not isinstance(item, EvalItem):
        raise TypeError(f"item {item.id!r} is not an item of a passages dataset")
    return item.passage_ids


class EvalWorkspace(TemporaryWorkspace):
    def __init__(self, dataset: Dataset, settings: Settings, log: Callable[[str], None] | None = None) -> None:
        super().__init__(dataset.sha256[:8], settings, log)
        self.dataset = dataset
        self._passage_of_document: dict[int, str] = {}
        self._chunks_of_passage: dict[str, list[str]] = {}

    def __enter__(self) -> EvalWorkspace:
        passages = self.dataset.passages
        self._tmp = Path(tempfile.mkdtemp(prefix="masis-eval-"))
        try:
            by_path: dict[str, str] = {}
            for index, passage in enumerate(passages, start=1):
                path = self._tmp / f"passage-{index:04d}.txt"
                path.write_text(passage.text.strip() + "\n", encoding="utf-8")
                by_path[str(path.resolve())] = passage.id
            self._log(f"ingesting {len(passages)} passages into a temporary workspace ({self.name})")
            finished = self._ingest(sorted(self._tmp.iterdir()))
            failed = [r for r in finished.results if r.status != "indexed"]
            if failed or not finished.results:
                detail = "; ".join(f"{Path(r.path).name}: {r.status} {r.error or ''}".strip() for r in failed[:5])
                raise EvalWorkspaceError(f"could not ingest the dataset's passages: {detail or 'no result'}")
            ws = self.workspace
            for doc in ws.documents():
                passage_id = by_path.get(str(Path(doc.path).resolve()))
                if passage_id is not None:
                    self._passage_of_document[doc.id] = passage_id
            if len(self._passage_of_document) != len(passages):
                raise EvalWorkspaceError("some passages are missing from the evaluation workspace")
            rows = ws.catalog.chunks(ws.catalog.chunk_ids())
            for row in sorted(rows.values(), key=lambda r: (r.document_id, r.ordinal)):
                self._chunks_of_passage.setdefault(self._passage_of_document[row.document_id], []).append(f"c{row.id}")
        except BaseException:
            self._cleanup()
            raise
        return self

    def passage_of(self, hit: SearchHit) -> str:
        """The dataset passage id a retrieved chunk belongs to."""
        return self._passage_of_document[hit.document_id]

    def chunks_of(self, passage_id: str) -> list[str]:
        """The chunk ids (``c<id>``) of a passage, in reading order."""
        return list(self._chunks_of_passage.get(passage_id, []))

    # --- EvalCorpus: a passage is the unit of retrieval and of gold evidence --------------------------------------
    def gold(self, item: BaseItem) -> list[str]:
        return _passage_ids(item)

    def units(self, item: BaseItem, hits: Iterable[SearchHit]) -> list[str]:
        return [self.passage_of(h) for h in hits]

    def gold_chunks(self, item: BaseItem) -> list[str]:
        return [cid for pid in _passage_ids(item) for cid in self.chunks_of(pid)]

    def source_of(self, hit: SearchHit) -> str:
        return self.passage_of(hit)
