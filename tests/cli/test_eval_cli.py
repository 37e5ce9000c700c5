"""``masis eval``: a real retrieval run on a tiny dataset; resume, interrupt and errors on a fake mode."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.cli.main import main
from masis_desktop.core.evaluation import modes
from masis_desktop.core.evaluation.bootstrap import MetricValue, bootstrap_mean
from masis_desktop.core.evaluation.dataset import Dataset, EvalItem
from masis_desktop.core.evaluation.harness import ItemRunner

PASSAGES = {
    "free": "Free tier: uploads up to 10 MB per file and 2 GB of storage. Email support only.",
    "pro": "Pro tier: uploads up to 100 MB per file and 1 TB of storage. Chat support on weekdays.",
    "oslo": "The Oslo office opened its doors in March 2018 and now hosts 140 engineers.",
    "lisbon": "The Lisbon hub opened in January 2021; it is the largest engineering site with 90 staff.",
}
ITEMS = [
    ("q1", "What is the maximum upload size on the Pro tier?", ["pro"], "100 MB", "10 MB"),
    ("q2", "When did the Oslo office open?", ["oslo"], "March 2018", "March 2016"),
    ("q3", "How many staff work at the Lisbon hub?", ["lisbon"], "90", "140"),
]


def _dataset(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.jsonl"
    lines = [json.dumps({"id": i, "question": q, "passages": [{"id": p, "text": PASSAGES[p]} for p in ps],
                         "answer": a, "hallucinated_answer": w}) for i, q, ps, a, w in ITEMS]
    lines.append(json.dumps({"id": "q4", "question": "What is the API rate limit on the Free tier?",
                             "passages": [{"id": "free", "text": PASSAGES["free"]}], "answer": "",
                             "unanswerable": True}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_eval_retrieval_on_a_real_workspace(tmp_path: Path, masis_home: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    dataset = _dataset(tmp_path)
    out = tmp_path / "REPORT.json"
    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    report = json.loads(out.read_text(encoding="utf-8"))
    for key in ("recall@1", "recall@5", "recall@10", "mrr", "recall@1.dense", "mrr.dense", "recall@5.bm25",
                "mrr.bm25", "recall@10.filtered"):
        assert set(report[key]) == {"value", "ci_low", "ci_high", "n"}
        assert report[key]["n"] == 3  # the unanswerable item has no gold passage
    assert report["recall@5"]["value"] == 1.0  # four passages: every gold one is in the top 5
    assert report["meta"]["mode"] == "retrieval" and report["meta"]["items_evaluated"] == 3
    assert "recall@1" in captured.out and "95% CI" in captured.out
    assert "eval retrieval [" in captured.err and "3/3" in captured.err
    assert list((masis_home / "workspaces").iterdir()) == []  # the temporary workspace is gone
    results = (tmp_path / "REPORT.items.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(results) == 4 and json.loads(results[1])["result"]["gold"] == ["pro"]

    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out), "--json"]) == 0
    captured = capsys.readouterr()
    assert "resuming: 3 of 3" in captured.err
    assert json.loads(captured.out)["meta"]["items_resumed"] == 3


class Scripted:
    """A fake mode whose per-item behaviour the test scripts (raise, fail, succeed)."""

    name = "fake"

    def __init__(self, behaviour: dict[str, BaseException]) -> None:
        self.behaviour = behaviour
        self.ran: list[str] = []

    def select(self, items: Sequence[EvalItem]) -> list[EvalItem]:
        return list(items)

    def config(self) -> dict[str, Any]:
        return {}

    @contextmanager
    def session(self, dataset: Dataset, log: Any) -> Iterator[ItemRunner]:
        def run(item: EvalItem) -> dict[str, Any]:
            self.ran.append(item.id)
            if item.id in self.behaviour:
                raise self.behaviour[item.id]
            return {"ok": 1.0}

        yield run

    def aggregate(self, results: Sequence[tuple[EvalItem, dict[str, Any]]]) -> dict[str, MetricValue]:
        return {"ok_rate": bootstrap_mean([r["ok"] for _, r in results])}


def test_interrupted_run_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from masis_desktop.errors import ModelError

    dataset, out = _dataset(tmp_path), tmp_path / "R.json"
    first = Scripted({"q3": KeyboardInterrupt()})
    monkeypatch.setattr(modes, "create_mode", lambda name, **kw: first)
    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out)]) == 130
    assert first.ran == ["q1", "q2", "q3"] and not out.exists()

    second = Scripted({"q4": ModelError("model crashed")})
    monkeypatch.setattr(modes, "create_mode", lambda name, **kw: second)
    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out)]) == 1  # one item failed
    assert second.ran == ["q3", "q4"]
    captured = capsys.readouterr()
    assert "1 item(s) failed" in captured.out and "resuming: 2 of 4" in captured.err
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["ok_rate"]["n"] == 3 and report["meta"]["errors"] == 1

    third = Scripted({})
    monkeypatch.setattr(modes, "create_mode", lambda name, **kw: third)
    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out), "--limit", "4"]) == 0
    assert third.ran == ["q4"]
    fourth = Scripted({})
    monkeypatch.setattr(modes, "create_mode", lambda name, **kw: fourth)
    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out), "--no-resume", "--limit", "2"]) == 0
    assert fourth.ran == ["q1", "q2"]
    assert json.loads(out.read_text(encoding="utf-8"))["ok_rate"]["n"] == 2

    fifth = Scripted({})
    monkeypatch.setattr(modes, "create_mode", lambda name, **kw: fifth)
    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out), "--items", "q4, q3"]) == 0
    assert fifth.ran == ["q3", "q4"]
    assert json.loads(out.read_text(encoding="utf-8"))["ok_rate"]["n"] == 2
    assert main(["eval", "retrieval", "--dataset", str(dataset), "--out", str(out), "--items", "q9"]) == 2
    assert "no item with id q9" in capsys.readouterr().err


def test_bad_dataset_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "question": "q?"}\n', encoding="utf-8")
    assert main(["eval", "retrieval", "--dataset", str(bad), "--out", str(tmp_path / "R.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "bad.jsonl:1" in err and "passages" in err


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def test_progress_bar_redraws_on_a_terminal_and_prints_lines_otherwise() -> None:
    from masis_desktop.cli.eval_cmd import ProgressBar, _duration
    from masis_desktop.core.evaluation.harness import Progress

    term = _Stream(tty=True)
    bar = ProgressBar("eval critic", stream=term, width=10)
    for p in (Progress(2, 4, None, resumed=2), Progress(3, 4, "q3", resumed=2), Progress(4, 4, "q4", resumed=2)):
        bar.update(p)
    bar.close()
    out = term.getvalue()
    assert out.count("\r\x1b[2K") == 3 and out.endswith("\n")
    assert "[#####-----] 2/4 (2 resumed)" in out and "eta" in out and "[##########] 4/4 (2 resumed) q4" in out

    log = _Stream(tty=False)
    bar = ProgressBar("eval answer", stream=log, width=4)
    for p in (Progress(0, 2), Progress(1, 2, "a", errors=1), Progress(2, 2, "b", errors=1)):
        bar.update(p)
    bar.close()
    lines = log.getvalue().splitlines()
    assert lines[0] == "eval answer [----] 0/2" and lines[2] == "eval answer [####] 2/2 (1 failed) b"
    assert lines[1].startswith("eval answer [##--] 1/2 (1 failed) a eta ")
    assert (_duration(59), _duration(61), _duration(3725)) == ("59s", "1m01s", "1h02m")
