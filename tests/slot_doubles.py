"""A scripted model that answers the critic's slot checks (``TASK: PICK``) itself, agreeing with the draft.

Tests that script whole runs (UI, injection) care about routing and rendering, not about how many slot checks
the critic makes for a given draft (that number follows the code audit's rules, which are tuned on the dev set).
Queuing a fixed number of picks made them break whenever a rule changed. This double answers each pick by filling
the blank of the STATEMENT with each option and choosing the one that reproduces a sentence the writer wrote, which
is what a model agreeing with a correct draft would answer; every other call comes from the queue as usual, and
all calls, picks included, are recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from masis_desktop.core.llm.doubles import Call, ScriptedLLM
from masis_desktop.core.llm.protocol import Message, T

_CITATION = re.compile(r"\s*\[[^\]]*\]")


def _norm(text: str) -> str:
    return " ".join(_CITATION.sub("", text).lower().split()).rstrip(".")


def agreeing_choice(messages: Sequence[Message], drafts: Sequence[str]) -> str:
    """The letter of the option that turns the STATEMENT into one of the drafts' sentences ("A" if none does)."""
    body = messages[-1]["content"]
    statement = re.search(r"^STATEMENT: (.*)$", body, re.M)
    options = re.search(r"^OPTIONS: (.*)$", body, re.M)
    if not statement or not options:
        return "A"
    listed = re.findall(r"([A-Z])\) (.*?)(?= [A-Z]\) |$)", options.group(1))
    said = _norm(" ".join(drafts))
    for letter, option in listed:
        if _norm(statement.group(1).replace("____", option)) in said:
            return letter
    return "A"


@dataclass
class PickingScriptedLLM(ScriptedLLM):
    """``ScriptedLLM`` whose slot-check picks agree with the drafts returned by ``drafts()``."""

    drafts: Callable[[], Sequence[str]] = field(default=lambda: ())

    def structured(self, messages: Sequence[Message], response_model: type[T], *, max_tokens: int = 512,
                   max_retries: int = 1, cancel: Any = None) -> T:
        if messages and messages[-1]["content"].endswith("TASK: PICK"):
            if cancel is not None:
                cancel.raise_if_cancelled()
            self.calls.append(Call("structured", [dict(m) for m in messages], response_model.__name__))
            return response_model.model_validate({"choice": agreeing_choice(messages, self.drafts())})
        return super().structured(messages, response_model, max_tokens=max_tokens, max_retries=max_retries,
                                  cancel=cancel)


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
