"""A paced, prompt-aware stand-in for a loaded GGUF model, for runs where the model's speed is in the way.

On this shared 2-core machine a whole ``masis ask`` on SmolLM2-135M takes ~40 s (the auditor's prompt alone is
~1,100 tokens of prefill). Kill loops need many runs whose writes happen exactly as in the real command, not real
model output: ``PacedLLM`` answers like a compliant model (cites the first evidence id, fills the schemas) and
takes a few milliseconds per token, so a run lasts about a second and kills spread over all of it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.protocol import Completion, GenerationStats, Message, T
from masis_desktop.errors import CancelledError

_ID = re.compile(r"^\[(c\d+)\]", re.M)


class PacedLLM:
    def __init__(self, path: Path, *, name: str | None = None, n_ctx: int = 4096, seconds_per_token: float = 0.01,
                 **_: Any) -> None:
        self.path = path
        self.name = name or path.stem
        self.n_ctx = n_ctx
        self.pace = seconds_per_token
        self._last: GenerationStats | None = None

    def count_tokens(self, text: str) -> int:
        return max(1, len(text) // 4)

    @property
    def last_stats(self) -> GenerationStats | None:
        return self._last

    def _tick(self, cancel: CancelToken | None) -> None:
        time.sleep(self.pace)
        if cancel is not None and cancel.cancelled:
            raise CancelledError("cancelled by the user")

    def stream(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.0,
               stop: Sequence[str] | None = None, cancel: CancelToken | None = None,
               grammar: str | None = None) -> Iterator[str]:
        text = "\n".join(m["content"] for m in messages)
        ids = _ID.findall(text)
        answer = f"The upload timeout is 60 seconds [{ids[0]}]." if ids else "I lack sufficient evidence."
        for _ in range(self.count_tokens(text) // 20):  # prefill, compressed
            self._tick(cancel)
        words = answer.split(" ")
        for i, word in enumerate(words[:max_tokens]):
            self._tick(cancel)
            yield word if i == len(words) - 1 else word + " "
        self._last = GenerationStats(prompt_tokens=self.count_tokens(text), completion_tokens=len(words))

    def complete(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.0,
                 stop: Sequence[str] | None = None, cancel: CancelToken | None = None) -> Completion:
        text = "".join(self.stream(messages, max_tokens=max_tokens, cancel=cancel))
        return Completion(text=text, stats=self._last or GenerationStats())

    def structured(self, messages: Sequence[Message], response_model: type[T], *, max_tokens: int = 512,
                   max_retries: int = 1, cancel: CancelToken | None = None) -> T:
        text = "\n".join(m["content"] for m in messages)
        for _ in range(self.count_tokens(text) // 20 + 30):
            self._tick(cancel)
        fields = response_model.model_fields
        reply: dict[str, Any] = {}
        for name, info in fields.items():
            if name in ("hallucination_detected", "needs_retry"):
                reply[name] = False
            elif info.annotation is float:
                reply[name] = 0.9
            elif not info.is_required():
                continue
        self._last = GenerationStats(prompt_tokens=self.count_tokens(text), completion_tokens=30)
        return response_model.model_validate(reply)

    def score(self, messages: Sequence[Message], prefix: str, continuations: Sequence[str], *,
              cancel: CancelToken | None = None, keep_cache: bool = False) -> list[float]:
        """Like a compliant model reading the value it wrote: likely, and the first option the likeliest."""
        text = "\n".join(m["content"] for m in messages)
        for _ in range(self.count_tokens(text) // 20 + len(continuations)):  # prefill, compressed; a step per value
            self._tick(cancel)
        self._last = GenerationStats(prompt_tokens=self.count_tokens(text), completion_tokens=len(continuations))
        return [-0.5 - i for i in range(len(continuations))]

    def close(self) -> None:
        pass
