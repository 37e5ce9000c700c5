"""Prefill each model's constant system prompt once, right after loading.

llama-cpp-python keeps the tokens it last evaluated and, for the next prompt, evaluates only what follows the
longest common prefix. Every prompt of a role starts with the same system message (``prompts.py``), so after one
short call on it the first real question pays only for its own tokens. Without it the first question after start-up
also prefills the system messages: its first streamed token came 12.0 s after asking, against 3.7 s once warm
(``bench/ask.py``, docs/BENCHMARKS.md). The app runs this in the background model-loading job, where a question asked
meanwhile simply waits for the model's lock.
"""

from __future__ import annotations

import time

from masis_desktop.core.checks.model.auditor import AUDITOR_SYSTEM
from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.pipeline.prompts import SYNTH_SYSTEM

# The system message each role's prompts start with (critic and evaluator share one, hence one KV-cache prefix).
ROLE_SYSTEM = {"synthesizer": SYNTH_SYSTEM, "critic": AUDITOR_SYSTEM, "evaluator": AUDITOR_SYSTEM}


def warm_up(models: dict[str, LLM], cancel: CancelToken | None = None) -> dict[str, float]:
    """Prefill each distinct system message on each distinct model; returns seconds per warmed role.

    Critic and evaluator share one message, so a model serving both is warmed once for them. A model that also
    writes (the 1.5B by default) is warmed with the auditor's message first and the writer's last: the writer
    speaks first in a question, and the llama.cpp backend keeps the auditor's prefix as a snapshot it restores in
    milliseconds (``LlamaLLM._prime``)."""
    warmed: dict[tuple[int, str], tuple[str, LLM]] = {}
    for role in ("critic", "evaluator", "synthesizer"):
        llm = models.get(role)
        if llm is not None:
            warmed.setdefault((id(llm), ROLE_SYSTEM[role]), (role, llm))
    seconds: dict[str, float] = {}
    for role, llm in warmed.values():
        if cancel is not None:
            cancel.raise_if_cancelled()
        start = time.perf_counter()
        llm.complete([{"role": "system", "content": ROLE_SYSTEM[role]}, {"role": "user", "content": "."}],
                     max_tokens=1, cancel=cancel)
        seconds[role] = time.perf_counter() - start
    return seconds
