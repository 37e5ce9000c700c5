"""A real ``ask`` with roles on llama.cpp's server (SmolLM2 on loopback): routing by settings, the writer's tokens
streamed from the server, the critic's schema-constrained and likelihood calls there, and the backend named in the
response (``metrics.models``, every model call) and in the exported report."""

from __future__ import annotations

from pathlib import Path

import pytest

from masis_desktop.core.events import TokenStreamed
from masis_desktop.core.llm import registry
from masis_desktop.core.llm.llama import LlamaLLM
from masis_desktop.core.llm.openai_backend import OpenAIServerLLM
from masis_desktop.core.llm.pool import ModelPool
from masis_desktop.core.pipeline import AskResult, Models, ask
from masis_desktop.core.store.workspace import Workspace
from masis_desktop.settings import load_settings
from tests.serve.conftest import LlamaServer

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def test_ask_runs_with_the_writer_and_critic_on_the_server(in_sample_home: Path, llama_server: LlamaServer,
                                                             tiny_model_path: Path) -> None:
    registry.register_user_model("evaluator", tiny_model_path)
    for role in ("synthesizer", "critic"):
        registry.register_server(role, llama_server.url, llama_server.model)
    settings = load_settings()
    pool = ModelPool(settings)
    try:
        assert isinstance(pool.get("critic"), OpenAIServerLLM) and pool.get("critic") is pool.get("synthesizer")
        assert isinstance(pool.get("evaluator"), LlamaLLM)
        name = f"server:smollm2@{llama_server.url}"
        with Workspace.open("alpha", settings) as ws:
            gen = ask("Who is the office manager in Oslo?", workspace=ws, models=Models.from_pool(pool),
                      settings=settings, max_retries=0)
            streamed = 0
            while True:
                try:
                    event = next(gen)
                except StopIteration as stop:
                    result: AskResult = stop.value
                    break
                streamed += isinstance(event, TokenStreamed)
    finally:
        pool.close()
    response = result.response
    assert streamed > 1  # the draft came token by token from the server
    assert response["metrics"]["models"] == {"synthesizer": name, "critic": name,
                                             "evaluator": "SmolLM2-135M-Instruct.Q4_1"}
    calls = response["metrics"]["llm_calls"]
    assert {c["node"] for c in calls if c["model"] == name} >= {"synthesizer", "critic"}
    assert all(c["model"] != name for c in calls if c["node"] == "evaluator")
    assert response["status"] in ("success", "needs_clarification") and response["answer"]
    assert "/v1/chat/completions" in llama_server.log_text()
    from masis_desktop.ui.export import to_html, to_markdown

    assert f"critic {name}" in to_markdown(response).replace("\\", "")  # the report names the backend
    assert name in to_html(response)
