"""Honest test doubles for the ``LLM`` protocol (in the spirit of simonw/llm's ``MockModel``).

``ScriptedLLM`` replays queued replies in order and records every call, so routing and penalty tests can pin
exact numbers and assert exactly which model calls happened (for instance: none on the zero-results path).
It raises when a call arrives that nobody scripted, so an unexpected LLM call fails the test.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.protocol import Completion, GenerationStats, Message, T
from masis_desktop.errors import StructuredOutputError

Reply = str | dict[str, Any] | BaseModel | Exception | float | list[float] | Callable[[Sequence[Message]], Any]


@dataclass
class Call:
    kind: str  # "complete" | "stream" | "structured" | "score"
    messages: list[Message]
    response_model: str | None = None
    grammar: str | None = None  # the GBNF grammar a stream was asked to follow (not enforced by the double)


@dataclass
class ScriptedLLM:
    name: str = "scripted"
    replies: deque[Reply] = field(default_factory=deque)
    calls: list[Call] = field(default_factory=list)
    _last: GenerationStats | None = None

    def enqueue(self, *replies: Reply) -> ScriptedLLM:
        self.replies.extend(replies)
        return self

    def _next(self, kind: str, messages: Sequence[Message], model: str | None = None) -> Any:
        self.calls.append(Call(kind, [dict(m) for m in messages], model))
        if not self.replies:
            raise AssertionError(f"{self.name}: unexpected {kind} call (no scripted reply left)")
        reply = self.replies.popleft()
        if callable(reply) and not isinstance(reply, BaseModel):
            reply = reply(messages)
        if isinstance(reply, Exception):
            raise reply
        return reply

    def count_tokens(self, text: str) -> int:
        return max(1, len(text) // 4)

    @property
    def last_stats(self) -> GenerationStats | None:
        return self._last

    def stream(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.0,
               stop: Sequence[str] | None = None, cancel: CancelToken | None = None,
               grammar: str | None = None) -> Iterator[str]:
        text = str(self._next("stream", messages))
        self.calls[-1].grammar = grammar
        pieces = text.split(" ")
        for i, piece in enumerate(pieces):
            if cancel is not None:
                cancel.raise_if_cancelled()
            yield piece if i == len(pieces) - 1 else piece + " "
        self._last = GenerationStats(prompt_tokens=sum(self.count_tokens(m["content"]) for m in messages),
                                     completion_tokens=len(pieces))

    def complete(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.0,
                 stop: Sequence[str] | None = None, cancel: CancelToken | None = None) -> Completion:
        if cancel is not None:
            cancel.raise_if_cancelled()
        text = str(self._next("complete", messages))
        self._last = GenerationStats(completion_tokens=len(text.split()))
        return Completion(text=text, stats=self._last)

    def structured(self, messages: Sequence[Message], response_model: type[T], *, max_tokens: int = 512,
                   max_retries: int = 1, cancel: CancelToken | None = None) -> T:
        if cancel is not None:
            cancel.raise_if_cancelled()
        reply = self._next("structured", messages, response_model.__name__)
        if isinstance(reply, response_model):
            return reply
        try:
            return response_model.model_validate(reply.model_dump() if isinstance(reply, BaseModel) else reply)
        except Exception as exc:
            raise StructuredOutputError(f"{self.name}: invalid {response_model.__name__}: {exc}") from exc

    def score(self, messages: Sequence[Message], prefix: str, continuations: Sequence[str], *,
              cancel: CancelToken | None = None, keep_cache: bool = False) -> list[float]:
        """The scripted reply is the list of log-probabilities (one per continuation), or a number for a single
        continuation."""
        if cancel is not None:
            cancel.raise_if_cancelled()
        upcoming = self.replies[0] if self.replies else None
        if isinstance(upcoming, dict | BaseModel | str):  # scripted for another kind of call: do not swallow it
            self.calls.append(Call("score", [dict(m) for m in messages]))
            raise AssertionError(f"{self.name}: unexpected score call (the next scripted reply is not a score)")
        reply = self._next("score", messages)
        scores = [float(reply)] if isinstance(reply, int | float) else [float(x) for x in reply]
        if len(scores) != len(continuations):
            raise AssertionError(f"{self.name}: {len(scores)} scripted scores for {len(continuations)} continuations")
        return scores
