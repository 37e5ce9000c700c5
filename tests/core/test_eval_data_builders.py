"""The evaluation-data builders under bench/eval_data/: HaluEval-QA splits and the merged business set (no network)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load(name: str) -> ModuleType:
    """Import a bench script by path (bench/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(f"eval_data_{name}", REPO / "bench" / "eval_data" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


halueval = _load("halueval")
merge = _load("merge_business")


def _row(index: int, knowledge: str, question: str, answer: str, wrong: str = "something else") -> Any:
    return halueval.Row(index=index, knowledge=knowledge, question=question, right_answer=answer,
                        hallucinated_answer=wrong)


# --- HaluEval-QA ---------------------------------------------------------------------------------------------------


def test_knowledge_is_cut_where_a_paragraph_is_glued_to_the_next() -> None:
    split = halueval.split_knowledge
    assert split("Arthur's Magazine was a periodical in the 19th century.First for Women is a magazine.") == [
        "Arthur's Magazine was a periodical in the 19th century.", "First for Women is a magazine."]
    assert split("The campus is in Washington, D.C.Howard University is private.") == [
        "The campus is in Washington, D.C.", "Howard University is private."]
    # a paragraph of several sentences with their spaces stays whole, initials are not a boundary
    assert split("He joined R.E.M. in 1980. He left the U.S.A. in 1990. He lives in Paris.") == [
        "He joined R.E.M. in 1980. He left the U.S.A. in 1990. He lives in Paris."]
    # several glued ends: the last is the boundary (HotpotQA gives two paragraphs, the second opens its article)
    assert split("The Act of 1982 (Pub.L. 97-300) was a law signed by Reagan.Ronald Reagan was a president.") == [
        "The Act of 1982 (Pub.L. 97-300) was a law signed by Reagan.", "Ronald Reagan was a president."]
    assert split("  ") == []


def test_rows_from_the_reserved_range_are_never_read() -> None:
    served: list[int] = []

    def lines() -> Iterator[str]:
        for index in range(10):
            served.append(index)
            yield json.dumps({"knowledge": "k.", "question": f"q{index}?", "right_answer": "a",
                              "hallucinated_answer": "b"})

    rows = list(halueval.read_rows(lines(), stop=3))
    assert [r.index for r in rows] == [0, 1, 2] and served == [0, 1, 2]
    with pytest.raises(ValueError, match="reserved"):
        list(halueval.read_rows(lines(), stop=halueval.ROW_LIMIT + 1))


def test_answer_matching_is_normalised_and_allows_the_short_and_long_form_of_a_name() -> None:
    contains = halueval.contains
    assert contains("Built for the Atlético club's fans.", "Atletico Club")
    assert contains("Anna Sergeyevna Kournikova (born 1981) is Russian.", "Anna Kournikova")
    assert contains("The film starred Victor Mature.", "Victor John Mature")
    assert contains("It won for Salaam Bombay in 1989.", "Salaam Bombay (1988)")
    assert not contains("Nixonland is a book.", "Nixon")  # whole words only
    assert not contains("Delhi is large.", "New Delhi")


def _sample_rows() -> list[Any]:
    return [
        _row(0, "Alpha Corp was founded in Oslo.Beta Ltd is a firm in Rome.", "Where was Alpha founded?", "Oslo",
             "Alpha was founded in Rome."),
        _row(1, "Gamma is a river in Peru.", "Which country is the Gamma in?", "Peru", "Chile"),
        _row(2, "Delta is a band.", "Is Delta a band?", "yes", "no"),  # answerable rows may be yes/no
        # unanswerable candidates from here on
        _row(3, "Epsilon was written by Zed Ames.Zed Ames was born in Lyon.", "Where was Epsilon's author born?",
             "Lyon"),  # usable: the second passage goes, the first stays
        _row(4, "Zeta is a town.Eta is a city.", "Are Zeta and Eta both places?", "yes"),  # yes/no
        _row(5, "Theta opened in 1990.Iota is in Oslo.", "Where is Iota?", "Oslo"),  # Oslo is in row 0's passage
        _row(6, "Kappa or Lambda: Kappa is older.Lambda is new.", "Which is older, Kappa or Lambda?", "Kappa"),
        _row(7, "Mu was painted by Nu Orr in Kyoto.", "Where did Nu Orr paint Mu?", "Kyoto"),  # one passage only
        _row(8, "Xi was filmed by Omicron Pi.Omicron Pi was born in Quito.", "Where was Xi's director born?",
             "Quito"),
        _row(9, "Rho is a novel.", "Who wrote Rho?", "Sigma Tau"),  # the answer is in no passage
    ]


def test_unanswerable_variants_drop_the_answer_passages_and_skip_rows_that_would_leak() -> None:
    items, report = halueval.build_split(_sample_rows(), "dev", 0, 10, n_answerable=3, n_unanswerable=2)
    answerable = [i for i in items if not i.get("unanswerable")]
    unanswerable = [i for i in items if i.get("unanswerable")]
    assert [i["id"] for i in answerable] == ["hq-0000", "hq-0001", "hq-0002"]
    assert answerable[0]["answer"] == "Oslo" and answerable[0]["hallucinated_answer"] == "Alpha was founded in Rome."
    assert [p["text"] for p in answerable[0]["passages"]] == ["Alpha Corp was founded in Oslo.",
                                                              "Beta Ltd is a firm in Rome."]
    assert [i["id"] for i in unanswerable] == ["hq-0003-u", "hq-0008-u"]
    assert [p["text"] for p in unanswerable[0]["passages"]] == ["Epsilon was written by Zed Ames."]
    assert all(i["answer"] == "" and "hallucinated_answer" not in i for i in unanswerable)
    assert report.skipped == {"yes/no answer": 1, "answer elsewhere in the workspace": 1,
                              "answer named in the question": 1, "answer in every passage": 1}
    assert report.last_row_read == 8  # stops once the split is full: row 9 is left unread
    every_text = [p["text"] for i in items for p in i["passages"]]
    assert not any(halueval.contains(text, answer) for text in every_text for answer in ("Lyon", "Quito"))
    # unanswerable items are spread through the file, not left at its end
    assert [bool(i.get("unanswerable")) for i in items] == [False, True, False, True, False]


def test_a_passage_shared_by_two_rows_is_one_passage_of_the_workspace() -> None:
    rows = [_row(0, "Shared text here.Other one.", "Q1?", "A1"), _row(1, "Shared text here.Third one.", "Q2?", "A2")]
    items, _ = halueval.build_split(rows, "dev", 0, 2, n_answerable=2, n_unanswerable=0)
    assert items[0]["passages"][0] == items[1]["passages"][0]
    assert items[0]["passages"][0]["id"] == halueval.passage_id("Shared text here.")


def test_a_split_that_its_rows_cannot_fill_is_an_error_and_rows_outside_its_range_are_not_used() -> None:
    with pytest.raises(ValueError, match="gave 3 answerable and 1 unanswerable"):
        halueval.build_split(_sample_rows(), "dev", 0, 8, n_answerable=3, n_unanswerable=2)
    items, report = halueval.build_split(_sample_rows(), "test", 8, 10, n_answerable=1, n_unanswerable=0)
    assert [i["id"] for i in items] == ["hq-0008"] and report.first_row == 8


# --- business: the merged dev file ---------------------------------------------------------------------------------


def _item(item_id: str, passage: tuple[str, str], unanswerable: bool = False, tags: tuple[str, ...] = ()) -> Any:
    item: dict[str, Any] = {"id": item_id, "question": f"{item_id}?", "passages": [
        {"id": passage[0], "text": passage[1]}], "answer": "" if unanswerable else "x", "tags": list(tags)}
    if unanswerable:
        item["unanswerable"] = True
    else:
        item["hallucinated_answer"] = "y"
    return item


def test_merge_tags_the_source_set_and_renames_only_clashing_ids() -> None:
    sets = {"dev": [_item("a-1", ("p1", "one")), _item("a-2", ("p2", "two"))],
            "heldout2": [_item("a-1", ("p1", "another text")), _item("b-2", ("p2", "two"))]}
    merged = merge.unify_ids(sets)
    assert [i["id"] for i in merged["dev"]] == ["a-1", "a-2"]
    assert [i["id"] for i in merged["heldout2"]] == ["heldout2-a-1", "b-2"]
    # p1 has another text in heldout2: renamed there; p2 is the same passage in both sets: kept as one
    assert [i["passages"][0]["id"] for i in merged["heldout2"]] == ["heldout2-p1", "p2"]
    assert merged["heldout2"][0]["tags"] == ["source:heldout2"]
    assert sets["heldout2"][0]["id"] == "a-1"  # the input is not changed


def test_merge_order_makes_every_prefix_a_proportional_slice() -> None:
    sets = {name: [_item(f"{name}-{n:02d}", (f"{name}-p{n}", f"{name} text {n}"), unanswerable=n % 3 == 0,
                         tags=("own-passage" if n % 2 else "elsewhere",)) for n in range(40)]
            for name in ("dev", "heldout", "heldout2", "heldout3")}  # 160 items, 56 unanswerable
    ordered = merge.spread_order(merge.unify_ids(sets))
    assert sorted(i["id"] for i in ordered) == sorted(i["id"] for items in sets.values() for i in items)
    head = ordered[:20]
    per_set = {name: sum(f"source:{name}" in i["tags"] for i in head) for name in sets}
    assert all(4 <= n <= 6 for n in per_set.values()), per_set
    assert 6 <= sum(bool(i.get("unanswerable")) for i in head) <= 8
    assert 9 <= sum("own-passage" in i["tags"] for i in head) <= 11
    assert merge.check_slice(ordered, list(sets)) == []  # the first 80: >= 20 unanswerable, >= 50 pairs, every set
    lopsided = sorted(ordered, key=lambda i: bool(i.get("unanswerable")))
    assert any("unanswerable" in problem for problem in merge.check_slice(lopsided, list(sets)))
