"""``bench/eval_genres.py --sample N`` picks N items spread over a split, so a split that lists its unanswerable
questions last, or interleaves them, is still sampled in both parts, and the same N always picks the same items (a
resumed run reuses them)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.eval_genres import seen_ids, spread, stratified


def test_sample_reaches_both_ends_of_the_split() -> None:
    ids = [f"a{i}" for i in range(48)] + [f"u{i}" for i in range(22)]
    picked = spread(ids, 30)
    assert len(picked) == 30 and len(set(picked)) == 30
    assert picked[0] == "a0" and picked[-1] == "u21"
    assert 7 <= sum(p.startswith("u") for p in picked) <= 11  # about 22/70 of the sample


def test_sample_is_the_same_each_time_and_whole_split_when_larger() -> None:
    ids = [str(i) for i in range(63)]
    assert spread(ids, 30) == spread(ids, 30)
    assert spread(ids, 100) == ids
    assert spread(ids, 1) == ["0"]


def test_a_later_run_samples_only_items_no_earlier_run_has_seen(tmp_path: Path) -> None:
    run = tmp_path / "first"
    run.mkdir()
    header = json.dumps({"format": "masis-eval-results/1"})
    (run / "wiki-answer.items.jsonl").write_text("\n".join([header, *(json.dumps({"id": f"q{i}"}) for i in (0, 5))]))
    (run / "wiki-critic.items.jsonl").write_text("\n".join([header, json.dumps({"id": "q9"})]))
    (run / "docs-answer.items.jsonl").write_text("\n".join([header, json.dumps({"id": "q1"})]))
    assert seen_ids([run], "wiki") == {"q0", "q5", "q9"}
    rest = [f"q{i}" for i in range(12) if f"q{i}" not in seen_ids([run], "wiki")]
    assert not set(spread(rest, 4)) & {"q0", "q5", "q9"} and len(spread(rest, 4)) == 4


def test_a_split_that_interleaves_unanswerable_items_is_sampled_in_proportion() -> None:
    # 24 unanswerable items among 80, each between two of the positions an even step of 79/24 lands on
    steps = {round(k * 79 / 24) for k in range(25)}
    between = [i for i in range(80) if i not in steps][::2][:24]
    ids = [f"u{i}" if i in between else f"a{i}" for i in range(80)]
    unanswerable = {i for i in ids if i.startswith("u")}
    assert not set(spread(ids, 25)) & unanswerable  # the failure this guards against
    picked = stratified(ids, unanswerable, 25)
    assert len(picked) == 25 and len(set(picked)) == 25
    assert sum(p in unanswerable for p in picked) == round(25 * len(unanswerable) / 80)
    assert picked == [i for i in ids if i in set(picked)]  # split order
    assert stratified(ids, unanswerable, 25) == picked and stratified(ids, unanswerable, 100) == ids
    assert stratified(ids, set(), 25) == spread(ids, 25)
