"""The narrow interface every agent uses to talk to a model.

Four operations (complete, stream, structured, score) over chat messages, plus token counting. It is deliberately
small so that an OpenAI-compatible server backend (llama.cpp server) can implement it without touching agents.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from pydantic import BaseModel

from masis_desktop.core.events import CancelToken

Message = dict[str, str]
T = TypeVar("T", bound=BaseModel)


@dataclass
class GenerationStats:
    """What one call cost. ``prompt_tokens`` counts all prompt tokens; ``prefill_tokens`` only those evaluated
    (the rest came from the KV cache)."""

    prompt_tokens: int = 0
    prefill_tokens: int = 0
    completion_tokens: int = 0
    prefill_ms: float = 0.0
    decode_ms: float = 0.0
    total_ms: float = 0.0
    first_token_ms: float | None = None

    @property
    def cached_tokens(self) -> int:
        return max(0, self.prompt_tokens - self.prefill_tokens)


@dataclass
class Completion:
    text: str
    stats: GenerationStats
    finish_reason: str = "stop"


class LLM(Protocol):
    name: str

    def complete(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int = 256,
        temperature: float = 0.0,
        stop: Sequence[str] | None = None,
        cancel: CancelToken | None = None,
    ) -> Completion: ...

    def stream(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int = 256,
        temperature: float = 0.0,
        stop: Sequence[str] | None = None,
        cancel: CancelToken | None = None,
        grammar: str | None = None,
    ) -> Iterator[str]:
        """Yield the reply's text as decoded. ``grammar``: a GBNF grammar the reply must follow (llama.cpp's)."""
        ...

    def structured(
        self,
        messages: Sequence[Message],
        response_model: type[T],
        *,
        max_tokens: int = 512,
        max_retries: int = 1,
        cancel: CancelToken | None = None,
    ) -> T: ...

    def score(
        self,
        messages: Sequence[Message],
        prefix: str,
        continuations: Sequence[str],
        *,
        cancel: CancelToken | None = None,
        keep_cache: bool = False,
    ) -> list[float]:
        """Log-probability (natural log, summed over tokens) of each continuation, written after ``prefix`` at the
        start of the assistant's reply. No sampling: a sampled answer hides how sure the model was and, given
        options, carries its position bias; likelihoods of candidate values compare directly. ``keep_cache``: a
        side question under another system message, after which the prompt cached before it is cached again (so
        the next call on the usual system message does not pay its prefill twice)."""
        ...

    def count_tokens(self, text: str) -> int: ...

    @property
    def last_stats(self) -> GenerationStats | None: ...
