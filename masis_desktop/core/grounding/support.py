"""How well a cited passage supports a sentence, and where: the score and the span the UI highlights.

Content-word recall of the sentence in each sentence of the cited chunks, blended 50/50 with MiniLM similarity when
an encoder is given (an encoder that fails degrades the score to lexical, never fails the audit). Sentences are
those of a chunk's reading text (``Source.text``); the span returned is mapped back to the stored chunk text, whose
offsets the UI highlights by.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from masis_desktop.core import text as tx
from masis_desktop.core.grounding.claims import Source
from masis_desktop.core.schemas import SupportSpan


class Encoder(Protocol):
    def encode(self, texts: list[str]) -> np.ndarray: ...


def _recall(claim_stems: set[str], target_stems: set[str]) -> float:
    if not claim_stems:
        return 1.0
    return len(claim_stems & target_stems) / len(claim_stems)


@dataclass
class Embeddings:
    encoder: Encoder | None
    cache: dict[str, np.ndarray] = field(default_factory=dict)

    def prime(self, texts: list[str]) -> None:
        if self.encoder is None:
            return
        todo = list(dict.fromkeys(t for t in texts if t and t not in self.cache))
        if not todo:
            return
        try:
            vectors = self.encoder.encode(todo)
        except Exception:  # an embedder failure degrades the score to lexical, never fails the audit
            self.encoder = None
            return
        for t, v in zip(todo, vectors, strict=True):
            self.cache[t] = np.asarray(v, dtype=np.float32)

    def sim(self, a: str, b: str) -> float | None:
        va, vb = self.cache.get(a), self.cache.get(b)
        if va is None or vb is None:
            return None
        return float(np.dot(va, vb))


def _figures(stems: set[str]) -> set[str]:
    return {s for s in stems if any(ch.isdigit() for ch in s)}


def support(claim: str, sources: list[Source], emb: Embeddings) -> tuple[float, SupportSpan | None]:
    """Support score of ``claim`` in ``sources`` and the best supporting sentence (offsets in its stored chunk
    text, not in the reading text the sentence was matched in).

    The span is the sentence that states most of the claim's figures, then the closest in words and meaning: the
    figures are what a reader checks, and a sentence that only shares the claim's subject ("the gzip module
    provides a command line interface") is not where its value ("the default compression level is 6") is stated.
    The score does not depend on which sentence is shown."""
    stems = tx.content_stems(claim)
    figures = _figures(stems)
    best_score = 0.0
    best_span: SupportSpan | None = None
    best_key: tuple[float, float, float] | None = None
    for src in sources:
        chunk_recall = _recall(stems, tx.content_stems(src.text))
        for sent in src.sentences:
            sent_stems = tx.content_stems(sent.text)
            lex = _recall(stems, sent_stems)
            sim = emb.sim(claim, sent.text)
            local = lex if sim is None else 0.5 * lex + 0.5 * max(0.0, sim)
            score = max(local, chunk_recall if sim is None else 0.5 * chunk_recall + 0.5 * max(0.0, sim))
            best_score = max(best_score, score)
            stated = len(figures & sent_stems) / len(figures) if figures else 1.0
            key = (stated, local, score)
            if best_key is None or key > best_key:
                start, end = src.raw_span(sent.start, sent.end)
                best_key = key
                best_span = SupportSpan(chunk_id=src.id, char_start=start, char_end=end, score=round(local, 3))
    return round(best_score, 3), best_span
