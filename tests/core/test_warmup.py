"""Warm-up: after ``warm_up`` a role's next prompt prefills only what follows its system message (real llama.cpp,
the tiny model; the KV-cache prefix reuse is llama-cpp-python's, the constant system messages are ours)."""

from __future__ import annotations

from typing import Any

import pytest

from masis_desktop.core.checks.model.auditor import AUDITOR_SYSTEM
from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.pipeline.prompts import SYNTH_SYSTEM
from masis_desktop.core.pipeline.warmup import ROLE_SYSTEM, warm_up
from masis_desktop.errors import CancelledError

QUESTION = [{"role": "user", "content": "Evidence: [c1] Revenue was NOK 214.6 million.\nQuestion: What was revenue?"}]


def test_the_first_question_after_warm_up_skips_the_system_prompt(tiny_llm: Any) -> None:
    messages = [{"role": "system", "content": SYNTH_SYSTEM}, *QUESTION]
    tiny_llm._llama.reset()
    tiny_llm.complete(messages, max_tokens=1)
    cold = tiny_llm.last_stats
    tiny_llm._llama.reset()
    seconds = warm_up({"synthesizer": tiny_llm})
    assert set(seconds) == {"synthesizer"}
    tiny_llm.complete(messages, max_tokens=1)
    warm = tiny_llm.last_stats
    system_tokens = tiny_llm.count_tokens(SYNTH_SYSTEM)
    # llama.cpp's perf counters may carry a token or two from an earlier call on the shared model: hence >=.
    assert cold.prefill_tokens >= cold.prompt_tokens > system_tokens
    # Everything up to the user turn came from the cache: at most the question's own tokens were evaluated.
    assert warm.prefill_tokens <= cold.prompt_tokens - system_tokens, (cold, warm)


def test_each_system_prompt_is_warmed_once_per_model() -> None:
    writer, judge = ScriptedLLM("w"), ScriptedLLM("j")
    writer.enqueue("x")
    judge.enqueue("x")
    seconds = warm_up({"synthesizer": writer, "critic": judge, "evaluator": judge})
    assert set(seconds) == {"synthesizer", "critic"}
    assert [c.messages[0]["content"] for c in writer.calls] == [SYNTH_SYSTEM]
    assert [c.messages[0]["content"] for c in judge.calls] == [AUDITOR_SYSTEM]
    assert ROLE_SYSTEM["critic"] == ROLE_SYSTEM["evaluator"]


def test_a_model_serving_every_role_is_warmed_for_the_auditor_then_the_writer() -> None:
    """The writer's prompt comes first in a question, so it is the one left in the live cache."""
    shared = ScriptedLLM("one")
    shared.enqueue("x")
    shared.enqueue("x")
    warm_up({"synthesizer": shared, "critic": shared, "evaluator": shared})
    assert [c.messages[0]["content"] for c in shared.calls] == [AUDITOR_SYSTEM, SYNTH_SYSTEM]


def test_after_warm_up_both_roles_of_a_shared_model_skip_their_system_prompt(tiny_llm: Any) -> None:
    tiny_llm._llama.reset()
    warm_up({"synthesizer": tiny_llm, "critic": tiny_llm, "evaluator": tiny_llm})
    for system in (AUDITOR_SYSTEM, SYNTH_SYSTEM, AUDITOR_SYSTEM):
        tiny_llm.complete([{"role": "system", "content": system}, *QUESTION], max_tokens=1)
        stats = tiny_llm.last_stats
        assert stats.prefill_tokens < tiny_llm.count_tokens(system) / 4, (system[:40], stats)


def test_warm_up_stops_on_cancel() -> None:
    token = CancelToken()
    token.cancel()
    llm = ScriptedLLM("w")
    with pytest.raises(CancelledError):
        warm_up({"synthesizer": llm}, token)
    assert llm.calls == []
