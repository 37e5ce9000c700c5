"""How much evidence each prompt can hold, and what a writer's input is (the key that detects a repeated retry)."""

from __future__ import annotations

from masis_desktop.core.grounding.evidence import Context
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.core.pipeline import critic, prompts
from masis_desktop.core.pipeline.state import Models, WriterInput
from masis_desktop.settings import Settings

MAX_CHUNKS_SHOWN = 5
MIN_EVIDENCE_TOKENS = 64  # the smallest evidence budget settings allow
CHARS_PER_TOKEN = 4  # English text with these tokenizers: settings.pipeline.max_context_chars in tokens
CHAT_OVERHEAD_TOKENS = 16  # chat-template tokens per message, and a margin for tokenizer differences


def writer_input(context: Context, previous: str | None, problems: list[str] | None) -> WriterInput:
    """Everything an attempt's outcome depends on besides the question: the evidence shown (ids and text; the
    critic's code checks read the same chunks), the previous draft and the problems listed to the writer. Both
    models decode at temperature 0, so two attempts with equal keys write and audit the same draft."""
    return context.block(), previous, tuple(problems or ())


def fitted_budget(question: str, models: Models, settings: Settings, *, previous: str | None = None,
                  problems: list[str] | None = None) -> int:
    """``pipeline.context_tokens``, lowered when a model's context window cannot hold it with the rest of its prompt.

    llama.cpp refuses a prompt longer than its window, so evidence beyond it would stop the run instead of being
    trimmed. The synthesizer's prompt must fit with room for its answer. The critic's must fit with the answer and
    the code checks (reserved at twice the answer's maximum); when even no evidence would fit it, the critic fails
    into the recorded code-audit fallback and its window is not allowed to starve the synthesizer.
    """
    budget = min(settings.pipeline.context_tokens, settings.pipeline.max_context_chars // CHARS_PER_TOKEN)
    answer = settings.pipeline.synth_max_tokens
    empty = Context([], {}, False, 0, 0, 0)

    def fixed(llm: LLM, messages: list[dict[str, str]]) -> int:
        return sum(llm.count_tokens(m["content"]) + CHAT_OVERHEAD_TOKENS for m in messages)

    n_ctx = getattr(models.synthesizer, "n_ctx", None)
    if isinstance(n_ctx, int):
        used = fixed(models.synthesizer, prompts.synthesizer_messages(question, empty, previous, problems))
        budget = min(budget, n_ctx - used - answer)
    n_ctx = getattr(models.critic, "n_ctx", None)
    if isinstance(n_ctx, int):
        used = fixed(models.critic, prompts.critic_messages(prompts.auditor_body(question, empty, "", "")))
        room = n_ctx - used - 2 * answer - critic.CRITIC_MAX_TOKENS
        if room >= MIN_EVIDENCE_TOKENS:
            budget = min(budget, room)
    return max(MIN_EVIDENCE_TOKENS, budget)
