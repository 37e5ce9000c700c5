"""Crash safety: SIGKILL at seeded random points of real ``masis ingest`` / ``masis ask`` processes.

Ingest: 20 kills, each on a corpus that changed since the previous run (documents edited, added and deleted, run
with ``--sync``), so kills land in opening/repair, reading, embedding, commits, replacements, removals and the
final FAISS save. After every kill ``masis workspace check NAME`` repairs, and then, with no repair allowed, every
document is present exactly once, complete, at a version its file really had, and catalog, FAISS and FTS5 agree.
A last run without a kill must leave exactly the files on disk, at their current content.

Ask: kills at seeded points of a real ``masis ask`` (tiny model in every role) must leave the history readable
with only complete entries, settings unchanged, and the workspace untouched.

Children are forked from a server that imported the app once (``forkserver.py``); kills go to the child's pid.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from masis_desktop.cli.main import main
from masis_desktop.core.history import History
from masis_desktop.core.store.workspace import Workspace
from masis_desktop.settings import Settings, save_settings
from tests.conftest import use_tiny_model_for_all_roles
from tests.core.ingest_fixtures import LONG_MARKDOWN
from tests.reliability.forkserver import ForkServer, kill
from tests.reliability.support import assert_catalog_invariants, child_env, record

SEED = 8
KILLS = 20
WORKSPACE_FILES = {"catalog.sqlite3", "catalog.sqlite3-wal", "catalog.sqlite3-shm", "vectors.faiss", "write.lock",
                   "history.db", "history.db-wal", "history.db-shm"}


def _doc(i: int, revision: int) -> str:
    body = LONG_MARKDOWN.replace("Incident response handbook", f"Incident response handbook volume {i}")
    return (body + f"\n\n## Ownership\n\nVolume {i} (revision {revision}) is owned by the Zephyr{i} team; "
            f"its budget is {1000 + 37 * i + revision} credits.\n")


class Corpus:
    """A folder whose documents change between runs; remembers every content each path ever had."""

    def __init__(self, folder: Path, rng: random.Random) -> None:
        self.folder = folder
        self.rng = rng
        self.revision: dict[int, int] = {}
        self.versions: dict[str, set[str]] = {}
        self.next_id = 0
        folder.mkdir(parents=True)

    def path(self, i: int) -> Path:
        return self.folder / f"vol{i:03d}.md"

    def write(self, i: int) -> None:
        self.revision[i] = self.revision.get(i, -1) + 1
        data = _doc(i, self.revision[i]).encode()
        self.path(i).write_bytes(data)
        self.versions.setdefault(str(self.path(i)), set()).add(hashlib.sha256(data).hexdigest())

    def add(self) -> None:
        self.write(self.next_id)
        self.next_id += 1

    def mutate(self) -> dict[str, int]:
        live = sorted(self.revision)
        edited = self.rng.sample(live, 6)
        for i in edited:
            self.write(i)
        self.add()
        deleted = 0
        if len(self.revision) > 12:
            gone = self.rng.choice(sorted(set(self.revision) - set(edited)))
            self.path(gone).unlink()
            del self.revision[gone]
            deleted = 1
        return {"edited": len(edited), "added": 1, "deleted": deleted}

    def current(self) -> dict[str, str]:
        return {str(self.path(i)): hashlib.sha256(self.path(i).read_bytes()).hexdigest() for i in self.revision}


def _check(name: str) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["workspace", "check", name, "--json"])
    return code, json.loads(out.getvalue())


def _phase(log: Path) -> str:
    """Where the kill landed, from what the child had printed (stderr: "ingesting N file(s)", one line per file)."""
    text = log.read_text(errors="replace") if log.exists() else ""
    m = re.search(r"ingesting (\d+) file", text)
    if m is None:
        return "opening: encoder load, reconcile and repair"
    done = len(re.findall(r"^\[\s*(indexed|skipped|failed|removed)\]", text, re.M))
    if done == 0:
        return "discovery, reading and embedding the first files"
    if done < int(m.group(1)):
        return "mid-ingest: embedding, commits, replacements"
    if re.search(r"^\d+ indexed, ", text, re.M):
        return "after the summary: closing"
    return "sync removals and the final FAISS save"


def _wait_for(log: Path, marker: str, pid: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and ForkServer.alive(pid):
        if log.exists() and marker in log.read_text(errors="replace"):
            return
        time.sleep(0.01)


def _timed_run(server: ForkServer, argv: list[str], log: Path) -> tuple[float, float]:
    """Run to completion; return (seconds until "ingesting" was printed, seconds after it)."""
    start = time.monotonic()
    pid = server.spawn(argv, log)
    _wait_for(log, "ingesting ", pid)
    began = time.monotonic()
    assert server.reap(pid) == {"code": 0}, log.read_text()
    return began - start, time.monotonic() - began


def test_twenty_sigkills_during_ingest_then_check_repairs(tmp_path: Path, masis_home: Path, encoder) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(SEED)
    corpus = Corpus(tmp_path / "corpus", rng)
    for _ in range(12):
        corpus.add()
    settings = Settings()
    settings.ingest.embed_batch_size = 2  # flush and commit every 8 chunks (~3 documents): several per run
    save_settings(settings)
    logs = tmp_path / "logs"
    logs.mkdir()
    argv = ["ingest", "crash", str(corpus.folder), "--sync"]
    checks: list[dict[str, Any]] = []
    phases: dict[str, int] = {}
    changes = {"edited": 0, "added": 12, "deleted": 0}
    kills = finished_first = 0
    with ForkServer(child_env(masis_home)) as server:
        opening, ingesting = _timed_run(server, ["ingest", "crash", str(corpus.folder), "--create"],
                                        logs / "calibration.log")
        attempt = 0
        while kills < KILLS:
            attempt += 1
            assert attempt <= 3 * KILLS, "the kills keep missing the run"
            for key, n in corpus.mutate().items():
                changes[key] += n
            log = logs / f"run{attempt:02d}.log"
            pid = server.spawn(argv, log)
            # A quarter of the kills anywhere from the start (opening, repair of the previous kill's damage), the
            # rest once the ingest itself has begun, up to a little past its expected end (the final save). The
            # expected length follows the runs that ended before their kill (later runs change fewer files).
            began = time.monotonic()
            if rng.random() < 0.25:
                time.sleep(rng.uniform(0.0, opening + ingesting))
            else:
                _wait_for(log, "ingesting ", pid)
                began = time.monotonic()
                time.sleep(rng.uniform(0.0, 1.1 * ingesting))
            if not kill(pid):
                finished_first += 1
                assert server.reap(pid) == {"code": 0}, log.read_text()
                ingesting = max(0.05, min(ingesting, 0.9 * (time.monotonic() - began)))
                continue
            assert server.reap(pid) == {"signal": 9}
            kills += 1
            phase = _phase(log)
            phases[phase] = phases.get(phase, 0) + 1
            code, report = _check("crash")
            assert code == 0 and report["consistent"], report
            checks.append(report)
            with Workspace.open("crash", settings, encoder, repair=False) as ws:
                assert_catalog_invariants(ws)
                for doc in ws.documents():  # a version its file really had, never a mix
                    assert doc.sha256 in corpus.versions[doc.path], doc.path
                leftovers = sorted(p.name for p in ws.folder.iterdir() if p.name not in WORKSPACE_FILES)
                assert not leftovers, f"files left behind by the kill: {leftovers}"
        # A last run without a kill: exactly the files on disk, at their current content.
        pid = server.spawn(argv, logs / "final.log")
        assert server.reap(pid) == {"code": 0}, (logs / "final.log").read_text()
    with Workspace.open("crash", settings, encoder, repair=False) as ws:
        figures = assert_catalog_invariants(ws)
        current = corpus.current()
        assert {d.path: d.sha256 for d in ws.documents()} == current
        for i in rng.sample(sorted(corpus.revision), 3):
            hits = ws.search(f"Which team owns volume {i} and what is its budget?", k=5)
            assert any(f"Volume {i} (revision {corpus.revision[i]})" in h.text for h in hits), i
    record("sigkill_ingest", kills=kills, runs_that_finished_before_the_kill=finished_first,
           calibration_seconds={"opening": round(opening, 2), "ingesting": round(ingesting, 2)},
           kill_phases=phases, corpus_changes=changes,
           final_documents=figures["documents"], final_chunks=figures["chunks"],
           repairs={"checks_that_found_damage": sum(1 for c in checks if c["repaired"]),
                    "missing_vectors_reembedded": sum(c["missing_vectors"] for c in checks),
                    "orphan_vectors_dropped": sum(c["orphan_vectors"] for c in checks),
                    "fts_rebuilds": sum(1 for c in checks if c.get("fts_rebuilt")),
                    "document_counts_fixed": sum(c.get("fixed_document_counts", 0) for c in checks)},
           documents_lost_or_duplicated=0)


def _history_intact(home: Path, before: int, *, killed: bool = False) -> int:
    """The history after one more run: a finished run added exactly one complete entry; a killed run added none, or
    one complete entry when the kill landed after its commit (while printing or exiting). Never a partial entry."""
    conn = sqlite3.connect(home / "workspaces" / "hb" / "history.db")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    rows = History("hb").list()
    allowed = (before, before + 1) if killed else (before,)
    assert len(rows) in allowed, (len(rows), allowed)
    for row in rows:
        run = History("hb").get(row["id"])
        assert run is not None and run["id"] == row["id"] and run["answer"] and run["trace"][-1]["node"] == "evaluator"
    return len(rows)


def test_sigkill_during_ask_leaves_nothing_half_written(tmp_path: Path, masis_home: Path, encoder) -> None:  # type: ignore[no-untyped-def]
    """Paced stand-in models make a run last ~1-2 s, so 8 seeded kills cover it end to end (half of them in the
    last fifth, where the history is written); one more kill lands in a real llama.cpp generation."""
    rng = random.Random(SEED + 1)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "handbook.md").write_text("# Handbook\n\nThe upload timeout is 60 seconds for every plan. Support "
                                      "answers within two business days.\n", "utf-8")
    use_tiny_model_for_all_roles()  # real, verified model files behind every role
    settings_file = masis_home / "config" / "settings.json"
    settings_text = settings_file.read_text("utf-8")
    logs = tmp_path / "logs"
    logs.mkdir()
    argv = ["ask", "hb", "What is the upload timeout?", "--max-retries", "0"]
    kills = finished = 0
    landed: list[float] = []
    with ForkServer(child_env(masis_home)) as server:
        pid = server.spawn(["ingest", "hb", str(docs), "--create"], logs / "ingest.log")
        assert server.reap(pid) == {"code": 0}
        start = time.monotonic()
        pid = server.spawn(argv, logs / "calibration.log", paced_models=True)
        assert server.reap(pid) == {"code": 0}, (logs / "calibration.log").read_text()[-2000:]
        full = time.monotonic() - start
        saved = _history_intact(masis_home, 1)
        committed_then_killed = 0
        # kills anywhere in a run alternate with kills in its last fifth (where the history is written); a run that
        # finishes first (the machine was busier during the calibration run) just means another draw, up to 20
        n = 0
        while kills < 8 and n < 20:
            delay = rng.uniform(0.0, full) if n % 2 == 0 else rng.uniform(0.8 * full, 1.05 * full)
            n += 1
            log = logs / f"ask{n:02d}.log"
            pid = server.spawn(argv, log, paced_models=True)
            time.sleep(delay)
            if kill(pid):
                assert server.reap(pid) == {"signal": 9}
                kills += 1
                landed.append(round(delay / full, 2))
                now = _history_intact(masis_home, saved, killed=True)
                committed_then_killed += now - saved
            else:
                assert server.reap(pid) == {"code": 0}, log.read_text()[-2000:]
                finished += 1
                now = _history_intact(masis_home, saved + 1)
            saved = now
            assert settings_file.read_text("utf-8") == settings_text
            assert [p.name for p in settings_file.parent.iterdir()] == ["settings.json"]
        # One kill inside a real llama.cpp generation (SmolLM2 streaming the draft).
        log = logs / "real-model.log"
        pid = server.spawn(argv, log)
        _wait_for(log, "-- writing", pid, timeout=300)
        time.sleep(0.5)
        assert kill(pid), log.read_text()[-2000:]
        assert server.reap(pid) == {"signal": 9}
        assert _history_intact(masis_home, saved, killed=True) == saved  # killed mid-generation: nothing saved
        assert settings_file.read_text("utf-8") == settings_text
    with Workspace.open("hb", Settings(), encoder, repair=False) as ws:
        assert_catalog_invariants(ws)
        leftovers = sorted(p.name for p in ws.folder.iterdir() if p.name not in WORKSPACE_FILES)
        assert not leftovers, leftovers
    assert kills >= 7
    record("sigkill_ask", kills=kills + 1, kills_with_paced_models=kills, kills_inside_llama_cpp_generation=1,
           finished_before_the_kill=finished, paced_run_seconds=round(full, 2),
           kill_points_as_fraction_of_a_full_run=sorted(landed), history_entries=saved,
           kills_after_the_history_commit=committed_then_killed, half_written_entries=0, settings_changed=False)


def test_check_removes_the_temp_file_a_kill_during_save_leaves(tmp_path: Path, encoder) -> None:  # type: ignore[no-untyped-def]
    """A kill inside ``VectorIndex.save`` leaves its ``mkstemp`` file (as large as the index) behind for good."""
    (tmp_path / "a.txt").write_text("The Garganey weir is 12 metres wide.", "utf-8")
    assert main(["ingest", "leak", str(tmp_path / "a.txt"), "--create", "--json"]) == 0
    with Workspace.open("leak", Settings(), encoder, repair=False) as ws:
        folder = ws.folder
    stale = folder / ".faiss.k2v9q1.tmp"
    stale.write_bytes(random.Random(SEED).randbytes(1 << 20))  # what mkstemp + a partial write_index leave
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["workspace", "check", "leak", "--no-repair", "--json"]) == 0
    assert json.loads(out.getvalue())["temp_files"] == 1
    code, report = _check("leak")
    assert code == 0 and report["consistent"] and report["temp_files_removed"] == 1
    assert not stale.exists()
    with Workspace.open("leak", Settings(), encoder, repair=False) as ws:
        assert_catalog_invariants(ws)
