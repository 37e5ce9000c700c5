"""Per-workspace history of completed asks, and seed 004's critique metrics over it.

A separate SQLite file (``<workspace>/history.db``) keeps the history apart from the catalog: it is never rebuilt
with the index, and a crash while saving touches only it. Each run is saved in one transaction (insert, then the id
written into the stored response), so a killed process leaves either the whole entry or none. WAL lets the UI read
the list while the CLI writes.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from masis_desktop import paths
from masis_desktop.errors import WorkspaceError

HISTORY_FILE = "history.db"
SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    question TEXT NOT NULL,
    status TEXT NOT NULL,
    confidence REAL NOT NULL DEFAULT 0,
    retries INTEGER NOT NULL DEFAULT 0,
    drafts INTEGER NOT NULL DEFAULT 0,
    hallucinated_drafts INTEGER NOT NULL DEFAULT 0,
    claims INTEGER NOT NULL DEFAULT 0,
    critique_ms REAL NOT NULL DEFAULT 0,
    total_ms REAL NOT NULL DEFAULT 0,
    response TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS runs_created ON runs(created_at);
"""


def _derived(response: dict[str, Any]) -> dict[str, Any]:
    """The columns ``stats`` aggregates, read from the response's trace (one critic entry per draft)."""
    trace = response.get("trace") or []
    critics = [e for e in trace if e.get("node") == "critic"]
    metrics = response.get("metrics") or {}
    return {
        "created_at": response.get("created_at") or "",
        "question": response.get("question") or "",
        "status": response.get("status") or "unknown",
        "confidence": float(response.get("confidence") or 0.0),
        "retries": len(metrics.get("retry_reasons") or []),
        "drafts": len(critics),
        "hallucinated_drafts": sum(1 for e in critics if e.get("hallucination")),
        "claims": sum(int(e.get("claims") or 0) for e in critics),
        "critique_ms": sum(float(e.get("duration_ms") or 0.0) for e in critics),
        "total_ms": float(metrics.get("total_ms") or 0.0),
    }


class History:
    """``History(workspace).add(response) / list() / get(id) / delete(id) / stats()``."""

    def __init__(self, workspace: str, path: Path | None = None) -> None:
        self.workspace = workspace
        self.path = path or paths.workspace_dir(workspace) / HISTORY_FILE

    @contextmanager
    def _connect(self, *, write: bool = False) -> Iterator[sqlite3.Connection]:
        if not write and not self.path.exists():
            conn = sqlite3.connect(":memory:")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                conn = sqlite3.connect(self.path, timeout=10)
            except sqlite3.Error as exc:
                raise WorkspaceError(f"cannot open history {self.path}: {exc}") from exc
        try:
            conn.row_factory = sqlite3.Row
            if write:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")
            conn.executescript(_SCHEMA)
            if conn.execute("PRAGMA user_version").fetchone()[0] == 0:
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            yield conn
        except sqlite3.DatabaseError as exc:
            raise WorkspaceError(f"history {self.path} is unreadable: {exc}") from exc
        finally:
            conn.close()

    def add(self, response: dict[str, Any]) -> int:
        """Save a completed run; returns its id (also written into the stored response)."""
        cols = _derived(response)
        with self._connect(write=True) as conn, conn:
            cur = conn.execute(
                "INSERT INTO runs (created_at, question, status, confidence, retries, drafts, hallucinated_drafts,"
                " claims, critique_ms, total_ms, response) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (*cols.values(), "{}"))
            run_id = int(cur.lastrowid or 0)
            stored = {**response, "id": run_id}
            conn.execute("UPDATE runs SET response = ? WHERE id = ?",
                         (json.dumps(stored, ensure_ascii=False, default=str), run_id))
        return run_id

    def list(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Newest first: id, when, question, status, confidence, retries, and the first line of the answer."""
        sql = ("SELECT id, created_at, question, status, confidence, retries, drafts, total_ms, "
               "json_extract(response, '$.answer') AS answer FROM runs ORDER BY id DESC")
        args: tuple[Any, ...] = ()
        if limit is not None:
            sql += " LIMIT ?"
            args = (limit,)
        with self._connect() as conn:
            rows = conn.execute(sql, args).fetchall()
        out = []
        for r in rows:
            item = dict(r)
            answer = item.pop("answer") or ""
            item["answer_preview"] = answer.strip().splitlines()[0][:160] if answer.strip() else ""
            out.append(item)
        return out

    def get(self, run_id: int) -> dict[str, Any] | None:
        with self._connect() as conn:
            row = conn.execute("SELECT response FROM runs WHERE id = ?", (run_id,)).fetchone()
        return None if row is None else dict(json.loads(row["response"]))

    def delete(self, run_id: int) -> bool:
        if not self.path.exists():
            return False
        with self._connect(write=True) as conn, conn:
            return conn.execute("DELETE FROM runs WHERE id = ?", (run_id,)).rowcount > 0

    def stats(self) -> dict[str, Any]:
        """Seed 004's metrics over this workspace's history.

        * ``critique_hallucination_rate``: share of drafts (critic passes) with a hallucination;
        * ``critique_revision_rate``: share of runs that needed at least one retry;
        * ``critique_latency_ms``: mean critic time per draft (``..._per_run_ms``: per run, all passes);
        * ``critique_confidence_avg``: mean final confidence;
        * ``claims_per_draft``: mean sentences checked per draft.
        """
        with self._connect() as conn:
            r = conn.execute(
                "SELECT COUNT(*) AS runs, COALESCE(SUM(drafts),0) AS drafts, "
                "COALESCE(SUM(hallucinated_drafts),0) AS hall, COALESCE(SUM(retries > 0),0) AS revised, "
                "COALESCE(SUM(claims),0) AS claims, COALESCE(SUM(critique_ms),0) AS cms, AVG(confidence) AS conf, "
                "COALESCE(SUM(status = 'success'),0) AS ok, COALESCE(SUM(status = 'needs_clarification'),0) AS hitl,"
                " AVG(total_ms) AS total FROM runs").fetchone()
        runs, drafts = int(r["runs"]), int(r["drafts"])

        def ratio(a: float, b: float) -> float | None:
            return round(a / b, 4) if b else None

        return {
            "workspace": self.workspace,
            "runs": runs,
            "drafts": drafts,
            "critique_hallucination_rate": ratio(r["hall"], drafts),
            "critique_revision_rate": ratio(r["revised"], runs),
            "critique_latency_ms": round(r["cms"] / drafts, 1) if drafts else None,
            "critique_latency_per_run_ms": round(r["cms"] / runs, 1) if runs else None,
            "critique_confidence_avg": None if r["conf"] is None else round(float(r["conf"]), 4),
            "claims_per_draft": ratio(r["claims"], drafts),
            "success": int(r["ok"]),
            "needs_clarification": int(r["hitl"]),
            "hitl_rate": ratio(r["hitl"], runs),
            "mean_total_ms": None if r["total"] is None else round(float(r["total"]), 1),
        }
