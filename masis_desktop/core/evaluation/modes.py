"""The evaluation modes by name (what ``masis eval MODE`` runs); each imports its heavy parts lazily."""

from __future__ import annotations

from masis_desktop.core.evaluation.harness import EvalMode
from masis_desktop.core.evaluation.judge import JudgeName
from masis_desktop.settings import Settings


def create_mode(name: str, *, judge: JudgeName = "lexical", settings: Settings | None = None,
                code_only: bool = False) -> EvalMode:
    if name == "retrieval":
        from masis_desktop.core.evaluation.retrieval_mode import RetrievalMode

        return RetrievalMode(settings)
    if name == "critic":
        from masis_desktop.core.evaluation.critic_mode import CriticMode

        return CriticMode(settings, code_only=code_only)
    if name == "answer":
        from masis_desktop.core.evaluation.answer_mode import AnswerMode

        return AnswerMode(settings, judge=judge)
    raise ValueError(f"unknown evaluation mode {name!r}")
