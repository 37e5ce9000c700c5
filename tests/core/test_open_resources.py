"""OpenResources: the pool and open workspaces the window's Backend and the server's Runtime keep between requests."""

from __future__ import annotations

import threading
import time
from typing import Any, cast

from masis_desktop.core.llm.pool import ModelPool
from masis_desktop.core.open_resources import OpenResources
from masis_desktop.settings import Settings


class FakeWorkspace:
    def __init__(self, name: str, closed: list[str]) -> None:
        self.name, self.closed, self.settings = name, closed, cast(Any, None)

    def close(self) -> None:
        self.closed.append(self.name)


class FakePool:
    def __init__(self, names: list[str], closed: list[str]) -> None:
        self.names, self.closed = names, closed

    def loaded(self) -> list[str]:
        return self.names

    def close(self) -> None:
        self.closed.append("pool")


def test_a_workspace_is_opened_once_even_by_threads_asking_together() -> None:
    res = OpenResources()
    opened: list[str] = []
    closed: list[str] = []

    def open_alpha() -> Any:
        opened.append("alpha")
        time.sleep(0.05)  # opening takes a while: without the lock, the other threads would open it too
        return FakeWorkspace("alpha", closed)

    got: list[Any] = []
    threads = [threading.Thread(target=lambda: got.append(res.workspace("alpha", open_alpha))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert opened == ["alpha"] and len({id(ws) for ws in got}) == 1


def test_closing_a_workspace_makes_the_next_use_open_it_again() -> None:
    res = OpenResources()
    closed: list[str] = []
    first = res.workspace("alpha", lambda: cast(Any, FakeWorkspace("alpha", closed)))
    res.close_workspace("alpha")
    res.close_workspace("never-opened")
    second = res.workspace("alpha", lambda: cast(Any, FakeWorkspace("alpha", closed)))
    assert closed == ["alpha"] and second is not first


def test_the_pool_is_made_on_first_use_and_closed_after_the_workspaces() -> None:
    res = OpenResources()
    closed: list[str] = []
    assert not res.models_loaded()  # asking does not make the pool
    pool = res.pool(Settings())
    assert isinstance(pool, ModelPool) and res.pool(Settings()) is pool and not res.models_loaded()
    res.close()
    res = OpenResources(cast(Any, FakePool(["critic"], closed)))
    res.workspace("alpha", lambda: cast(Any, FakeWorkspace("alpha", closed)))
    res.workspace("beta", lambda: cast(Any, FakeWorkspace("beta", closed)))
    assert res.models_loaded()
    assert res.open_workspaces() == ["alpha", "beta"]
    res.close()
    assert closed == ["alpha", "beta", "pool"] and res.open_workspaces() == []


def test_new_settings_reach_open_workspaces_and_detach_the_pool_for_the_caller_to_close() -> None:
    closed: list[str] = []
    old = FakePool([], closed)
    res = OpenResources(cast(Any, old))
    ws = res.workspace("alpha", lambda: cast(Any, FakeWorkspace("alpha", closed)))
    settings = Settings()
    assert res.use_settings(settings) is old and closed == []  # the caller closes it, outside the lock
    assert ws.settings is settings
    assert res.pool(settings) is not old and res.use_settings(settings) is not None
