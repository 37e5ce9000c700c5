"""The MASIS loop: research -> write -> critique -> decide -> evaluate, with the Supervisor the only router.

``graph.py`` is the graph in one file; ``state.py`` the typed run state; the agents (``researcher``, ``synthesizer``,
``critic``, ``supervisor``, ``evaluator``) with their ``prompts`` beside them. ``ask(...)`` yields typed events and
returns an ``AskResult`` (the final run state and the seed 003 response).
"""

from masis_desktop.core.pipeline.budget import MAX_CHUNKS_SHOWN, fitted_budget
from masis_desktop.core.pipeline.run import AskResult, ask, build_response, run_to_end
from masis_desktop.core.pipeline.state import Models

__all__ = ["MAX_CHUNKS_SHOWN", "AskResult", "Models", "ask", "build_response", "fitted_budget", "run_to_end"]
