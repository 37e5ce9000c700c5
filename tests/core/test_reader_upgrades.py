"""An improved reader reaches existing workspaces: re-ingesting re-reads only documents an older reader read."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from masis_desktop.core.events import FileResult, IngestFinished
from masis_desktop.core.ingest import readers
from masis_desktop.core.store.catalog import Catalog
from masis_desktop.core.store.workspace import Workspace, create_workspace
from masis_desktop.settings import Settings

PAGE = """<html><body><nav>Home | Products | Previous topic</nav>
<main><h1>Returns</h1><p>Returns are accepted within 30 days of delivery.</p></main></body></html>"""


def _ingest(ws: Workspace, folder: Path) -> dict[str, FileResult]:
    finished = list(ws.ingest([folder]))[-1]
    assert isinstance(finished, IngestFinished) and not finished.cancelled
    return {Path(r.path).name: r for r in finished.results}


def _site(tmp_path: Path, page: str = PAGE) -> Path:
    """A folder with one HTML page and one text file (whose reader has never changed)."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "returns.html").write_text(page)
    (folder / "notes.txt").write_text("The shop opens at nine on weekdays.")
    return folder


def _text(ws: Workspace, name: str) -> str:
    doc = next(d for d in ws.documents() if d.name == name)
    return "".join(p.text for p in ws.catalog.pages(doc.id))


def test_documents_read_by_an_older_reader_are_read_again(tmp_path: Path, embedder,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _site(tmp_path)
    create_workspace("upgrade")
    with Workspace.open("upgrade", Settings(), embedder) as ws:
        current = readers.READER_VERSIONS["html"]
        monkeypatch.setitem(readers.READER_VERSIONS, "html", current - 1)
        first = _ingest(ws, folder)
        assert first["returns.html"].status == "indexed"
        monkeypatch.setitem(readers.READER_VERSIONS, "html", current)

        again = _ingest(ws, folder)
        assert again["returns.html"].status == "indexed"  # read again by the current reader
        assert again["notes.txt"].status == "skipped" and again["notes.txt"].error == "unchanged since the last ingest"
        assert "Previous topic" not in _text(ws, "returns.html")
        doc = next(d for d in ws.documents() if d.name == "returns.html")
        assert doc.reader == readers.reader_version("html")
        assert ws.search("how long do I have to return an item", k=1)[0].document.endswith("returns.html")

        third = _ingest(ws, folder)
        assert {r.error for r in third.values()} == {"unchanged since the last ingest"}


def test_rows_from_before_reader_versions_count_as_version_one(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    folder = _site(tmp_path)
    create_workspace("legacy")
    with Workspace.open("legacy", Settings(), embedder) as ws:
        _ingest(ws, folder)
        with ws.catalog.transaction() as conn:
            conn.execute("UPDATE documents SET reader = NULL")
        again = _ingest(ws, folder)
    assert again["notes.txt"].error == "unchanged since the last ingest"  # text files' reader is still version 1
    assert again["returns.html"].status == "indexed"  # the HTML reader is past version 1


def test_a_catalog_from_before_reader_versions_opens_and_gains_the_column(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE documents (id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
            kind TEXT, status TEXT NOT NULL, error TEXT, sha256 TEXT, size INTEGER, mtime REAL, pages INTEGER,
            chunks INTEGER NOT NULL DEFAULT 0, ingested_at REAL NOT NULL);
        INSERT INTO documents(path, name, kind, status, ingested_at)
            VALUES ('/d/a.html', 'a.html', 'html', 'indexed', 1);
    """)
    conn.commit()
    conn.close()
    catalog = Catalog(path)
    try:
        doc = catalog.document_by_path("/d/a.html")
        assert doc is not None and doc.name == "a.html" and doc.reader is None
    finally:
        catalog.close()


def test_a_page_without_text_is_read_once_per_reader_version(tmp_path: Path, embedder,  # type: ignore[no-untyped-def]
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from masis_desktop.core.ingest import ingestion

    folder = _site(tmp_path, "<html><body><main> </main><script>x()</script></body></html>")
    reads: list[str] = []
    real = ingestion.read_file

    def counting(path: Path, data: bytes):  # type: ignore[no-untyped-def]
        reads.append(path.name)
        return real(path, data)

    monkeypatch.setattr(ingestion, "read_file", counting)
    create_workspace("once")
    with Workspace.open("once", Settings(), embedder) as ws:
        first = _ingest(ws, folder)
        again = _ingest(ws, folder)
    assert first["returns.html"].status == "skipped" and "no text" in (first["returns.html"].error or "")
    assert again["returns.html"].status == "skipped" and "no text" in (again["returns.html"].error or "")
    assert reads.count("returns.html") == 1  # recorded with its reader's version, so not read again
