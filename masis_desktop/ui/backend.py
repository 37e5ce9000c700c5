"""Everything the window asks of the core, in one place, with the heavy imports deferred.

Nothing here runs on the GUI thread: the window calls these methods inside workers. Importing this module is cheap
(the store, the pipeline, torch and llama.cpp are imported on first use), which is what keeps start-up under the
3-second budget. Open workspaces are cached (opening reconciles catalog, FAISS and FTS) and closed on rename,
delete and exit.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from masis_desktop.core.events import AskEvent, CancelToken, IngestEvent
from masis_desktop.core.open_resources import OpenResources
from masis_desktop.errors import CancelledError
from masis_desktop.settings import Settings, load_settings, save_settings

if TYPE_CHECKING:
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.store.workspace import Workspace

# Roles loaded in the background after the window shows: the embedder (every search), then the writer and the
# critic (the evaluator shares the critic's file by default, so the pool loads it once).
log = logging.getLogger(__name__)
PRELOAD_ROLES = ("embedder", "synthesizer", "critic", "evaluator")


@dataclass(frozen=True)
class ModelLoad:
    """Progress of background model loading, for the status bar."""

    role: str
    state: Literal["loading", "ready", "failed"]
    name: str = ""
    error: str = ""
    seconds: float = 0.0


class Backend:
    def __init__(self, settings: Settings | None = None, *, models_factory: Callable[[], Any] | None = None) -> None:
        self.settings = settings or load_settings()
        self._models_factory = models_factory  # tests inject scripted models behind the real pipeline
        self._resources = OpenResources()
        self._machine_ok = False  # the system-requirements check passed before any model was loaded

    # --- settings and models ------------------------------------------------------------------------------------
    def save_settings(self, settings: Settings) -> None:
        save_settings(settings)
        with self._resources.lock:
            self.settings = settings
            pool = self._resources.use_settings(settings)
            self._machine_ok = False  # other models may need more memory: check again before loading them
        if pool is not None:
            pool.close()

    def pool(self) -> ModelPool:
        return self._resources.pool(self.settings)

    def models(self) -> Any:
        if self._models_factory is not None:
            return self._models_factory()
        from masis_desktop.core.pipeline import Models

        return Models.from_pool(self.pool())

    def load_models(self, cancel: CancelToken, roles: tuple[str, ...] = PRELOAD_ROLES) -> Iterator[ModelLoad]:
        """Load the embedder and the LLMs one after the other, reporting each (errors do not stop the others)."""
        from masis_desktop.core.llm import registry

        problems = self.machine_problems("app")
        loaded_files: set[str] = set()
        for role in roles:
            cancel.raise_if_cancelled()
            try:
                resolved = registry.resolve(role, self.settings)
                name = resolved.name
            except Exception as exc:  # a broken manifest: report it against this role
                yield ModelLoad(role, "failed", role, str(exc))
                continue
            if problems and role != "embedder":  # loading would crash (SIGILL) or swap: say why instead
                yield ModelLoad(role, "failed", name, problems)
                continue
            if str(resolved.path) in loaded_files:
                yield ModelLoad(role, "ready", name)
                continue
            yield ModelLoad(role, "loading", name)
            start = time.perf_counter()
            try:
                if role == "embedder":  # what workspaces encode with (ONNX int8 over the verified MiniLM)
                    from masis_desktop.core.ingest.onnx_encoder import load_encoder

                    load_encoder(self.settings)
                else:
                    self.pool().get(role)
            except Exception as exc:
                yield ModelLoad(role, "failed", name, str(exc), time.perf_counter() - start)
                continue
            loaded_files.add(str(resolved.path))
            yield ModelLoad(role, "ready", name, seconds=time.perf_counter() - start)
        self.warm_up(cancel)

    def warm_up(self, cancel: CancelToken) -> dict[str, float]:
        """Prefill the loaded models' system prompts so the first question does not (core/agents/warmup.py).
        Best effort: a failure here shows up, with its message, when the model is used for a question."""
        from masis_desktop.core.llm import registry
        from masis_desktop.core.llm.protocol import LLM
        from masis_desktop.core.pipeline.warmup import warm_up

        pool = self.pool()
        loaded = set(pool.loaded())
        models: dict[str, LLM] = {}
        for role in ("synthesizer", "critic", "evaluator"):
            try:
                if registry.resolve(role, self.settings).name in loaded:  # only what loaded; never load here
                    models[role] = pool.get(role)
            except Exception:  # an unusable role reports itself when a question needs it
                continue
        try:
            return warm_up(models, cancel)
        except CancelledError:
            raise
        except Exception:
            log.warning("warming the models' prompts failed", exc_info=True)
            return {}

    def machine_problems(self, purpose: Literal["ask", "app"]) -> str:
        """Why this machine cannot run the configured models (core/sysreq.py), or ``""``.

        Checked only before the first model loads: loaded models already use the memory the check asks to be free.
        Scripted models (tests) need nothing; ``MASIS_SKIP_SYSREQ=1`` skips the check as in the CLI.
        """
        if self._models_factory is not None or self._machine_ok or self._resources.models_loaded():
            return ""
        from masis_desktop.core import sysreq

        try:
            sysreq.require(purpose, self.settings)
        except sysreq.SystemRequirementsError as exc:
            return str(exc)
        except Exception:  # a broken manifest is reported per role, with its own message
            return ""
        self._machine_ok = True
        return ""

    # --- workspaces ---------------------------------------------------------------------------------------------
    def list_workspaces(self) -> list[str]:
        from masis_desktop.core.store.workspace import list_workspaces

        return list_workspaces()

    def workspace_exists(self, name: str) -> bool:
        from masis_desktop.core.store.workspace import workspace_exists

        return workspace_exists(name)

    def create_workspace(self, name: str) -> str:
        from masis_desktop.core.store.workspace import create_workspace

        create_workspace(name)
        return name

    def rename_workspace(self, old: str, new: str) -> str:
        from masis_desktop.core.store.workspace import rename_workspace

        self._resources.close_workspace(old)
        rename_workspace(old, new)
        return new

    def delete_workspace(self, name: str) -> str:
        from masis_desktop.core.store.workspace import delete_workspace

        self._resources.close_workspace(name)
        delete_workspace(name)
        return name

    def workspace(self, name: str) -> Workspace:
        from masis_desktop.core.store.workspace import Workspace

        return self._resources.workspace(name, lambda: Workspace.open(name, self.settings))

    def documents(self, name: str) -> list[Any]:
        return list(self.workspace(name).documents())

    def remove_document(self, name: str, document_id: int) -> int:
        return self.workspace(name).remove_document(document_id)

    def ingest(self, name: str, paths: list[Path], cancel: CancelToken) -> Iterator[IngestEvent]:
        yield from self.workspace(name).ingest(paths, cancel=cancel)

    # --- questions ----------------------------------------------------------------------------------------------
    def ask(self, name: str, question: str, cancel: CancelToken) -> Iterator[AskEvent]:
        from masis_desktop.core.events import StageStarted
        from masis_desktop.core.pipeline import ask

        problems = self.machine_problems("ask")
        if problems:  # before loading anything: a sentence, not a vanished window (SIGILL) or a swapping laptop
            from masis_desktop.core.sysreq import SystemRequirementsError

            raise SystemRequirementsError(problems)
        if not self.models_ready():  # the first question may have to wait for the models: say so
            yield StageStarted("loading", 0, self.settings.pipeline.max_retries, "loading the models")
        ws = self.workspace(name)
        models = self.models()
        cancel.raise_if_cancelled()
        yield from ask(question, workspace=ws, models=models, settings=self.settings, cancel=cancel,
                       max_retries=None, save_history=True)

    def models_ready(self) -> bool:
        """Whether the three LLM roles are loaded (scripted models count as ready)."""
        if self._models_factory is not None:
            return True
        from masis_desktop.core.llm import registry

        try:
            needed = {registry.resolve(role, self.settings).name for role in ("synthesizer", "critic", "evaluator")}
        except Exception:  # a broken manifest surfaces when the models are built, with its own message
            return False
        return needed <= set(self.pool().loaded())

    def history(self, name: str) -> list[dict[str, Any]]:
        from masis_desktop.core.history import History

        return [_plain(r) for r in History(name).list()]

    def history_get(self, name: str, run_id: int) -> dict[str, Any]:
        from masis_desktop.core.history import History
        from masis_desktop.errors import WorkspaceError

        record = History(name).get(int(run_id))
        if record is None:
            raise WorkspaceError(f"the past answer {run_id} is no longer in the history of {name!r}")
        return _plain(record)

    def history_delete(self, name: str, run_id: int) -> bool:
        from masis_desktop.core.history import History

        return History(name).delete(int(run_id))

    def history_stats(self, name: str) -> dict[str, Any]:
        from masis_desktop.core.history import History

        return _plain(History(name).stats())

    def close(self) -> None:
        self._resources.close()


def _plain(obj: Any) -> dict[str, Any]:
    if obj is None:
        return {}
    if isinstance(obj, dict):
        return obj
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        return dict(dump(mode="json"))
    return dict(vars(obj))
