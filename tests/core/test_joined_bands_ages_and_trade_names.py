"""Critic failures the code can settle: two days' or months' conditions joined in one clause, an age
written as "I'm 70" or "my son is four", a business named with its trade words the passages leave out, and an old
list headed "previous price list"."""

from __future__ import annotations

from masis_desktop.core.checks.focus import unasked_names
from masis_desktop.core.grounding import bands
from tests.core.pipeline_support import refusals

WORKSHOP = ("Pellow & Son was founded in 1990. The workshop is open Monday–Friday 8am–5pm and Saturday mornings "
            "9am–1pm by appointment.")
FLIGHTS = ("Larkrise flights launch from Combe Farm in the morning (meet at 5:30am June–August, 6:30am in May and "
           "September) or evening.")


def test_two_days_or_months_joined_in_one_clause_are_two_bands() -> None:
    assert [b.members for b in bands.scoped_bands(WORKSHOP.split(". ")[1], "day")] == [
        frozenset({1.0, 2.0, 3.0, 4.0, 5.0}), frozenset({6.0})]
    question = "Until what time is the Pellow & Son workshop open on a Saturday?"
    assert any("falls under" in r for r in refusals("Until 5pm [c1].", [WORKSHOP], question))
    assert not refusals("Until 1pm [c1].", [WORKSHOP], question)
    question = "What time do we meet at Combe Farm for a Larkrise morning flight in July?"
    assert any("falls under" in r for r in refusals("At 6:30am [c1].", [FLIGHTS], question))
    assert not refusals("At 5:30am [c1].", [FLIGHTS], question)
    # a run of months joined by "and" stays one band
    assert [b.members for b in bands.scoped_bands("Open in May and September only.", "month")] == [
        frozenset({5.0, 9.0})]


TICKETS = "Halden Vintage Fair 2026. Tickets: adults £9, concessions (over-65s and students) £7, children 5–15 £4."
CLUBS = ("Rookwood Forest Club. Seedlings (ages 2–3) meet Tuesdays, £10 per session. Saplings (ages 3–5) meet "
         "Wednesdays, £15 per session. Oaks (ages 6–11) meet Thursdays, £13 per session.")


def test_an_age_said_as_i_am_or_my_son_is_picks_its_band() -> None:
    assert bands.asked_numbers("I'm 70 — what will it cost me?") == {"age": 70.0}
    assert bands.asked_numbers("My son is four — how much is a session?") == {"age": 4.0}
    for question in ("I'm 5 minutes late, can I still join?", "She is 3 months old, is she free?"):
        assert "age" not in bands.asked_numbers(question), question
    assert any("falls under" in r for r in refusals(
        "£9 [c1].", [TICKETS], "I'm 70 — what will it cost me to get into the Halden Vintage Fair?"))
    assert any("falls under" in r for r in refusals(
        "£13 [c1].", [CLUBS], "My son is four — how much is one of Rookwood's sessions for him?"))
    assert not refusals("£15 per session [c1].", [CLUBS], "My son is four — how much is one of Rookwood's sessions?")


def test_a_business_named_with_trade_words_the_passages_leave_out() -> None:
    passage = "Skyhaven flights run from April to September. Chief pilot: Captain Ada Vell."
    assert unasked_names("Who is Skyhaven Balloon Flights' chief pilot?", [passage]) == []
    assert unasked_names("What deposit does Quill & Brush Signwriters take?",
                         ["Every Quill & Brush job needs a 25% deposit."]) == []
    # another branch of the same first name is a case, not a trade
    assert unasked_names("What are the opening hours of Pulsehall Northgate?",
                         ["Pulsehall Riverside: opens 6am."]) == ["Northgate"]
    assert unasked_names("Who manages the Pulsehall Northgate club?",
                         ["Pulsehall: Riverside club manager Ann Lee."]) == ["Northgate"]


CURRENT = ("Pellow & Son Signwriters, 3 Mill Row. Lettering up to 3 m £170 per metre, 3–6 m £150 per metre. A site "
           "survey costs £50.")
PREVIOUS = ("Pellow & Son previous price list (used until 31 January 2026): lettering up to 3 m £160 per metre, 3–6 m "
            "£140 per metre. The site survey was £45.")


def test_a_previous_price_list_does_not_contradict_the_current_one() -> None:
    question = "How much is a site survey from Pellow & Son now?"
    assert not refusals("A site survey costs £50 [c1].", [CURRENT, PREVIOUS], question, one_document=False)
    assert any("replaced" in r for r in refusals("A site survey costs £45 [c2].", [CURRENT, PREVIOUS], question,
                                                 one_document=False))
