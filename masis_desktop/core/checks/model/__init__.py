"""Checks that ask the critic model in the form it is good at: the likelihood of a value as a passage's answer
(``verify``), which of a passage's values a slot takes (``slots``) and whether the cited passages answer at all
(``answerable``). They share one system message (``auditor``) so llama.cpp reuses the KV cache."""
