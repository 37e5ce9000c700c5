"""A fork server for kill loops: one process imports the app once, then forks a child per ``masis`` command.

Starting ``masis ingest`` costs ~7 s here, almost all of it importing torch and sentence-transformers (needed for
the tokenizer); twenty kills would spend minutes importing. The server imports those modules and starts no thread
(``OPENBLAS_NUM_THREADS=1``; onnxruntime and llama.cpp are imported by each child, where they start their threads),
so ``fork`` is safe. Each child runs ``masis_desktop.cli.main.main(argv)``, the same function as the ``masis``
console script, with its stdout/stderr in a log file; the test kills it with SIGKILL by pid and asks the server
(its parent) to reap it and report how it ended.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

SERVER = r"""
import json, os, signal, sys
import masis_desktop
import numpy, faiss, torch, sentence_transformers, tokenizers, sqlite3, pydantic
import masis_desktop.cli.main as cli
cli.build_parser()
import masis_desktop.core.store.workspace, masis_desktop.core.ingest.ingestion, masis_desktop.core.pipeline
import masis_desktop.core.history, masis_desktop.core.llm.pool
threads = len(os.listdir("/proc/self/task"))
print(json.dumps({"ready": True, "threads": threads}), flush=True)
for line in sys.stdin:
    cmd = json.loads(line)
    if "wait" in cmd:
        _, status = os.waitpid(cmd["wait"], 0)
        if os.WIFSIGNALED(status):
            out = {"signal": os.WTERMSIG(status)}
        else:
            out = {"code": os.WEXITSTATUS(status)}
        print(json.dumps(out), flush=True)
        continue
    pid = os.fork()
    if pid == 0:
        fd = os.open(cmd["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        sys.stdin.close()
        sys.stdout = os.fdopen(1, "w", buffering=1)
        sys.stderr = os.fdopen(2, "w", buffering=1)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if cmd.get("paced_models"):  # the real CLI, with a paced stand-in for llama.cpp (tests/reliability/fakes.py)
            import masis_desktop.core.llm.llama as llama_module
            from tests.reliability.fakes import PacedLLM
            llama_module.LlamaLLM = PacedLLM
        code = 1
        try:
            code = cli.main(cmd["argv"])
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    print(json.dumps({"pid": pid}), flush=True)
"""


class ForkServer:
    """``with ForkServer(env) as fs: pid = fs.spawn([...], log); ...; fs.reap(pid) -> {"signal": 9}``."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = {**env, "OPENBLAS_NUM_THREADS": "1"}
        self.proc: subprocess.Popen[str] | None = None

    def __enter__(self) -> ForkServer:
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=self.env)
        hello = self._read()
        assert hello.get("ready") and hello["threads"] == 1, f"fork server is not single-threaded: {hello}"
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=60)

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None
        return self.proc.stdin, self.proc.stdout

    def _read(self) -> dict[str, Any]:
        _, out = self._pipes()
        line = out.readline()
        if not line:
            raise AssertionError("the fork server died")
        return dict(json.loads(line))

    def _send(self, message: dict[str, Any]) -> dict[str, Any]:
        inp, _ = self._pipes()
        inp.write(json.dumps(message) + "\n")
        inp.flush()
        return self._read()

    def spawn(self, argv: list[str], log: Path, *, paced_models: bool = False) -> int:
        return int(self._send({"argv": argv, "log": str(log), "paced_models": paced_models})["pid"])

    def reap(self, pid: int) -> dict[str, int]:
        """Wait for the child (it must end: killed, or finished) and say how: ``{"signal": n}`` or ``{"code": n}``."""
        return {k: int(v) for k, v in self._send({"wait": pid}).items()}

    @staticmethod
    def alive(pid: int) -> bool:
        """True while the child has not exited (a zombie waiting to be reaped counts as exited)."""
        try:
            with open(f"/proc/{pid}/stat") as fh:
                return fh.read().split(") ", 1)[1][:1] != "Z"
        except OSError:
            return False


def kill(pid: int) -> bool:
    """SIGKILL ``pid``; False if it had already exited."""
    if not ForkServer.alive(pid):
        return False
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        return False
    return True
