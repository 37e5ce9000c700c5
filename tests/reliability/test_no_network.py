"""Nothing touches the network: a full ingest + ``masis ask`` of the sample workspace in a child process that has
no network at all (``unshare -n``: only a loopback interface, down) and, inside it, a guard that records every
socket the Python process creates, connects, binds or resolves (an audit hook, plus ``socket`` functions patched
to raise), proven live by a deliberate connection attempt before the run. The one socket the run does create is
urllib3's import-time IPv6 check (bind to ``::1`` port 0, closed, never connected); it is allowed by its exact
origin and shape, and anything else fails the test.

Models: SmolLM2-135M in every role (the real llama.cpp runtime, GGUF loading, grammar-constrained structured calls
through instructor; the default 0.5B/1.5B pair would add minutes to ``make test`` without exercising any other code
path), the default MiniLM encoder (ONNX int8); evidence budget 120 tokens and drafts of at most 64 tokens.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from masis_desktop import paths
from tests.conftest import use_tiny_model_for_all_roles
from tests.reliability.support import child_env, record

QUESTION = "What revenue did Halvorsen Marine Systems report for Q3 2026, and how does it compare with Q3 2025?"

GUARDED_RUN = textwrap.dedent(
    """
    import json, socket, sys, traceback

    events = []
    armed = [True]

    def origin():
        for frame in reversed(traceback.extract_stack()[:-2]):
            if not frame.filename.endswith(("socket.py", "<string>")) and "guarded_run" not in frame.filename:
                return f"{frame.filename.split('site-packages/')[-1]}:{frame.name}"
        return "?"

    def hook(event, args):
        if armed[0] and (event.startswith("socket.") or event.startswith(("http.client", "urllib.Request",
                                                                          "ftplib", "smtplib", "webbrowser"))):
            events.append([event, repr(args)[:200], origin()])

    sys.addaudithook(hook)
    real = {name: getattr(socket, name) for name in ("create_connection", "getaddrinfo", "gethostbyname")}
    real_connect = socket.socket.connect

    def refuse(name):
        def blocked(*args, **kwargs):
            events.append([f"patched:{name}", repr(args)[:200], origin()])
            raise OSError(f"network disabled by the reliability guard ({name})")
        return blocked

    for name in real:
        setattr(socket, name, refuse(name))
    socket.socket.connect = refuse("socket.connect")

    # The guard is live: a deliberate attempt is seen and refused.
    try:
        socket.create_connection(("127.0.0.1", 9), timeout=1)
    except OSError:
        pass
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.connect(("10.255.255.1", 80))
        except OSError:
            pass
    self_test = list(events)
    events.clear()

    from masis_desktop.cli.main import main
    codes = [main(["ingest", "Sample", sys.argv[1], "--create", "--json"])]
    import io, contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        codes.append(main(["ask", "Sample", sys.argv[2], "--json", "--max-retries", "0"]))
    response = json.loads(out.getvalue())
    armed[0] = False
    print("RESULT " + json.dumps({"codes": codes, "events": events, "self_test": self_test,
                                  "status": response["status"], "answer": response["answer"],
                                  "nodes": [e["node"] for e in response["trace"]],
                                  "models": response["metrics"]["models"],
                                  "node_latency_ms": response["metrics"]["node_latency_ms"],
                                  "total_ms": response["metrics"]["total_ms"]}))
    """
)


def _unshare() -> list[str] | None:
    if not shutil.which("unshare") or os.geteuid() != 0:
        return None
    ok = subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0
    return ["unshare", "-n"] if ok else None


@pytest.fixture(scope="module")
def guarded_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One ingest + ask of the sample workspace, in a child without network when possible, guard installed."""
    home = tmp_path_factory.mktemp("offline_home")
    prev = os.environ.get("MASIS_HOME")
    os.environ["MASIS_HOME"] = str(home)
    try:
        use_tiny_model_for_all_roles()
        from masis_desktop.settings import load_settings, save_settings

        settings = load_settings()  # user settings that shorten prompts and drafts, to bound the test's time
        settings.pipeline.context_tokens = 120
        settings.pipeline.synth_max_tokens = 64
        save_settings(settings)
    finally:
        if prev is None:
            os.environ.pop("MASIS_HOME", None)
        else:
            os.environ["MASIS_HOME"] = prev
    prefix = _unshare()
    probe = "import socket\ntry:\n    socket.create_connection(('pypi.org', 443), timeout=3)\n    print('ONLINE')\n" \
            "except OSError:\n    print('OFFLINE')\n"
    isolated = None
    if prefix:
        isolated = subprocess.run([*prefix, sys.executable, "-c", probe], capture_output=True, text=True,
                                  timeout=60).stdout.strip() == "OFFLINE"
    script = home / "guarded_run.py"
    script.write_text(GUARDED_RUN, "utf-8")
    proc = subprocess.run([*(prefix or []), sys.executable, str(script), str(paths.sample_workspace_dir()),
                           QUESTION], capture_output=True, text=True, timeout=900, env=child_env(home))
    assert proc.returncode == 0, proc.stderr[-4000:]
    line = next(x for x in proc.stdout.splitlines() if x.startswith("RESULT "))
    result: dict[str, Any] = json.loads(line[len("RESULT "):])
    result["unshared"] = prefix is not None
    result["network_unreachable_in_child"] = isolated
    shutil.rmtree(home, ignore_errors=True)
    return result


def test_end_to_end_ask_with_networking_disabled(guarded_run: dict[str, Any]) -> None:
    if not guarded_run["unshared"]:
        pytest.skip("needs root and unshare -n to drop networking (the in-process guard still ran)")
    assert guarded_run["network_unreachable_in_child"] is True
    assert guarded_run["codes"] == [0, 0]
    assert guarded_run["nodes"][0] == "researcher" and guarded_run["nodes"][-1] == "evaluator"
    assert guarded_run["status"] in ("success", "needs_clarification") and guarded_run["answer"]


def _urllib3_ipv6_probe(event: list[str]) -> bool:
    """urllib3 (imported by the Hugging Face libraries) runs ``HAS_IPV6 = _has_ipv6("::1")`` at import: a socket
    bound to the IPv6 loopback, port 0, then closed; no packet leaves it. Exactly that, and nothing else, passes."""
    name, args, where = event
    if where != "urllib3/util/connection.py:_has_ipv6":
        return False
    return name == "socket.__new__" or (name == "socket.bind" and args.endswith("('::1', 0))"))


def test_no_socket_is_opened_during_ingest_and_ask(guarded_run: dict[str, Any]) -> None:
    self_test = {e[0] for e in guarded_run["self_test"]}
    assert {"socket.__new__", "patched:create_connection", "patched:socket.connect"} <= self_test, self_test
    assert guarded_run["codes"] == [0, 0]
    other = [e for e in guarded_run["events"] if not _urllib3_ipv6_probe(e)]
    assert other == [], other
    record("no_network", unshare_n=guarded_run["unshared"],
           network_unreachable_in_child=guarded_run["network_unreachable_in_child"],
           socket_events_during_ingest_and_ask=len(other),
           loopback_probe_events_allowed=[e[:2] for e in guarded_run["events"] if _urllib3_ipv6_probe(e)],
           guard_self_test_events=sorted(self_test), models=guarded_run["models"],
           status=guarded_run["status"], nodes=guarded_run["nodes"],
           ask_seconds=round(guarded_run["total_ms"] / 1000, 1),
           node_seconds={k: round(v / 1000, 1) for k, v in guarded_run["node_latency_ms"].items()})
