"""The five MASIS agents as plain functions over ``RunState``; routing lives only in ``supervisor``.

``text`` holds the pure-code language helpers (sentences, citations, quantities, names) that the code audit
(``citations``), the extractive evidence trimming (``compress``) and seed 004's ``critique_tool`` share.
"""
