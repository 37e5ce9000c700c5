"""Offline guarantee: model loading, an embedding and a structured completion with networking disabled."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent(
    """
    import socket
    try:
        socket.create_connection(("pypi.org", 443), timeout=3)
        raise SystemExit("network is reachable: the test is not isolated")
    except OSError:
        pass
    import masis_desktop
    from typing import Literal
    from pydantic import BaseModel
    from masis_desktop.core.embed import load_embedder
    from masis_desktop.core.llm.llama import LlamaLLM
    from masis_desktop.core.llm import registry

    emb = load_embedder()
    vec = emb.encode(["offline embedding works"])
    assert vec.shape == (1, emb.dimension), vec.shape

    class Verdict(BaseModel):
        verdict: Literal["supported", "unsupported"]

    llm = LlamaLLM(registry.require("test").path, n_ctx=1024)
    out = llm.structured([{"role": "user", "content": "Is the sky blue? Answer."}], Verdict, max_tokens=30)
    print("OK", vec.shape, out.verdict)
    """
)


def _unshare_available() -> bool:
    if not shutil.which("unshare") or os.geteuid() != 0:
        return False
    return subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _unshare_available(), reason="needs root and unshare -n to drop networking")
def test_models_work_with_networking_disabled() -> None:
    proc = subprocess.run(["unshare", "-n", sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=300, env=dict(os.environ))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "OK (1, 384)" in proc.stdout


def test_offline_variables_are_set_on_import() -> None:
    import masis_desktop  # noqa: F401

    assert os.environ["HF_HUB_OFFLINE"] == "1"
    assert os.environ["TRANSFORMERS_OFFLINE"] == "1"
