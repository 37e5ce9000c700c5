"""Workspaces: lifecycle, isolation, incremental re-ingest, --sync, provenance, reconciliation, versions, locking."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from masis_desktop.core.events import CancelToken, FileFinished, IngestFinished, IngestProgress, IngestStarted
from masis_desktop.core.store.workspace import (
    INDEX_FILE,
    Workspace,
    create_workspace,
    delete_workspace,
    list_workspaces,
    rename_workspace,
    workspace_exists,
)
from masis_desktop.errors import WorkspaceError
from masis_desktop.settings import Settings
from tests.core.ingest_fixtures import LONG_MARKDOWN, make_docx, make_pdf


def _finish(ws: Workspace, paths: list[Path], **kw) -> IngestFinished:  # type: ignore[no-untyped-def]
    events = list(ws.ingest(paths, **kw))
    assert isinstance(events[-1], IngestFinished)
    return events[-1]


def _corpus(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "handbook.md").write_text(LONG_MARKDOWN)
    (folder / "oslo.txt").write_text("The Oslo office opened its doors in March 2018. It hosts 40 engineers.")
    make_pdf(folder / "report.pdf", [["Revenue grew 12% in 2025."], ["The main risk is a single cloud provider."]])
    make_docx(folder / "travel.docx")
    return folder


@pytest.fixture
def settings() -> Settings:
    s = Settings()
    s.ingest.chunk_tokens = 64
    s.ingest.chunk_overlap_tokens = 16
    return s


def test_lifecycle_and_name_validation() -> None:
    create_workspace("Alpha")
    create_workspace("beta 2")
    assert list_workspaces() == ["Alpha", "beta 2"]
    with pytest.raises(WorkspaceError, match="already exists"):
        create_workspace("Alpha")
    for bad in ["../escape", "a/b", ".hidden", "..", "", "x" * 65, "name."]:
        with pytest.raises(WorkspaceError):
            create_workspace(bad)
    rename_workspace("beta 2", "gamma")
    assert list_workspaces() == ["Alpha", "gamma"] and not workspace_exists("beta 2")
    with pytest.raises(WorkspaceError):
        rename_workspace("gamma", "../../etc")
    delete_workspace("gamma")
    assert list_workspaces() == ["Alpha"]
    with pytest.raises(WorkspaceError, match="no workspace"):
        Workspace.open("gamma")


def test_ingest_events_provenance_and_offsets(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    folder = _corpus(tmp_path / "docs")
    create_workspace("w")
    with Workspace.open("w", settings, embedder) as ws:
        events = list(ws.ingest([folder]))
        assert isinstance(events[0], IngestStarted) and events[0].files_total == 4
        assert any(isinstance(e, IngestProgress) and e.chunks_embedded > 0 for e in events)
        finished = events[-1]
        assert isinstance(finished, IngestFinished)
        assert len([e for e in events if isinstance(e, FileFinished)]) == 4
        assert finished.totals["indexed"] == 4 and finished.totals["failed"] == 0
        docs = {Path(d.path).name: d for d in ws.documents()}
        assert docs["report.pdf"].pages == 2 and docs["report.pdf"].kind == "pdf"
        assert docs["handbook.md"].chunks > 3 and len(docs["handbook.md"].sha256 or "") == 64
        # every chunk: page text[char_start:char_end] == chunk text
        rows = ws.catalog.chunks(ws.catalog.chunk_ids())
        for row in rows.values():
            assert ws.page_text(row.document_id, row.page)[row.char_start:row.char_end] == row.text
            hit = ws.get_chunk(f"c{row.id}")
            assert hit is not None and hit.text == row.text and hit.document == row.document
        hits = ws.search("What is the main risk?", k=3)
        assert hits[0].document.endswith("report.pdf") and hits[0].page == 2
        assert hits[0].chunk_id.startswith("c") and hits[0].dense_score > 0 and hits[0].bm25_score > 0
        assert hits[0].score >= hits[-1].score
        assert ws.get_chunk("c999999") is None and ws.get_chunk("nonsense") is None
        with pytest.raises(WorkspaceError):
            ws.page_text(docs["report.pdf"].id, 7)


def test_reingest_skips_unchanged_and_replaces_changed(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    folder = _corpus(tmp_path / "docs")
    create_workspace("w")
    with Workspace.open("w", settings, embedder) as ws:
        _finish(ws, [folder])
        before = {Path(d.path).name: d for d in ws.documents()}
        old_ids = set(ws.catalog.chunk_ids())
        (folder / "oslo.txt").write_text("The Oslo office moved to Bjørvika in 2024 and now hosts 55 engineers.")
        again = _finish(ws, [folder])
        status = {Path(r.path).name: r.status for r in again.results}
        assert status == {"handbook.md": "skipped", "oslo.txt": "indexed", "report.pdf": "skipped",
                          "travel.docx": "skipped"}
        after = {Path(d.path).name: d for d in ws.documents()}
        assert after["oslo.txt"].id == before["oslo.txt"].id and after["oslo.txt"].sha256 != before["oslo.txt"].sha256
        new_ids = set(ws.catalog.chunk_ids())
        assert len(new_ids) == len(old_ids) and new_ids != old_ids
        assert max(new_ids) > max(old_ids)  # ids are never reused
        assert set(ws._vector_index().ids().tolist()) == new_ids
        top = ws.search("How many engineers work in Oslo?", k=1)[0]
        assert "55 engineers" in top.text
        assert all("40 engineers" not in h.text for h in ws.search("Oslo engineers", k=10))


def test_sync_removes_documents_whose_files_are_gone(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    folder = _corpus(tmp_path / "docs")
    other = tmp_path / "other"
    other.mkdir()
    (other / "keep.txt").write_text("Unrelated folder, unrelated facts: the canteen opens at noon.")
    create_workspace("w")
    with Workspace.open("w", settings, embedder) as ws:
        _finish(ws, [folder, other])
        (folder / "report.pdf").unlink()
        (other / "keep.txt").unlink()
        plain = _finish(ws, [folder])
        assert plain.totals["removed"] == 0 and len(ws.documents()) == 5
        synced = _finish(ws, [folder], sync=True)
        removed = [r for r in synced.results if r.status == "removed"]
        assert [Path(r.path).name for r in removed] == ["report.pdf"]  # only under the synced path
        names = sorted(Path(d.path).name for d in ws.documents())
        assert names == ["handbook.md", "keep.txt", "oslo.txt", "travel.docx"]
        assert ws.check(repair=False)["consistent"]
        assert all(not h.document.endswith("report.pdf") for h in ws.search("cloud provider risk", k=10))


def test_workspaces_are_isolated(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "a.txt").write_text("Project Falcon launches its satellite in June.")
    (b / "b.txt").write_text("Project Heron launches its satellite in October.")
    create_workspace("ws-a")
    create_workspace("ws-b")
    with Workspace.open("ws-a", settings, embedder) as wa, Workspace.open("ws-b", settings, embedder) as wb:
        _finish(wa, [a])
        _finish(wb, [b])
        hits_a = wa.search("When does Project Heron launch?", k=10)
        hits_b = wb.search("When does Project Falcon launch?", k=10)
        assert hits_a and all(h.document.endswith("a.txt") for h in hits_a)
        assert hits_b and all(h.document.endswith("b.txt") for h in hits_b)
        # chunk ids are per workspace: the same id names different chunks, never the other's
        assert wa.get_chunk("c1").text != wb.get_chunk("c1").text  # type: ignore[union-attr]


def test_cancel_leaves_workspace_consistent(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(12):
        (folder / f"doc{i:02d}.md").write_text(LONG_MARKDOWN.replace("handbook", f"handbook {i}"))
    settings.ingest.embed_batch_size = 8
    create_workspace("w")
    cancel = CancelToken()
    with Workspace.open("w", settings, embedder) as ws:
        events = []
        for event in ws.ingest([folder], cancel=cancel):
            events.append(event)
            if isinstance(event, FileFinished) and event.result.status == "indexed":
                cancel.cancel()
        finished = events[-1]
        assert isinstance(finished, IngestFinished) and finished.cancelled
        indexed = finished.totals["indexed"]
        assert 1 <= indexed < 12
        report = ws.check(repair=False)
        assert report["consistent"] and report["documents"] == indexed
        # the rest comes in on the next run; nothing is duplicated
        rest = _finish(ws, [folder])
        assert rest.totals["indexed"] == 12 - indexed and len(ws.documents()) == 12


def test_reconcile_on_open_repairs_vectors_and_fts(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    folder = _corpus(tmp_path / "docs")
    create_workspace("w")
    with Workspace.open("w", settings, embedder) as ws:
        _finish(ws, [folder])
        ids = ws.catalog.chunk_ids()
        vectors = ws._vector_index()
        vectors.remove(ids[:5])  # vectors lost (as after a crash between commit and save)
        vectors.add([10_000_001], np.ones((1, embedder.dimension), dtype=np.float32) / np.sqrt(embedder.dimension))
        vectors.save()
        folder_path = ws.folder
    conn = sqlite3.connect(folder_path / "catalog.sqlite3")  # damage the full-text index behind the app's back
    conn.execute("INSERT INTO chunks_fts(chunks_fts, rowid, heading, text) SELECT 'delete', id, heading, text "
                 "FROM chunks WHERE id = ?", (ids[0],))
    conn.commit()
    conn.close()
    with Workspace.open("w", settings, embedder, repair=False) as ws:
        report = ws.check(repair=False)
        assert report["missing_vectors"] == 5 and report["orphan_vectors"] == 1 and not report["fts_ok"]
        assert not report["consistent"]
    with Workspace.open("w", settings, embedder) as ws:
        assert ws.last_check["repaired"] and ws.last_check["fts_rebuilt"]
        assert ws.check(repair=False)["consistent"]
        assert set(ws._vector_index().ids().tolist()) == set(ids)
    (folder_path / INDEX_FILE).write_bytes(b"not a faiss file")  # a corrupt index file is rebuilt too
    with Workspace.open("w", settings, embedder) as ws:
        assert ws.last_check["missing_vectors"] == len(ids)
        assert ws.check(repair=False)["consistent"]
        assert ws.search("single cloud provider", k=1)[0].document.endswith("report.pdf")


def test_chunking_change_rechunks_from_stored_pages(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    folder = _corpus(tmp_path / "docs")
    create_workspace("w")
    with Workspace.open("w", settings, embedder) as ws:
        _finish(ws, [folder])
        before = ws.catalog.chunk_count()
    for f in folder.iterdir():
        f.unlink()  # the files are gone: re-chunking must work from the stored page text
    settings.ingest.chunk_tokens = 32
    settings.ingest.chunk_overlap_tokens = 0
    with Workspace.open("w", settings, embedder) as ws:
        assert ws.catalog.chunk_count() > before
        assert ws.catalog.get_meta("chunking") == ws._chunking_version()
        assert ws.check(repair=False)["consistent"]
        for row in ws.catalog.chunks(ws.catalog.chunk_ids()).values():
            assert ws.page_text(row.document_id, row.page)[row.char_start:row.char_end] == row.text


def test_one_writer_at_a_time(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.txt").write_text("Alpha text about lighthouses.")
    create_workspace("w")
    with Workspace.open("w", settings, embedder) as first, Workspace.open("w", settings, embedder) as second:
        running = first.ingest([tmp_path])
        next(running)  # holds the write lock
        with pytest.raises(WorkspaceError, match="being modified"):
            list(second.ingest([tmp_path]))
        with pytest.raises(WorkspaceError, match="being modified"):
            delete_workspace("w")
        list(running)
        assert second.search("lighthouses", k=1)[0].text == "Alpha text about lighthouses."
        assert _finish(second, [tmp_path]).totals["skipped"] == 1


def test_remove_document(tmp_path: Path, embedder, settings: Settings) -> None:  # type: ignore[no-untyped-def]
    folder = _corpus(tmp_path / "docs")
    create_workspace("w")
    with Workspace.open("w", settings, embedder) as ws:
        _finish(ws, [folder])
        doc = next(d for d in ws.documents() if d.path.endswith("report.pdf"))
        assert ws.remove_document(doc.id) == 2
        assert ws.document(doc.id) is None and ws.check(repair=False)["consistent"]
