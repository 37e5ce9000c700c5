"""The window's model loading and asking check the machine first (core/sysreq.py), like the CLI does.

On a CPU without the instructions llama.cpp was built for, loading a GGUF ends the process with SIGILL: the window
would simply vanish. The backend refuses to load the language models and says why instead.
"""

from __future__ import annotations

import pytest

from masis_desktop.core import sysreq
from masis_desktop.core.events import CancelToken
from masis_desktop.settings import Settings
from masis_desktop.ui.backend import Backend

GB = 1_000_000_000
LLM_ROLES = ("synthesizer", "critic", "evaluator")


def test_language_models_are_not_loaded_on_a_machine_without_the_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sysreq.SKIP_ENV, raising=False)
    monkeypatch.setattr(sysreq, "available_memory", lambda: 1 * GB)
    backend = Backend(Settings())
    events = list(backend.load_models(CancelToken(), roles=LLM_ROLES))
    assert [(e.role, e.state) for e in events] == [(role, "failed") for role in LLM_ROLES]
    assert all(e.error.startswith("Only 1.0 GB of memory is free; answering with the configured models needs")
               for e in events)
    assert backend.pool().loaded() == []
    with pytest.raises(sysreq.SystemRequirementsError, match=r"Only 1\.0 GB of memory is free; answering needs"):
        next(backend.ask("Sample", "What revenue was reported?", CancelToken()))
    assert backend.pool().loaded() == []


def test_a_cpu_without_avx512_is_named_before_any_model_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sysreq.SKIP_ENV, raising=False)
    monkeypatch.setattr(sysreq, "required_cpu_features", lambda: ("AVX", "AVX2", "AVX512"))
    monkeypatch.setattr(sysreq, "cpu_flags", lambda: frozenset({"avx", "avx2"}))
    monkeypatch.setattr(sysreq, "available_memory", lambda: 64 * GB)
    backend = Backend(Settings())
    (event,) = list(backend.load_models(CancelToken(), roles=("synthesizer",)))
    assert event.state == "failed" and "lacks instructions" in event.error and "AVX512" in event.error
    assert backend.pool().loaded() == []


def test_a_machine_that_passes_is_checked_once_and_skipping_works(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sysreq.SKIP_ENV, raising=False)
    calls: list[str] = []
    real_check = sysreq.check

    def counting_check(purpose: sysreq.Purpose = "app", settings: Settings | None = None) -> sysreq.Report:
        calls.append(purpose)
        return real_check(purpose, settings, flags=frozenset(), features=(), memory=64 * GB)

    monkeypatch.setattr(sysreq, "check", counting_check)
    backend = Backend(Settings())
    assert backend.machine_problems("app") == "" and backend.machine_problems("ask") == ""
    assert calls == ["app"], "once the machine passed, later loads and questions do not re-check"

    monkeypatch.setattr(sysreq, "available_memory", lambda: 1 * GB)
    monkeypatch.setattr(sysreq, "check", real_check)
    monkeypatch.setenv(sysreq.SKIP_ENV, "1")
    assert Backend(Settings()).machine_problems("ask") == ""
    monkeypatch.delenv(sysreq.SKIP_ENV)
    assert "memory is free" in Backend(Settings()).machine_problems("ask")
