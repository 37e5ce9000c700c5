"""The HTTP API of ``masis serve`` (FastAPI): seed 003's route and the reads around it.

    POST   /masis/workspaces/{workspace}               {query, max_retries?} -> seed 003's response (either shape)
    GET    /masis/workspaces                           the workspaces and their counts
    GET    /masis/workspaces/{workspace}/search?q=&k=  hybrid search (no model time)
    GET    /masis/workspaces/{workspace}/documents     ingest status: every file, indexed or why not
    GET    /masis/workspaces/{workspace}/history       saved runs;  .../history/{run_id}: one run
    GET    /masis/requests                             what is running and waiting
    DELETE /masis/requests/{request_id}                cancel one (queued: dropped; running: stops mid-call)
    GET    /masis/status                               which backend serves each role, the queue
    GET    /docs, /openapi.json                        the OpenAPI page (the schema only: no data, no model time)

Every ``/masis`` route needs ``Authorization: Bearer <token>`` (401 otherwise). The answer route answers 404 for an
unknown workspace before queueing, 429 when the queue is full, 503 when the models cannot be used or the server is
stopping, and 499 when the request was cancelled (by ``DELETE`` or by the client going away). Every answer carries
its request id in ``X-Request-ID``.
"""


import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Query, Request, Response
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

import masis_desktop
from masis_desktop.errors import CancelledError, MasisError, ModelError, WorkspaceError
from masis_desktop.server import auth
from masis_desktop.server.queue import QueueClosed, QueueFull, RequestQueue
from masis_desktop.server.runtime import MAX_SEARCH_K, Runtime

STATUS_CANCELLED = 499  # "client closed request": no standard code says "you cancelled this"
RETRY_AFTER_S = 10
DISCONNECT_POLL_S = 0.25


class QueryRequest(BaseModel):
    """Seed 003's request body."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=4000, description="The question")
    max_retries: int | None = Field(default=None, ge=0, le=10,
                                    description="Revision passes before asking a human (default: settings, 2)")


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"detail": message}, status_code=status, headers=headers)


def error_response(exc: MasisError) -> JSONResponse:
    """The status and one-line detail for each kind of failure the user can act on."""
    if isinstance(exc, WorkspaceError):
        return _error(404, str(exc))
    if isinstance(exc, QueueFull):
        return _error(429, str(exc), {"Retry-After": str(RETRY_AFTER_S)})
    if isinstance(exc, QueueClosed | ModelError):
        return _error(503, str(exc))
    if isinstance(exc, CancelledError):
        return _error(STATUS_CANCELLED, "the request was cancelled")
    return _error(422, str(exc))


def create_app(runtime: Runtime, token: str, queue: RequestQueue) -> FastAPI:
    """The app; ``runtime`` and ``queue`` outlive it (``masis serve`` closes them after uvicorn stops)."""
    app = FastAPI(title="MASIS Desktop API", version=masis_desktop.__version__,
                  description="Answers over your own documents, every sentence checked against its sources (seed 003)."
                              " Every /masis route needs the bearer token that `masis serve token` prints.")
    bearer = HTTPBearer(auto_error=False, description="The token `masis serve token` prints")

    def require_token(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> None:
        if credentials is None or not auth.matches(token, credentials.credentials):
            raise HTTPException(401, "a valid bearer token is required (`masis serve token` prints it)",
                                headers={"WWW-Authenticate": "Bearer"})

    api = APIRouter(prefix="/masis", dependencies=[Depends(require_token)])

    @app.exception_handler(MasisError)
    async def masis_error(_request: Request, exc: MasisError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(LookupError)
    async def not_found(_request: Request, exc: LookupError) -> JSONResponse:
        return _error(404, str(exc.args[0]) if exc.args else "not found")

    @api.post("/workspaces/{workspace}", summary="Answer a question from a workspace (seed 003)", response_model=None,
              responses={401: {}, 404: {}, 429: {}, 499: {}, 503: {}})
    async def answer(workspace: str, body: QueryRequest, request: Request,
                     response: Response) -> dict[str, Any] | JSONResponse:
        """The seed's response: ``status`` ``success`` or ``needs_clarification`` (then with the clarification
        question), ``answer`` (the best draft, never null), ``confidence``, ``critique``, ``evaluation``, ``trace``,
        ``metrics`` (``metrics.models`` names the backend of each role), plus the evidence and the history id."""
        runtime.require_workspace(workspace)
        ticket, future = queue.submit("ask", workspace,
                                      lambda cancel: runtime.ask(workspace, body.query, body.max_retries, cancel))
        response.headers["X-Request-ID"] = ticket.id
        waiting = asyncio.wrap_future(future)
        while not waiting.done():
            await asyncio.wait({waiting}, timeout=DISCONNECT_POLL_S)
            if not waiting.done() and await request.is_disconnected():
                ticket.cancel.cancel()  # nobody is waiting for the answer: stop spending model time on it
        try:
            return waiting.result()
        except asyncio.CancelledError:  # the executor dropped it (server stopping)
            failed = error_response(QueueClosed("the server is shutting down"))
        except MasisError as exc:
            failed = error_response(exc)
        failed.headers["X-Request-ID"] = ticket.id  # the id is worth having on a failure too
        return failed

    @api.get("/workspaces", summary="The workspaces")
    def workspaces() -> dict[str, Any]:
        from masis_desktop.core.store.workspace import list_workspaces, workspace_info

        return {"workspaces": [workspace_info(name) for name in list_workspaces()]}

    @api.get("/workspaces/{workspace}/search", summary="Hybrid search (no model time)")
    def search(workspace: str, q: Annotated[str, Query(min_length=1, max_length=2000)],
               k: Annotated[int, Query(ge=1, le=MAX_SEARCH_K)] = 10) -> dict[str, Any]:
        return {"workspace": workspace, "query": q, "hits": runtime.search(workspace, q, k)}

    @api.get("/workspaces/{workspace}/documents", summary="Ingest status of every file")
    def documents(workspace: str) -> dict[str, Any]:
        return runtime.documents(workspace)

    @api.get("/workspaces/{workspace}/history", summary="Saved runs, newest first")
    def history(workspace: str, limit: Annotated[int | None, Query(ge=1, le=1000)] = None) -> dict[str, Any]:
        return {"workspace": workspace, "runs": runtime.history(workspace, limit)}

    @api.get("/workspaces/{workspace}/history/{run_id}", summary="One saved run (the full response)")
    def run(workspace: str, run_id: int) -> dict[str, Any]:
        return runtime.run(workspace, run_id)

    @api.get("/requests", summary="Requests running and waiting")
    def requests() -> dict[str, Any]:
        return queue.snapshot()

    @api.delete("/requests/{request_id}", summary="Cancel a request")
    def cancel(request_id: str) -> dict[str, Any]:
        if not queue.cancel(request_id):
            raise LookupError(f"no request {request_id!r} is running or waiting")
        return {"id": request_id, "cancelled": True}

    @api.get("/status", summary="Backends and queue")
    def status() -> dict[str, Any]:
        return {"version": masis_desktop.__version__, "models": runtime.model_names(), "queue": queue.snapshot()}

    app.include_router(api)
    return app
