"""Answers to questions the passages do not answer that the pipeline finalized: a figure given under words its
passage never uses or uses beside another figure, a figure of another named site, a month outside every cited
period, a "how long" answered with no duration, and a "partially covers" draft for a question asking one thing."""

from __future__ import annotations

from masis_desktop.core.checks.answer import partial_non_answer
from masis_desktop.core.checks.asked import missing_duration, outside_period
from masis_desktop.core.checks.audit import CodeAudit, audit_answer
from masis_desktop.core.checks.registry import DEFAULT_LOWER, Selection
from masis_desktop.settings import CheckSettings, Strictness
from tests.core.pipeline_support import hit, refusals

CAMP = ("Larkhollow holiday club, summer 2026: Monday 20 July to Friday 14 August, 9am–3pm, ages 5–11. Price £36 per "
        "day; early drop-off from 8am costs £4 extra. Bookings close 7 days before each club day.")


def test_a_figure_given_under_words_the_passage_never_uses_is_refused() -> None:
    question = "If I'm late collecting my son from Larkhollow's summer club, what's the late pick-up charge?"
    found = refusals("The late pick-up charge is £4 extra [c1].", [CAMP], question)
    assert any("never speaks of late, pick" in r for r in found)
    # the figure's own words pass: the early drop-off charge
    assert not refusals("Early drop-off costs £4 extra [c1].", [CAMP],
                        "What does early drop-off cost at Larkhollow's summer club?")


COURSES = ("Kestrel Reef Dive Centre course prices from 1 March 2026: Discover Scuba (ages 10+) £60; Open Water Diver "
           "(4 days) £480; Advanced Open Water (2 days) £340. Prices exclude the e-learning fee (£190 for Open Water).")


def test_a_figure_given_under_a_word_another_clause_writes_beside_another_figure_is_refused() -> None:
    question = "What is the e-learning fee for Kestrel Reef's Advanced Open Water course?"
    found = refusals("The e-learning fee for the Advanced Open Water course is £340 [c1].", [COURSES], question)
    assert any("e-learning fee (£190" in r for r in found)
    assert not refusals("The Advanced Open Water course costs £340 [c1].", [COURSES],
                        "How much is Kestrel Reef's Advanced Open Water course?")


SITES = ("Kestrel Reef dives at two sites. Hollins Pit (inland, maximum depth 18 metres) opens Thursday–Monday, entry "
         "£20 per diver; the water is 5°C in January and 17°C in August. Gull Point (sea site) runs boat dives from "
         "May to September, £42 per dive including tank.")


def test_a_figure_of_another_named_site_is_refused() -> None:
    question = "How warm is the water at Kestrel Reef's Gull Point sea site in August?"
    found = refusals("The water at Gull Point in August is 17°C [c1].", [SITES], question)
    assert any("for Hollins Pit, not for Gull Point" in r for r in found)
    assert not refusals("The water at Hollins Pit in August is 17°C [c1].", [SITES],
                        "How warm is the water at Kestrel Reef's Hollins Pit in August?")
    assert not refusals("A boat dive at Gull Point costs £42 including tank [c1].", [SITES],
                        "How much is a boat dive at Gull Point?")


def test_a_month_outside_every_cited_period_is_not_answered() -> None:
    assert outside_period("When do bookings close for Larkhollow's October half-term club?", [CAMP]) is not None
    assert outside_period("When do bookings close for Larkhollow's August club?", [CAMP]) is None
    # "May" opening a question is a verb as often as a month: a second month makes it no single asked month
    assert outside_period("May I book the club in August?", [CAMP]) is None
    # a passage naming no period clears it
    assert outside_period("When do bookings close in October?", [CAMP, "Larkhollow club rules. Bring lunch."]) is None


def test_how_long_is_answered_by_a_duration_or_length() -> None:
    question = "How long does the Larkhollow forest trek last?"
    assert missing_duration(question, "The trek costs £30 and starts at 10:30am.") is not None
    for said in ("The trek lasts 2.5 hours.", "It runs 10:00–13:00.", "Half a day, until 1pm.", "About 6 miles."):
        assert missing_duration(question, said) is None, said
    assert missing_duration("How long is the waiting list for a plot?", "41 names") is None
    assert missing_duration("How much is the trek?", "£30") is None


def test_a_partial_draft_for_a_question_asking_one_thing_is_no_answer() -> None:
    partial = "The evidence partially covers this question. The shop sells socks (£14 a pair) and teddy bears [c1]."
    assert partial_non_answer("How much are the teddy bears in the farm shop?", partial)
    assert partial_non_answer("Do I have to pay to park at the show, and how much?", partial)
    # two asks: the part it answers is worth having
    assert not partial_non_answer("How much are the socks, and when is the shop open?", partial)
    assert not partial_non_answer("How much are the socks?", "The socks cost £14 a pair [c1].")
    shop = ("Fernleigh farm shop is open Thursday–Sunday 10am–4pm, selling alpaca-fleece socks (£14 a pair) and "
            "teddy bears.")
    found = refusals(partial, [shop], "How much are the teddy bears in the Fernleigh farm shop?")
    assert any("partly cover" in r for r in found)


FERRY = ("MF Solvik Tern operates route 117 at weekends and route 118 to Kvalholmen daily. Master of MF Solvik Tern: "
         "Captain Ingrid Aasland; chief engineer: Torbjorn Evensen.")
HEDGED = "The evidence partially covers this question. The chief engineer is Torbjorn Evensen [c1]."
ASKED = "Who looks after the engines on the MF Solvik Tern?"


def _audit(answer: str, strictness: Strictness) -> CodeAudit:
    selection = Selection.from_settings(CheckSettings(), strictness)
    return audit_answer(answer, [hit("c1", FERRY)], question=ASKED, selection=selection)


def test_a_hedge_before_the_answer_only_lowers_confidence_by_default() -> None:
    # measured: the hedge's firings in answer mode land on right answers far over 2 % of the time (measured.json)
    assert "answer.partial" in DEFAULT_LOWER
    lowered = _audit(HEDGED, "moderate")
    assert not lowered.audit.needs_retry and not lowered.audit.hallucination_detected
    assert any(f.check == "answer.partial" for f in lowered.findings)
    assert 0.0 < lowered.audit.penalty_factor < 1.0
    strict = _audit(HEDGED, "strict")
    assert strict.audit.needs_retry


def test_what_follows_a_hedge_meets_the_other_checks() -> None:
    # lowered, the hedge no longer hides the answer-level checks: a place the cited passage never names is found
    moderate = Selection.from_settings(CheckSettings(), "moderate")
    found = audit_answer("The evidence partially covers this question. The chief engineer of MF Solvik Tern is "
                         "Torbjorn Evensen [c1].", [hit("c1", FERRY)],
                         question="Who is the chief engineer of the MF Solvik Tern at Brekkestø?", selection=moderate)
    assert {f.check for f in found.findings} >= {"answer.partial", "focus.unasked_names"}
    assert not found.audit.needs_retry and found.audit.penalty_factor <= 0.9 * 0.9 + 1e-9  # both lower it
    # and the sentence checks still refuse an engineer the passage never names
    wrong = _audit("The evidence partially covers this question. The chief engineer is Lars Halvorsen [c1].",
                   "moderate")
    assert wrong.audit.needs_retry or wrong.audit.hallucination_detected


def test_a_cited_hedge_alone_is_no_answer_under_any_strictness() -> None:
    for strictness in ("moderate", "lenient", "strict"):
        found = _audit("The evidence partially covers this question. [c1]", strictness)
        assert found.audit.needs_retry, strictness
        assert any(f.check == "answer.no_content" for f in found.findings), strictness
