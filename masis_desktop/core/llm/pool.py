"""Loaded models, shared by role.

Roles map to files (synthesizer -> 0.5B, critic and evaluator -> 1.5B by default). The pool loads each distinct,
verified file once and hands the same instance to every role that uses it, so critic and evaluator share one
llama.cpp context and therefore its KV cache. Loading is lazy and thread-safe; ``preload`` warms models in the
background so the first question does not pay the load time.

A role configured for an inference server gets an ``OpenAIServerLLM`` instead (nothing loaded locally); roles on
the same server and model share one client, as roles on one file share one context. Taking a server role confirms
the server answers and lists the model (``GET /v1/models``, at most every ``SERVER_RECHECK_S``), as a local file is
verified before it loads: a question starts only when its servers are up, and a server that is down is one clear
line (``ModelServerError``) instead of a run whose critic silently fell back to the code audit alone.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from masis_desktop.core.llm import registry
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.settings import LLM_ROLES, ServerBackend, Settings, load_settings

Factory = Callable[[Path, str, Settings], LLM]
ServerFactory = Callable[[ServerBackend, list[str]], LLM]
SERVER_RECHECK_S = 10.0


def llama_factory(path: Path, name: str, settings: Settings) -> LLM:
    from masis_desktop.core.llm.llama import LlamaLLM

    m = settings.models
    return LlamaLLM(path, name=name, n_ctx=m.n_ctx, n_threads=m.n_threads, n_batch=m.n_batch)


def server_factory(backend: ServerBackend, roles: list[str]) -> LLM:
    from masis_desktop.core.llm.openai_backend import OpenAIServerLLM

    return OpenAIServerLLM(backend, role=roles)


class ModelPool:
    def __init__(self, settings: Settings | None = None, factory: Factory = llama_factory,
                 server: ServerFactory = server_factory) -> None:
        self.settings = settings or load_settings()
        self._factory = factory
        self._server_factory = server
        self._lock = threading.Lock()
        self._by_path: dict[Path | str, LLM] = {}
        self._loading: dict[Path | str, threading.Lock] = {}
        self._checked: dict[str, float] = {}  # server model name -> when it last answered

    def get(self, role: str) -> LLM:
        """The verified, loaded model for ``role`` (raises ``ModelError`` with a fix if unusable)."""
        model = registry.require(role, self.settings)
        backend = model.server
        if backend is not None:
            with self._lock:
                llm = self._by_path.get(model.name)
                if llm is None:
                    servers = self.settings.models.servers
                    roles: list[str] = [r for r in LLM_ROLES if servers.get(r) == backend] or [role]
                    llm = self._server_factory(backend, roles)
                fresh = time.monotonic() - self._checked.get(model.name, -SERVER_RECHECK_S) < SERVER_RECHECK_S
            check = getattr(llm, "check", None)
            if not fresh and callable(check):
                check()  # ModelServerError: one line naming the server, the roles and the fix
            with self._lock:
                self._checked[model.name] = time.monotonic()
                return self._by_path.setdefault(model.name, llm)
        key = model.path.resolve()
        with self._lock:
            if key in self._by_path:
                return self._by_path[key]
            load_lock = self._loading.setdefault(key, threading.Lock())
        with load_lock:  # only one thread loads a given file; others wait for it
            with self._lock:
                if key in self._by_path:
                    return self._by_path[key]
            llm = self._factory(key, model.name, self.settings)
            with self._lock:
                self._by_path[key] = llm
            return llm

    def preload(self, roles: Iterable[str]) -> threading.Thread:
        """Load ``roles`` in a background thread; errors surface later, on ``get``."""

        def work() -> None:
            for role in roles:
                with contextlib.suppress(Exception):  # reported when the role is actually used
                    self.get(role)

        thread = threading.Thread(target=work, name="masis-model-preload", daemon=True)
        thread.start()
        return thread

    def loaded(self) -> list[str]:
        with self._lock:
            return [llm.name for llm in self._by_path.values()]

    def close(self) -> None:
        with self._lock:
            models, self._by_path = list(self._by_path.values()), {}
        for llm in models:
            close = getattr(llm, "close", None)
            if callable(close):
                close()
