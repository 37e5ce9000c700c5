"""In-process llama.cpp backend (llama-cpp-python) behind the ``LLM`` protocol.

* One ``Llama`` instance per model file, one lock per instance: a llama.cpp context is not thread-safe, so calls
  on the same model queue on the lock while different models run in parallel.
* Cancellation goes through llama.cpp's abort callback, checked between graph nodes: it stops decoding within
  a token and also interrupts a long prefill; the stream additionally stops at the next piece.
* Structured output goes through **instructor** with llama.cpp's JSON-schema grammar really enforced:
  instructor 1.17 (``Mode.JSON_SCHEMA``) sends ``response_format={"type": "json_schema", ...}``, which
  llama-cpp-python 0.3.36 silently ignores; ``_translate_response_format`` rewrites it to the
  ``{"type": "json_object", "schema": ...}`` form llama-cpp-python turns into a grammar.
* The KV cache is reused across calls: llama-cpp-python keeps the last prompt's tokens and only evaluates the
  suffix that differs, so prompts that share a prefix (critic then evaluator) pay the prefix once.
* One context keeps only the last prompt, so roles that share a model file (writer, critic and evaluator on the
  1.5B) would re-read each other's system prompt on every switch: 8.9 s for the auditor's after a writer call on a
  2-core machine. Each system message's KV cells are therefore kept as a snapshot (``_prime``: the tokens up to
  the user turn, a few MB to tens of MB each, the last ``SNAPSHOT_LIMIT`` kept) and copied back in milliseconds
  when a prompt starts with it and the live cache does not. Weights and context stay shared, so this costs no
  second copy of the model (a second context over the same file measured +785 MB). The check itself formats and
  tokenizes the prompt once more: 3.4 ms for a 2,157-token audit prompt on the 1.5B, against seconds of prefill.
"""

from __future__ import annotations

import ctypes
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.protocol import Completion, GenerationStats, Message, T
from masis_desktop.errors import CancelledError, ModelError, StructuredOutputError

SNAPSHOT_LIMIT = 4  # distinct system messages kept per model (writer, auditor, and room for a custom prompt)
MIN_SNAPSHOT_TOKENS = 64  # a shorter prefix is cheaper to prefill than to keep


def _common_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def default_threads() -> int:
    """llama.cpp is fastest with one thread per physical core; we use what the OS lets us run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - non-Linux
        return max(1, os.cpu_count() or 1)


def _translate_response_format(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Rewrite instructor's OpenAI ``json_schema`` response_format into llama-cpp-python's grammar form."""
    fmt = kwargs.get("response_format")
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        schema = (fmt.get("json_schema") or {}).get("schema")
        kwargs = {**kwargs, "response_format": {"type": "json_object", "schema": schema}}
    return kwargs


class LlamaLLM:
    """A loaded GGUF model. Thread-safe: every call holds the instance lock."""

    def __init__(
        self,
        path: Path,
        *,
        name: str | None = None,
        n_ctx: int = 4096,
        n_threads: int | None = None,
        n_batch: int = 256,
        seed: int = 0,
    ) -> None:
        import llama_cpp

        self.name = name or path.stem
        self.path = path
        self.n_ctx = n_ctx
        self._lock = threading.RLock()
        self._compiled_grammar: tuple[str, Any] | None = None
        self._cancel: CancelToken | None = None
        self._last_stats: GenerationStats | None = None
        threads = n_threads or default_threads()
        try:
            self._llama = llama_cpp.Llama(
                model_path=str(path),
                n_ctx=n_ctx,
                n_threads=threads,
                n_threads_batch=threads,
                n_batch=n_batch,
                n_ubatch=n_batch,
                seed=seed,
                verbose=False,
            )
        except Exception as exc:  # llama-cpp raises ValueError/RuntimeError with little detail
            raise ModelError(f"llama.cpp could not load {path}: {exc}") from exc
        self._instructor_create: Any = None
        self._formatter: Any = None  # the GGUF chat template, built on first use by ``score``
        self._add_bos = False
        self._prefixes: OrderedDict[tuple[int, ...], tuple[list[int], Any, int]] = OrderedDict()
        self.snapshot_restores = 0  # how often a system prefix came back from a snapshot (tests, bench)
        # llama.cpp checks this between graph nodes: it lets Cancel interrupt a long prefill.
        self._abort_cb = llama_cpp.ggml_abort_callback(self._should_abort)
        llama_cpp.llama_set_abort_callback(self._llama.ctx, self._abort_cb, ctypes.c_void_p(0))

    # -- helpers -------------------------------------------------------------------------------------------

    def _should_abort(self, _data: ctypes.c_void_p) -> bool:
        cancel = self._cancel
        return bool(cancel is not None and cancel.cancelled)

    def _perf(self) -> tuple[float, float, int, int]:
        import llama_cpp

        data = llama_cpp.llama_perf_context(self._llama.ctx)
        return data.t_p_eval_ms, data.t_eval_ms, data.n_p_eval, data.n_eval

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    @property
    def last_stats(self) -> GenerationStats | None:
        return self._last_stats

    def _finish_stats(self, start: float, before: tuple[float, float, int, int], first: float | None,
                      completion_tokens: int) -> GenerationStats:
        p_ms, e_ms, n_p, _ = self._perf()
        prefill_tokens = n_p - before[2]
        stats = GenerationStats(
            prompt_tokens=max(0, self._llama.n_tokens - completion_tokens),
            prefill_tokens=prefill_tokens,
            completion_tokens=completion_tokens,
            prefill_ms=p_ms - before[0],
            decode_ms=e_ms - before[1],
            total_ms=(time.perf_counter() - start) * 1000,
            first_token_ms=None if first is None else (first - start) * 1000,
        )
        self._last_stats = stats
        return stats

    # -- the protocol --------------------------------------------------------------------------------------

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
        """Yield text pieces as they are decoded; closing the iterator stops generation. ``grammar``: GBNF text the
        reply must follow (compiled once per distinct grammar)."""
        with self._lock:
            self._cancel = cancel
            start = time.perf_counter()
            before = self._perf()
            first: float | None = None
            produced = 0
            chunks: Any = None
            try:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                self._prime(messages)
                chunks = self._llama.create_chat_completion(
                    messages=list(messages),  # type: ignore[arg-type]
                    max_tokens=max_tokens,
                    temperature=temperature,
                    stop=list(stop or []),
                    stream=True,
                    grammar=self._grammar(grammar) if grammar else None,
                )
                for chunk in cast(Iterator[dict[str, Any]], chunks):
                    if cancel is not None and cancel.cancelled:
                        raise CancelledError("cancelled by the user")
                    piece = chunk["choices"][0]["delta"].get("content")
                    if piece:
                        if first is None:
                            first = time.perf_counter()
                        produced += 1
                        yield piece
            except RuntimeError as exc:
                if cancel is not None and cancel.cancelled:
                    raise CancelledError("cancelled by the user") from exc
                raise ModelError(f"{self.name}: generation failed: {exc}") from exc
            except ValueError as exc:  # llama-cpp-python refuses a prompt longer than the context window
                raise ModelError(f"{self.name}: the prompt does not fit the model's context window "
                                 f"(n_ctx={self.n_ctx}): {exc}; raise models.n_ctx in Settings or ask a shorter "
                                 "question") from exc
            finally:
                if chunks is not None:
                    chunks.close()
                self._cancel = None
                self._finish_stats(start, before, first, produced)

    def complete(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int = 256,
        temperature: float = 0.0,
        stop: Sequence[str] | None = None,
        cancel: CancelToken | None = None,
    ) -> Completion:
        text = "".join(self.stream(messages, max_tokens=max_tokens, temperature=temperature, stop=stop,
                                   cancel=cancel))
        stats = self._last_stats or GenerationStats()
        return Completion(text=text, stats=stats,
                          finish_reason="length" if stats.completion_tokens >= max_tokens else "stop")

    def structured(
        self,
        messages: Sequence[Message],
        response_model: type[T],
        *,
        max_tokens: int = 512,
        max_retries: int = 1,
        cancel: CancelToken | None = None,
    ) -> T:
        """Fill ``response_model`` under a JSON-schema grammar; raise ``StructuredOutputError`` if it cannot."""
        import instructor

        if self._instructor_create is None:
            def create(**kwargs: Any) -> Any:
                return self._llama.create_chat_completion_openai_v1(**_translate_response_format(kwargs))

            self._instructor_create = instructor.patch(create=create, mode=instructor.Mode.JSON_SCHEMA)

        with self._lock:
            self._cancel = cancel
            start = time.perf_counter()
            before = self._perf()
            try:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                self._prime(messages)
                result = self._instructor_create(
                    messages=list(messages),
                    response_model=response_model,
                    max_retries=max_retries,
                    max_tokens=max_tokens,
                    temperature=0.0,
                )
                return cast(T, result)
            except CancelledError:
                raise
            except Exception as exc:
                if cancel is not None and cancel.cancelled:
                    raise CancelledError("cancelled by the user") from exc
                raise StructuredOutputError(
                    f"{self.name} produced no valid {response_model.__name__}: {type(exc).__name__}: "
                    f"{str(exc)[:300]}"
                ) from exc
            finally:
                self._cancel = None
                _, _, _, n_e = self._perf()
                self._finish_stats(start, before, None, n_e - before[3])

    def score(
        self,
        messages: Sequence[Message],
        prefix: str,
        continuations: Sequence[str],
        *,
        cancel: CancelToken | None = None,
        keep_cache: bool = False,
    ) -> list[float]:
        """Summed log-probability of each continuation after ``prefix`` in the assistant's reply.

        The prompt is formatted with the model's own chat template (as ``create_chat_completion`` does, so the KV
        cache is shared with the other calls), the longest cached prefix is kept, and each continuation token is
        read from the logits and then evaluated: a prefill plus one decode step per token, no sampling."""
        with self._lock:
            self._cancel = cancel
            start = time.perf_counter()
            before = self._perf()
            scored = 0
            saved = self._save_cache() if keep_cache else None
            try:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                self._prime(messages)
                head = self._chat_text(messages) + prefix
                base = self._tokens(head)
                out: list[float] = []
                for text in continuations:
                    full = self._tokens(head + text)
                    # tokens may merge across the boundary: score from the first one that differs
                    shared = max(1, _common_prefix(base, full))
                    logprobs = self._next_logprobs(full[:shared])
                    total = 0.0
                    for k, token in enumerate(full[shared:]):
                        total += float(logprobs[token])
                        scored += 1
                        if k + shared + 1 < len(full):
                            if cancel is not None:
                                cancel.raise_if_cancelled()
                            logprobs = self._next_logprobs([token], extend=True)
                    out.append(total)
                return out
            except RuntimeError as exc:
                if cancel is not None and cancel.cancelled:
                    raise CancelledError("cancelled by the user") from exc
                raise ModelError(f"{self.name}: evaluation failed: {exc}") from exc
            except ValueError as exc:
                raise ModelError(f"{self.name}: cannot score: {exc}") from exc
            finally:
                self._cancel = None
                self._finish_stats(start, before, None, scored)
                if saved is not None:
                    self._restore_cache(saved)

    def _grammar(self, text: str) -> Any:
        """The compiled GBNF grammar (llama-cpp-python's ``LlamaGrammar``); the last one is kept, since a retry or
        a sampled draft over the same evidence asks for the same grammar."""
        from llama_cpp import LlamaGrammar

        if self._compiled_grammar is None or self._compiled_grammar[0] != text:
            self._compiled_grammar = (text, LlamaGrammar.from_string(text, verbose=False))
        return self._compiled_grammar[1]

    def _prime(self, messages: Sequence[Message]) -> None:
        """Make the KV cache start with this prompt's system message before llama-cpp-python takes the prompt.

        When the live cache already holds it, nothing happens. Otherwise the snapshot of that prefix is copied
        back, or, the first time, the prefix is evaluated here (it had to be anyway) and a snapshot is kept.
        Then llama-cpp-python's own longest-prefix match evaluates only the rest. Any failure leaves the cache to
        llama-cpp-python, which is only slower."""
        if not messages or messages[0].get("role") != "system":
            return
        try:
            tokens = self._tokens(self._chat_text(messages))
            probe = self._tokens(self._chat_text([messages[0], {"role": "user", "content": "?"}]))
        except Exception:  # no chat template: llama-cpp-python formats the prompt its own way
            return
        head = _common_prefix(tokens, probe)  # the system turn and the user turn's opening tokens
        if head < MIN_SNAPSHOT_TOKENS or head >= len(tokens) or head >= self.n_ctx:
            return
        llama = self._llama
        cached = _common_prefix(llama.input_ids[: llama.n_tokens].tolist(), tokens)
        if cached >= head:
            return
        key = tuple(tokens[:head])
        snapshot = self._prefixes.get(key)
        if snapshot is not None:
            self._prefixes.move_to_end(key)
            self._restore_cache(snapshot)
            self.snapshot_restores += 1
            return
        if cached > 0 and llama._ctx.kv_cache_seq_rm(-1, cached, -1):
            llama.n_tokens = cached
        else:
            llama.reset()
            cached = 0
        llama.eval(tokens[cached:head])
        saved = self._save_cache()
        if saved is not None:
            self._prefixes[key] = saved
            while len(self._prefixes) > SNAPSHOT_LIMIT:
                self._prefixes.popitem(last=False)

    def _save_cache(self) -> tuple[list[int], Any, int] | None:
        """The evaluated tokens and their KV cells (sequence 0 only: tens of MB for a long prompt, copied in
        milliseconds), or None when nothing is cached."""
        import llama_cpp

        llama = self._llama
        n = llama.n_tokens
        if n == 0:
            return None
        size = llama_cpp.llama_state_seq_get_size(llama.ctx, 0)
        buf = (ctypes.c_uint8 * size)()
        got = llama_cpp.llama_state_seq_get_data(llama.ctx, buf, size, 0)
        return (llama.input_ids[:n].tolist(), buf, got) if got else None

    def _restore_cache(self, saved: tuple[list[int], Any, int]) -> None:
        """Put back what ``_save_cache`` copied; if llama.cpp refuses, start from an empty cache (only slower)."""
        import llama_cpp

        llama = self._llama
        ids, buf, size = saved
        llama._ctx.kv_cache_seq_rm(-1, 0, -1)
        if llama_cpp.llama_state_seq_set_data(llama.ctx, buf, size, 0) == size:
            llama.input_ids[:len(ids)] = ids
            llama.n_tokens = len(ids)
        else:
            llama.reset()

    def _chat_text(self, messages: Sequence[Message]) -> str:
        """The prompt text ``create_chat_completion`` would build, ending with the generation prompt."""
        from llama_cpp import llama_chat_format

        if self._formatter is None:
            llama = self._llama
            template = llama.metadata.get("tokenizer.chat_template")
            if not template:
                raise ValueError("the GGUF file has no chat template (tokenizer.chat_template)")
            eos, bos = llama.token_eos(), llama.token_bos()
            self._formatter = llama_chat_format.Jinja2ChatFormatter(
                template=template,
                eos_token=llama._model.token_get_text(eos) if eos != -1 else "",
                bos_token=llama._model.token_get_text(bos) if bos != -1 else "",
                stop_token_ids=[eos],
            )
        result = self._formatter(messages=list(messages))
        self._add_bos = not result.added_special
        return str(result.prompt)

    def _tokens(self, text: str) -> list[int]:
        return list(self._llama.tokenize(text.encode("utf-8"), add_bos=self._add_bos, special=True))

    def _next_logprobs(self, tokens: list[int], *, extend: bool = False) -> Any:
        """Evaluate ``tokens`` and return the log-probabilities of the next token. ``extend``: append to what is
        evaluated; otherwise ``tokens`` is a whole prompt and the longest prefix already cached is kept (as
        ``Llama.generate`` does)."""
        import llama_cpp
        import numpy as np

        llama = self._llama
        if extend:
            if llama.n_tokens + len(tokens) > self.n_ctx:
                raise ValueError(f"Requested tokens exceed context window of {self.n_ctx}")
        else:
            if len(tokens) >= self.n_ctx:
                raise ValueError(f"Requested tokens ({len(tokens)}) exceed context window of {self.n_ctx}")
            # at least one token is evaluated, so the logits are fresh
            prefix = min(_common_prefix(llama._input_ids.tolist(), tokens), len(tokens) - 1)
            if prefix > 0 and not llama._ctx.kv_cache_seq_rm(-1, prefix, -1):
                prefix = 0
            if prefix == 0:
                llama.reset()
            else:
                llama.n_tokens = prefix
            tokens = tokens[prefix:]
        llama.eval(tokens)
        row = llama_cpp.llama_get_logits_ith(llama.ctx, -1)
        logits = np.ctypeslib.as_array(row, shape=(llama.n_vocab(),)).astype(np.float64)
        top = logits.max()
        return logits - (top + np.log(np.exp(logits - top).sum()))

    def close(self) -> None:
        with self._lock:
            self._llama.close()
