"""A scripted model that answers the critic's slot checks and claim verifications (scores of values, ``TASK:
ANSWER``) itself, agreeing with the draft.

Tests that script whole runs (UI, injection) care about routing and rendering, not about how many slot checks
and verifications the critic makes for a given draft (that number follows the code audit's rules, which are tuned
on the dev set). Queuing a fixed number of replies made them break whenever a rule changed. This double scores a
value as likely when, written after its prefix, it reproduces what the writer wrote, which is what a model agreeing
with a correct draft would do; every other call comes from the queue as usual, and all calls are recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from masis_desktop.core.llm.doubles import Call, ScriptedLLM
from masis_desktop.core.llm.protocol import Message

_CITATION = re.compile(r"\s*\[[^\]]*\]")


def _norm(text: str) -> str:
    return " ".join(_CITATION.sub("", text).lower().split()).rstrip(".")


@dataclass
class PickingScriptedLLM(ScriptedLLM):
    """``ScriptedLLM`` whose slot checks and verifications agree with the drafts returned by ``drafts()``."""

    drafts: Callable[[], Sequence[str]] = field(default=lambda: ())

    def score(self, messages: Sequence[Message], prefix: str, continuations: Sequence[str], *,
              cancel: Any = None, keep_cache: bool = False) -> list[float]:
        """A reading of the passage that agrees with the drafts: a continuation that reproduces (part of) a drafted
        sentence is likely (0.0), any other unlikely (-20.0)."""
        if cancel is not None:
            cancel.raise_if_cancelled()
        self.calls.append(Call("score", [dict(m) for m in messages]))
        said = _norm(" ".join(self.drafts()))
        return [0.0 if _norm(prefix + c) in said else -20.0 for c in continuations]


def written_by(writer: ScriptedLLM) -> Callable[[], list[str]]:
    """What ``writer`` has produced so far, for ``PickingScriptedLLM(drafts=...)``: its stream/complete outputs are
    not kept by ``ScriptedLLM``, so this records them by wrapping ``_next``."""
    existing = getattr(writer, "_produced_drafts", None)
    if existing is not None:  # already recording (a test may wire the same writer again)
        return lambda: existing
    produced: list[str] = []
    writer._produced_drafts = produced  # type: ignore[attr-defined]
    original = writer._next

    def recording(kind: str, messages: Sequence[Message], model: str | None = None) -> Any:
        reply = original(kind, messages, model)
        if kind in ("stream", "complete"):
            produced.append(str(reply))
        return reply

    writer._next = recording  # type: ignore[method-assign]
    return lambda: produced
