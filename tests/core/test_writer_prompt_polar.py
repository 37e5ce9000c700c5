"""The writer's prompt: a yes/no question is answered in the passage's words, every other question exactly as before."""

from __future__ import annotations

import pytest

from masis_desktop.core.grounding.evidence import build_context
from masis_desktop.core.pipeline import prompts
from masis_desktop.core.text import is_polar
from tests.core.pipeline_support import hit

HITS = [hit("c1", "The shop is open Thursday to Saturday from April to October, and on Saturdays only from November.")]


def _user_message(question: str, previous: str | None = None) -> str:
    context = build_context(question, HITS, budget_tokens=400, count_tokens=lambda t: len(t) // 4)
    messages = prompts.synthesizer_messages(question, context, previous, ["S1 is wrong"] if previous else None)
    assert messages[0] == {"role": "system", "content": prompts.SYNTH_SYSTEM}  # the cached prefix never changes
    return messages[1]["content"]


@pytest.mark.parametrize("question", ["Can I visit on a Thursday in November?", "does the shop open on Sundays?",
                                      "  Is there parking?", "Were both bands American?"])
def test_a_yes_no_question_asks_for_the_passages_words_and_no_bare_verdict(question: str) -> None:
    assert is_polar(question)
    text = _user_message(question)
    assert prompts.POLAR_INSTRUCTION in text and "Answer in 1 to 3 sentences." not in text
    assert "what the passage says about it, in the passage's own words" in text
    assert "Do not add Yes or No." in text
    assert text.rstrip().endswith("one of: [c1].")


@pytest.mark.parametrize("question", ["When is the shop open in November?", "Which days is it open?",
                                      "Isabel's shop: what are its hours?", "Doesn't matter, how much is parking?"])
def test_any_other_question_keeps_the_plain_instruction(question: str) -> None:
    assert not is_polar(question)
    text = _user_message(question)
    assert "Answer in 1 to 3 sentences. End each sentence with the id" in text
    assert prompts.POLAR_INSTRUCTION not in text


def test_a_retry_of_a_yes_no_question_keeps_its_instruction() -> None:
    text = _user_message("Can I visit on a Thursday in November?", previous="Yes, you can visit [c1].")
    assert "Your previous answer:" in text and prompts.POLAR_INSTRUCTION in text
    assert text.index("Your previous answer:") < text.index(prompts.POLAR_INSTRUCTION)
