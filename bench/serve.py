"""``masis serve`` under concurrent clients: requests per minute and p50/p95 latency for 1, 2 and 4 clients, in one
run, for two setups of the same pipeline on the same sample workspace:

* **local**: the default models in-process (llama.cpp through llama-cpp-python), as a desktop runs them;
* **server**: every role on llama.cpp's server (``llama-server --parallel 2``, one process per model file: the 0.5B
  writer, the 1.5B critic and evaluator), the app talking to it over loopback (``masis models use --server``).
  Without a ``llama-server`` binary (``packaging/llama_server.sh`` builds one), llama-cpp-python's server is used
  instead and the table says so (it serves one request at a time).

Each client sends ``--per-client`` questions one after the other (``max_retries`` 0: one writing pass, so a figure
is one pipeline run, not a varying number of retries); clients start together. ``masis serve`` runs with as many
workers as the largest client count, so the queue never refuses. Latency is the client's wall time per request.

    .venv/bin/python bench/serve.py [--clients 1 2 4] [--per-client 2] [--llama-server PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import ROOT, machine_info, pct, write_fragment

QUESTIONS = [
    "What is the budget of the applied AI programme and who leads it?",
    "When will the Gdansk office open and who will lead it?",
    "How many days per week may staff work remotely?",
    "What revenue does management expect for 2026?",
]
START_TIMEOUT_S = 180
REQUEST_TIMEOUT_S = 900


@dataclass
class Cell:
    setup: str
    clients: int
    latencies: list[float]
    failures: int
    wall_s: float
    load: tuple[float, float]  # 1-minute load average before and after: other work on the machine skews a cell

    @property
    def per_minute(self) -> float:
        return 60 * len(self.latencies) / self.wall_s if self.wall_s else float("nan")


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_http(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    import httpx2

    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{url}: the process exited: {log.read_text(errors='replace')[-1500:]}")
        try:
            if httpx2.get(url, timeout=3).status_code < 500:
                return
        except httpx2.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"{url} did not come up in {START_TIMEOUT_S} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def masis(home: Path, *args: str) -> str:
    env = {**os.environ, "MASIS_HOME": str(home)}
    out = subprocess.run([sys.executable, "-m", "masis_desktop.cli.main", *args], env=env, check=True,
                         capture_output=True, text=True, timeout=600)
    return out.stdout.strip()


def start_masis_serve(home: Path, workers: int, log: Path) -> tuple[subprocess.Popen[bytes], str, str]:
    env = {**os.environ, "MASIS_HOME": str(home)}
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "masis_desktop.cli.main", "serve", "--port", "0", "--workers",
                                 str(workers), "--queue", "16"], env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_TIMEOUT_S
    while not (found := re.search(r"http://127\.0\.0\.1:(\d+)", log.read_text(errors="replace"))):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"masis serve did not start: {log.read_text(errors='replace')[-1500:]}")
        time.sleep(0.2)
    url = f"http://127.0.0.1:{found.group(1)}"
    wait_http(url + "/docs", proc, log)
    return proc, url, masis(home, "serve", "token")


def start_model_server(binary: str | None, model: Path, parallel: int,
                       log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    if binary:
        cmd = [binary, "-m", str(model), "--host", "127.0.0.1", "--port", str(port), "--parallel", str(parallel),
               "-c", str(4096 * parallel), "-t", "2", "--alias", model.stem, "--no-webui"]
    else:
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", model.stem,
               "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", "2",
               "--interrupt_requests", "False", "--verbose", "False"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    wait_http(url + "/models", proc, log)
    return proc, url


def ask(url: str, token: str, question: str) -> tuple[float, bool]:
    import httpx2

    start = time.perf_counter()
    try:
        got = httpx2.post(f"{url}/masis/workspaces/Sample", json={"query": question, "max_retries": 0},
                          headers={"Authorization": f"Bearer {token}"}, timeout=REQUEST_TIMEOUT_S)
        ok = got.status_code == 200
        if not ok:
            print(f"    HTTP {got.status_code}: {got.text[:200]}", flush=True)
    except httpx2.HTTPError as exc:
        print(f"    {type(exc).__name__}: {exc}", flush=True)
        ok = False
    return time.perf_counter() - start, ok


def run_cell(setup: str, url: str, token: str, clients: int, per_client: int) -> Cell:
    def client(i: int) -> list[tuple[float, bool]]:
        return [ask(url, token, QUESTIONS[(i + j) % len(QUESTIONS)]) for j in range(per_client)]

    before = os.getloadavg()[0]
    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        results = [r for rs in pool.map(client, range(clients)) for r in rs]
    wall = time.perf_counter() - start
    cell = Cell(setup, clients, [t for t, ok in results if ok], sum(not ok for _, ok in results), wall,
                (before, os.getloadavg()[0]))
    print(f"  {setup:<40} {clients} client(s): {len(cell.latencies)} ok, {cell.failures} failed, "
          f"{cell.per_minute:.2f} req/min, p50 {pct(cell.latencies, 50):.1f} s, p95 {pct(cell.latencies, 95):.1f} s, "
          f"load {cell.load[0]:.1f} -> {cell.load[1]:.1f}", flush=True)
    return cell


def warm(url: str, token: str) -> None:
    """One request first, so loading the models is not counted as the first client's latency."""
    ask(url, token, QUESTIONS[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--per-client", type=int, default=2)
    parser.add_argument("--llama-server", default=None, help="llama-server binary (default: build/cache lookup)")
    args = parser.parse_args()

    binary = args.llama_server or os.environ.get("MASIS_LLAMA_SERVER") or shutil.which("llama-server")
    if binary is None:
        version = re.search(r'"llama-cpp-python==([^"]+)"', (ROOT / "pyproject.toml").read_text())
        try:
            binary = subprocess.run(["sh", str(ROOT / "packaging" / "llama_server.sh"), sys.executable,
                                     version.group(1) if version else "0.3.36"],
                                    check=True, capture_output=True, text=True, timeout=3600).stdout.strip()
        except (subprocess.SubprocessError, OSError) as exc:
            print(f"no llama-server ({exc}); using llama-cpp-python's server", flush=True)
            binary = None

    home = Path(tempfile.mkdtemp(prefix="masis-bench-serve-"))
    logs = home / "logs"
    logs.mkdir()
    os.environ["MASIS_HOME"] = str(home)
    from masis_desktop import paths
    from masis_desktop.core.llm import registry
    from masis_desktop.core.store.workspace import Workspace, create_workspace

    create_workspace("Sample")
    with Workspace.open("Sample") as ws:
        for _ in ws.ingest([paths.sample_workspace_dir()]):
            pass
    writer, judge = registry.require("synthesizer").path, registry.require("critic").path
    top = max(args.clients)
    cells: list[Cell] = []
    procs: list[subprocess.Popen[bytes]] = []
    try:
        print("local models in masis serve", flush=True)
        proc, url, token = start_masis_serve(home, top, logs / "serve-local.log")
        procs.append(proc)
        warm(url, token)
        cells += [run_cell("local (in-process llama.cpp)", url, token, n, args.per_client) for n in args.clients]
        stop(proc)

        parallel = 2 if binary else 1
        label = "llama-server --parallel 2" if binary else "llama-cpp-python server (serial)"
        print(f"the same pipeline on {label}", flush=True)
        wproc, wurl = start_model_server(binary, writer, parallel, logs / "writer.log")
        jproc, jurl = start_model_server(binary, judge, parallel, logs / "judge.log")
        procs += [wproc, jproc]
        masis(home, "models", "use", "synthesizer", "--server", wurl, "--model", writer.stem, "--max-concurrent",
              str(parallel), "--timeout", "600")
        for role in ("critic", "evaluator"):
            masis(home, "models", "use", role, "--server", jurl, "--model", judge.stem, "--max-concurrent",
                  str(parallel), "--timeout", "600")
        proc, url, token = start_masis_serve(home, top, logs / "serve-server.log")
        procs.append(proc)
        warm(url, token)
        cells += [run_cell(label, url, token, n, args.per_client) for n in args.clients]
    finally:
        for proc in procs:
            stop(proc)

    rows = "\n".join(f"| {c.setup} | {c.clients} | {len(c.latencies)}/{len(c.latencies) + c.failures} | "
                     f"{c.per_minute:.2f} | {pct(c.latencies, 50):.1f} | {pct(c.latencies, 95):.1f} | "
                     f"{c.load[0]:.1f} → {c.load[1]:.1f} |" for c in cells)
    data: dict[str, Any] = {"cells": [c.__dict__ | {"per_minute": c.per_minute} for c in cells]}
    (Path(__file__).resolve().parent / "results").mkdir(exist_ok=True)
    (Path(__file__).resolve().parent / "results" / "serve.json").write_text(json.dumps(data, indent=2))
    write_fragment("serve", f"""## Serving: `masis serve` under concurrent clients (`bench/serve.py`)

Machine: {machine_info()}. Sample workspace, default models (writer Qwen2.5-Coder-0.5B, critic and evaluator
Qwen2.5-Coder-1.5B, Q4_K_M); each client sends {args.per_client} questions in turn, `max_retries` 0 (one writing
pass per request); `masis serve --workers {top}`. Latency is the client's wall time per request (seconds);
requests per minute over the cell's wall time. "{label}": one server process per model file, on the same machine,
every role routed to it (`masis models use ROLE --server`), the app's process doing search, audit and history.

| Setup | Clients | OK | Requests/min | p50 (s) | p95 (s) | Load average (1 min) |
|---|---|---|---|---|---|---|
{rows}
""")
    print(f"wrote bench/results/serve.md (MASIS_HOME {home})")


if __name__ == "__main__":
    main()
