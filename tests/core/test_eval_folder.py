"""Folder datasets: quotes located in extracted text as readers produce it, strict question files, the content hash,
and the shipped question sets for whole documents (technical documentation and licences)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.core.evaluation.dataset import DatasetError
from masis_desktop.core.evaluation.folder import (
    find_spans,
    folder_sha256,
    load_folder_dataset,
    normalise,
    read_questions,
)
from masis_desktop.core.evaluation.folder_workspace import gold_chunks_for

REPO = Path(__file__).resolve().parents[2]
SHIPPED = {"docs": REPO / "tests/data/eval/docs", "licenses": REPO / "tests/data/eval/licenses"}


# --- locating quotes ------------------------------------------------------------------------------------------------


def test_a_quote_matches_across_line_breaks_and_runs_of_spaces() -> None:
    text = "The delays are currently 2, 5 or 10\n   days, depending on the urgency."
    [(start, end)] = find_spans(text, "currently 2, 5 or 10 days")
    assert text[start:end] == "currently 2, 5 or 10\n   days"


def test_a_word_hyphenated_at_a_line_end_matches_whether_or_not_a_reader_rejoins_it() -> None:
    pdf_text = "with two varia-\ntions. Firstly, the acceptable waiting period"
    [(start, end)] = find_spans(pdf_text, "with two variations. Firstly")
    assert pdf_text[start:end] == "with two varia-\ntions. Firstly"
    assert find_spans("with two variations. Firstly", "with two varia- tions. Firstly")
    assert find_spans("a non-\nempty list", "a non-empty list")  # a real compound broken at the line end
    assert not find_spans("the 8 - 32 range", "the 832 range")  # only a hyphen between letters is dropped


def test_ligatures_curly_quotes_and_soft_hyphens_fold_to_plain_text() -> None:
    text = "The \ufb01le\u2019s default is \u201cexclusive\u201d and a re\u00adfund."
    assert find_spans(text, "The file's default is \"exclusive\"")
    assert find_spans(text, "and a refund.")
    norm, origin = normalise(text)
    assert norm.startswith("The file's") and len(origin) == len(norm)
    assert text[origin[4]] == "\ufb01"  # both letters of the ligature point at the one source character


def test_every_occurrence_is_found_and_case_is_kept() -> None:
    text = "Other NMUs: 10 days\n...\nOther NMUs: 10 days"
    assert len(find_spans(text, "Other NMUs: 10 days")) == 2
    assert find_spans(text, "other nmus: 10 days") == []


def test_gold_chunks_are_those_containing_the_quote_else_those_overlapping_it() -> None:
    chunks = [(0, 100, "c1"), (80, 200, "c2"), (180, 300, "c3")]
    assert gold_chunks_for([(85, 95)], chunks) == ["c1", "c2"]  # inside the overlap: both hold it whole
    assert gold_chunks_for([(120, 150)], chunks) == ["c2"]
    assert gold_chunks_for([(150, 250)], chunks) == ["c2", "c3"]  # cut by a boundary: the chunks it overlaps
    assert gold_chunks_for([(10, 20), (250, 260)], chunks) == ["c1", "c3"]
    assert gold_chunks_for([], chunks) == []


# --- the questions file -------------------------------------------------------------------------------------------


def _item(item_id: str, **extra: Any) -> dict[str, Any]:
    obj: dict[str, Any] = {"id": item_id, "question": f"What is {item_id}?", "answer": "42",
                           "evidence": [{"file": "a.txt", "quote": "the answer is 42 here"}]}
    obj.update(extra)
    return obj


def _folder(tmp_path: Path, lines: list[str]) -> tuple[Path, Path]:
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "a.txt").write_text("In this file the answer is 42 here.\n", encoding="utf-8")
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return docs, questions


def test_a_valid_folder_dataset_loads_with_its_line_numbers(tmp_path: Path) -> None:
    docs, questions = _folder(tmp_path, [json.dumps(_item("a")), "",
                                         json.dumps({"id": "u", "question": "Who?", "answer": "",
                                                     "unanswerable": True})])
    data = load_folder_dataset(docs, questions)
    assert [i.id for i in data.items] == ["a", "u"] and data.lines == {"a": 1, "u": 3}
    assert data.where(data.items[1]) == f"{questions}:3: item 'u'"
    assert data.describe() == {"dataset": str(questions), "docs": str(docs), "docs_sha256": data.docs_sha256,
                               "questions_sha256": data.questions_sha256}


@pytest.mark.parametrize(("line", "message"), [
    ("{oops", "not valid JSON"),
    ("[1]", "each line must be a JSON object"),
    (json.dumps(_item("a", evidence=[])), "needs evidence"),
    (json.dumps(_item("a", unanswerable=True, answer="")), "has no evidence"),
    (json.dumps(_item("a", evidence=[{"file": "../a.txt", "quote": "the answer is 42 here"}])), "inside the documents"),
    (json.dumps(_item("a", evidence=[{"file": "/etc/passwd", "quote": "the answer is 42 here"}])), "inside the docum"),
    (json.dumps(_item("a", evidence=[{"file": "a.txt", "quote": "42"}])), "too short"),
    (json.dumps(_item("a", evidence=[{"file": "b.txt", "quote": "the answer is 42 here"}])), "'b.txt' is not in"),
    (json.dumps(_item("a", passages=[])), "unknown key 'passages'"),
    (json.dumps({"id": "a", "question": "q?"}), "missing key 'answer'"),
])
def test_a_bad_question_line_is_a_clear_error_naming_the_line(tmp_path: Path, line: str, message: str) -> None:
    docs, questions = _folder(tmp_path, [json.dumps(_item("ok")), line])
    with pytest.raises(DatasetError, match=message) as info:
        load_folder_dataset(docs, questions)
    assert f"{questions}:2" in str(info.value)


def test_missing_inputs_are_clear_errors(tmp_path: Path) -> None:
    docs, questions = _folder(tmp_path, [json.dumps(_item("a")), json.dumps(_item("a"))])
    with pytest.raises(DatasetError, match="duplicate item id 'a'"):
        load_folder_dataset(docs, questions)
    with pytest.raises(DatasetError, match="does not exist or is not a folder"):
        load_folder_dataset(tmp_path / "nowhere", questions)
    with pytest.raises(DatasetError, match="cannot read questions file"):
        load_folder_dataset(docs, tmp_path / "missing.jsonl")
    questions.write_text("\n\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="holds no items"):
        load_folder_dataset(docs, questions)


def test_the_hash_changes_with_any_document_and_with_the_questions(tmp_path: Path) -> None:
    docs, questions = _folder(tmp_path, [json.dumps(_item("a"))])
    first = load_folder_dataset(docs, questions)
    assert folder_sha256(docs) == first.docs_sha256
    (docs / "sub").mkdir()
    (docs / "sub" / "b.md").write_text("more\n", encoding="utf-8")
    second = load_folder_dataset(docs, questions)
    assert second.docs_sha256 != first.docs_sha256 and second.sha256 != first.sha256
    (docs / ".hidden").write_text("ignored like ingest ignores it\n", encoding="utf-8")
    assert load_folder_dataset(docs, questions).sha256 == second.sha256
    questions.write_text(json.dumps(_item("a", answer="43")) + "\n", encoding="utf-8")
    assert load_folder_dataset(docs, questions).sha256 != second.sha256


# --- the shipped question sets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("genre", sorted(SHIPPED))
def test_shipped_folder_sets_have_the_sizes_issue_41_asks_and_do_not_overlap(genre: str) -> None:
    splits = {split: read_questions(SHIPPED[genre] / f"{split}.jsonl")[0] for split in ("dev", "test")}
    for split, items in splits.items():
        unanswerable = [i for i in items if i.unanswerable]
        assert len(items) >= 60 and len(unanswerable) >= 15, (genre, split)
        assert all(i.has_pair for i in items if not i.unanswerable)
        assert all(i.id.startswith(f"{'docs' if genre == 'docs' else 'lic'}-{split}-") for i in items)
        # a --limit slice is fair: the first 20 items hold both kinds
        assert any(i.unanswerable for i in items[:20]) and not all(i.unanswerable for i in items[:20])
    dev, test = splits["dev"], splits["test"]
    assert not {i.question.lower() for i in dev} & {i.question.lower() for i in test}
    # test questions are about other documents than dev questions
    assert not {e.file for i in dev for e in i.evidence} & {e.file for i in test for e in i.evidence}
