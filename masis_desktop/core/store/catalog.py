"""The workspace catalog: one SQLite file (WAL) holding documents, per-page reader text, chunks and an FTS5 index.

Why this shape:
- ``pages`` stores the exact text each reader produced, so every chunk's offsets can be checked
  (``pages.text[char_start:char_end] == chunks.text``) and the UI can show and highlight context without the file.
- ``chunks.id`` is ``INTEGER PRIMARY KEY AUTOINCREMENT``: ids are never reused, so a citation ``c<id>`` or a FAISS
  vector can never silently point at a different chunk after a document is replaced.
- ``chunks_fts`` is an external-content FTS5 table kept in step by triggers inside the same transaction, so the
  BM25 index cannot drift from the chunks (``check`` verifies it anyway and rebuilds if needed).
- Each document is written in one transaction: after a crash a document is either fully present or absent.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from masis_desktop.core.ingest.chunker import ChunkSpan
from masis_desktop.core.ingest.types import Heading, PageText

SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    path TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT,
    status TEXT NOT NULL CHECK (status IN ('indexed', 'failed', 'skipped')),
    error TEXT,
    sha256 TEXT,
    size INTEGER,
    mtime REAL,
    pages INTEGER,
    chunks INTEGER NOT NULL DEFAULT 0,
    ingested_at REAL NOT NULL,
    reader TEXT  -- the reader version that produced its pages (readers.reader_version); NULL: before versions
);
CREATE TABLE IF NOT EXISTS pages (
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    page INTEGER NOT NULL,  -- 1-based for PDFs; 0 for a whole non-paged document
    text TEXT NOT NULL,
    headings TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (document_id, page)
);
CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    page INTEGER,
    char_start INTEGER NOT NULL,
    char_end INTEGER NOT NULL,
    heading TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_document ON chunks(document_id, ordinal);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    heading, text, content='chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, heading, text) VALUES (new.id, new.heading, new.text);
END;
CREATE TRIGGER IF NOT EXISTS chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
END;
"""

# BM25 column weights: (heading, text). The heading path is context, the text is the evidence.
BM25_WEIGHTS = (0.4, 1.0)


class DocumentInfo(BaseModel):
    """One document as the catalog knows it (also failed and skipped files, with the reason)."""

    id: int
    path: str
    name: str
    kind: str | None = None
    status: str
    error: str | None = None
    pages: int | None = None
    chunks: int = 0
    sha256: str | None = None
    size: int | None = None
    mtime: float | None = None
    ingested_at: float | None = None
    reader: str | None = None


@dataclass(frozen=True)
class ChunkRow:
    id: int
    document_id: int
    document: str
    ordinal: int
    page: int | None
    char_start: int
    char_end: int
    heading: str
    text: str

    @property
    def embed_text(self) -> str:
        return embed_text(self.heading, self.text)


def embed_text(heading: str | None, text: str) -> str:
    """What is embedded for a chunk: its heading path as context, unless the chunk already starts with it."""
    if not heading:
        return text
    last = heading.rsplit(" > ", 1)[-1]
    if text.lstrip("# ").startswith(last):
        return text if " > " not in heading else f"{heading.rsplit(' > ', 1)[0]}\n{text}"
    return f"{heading}\n{text}"


def _headings_json(headings: Sequence[Heading]) -> str:
    import json

    return json.dumps([[h.start, h.end, h.level, h.title] for h in headings], ensure_ascii=False)


def _headings_from_json(raw: str) -> list[Heading]:
    import json

    return [Heading(int(a), int(b), int(level), str(title)) for a, b, level, title in json.loads(raw or "[]")]


class Catalog:
    """Thread-safe access (one connection, one lock) to a workspace's SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._conn = sqlite3.connect(str(path), timeout=30.0, isolation_level=None, check_same_thread=False)
        self._conn.row_factory = sqlite3.Row
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")  # with WAL: consistent after any crash
        self._conn.execute("PRAGMA foreign_keys=ON")
        self._conn.execute("PRAGMA busy_timeout=30000")
        self._create_schema()

    def _create_schema(self) -> None:
        with self._lock:
            self._conn.executescript(_SCHEMA)
            columns = {row[1] for row in self._conn.execute("PRAGMA table_info(documents)")}
            if "reader" not in columns:  # a catalog written before reader versions were recorded
                self._conn.execute("ALTER TABLE documents ADD COLUMN reader TEXT")
            if self.get_meta("schema_version") is None:
                self.set_meta("schema_version", SCHEMA_VERSION)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; rolled back on any exception (including KeyboardInterrupt)."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    # --- meta -------------------------------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        with self._lock:
            row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self._lock:
            self._conn.execute("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = "
                               "excluded.value", (key, value))

    # --- documents --------------------------------------------------------------------------------------------
    def document_by_path(self, path: str) -> DocumentInfo | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM documents WHERE path = ?", (path,)).fetchone()
        return None if row is None else DocumentInfo(**dict(row))

    def document(self, document_id: int) -> DocumentInfo | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM documents WHERE id = ?", (document_id,)).fetchone()
        return None if row is None else DocumentInfo(**dict(row))

    def documents(self) -> list[DocumentInfo]:
        with self._lock:
            rows = self._conn.execute("SELECT * FROM documents ORDER BY path").fetchall()
        return [DocumentInfo(**dict(r)) for r in rows]

    def _chunk_ids_of(self, conn: sqlite3.Connection, document_id: int) -> list[int]:
        return [int(r[0]) for r in conn.execute("SELECT id FROM chunks WHERE document_id = ?", (document_id,))]

    def write_document(self, *, path: str, name: str, kind: str | None, status: str, error: str | None,
                       sha256: str | None, size: int | None, mtime: float | None, pages: Sequence[PageText] = (),
                       chunks: Sequence[ChunkSpan] = (), page_count: int | None = None, reader: str | None = None,
                       ) -> tuple[int, list[int], list[int]]:
        """Insert or replace one document with its pages and chunks, atomically.

        Returns ``(document_id, new_chunk_ids, removed_chunk_ids)``; the caller updates the vector index.
        """
        now = time.time()
        with self.transaction() as conn:
            old = conn.execute("SELECT id FROM documents WHERE path = ?", (path,)).fetchone()
            removed: list[int] = []
            if old is not None:
                doc_id = int(old[0])
                removed = self._chunk_ids_of(conn, doc_id)
                conn.execute("DELETE FROM chunks WHERE document_id = ?", (doc_id,))
                conn.execute("DELETE FROM pages WHERE document_id = ?", (doc_id,))
                conn.execute(
                    "UPDATE documents SET name=?, kind=?, status=?, error=?, sha256=?, size=?, mtime=?, pages=?, "
                    "chunks=?, ingested_at=?, reader=? WHERE id=?",
                    (name, kind, status, error, sha256, size, mtime, page_count, len(chunks), now, reader, doc_id))
            else:
                cur = conn.execute(
                    "INSERT INTO documents(path, name, kind, status, error, sha256, size, mtime, pages, chunks, "
                    "ingested_at, reader) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (path, name, kind, status, error, sha256, size, mtime, page_count, len(chunks), now, reader))
                doc_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO pages(document_id, page, text, headings) VALUES (?, ?, ?, ?)",
                [(doc_id, p.number or 0, p.text, _headings_json(p.headings)) for p in pages])
            ids: list[int] = []
            for ordinal, chunk in enumerate(chunks):
                cur = conn.execute(
                    "INSERT INTO chunks(document_id, ordinal, page, char_start, char_end, heading, text) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (doc_id, ordinal, chunk.page, chunk.char_start, chunk.char_end, chunk.heading or "", chunk.text))
                ids.append(int(cur.lastrowid or 0))
        return doc_id, ids, removed

    def replace_chunks(self, document_id: int, chunks: Sequence[ChunkSpan]) -> tuple[list[int], list[int]]:
        """Re-chunk a document from its stored pages (chunking changed): new ids, old ids."""
        with self.transaction() as conn:
            removed = self._chunk_ids_of(conn, document_id)
            conn.execute("DELETE FROM chunks WHERE document_id = ?", (document_id,))
            ids = []
            for ordinal, chunk in enumerate(chunks):
                cur = conn.execute(
                    "INSERT INTO chunks(document_id, ordinal, page, char_start, char_end, heading, text) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (document_id, ordinal, chunk.page, chunk.char_start, chunk.char_end, chunk.heading or "",
                     chunk.text))
                ids.append(int(cur.lastrowid or 0))
            conn.execute("UPDATE documents SET chunks = ? WHERE id = ?", (len(ids), document_id))
        return ids, removed

    def remove_document(self, document_id: int) -> list[int]:
        with self.transaction() as conn:
            removed = self._chunk_ids_of(conn, document_id)
            conn.execute("DELETE FROM chunks WHERE document_id = ?", (document_id,))
            conn.execute("DELETE FROM documents WHERE id = ?", (document_id,))
        return removed

    # --- pages and chunks -------------------------------------------------------------------------------------
    def pages(self, document_id: int) -> list[PageText]:
        with self._lock:
            rows = self._conn.execute("SELECT page, text, headings FROM pages WHERE document_id = ? ORDER BY page",
                                      (document_id,)).fetchall()
        return [PageText(int(r[0]) or None, str(r[1]), _headings_from_json(r[2])) for r in rows]

    def page_text(self, document_id: int, page: int | None) -> str | None:
        with self._lock:
            row = self._conn.execute("SELECT text FROM pages WHERE document_id = ? AND page = ?",
                                     (document_id, page or 0)).fetchone()
        return None if row is None else str(row[0])

    def chunk_ids(self) -> list[int]:
        with self._lock:
            return [int(r[0]) for r in self._conn.execute("SELECT id FROM chunks ORDER BY id")]

    def chunk_count(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT count(*) FROM chunks").fetchone()[0])

    def chunks(self, ids: Iterable[int]) -> dict[int, ChunkRow]:
        wanted = [int(i) for i in ids]
        out: dict[int, ChunkRow] = {}
        with self._lock:
            for start in range(0, len(wanted), 500):
                part = wanted[start:start + 500]
                marks = ",".join("?" * len(part))
                rows = self._conn.execute(
                    "SELECT c.id, c.document_id, d.path, c.ordinal, c.page, c.char_start, c.char_end, c.heading, "
                    f"c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id IN ({marks})",
                    part).fetchall()
                for r in rows:
                    out[int(r[0])] = ChunkRow(int(r[0]), int(r[1]), str(r[2]), int(r[3]),
                                              None if r[4] is None else int(r[4]), int(r[5]), int(r[6]), str(r[7]),
                                              str(r[8]))
        return out

    def document_ids(self) -> list[int]:
        with self._lock:
            return [int(r[0]) for r in self._conn.execute("SELECT id FROM documents WHERE status = 'indexed'")]

    def fix_chunk_counts(self) -> int:
        """Make ``documents.chunks`` match the chunks table; returns how many rows were wrong."""
        with self.transaction() as conn:
            cur = conn.execute(
                "UPDATE documents SET chunks = (SELECT count(*) FROM chunks c WHERE c.document_id = documents.id) "
                "WHERE chunks != (SELECT count(*) FROM chunks c WHERE c.document_id = documents.id)")
            return int(cur.rowcount)

    # --- full text --------------------------------------------------------------------------------------------
    def bm25(self, match: str, limit: int) -> list[tuple[int, float]]:
        """Top ``limit`` chunk ids for an FTS5 ``match`` expression, with positive BM25 scores (higher = better)."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT rowid, bm25(chunks_fts, ?, ?) AS s FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY s "
                "LIMIT ?", (*BM25_WEIGHTS, match, limit)).fetchall()
        return [(int(r[0]), -float(r[1])) for r in rows]

    def bm25_for(self, match: str, ids: Sequence[int]) -> dict[int, float]:
        """BM25 scores of specific chunks (those the dense search found); chunks matching no term are absent."""
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self._lock:
            rows = self._conn.execute(
                f"SELECT rowid, bm25(chunks_fts, ?, ?) FROM chunks_fts WHERE chunks_fts MATCH ? AND rowid IN ({marks})",
                (*BM25_WEIGHTS, match, *ids)).fetchall()
        return {int(r[0]): -float(r[1]) for r in rows}

    def term_document_counts(self, terms: Sequence[str]) -> dict[str, int]:
        """How many chunks contain each term (after FTS5's own tokenising and stemming): BM25's IDF inputs."""
        out: dict[str, int] = {}
        with self._lock:
            for term in terms:
                phrase = '"' + term.replace('"', '""') + '"'
                out[term] = int(self._conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?",
                                                   (phrase,)).fetchone()[0])
        return out

    def fts_ok(self) -> bool:
        """FTS5's own integrity check, which also compares the index with the external content table."""
        with self._lock:
            try:
                self._conn.execute("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)")
            except sqlite3.DatabaseError:
                return False
        return True

    def fts_rebuild(self) -> None:
        with self.transaction() as conn:
            conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')")

    def counts(self) -> dict[str, int]:
        with self._lock:
            row = self._conn.execute(
                "SELECT (SELECT count(*) FROM documents), (SELECT count(*) FROM documents WHERE status='indexed'), "
                "(SELECT count(*) FROM chunks)").fetchone()
        return {"documents": int(row[0]), "indexed": int(row[1]), "chunks": int(row[2])}
