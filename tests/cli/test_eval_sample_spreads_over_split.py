"""``bench/eval_genres.py --sample N`` picks N items spread over a split, so a split that lists its unanswerable
questions last is still sampled in both parts, and the same N always picks the same items (a resumed run reuses
them)."""

from __future__ import annotations

from bench.eval_genres import spread


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
