"""Dataset validation, the resumable results log and the harness, with a fake mode (no models, no workspace)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.core.evaluation.bootstrap import MetricValue, bootstrap_mean
from masis_desktop.core.evaluation.dataset import Dataset, DatasetError, EvalItem, load_dataset
from masis_desktop.core.evaluation.harness import ItemRunner, Progress, run_evaluation
from masis_desktop.core.evaluation.runlog import ResultsLog, ResultsLogError, results_path_for
from masis_desktop.errors import ModelError

REPO = Path(__file__).resolve().parents[2]


def _line(item_id: str, **extra: Any) -> str:
    obj: dict[str, Any] = {"id": item_id, "question": f"question {item_id}?",
                           "passages": [{"id": f"p-{item_id}", "text": f"text of {item_id}"}], "answer": "42"}
    obj.update(extra)
    return json.dumps(obj)


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --- dataset ------------------------------------------------------------------------------------------------------


BUSINESS = REPO / "tests/data/eval/business"
MERGED_SETS = 43  # dev, heldout and heldout2..heldout43 without 38 (bench/eval_data/merge_business.py)
MEASURED_SLICE = 80  # answer mode is measured with --limit 80: the first lines must be a fair slice


def _unanswerable_count(data: Dataset) -> int:
    """How many items are unanswerable, after checking the shipped sets' conventions on every item."""
    unanswerable = [i for i in data.items if i.unanswerable]
    assert all(i.has_pair for i in data.items if not i.unanswerable)  # every answerable item has a wrong answer
    assert all(not i.answer and i.hallucinated_answer is None for i in unanswerable)
    texts = [p.text for p in data.passages]
    assert len(set(texts)) == len(texts)  # one text, one passage id: a copy would be its own distractor
    return len(unanswerable)


def test_business_dev_merges_every_set_and_opens_with_a_fair_slice() -> None:
    data = load_dataset(BUSINESS / "dev.jsonl")
    unanswerable = _unanswerable_count(data)
    assert len(data.items) >= 2900 and 0.25 <= unanswerable / len(data.items) <= 0.32
    sources = [[t for t in i.tags if t.startswith("source:")] for i in data.items]
    assert all(len(s) == 1 for s in sources)  # each item names the one set it came from
    assert len({s[0] for s in sources}) == MERGED_SETS
    head = data.head(MEASURED_SLICE)
    assert sum(i.unanswerable for i in head) >= 20
    assert sum(i.has_pair for i in head) >= 50
    assert {t for i in head for t in i.tags if t.startswith("source:")} == {s[0] for s in sources}


def test_business_test_split_is_new_domains_with_near_miss_unanswerables() -> None:
    test = load_dataset(BUSINESS / "test.jsonl")
    dev = load_dataset(BUSINESS / "dev.jsonl")
    unanswerable = _unanswerable_count(test)
    assert len(test.items) >= 70 and unanswerable >= 20
    assert all("near-miss" in i.tags for i in test.items if i.unanswerable)
    assert all(i.hallucinated_answer for i in test.items if not i.unanswerable)
    test_domains = {i.tags[0] for i in test.items}
    dev_tags = {t for i in dev.items for t in i.tags}
    assert len(test_domains) >= 8 and not test_domains & dev_tags
    assert not {i.id for i in test.items} & {i.id for i in dev.items}
    dev_passages = {p.id for p in dev.passages} | {p.text for p in dev.passages}
    assert not ({p.id for p in test.passages} | {p.text for p in test.passages}) & dev_passages
    # non-price questions too: who, policy, procedure
    assert sum(i.tags[2] != "price" for i in test.items) >= len(test.items) // 3


def test_dataset_validation_names_the_line(tmp_path: Path) -> None:
    cases = {
        "not valid JSON": [_line("a"), "{oops"],
        "unknown key 'answr'": [_line("a", answr="x")],
        "duplicate item id 'a'": [_line("a"), _line("a")],
        "needs a non-empty answer": [_line("a", answer=" ")],
        "equals the answer": [_line("a", hallucinated_answer="42")],
        "different text": [_line("a"), json.dumps({"id": "b", "question": "q?", "answer": "1",
                                                   "passages": [{"id": "p-a", "text": "changed"}]})],
        "each line must be a JSON object": ["[1, 2]"],
    }
    for message, lines in cases.items():
        with pytest.raises(DatasetError, match=message) as info:
            load_dataset(_write(tmp_path, lines))
        assert "set.jsonl:" in str(info.value)
    with pytest.raises(DatasetError, match="holds no items"):
        load_dataset(_write(tmp_path, ["", "  "]))
    with pytest.raises(DatasetError, match="cannot read"):
        load_dataset(tmp_path / "missing.jsonl")


def test_shared_passages_form_one_workspace_and_unanswerable_items_may_have_no_answer(tmp_path: Path) -> None:
    shared = {"id": "p-a", "text": "text of a"}
    data = load_dataset(_write(tmp_path, [
        _line("a"),
        json.dumps({"id": "b", "question": "q?", "passages": [shared], "answer": "", "unanswerable": True}),
    ]))
    assert [p.id for p in data.passages] == ["p-a"]
    assert data.items[1].unanswerable and not data.items[1].has_pair
    assert [i.id for i in data.head(1)] == ["a"]


# --- results log ---------------------------------------------------------------------------------------------------


def test_results_log_resumes_and_retries_failures(tmp_path: Path) -> None:
    path = tmp_path / "R.items.jsonl"
    log = ResultsLog(path, {"mode": "m", "config": {"k": (1, 2)}})
    assert log.open(resume=True) == {}
    log.append("a", result={"x": 1})
    log.append("b", error="ModelError: boom")
    log.append("c", result={"x": 3})
    again = ResultsLog(path, {"mode": "m", "config": {"k": [1, 2]}})
    assert again.open(resume=True) == {"a": {"x": 1}, "c": {"x": 3}}
    assert ResultsLog(path, {"mode": "m", "config": {"k": [1, 2]}}).open(resume=False) == {}
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1  # only the header is left


def test_results_log_cuts_a_half_written_line(tmp_path: Path) -> None:
    path = tmp_path / "R.items.jsonl"
    log = ResultsLog(path, {"mode": "m"})
    log.open(resume=False)
    log.append("a", result={"x": 1})
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"id": "b", "ok": tr')  # the process died here
    assert ResultsLog(path, {"mode": "m"}).open(resume=True) == {"a": {"x": 1}}
    log.append("b", result={"x": 2})
    assert ResultsLog(path, {"mode": "m"}).open(resume=True) == {"a": {"x": 1}, "b": {"x": 2}}


def test_results_log_refuses_results_of_another_run(tmp_path: Path) -> None:
    path = tmp_path / "R.items.jsonl"
    ResultsLog(path, {"mode": "critic", "dataset_sha256": "aa"}).open(resume=False)
    with pytest.raises(ResultsLogError, match="dataset_sha256") as info:
        ResultsLog(path, {"mode": "critic", "dataset_sha256": "bb"}).open(resume=True)
    assert "--no-resume" in str(info.value)


def test_results_path_sits_next_to_the_report(tmp_path: Path) -> None:
    assert results_path_for(tmp_path / "REPORT.json") == tmp_path / "REPORT.items.jsonl"
    assert results_path_for(tmp_path / "report") == tmp_path / "report.items.jsonl"


# --- harness -------------------------------------------------------------------------------------------------------


class FakeMode:
    """Scores each item 1.0 if its answer is "42"; can fail on chosen items; records what it ran."""

    name = "fake"

    def __init__(self, fail: Sequence[str] = ()) -> None:
        self.fail = set(fail)
        self.ran: list[str] = []
        self.sessions = 0

    def select(self, items: Sequence[EvalItem]) -> list[EvalItem]:
        return list(items)

    def config(self) -> dict[str, Any]:
        return {"version": 1}

    @contextmanager
    def session(self, dataset: Dataset, log: Any) -> Iterator[ItemRunner]:
        self.sessions += 1

        def run(item: EvalItem) -> dict[str, Any]:
            self.ran.append(item.id)
            if item.id in self.fail:
                raise ModelError("the model crashed")
            return {"score": 1.0 if item.answer == "42" else 0.0}

        yield run

    def aggregate(self, results: Sequence[tuple[EvalItem, dict[str, Any]]]) -> dict[str, MetricValue]:
        return {"score": bootstrap_mean([r["score"] for _, r in results])}


def test_harness_limits_resumes_and_reports(tmp_path: Path) -> None:
    data = load_dataset(_write(tmp_path, [_line("a"), _line("b", answer="7"), _line("c"), _line("d")]))
    out = tmp_path / "out" / "REPORT.json"
    seen: list[Progress] = []
    mode = FakeMode()
    report = run_evaluation(mode, data, out, limit=3, on_progress=seen.append)
    assert mode.ran == ["a", "b", "c"]
    assert report["score"] == json.loads(out.read_text(encoding="utf-8"))["score"]
    assert report["score"]["value"] == pytest.approx(2 / 3) and report["score"]["n"] == 3
    assert report["meta"]["limit"] == 3 and report["meta"]["items_evaluated"] == 3
    assert [p.done for p in seen] == [0, 1, 2, 3] and seen[-1].total == 3

    again = FakeMode()
    report = run_evaluation(again, data, out)  # resume: only d is new
    assert again.ran == ["d"] and report["meta"]["items_resumed"] == 3 and report["score"]["n"] == 4

    idle = FakeMode()
    run_evaluation(idle, data, out)
    assert idle.ran == [] and idle.sessions == 0  # nothing pending: no set-up (no workspace, no models)

    fresh = FakeMode()
    run_evaluation(fresh, data, out, resume=False)
    assert fresh.ran == ["a", "b", "c", "d"]


def test_harness_records_failed_items_and_retries_them(tmp_path: Path) -> None:
    data = load_dataset(_write(tmp_path, [_line("a"), _line("b"), _line("c")]))
    out = tmp_path / "REPORT.json"
    report = run_evaluation(FakeMode(fail=["b"]), data, out)
    assert report["meta"]["errors"] == 1 and "the model crashed" in report["meta"]["error_items"]["b"]
    assert report["score"]["n"] == 2
    retry = FakeMode()
    report = run_evaluation(retry, data, out)
    assert retry.ran == ["b"] and report["meta"]["errors"] == 0 and report["score"]["n"] == 3


def test_harness_rejects_an_empty_selection(tmp_path: Path) -> None:
    data = load_dataset(_write(tmp_path, [_line("a")]))

    class Nothing(FakeMode):
        def select(self, items: Sequence[EvalItem]) -> list[EvalItem]:
            return []

    with pytest.raises(DatasetError, match="usable by the fake mode"):
        run_evaluation(Nothing(), data, tmp_path / "R.json")
    with pytest.raises(DatasetError, match="--limit"):
        run_evaluation(FakeMode(), data, tmp_path / "R.json", limit=0)


def test_harness_evaluates_only_the_items_named(tmp_path: Path) -> None:
    data = load_dataset(_write(tmp_path, [_line("a"), _line("b", answer="7"), _line("c"), _line("d")]))
    out = tmp_path / "REPORT.json"
    mode = FakeMode()
    report = run_evaluation(mode, data, out, ids=["d", "b"])
    assert mode.ran == ["b", "d"]  # file order, not the order named
    assert report["meta"]["ids"] == ["d", "b"] and report["meta"]["items_selected"] == 2
    with pytest.raises(DatasetError, match="no item with id zz"):
        run_evaluation(FakeMode(), data, out, ids=["a", "zz"])
    with pytest.raises(DatasetError, match="within the first 1 items"):
        run_evaluation(FakeMode(), data, out, limit=1, ids=["d"])
