"""``masis ask | audit | critique | history | stats``: the MASIS pipeline from the command line.

``ask`` streams progress and the draft to stderr and prints the final answer (or, with ``--json``, seed 003's API
response) to stdout, so ``masis ask ... --json | jq`` sees only JSON. ``audit`` is the code audit alone (no model);
``critique`` is seed 004's ``critique_answer``; ``history`` and ``stats`` read the workspace's saved runs.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import textwrap
from pathlib import Path
from types import FrameType
from typing import Any

from masis_desktop.cli.output import eprint, print_json
from masis_desktop.core.events import CancelToken, NodeFinished, RunFinished, StageStarted, TokenStreamed
from masis_desktop.errors import MasisError, WorkspaceError


def register(sub: argparse._SubParsersAction) -> None:
    ask = sub.add_parser("ask", help="answer a question from a workspace, every sentence checked against its sources")
    ask.add_argument("workspace")
    ask.add_argument("question")
    ask.add_argument("--max-retries", type=int, default=None, metavar="N",
                     help="revision passes before asking you (default: settings, 2)")
    ask.add_argument("--json", action="store_true", help="print the full API response (seed 003 shape) as JSON")
    ask.add_argument("--no-history", action="store_true", help="do not save this run in the workspace history")
    ask.set_defaults(func=cmd_ask)

    audit = sub.add_parser("audit", help="run only the code audit (no model) on an answer and its evidence")
    audit.add_argument("--input", required=True, type=Path, metavar="FILE.json",
                       help='{"answer": str, "evidence": [{"chunk_id": str, "text": str}], "question"?: str}; '
                            "'-' reads stdin")
    audit.set_defaults(func=cmd_audit)

    crit = sub.add_parser("critique", help="critique a draft against sources (seed 004 critique_answer)")
    crit.add_argument("--input", required=True, type=Path, metavar="FILE.json",
                      help="{query, draft, sources: [{id, content, type, path?}], options?}; '-' reads stdin")
    crit.set_defaults(func=cmd_critique)

    hist = sub.add_parser("history", help="list the questions asked in a workspace, or show one run")
    hist.add_argument("workspace")
    hist.add_argument("--show", type=int, metavar="ID", help="print one saved run")
    hist.add_argument("--delete", type=int, metavar="ID", help="delete one saved run")
    hist.add_argument("--limit", type=int, default=None, metavar="N")
    hist.add_argument("--json", action="store_true")
    hist.set_defaults(func=cmd_history)

    stats = sub.add_parser("stats", help="critique metrics over a workspace's history (seed 004)")
    stats.add_argument("workspace")
    stats.add_argument("--json", action="store_true")
    stats.set_defaults(func=cmd_stats)


# --- helpers ----------------------------------------------------------------------------------------------------


def _read_json(path: Path) -> Any:
    try:
        raw = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MasisError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise MasisError(f"{path} is not valid JSON: {exc}") from exc


def _require_workspace(name: str) -> None:
    from masis_desktop.core.store.workspace import workspace_exists

    if not workspace_exists(name):
        raise WorkspaceError(f"no workspace named {name!r}; create it with `masis workspace create {name}`")


def _wrap(text: str, indent: str = "") -> str:
    return "\n".join(textwrap.fill(p, 100, initial_indent=indent, subsequent_indent=indent) if p.strip() else ""
                     for p in text.splitlines())


def print_response(r: dict[str, Any]) -> None:
    """The human view of a response: answer, sources with the supporting span, quality, what needs you."""
    ok = r["status"] == "success"
    print(f"{'Answer' if ok else 'Best draft (needs your input)'} - confidence {r['confidence']:.2f}")
    print(_wrap(r.get("answer") or "", "  "))
    audit = (r.get("metrics") or {}).get("last_citation_audit") or {}
    evidence = {e["chunk_id"]: e for e in r.get("evidence") or []}
    cited: dict[str, str] = {}
    for claim in audit.get("claims") or []:
        span = claim.get("support_span")
        for cid in claim.get("citations") or []:
            e = evidence.get(cid)
            if e is None or cid in cited:
                continue
            quote = e["text"][span["char_start"]:span["char_end"]] if span and span["chunk_id"] == cid else ""
            where = Path(e["document"]).name + (f", page {e['page']}" if e.get("page") else "")
            cited[cid] = f"  [{cid}] {where}" + (f': "{" ".join(quote.split())[:160]}"' if quote else "")
    if cited:
        print("\nSources:")
        print("\n".join(cited.values()))
    flagged = [c for c in audit.get("claims") or [] if not c.get("supported") and c.get("verdict") != "hedge"]
    if flagged:
        print("\nFlagged sentences:")
        for c in flagged:
            print(f"  ! {c['text']}\n    {c.get('note') or c.get('verdict')}")
    ev = r.get("evaluation") or {}
    if ev.get("model_status") == "skipped":
        print(f"\nQuality: not scored ({ev.get('reason')})")
    elif ev:
        print(f"\nQuality: overall {ev['overall_score']:.2f} (faithfulness {ev['faithfulness']:.2f}, relevance "
              f"{ev['relevance']:.2f}, completeness {ev['completeness']:.2f}, reasoning "
              f"{ev['reasoning_quality']:.2f})" + (" [scoring model failed]" if ev.get("model_status") == "failed"
                                                   else ""))
    if not ok:
        print("\nNeeds your input:")
        print(_wrap(r.get("clarification_question") or "", "  "))
    if r.get("id") is not None:
        print(f"\nSaved as run {r['id']} (masis history {r['workspace']} --show {r['id']})")


# --- commands ---------------------------------------------------------------------------------------------------


def cmd_ask(args: argparse.Namespace) -> int:
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.pipeline import Models, ask
    from masis_desktop.core.store.workspace import Workspace
    from masis_desktop.settings import load_settings

    if args.max_retries is not None and args.max_retries < 0:
        raise MasisError("--max-retries must be 0 or more")
    settings = load_settings()
    _require_workspace(args.workspace)
    cancel = CancelToken()

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        if cancel.cancelled:
            raise KeyboardInterrupt
        cancel.cancel()
        eprint("\nstopping (Ctrl-C again to abort)...")

    previous = signal.signal(signal.SIGINT, on_sigint)
    quiet = args.json
    response: dict[str, Any] | None = None
    pool = ModelPool(settings)
    try:
        with Workspace.open(args.workspace, settings) as ws:
            if not quiet:
                eprint("loading models...")
            models = Models.from_pool(pool, embedder=ws.embedder)
            for event in ask(args.question, workspace=ws, models=models, settings=settings, cancel=cancel,
                             max_retries=args.max_retries, save_history=not args.no_history):
                if isinstance(event, RunFinished):
                    response = event.response
                elif quiet:
                    continue
                elif isinstance(event, StageStarted):
                    if event.stage == "writing":
                        eprint(f"\n-- {event.message} (pass {event.iteration + 1} of at most "
                               f"{event.max_retries + 1}) --")
                    elif event.message:
                        eprint(f"... {event.message}")
                elif isinstance(event, TokenStreamed):
                    sys.stderr.write(event.text)
                    sys.stderr.flush()
                elif isinstance(event, NodeFinished):
                    _progress(event)
    finally:
        signal.signal(signal.SIGINT, previous)
        pool.close()
    assert response is not None
    if args.json:
        print_json(response)
    else:
        eprint("")
        print_response(response)
    return 0


def _progress(event: NodeFinished) -> None:
    e = event.entry
    if event.node == "researcher":
        eprint(f"   {e['chunks']} passage(s) above relevance {e['threshold_used']:.2f} "
               f"({e['filtered_out']} filtered out)")
        if e.get("restated_query"):
            eprint(f"   searched again as: {e['restated_query']}")
    elif event.node == "critic":
        eprint(f"\n   audit: confidence {e['confidence']:.2f}, {e['claims']} sentence(s), "
               f"{len(e['issues'])} issue(s), model audit {e['model_audit']}")
    elif event.node == "supervisor":
        eprint(f"   decision: {e['decision']} ({e['reason']})")


def cmd_audit(args: argparse.Namespace) -> int:
    from masis_desktop.core.checks.audit import audit_answer
    from masis_desktop.core.checks.registry import Selection
    from masis_desktop.core.schemas import SearchHit
    from masis_desktop.settings import load_settings

    data = _read_json(args.input)
    if not isinstance(data, dict) or not isinstance(data.get("answer"), str) or not isinstance(
            data.get("evidence"), list):
        raise MasisError('audit input must be {"answer": str, "evidence": [{"chunk_id": str, "text": str}]}')
    hits = []
    for i, item in enumerate(data["evidence"]):
        if not isinstance(item, dict) or not isinstance(item.get("chunk_id"), str) or not isinstance(
                item.get("text"), str):
            raise MasisError(f"evidence[{i}] must have a string chunk_id and text")
        text = item["text"]
        hits.append(SearchHit(chunk_id=item["chunk_id"], document=str(item.get("document") or item["chunk_id"]),
                              document_id=i, char_start=0, char_end=len(text), text=text))
    settings = load_settings()  # the checks and strictness `masis ask` uses, so both give the same verdict
    result = audit_answer(data["answer"], hits, question=data.get("question"),
                          selection=Selection.from_settings(settings.checks, settings.pipeline.strictness))
    print_json(result.as_dict())
    return 0


def cmd_critique(args: argparse.Namespace) -> int:
    from masis_desktop.core.critique_tool import DraftCritiqueRequest, critique_answer
    from masis_desktop.core.ingest.onnx_encoder import load_encoder
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.settings import load_settings

    data = _read_json(args.input)
    try:
        request = DraftCritiqueRequest.model_validate(data)
    except Exception as exc:
        raise MasisError(f"invalid critique request: {exc}") from exc
    settings = load_settings()
    pool = ModelPool(settings)
    try:
        critic = pool.get("critic") if request.options.checkFactual else None
        synthesizer = pool.get("synthesizer") if request.options.autoRevise else None
        result = critique_answer(request, critic=critic, synthesizer=synthesizer, embedder=load_encoder(settings))
    finally:
        pool.close()
    print_json(result.to_json())
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from masis_desktop.core.history import History

    _require_workspace(args.workspace)
    history = History(args.workspace)
    if args.delete is not None:
        if not history.delete(args.delete):
            raise MasisError(f"no run {args.delete} in the history of {args.workspace!r}")
        eprint(f"deleted run {args.delete}")
        return 0
    if args.show is not None:
        run = history.get(args.show)
        if run is None:
            raise MasisError(f"no run {args.show} in the history of {args.workspace!r}")
        if args.json:
            print_json(run)
        else:
            print(f"Q: {run['question']}  ({run['created_at']})")
            print_response(run)
        return 0
    rows = history.list(limit=args.limit)
    if args.json:
        print_json({"workspace": args.workspace, "runs": rows})
        return 0
    if not rows:
        print(f"no questions asked in {args.workspace!r} yet")
        return 0
    for row in rows:
        mark = "ok " if row["status"] == "success" else "?? "
        print(f"{row['id']:>5}  {row['created_at']}  {mark} conf {row['confidence']:.2f}  retries {row['retries']}  "
              f"{row['question'][:80]}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from masis_desktop.core.history import History

    _require_workspace(args.workspace)
    stats = History(args.workspace).stats()
    if args.json:
        print_json(stats)
        return 0

    def pct(v: float | None) -> str:
        return "-" if v is None else f"{100 * v:.1f} %"

    def num(v: float | None, unit: str = "") -> str:
        return "-" if v is None else f"{v:,.2f}{unit}"

    print(f"workspace {stats['workspace']}: {stats['runs']} run(s), {stats['drafts']} draft(s)")
    print(f"  hallucination rate (drafts)  {pct(stats['critique_hallucination_rate'])}")
    print(f"  revision rate (runs)         {pct(stats['critique_revision_rate'])}")
    print(f"  critique latency per draft   {num(stats['critique_latency_ms'], ' ms')}")
    print(f"  average confidence           {num(stats['critique_confidence_avg'])}")
    print(f"  claims per draft             {num(stats['claims_per_draft'])}")
    print(f"  needs your input (HITL)      {pct(stats['hitl_rate'])}")
    return 0
