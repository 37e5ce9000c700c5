"""``masis mcp``: MASIS as an MCP server over stdio (official ``mcp`` SDK), for MCP clients such as code assistants.

Three tools, each taking the workspace by name (``workspace`` may be left out when ``masis mcp --workspace NAME``
set a default):

* ``critique_answer``: seed 004's tool (``query``, ``draft``, ``sourceIds``, ``autoRevise``, ``strictness``),
  returning seed 004's ``CritiqueResult``. ``sourceIds`` are passage ids of the workspace (``c12``), as ``search``
  returns them and as the app's citations show them.
* ``ask``: the full pipeline, seed 003's response.
* ``search``: hybrid search, no model time.

A failure the user can act on (unknown workspace, unknown source id, model unusable) comes back as a tool error with
one line; stdout carries the protocol only, so nothing else is printed there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from masis_desktop.core.critique_tool import CritiqueResult
from masis_desktop.core.events import CancelToken
from masis_desktop.errors import MasisError
from masis_desktop.server.runtime import MAX_SEARCH_K, Runtime

T = TypeVar("T")
WorkspaceArg = Annotated[str | None, Field(description="Workspace name (default: the one `masis mcp --workspace` "
                                                       "was started with)")]


def build_server(runtime: Runtime, default_workspace: str | None = None) -> Any:
    """The MCP server object (``run("stdio")`` serves it)."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    server = MCPServer("masis", instructions="Answers and critiques over the user's own documents, offline. Each tool "
                                             "takes a workspace by name; source ids look like 'c12' (from search).")

    def workspace_of(name: str | None) -> str:
        chosen = name or default_workspace
        if not chosen:
            raise ToolError("no workspace given: pass `workspace`, or start `masis mcp --workspace NAME`")
        try:
            return runtime.require_workspace(chosen)
        except MasisError as exc:
            raise ToolError(str(exc)) from exc

    def on_workspace(name: str | None, call: Callable[[str], T]) -> T:
        """``call`` on the chosen workspace, a ``MasisError`` becoming the one-line tool error every tool returns.

        The three tools differ only in ``call``; the workspace choice and the error mapping are the same for each."""
        chosen = workspace_of(name)
        try:
            return call(chosen)
        except MasisError as exc:
            raise ToolError(str(exc)) from exc

    @server.tool(description="Validate an answer against source documents to check for hallucinations (seed 004). "
                             "Every sentence of the draft is checked against the passages named by sourceIds.")
    def critique_answer(
        query: Annotated[str, Field(description="Original query")],
        draft: Annotated[str, Field(description="Draft answer to critique")],
        sourceIds: Annotated[list[str], Field(description="Entity IDs to use as sources: passage ids such as 'c12' "
                                                          "from search")],  # seed 004's names
        autoRevise: Annotated[bool, Field(description="Automatically fix issues")] = False,
        strictness: Literal["lenient", "moderate", "strict"] = "moderate",
        workspace: WorkspaceArg = None,
    ) -> CritiqueResult:
        return on_workspace(workspace, lambda name: runtime.critique(name, query, draft, sourceIds,
                                                                    auto_revise=autoRevise, strictness=strictness))

    @server.tool(description="Answer a question from the workspace's documents; every sentence is checked against "
                             "its cited sources and revised if needed (seed 003's response).")
    def ask(
        query: Annotated[str, Field(description="The question")],
        workspace: WorkspaceArg = None,
        max_retries: Annotated[int | None, Field(ge=0, le=10, description="Revision passes (default 2)")] = None,
    ) -> dict[str, Any]:
        return on_workspace(workspace, lambda name: runtime.ask(name, query, max_retries, CancelToken()))

    @server.tool(description="Search the workspace's documents (hybrid: keywords and meaning); returns passages with "
                             "their ids, documents, pages and relevance.")
    def search(
        query: Annotated[str, Field(description="What to look for")],
        workspace: WorkspaceArg = None,
        k: Annotated[int, Field(ge=1, le=MAX_SEARCH_K, description="How many passages")] = 10,
    ) -> dict[str, Any]:
        return on_workspace(workspace, lambda name: {"workspace": name, "query": query,
                                                     "hits": runtime.search(name, query, k)})

    return server
