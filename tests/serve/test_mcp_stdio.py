"""``masis mcp`` driven by the official MCP SDK's client over stdio: the tools and their schemas, a real critique on
the SmolLM2 critic, search, ask, and one-line tool errors."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.conftest import use_tiny_model_for_all_roles

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


async def _session_calls(home: Path, calls: list[tuple[str, dict[str, Any]]]) -> tuple[Any, list[Any]]:
    env = {**os.environ, "MASIS_HOME": str(home), "MASIS_SKIP_SYSREQ": "1"}
    params = StdioServerParameters(command=sys.executable, args=["-m", "masis_desktop.cli.main", "mcp", "--workspace",
                                                                 "alpha"], env=env)
    with anyio.fail_after(240):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            results = [await session.call_tool(name, args) for name, args in calls]
    return tools, results


def test_mcp_tools_over_stdio(in_sample_home: Path) -> None:
    use_tiny_model_for_all_roles()  # a real critic model, small enough for a test
    calls = [
        ("search", {"query": "Who manages the Oslo office?", "k": 2}),
        ("critique_answer", {"query": "When does the Oslo office open?", "draft": "The Oslo office opens in 2031.",
                             "sourceIds": ["c1"], "strictness": "strict"}),
        ("critique_answer", {"query": "q", "draft": "d", "sourceIds": ["c999"]}),
        ("search", {"query": "plans", "workspace": "beta"}),
        ("search", {"query": "plans", "workspace": "nope"}),
        ("ask", {"query": "Who is the office manager in Oslo?", "max_retries": 0}),
    ]
    tools, (search, critique, unknown, other, missing, answer) = anyio.run(_session_calls, in_sample_home, calls)

    by_name = {t.name: t for t in tools.tools}
    assert set(by_name) == {"critique_answer", "ask", "search"}
    schema = by_name["critique_answer"].input_schema
    assert schema["required"] == ["query", "draft", "sourceIds"]  # seed 004's tool schema
    assert schema["properties"]["strictness"]["enum"] == ["lenient", "moderate", "strict"]
    assert schema["properties"]["autoRevise"]["type"] == "boolean"
    assert set(by_name["critique_answer"].output_schema["properties"]) >= {
        "isValid", "confidence", "issues", "suggestions", "metadata"}

    assert not search.is_error and "Ingrid Berg" in search.structured_content["hits"][0]["text"]
    result = critique.structured_content
    assert not critique.is_error and result["isValid"] is False
    assert any(i["type"] == "hallucination" and "2031" in i["description"] for i in result["issues"])
    assert unknown.is_error and "no passage 'c999' in workspace 'alpha'" in unknown.content[0].text
    assert not other.is_error and "Free plan" in other.structured_content["hits"][0]["text"]
    assert missing.is_error and "no workspace named 'nope'" in missing.content[0].text
    assert not answer.is_error
    response = answer.structured_content
    assert response["question"] == "Who is the office manager in Oslo?" and response["workspace"] == "alpha"
    assert response["status"] in ("success", "needs_clarification") and response["answer"]
