"""The model pool and the open workspaces a long-running front end keeps between requests.

The window (``ui/backend.py``) and the servers (``server/runtime.py``) both answer many requests, on worker threads,
over the same workspaces and models. Opening a workspace reconciles its catalog and index and loading a model takes
seconds, so both keep them open, share them between threads and close them in the same order on exit. This is that
bookkeeping, once and Qt-free so that both can use it; how a workspace is opened (with which encoder and settings)
stays with the front end.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.store.workspace import Workspace
    from masis_desktop.settings import Settings


class OpenResources:
    """Thread-safe. ``lock`` (re-entrant) guards the pool and the open workspaces; a front end holds it too for what
    it makes lazily beside them (an encoder, its settings), so that one lock orders all of it."""

    def __init__(self, pool: ModelPool | None = None) -> None:
        self.lock = threading.RLock()
        self._pool = pool
        self._open: dict[str, Workspace] = {}

    def pool(self, settings: Settings) -> ModelPool:
        """The shared pool, made with ``settings`` on first use (each model is then loaded once, on demand)."""
        with self.lock:
            if self._pool is None:
                from masis_desktop.core.llm.pool import ModelPool

                self._pool = ModelPool(settings)
            return self._pool

    def models_loaded(self) -> bool:
        """Whether any model is loaded, without making the pool."""
        pool = self._pool
        return pool is not None and bool(pool.loaded())

    def workspace(self, name: str, open_workspace: Callable[[], Workspace]) -> Workspace:
        """The open workspace ``name``; ``open_workspace()`` opens it the first time (under the lock, once)."""
        with self.lock:
            ws = self._open.get(name)
            if ws is None:
                ws = open_workspace()
                self._open[name] = ws
            return ws

    def open_workspaces(self) -> list[str]:
        """The names of the workspaces open now (after ``close()``: none)."""
        with self.lock:
            return list(self._open)

    def close_workspace(self, name: str) -> None:
        """Close ``name`` if open (before it is renamed or deleted); the next use opens it again."""
        with self.lock:
            ws = self._open.pop(name, None)
        if ws is not None:
            ws.close()

    def use_settings(self, settings: Settings) -> ModelPool | None:
        """Hand ``settings`` to every open workspace and detach the pool, which loaded models for the old ones.

        Returns the detached pool for the caller to close once it has released the lock (closing frees models and
        may take a while; other threads need not wait for it). The next ``pool()`` makes a new one."""
        with self.lock:
            for ws in self._open.values():
                ws.settings = settings
            pool, self._pool = self._pool, None
        return pool

    def close(self) -> None:
        """Close every open workspace, then the pool (outside the lock)."""
        with self.lock:
            workspaces, self._open = list(self._open.values()), {}
            pool, self._pool = self._pool, None
        for ws in workspaces:
            ws.close()
        if pool is not None:
            pool.close()
