"""What ``masis serve`` and ``masis mcp`` ask of the core, in one place: open workspaces (kept open and shared
between requests), the model pool (each model loaded once), one sentence encoder for every workspace, and the
operations themselves (answer, search, documents, history, critique).

Workspaces and models are opened on first use and kept: opening a workspace reconciles its catalog and index, and
loading a model takes seconds, neither of which a request should pay twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from masis_desktop import paths
from masis_desktop.core.events import CancelToken
from masis_desktop.core.open_resources import OpenResources
from masis_desktop.errors import MasisError, WorkspaceError
from masis_desktop.settings import LLM_ROLES, Settings, load_settings

if TYPE_CHECKING:
    from masis_desktop.core.critique_tool import CritiqueResult, Strictness
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.llm.protocol import LLM
    from masis_desktop.core.pipeline import Models
    from masis_desktop.core.store.workspace import Workspace

MAX_SEARCH_K = 50


class Runtime:
    """Thread-safe: requests on worker threads share it."""

    def __init__(self, settings: Settings | None = None, *, models: Callable[[], Models] | None = None,
                 pool: ModelPool | None = None) -> None:
        self.settings = settings or load_settings()
        self._models_factory = models  # tests hand in scripted models behind the real pipeline
        self._resources = OpenResources(pool)
        self._encoder: Any = None

    # --- shared resources -----------------------------------------------------------------------------------------
    def pool(self) -> ModelPool:
        return self._resources.pool(self.settings)

    def encoder(self) -> Any:
        with self._resources.lock:
            if self._encoder is None:
                from masis_desktop.core.ingest.onnx_encoder import load_encoder

                self._encoder = load_encoder(self.settings)
            return self._encoder

    def models(self) -> Models:
        if self._models_factory is not None:
            return self._models_factory()
        from masis_desktop.core.pipeline import Models

        return Models.from_pool(self.pool(), embedder=self.encoder())

    def model_names(self) -> dict[str, str]:
        """Which backend serves each role (``server:<model>@<url>`` for a server), without loading anything."""
        if self._models_factory is not None:
            m = self._models_factory()
            return {"synthesizer": m.synthesizer.name, "critic": m.critic.name, "evaluator": m.evaluator.name}
        from masis_desktop.core.llm import registry

        return {role: registry.resolve(role, self.settings).name for role in LLM_ROLES}

    def require_workspace(self, name: str) -> str:
        """``name`` if such a workspace exists, else ``WorkspaceError`` (an invalid name is just as absent)."""
        from masis_desktop.core.store.workspace import workspace_exists

        try:
            paths.validate_workspace_name(name)
            exists = workspace_exists(name)
        except WorkspaceError:
            exists = False
        if not exists:
            raise WorkspaceError(f"no workspace named {name!r}")
        return name

    def workspace(self, name: str) -> Workspace:
        from masis_desktop.core.store.workspace import Workspace

        self.require_workspace(name)
        return self._resources.workspace(name, lambda: Workspace.open(name, self.settings, embedder=self.encoder()))

    # --- operations -----------------------------------------------------------------------------------------------
    def ask(self, name: str, query: str, max_retries: int | None, cancel: CancelToken,
            *, save_history: bool = True) -> dict[str, Any]:
        """Seed 003's response for ``query`` over workspace ``name`` (the shape ``masis ask --json`` prints)."""
        from masis_desktop.core.pipeline import ask, run_to_end

        ws = self.workspace(name)
        result = run_to_end(ask(query, workspace=ws, models=self.models(), settings=self.settings, cancel=cancel,
                                max_retries=max_retries, save_history=save_history))
        return result.response

    def search(self, name: str, query: str, k: int = 10) -> list[dict[str, Any]]:
        if not 1 <= k <= MAX_SEARCH_K:
            raise MasisError(f"k must be between 1 and {MAX_SEARCH_K}")
        return [h.model_dump(mode="json") for h in self.workspace(name).search(query, k)]

    def documents(self, name: str) -> dict[str, Any]:
        """What ingestion made of each file (indexed, failed with the reason, skipped), and the counts."""
        ws = self.workspace(name)
        return {"workspace": name, **ws.stats(), "documents": [d.model_dump(mode="json") for d in ws.documents()]}

    def history(self, name: str, limit: int | None = None) -> list[dict[str, Any]]:
        from masis_desktop.core.history import History

        self.require_workspace(name)
        return History(name).list(limit=limit)

    def run(self, name: str, run_id: int) -> dict[str, Any]:
        from masis_desktop.core.history import History

        self.require_workspace(name)
        run = History(name).get(run_id)
        if run is None:
            raise LookupError(f"no run {run_id} in the history of {name!r}")
        return run

    def critique(self, name: str, query: str, draft: str, source_ids: list[str], *, auto_revise: bool = False,
                 strictness: Strictness = "moderate", cancel: CancelToken | None = None) -> CritiqueResult:
        """Seed 004's ``critique_answer`` with the sources named by chunk id (``c12``, as search and citations
        show them) in workspace ``name``."""
        from masis_desktop.core.critique_tool import CritiqueOptions, DraftCritiqueRequest, SourceDocument
        from masis_desktop.core.critique_tool import critique_answer as run_critique

        ws = self.workspace(name)
        if not source_ids:
            raise MasisError("sourceIds is empty: name the passages to check the draft against (ids from search)")
        sources, unknown = [], []
        for sid in source_ids:
            hit = ws.get_chunk(sid)
            if hit is None:
                unknown.append(sid)
            else:
                sources.append(SourceDocument(id=hit.chunk_id, content=hit.text, type="chunk", path=hit.document))
        if unknown:
            raise MasisError(f"no passage {', '.join(map(repr, unknown))} in workspace {name!r}; source ids look like "
                             "'c12' (see search results)")
        request = DraftCritiqueRequest(query=query, draft=draft, sources=sources,
                                       options=CritiqueOptions(strictness=strictness, autoRevise=auto_revise))
        writer: LLM | None
        if self._models_factory is not None:
            models = self._models_factory()
            critic, writer = models.critic, models.synthesizer if auto_revise else None
        else:  # only the roles this call uses are loaded: the writer only to revise
            critic, writer = self.pool().get("critic"), self.pool().get("synthesizer") if auto_revise else None
        return run_critique(request, critic=critic, synthesizer=writer, embedder=self.encoder(), cancel=cancel)

    def close(self) -> None:
        self._resources.close()
