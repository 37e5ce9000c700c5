"""Per-workspace history: save, list, get, delete, seed 004 stats, and no half-written entry after SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.core.history import History


def response(question: str, *, status: str = "success", confidence: float = 0.8,
             critics: list[dict[str, Any]] | None = None, retries: int = 0) -> dict[str, Any]:
    critics = critics if critics is not None else [{"node": "critic", "hallucination": False, "claims": 3,
                                                    "duration_ms": 1000.0}]
    return {"id": None, "created_at": "2026-10-01T10:00:00+00:00", "question": question, "workspace": "ws",
            "status": status, "answer": f"Answer to {question}\nsecond line", "confidence": confidence,
            "trace": [{"node": "researcher"}, *critics],
            "metrics": {"retry_reasons": [{"iteration": i + 1} for i in range(retries)], "total_ms": 5000.0}}


def test_add_list_get_delete() -> None:
    h = History("ws")
    assert h.list() == [] and h.get(1) is None and h.delete(1) is False
    first = h.add(response("first?"))
    second = h.add(response("second?", status="needs_clarification", confidence=0.3))
    assert (first, second) == (1, 2)
    rows = h.list()
    assert [r["id"] for r in rows] == [2, 1] and rows[1]["answer_preview"] == "Answer to first?"
    assert rows[0]["status"] == "needs_clarification" and rows[0]["confidence"] == 0.3
    assert h.list(limit=1)[0]["id"] == 2
    saved = h.get(first)
    assert saved is not None and saved["id"] == first and saved["question"] == "first?"
    assert h.delete(first) is True and h.get(first) is None and len(h.list()) == 1
    assert (h.path.parent.name, h.path.name) == ("ws", "history.db")


def test_stats_are_seed_004_metrics() -> None:
    h = History("ws")
    assert h.stats()["runs"] == 0 and h.stats()["critique_hallucination_rate"] is None
    h.add(response("a", confidence=0.9))
    h.add(response("b", confidence=0.5, retries=1, status="needs_clarification", critics=[
        {"node": "critic", "hallucination": True, "claims": 4, "duration_ms": 3000.0},
        {"node": "critic", "hallucination": False, "claims": 2, "duration_ms": 2000.0}]))
    s = h.stats()
    assert s["runs"] == 2 and s["drafts"] == 3
    assert s["critique_hallucination_rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert s["critique_revision_rate"] == 0.5
    assert s["critique_latency_ms"] == pytest.approx(2000.0)
    assert s["critique_latency_per_run_ms"] == pytest.approx(3000.0)
    assert s["critique_confidence_avg"] == pytest.approx(0.7)
    assert s["claims_per_draft"] == pytest.approx(3.0)
    assert (s["success"], s["needs_clarification"], s["hitl_rate"]) == (1, 1, 0.5)


WRITER = """
import sys
from masis_desktop.core.history import History
h = History("ws")
big = "x" * 200_000
i = 0
while True:
    h.add({"question": f"q{i}", "status": "success", "confidence": 0.5, "answer": big, "trace": [], "metrics": {}})
    i += 1
    if i == 3:
        print("ready", flush=True)
"""


@pytest.mark.slow
def test_sigkill_never_leaves_a_half_written_entry(masis_home: Path) -> None:
    env = {**os.environ, "MASIS_HOME": str(masis_home)}
    proc = subprocess.Popen([sys.executable, "-c", WRITER], stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(0.3)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    h = History("ws")
    rows = h.list()
    assert len(rows) >= 3
    for row in rows:
        run = h.get(row["id"])
        assert run is not None and run["id"] == row["id"] and len(run["answer"]) == 200_000
    assert json.dumps(h.stats())
