"""A check's finding and the confidence factors findings carry (the calibration table lives in ``audit``).

Every check of the code audit returns ``Finding`` objects; the registry stamps each with the id of the check that
raised it, so the trace, the UI and the evaluation can say which check fired.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from masis_desktop.core.schemas import CritiqueIssue, IssueType

FACT_FACTOR = 0.75
INCOMPLETE_FACTOR = 0.8
CONTRADICTION_FACTOR = 0.9


@dataclass
class Finding:
    type: IssueType
    severity: float
    description: str
    problematic_text: str
    suggestion: str
    citation_id: str | None
    factor: float
    forces_retry: bool
    hallucination: bool
    conflict: str | None = None
    check: str = ""  # the registered check that raised it (``registry``); set where it is raised or by the registry
    also: tuple[str, ...] = ()  # other checks whose findings were merged into this one (they fired too)

    def issue(self) -> CritiqueIssue:
        return CritiqueIssue(issue_type=self.type, severity=self.severity, description=self.description,
                             problematic_text=self.problematic_text, suggestion=self.suggestion,
                             citation_id=self.citation_id, source="code", check_id=self.check or None)


def cite_ids(ids: Sequence[str]) -> str:
    return "".join(f"[{i}]" for i in ids)
