"""``masis serve`` over real HTTP on loopback: the token on every route, 404 for an unknown workspace, a full queue
answers 429, cancelling, concurrent answers that stay apart, and the command itself (token file, refusal to listen
on a network address without a token)."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest
import uvicorn

from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.pipeline import Models
from masis_desktop.server.app import create_app
from masis_desktop.server.queue import RequestQueue
from masis_desktop.server.runtime import Runtime
from tests.conftest import use_tiny_model_for_all_roles
from tests.serve.conftest import stop, wait_until_up

pytestmark = pytest.mark.timeout(300)
TOKEN = "t" * 43


class Served:
    def __init__(self, runtime: Runtime, queue: RequestQueue) -> None:
        self.runtime, self.queue = runtime, queue
        self.app = create_app(runtime, TOKEN, queue)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.client = httpx2.Client(base_url=self.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=240)

    def close(self) -> None:
        self.queue.close()
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.client.close()
        self.runtime.close()


@pytest.fixture
def serve(in_sample_home: Path) -> Iterator[Callable[..., Served]]:
    made: list[Served] = []

    def start(runtime: Runtime | None = None, workers: int = 1, depth: int = 4) -> Served:
        served = Served(runtime or Runtime(), RequestQueue(workers, depth))
        made.append(served)
        return served

    yield start
    for served in made:
        served.close()


def test_every_api_route_needs_the_token_and_the_docs_do_not(serve: Callable[..., Served]) -> None:
    s = serve()
    paths = s.app.openapi()["paths"]
    routes = [(m.upper(), path) for path, ops in paths.items() for m in ops if path.startswith("/masis")]
    assert len(routes) >= 9
    for method, path in routes:
        url = re.sub(r"\{[^}]+\}", "alpha", path).replace("history/alpha", "history/1")
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}):
            got = httpx2.request(method, s.url + url, headers=headers, json={"query": "q"}, timeout=30)
            assert got.status_code == 401, (method, url, headers, got.text)
    assert httpx2.get(s.url + "/docs", timeout=30).status_code == 200  # the OpenAPI page: schema only, no data
    assert "/masis/workspaces/{workspace}" in httpx2.get(s.url + "/openapi.json", timeout=30).json()["paths"]


def test_an_unknown_workspace_is_404_before_any_model_work(serve: Callable[..., Served]) -> None:
    s = serve()
    assert s.client.post("/masis/workspaces/nope", json={"query": "When?"}).status_code == 404
    for path in ("/masis/workspaces/nope/search?q=x", "/masis/workspaces/nope/documents",
                 "/masis/workspaces/nope/history", "/masis/workspaces/..%2Fetc/documents"):
        assert s.client.get(path).status_code == 404, path
    assert s.client.get("/masis/workspaces/alpha/history/999").status_code == 404
    assert s.client.get("/masis/requests").json()["requests"] == []


def test_reads_search_documents_and_history(serve: Callable[..., Served]) -> None:
    s = serve()
    names = [w["name"] for w in s.client.get("/masis/workspaces").json()["workspaces"]]
    assert names == ["alpha", "beta"]
    hits = s.client.get("/masis/workspaces/alpha/search", params={"q": "Oslo office manager", "k": 3}).json()["hits"]
    assert hits and "Ingrid Berg" in hits[0]["text"]
    docs = s.client.get("/masis/workspaces/beta/documents").json()
    assert [d["status"] for d in docs["documents"]] == ["indexed"] and docs["chunks"] >= 1
    runs = s.client.get("/masis/workspaces/alpha/history", params={"limit": 5}).json()["runs"]
    assert isinstance(runs, list) and len(runs) <= 5  # other tests in this home may have asked already
    assert s.client.post("/masis/workspaces/alpha", json={"query": ""}).status_code == 422


def _gated_models(gate: threading.Event) -> Models:
    """Scripted writer whose every call waits for ``gate`` (the role does not matter here: only that the request
    is busy); critic and evaluator are never reached, so they have nothing scripted."""

    def wait(_messages: Any) -> str:
        gate.wait(60)
        return "The office opens in 2027 [c1]."

    synth = ScriptedLLM(name="gated-writer").enqueue(*[wait] * 8)
    judge = ScriptedLLM(name="judge")
    return Models(synthesizer=synth, critic=judge, evaluator=judge)


def test_a_full_queue_answers_429_and_requests_can_be_cancelled(serve: Callable[..., Served]) -> None:
    gate = threading.Event()
    models = _gated_models(gate)
    s = serve(Runtime(models=lambda: models), workers=1, depth=1)
    pool = ThreadPoolExecutor(2)
    try:
        first = pool.submit(s.client.post, "/masis/workspaces/alpha", json={"query": "When does the office open?"})
        _wait_for(lambda: s.client.get("/masis/requests").json()["running"] == 1)
        second = pool.submit(s.client.post, "/masis/workspaces/alpha", json={"query": "How many desks?"})
        _wait_for(lambda: s.client.get("/masis/requests").json()["queued"] == 1)
        full = s.client.post("/masis/workspaces/beta", json={"query": "What does Pro cost?"})
        assert full.status_code == 429 and full.headers["Retry-After"]
        for ticket in s.client.get("/masis/requests").json()["requests"]:
            assert s.client.delete(f"/masis/requests/{ticket['id']}").json()["cancelled"]
        gate.set()
        answers = [first.result(timeout=60), second.result(timeout=60)]
        assert [a.status_code for a in answers] == [499, 499]
        assert all(a.headers["X-Request-ID"] for a in answers)
        assert s.client.delete("/masis/requests/gone").status_code == 404
        assert s.client.get("/masis/requests").json()["requests"] == []
    finally:
        gate.set()
        pool.shutdown(wait=True)


def _wait_for(condition: Callable[[], bool], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.slow
def test_concurrent_answers_stay_with_their_own_request(serve: Callable[..., Served]) -> None:
    """Two questions to two workspaces at once, on the real pipeline with SmolLM2 in every role (one model
    instance shared by both requests): each response carries its own question, workspace and evidence."""
    use_tiny_model_for_all_roles()
    from masis_desktop.settings import load_settings

    s = serve(Runtime(load_settings()), workers=2, depth=2)
    asks = {"alpha": "Who is the office manager in Oslo?", "beta": "How much storage does the Free plan include?"}
    with ThreadPoolExecutor(2) as pool:
        futures = {ws: pool.submit(s.client.post, f"/masis/workspaces/{ws}", json={"query": q, "max_retries": 0})
                   for ws, q in asks.items()}
        answers = {ws: f.result(timeout=280) for ws, f in futures.items()}
    own_text = {"alpha": "Ingrid Berg", "beta": "10 GB"}
    for ws, got in answers.items():
        assert got.status_code == 200, got.text
        body = got.json()
        assert body["question"] == asks[ws] and body["workspace"] == ws
        assert body["status"] in ("success", "needs_clarification") and body["answer"]
        assert body["evidence"] and all(f"/{ws}/" in e["document"] for e in body["evidence"])
        assert any(own_text[ws] in e["text"] for e in body["evidence"])
        assert set(body["metrics"]["models"].values()) == {"SmolLM2-135M-Instruct.Q4_1"}
        saved = s.client.get(f"/masis/workspaces/{ws}/history/{body['id']}").json()
        assert saved["question"] == asks[ws]


# --- the command ------------------------------------------------------------------------------------------------


def _masis(home: Path, *args: str, **kw: Any) -> subprocess.Popen[bytes]:
    env = {**os.environ, "MASIS_HOME": str(home), "MASIS_SKIP_SYSREQ": "1"}
    return subprocess.Popen([sys.executable, "-m", "masis_desktop.cli.main", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


@pytest.mark.slow
def test_masis_serve_makes_a_private_token_and_answers_with_it(in_sample_home: Path, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        env = {**os.environ, "MASIS_HOME": str(in_sample_home), "MASIS_SKIP_SYSREQ": "1"}
        proc = subprocess.Popen([sys.executable, "-m", "masis_desktop.cli.main", "serve", "--port", "0"], env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not (m := re.search(r"http://127\.0\.0\.1:(\d+)", log.read_text())):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        url = f"http://127.0.0.1:{m.group(1)}"
        wait_until_up(url + "/docs", proc, log)
        token_file = in_sample_home / "config" / "serve-token"
        assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
        printed = _masis(in_sample_home, "serve", "token").communicate(timeout=60)[0].decode().strip()
        assert printed == token_file.read_text().strip()
        assert httpx2.get(url + "/masis/status", timeout=30).status_code == 401
        status = httpx2.get(url + "/masis/status", headers={"Authorization": f"Bearer {printed}"}, timeout=30)
        assert status.status_code == 200 and set(status.json()["models"]) == {"synthesizer", "critic", "evaluator"}
    finally:
        stop(proc)


def test_masis_serve_refuses_a_network_address_without_a_token(tmp_path: Path) -> None:
    proc = _masis(tmp_path, "serve", "--host", "0.0.0.0", "--port", "0")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert err.decode().strip().splitlines() == [
        "error: refusing to listen on 0.0.0.0 without an API token: run `masis serve token` first and give the "
        "token to your clients"]
    assert not (tmp_path / "config" / "serve-token").exists()
