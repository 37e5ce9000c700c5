"""All passages of a dataset as one temporary workspace: one small text document per passage.

The documents get neutral names (``passage-0001.txt``) so a file name never hints at the answer; chunks are
mapped back to passage ids through their document. The workspace and its files are removed on exit, also when
the run is interrupted.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from masis_desktop.core.evaluation.dataset import Dataset
from masis_desktop.errors import MasisError
from masis_desktop.settings import Settings

if TYPE_CHECKING:
    from masis_desktop.core.schemas import SearchHit
    from masis_desktop.core.store.workspace import Workspace


class EvalWorkspaceError(MasisError):
    """A passage of the dataset could not be ingested."""


class EvalWorkspace:
    def __init__(self, dataset: Dataset, settings: Settings, log: Callable[[str], None] | None = None) -> None:
        self.dataset = dataset
        self.settings = settings
        self._log = log or (lambda _msg: None)
        self.name = f"eval-{dataset.sha256[:8]}-{os.getpid()}-{secrets.token_hex(2)}"
        self._tmp: Path | None = None
        self._ws: Workspace | None = None
        self._passage_of_document: dict[int, str] = {}
        self._chunks_of_passage: dict[str, list[str]] = {}

    @property
    def workspace(self) -> Workspace:
        if self._ws is None:
            raise RuntimeError("the evaluation workspace is not open")
        return self._ws

    def __enter__(self) -> EvalWorkspace:
        from masis_desktop.core.events import IngestFinished
        from masis_desktop.core.store.workspace import Workspace, create_workspace

        passages = self.dataset.passages
        self._tmp = Path(tempfile.mkdtemp(prefix="masis-eval-"))
        try:
            by_path: dict[str, str] = {}
            for index, passage in enumerate(passages, start=1):
                path = self._tmp / f"passage-{index:04d}.txt"
                path.write_text(passage.text.strip() + "\n", encoding="utf-8")
                by_path[str(path.resolve())] = passage.id
            create_workspace(self.name)
            self._ws = Workspace.open(self.name, self.settings)
            self._log(f"ingesting {len(passages)} passages into a temporary workspace ({self.name})")
            finished: IngestFinished | None = None
            for event in self._ws.ingest(sorted(self._tmp.iterdir())):
                if isinstance(event, IngestFinished):
                    finished = event
            failed = [r for r in (finished.results if finished else []) if r.status != "indexed"]
            if finished is None or failed:
                detail = "; ".join(f"{Path(r.path).name}: {r.status} {r.error or ''}".strip() for r in failed[:5])
                raise EvalWorkspaceError(f"could not ingest the dataset's passages: {detail or 'no result'}")
            for doc in self._ws.documents():
                passage_id = by_path.get(str(Path(doc.path).resolve()))
                if passage_id is not None:
                    self._passage_of_document[doc.id] = passage_id
            if len(self._passage_of_document) != len(passages):
                raise EvalWorkspaceError("some passages are missing from the evaluation workspace")
            rows = self._ws.catalog.chunks(self._ws.catalog.chunk_ids())
            for row in sorted(rows.values(), key=lambda r: (r.document_id, r.ordinal)):
                self._chunks_of_passage.setdefault(self._passage_of_document[row.document_id], []).append(f"c{row.id}")
        except BaseException:
            self._cleanup()
            raise
        return self

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

    def passage_of(self, hit: SearchHit) -> str:
        """The dataset passage id a retrieved chunk belongs to."""
        return self._passage_of_document[hit.document_id]

    def chunks_of(self, passage_id: str) -> list[str]:
        """The chunk ids (``c<id>``) of a passage, in reading order."""
        return list(self._chunks_of_passage.get(passage_id, []))
