"""The ingestion generator: files -> readers -> chunks -> embeddings -> catalog + FAISS, yielding progress events.

Guarantees:
- Bad input never stops a batch: every file ends as one ``FileResult`` (indexed, skipped or failed, with a reason).
- One SQLite transaction per document, after its chunks are embedded: a crash or cancel leaves every document
  either complete or absent. The FAISS index is updated in memory after each commit and saved atomically every
  few seconds and at the end; vectors lost in a crash are re-embedded when the workspace is next opened.
- Unchanged files (same path and sha256) are not read again; changed files are replaced (old chunks and vectors
  removed); with ``sync`` documents under the given paths whose files are gone are removed.
- Chunks of consecutive small files are gathered (up to ``FLUSH_BATCHES`` batches), sorted by length and embedded
  ``embed_batch_size`` at a time, so throughput matches the raw encoder's; cancel is checked before each file and
  between embedding batches.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from masis_desktop.core.events import (
    CancelToken,
    FileFinished,
    FileResult,
    FileStatus,
    IngestEvent,
    IngestFinished,
    IngestProgress,
    IngestStarted,
)
from masis_desktop.core.ingest.chunker import Chunker, ChunkSpan
from masis_desktop.core.ingest.discovery import discover, os_error_reason
from masis_desktop.core.ingest.readers import read_by_current_reader, read_file, reader_version
from masis_desktop.core.ingest.types import PageText, ReadFailed, ReadResult, Unsupported
from masis_desktop.errors import CancelledError
from masis_desktop.settings import IngestSettings

if TYPE_CHECKING:
    from masis_desktop.core.store.catalog import Catalog
    from masis_desktop.core.store.vectors import VectorIndex

SAVE_EVERY_S = 10.0
FLUSH_BATCHES = 4  # embed (and then commit) once this many batches of chunks are pending


@dataclass
class IngestContext:
    catalog: Catalog
    vectors: VectorIndex
    encode: Callable[[list[str]], np.ndarray]
    chunker: Chunker
    settings: IngestSettings
    embed_text: Callable[[str | None, str], str]


@dataclass
class _Prepared:
    path: Path
    kind: str
    sha256: str
    size: int
    mtime: float
    pages: list[PageText]
    chunks: list[ChunkSpan]
    page_count: int | None
    vectors: list[np.ndarray] = field(default_factory=list)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class _Saver:
    """Saves the FAISS file at most every ``SAVE_EVERY_S`` (or 20x the last save's duration, if larger)."""

    def __init__(self, vectors: VectorIndex) -> None:
        self.vectors = vectors
        self.dirty = False
        self.last = time.monotonic()
        self.cost = 0.0

    def maybe(self) -> None:
        if self.dirty and time.monotonic() - self.last >= max(SAVE_EVERY_S, 20 * self.cost):
            self.now()

    def now(self) -> None:
        if not self.dirty:
            return
        start = time.monotonic()
        self.vectors.maintain()
        self.vectors.save()
        self.last = time.monotonic()
        self.cost = self.last - start
        self.dirty = False


def run_ingest(ctx: IngestContext, paths: list[Path], *, sync: bool = False,
               cancel: CancelToken | None = None) -> Iterator[IngestEvent]:
    cancel = cancel or CancelToken()
    found = discover(paths)
    total = len(found.files) + len(found.problems)
    bytes_total = max(1, sum(found.sizes.values()))
    yield IngestStarted(files_total=total)
    results: list[FileResult] = []
    saver = _Saver(ctx.vectors)
    started = time.monotonic()
    bytes_done = 0
    chunks_embedded = 0
    pending: list[_Prepared] = []
    pending_chunks = 0
    cancelled = False
    limit = int(ctx.settings.max_file_mb * 1024 * 1024)

    def progress(current: str = "") -> IngestProgress:
        elapsed = time.monotonic() - started
        rate = bytes_done / elapsed if elapsed > 0.5 and bytes_done else 0.0
        eta = (bytes_total - bytes_done) / rate if rate else None
        return IngestProgress(files_done=len(results), files_total=total, chunks_embedded=chunks_embedded,
                              eta_s=None if eta is None else round(max(0.0, eta), 1), current=current)

    def finish(result: FileResult) -> Iterator[IngestEvent]:
        results.append(result)
        yield FileFinished(result)
        yield progress(result.path)

    def record(path: Path, outcome: _Outcome) -> FileResult:
        """A skipped/failed file gets a catalog row too (so the document list can explain it)."""
        _, _, removed = ctx.catalog.write_document(
            path=str(path), name=path.name, kind=outcome.kind, status=outcome.status, error=outcome.error,
            sha256=outcome.sha256, size=outcome.size, mtime=outcome.mtime,
            reader=reader_version(outcome.kind) if outcome.kind else None)  # a read file: by which reader
        if removed:
            ctx.vectors.remove(removed)
            saver.dirty = True
        return FileResult(str(path), outcome.status, outcome.error)

    def flush() -> Iterator[IngestEvent]:
        """Embed every pending document's chunks in batches, then commit each document and add its vectors."""
        nonlocal chunks_embedded, pending_chunks
        texts = [ctx.embed_text(c.heading, c.text) for doc in pending for c in doc.chunks]
        batch = ctx.settings.embed_batch_size
        # Batches of similar lengths pad less (what SentenceTransformer.encode does inside one call); sorting here
        # keeps that across the whole buffer while cancel is still checked between batches.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        matrix = np.zeros((0, 1), dtype=np.float32)
        for start in range(0, len(order), batch):
            cancel.raise_if_cancelled()
            idx = order[start:start + batch]
            vecs = ctx.encode([texts[i] for i in idx])
            if matrix.shape[0] != len(texts):
                matrix = np.zeros((len(texts), vecs.shape[1]), dtype=np.float32)
            matrix[idx] = vecs
            chunks_embedded += len(idx)
            yield progress(str(pending[0].path) if len(pending) == 1 else f"{len(pending)} files")
        offset = 0
        done = list(pending)
        pending.clear()
        pending_chunks = 0
        for doc in done:
            doc_vecs = matrix[offset:offset + len(doc.chunks)]
            offset += len(doc.chunks)
            _, ids, removed = ctx.catalog.write_document(
                path=str(doc.path), name=doc.path.name, kind=doc.kind, status="indexed", error=None,
                sha256=doc.sha256, size=doc.size, mtime=doc.mtime, pages=doc.pages, chunks=doc.chunks,
                page_count=doc.page_count, reader=reader_version(doc.kind))
            ctx.vectors.remove(removed)
            ctx.vectors.add(ids, doc_vecs)
            saver.dirty = True
            yield from finish(FileResult(str(doc.path), "indexed", None, len(ids), doc.page_count))
        saver.maybe()

    try:
        for problem in found.problems:
            yield from finish(problem)
        for path in found.files:
            if cancel.cancelled:
                cancelled = True
                break
            size = found.sizes.get(path, 0)
            bytes_done += size
            outcome = _prepare(ctx, path, limit)
            if isinstance(outcome, _Prepared):
                pending.append(outcome)
                pending_chunks += len(outcome.chunks)
                if pending_chunks >= FLUSH_BATCHES * ctx.settings.embed_batch_size:
                    yield from flush()
            elif outcome.record:
                yield from finish(record(path, outcome))
            else:
                yield from finish(FileResult(str(path), outcome.status, outcome.error, outcome.chunks, outcome.pages))
        if pending and not cancel.cancelled:
            yield from flush()
        elif pending:
            cancelled = True
        if sync and not cancelled:
            for doc in ctx.catalog.documents():
                doc_path = Path(doc.path)
                if _under(doc_path, found.roots) and not os.path.lexists(doc_path):
                    removed = ctx.catalog.remove_document(doc.id)
                    ctx.vectors.remove(removed)
                    saver.dirty = True
                    reason = f"file no longer exists ({len(removed)} chunks removed)"
                    yield from finish(FileResult(doc.path, "removed", reason))
    except CancelledError:
        cancelled = True
    except Exception:
        saver.dirty = True
        raise
    finally:
        pending.clear()
        saver.now()
    yield IngestFinished(results=results, cancelled=cancelled)


def _under(path: Path, roots: list[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


@dataclass
class _Outcome:
    """Why a file produced no new chunks; ``record`` = write a catalog row (skipped/failed with the reason)."""

    status: FileStatus
    error: str | None
    record: bool = True
    chunks: int = 0
    pages: int | None = None
    kind: str | None = None
    sha256: str | None = None
    size: int | None = None
    mtime: float | None = None


def _prepare(ctx: IngestContext, path: Path, limit: int) -> _Prepared | _Outcome:
    """Read and chunk one file, or say why not."""
    try:
        st = os.stat(path)
    except OSError as exc:  # vanished or became unreadable since discovery
        return _Outcome("failed", os_error_reason(exc), record=False)
    size, mtime = st.st_size, st.st_mtime
    if st.st_size > limit:
        return _Outcome("skipped", f"too large: {st.st_size / 1048576:,.1f} MB exceeds the {limit / 1048576:,.0f} MB "
                        "limit (settings: ingest.max_file_mb)", size=size, mtime=mtime)
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        return _Outcome("failed", os_error_reason(exc), size=size, mtime=mtime)
    if len(data) > limit:
        return _Outcome("skipped", f"too large: exceeds the {limit / 1048576:,.0f} MB limit "
                        "(settings: ingest.max_file_mb)", size=size, mtime=mtime)
    sha = sha256_bytes(data)
    known = ctx.catalog.document_by_path(str(path))
    # read by an older version of its reader: read again (the catalog keeps the old text until this one lands)
    stale = known is not None and not read_by_current_reader(known.kind, known.reader)
    if known is not None and known.sha256 == sha and not stale:
        if known.status == "indexed":
            return _Outcome("skipped", "unchanged since the last ingest", record=False, chunks=known.chunks,
                            pages=known.pages)
        status: FileStatus = "failed" if known.status == "failed" else "skipped"
        return _Outcome(status, known.error or known.status, record=False)
    if not data:
        return _Outcome("skipped", "empty file", sha256=sha, size=size, mtime=mtime)
    try:
        result: ReadResult = read_file(path, data)
    except Unsupported as exc:
        return _Outcome("skipped", str(exc), sha256=sha, size=size, mtime=mtime)
    except ReadFailed as exc:
        return _Outcome("failed", str(exc), sha256=sha, size=size, mtime=mtime)
    except MemoryError:
        return _Outcome("failed", "out of memory while reading this file", sha256=sha, size=size, mtime=mtime)
    except Exception as exc:  # a reader bug or an exotic file must not stop the batch
        return _Outcome("failed", f"could not read: {type(exc).__name__}: {exc}", sha256=sha, size=size, mtime=mtime)
    chunks = ctx.chunker.chunk(result) if result.has_text else []
    if not chunks:
        return _Outcome("skipped", "no text content", kind=result.kind, sha256=sha, size=size, mtime=mtime)
    return _Prepared(path, result.kind, sha, st.st_size, st.st_mtime, result.pages, chunks, result.page_count)
