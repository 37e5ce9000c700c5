"""The code audit: every check with an id, a rationale, a scope and an effect, run from one ordered registry."""
