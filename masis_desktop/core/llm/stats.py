"""What one model call cost, as a metrics row (prefill vs cached tokens), for every node that calls a model."""

from __future__ import annotations

from typing import Any

from masis_desktop.core.llm.protocol import LLM


def llm_stats(llm: LLM, node: str, iteration: int) -> dict[str, Any]:
    """What the last call on ``llm`` cost, for metrics and the benchmark (prefill vs cached tokens)."""
    s = llm.last_stats
    if s is None:
        return {"node": node, "iteration": iteration, "model": llm.name}
    return {"node": node, "iteration": iteration, "model": llm.name, "prompt_tokens": s.prompt_tokens,
            "prefill_tokens": s.prefill_tokens, "cached_tokens": s.cached_tokens,
            "completion_tokens": s.completion_tokens, "prefill_ms": round(s.prefill_ms, 1),
            "decode_ms": round(s.decode_ms, 1), "total_ms": round(s.total_ms, 1),
            "first_token_ms": None if s.first_token_ms is None else round(s.first_token_ms, 1)}
