"""A GBNF grammar that makes the free writer end every sentence with a citation of a passage it was shown.

The writer is told to end each sentence with its passage's id, and a small model often does not: it puts one id
after the last of two sentences, writes a sentence about where the answer came from, or none at all; the audit
then refuses the uncited sentence (seed 000's citation rule) and a retry follows. Under this grammar (llama.cpp
enforces it token by token) a reply is either the abstention, verbatim, or one to four sentences each ending in one
or more citations of the evidence's ids (``[c4]``, ``[c4, c7]``, ``[c4] [c7]``), optionally with the partial-answer
sentence before or after them. Citations may also stand inside a sentence. A citation can then only name an id the
writer was shown; which passage it names is still the model's choice, and the audit checks it as before.

A sentence ends at ``.``, ``!`` or ``?`` followed by anything but a letter or digit, so decimals ("£7.80") and
versions ("3.8") stay inside their sentence. Opt-in (``pipeline.cite_grammar``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from masis_desktop.core.pipeline import prompts

MAX_SENTENCES = 4  # the writer's rules say 1 to 4 short sentences


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a GBNF string literal: double quotes, backslash escapes


def citation_grammar(ids: Sequence[str]) -> str:
    """The grammar over the evidence ``ids`` (at least one)."""
    if not ids:
        raise ValueError("a citation grammar needs at least one passage id")
    more = ""
    for _ in range(MAX_SENTENCES - 1):
        more = f"(sp sentence{more})?"
    return "\n".join([
        "root ::= abstain | partial sp sentences | sentences (sp partial)?",
        f"abstain ::= {_literal(prompts.ABSTAIN)}",
        f"partial ::= {_literal(prompts.PARTIAL)}",
        f"sentences ::= sentence {more}",
        "sentence ::= piece+ (cites end | end cites)",
        "piece ::= [^\\[\\]\\n.!?] | [.!?] [0-9A-Za-z] | cite",
        "cites ::= \" \"? cite (\" \"? cite)?",
        "cite ::= \"[\" id (\", \" id)* \"]\"",
        "id ::= " + " | ".join(_literal(i) for i in dict.fromkeys(ids)),
        "end ::= [.!?] [\"'\u201d\u2019)]?",
        "sp ::= \" \" | \"\\n\" | \"\\n\\n\"",
    ]) + "\n"
