"""Real servers on loopback for tests/serve: llama.cpp's server (``python -m llama_cpp.server``, SmolLM2-135M) and a
small sample MASIS_HOME with two ingested workspaces. Every server binds 127.0.0.1 on a free port, is waited for with
a deadline, and is stopped when its tests end, whatever happened."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx2
import pytest

START_TIMEOUT_S = 90.0
ALPHA = ("The Oslo office opens on 1 March 2027. It has 40 desks and a rooftop terrace. "
         "The office manager in Oslo is Ingrid Berg, who joined from the Bergen team.")
BETA = ("The Pro plan costs 30 euros per month and includes 100 GB of storage. "
        "The Free plan includes 10 GB of storage and one shared project.")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = START_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(httpx2.HTTPError):
            if httpx2.get(url, timeout=2.0).status_code < 500:
                return
        time.sleep(0.3)
    tail = log.read_text(errors="replace")[-2000:]
    raise RuntimeError(f"the server did not answer {url} within {timeout:.0f} s: {tail}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)


@dataclass
class LlamaServer:
    url: str  # the API root, .../v1
    model: str
    log: Path
    proc: subprocess.Popen[bytes]

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory, tiny_model_path: Path) -> Iterator[LlamaServer]:
    """llama-cpp-python's OpenAI-compatible server on SmolLM2-135M. ``--interrupt_requests False``: its default ends
    a streamed reply early when another request arrives (the backend detects that, see openai_backend.py)."""
    port = free_port()
    log = tmp_path_factory.mktemp("llama_server") / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(tiny_model_path), "--model_alias", "smollm2",
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", "2",
             "--interrupt_requests", "False"],
            stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/v1/models", proc, log)
        yield LlamaServer(f"http://127.0.0.1:{port}/v1", "smollm2", log, proc)
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def sample_home(tmp_path_factory: pytest.TempPathFactory, models_dir: Path) -> Path:
    """A MASIS_HOME with workspaces 'alpha' (an office) and 'beta' (price plans), ingested with the real encoder."""
    from masis_desktop.core.store.workspace import Workspace, create_workspace

    home = tmp_path_factory.mktemp("serve_home")
    docs = tmp_path_factory.mktemp("serve_docs")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MASIS_HOME", str(home))
        mp.setenv("MASIS_MODELS_DIR", str(models_dir))
        for name, text in (("alpha", ALPHA), ("beta", BETA)):
            folder = docs / name
            folder.mkdir()
            (folder / f"{name}.txt").write_text(text, encoding="utf-8")
            create_workspace(name)
            with Workspace.open(name) as ws:
                for _ in ws.ingest([folder]):
                    pass
    return home


@pytest.fixture
def in_sample_home(sample_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the test in the sample MASIS_HOME (its settings are reset to the defaults first)."""
    monkeypatch.setenv("MASIS_HOME", str(sample_home))
    (sample_home / "config" / "settings.json").unlink(missing_ok=True)
    return sample_home
