"""Helpers shared by the reliability suite: subprocess runs with their own peak memory, catalog invariants, figures.

Figures (inputs tried, outcomes, kills survived, faults injected, times, memory) are written, one section per
test, into
``artifacts/reliability/figures.json`` (or ``$MASIS_RELIABILITY_FIGURES``) as the tests run; docs/RELIABILITY.md
reports them. Tests never assert timings; memory bounds are asserted because "memory stays bounded" is the
requirement, and they are generous.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from masis_desktop.core.store.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]


def figures_path() -> Path:
    env = os.environ.get("MASIS_RELIABILITY_FIGURES")
    return Path(env) if env else REPO / "artifacts" / "reliability" / "figures.json"


def record(section: str, **values: Any) -> None:
    """Replace ``section`` of the figures file with ``values`` (best effort: a read-only checkout is fine)."""
    path = figures_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except (OSError, ValueError):
        data = {}
    data[section] = {**values, "recorded_at": time.strftime("%Y-%m-%d %H:%M:%S")}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False, default=str), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass


@dataclass
class Finished:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_rss_mb: float  # of this child alone (os.wait4), not of earlier children


def run_measured(cmd: list[str], *, env: dict[str, str] | None = None, timeout: float = 600) -> Finished:
    """Run ``cmd`` (built with ``cli_with_peak`` or ``script_with_peak``) to completion; its peak RSS is the one it
    printed itself at exit (``RUSAGE_CHILDREN`` would mix in every earlier child of the test process)."""
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"{cmd[:4]} did not finish in {timeout} s") from exc
    err = proc.stderr.decode("utf-8", errors="replace")
    peak = _peak_from_stderr(err)
    return Finished(proc.returncode, proc.stdout.decode("utf-8", errors="replace"), err,
                    time.monotonic() - start, -1.0 if peak is None else peak)


PEAK_MARK = "MASIS_PEAK_RSS_KB="


def _peak_from_stderr(err: str) -> float | None:
    for line in reversed(err.splitlines()):
        if line.startswith(PEAK_MARK):
            return int(line[len(PEAK_MARK):]) / 1024
    return None


def cli_with_peak(args: list[str]) -> list[str]:
    """``python -c`` running ``masis ARGS`` and printing its own peak RSS on stderr at exit (even on errors)."""
    # VmHWM, not ru_maxrss: at exec Linux folds the old address space's high-water mark (the forking test process,
    # gigabytes once models are loaded) into the new process's ru_maxrss, so it measured the parent, not the child.
    code = (
        "import atexit, sys\n"
        "def _hwm():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM:'):\n"
        "            return int(line.split()[1])\n"
        "    import resource\n"
        "    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        f"atexit.register(lambda: print('{PEAK_MARK}%d' % _hwm(), file=sys.stderr, flush=True))\n"
        "from masis_desktop.cli.main import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    return [sys.executable, "-c", code, *args]


def child_env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "MASIS_HOME": str(home), "PYTHONPATH": str(REPO), **extra}


def assert_catalog_invariants(ws: Workspace) -> dict[str, int]:
    """Every document exactly once, complete, and in agreement with FAISS and FTS5 (no repair allowed)."""
    docs = ws.documents()
    paths = [d.path for d in docs]
    assert len(paths) == len(set(paths)), "a document is listed twice"
    rows = ws.catalog.chunks(ws.catalog.chunk_ids())
    per_doc: dict[int, list[int]] = {}
    for row in rows.values():
        per_doc.setdefault(row.document_id, []).append(row.ordinal)
        page = ws.page_text(row.document_id, row.page)
        assert page[row.char_start:row.char_end] == row.text, f"chunk c{row.id} does not match its page text"
    for doc in docs:
        ordinals = sorted(per_doc.get(doc.id, []))
        if doc.status == "indexed":
            assert ordinals == list(range(doc.chunks)) and doc.chunks > 0, (doc.path, ordinals, doc.chunks)
        else:
            assert ordinals == [], f"{doc.path} is {doc.status} but has chunks"
    report = ws.check(repair=False)
    assert report["consistent"], report
    assert report["vectors"] == report["chunks"] == len(rows), report
    return {"documents": len(docs), "chunks": len(rows)}
