"""``masis workspace create|list|delete|rename|check``, ``masis ingest`` and ``masis search``.

Human-readable output by default (progress on stderr, results on stdout); ``--json`` prints one JSON document on
stdout for scripts. ``masis ingest`` exits 0 when every file was indexed or skipped, 1 when some failed (the rest
is still indexed), 130 when cancelled with Ctrl-C (the first Ctrl-C stops cleanly after the current file).
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any

from masis_desktop.cli.output import eprint, print_json
from masis_desktop.core.events import CancelToken, FileFinished, IngestFinished, IngestProgress, IngestStarted
from masis_desktop.core.store.workspace import (
    Workspace,
    create_workspace,
    delete_workspace,
    list_workspaces,
    rename_workspace,
    workspace_exists,
    workspace_info,
)
from masis_desktop.errors import WorkspaceError
from masis_desktop.settings import load_settings


def register(sub: argparse._SubParsersAction) -> None:
    ws = sub.add_parser("workspace", help="create, list, rename, delete and check workspaces")
    wsub = ws.add_subparsers(dest="workspace_command", metavar="ACTION", required=True)

    create = wsub.add_parser("create", help="create an empty workspace")
    create.add_argument("name")
    create.set_defaults(func=cmd_create)

    lst = wsub.add_parser("list", help="list workspaces with their document and chunk counts")
    lst.add_argument("--json", action="store_true")
    lst.set_defaults(func=cmd_list)

    delete = wsub.add_parser("delete", help="delete a workspace and its index (your files are not touched)")
    delete.add_argument("name")
    delete.add_argument("--yes", "-y", action="store_true", help="do not ask for confirmation")
    delete.set_defaults(func=cmd_delete)

    rename = wsub.add_parser("rename", help="rename a workspace")
    rename.add_argument("name")
    rename.add_argument("new_name")
    rename.set_defaults(func=cmd_rename)

    check = wsub.add_parser("check", help="verify catalog, vector index and full-text index agree; repair them")
    check.add_argument("name")
    check.add_argument("--no-repair", action="store_true", help="only report")
    check.add_argument("--json", action="store_true")
    check.set_defaults(func=cmd_check)

    ingest = sub.add_parser("ingest", help="add files and folders to a workspace (re-ingest skips unchanged files)")
    ingest.add_argument("name", help="workspace name")
    ingest.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    ingest.add_argument("--sync", action="store_true",
                        help="also remove documents under PATH whose files no longer exist")
    ingest.add_argument("--create", action="store_true", help="create the workspace if it does not exist")
    ingest.add_argument("--json", action="store_true")
    ingest.set_defaults(func=cmd_ingest)

    search = sub.add_parser("search", help="hybrid search (dense + BM25) in a workspace")
    search.add_argument("name", help="workspace name")
    search.add_argument("query")
    search.add_argument("--k", type=int, default=10, help="number of hits (default 10)")
    search.add_argument("--json", action="store_true")
    search.set_defaults(func=cmd_search)


# --- workspace ------------------------------------------------------------------------------------------------------


def cmd_create(args: argparse.Namespace) -> int:
    folder = create_workspace(args.name)
    print(f"created workspace {args.name!r} ({folder})")
    return 0


def _size(n: int) -> str:
    return f"{n / 1e6:,.1f} MB" if n >= 1e5 else f"{n / 1e3:,.0f} kB"


def cmd_list(args: argparse.Namespace) -> int:
    rows = [workspace_info(name) for name in list_workspaces()]
    if args.json:
        print_json({"workspaces": rows})
        return 0
    if not rows:
        print("no workspaces yet; create one with `masis workspace create NAME`")
        return 0
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        print(f"{r['name']:<{width}}  {r['indexed']:>6} documents  {r['chunks']:>8} chunks  {_size(r['bytes']):>10}")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    if not workspace_exists(args.name):
        raise WorkspaceError(f"no workspace named {args.name!r}")
    if not args.yes and sys.stdin.isatty():
        answer = input(f"delete workspace {args.name!r} and its index? your own files are not touched [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("not deleted")
            return 1
    delete_workspace(args.name)
    print(f"deleted workspace {args.name!r}")
    return 0


def cmd_rename(args: argparse.Namespace) -> int:
    rename_workspace(args.name, args.new_name)
    print(f"renamed workspace {args.name!r} to {args.new_name!r}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    settings = load_settings()
    with Workspace.open(args.name, settings, repair=False) as ws:
        report = ws.check(repair=not args.no_repair)
    if args.json:
        print_json(report)
    else:
        print(f"workspace {args.name!r}: {report['documents']} documents, {report['chunks']} chunks, "
              f"{report['vectors']} vectors ({report['index']} index)")
        print(f"  vectors missing: {report['missing_vectors']}, orphan vectors: {report['orphan_vectors']}, "
              f"full-text index: {'ok' if report['fts_ok'] else 'INCONSISTENT'}")
        if report.get("temp_files"):
            removed = "removed" if report.get("temp_files_removed") else "left (run without --no-repair)"
            print(f"  {report['temp_files']} temporary index file(s) from an interrupted save: {removed}")
        if args.no_repair:
            print("  consistent" if report["consistent"] else "  NOT consistent: run without --no-repair to fix")
        else:
            print("  repaired" if report["repaired"] else "  consistent, nothing to repair")
    return 0 if report["consistent"] else 1


# --- ingest ---------------------------------------------------------------------------------------------------------


def _fmt_eta(eta: float | None) -> str:
    if eta is None:
        return "--"
    minutes, seconds = divmod(int(eta), 60)
    return f"{minutes}m{seconds:02d}s" if minutes else f"{seconds}s"


def cmd_ingest(args: argparse.Namespace) -> int:
    settings = load_settings()
    if not workspace_exists(args.name):
        if not args.create:
            raise WorkspaceError(f"no workspace named {args.name!r}; create it with `masis workspace create "
                                 f"{args.name}` (or pass --create)")
        create_workspace(args.name)
        eprint(f"created workspace {args.name!r}")
    cancel = CancelToken()

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        if cancel.cancelled:
            raise KeyboardInterrupt
        cancel.cancel()
        eprint("\nstopping after the current file (Ctrl-C again to abort)...")

    previous = signal.signal(signal.SIGINT, on_sigint)
    tty = sys.stderr.isatty() and not args.json
    finished: IngestFinished | None = None
    started = time.monotonic()
    try:
        with Workspace.open(args.name, settings) as ws:
            for event in ws.ingest(args.paths, sync=args.sync, cancel=cancel):
                if isinstance(event, IngestStarted) and not args.json:
                    eprint(f"ingesting {event.files_total} file(s) into {args.name!r}")
                elif isinstance(event, FileFinished) and not args.json:
                    r = event.result
                    detail = f"{r.chunks} chunks" if r.status == "indexed" else (r.error or "")
                    if tty:
                        sys.stderr.write("\r\033[K")
                    eprint(f"[{r.status:>7}] {r.path}" + (f": {detail}" if detail else ""))
                elif isinstance(event, IngestProgress) and tty:
                    sys.stderr.write(f"\r\033[K{event.files_done}/{event.files_total} files, "
                                     f"{event.chunks_embedded} chunks embedded, ETA {_fmt_eta(event.eta_s)}")
                    sys.stderr.flush()
                elif isinstance(event, IngestFinished):
                    finished = event
    finally:
        signal.signal(signal.SIGINT, previous)
    assert finished is not None
    totals = finished.totals
    if args.json:
        print_json({
            "workspace": args.name,
            "documents": [{"path": r.path, "status": r.status, "error": r.error, "chunks": r.chunks,
                           "pages": r.pages} for r in finished.results],
            "totals": totals,
            "cancelled": finished.cancelled,
            "seconds": round(time.monotonic() - started, 2),
        })
    else:
        if tty:
            sys.stderr.write("\r\033[K")
        print(f"{totals['indexed']} indexed, {totals['skipped']} skipped, {totals['failed']} failed"
              + (f", {totals['removed']} removed" if totals["removed"] else "")
              + f"; {totals['chunks']} chunks" + (" (cancelled)" if finished.cancelled else ""))
    if finished.cancelled:
        return 130
    return 1 if totals["failed"] else 0


# --- search ---------------------------------------------------------------------------------------------------------


def _hit_json(hit: Any) -> dict[str, Any]:
    return {k: getattr(hit, k) for k in ("chunk_id", "document", "document_id", "page", "char_start", "char_end",
                                         "heading", "text", "dense_score", "bm25_score", "score", "relevance")}


def cmd_search(args: argparse.Namespace) -> int:
    if args.k < 1:
        raise WorkspaceError("--k must be at least 1")
    settings = load_settings()
    with Workspace.open(args.name, settings) as ws:
        hits = ws.search(args.query, k=args.k)
    if args.json:
        print_json({"workspace": args.name, "query": args.query, "threshold": settings.retrieval.threshold_first,
                    "hits": [_hit_json(h) for h in hits]})
        return 0
    if not hits:
        print("no results")
        return 0
    threshold = settings.retrieval.threshold_first
    for hit in hits:
        where = Path(hit.document).name + (f", page {hit.page}" if hit.page else "")
        mark = " " if hit.relevance >= threshold else "?"
        print(f"{mark}[{hit.chunk_id}] {where}  relevance {hit.relevance:.2f}  (dense {hit.dense_score:.3f}, "
              f"bm25 {hit.bm25_score:.2f})")
        snippet = " ".join(hit.text.split())
        print(f"    {snippet[:300]}{'...' if len(snippet) > 300 else ''}")
    below = sum(1 for h in hits if h.relevance < threshold)
    if below:
        print(f"({below} hit(s) marked ? are below the relevance threshold {threshold:.2f} the answerer uses)")
    return 0
