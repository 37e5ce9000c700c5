"""Export of an audit report: Markdown and HTML (both written), PDF; document text is escaped in each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from masis_desktop.ui.export import export_pdf, export_report, md_escape
from tests.ui.conftest import ask, make_workspace, write_docs
from tests.ui.responses import checked_response, hostile_response


def test_export_writes_both_files_and_escapes_document_text(tmp_path: Path) -> None:
    md, html = export_report(hostile_response(), tmp_path / "report.html")
    assert md == tmp_path / "report.md" and html == tmp_path / "report.html"
    html_text = html.read_text(encoding="utf-8")
    md_text = md.read_text(encoding="utf-8")
    for text in (html_text, md_text):
        assert "<script>" not in text
        assert '<img src="http://evil' not in text
        assert "<b>board</b>" not in text
        assert "<u>really</u>" not in text
    assert "&lt;script&gt;" in html_text and "&lt;script&gt;" in md_text
    assert r"\[click\](http://evil.example)" in md_text  # the Markdown link is neutralised (escaped brackets)
    assert "Content-Security-Policy" in html_text
    # the report has what an auditor needs
    for needle in ("Question", "Needs human review", "Citations", "Supporting span", "Critique", "Trace",
                   "faithfulness &lt;= 0.40", "c99: not among the evidence"):
        assert needle in md_text, needle
    assert 'id="c7"' in html_text and 'href="#c7"' in html_text
    assert "Incorrect citation" in html_text and "escalate" in html_text


def test_the_report_names_the_check_behind_each_finding(tmp_path: Path) -> None:
    md, html = export_report(checked_response(), tmp_path / "report")
    md_text, html_text = md.read_text(encoding="utf-8"), html.read_text(encoding="utf-8")
    # flagged sentences, then the critique's issues
    assert "  - flagged by: grounding.invalid\\_citation" in md_text  # Markdown-escaped underscore
    assert "  - flagged by: grounding.uncited, model.verify" in md_text
    assert "(severity 0.90; flagged by: grounding.invalid\\_citation)" in md_text
    assert "(severity 0.70; flagged by: model.verify)" in md_text
    assert "<th>Flagged by</th>" in html_text and "<td>model.verify</td>" in html_text
    assert "flagged by: grounding.uncited, model.verify" in html_text
    # a report of a record without check ids has no empty "flagged by" anywhere
    old_md, old_html = export_report(hostile_response(), tmp_path / "old")
    for text in (old_md.read_text(encoding="utf-8"), old_html.read_text(encoding="utf-8")):
        assert "flagged by" not in text.lower()


def test_md_escape_neutralises_markup() -> None:
    assert md_escape("[x](http://a) <b> *y* `z` a_b") == r"\[x\](http://a) &lt;b&gt; \*y\* \`z\` a\_b"


def test_pdf_export(qapp: Any, tmp_path: Path) -> None:
    target = export_pdf(hostile_response(), tmp_path / "report")
    assert target == tmp_path / "report.pdf"
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 2000


def test_export_from_the_window(qtbot: Any, window: Any, script: Any, tmp_path: Path) -> None:
    make_workspace(qtbot, window, "Reports", write_docs(tmp_path / "docs"))
    script.good()
    ask(qtbot, window)
    md, html = window.export_answer(tmp_path / "out" / "audit.md")
    assert md.exists() and html.exists()
    assert "NOK 214.6 million" in md.read_text(encoding="utf-8")
    assert "revenue_q3.txt" in html.read_text(encoding="utf-8")
    assert window.message_bar.isVisible() and "audit.md" in window.message_bar.text.text()
