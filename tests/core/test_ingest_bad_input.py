"""Bad input never crashes a batch: every problem file is reported by name with a clear reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from masis_desktop.core.events import FileResult, IngestFinished
from masis_desktop.core.ingest import ingestion
from masis_desktop.core.store.workspace import Workspace, create_workspace
from masis_desktop.settings import Settings
from tests.core.ingest_fixtures import make_encrypted_pdf, make_pdf, make_scanned_pdf


def _run(ws: Workspace, paths: list[Path]) -> dict[str, FileResult]:
    events = list(ws.ingest(paths))
    finished = events[-1]
    assert isinstance(finished, IngestFinished) and not finished.cancelled
    return {Path(r.path).name: r for r in finished.results}


def test_bad_files_are_reported_and_the_rest_indexes(tmp_path: Path, embedder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "inbox"
    folder.mkdir()
    good = make_pdf(folder / "good.pdf", [["The Lisbon warehouse ships 300 parcels a day."]])
    data = good.read_bytes()
    (folder / "truncated.pdf").write_bytes(data[: len(data) // 3])
    garbled = bytearray(data)
    garbled[9:400] = os.urandom(391)
    (folder / "garbled.pdf").write_bytes(bytes(garbled))
    make_encrypted_pdf(folder / "locked.pdf", good)
    make_scanned_pdf(folder / "scan.pdf")
    (folder / "empty.txt").write_bytes(b"")
    (folder / "blank.md").write_text("   \n\n  \n")
    (folder / "huge.txt").write_bytes(b"lots of words " * 200_000)  # 2.8 MB > the 1 MB limit below
    (folder / "secret.txt").write_text("classified plans")
    (folder / "latin1.txt").write_bytes("Gr\xfc\xdfe aus M\xfcnchen, sch\xf6ne Stra\xdfe. ".encode("latin-1") * 20)
    (folder / "noise.txt").write_bytes(os.urandom(3000).replace(b"\x00", b"\x07"))
    (folder / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0" + os.urandom(500))
    (folder / "program.txt").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4)
    (folder / "self-loop.txt").symlink_to(folder / "self-loop.txt")
    (folder / "dangling.md").symlink_to(folder / "missing-target.md")
    (folder / "sub").mkdir()
    (folder / "sub" / "note.md").write_text("# Note\n\nThe loop below must not hang the walk.")
    (folder / "sub" / "back-to-top").symlink_to(folder, target_is_directory=True)

    secret = folder / "secret.txt"
    if os.geteuid() == 0:  # root reads anything: make the open itself fail as it would for a user
        real_open = open

        def guarded_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
            if Path(file) == secret.resolve():
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(ingestion, "open", guarded_open, raising=False)
    else:
        secret.chmod(0)

    settings = Settings()
    settings.ingest.max_file_mb = 1.0
    create_workspace("bad")
    with Workspace.open("bad", settings, embedder) as ws:
        results = _run(ws, [folder])
        assert results["good.pdf"].status == "indexed" and results["good.pdf"].chunks == 1
        assert results["note.md"].status == "indexed"
        assert results["latin1.txt"].status == "indexed"
        expected = {
            "truncated.pdf": ("failed", "corrupt or truncated PDF"),
            "garbled.pdf": ("failed", "PDF"),
            "locked.pdf": ("failed", "encrypted PDF"),
            "scan.pdf": ("failed", "scanned"),
            "empty.txt": ("skipped", "empty file"),
            "blank.md": ("skipped", "no text content"),
            "huge.txt": ("skipped", "too large"),
            "secret.txt": ("failed", "permission denied"),
            "photo.jpg": ("skipped", "unsupported file type"),
            "program.txt": ("skipped", "binary content"),
            "self-loop.txt": ("failed", "symlink loop"),
            "dangling.md": ("failed", "broken symlink"),
            "back-to-top": ("skipped", "symlink loop"),
        }
        for name, (status, reason) in expected.items():
            assert name in results, name
            assert results[name].status == status, (name, results[name])
            assert reason in (results[name].error or ""), (name, results[name])
        assert results["noise.txt"].status in ("skipped", "failed") and results["noise.txt"].error
        # the problem files are listed with their reasons; only readable ones have chunks
        docs = {Path(d.path).name: d for d in ws.documents()}
        assert docs["locked.pdf"].status == "failed" and "encrypted" in (docs["locked.pdf"].error or "")
        assert docs["good.pdf"].status == "indexed" and docs["good.pdf"].pages == 1
        assert ws.search("how many parcels does the warehouse ship", k=3)[0].document.endswith("good.pdf")

        # a second run does not re-read unchanged problem files and reports the same reasons
        again = _run(ws, [folder])
        assert again["locked.pdf"].status == "failed" and "encrypted" in (again["locked.pdf"].error or "")
        assert again["good.pdf"].status == "skipped" and again["good.pdf"].error == "unchanged since the last ingest"


def test_missing_path_and_reader_crash_are_contained(tmp_path: Path, embedder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "ok.txt").write_text("Solar panels on the roof produce 40 kW at noon.")
    (tmp_path / "boom.md").write_text("# Boom\n\nThis reader will crash.")

    from masis_desktop.core.ingest.readers import text_reader

    def explode(self, path, data):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("reader bug")

    monkeypatch.setattr(text_reader.MarkdownReader, "read", explode)
    create_workspace("contained")
    with Workspace.open("contained", Settings(), embedder) as ws:
        results = _run(ws, [tmp_path / "does-not-exist", tmp_path])
    assert results["does-not-exist"].status == "failed" and "no such file" in (results["does-not-exist"].error or "")
    assert results["boom.md"].status == "failed" and "ZeroDivisionError: reader bug" in (results["boom.md"].error or "")
    assert results["ok.txt"].status == "indexed"


@pytest.mark.parametrize("limit_mb", [0.001])
def test_oversized_limit_is_configurable(tmp_path: Path, embedder, limit_mb: float) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.txt").write_text("x " * 1000)
    settings = Settings()
    settings.ingest.max_file_mb = limit_mb
    create_workspace("limits")
    with Workspace.open("limits", settings, embedder) as ws:
        result = _run(ws, [tmp_path / "a.txt"])["a.txt"]
    assert result.status == "skipped" and "ingest.max_file_mb" in (result.error or "")
