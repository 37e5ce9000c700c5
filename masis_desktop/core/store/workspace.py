"""A workspace: a folder ``MASIS_HOME/workspaces/<name>/`` with ``catalog.sqlite3`` (documents, pages, chunks,
FTS5) and ``vectors.faiss`` (chunk vectors keyed by chunk rowid). The name is the seed's ``workspace_id``: every
workspace has its own files, so a search can only ever see its own chunks.

Consistency model: the catalog is the source of truth; FAISS follows it. ``Workspace.open`` reconciles the two
(vectors missing for committed chunks are re-embedded from the stored text, vectors without a chunk are dropped,
FTS5 is rebuilt if its integrity check fails) and re-chunks or re-embeds everything when the stored chunking
version or embedder differs from the current one. Writers (ingest, repair, removal) take an exclusive file lock on
``write.lock`` so two processes never write one workspace at once; readers need no lock and reload the FAISS file
when another process has replaced it.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import numpy as np

from masis_desktop import paths
from masis_desktop.core.events import CancelToken, IngestEvent
from masis_desktop.core.ingest.chunker import Chunker, chunking_version, tokenizer_offsets
from masis_desktop.core.ingest.ingestion import IngestContext, run_ingest
from masis_desktop.core.schemas import SearchHit
from masis_desktop.core.store.catalog import Catalog, DocumentInfo, embed_text
from masis_desktop.core.store.search import Candidate, hybrid_candidates, row_to_hit
from masis_desktop.core.store.vectors import VectorIndex
from masis_desktop.errors import WorkspaceError
from masis_desktop.settings import Settings, load_settings

if TYPE_CHECKING:
    from masis_desktop.core.embed import Embedder
    from masis_desktop.core.ingest.onnx_encoder import OnnxEmbedder

    Encoder = Embedder | OnnxEmbedder

try:
    import fcntl
except ImportError:  # pragma: no cover - non-POSIX
    fcntl = None  # type: ignore[assignment]

CATALOG_FILE = "catalog.sqlite3"
INDEX_FILE = "vectors.faiss"
LOCK_FILE = "write.lock"

__all__ = [
    "DocumentInfo",
    "Workspace",
    "create_workspace",
    "delete_workspace",
    "list_workspaces",
    "rename_workspace",
    "workspace_exists",
    "workspace_info",
]


# --- workspace folders --------------------------------------------------------------------------------------------


def workspace_exists(name: str) -> bool:
    return (paths.workspace_dir(name) / CATALOG_FILE).is_file()


def create_workspace(name: str) -> Path:
    """Create an empty workspace; ``WorkspaceError`` if the name is invalid or taken."""
    folder = paths.workspace_dir(name)
    if folder.exists():
        raise WorkspaceError(f"workspace {name!r} already exists")
    folder.mkdir(parents=True)
    Catalog(folder / CATALOG_FILE).close()
    return folder


def list_workspaces() -> list[str]:
    root = paths.workspaces_dir()
    names = []
    for entry in sorted(root.iterdir(), key=lambda p: p.name.lower()):
        if entry.is_dir() and (entry / CATALOG_FILE).is_file():
            try:
                names.append(paths.validate_workspace_name(entry.name))
            except WorkspaceError:
                continue
    return names


def _require(name: str) -> Path:
    folder = paths.workspace_dir(name)
    if not (folder / CATALOG_FILE).is_file():
        raise WorkspaceError(f"no workspace named {name!r}; create it with `masis workspace create {name}`")
    return folder


def delete_workspace(name: str) -> None:
    folder = _require(name)
    with _WriteLock(folder / LOCK_FILE).held(f"delete workspace {name!r}"):
        trash = folder.with_name(f".deleting-{folder.name}-{os.getpid()}")
        os.replace(folder, trash)  # atomic: the workspace disappears at once, then the files go
    shutil.rmtree(trash, ignore_errors=True)


def rename_workspace(old: str, new: str) -> None:
    folder = _require(old)
    target = paths.workspace_dir(new)
    if target.exists():
        raise WorkspaceError(f"workspace {new!r} already exists")
    with _WriteLock(folder / LOCK_FILE).held(f"rename workspace {old!r}"):
        os.replace(folder, target)


def workspace_info(name: str) -> dict[str, Any]:
    """Counts and sizes without loading the embedder (for `masis workspace list` and the UI's picker)."""
    folder = _require(name)
    catalog = Catalog(folder / CATALOG_FILE)
    try:
        counts = catalog.counts()
        embedder = catalog.get_meta("embedder")
    finally:
        catalog.close()
    size = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    return {"name": name, "path": str(folder), "documents": counts["documents"], "indexed": counts["indexed"],
            "chunks": counts["chunks"], "bytes": size, "embedder": embedder}


# --- the writer lock ----------------------------------------------------------------------------------------------


class _WriteLock:
    """An exclusive, non-blocking ``flock`` on the workspace's lock file (released by the OS if we die)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._guard = threading.Lock()

    def try_acquire(self) -> bool:
        with self._guard:
            if self._fd is not None:
                return False
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            if fcntl is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    os.close(fd)
                    return False
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode())
            self._fd = fd
            return True

    def release(self) -> None:
        with self._guard:
            if self._fd is not None:
                os.close(self._fd)  # closing drops the flock
                self._fd = None

    def holder(self) -> str:
        try:
            pid = self.path.read_text().strip()
        except OSError:
            return "another process"
        return f"process {pid}" if pid else "another process"

    @contextmanager
    def held(self, what: str) -> Iterator[None]:
        if not self.try_acquire():
            raise WorkspaceError(f"cannot {what}: the workspace is being modified by {self.holder()}; "
                                 "wait for it to finish")
        try:
            yield
        finally:
            self.release()


# --- the workspace --------------------------------------------------------------------------------------------------


class Workspace:
    """An open workspace. Thread-safe: the UI may search while an ingest runs in a worker thread."""

    def __init__(self, name: str, folder: Path, settings: Settings, embedder: Encoder | None) -> None:
        self.name = name
        self.folder = folder
        self.settings = settings
        self._embedder = embedder
        self._embedder_lock = threading.Lock()
        self.catalog = Catalog(folder / CATALOG_FILE)
        self._lock = _WriteLock(folder / LOCK_FILE)
        self._vectors: VectorIndex | None = None
        self._writing = False
        self.last_check: dict[str, Any] = {}
        dim = self.catalog.get_meta("dimension")
        if dim is not None:
            self._vectors = VectorIndex(int(dim), folder / INDEX_FILE)
            self._vectors.load()

    # --- opening ----------------------------------------------------------------------------------------------
    @classmethod
    def open(cls, name: str, settings: Settings | None = None, embedder: Encoder | None = None, *,
             repair: bool = True) -> Workspace:
        """Open an existing workspace and reconcile catalog, FAISS and FTS (``WorkspaceError`` if missing).

        Repair is skipped (and done by the next open) when another process is writing the workspace.
        ``embedder`` defaults to ``onnx_encoder.load_encoder(settings)`` (ONNX int8, or torch as a fallback).
        """
        folder = _require(name)
        ws = cls(name, folder, settings or load_settings(), embedder)
        try:
            if repair and ws.catalog.chunk_count() and ws._lock.try_acquire():
                try:
                    ws._writing = True
                    ws._upgrade_versions()
                    ws.last_check = ws._reconcile(repair=True)
                finally:
                    ws._writing = False
                    ws._lock.release()
        except BaseException:
            ws.close()
            raise
        return ws

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._lock.release()
        self.catalog.close()

    # --- embedder and versions --------------------------------------------------------------------------------
    @property
    def embedder(self) -> Encoder:
        with self._embedder_lock:
            if self._embedder is None:
                from masis_desktop.core.ingest.onnx_encoder import load_encoder

                self._embedder = load_encoder(self.settings)
            return self._embedder

    def _base_model_name(self) -> str:
        from masis_desktop.core.llm import registry

        return registry.resolve("embedder", self.settings).name

    def _embedder_name(self) -> str:
        """Name of the encoder whose vectors the index holds (predicted without loading it when possible)."""
        if self._embedder is not None:
            return self._embedder.name
        from masis_desktop.core.ingest.onnx_encoder import encoder_name

        return encoder_name(self._base_model_name(), self.settings)

    def _tokenizer_name(self) -> str:
        """Chunk sizes are counted in this model's tokens (the same for the torch and ONNX encoders)."""
        if self._embedder is not None:
            return str(getattr(self._embedder, "tokenizer_name", self._embedder.name))
        return self._base_model_name()

    def _chunking_version(self) -> str:
        cfg = self.settings.ingest
        return chunking_version(cfg.chunk_tokens, cfg.chunk_overlap_tokens, self._tokenizer_name())

    def chunker(self) -> Chunker:
        cfg = self.settings.ingest
        emb = self.embedder
        return Chunker(tokenizer_offsets(emb.tokenizer), cfg.chunk_tokens, cfg.chunk_overlap_tokens,
                       max_tokens=emb.max_seq_length)

    def _vector_index(self) -> VectorIndex:
        """The FAISS index, created (with the embedder's dimension) the first time vectors are needed."""
        if self._vectors is None:
            dim = self.embedder.dimension
            self._vectors = VectorIndex(dim, self.folder / INDEX_FILE)
            self._vectors.load()
            self._stamp_versions()
        return self._vectors

    def _stamp_versions(self) -> None:
        self.catalog.set_meta("embedder", self.embedder.name)
        self.catalog.set_meta("dimension", str(self.embedder.dimension))
        self.catalog.set_meta("chunking", self._chunking_version())

    def _upgrade_versions(self) -> None:
        """Re-chunk (chunking changed) and/or drop every vector (embedder changed) so reconcile rebuilds them."""
        stored_embedder = self.catalog.get_meta("embedder")
        stored_chunking = self.catalog.get_meta("chunking")
        if stored_embedder is None or stored_chunking is None:
            return
        embedder_changed = stored_embedder != self._embedder_name()
        if embedder_changed and self._embedder is None:
            embedder_changed = stored_embedder != self.embedder.name  # the prediction may differ (fallback)
        chunking_changed = stored_chunking != self._chunking_version()
        if not (embedder_changed or chunking_changed):
            return
        if embedder_changed or int(self.catalog.get_meta("dimension") or 0) != self.embedder.dimension:
            self._vectors = VectorIndex(self.embedder.dimension, self.folder / INDEX_FILE)
            self._vectors.reset()
        vectors = self._vector_index()
        if chunking_changed:
            chunker = self.chunker()
            for doc_id in self.catalog.document_ids():
                doc = self.catalog.document(doc_id)
                kind = (doc.kind if doc else None) or "text"
                # the whole document at once: a PDF's running headers are found across its pages
                spans = chunker.chunk_pages(self.catalog.pages(doc_id), kind)
                _, removed = self.catalog.replace_chunks(doc_id, spans)
                vectors.remove(removed)
        self._stamp_versions()
        vectors.save()

    def _encode(self, texts: list[str]) -> np.ndarray:
        return self.embedder.encode(texts, batch_size=self.settings.ingest.embed_batch_size)

    # --- consistency ------------------------------------------------------------------------------------------
    def _reconcile(self, repair: bool) -> dict[str, Any]:
        catalog_ids = set(self.catalog.chunk_ids())
        vectors = self._vectors if self._vectors is not None else (self._vector_index() if catalog_ids else None)
        index_ids = set(vectors.ids().tolist()) if vectors is not None else set()
        missing = sorted(catalog_ids - index_ids)
        orphans = sorted(index_ids - catalog_ids)
        fts_ok = self.catalog.fts_ok()
        # A process killed inside VectorIndex.save leaves its temp file (as large as the index); only a writer
        # (we hold the write lock when repairing) may remove it, since another writer's save could be under way.
        temp_files = sorted(self.folder.glob(".faiss.*.tmp"))
        report: dict[str, Any] = {
            "workspace": self.name,
            "documents": self.catalog.counts()["documents"],
            "chunks": len(catalog_ids),
            "vectors": len(index_ids),
            "missing_vectors": len(missing),
            "orphan_vectors": len(orphans),
            "fts_ok": fts_ok,
            "index": vectors.kind if vectors is not None else "none",
            "temp_files": len(temp_files),
            "repaired": False,
        }
        if not repair:
            report["consistent"] = not missing and not orphans and fts_ok
            return report
        changed = False
        if orphans and vectors is not None:
            vectors.remove(orphans)
            changed = True
        if missing:
            vectors = self._vector_index()
            rows = self.catalog.chunks(missing)
            batch = max(1, self.settings.ingest.embed_batch_size)
            for start in range(0, len(missing), batch):
                part = [i for i in missing[start:start + batch] if i in rows]
                vectors.add(part, self._encode([rows[i].embed_text for i in part]))
            changed = True
        if not fts_ok:
            self.catalog.fts_rebuild()
        fixed_counts = self.catalog.fix_chunk_counts()
        if vectors is not None and (changed or vectors.maintain()):
            vectors.save()
        for temp in temp_files:
            temp.unlink(missing_ok=True)
        report["repaired"] = bool(changed or not fts_ok or fixed_counts or temp_files)
        report["fixed_document_counts"] = fixed_counts
        report["temp_files_removed"] = len(temp_files)
        report["fts_rebuilt"] = not fts_ok
        report["vectors"] = vectors.ntotal if vectors is not None else 0
        report["index"] = vectors.kind if vectors is not None else "none"
        report["consistent"] = True
        return report

    def check(self, repair: bool = True) -> dict[str, Any]:
        """Consistency report catalog <-> FAISS <-> FTS; with ``repair`` also fixes what it finds."""
        if not repair:
            return self._reconcile(repair=False)
        with self._lock.held(f"check workspace {self.name!r}"):
            self._writing = True
            try:
                self._upgrade_versions()
                self.last_check = self._reconcile(repair=True)
            finally:
                self._writing = False
        return self.last_check

    # --- ingest -----------------------------------------------------------------------------------------------
    def ingest(self, paths_: list[Path], *, sync: bool = False, cancel: CancelToken | None = None,
               ) -> Iterator[IngestEvent]:
        """Ingest files and folders (see ``core/ingest/ingestion.py``); a generator of progress events."""
        with self._lock.held(f"ingest into {self.name!r}"):
            self._writing = True
            try:
                vectors = self._vector_index()
                self._upgrade_versions()
                self._reconcile(repair=True)
                ctx = IngestContext(self.catalog, vectors, self._encode, self.chunker(), self.settings.ingest,
                                    embed_text)
                yield from run_ingest(ctx, [Path(p) for p in paths_], sync=sync, cancel=cancel)
            finally:
                self._writing = False

    def remove_document(self, document_id: int) -> int:
        """Remove one document, its chunks and vectors; returns the number of chunks removed."""
        with self._lock.held(f"remove a document from {self.name!r}"):
            removed = self.catalog.remove_document(document_id)
            if self._vectors is not None and removed:
                self._vectors.remove(removed)
                self._vectors.save()
        return len(removed)

    # --- reading ----------------------------------------------------------------------------------------------
    def search(self, query: str, k: int = 10) -> list[SearchHit]:
        """Hybrid search, best first by fused score; ``relevance`` is what the Researcher's thresholds apply to."""
        return [c.hit() for c in self.search_candidates(query, k)]

    def search_candidates(self, query: str, k: int = 10) -> list[Candidate]:
        """The same search with every feature of the relevance model (for calibration and diagnostics)."""
        if not query.strip() or self.catalog.chunk_count() == 0:
            return []
        vectors = self._vector_index()
        if not self._writing and vectors.changed_on_disk():
            vectors.load()  # another process saved a newer index
        return hybrid_candidates(self.catalog, vectors, self._encode, query, k)

    def documents(self) -> list[DocumentInfo]:
        return self.catalog.documents()

    def document(self, document_id: int) -> DocumentInfo | None:
        return self.catalog.document(document_id)

    def get_chunk(self, chunk_id: str) -> SearchHit | None:
        """The chunk cited as ``c<id>`` (no scores), or None if it does not exist in this workspace."""
        raw = chunk_id.strip().lstrip("[").rstrip("]")
        if not raw.startswith("c") or not raw[1:].isdigit():
            return None
        row = self.catalog.chunks([int(raw[1:])]).get(int(raw[1:]))
        return None if row is None else row_to_hit(row)

    def page_text(self, document_id: int, page: int | None) -> str:
        """The exact text the reader produced for ``page`` (1-based; None for non-paged documents)."""
        text = self.catalog.page_text(document_id, page)
        if text is None:
            where = f"page {page}" if page else "text"
            raise WorkspaceError(f"document {document_id} has no stored {where} in workspace {self.name!r}")
        return text

    def stats(self) -> dict[str, Any]:
        counts = self.catalog.counts()
        return {**counts, "name": self.name, "vectors": self._vectors.ntotal if self._vectors else 0,
                "index": self._vectors.kind if self._vectors else "none",
                "embedder": self.catalog.get_meta("embedder"), "chunking": self.catalog.get_meta("chunking")}
