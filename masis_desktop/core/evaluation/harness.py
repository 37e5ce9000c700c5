"""Run one evaluation mode over a dataset: resumable, item by item, then metrics with bootstrap CIs and a report.

A mode says which items it evaluates, what configuration its results depend on (the resume fingerprint), how to
set itself up (a workspace, models: only when some item still needs running) and how to turn per-item results
into metrics. The harness owns everything else: ``--limit``, the results log, progress, errors, the report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from masis_desktop.core.evaluation.bootstrap import MetricValue
from masis_desktop.core.evaluation.dataset import BaseItem, DatasetError, QuestionSet
from masis_desktop.core.evaluation.report import build_report, write_report
from masis_desktop.core.evaluation.runlog import ResultsLog, results_path_for
from masis_desktop.errors import CancelledError, MasisError

ItemResult = dict[str, Any]
ItemRunner = Callable[[BaseItem], ItemResult]
Log = Callable[[str], None]


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    item_id: str | None = None
    resumed: int = 0
    errors: int = 0


ProgressCallback = Callable[[Progress], None]


class EvalMode(Protocol):
    name: str

    def select(self, items: Sequence[BaseItem]) -> list[BaseItem]:
        """The items this mode evaluates, in file order."""
        ...

    def config(self) -> dict[str, Any]:
        """Everything the per-item results depend on besides the dataset (models, settings, judge)."""
        ...

    def session(self, dataset: QuestionSet, log: Log) -> AbstractContextManager[ItemRunner]:
        """Set up (workspace, models) and yield the function that evaluates one item; tear down after."""
        ...

    def aggregate(self, results: Sequence[tuple[BaseItem, ItemResult]]) -> dict[str, MetricValue]:
        """Per-item results -> named metrics (REPORT.json keys)."""
        ...


TablesHook = Callable[[Sequence[tuple[BaseItem, ItemResult]]], dict[str, Any]]
"""A mode may also define ``tables(results)``: named tables that are not one number with a CI (critic mode's
per-check firing counts); they go into REPORT.json under ``report.TABLES_KEY``."""


def run_evaluation(mode: EvalMode, dataset: QuestionSet, out: Path, *, limit: int | None = None, resume: bool = True,
                   on_progress: ProgressCallback | None = None, log: Log | None = None,
                   ids: Sequence[str] | None = None) -> dict[str, Any]:
    """Evaluate, write ``out`` (REPORT.json) and its results log, and return the report.

    ``ids`` keeps only those items (after ``limit``): re-running the items that failed, or the unanswerable ones,
    without changing the workspace, which always holds every passage of the file."""
    if limit is not None and limit < 1:
        raise DatasetError("--limit must be at least 1")
    log = log or (lambda _msg: None)
    head = dataset.head(limit)
    if ids is not None:
        known = {item.id for item in dataset.items}
        unknown = [i for i in ids if i not in known]
        if unknown:
            raise DatasetError(f"no item with id {', '.join(unknown[:5])} in {dataset.path}")
        wanted_ids = set(ids)
        head = [item for item in head if item.id in wanted_ids]
    items = mode.select(head)
    if not items:
        raise DatasetError(f"no item of {dataset.path} is usable by the {mode.name} mode"
                           + (f" within the first {limit} items" if limit is not None else ""))
    results_file = results_path_for(out)
    results_log = ResultsLog(results_file, {"mode": mode.name, "dataset_sha256": dataset.sha256,
                                            "config": mode.config()})
    previous = results_log.open(resume=resume)
    wanted = {item.id for item in items}
    results: dict[str, ItemResult] = {k: v for k, v in previous.items() if k in wanted}
    resumed = len(results)
    errors: dict[str, str] = {}
    pending = [item for item in items if item.id not in results]
    if resumed:
        log(f"resuming: {resumed} of {len(items)} item(s) already done in {results_file}")

    def report_progress(item_id: str | None) -> None:
        if on_progress is not None:
            on_progress(Progress(done=len(results) + len(errors), total=len(items), item_id=item_id,
                                 resumed=resumed, errors=len(errors)))

    report_progress(None)
    if pending:
        with mode.session(dataset, log) as run_item:
            for item in pending:
                try:
                    result = run_item(item)
                except CancelledError:
                    raise  # stop here; the results log keeps what is done
                except MasisError as exc:
                    errors[item.id] = f"{type(exc).__name__}: {exc}"
                    results_log.append(item.id, error=errors[item.id])
                else:
                    results[item.id] = result
                    results_log.append(item.id, result=result)
                report_progress(item.id)
    ordered = [(item, results[item.id]) for item in items if item.id in results]
    metrics = mode.aggregate(ordered)
    tables_hook: TablesHook | None = getattr(mode, "tables", None)
    tables = tables_hook(ordered) if tables_hook is not None else {}
    meta: dict[str, Any] = {
        "mode": mode.name,
        **dataset.describe(),
        "dataset_sha256": dataset.sha256,
        "items_in_dataset": len(dataset.items),
        "limit": limit,
        "ids": None if ids is None else list(ids),
        "items_selected": len(items),
        "items_evaluated": len(ordered),
        "items_resumed": resumed,
        "errors": len(errors),
        "error_items": dict(list(errors.items())[:20]),
        "results_file": str(results_file),
        "config": mode.config(),
    }
    report = build_report(metrics, meta, tables)
    write_report(out, report)
    return report
