"""The llama.cpp runtime on the real tiny model: streaming, KV reuse, grammar-enforced structure, scoring of
continuations, cancel."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Literal

import numpy as np
import pytest
from pydantic import BaseModel, Field, ValidationError

from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.llama import LlamaLLM, _translate_response_format
from masis_desktop.errors import CancelledError

MSGS = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "Name three colours."}]


class Ticket(BaseModel):
    """An object SmolLM2 cannot produce unconstrained: an exact code it has never seen, bounded fields."""

    code: Literal["XQ-7781"]
    priority: Literal["P1", "P2", "P3"]
    numbers: list[int] = Field(max_length=3)
    ok: bool


def test_translate_response_format() -> None:
    kwargs = {"response_format": {"type": "json_schema", "json_schema": {"name": "X", "schema": {"type": "object"}}}}
    assert _translate_response_format(kwargs)["response_format"] == {"type": "json_object",
                                                                    "schema": {"type": "object"}}
    untouched = {"response_format": {"type": "json_object"}}
    assert _translate_response_format(untouched) == untouched


def test_complete_and_stream_agree(tiny_llm: LlamaLLM) -> None:
    text = tiny_llm.complete(MSGS, max_tokens=24).text
    streamed = "".join(tiny_llm.stream(MSGS, max_tokens=24))
    assert text and text == streamed  # greedy decoding is deterministic
    stats = tiny_llm.last_stats
    assert stats is not None and stats.completion_tokens > 0 and stats.prompt_tokens > 0


def test_kv_cache_prefix_is_reused(tiny_llm: LlamaLLM) -> None:
    long_prefix = [{"role": "system", "content": "Evidence: " + "The Oslo office opened in 2018. " * 30}]
    tiny_llm.complete([*long_prefix, {"role": "user", "content": "When did it open?"}], max_tokens=4)
    first = tiny_llm.last_stats
    tiny_llm.complete([*long_prefix, {"role": "user", "content": "Which city?"}], max_tokens=4)
    second = tiny_llm.last_stats
    assert first is not None and second is not None
    assert second.cached_tokens > 0.8 * first.prompt_tokens
    assert second.prefill_tokens < 0.2 * first.prefill_tokens


def test_score_matches_llama_cpps_own_log_probabilities(tiny_llm: LlamaLLM, tiny_model_path: Path) -> None:
    """``score`` (one prefill, then one decode step per token, reading the last row of logits) agrees with what
    llama-cpp-python itself reports for the same text on a context that keeps the logits of every position."""
    import llama_cpp

    msgs = [{"role": "system", "content": "You answer from the passage."},
            {"role": "user", "content": "PASSAGE: The Oslo office opened in March 2018.\nWhen did it open?"}]
    prefix, value = "It opened in ", "March 2018"
    ours = tiny_llm.score(msgs, prefix, [value, "June 1999"])
    assert ours[0] > ours[1]  # the value the passage states is the likelier one
    head = tiny_llm._chat_text(msgs) + prefix
    base, full = tiny_llm._tokens(head), tiny_llm._tokens(head + value)
    shared = next(i for i, (a, b) in enumerate(zip(base, full, strict=False)) if a != b) \
        if any(a != b for a, b in zip(base, full, strict=False)) else len(base)
    oracle = llama_cpp.Llama(model_path=str(tiny_model_path), n_ctx=1024, logits_all=True, verbose=False)
    try:
        oracle.eval(full)  # one batch, logits kept for every position
        rows = np.asarray(oracle.scores[: len(full)], dtype=np.float64)
        top = rows.max(axis=1, keepdims=True)
        logprobs = rows - (top + np.log(np.exp(rows - top).sum(axis=1, keepdims=True)))
        expected = sum(logprobs[i - 1, full[i]] for i in range(shared, len(full)))
    finally:
        oracle.close()
    assert ours[0] == pytest.approx(expected, abs=0.05)


def test_score_reuses_the_cached_prompt(tiny_llm: LlamaLLM) -> None:
    msgs = [{"role": "system", "content": "Answer with one word."},
            {"role": "user", "content": "Is Paris the capital of France? Yes or No."}]
    tiny_llm.complete(msgs, max_tokens=1)
    scores = tiny_llm.score(msgs, "", ["Yes", "No"])
    assert len(scores) == 2 and all(x <= 0.0 for x in scores)
    stats = tiny_llm.last_stats
    # the prompt was formatted exactly as create_chat_completion formats it: nothing but the values is evaluated
    assert stats is not None and stats.prefill_tokens <= 2 and stats.completion_tokens >= 2


def test_a_side_question_keeps_the_cached_prompt(tiny_llm: LlamaLLM) -> None:
    long_system = "You audit answers against quoted evidence. " * 40  # the auditor's long system message
    main = [{"role": "system", "content": long_system},
            {"role": "user", "content": "Is Paris the capital of France? Yes or No."}]
    side = [{"role": "system", "content": "Reply with one word: yes or no."},
            {"role": "user", "content": "Does the passage say it rains in Oslo?"}]
    tiny_llm.score(main, "", ["Yes", "No"])
    # a repeated call re-evaluates only the prompt's last token, which llama.cpp computes alone (not in the prompt's
    # batch), so its reading differs in the second decimal from the first call's: compare repeated calls
    first = tiny_llm.score(main, "", ["Yes", "No"])
    tiny_llm.score(side, "", ["yes", "no"], keep_cache=True)
    side_stats = tiny_llm.last_stats
    again = tiny_llm.score(main, "", ["Yes", "No"])
    stats = tiny_llm.last_stats
    # the side question was evaluated in full, yet the main prompt is still cached, and reads the same as before
    assert side_stats is not None and side_stats.prefill_tokens > 10
    assert stats is not None and stats.prefill_tokens <= 2
    assert again == pytest.approx(first, abs=1e-6)
    # without keep_cache the side question displaces the user turn (the control for the assertion above); the
    # long system message comes back from its snapshot, so only the turn after it is evaluated again
    tiny_llm.score(side, "", ["yes", "no"])
    restores = tiny_llm.snapshot_restores
    tiny_llm.score(main, "", ["Yes", "No"])
    assert tiny_llm.last_stats is not None and 2 < tiny_llm.last_stats.prefill_tokens < 40
    assert tiny_llm.snapshot_restores == restores + 1


def test_grammar_is_enforced(tiny_llm: LlamaLLM) -> None:
    prompt = [{"role": "user", "content": "Say hello."}]
    # Unconstrained, the tiny model does not produce a valid Ticket ...
    free = tiny_llm.complete(prompt, max_tokens=80).text
    with pytest.raises((ValidationError, json.JSONDecodeError, ValueError)):
        Ticket.model_validate_json(free)
    # ... constrained by the JSON-schema grammar (through instructor) it must.
    ticket = tiny_llm.structured(prompt, Ticket, max_tokens=120)
    assert isinstance(ticket, Ticket) and ticket.code == "XQ-7781" and len(ticket.numbers) <= 3


def test_cancel_stops_a_stream_within_two_tokens(tiny_llm: LlamaLLM) -> None:
    token = CancelToken()
    pieces: list[str] = []
    with pytest.raises(CancelledError):
        for piece in tiny_llm.stream([{"role": "user", "content": "Count from 1 to 200."}], max_tokens=400,
                                     cancel=token):
            pieces.append(piece)
            if len(pieces) == 5:
                token.cancel()
    assert 5 <= len(pieces) <= 7
    # the model is usable afterwards
    assert tiny_llm.complete(MSGS, max_tokens=8).text


def test_cancel_from_another_thread_interrupts_structured(tiny_llm: LlamaLLM) -> None:
    class Long(BaseModel):
        items: list[str] = Field(max_length=200)

    token = CancelToken()
    timer = threading.Timer(0.3, token.cancel)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(CancelledError):
        tiny_llm.structured([{"role": "user", "content": "List 200 animals."}], Long, max_tokens=2000,
                            cancel=token)
    assert time.perf_counter() - start < 2.0


def test_a_system_prefix_comes_back_after_another_roles_prompt(tiny_llm: LlamaLLM) -> None:
    """Two roles on one model alternate: each role's system message is prefilled once, then restored from its
    snapshot, and the answer is the same as on a cold cache (greedy decoding)."""
    writer = {"role": "system", "content": "You write answers. " + "Cite every sentence with [cN]. " * 20}
    judge = {"role": "system", "content": "You audit answers. " + "Reject claims the passage lacks. " * 20}
    ask = {"role": "user", "content": "Passage: [c1] The Oslo office opened in 2018.\nWhen did it open?"}
    tiny_llm._llama.reset()
    cold = tiny_llm.complete([writer, ask], max_tokens=8).text
    system_tokens = tiny_llm.count_tokens(writer["content"])
    tiny_llm.complete([judge, ask], max_tokens=4)
    restores = tiny_llm.snapshot_restores
    again = tiny_llm.complete([writer, ask], max_tokens=8)
    assert tiny_llm.snapshot_restores == restores + 1
    assert again.text == cold
    assert again.stats.prefill_tokens < again.stats.prompt_tokens - system_tokens  # the system turn was not re-read
    tiny_llm.complete([judge, {"role": "user", "content": "Is 2018 supported?"}], max_tokens=4)
    judged = tiny_llm.last_stats
    assert judged is not None and judged.prefill_tokens < 40 < tiny_llm.count_tokens(judge["content"])


def test_short_system_prompts_are_not_kept(tiny_llm: LlamaLLM) -> None:
    tiny_llm.complete(MSGS, max_tokens=2)
    assert not any(len(key) < 64 for key in tiny_llm._prefixes)
