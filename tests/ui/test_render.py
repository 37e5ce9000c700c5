"""Answer rendering: chips for citations, red/amber sentence marks with reasons, everything escaped."""

from __future__ import annotations

from typing import Any

from masis_desktop.ui.render import highlighted_text_html, render_answer_html, sentence_flags
from masis_desktop.ui.theme import LIGHT
from tests.ui.responses import checked_response, hostile_response


def test_flags_follow_the_audit() -> None:
    r = hostile_response()
    flags = sentence_flags(r["answer"], r)
    levels = {r["answer"][f.start:f.end].split()[0]: f.level for f in flags}
    assert levels == {"The": "unsupported", "Margins": "uncited"}  # the supported first sentence is not marked
    board = next(f for f in flags if f.level == "unsupported")
    assert any("Invalid citation" in reason for reason in board.reasons)
    assert any("c99 is not in the evidence" in reason for reason in board.reasons)


def test_answer_html_escapes_text_and_links_chips() -> None:
    r = hostile_response()
    html = render_answer_html(r["answer"], r, LIGHT)
    assert "<b>board</b>" not in html and "&lt;b&gt;board&lt;/b&gt;" in html
    assert 'href="cite:c7?claim=0"' in html
    assert 'href="cite:c99?claim=1"' in html and "fabricated citation" in html
    assert "[c7]" not in html
    assert f"background-color:{LIGHT.unsupported_bg}" in html and f"background-color:{LIGHT.uncited_bg}" in html
    # the chip tooltip quotes the passage: still escaped inside the attribute
    assert "<script>" not in html


def test_streaming_render_has_chips_but_no_marks() -> None:
    html = render_answer_html("Partial answer [c3", None, LIGHT, flags=False)
    assert "cite:" not in html and "[c3" in html  # an unfinished marker stays text until it closes
    html = render_answer_html("Partial answer [c3] and more", None, LIGHT, flags=False)
    assert 'href="cite:c3"' in html


def test_highlighted_span_is_escaped() -> None:
    html = highlighted_text_html("<a>before</a> span & after", 14, 20, LIGHT)
    assert "&lt;a&gt;before&lt;/a&gt;" in html
    assert f'background-color:{LIGHT.span_bg}; color:{LIGHT.span_fg};">span &amp;</span>' in html
    whole = highlighted_text_html("abc", 5, 9, LIGHT)  # invalid span: the whole passage is highlighted
    assert ">abc</span>" in whole


def test_a_flagged_sentence_names_the_checks_that_flagged_it() -> None:
    r = checked_response()
    flags = {r["answer"][f.start:f.end].split()[0]: f for f in sentence_flags(r["answer"], r)}
    assert flags["The"].checks == ["grounding.invalid_citation"]
    assert flags["Margins"].checks == ["grounding.uncited", "model.verify"]
    assert flags["Margins"].explanation().splitlines()[-1] == "flagged by: grounding.uncited, model.verify"
    html = render_answer_html(r["answer"], r, LIGHT)
    assert 'flagged by: grounding.invalid_citation"' in html  # the sentence's tooltip (title) ends with it


def test_findings_without_a_check_id_add_nothing_to_the_tooltip() -> None:
    r = hostile_response()  # a record from before check ids: every check_id is absent
    assert all(not f.checks for f in sentence_flags(r["answer"], r))
    assert "flagged by" not in render_answer_html(r["answer"], r, LIGHT)


def test_the_quality_panel_and_the_trace_name_the_checks(qapp: Any) -> None:
    from masis_desktop.ui.item_models import trace_details
    from masis_desktop.ui.widgets.quality_panel import QualityPanel

    panel = QualityPanel()
    panel.set_response(checked_response())
    tips = [panel.issues.topLevelItem(i).toolTip(0) for i in range(panel.issues.topLevelItemCount())]
    assert "found by the critic model · flagged by: model.verify" in tips
    assert "found by the code audit · flagged by: grounding.invalid_citation" in tips
    entry = {"node": "critic", "confidence": 0.4, "fired_checks": ["facts.number", "model.verify"]}
    assert trace_details(entry).endswith("flagged by: facts.number, model.verify")
    assert "flagged by" not in trace_details({"node": "critic", "confidence": 0.9})


def test_the_trace_says_how_many_passages_the_critic_model_read_and_kept(qapp: Any) -> None:
    from masis_desktop.ui.item_models import trace_details

    read = [{"chunk": "c4", "relevance": 0.41, "p_yes": 0.71, "kept": True},
            {"chunk": "c9", "relevance": 0.22, "p_yes": 0.3, "kept": False}]
    assert "read by the critic model 2, kept 1" in trace_details(
        {"node": "researcher", "chunks": 1, "read_below_threshold": read})
    assert "read by" not in trace_details({"node": "researcher", "chunks": 3, "read_below_threshold": []})
