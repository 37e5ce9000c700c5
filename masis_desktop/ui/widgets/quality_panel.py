"""The quality panel: confidence, the four evaluation scores and overall as bars, critique issues, suggestions."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from masis_desktop.ui import theme
from masis_desktop.ui.render import ISSUE_LABELS, as_dict, citation_audit, flagged_by, tooltip
from masis_desktop.ui.widgets.common import ScoreBar, muted_label, plain_label, section_label

SCORES = (("faithfulness", "Faithfulness", "35%"), ("relevance", "Relevance", "25%"),
          ("completeness", "Completeness", "25%"), ("reasoning_quality", "Reasoning", "15%"))


class QualityPanel(QScrollArea):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setAccessibleName("Quality assessment")
        body = QWidget(self)
        self.setWidget(body)
        self.confidence = ScoreBar("Confidence", body)
        self.overall = ScoreBar("Overall score", body)
        self.bars: dict[str, ScoreBar] = {key: ScoreBar(label, body, weight=w) for key, label, w in SCORES}
        self.summary = plain_label("", body)
        self.summary.setAccessibleName("Audit summary")
        self.clamps = muted_label("", body)
        self.issues = QTreeWidget(body)
        self.issues.setAccessibleName("Critique issues")
        self.issues.setColumnCount(3)
        self.issues.setHeaderLabels(["Issue", "Severity", "Description"])
        self.issues.setRootIsDecorated(False)
        self.issues.setWordWrap(True)
        self.issues.setUniformRowHeights(False)
        self.issues.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.issues.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.issues.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.issues.header().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.issues.setMinimumHeight(90)
        self.suggestions = plain_label("", body, selectable=True)
        self.suggestions.setAccessibleName("Improvement suggestions")
        self.empty = muted_label("Scores appear here when an answer has been audited.", body)

        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(8)
        grid.addWidget(self.confidence, 0, 0)
        grid.addWidget(self.overall, 0, 1)
        for i, key in enumerate(k for k, _l, _w in SCORES):
            grid.addWidget(self.bars[key], 1 + i // 2, i % 2)
        layout = QVBoxLayout(body)
        layout.addWidget(self.empty)
        layout.addLayout(grid)
        layout.addWidget(self.summary)
        layout.addWidget(self.clamps)
        self.issues_title = section_label("Critique", body)
        layout.addWidget(self.issues_title)
        layout.addWidget(self.issues)
        self.suggestions_title = section_label("How the answer could improve", body)
        layout.addWidget(self.suggestions_title)
        layout.addWidget(self.suggestions)
        layout.addStretch(1)
        self.clear()

    def clear(self) -> None:
        self.confidence.set_value(None)
        self.overall.set_value(None)
        for bar in self.bars.values():
            bar.set_value(None)
        self.summary.setText("")
        self.clamps.setText("")
        self.issues.clear()
        self.suggestions.setText("")
        self.empty.show()
        for w in (self.issues_title, self.issues, self.suggestions_title, self.suggestions):
            w.hide()

    def set_response(self, response: dict[str, Any]) -> None:
        self.empty.hide()
        evaluation = as_dict(response.get("evaluation"))
        critique = as_dict(response.get("critique"))
        self.confidence.set_value(response.get("confidence"))
        self.overall.set_value(evaluation.get("overall_score"))
        for key, bar in self.bars.items():
            bar.set_value(evaluation.get(key))

        audit = citation_audit(response)
        claims = audit.get("claims") or []
        facts = [f"{len(claims)} sentence{'s' if len(claims) != 1 else ''} audited" if claims else "",
                 f"{audit.get('unsupported_claim_count', 0)} unsupported" if claims else "",
                 f"{audit.get('uncited_claim_count', 0)} uncited" if claims else "",
                 f"invalid citations: {', '.join(audit.get('invalid_citations') or [])}"
                 if audit.get("invalid_citations") else "",
                 f"hallucination score {float(critique.get('hallucination_score') or 0):.2f}" if critique else "",
                 f"citation accuracy {float(critique.get('citation_accuracy') or 0) * 100:.0f}%" if critique else ""]
        if critique.get("model_audit") == "failed":
            facts.append(f"model audit failed ({critique.get('model_audit_error') or 'no reason'}); "
                         "code checks only")
        if evaluation.get("model_status") == "failed":
            facts.append("evaluator model failed; scores from code checks")
        self.summary.setText(" · ".join(f for f in facts if f))
        clamps = evaluation.get("clamps_applied") or []
        self.clamps.setText(("Hard clamps applied: " + "; ".join(map(str, clamps))) if clamps else "")

        self.issues.clear()
        tones = theme.current()
        issues = [as_dict(i) for i in critique.get("issues") or []]
        for issue in sorted(issues, key=lambda i: -float(i.get("severity") or 0)):
            kind = str(issue.get("issue_type") or "")
            severity = float(issue.get("severity") or 0)
            desc = str(issue.get("description") or "")
            if issue.get("problematic_text"):
                desc += f"\n“{issue['problematic_text']}”"
            if issue.get("suggestion"):
                desc += f"\nSuggestion: {issue['suggestion']}"
            item = QTreeWidgetItem([ISSUE_LABELS.get(kind, kind), f"{severity:.2f}", desc])
            colour = tones.poor if severity >= 0.7 else tones.fair if severity >= 0.4 else tones.muted
            item.setForeground(1, QBrush(QColor(colour)))
            item.setToolTip(2, tooltip(desc))
            item.setTextAlignment(0, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            source = issue.get("source")
            found = [f"found by the {'code audit' if source == 'code' else 'critic model'}" if source else "",
                     flagged_by([str(issue["check_id"])]) if issue.get("check_id") else ""]
            if any(found):
                item.setToolTip(0, tooltip(" · ".join(f for f in found if f)))
            self.issues.addTopLevelItem(item)
        for text in critique.get("logical_gaps") or []:
            self.issues.addTopLevelItem(QTreeWidgetItem(["Logical gap", "", str(text)]))
        for text in critique.get("conflicting_evidence") or []:
            self.issues.addTopLevelItem(QTreeWidgetItem(["Conflicting evidence", "", str(text)]))
        has_issues = self.issues.topLevelItemCount() > 0
        self.issues_title.setText("Critique" if has_issues else "Critique: no issues found")
        self.issues_title.show()
        self.issues.setVisible(has_issues)

        suggestions = [str(s) for s in evaluation.get("improvement_suggestions") or []]
        suggestions += [str(s) for s in critique.get("revision_suggestions") or [] if str(s) not in suggestions]
        self.suggestions.setText("\n".join(f"• {s}" for s in suggestions))
        self.suggestions_title.setVisible(bool(suggestions))
        self.suggestions.setVisible(bool(suggestions))
