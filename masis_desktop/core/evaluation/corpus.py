"""What the modes evaluate against: a temporary workspace plus the mapping from its chunks to the gold evidence.

The two dataset kinds name their evidence differently (a passage id, or a quote of a document in a folder), so
the modes never read evidence from an item. They ask the corpus:

- ``gold(item)``: the item's gold units, the ids retrieval recall counts (passage ids, or one id per quote);
- ``units(item, hits)``: the ranked hits as units, best first (a hit holding none of the item's evidence counts as
  a unit of its own, so ``recall@k`` still counts the first k distinct things retrieved);
- ``gold_chunks(item)``: the chunks that hold the item's evidence, in reading order (critic mode pins and cites
  them; answer mode's ``cites_gold`` asks whether the answer cited one);
- ``source_of(hit)``: what a cited chunk belongs to, for reading results (passage id, or the file's path).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol

from masis_desktop.core.evaluation.dataset import BaseItem, Dataset, QuestionSet
from masis_desktop.settings import Settings

if TYPE_CHECKING:
    from masis_desktop.core.schemas import SearchHit
    from masis_desktop.core.store.workspace import Workspace


class EvalCorpus(Protocol):
    @property
    def workspace(self) -> Workspace: ...

    def gold(self, item: BaseItem) -> list[str]: ...

    def units(self, item: BaseItem, hits: Iterable[SearchHit]) -> list[str]: ...

    def gold_chunks(self, item: BaseItem) -> list[str]: ...

    def source_of(self, hit: SearchHit) -> str: ...


def open_corpus(dataset: QuestionSet, settings: Settings,
                log: Callable[[str], None] | None = None) -> AbstractContextManager[EvalCorpus]:
    """The temporary workspace for ``dataset``'s kind; entering it ingests, leaving it deletes everything."""
    from masis_desktop.core.evaluation.folder import FolderDataset

    if isinstance(dataset, FolderDataset):
        from masis_desktop.core.evaluation.folder_workspace import FolderWorkspace

        return FolderWorkspace(dataset, settings, log)
    if isinstance(dataset, Dataset):
        from masis_desktop.core.evaluation.workspace import EvalWorkspace

        return EvalWorkspace(dataset, settings, log)
    raise TypeError(f"no corpus for a dataset of type {type(dataset).__name__}")
