"""``masis workspace|ingest|search``: human and JSON output, exit codes, and recovery from SIGKILL mid-ingest."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from masis_desktop.cli.main import main
from masis_desktop.core.store.workspace import Workspace
from masis_desktop.settings import Settings, save_settings
from tests.core.ingest_fixtures import LONG_MARKDOWN, make_pdf


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main(argv)
    return code, json.loads(capsys.readouterr().out)


def test_workspace_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["workspace", "create", "Research"]) == 0
    assert "created workspace 'Research'" in capsys.readouterr().out
    assert main(["workspace", "create", "Research"]) == 4
    assert "already exists" in capsys.readouterr().err
    assert main(["workspace", "create", "../outside"]) == 4
    assert "invalid workspace name" in capsys.readouterr().err
    code, listing = _json(capsys, ["workspace", "list", "--json"])
    assert code == 0 and [w["name"] for w in listing["workspaces"]] == ["Research"]
    assert main(["workspace", "rename", "Research", "Archive"]) == 0
    capsys.readouterr()
    main(["workspace", "list"])
    assert capsys.readouterr().out.startswith("Archive")
    code, report = _json(capsys, ["workspace", "check", "Archive", "--json"])
    assert code == 0 and report["consistent"] and report["chunks"] == 0
    assert main(["workspace", "delete", "Archive", "--yes"]) == 0
    capsys.readouterr()
    assert main(["workspace", "delete", "Archive", "--yes"]) == 4
    assert main(["search", "nope", "anything"]) == 4
    assert "no workspace named 'nope'" in capsys.readouterr().err


def test_ingest_and_search_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], embedder) -> None:  # type: ignore[no-untyped-def]
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "handbook.md").write_text(LONG_MARKDOWN)
    make_pdf(docs / "report.pdf", [["Revenue grew 12% in 2025."], ["The main risk is a single cloud provider."]])
    (docs / "broken.pdf").write_bytes(b"%PDF-1.7\n garbage")
    assert main(["ingest", "Research", str(docs)]) == 4  # no such workspace and no --create
    capsys.readouterr()
    code, result = _json(capsys, ["ingest", "Research", str(docs), "--create", "--json"])
    assert code == 1  # one file failed, the rest is indexed
    by_name = {Path(d["path"]).name: d for d in result["documents"]}
    assert by_name["handbook.md"]["status"] == "indexed" and by_name["handbook.md"]["chunks"] >= 2
    assert by_name["report.pdf"] == {"path": str(docs / "report.pdf"), "status": "indexed", "error": None,
                                     "chunks": 2, "pages": 2}
    assert by_name["broken.pdf"]["status"] == "failed" and "PDF" in by_name["broken.pdf"]["error"]
    assert result["totals"]["indexed"] == 2 and result["totals"]["failed"] == 1 and not result["cancelled"]

    (docs / "broken.pdf").unlink()
    code, again = _json(capsys, ["ingest", "Research", str(docs), "--sync", "--json"])
    assert code == 0
    assert sorted(d["status"] for d in again["documents"]) == ["removed", "skipped", "skipped"]

    code, found = _json(capsys, ["search", "Research", "What is the main risk?", "--k", "3", "--json"])
    assert code == 0 and len(found["hits"]) == 3
    top = found["hits"][0]
    assert set(top) >= {"chunk_id", "document", "page", "char_start", "char_end", "text", "dense_score",
                        "bm25_score", "score", "relevance"}
    assert top["document"].endswith("report.pdf") and top["page"] == 2 and top["chunk_id"].startswith("c")
    assert top["relevance"] >= 0.6
    assert main(["search", "Research", "severity one incident", "--k", "2"]) == 0
    out = capsys.readouterr().out
    assert "handbook.md" in out and "relevance" in out


@pytest.mark.slow
def test_sigkill_mid_ingest_then_rerun_recovers(tmp_path: Path, masis_home: Path) -> None:
    docs = tmp_path / "corpus"
    docs.mkdir()
    total = 36
    for i in range(total):
        body = LONG_MARKDOWN.replace("Incident response handbook", f"Incident response handbook volume {i}")
        (docs / f"vol{i:02d}.md").write_text(body + f"\n\nVolume {i} is owned by the Zephyr{i} team.\n")
    settings = Settings()
    settings.ingest.embed_batch_size = 4  # small batches: documents commit one by one while the kill lands
    save_settings(settings)
    env = {**os.environ, "MASIS_HOME": str(masis_home)}
    cmd = [sys.executable, "-m", "masis_desktop.cli.main", "ingest", "crash", str(docs), "--create", "--json"]
    catalog = masis_home / "workspaces" / "crash" / "catalog.sqlite3"

    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    indexed_at_kill = 0
    deadline = time.monotonic() + 300
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if catalog.exists():
                try:
                    with sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=1) as conn:
                        indexed_at_kill = conn.execute(
                            "SELECT count(*) FROM documents WHERE status = 'indexed'").fetchone()[0]
                except sqlite3.Error:
                    indexed_at_kill = 0
                if indexed_at_kill >= 3:
                    break
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert 3 <= indexed_at_kill < total, "the kill must land mid-run"

    rerun = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    result = json.loads(rerun.stdout)
    statuses = [d["status"] for d in result["documents"]]
    assert statuses.count("skipped") >= 3 and statuses.count("failed") == 0
    assert statuses.count("indexed") + statuses.count("skipped") == total

    with Workspace.open("crash", settings) as ws:
        docs_info = ws.documents()
        assert len(docs_info) == total and len({d.path for d in docs_info}) == total
        assert all(d.status == "indexed" and d.chunks > 0 for d in docs_info)
        rows = ws.catalog.chunks(ws.catalog.chunk_ids()).values()
        per_doc: dict[int, list[int]] = {}
        for row in rows:
            per_doc.setdefault(row.document_id, []).append(row.ordinal)
        for doc in docs_info:  # every document exactly once: one contiguous run of ordinals, no duplicates
            assert sorted(per_doc[doc.id]) == list(range(doc.chunks))
        report = ws.check(repair=False)
        assert report["consistent"] and report["vectors"] == report["chunks"]
        hit = ws.search("Which team owns volume 27?", k=3)
        assert any("Zephyr27" in h.text for h in hit)
