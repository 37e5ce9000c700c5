"""A role served by an OpenAI-compatible inference server (llama.cpp's server, vLLM, Ollama) behind the ``LLM``
protocol, so a team can run one large model for many desktop clients while documents, index and history stay on
each laptop (docs/SERVING.md).

Every call is a streamed ``/v1/chat/completions`` request, for three reasons: the UI sees tokens as they come,
cancelling closes the connection (llama.cpp's servers stop generating when the client goes away), and a reply the
server cuts short is told apart from a finished one (no ``finish_reason``: llama-cpp-python's server ends one reply
early when another request arrives unless it runs with ``--interrupt_requests False``).

* ``structured``: instructor (``Mode.JSON_SCHEMA``) over the same streamed call. The OpenAI form
  ``response_format={"type": "json_schema", ...}`` goes first (llama.cpp's ``llama-server``, vLLM and Ollama
  enforce it); a server that rejects that form (llama-cpp-python's server: HTTP 500 naming it) gets the
  ``{"type": "json_object", "schema": ...}`` form its grammar understands, and is remembered as needing it.
* ``score``: the reply is forced to the server tokenizer's own tokens of ``prefix + continuation`` by a GBNF
  grammar of token ids (``root ::= <[id]> <[id]> ...``, llama.cpp's ``grammar`` field) and the server reports each
  token's log-probability under the model's raw distribution (``logprobs``): the quantity the in-process backend
  reads off the logits (tests/serve compare the two on SmolLM2). Forcing the *text* instead would let the model
  spell it in other tokens (" B" "er" "l" "in" for " Berlin": -40.8 instead of -9.7), so it is not done. Degraded,
  and said so: a server without a tokenizer endpoint, log-probabilities or GBNF (Ollama; vLLM) makes ``score``
  raise ``ModelServerError`` at once and from then on without a request, so the critic's likelihood check is
  skipped there (the code checks still run, and the trace records why).
* ``count_tokens``: the server's tokenizer (``/tokenize`` of llama-server, ``/extras/tokenize`` of
  llama-cpp-python) when it has one, else an estimate of one token per three characters (an over-count, so prompt
  budgets stay inside the context window); ``token_counts_estimated`` says which.
* KV-prefix reuse is the server's: llama.cpp keeps the last prompt of each slot and evaluates only the suffix
  that differs, so the pipeline's shared prefixes (critic, then evaluator, same system message and evidence first)
  pay their prefill once there as they do in-process. ``cache_prompt`` is sent for llama-server; the usage the
  server reports (``timings.cache_n``, ``usage.prompt_tokens_details.cached_tokens``) fills ``prefill_tokens``.

Nothing falls back silently: an unreachable, slow or garbled server is a ``ModelServerError`` with one line that
names the server, the role and the fix; it never becomes a local model's answer.
"""

from __future__ import annotations

import math
import os
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.protocol import Completion, GenerationStats, Message, T
from masis_desktop.errors import CancelledError, ModelError, StructuredOutputError
from masis_desktop.settings import ServerBackend

CONNECT_TIMEOUT_S = 5.0
PROBE_TIMEOUT_S = 5.0
CHARS_PER_TOKEN_ESTIMATE = 3  # an over-count for English text (about 4 per token): budgets stay inside the window
NO_KEY = "not-needed"  # llama.cpp and Ollama accept any key; the OpenAI client insists on one


class ModelServerError(ModelError):
    """An inference server is unreachable, too slow, refuses the request or answers something unusable."""


def server_model_name(backend: ServerBackend) -> str:
    """How a server-backed model is named in traces, exports and ``metrics.models``: the backend is visible."""
    return f"server:{backend.model}@{backend.url}"


def _one_line(text: object, limit: int = 200) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


@dataclass(frozen=True)
class _Token:
    text: str
    logprob: float


@dataclass
class _Reply:
    """What one streamed call produced."""

    text: str = ""
    tokens: list[_Token] = field(default_factory=list)  # when log-probabilities were asked for
    pieces: int = 0  # streamed content chunks: one token each on llama.cpp's servers (when no usage is sent)
    finish_reason: str | None = None
    usage: dict[str, Any] | None = None
    timings: dict[str, Any] | None = None


class OpenAIServerLLM:
    """One model on one server. Thread-safe: at most ``backend.max_concurrent`` calls are in flight at once (one
    by default, matching a llama.cpp server with one slot); the others wait here, in the client, so a server that
    interrupts a running reply for a new one never sees two."""

    def __init__(self, backend: ServerBackend, *, role: str | Sequence[str] = "model", client: Any = None) -> None:
        self.backend = backend
        self.roles = [role] if isinstance(role, str) else list(role)
        self.role = " and ".join(", ".join(self.roles).rsplit(", ", 1))  # "critic and evaluator"
        self.name = server_model_name(backend)
        self._client_obj = client
        self._slots = threading.BoundedSemaphore(backend.max_concurrent)
        self._local = threading.local()  # last_stats per calling thread: concurrent calls never mix their stats
        self._guard = threading.Lock()
        self._json_object_form = False  # the server needs {"type": "json_object", "schema": ...}
        self._no_scores: str | None = None  # why ``score`` cannot work on this server, once known
        self._tokenize_path: str | None = None  # "" when the server has no tokenizer endpoint
        self._instructor_create: Any = None
        self.token_counts_estimated = False

    # -- plumbing -----------------------------------------------------------------------------------------------

    @property
    def root(self) -> str:
        """The server's root (the API URL without its trailing ``/v1``): where llama.cpp's extras live."""
        url = self.backend.url
        return url[: -len("/v1")] if url.endswith("/v1") else url

    def _client(self) -> Any:
        with self._guard:
            if self._client_obj is None:
                import httpx2
                import openai

                key = os.environ.get(self.backend.api_key_env, "") if self.backend.api_key_env else ""
                timeout = httpx2.Timeout(self.backend.timeout_s, connect=min(CONNECT_TIMEOUT_S, self.backend.timeout_s))
                self._client_obj = openai.OpenAI(base_url=self.backend.url, api_key=key or NO_KEY, max_retries=0,
                                                 timeout=timeout)
            return self._client_obj

    def _where(self) -> str:
        return f"the {self.role} server {self.backend.url} (model {self.backend.model})"

    def explain(self, exc: BaseException) -> ModelServerError:
        """One line a user can act on, for anything that went wrong talking to the server."""
        import openai

        where = self._where()
        if isinstance(exc, ModelServerError):
            return exc
        if isinstance(exc, openai.APITimeoutError):
            msg = (f"{where} did not answer within {self.backend.timeout_s:g} s; it may be overloaded or the model "
                   "too large for it (raise the timeout in Settings, or switch the role back to the local model)")
        elif isinstance(exc, openai.APIConnectionError):
            cause = exc.__cause__ or exc.__context__ or exc
            resets = ", ".join(f"`masis models reset {r}`" for r in self.roles)
            msg = f"{where} is unreachable ({_one_line(cause, 120)}); start it, or run {resets} to use the local model"
        elif isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
            env = self.backend.api_key_env
            hint = f"check the key in ${env}" if env else "it needs an API key: set one with --api-key-env VAR"
            msg = f"{where} refused the request (HTTP {exc.status_code}): {hint}"
        elif isinstance(exc, openai.NotFoundError):
            msg = f"{where} answered HTTP 404: it does not serve this model or this API path ({_one_line(exc.message)})"
        elif isinstance(exc, openai.APIStatusError):
            msg = f"{where} answered HTTP {exc.status_code}: {_one_line(exc.message)}"
        else:
            msg = (f"{where} answered something that is not an OpenAI-compatible reply "
                   f"({type(exc).__name__}: {_one_line(exc, 120)})")
        return ModelServerError(msg)

    @property
    def last_stats(self) -> GenerationStats | None:
        return cast(GenerationStats | None, getattr(self._local, "stats", None))

    def _record(self, start: float, first: float | None, reply: _Reply) -> None:
        usage = reply.usage or {}
        timings = reply.timings or {}
        completion = int(usage.get("completion_tokens") or timings.get("predicted_n") or len(reply.tokens)
                         or reply.pieces)
        prompt = int(usage.get("prompt_tokens") or 0)
        cached = (usage.get("prompt_tokens_details") or {}).get("cached_tokens")
        if timings.get("prompt_n") is not None:  # llama-server: tokens evaluated, the rest came from its KV cache
            prefill = int(timings["prompt_n"])
            prompt = prompt or prefill + int(timings.get("cache_n") or 0)
        else:
            prefill = max(0, prompt - int(cached or 0))
        total = (time.perf_counter() - start) * 1000
        first_ms = None if first is None else (first - start) * 1000
        self._local.stats = GenerationStats(
            prompt_tokens=prompt, prefill_tokens=prefill, completion_tokens=completion,
            prefill_ms=float(timings.get("prompt_ms") or first_ms or 0.0),
            decode_ms=float(timings.get("predicted_ms") or (total - first_ms if first_ms is not None else 0.0)),
            total_ms=total, first_token_ms=first_ms)

    def _chat(self, messages: Sequence[Message], *, max_tokens: int, temperature: float,
              stop: Sequence[str] | None, cancel: CancelToken | None, extra: dict[str, Any] | None = None,
              ) -> Iterator[tuple[str, list[_Token]]]:
        """Stream one chat completion: yields (text piece, token log-probabilities); closing the iterator closes
        the connection. Raises ``ModelServerError`` (one line) for anything but a finished reply."""
        import openai

        start = time.perf_counter()
        first: float | None = None
        reply = _Reply()
        body: dict[str, Any] = {"stream_options": {"include_usage": True}, "cache_prompt": True, **(extra or {})}
        stream: Any = None
        watcher: threading.Thread | None = None
        done = threading.Event()
        with self._slots:
            try:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                stream = self._client().chat.completions.create(
                    model=self.backend.model, messages=list(messages), max_tokens=max_tokens,
                    temperature=temperature, stop=list(stop) if stop else None, stream=True, extra_body=body)
                kind = stream.response.headers.get("content-type", "")
                if "event-stream" not in kind:
                    raise ModelServerError(f"{self._where()} answered something that is not an OpenAI-compatible "
                                           f"stream (content-type {_one_line(kind, 60) or 'none'}); is the URL the "
                                           "server's API root, ending in /v1?")
                if cancel is not None:  # a long prefill sends nothing for a while: close the stream to stop it
                    watcher = threading.Thread(target=self._watch, args=(cancel, stream, done), daemon=True,
                                               name="masis-server-cancel")
                    watcher.start()
                for chunk in stream:
                    if cancel is not None and cancel.cancelled:
                        raise CancelledError("cancelled by the user")
                    extra_fields = chunk.model_extra or {}
                    if chunk.usage is not None:
                        reply.usage = chunk.usage.model_dump()
                    if isinstance(extra_fields.get("timings"), dict):
                        reply.timings = extra_fields["timings"]
                    if not chunk.choices:
                        continue
                    choice = chunk.choices[0]
                    if choice.finish_reason:
                        reply.finish_reason = choice.finish_reason
                    piece = (choice.delta.content if choice.delta is not None else None) or ""
                    scored = [_Token(c.token, float(c.logprob))
                              for c in (choice.logprobs.content or [])] if choice.logprobs is not None else []
                    if piece or scored:
                        if first is None:
                            first = time.perf_counter()
                        reply.text += piece
                        reply.pieces += bool(piece)
                        reply.tokens += scored
                        yield piece, scored
                if reply.finish_reason is None:
                    raise ModelServerError(
                        f"{self._where()} ended the reply before it was finished (no finish_reason); "
                        "llama-cpp-python's server does this to a reply when another request arrives: start it with "
                        "--interrupt_requests False")
            except CancelledError:
                raise
            except ModelServerError:
                raise
            except (openai.APIError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
                if cancel is not None and cancel.cancelled:
                    raise CancelledError("cancelled by the user") from exc
                raise self.explain(exc) from exc
            except Exception as exc:  # a transport error of the HTTP client (closed by the watcher, reset, ...)
                if cancel is not None and cancel.cancelled:
                    raise CancelledError("cancelled by the user") from exc
                raise self.explain(exc) from exc
            finally:
                done.set()
                if stream is not None:
                    stream.close()
                self._record(start, first, reply)
                self._local.reply = reply

    @staticmethod
    def _watch(cancel: CancelToken, stream: Any, done: threading.Event) -> None:
        while not done.wait(0.05):
            if cancel.cancelled:
                stream.close()
                return

    # -- the protocol -------------------------------------------------------------------------------------------

    def stream(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.0,
               stop: Sequence[str] | None = None, cancel: CancelToken | None = None,
               grammar: str | None = None) -> Iterator[str]:
        """``grammar``: GBNF text, sent as the llama.cpp server's ``grammar`` field (other servers ignore it)."""
        for piece, _ in self._chat(messages, max_tokens=max_tokens, temperature=temperature, stop=stop,
                                   cancel=cancel, extra={"grammar": grammar} if grammar else None):
            if piece:
                yield piece

    def complete(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.0,
                 stop: Sequence[str] | None = None, cancel: CancelToken | None = None) -> Completion:
        text = "".join(self.stream(messages, max_tokens=max_tokens, temperature=temperature, stop=stop,
                                   cancel=cancel))
        reply: _Reply = self._local.reply
        return Completion(text=text, stats=self.last_stats or GenerationStats(),
                          finish_reason=reply.finish_reason or "stop")

    def _create(self, **kwargs: Any) -> Any:
        """The ``create`` function instructor patches: one streamed call, returned as a ``ChatCompletion``."""
        from openai.types.chat import ChatCompletion

        cancel = kwargs.pop("cancel", None)
        fmt = kwargs.get("response_format")
        extra: dict[str, Any] = {}
        if isinstance(fmt, dict):
            extra["response_format"] = self._response_format(fmt)
        try:
            text = "".join(p for p, _ in self._chat(kwargs["messages"], max_tokens=kwargs.get("max_tokens", 512),
                                                    temperature=kwargs.get("temperature", 0.0), stop=None,
                                                    cancel=cancel, extra=extra))
        except ModelServerError as exc:
            cause = exc.__cause__
            said = str(getattr(cause, "message", "")) + str(getattr(cause, "body", ""))
            rejected = (getattr(cause, "status_code", None) in (400, 422, 500) and "response_format" in extra
                        and ("response_format" in said or "json_schema" in said))
            if not rejected or self._json_object_form:
                raise
            self._json_object_form = True  # llama-cpp-python's server: only its own form turns on the grammar
            extra["response_format"] = self._response_format(fmt or {})
            text = "".join(p for p, _ in self._chat(kwargs["messages"], max_tokens=kwargs.get("max_tokens", 512),
                                                    temperature=kwargs.get("temperature", 0.0), stop=None,
                                                    cancel=cancel, extra=extra))
        reply: _Reply = self._local.reply
        return ChatCompletion.model_validate({
            "id": f"masis-{uuid.uuid4().hex[:12]}", "object": "chat.completion", "created": int(time.time()),
            "model": self.backend.model,
            "choices": [{"index": 0, "finish_reason": reply.finish_reason or "stop",
                         "message": {"role": "assistant", "content": text}}],
        })

    def _response_format(self, fmt: dict[str, Any]) -> dict[str, Any]:
        if fmt.get("type") == "json_schema" and self._json_object_form:
            return {"type": "json_object", "schema": (fmt.get("json_schema") or {}).get("schema")}
        return fmt

    def structured(self, messages: Sequence[Message], response_model: type[T], *, max_tokens: int = 512,
                   max_retries: int = 1, cancel: CancelToken | None = None) -> T:
        """Fill ``response_model`` under the server's JSON-schema grammar; ``StructuredOutputError`` if it cannot."""
        import instructor

        with self._guard:
            if self._instructor_create is None:
                self._instructor_create = instructor.patch(create=self._create, mode=instructor.Mode.JSON_SCHEMA)
        try:
            result = self._instructor_create(messages=list(messages), response_model=response_model,
                                             max_retries=max_retries, max_tokens=max_tokens, temperature=0.0,
                                             cancel=cancel)
            return cast(T, result)
        except (CancelledError, ModelServerError):
            raise
        except Exception as exc:
            if cancel is not None and cancel.cancelled:
                raise CancelledError("cancelled by the user") from exc
            inner = _server_error_in(exc)
            if inner is not None:  # instructor wraps what the server call raised: show the server's line
                raise inner from exc
            raise StructuredOutputError(f"{self.name} produced no valid {response_model.__name__}: "
                                        f"{type(exc).__name__}: {_one_line(exc, 300)}") from exc

    def score(self, messages: Sequence[Message], prefix: str, continuations: Sequence[str], *,
              cancel: CancelToken | None = None, keep_cache: bool = False) -> list[float]:
        """Summed log-probability of each continuation after ``prefix``: the reply is forced, token by token, to
        the server tokenizer's own split of ``prefix + continuation`` (a GBNF grammar of token ids), and the
        server reports each token's log-probability under the model's raw distribution. As in-process, scoring
        starts at the first token that differs from the prefix's own tokens. ``keep_cache`` is the server's
        business: its slot keeps the prompt."""
        if self._no_scores:
            raise ModelServerError(self._no_scores)
        lead = self._tokenize("")  # what the tokenizer puts before any text (a BOS), not part of the reply
        base = _without(lead, self._tokenize(prefix))
        out: list[float] = []
        for text in continuations:
            if cancel is not None:
                cancel.raise_if_cancelled()
            full = _without(lead, self._tokenize(prefix + text))
            shared = 0
            for a, b in zip(base, full, strict=False):
                if a != b:
                    break
                shared += 1
            if shared >= len(full):
                out.append(0.0)
                continue
            grammar = "root ::= " + " ".join(f"<[{t}]>" for t in full)
            list(self._chat(messages, max_tokens=len(full) + 1, temperature=0.0, stop=None, cancel=cancel,
                            extra={"grammar": grammar, "logprobs": True, "top_logprobs": 1}))
            reply: _Reply = self._local.reply
            if not reply.tokens:
                self._no_scores = (f"{self._where()} gives no token log-probabilities, so the critic's likelihood "
                                   "check is skipped on it (the code checks still run); llama.cpp's servers give them")
                raise ModelServerError(self._no_scores)
            if len(reply.tokens) != len(full) or _visible(reply.text) != _visible(prefix + text):
                self._no_scores = (f"{self._where()} did not follow the grammar that fixes the tokens to score (it "
                                   f"wrote {_one_line(reply.text, 40)!r}), so the critic's likelihood check is skipped "
                                   "on it; llama.cpp's servers follow it")
                raise ModelServerError(self._no_scores)
            out.append(sum(t.logprob for t in reply.tokens[shared:]))
        return out

    def _tokenize(self, text: str) -> list[int]:
        """Token ids by the server's tokenizer; ``ModelServerError`` (and no more tries) if it has none."""
        if self._tokenize_path is None:
            self._tokenize_path = self._find_tokenizer()
        if not self._tokenize_path:
            self._no_scores = (f"{self._where()} has no tokenizer endpoint, so the critic's likelihood check is "
                               "skipped on it (the code checks still run); llama.cpp's servers have one")
            raise ModelServerError(self._no_scores)
        body = {"content": text, "add_special": False} if self._tokenize_path == "/tokenize" else {"input": text}
        try:
            data = self._client().post(self.root + self._tokenize_path, body=body, cast_to=object)
            tokens = data["tokens"]
            return [int(t["id"] if isinstance(t, dict) else t) for t in tokens]
        except Exception as exc:
            raise self.explain(exc) from exc

    def count_tokens(self, text: str) -> int:
        """Tokens by the server's own tokenizer when it exposes one; else an over-estimate (see the module note)."""
        if self._tokenize_path is None:
            self._tokenize_path = self._find_tokenizer()
        if self._tokenize_path:
            return len(self._tokenize(text))
        return max(1, math.ceil(len(text) / CHARS_PER_TOKEN_ESTIMATE))

    def _find_tokenizer(self) -> str:
        import openai

        for path, body in (("/tokenize", {"content": "a", "add_special": False}), ("/extras/tokenize", {"input": "a"})):
            try:
                data = self._client().post(self.root + path, body=body, cast_to=object)
            except openai.APIStatusError:
                continue
            except Exception as exc:
                raise self.explain(exc) from exc
            if isinstance(data, dict) and isinstance(data.get("tokens"), list):
                return path
        self.token_counts_estimated = True
        return ""

    def models(self) -> list[str]:
        """The model names the server lists (``GET /v1/models``)."""
        try:
            page = self._client().with_options(timeout=min(PROBE_TIMEOUT_S, self.backend.timeout_s)).models.list()
            return [m.id for m in page.data]
        except Exception as exc:
            raise self.explain(exc) from exc

    def check(self) -> str:
        """Reach the server and confirm it serves the model; a one-line description, or ``ModelServerError``."""
        names = self.models()
        if names and self.backend.model not in names:
            raise ModelServerError(f"{self._where()} is up but does not list model {self.backend.model!r}; it serves: "
                                   f"{_one_line(', '.join(names), 160)}")
        return f"{self.backend.url} is up and serves {self.backend.model}"

    def close(self) -> None:
        with self._guard:
            client, self._client_obj = self._client_obj, None
        if client is not None:
            client.close()


def _visible(text: str) -> str:
    """``text`` without non-ASCII characters: llama-cpp-python streams a character split over several byte tokens
    as empty pieces, so what it shows of a reply lacks them (the tokens and their scores are all there)."""
    return text.encode("ascii", "ignore").decode("ascii")


def _without(lead: list[int], tokens: list[int]) -> list[int]:
    return tokens[len(lead):] if lead and tokens[: len(lead)] == lead else tokens


def _server_error_in(exc: BaseException) -> ModelServerError | None:
    """The ``ModelServerError`` instructor wrapped (its retry error keeps the last attempt's exception)."""
    seen: set[int] = set()
    stack: list[BaseException | None] = [exc]
    while stack:
        current = stack.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, ModelServerError):
            return current
        stack += [current.__cause__, current.__context__]
        last = getattr(current, "last_attempt", None)
        if last is not None and hasattr(last, "exception"):
            stack.append(last.exception())
        for attr in ("failed_attempts",):
            for attempt in getattr(current, attr, None) or []:
                stack.append(getattr(attempt, "exception", None))
    return None


def check_server(backend: ServerBackend, role: str = "model") -> str:
    """``OpenAIServerLLM.check`` for a backend not yet in use (Settings' "Test connection", ``models use``)."""
    llm = OpenAIServerLLM(backend, role=role)
    try:
        return llm.check()
    finally:
        llm.close()
