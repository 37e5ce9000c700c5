"""``masis eval retrieval|critic|answer --dataset FILE.jsonl --out REPORT.json``: measure the app on a question set.

Or ``--docs FOLDER --questions FILE.jsonl``: a folder of whole documents ingested as a user would, with questions
whose evidence is quoted from the documents (``core/evaluation/folder.py``).

Progress goes to stderr, the readable summary to stdout (or the whole report with ``--json``). Per-item results
are kept next to the report, so an interrupted run (Ctrl+C, a crash) resumes where it stopped by default.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from masis_desktop.cli.output import eprint, print_json

if TYPE_CHECKING:
    from masis_desktop.core.evaluation.dataset import QuestionSet

MODES = ("retrieval", "critic", "answer")


def register(sub: argparse._SubParsersAction) -> None:
    ev = sub.add_parser(
        "eval", help="measure retrieval, the critic or whole answers on a JSONL question set",
        description="Measure retrieval, the critic or whole answers on a JSONL question set with passages "
                    "(--dataset), or on a folder of whole documents with a questions file (--docs, --questions; "
                    "docs/EVALUATION.md). Progress goes to stderr, a summary to stdout. Per-item results are kept "
                    "next to the report, so an interrupted run resumes where it stopped. Exit codes: 0 done, 1 some "
                    "items failed (they are retried by the next run), 2 bad dataset or results of another run, "
                    "130 interrupted.")
    ev.add_argument("mode", choices=MODES, help="retrieval: recall@k and MRR per method; critic: right vs. wrong "
                    "answers; answer: the full pipeline")
    ev.add_argument("--dataset", type=Path, default=None, help="JSONL question set with passages "
                    "(see docs/EVALUATION.md)")
    ev.add_argument("--docs", type=Path, default=None, metavar="FOLDER",
                    help="a folder of whole documents, ingested with the real readers (use with --questions)")
    ev.add_argument("--questions", type=Path, default=None, metavar="FILE",
                    help="JSONL questions about --docs, each answerable one with evidence [{file, quote}]")
    ev.add_argument("--out", type=Path, required=True, help="REPORT.json to write (results log beside it)")
    ev.add_argument("--limit", type=int, default=None, metavar="N", help="evaluate the first N items only")
    ev.add_argument("--items", default=None, metavar="ID[,ID...]",
                    help="evaluate only these item ids (the workspace still holds every passage or document)")
    ev.add_argument("--resume", action=argparse.BooleanOptionalAction, default=True,
                    help="reuse finished items from the results log beside --out (default: yes)")
    ev.add_argument("--code-only", action="store_true",
                    help="critic mode: the code audit alone, no model verdict (seconds, not minutes: the code checks' "
                         "own firing counts and precision)")
    ev.add_argument("--judge", choices=("lexical", "llm"), default="lexical",
                    help="answer mode: who decides whether cited passages support a sentence (default: lexical)")
    ev.add_argument("--json", action="store_true", help="print the whole report as JSON instead of the summary")
    ev.set_defaults(func=cmd_eval)


class ProgressBar:
    """One redrawn line on a terminal; one line per item when stderr is a file or a pipe (CI logs)."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 28) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._start = time.monotonic()
        self._started_at_done: int | None = None
        self._drawn = False

    def update(self, progress: object) -> None:
        from masis_desktop.core.evaluation.harness import Progress

        assert isinstance(progress, Progress)
        if self._started_at_done is None:
            self._started_at_done = progress.done
            self._start = time.monotonic()
        fresh = progress.done - self._started_at_done
        elapsed = time.monotonic() - self._start
        eta = ""
        if fresh > 0 and progress.done < progress.total:
            eta = f" eta {_duration(elapsed / fresh * (progress.total - progress.done))}"
        filled = int(self.width * progress.done / max(progress.total, 1))
        bar = "#" * filled + "-" * (self.width - filled)
        extra = []
        if progress.resumed:
            extra.append(f"{progress.resumed} resumed")
        if progress.errors:
            extra.append(f"{progress.errors} failed")
        note = f" ({', '.join(extra)})" if extra else ""
        current = f" {progress.item_id}" if progress.item_id else ""
        line = f"{self.label} [{bar}] {progress.done}/{progress.total}{note}{current}{eta}"
        if self.tty:
            self.stream.write("\r\x1b[2K" + line)
            self._drawn = True
        elif progress.item_id is not None or progress.done == 0:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the redrawn line (before other output, and at the end)."""
        if self.tty and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds}s"
    minutes, sec = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{sec:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


def load_question_set(args: argparse.Namespace) -> QuestionSet:
    """``--dataset``, or ``--docs`` with ``--questions``: exactly one kind, checked before anything loads."""
    from masis_desktop.core.evaluation.dataset import DatasetError, load_dataset
    from masis_desktop.core.evaluation.folder import load_folder_dataset

    if args.docs is not None or args.questions is not None:
        if args.dataset is not None:
            raise DatasetError("give either --dataset FILE, or --docs FOLDER with --questions FILE, not both")
        if args.docs is None or args.questions is None:
            raise DatasetError("--docs FOLDER and --questions FILE go together: give both")
        return load_folder_dataset(args.docs, args.questions)
    if args.dataset is None:
        raise DatasetError("give --dataset FILE.jsonl, or --docs FOLDER with --questions FILE.jsonl")
    return load_dataset(args.dataset)


def cmd_eval(args: argparse.Namespace) -> int:
    from masis_desktop.core.evaluation.harness import run_evaluation
    from masis_desktop.core.evaluation.modes import create_mode
    from masis_desktop.core.evaluation.report import format_summary

    dataset = load_question_set(args)
    from masis_desktop.core import sysreq

    sysreq.require("ingest" if args.mode == "retrieval" else "ask")  # clear message instead of SIGILL or OOM
    mode = create_mode(args.mode, judge=args.judge, code_only=args.code_only)
    bar = ProgressBar(f"eval {args.mode}")

    def log(message: str) -> None:
        bar.close()
        eprint(message)

    try:
        ids = None if args.items is None else [i.strip() for i in args.items.split(",") if i.strip()]
        report = run_evaluation(mode, dataset, args.out, limit=args.limit, resume=args.resume, ids=ids,
                                on_progress=bar.update, log=log)
    finally:
        bar.close()
    if args.json:
        print_json(report)
    else:
        meta = report["meta"]
        source = f"{dataset.path}" + (f" over {meta['docs']}" if meta.get("docs") else "")
        title = (f"masis eval {args.mode}: {meta['items_evaluated']} of {meta['items_selected']} item(s) of "
                 f"{source} -> {args.out}")
        print(format_summary(report, title=title))
    return 1 if report["meta"]["errors"] else 0
