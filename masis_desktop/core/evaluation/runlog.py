"""Per-item results next to the report (``REPORT.items.jsonl``), so an interrupted run resumes where it stopped.

The first line is a header naming the mode, the dataset's sha256 and the configuration (models, settings, judge).
A resumed run only reuses results whose header matches exactly, and re-runs items that failed. Each result is
one line, flushed and fsynced as soon as the item finishes; a half-written last line (a crash mid-write) is cut.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from masis_desktop.errors import MasisError

FORMAT = "masis-eval-results/1"


class ResultsLogError(MasisError):
    """The results file belongs to another run, or cannot be read or written."""

    exit_code = 2


def results_path_for(report_path: Path) -> Path:
    """``out/REPORT.json`` -> ``out/REPORT.items.jsonl``."""
    stem = report_path.name[: -len(report_path.suffix)] if report_path.suffix else report_path.name
    return report_path.with_name(f"{stem}.items.jsonl")


class ResultsLog:
    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        # JSON round trip, so the in-memory header compares equal to the one read back from disk
        self.header: dict[str, Any] = json.loads(json.dumps({"format": FORMAT, **header}, ensure_ascii=False))

    def open(self, *, resume: bool) -> dict[str, dict[str, Any]]:
        """Start the log and return the finished results to reuse (item id -> result), empty unless resuming."""
        done: dict[str, dict[str, Any]] = {}
        if resume and self.path.exists():
            done = self._load()
        else:
            self._write_fresh()
        return done

    def _write_fresh(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(self.header, ensure_ascii=False) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:
            raise ResultsLogError(f"cannot write {self.path}: {exc.strerror or exc}") from exc

    def _load(self) -> dict[str, dict[str, Any]]:
        try:
            data = self.path.read_bytes()
        except OSError as exc:
            raise ResultsLogError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
        if not data.strip():
            self._write_fresh()
            return {}
        if not data.endswith(b"\n"):  # the last write was interrupted: drop the partial line
            cut = data.rfind(b"\n") + 1
            data = data[:cut]
            with open(self.path, "r+b") as fh:
                fh.truncate(cut)
            if not data:
                self._write_fresh()
                return {}
        lines = data.decode("utf-8").splitlines()
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError as exc:
            raise ResultsLogError(f"{self.path} is not a results file of masis eval") from exc
        if header != self.header:
            differs = sorted(k for k in set(header) | set(self.header) if header.get(k) != self.header.get(k))
            raise ResultsLogError(
                f"{self.path} holds results of a different run ({', '.join(differs)} differ); "
                "re-run with --no-resume to start over, or choose another --out"
            )
        done: dict[str, dict[str, Any]] = {}
        for lineno, line in enumerate(lines[1:], start=2):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ResultsLogError(f"{self.path}:{lineno}: corrupt line; re-run with --no-resume") from exc
            if record.get("ok"):
                done[str(record["id"])] = record["result"]
            else:
                done.pop(str(record.get("id")), None)
        return done

    def append(self, item_id: str, *, result: dict[str, Any] | None = None, error: str | None = None) -> None:
        record: dict[str, Any] = {"id": item_id, "ok": error is None}
        if error is None:
            record["result"] = result or {}
        else:
            record["error"] = error
        try:
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(record, ensure_ascii=False) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:
            raise ResultsLogError(f"cannot write {self.path}: {exc.strerror or exc}") from exc
