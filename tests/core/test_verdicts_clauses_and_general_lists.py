"""Right answers the critic refused: a yes/no verdict opening the answer, a figure said in another clause of the
claim, a distance read as an age, a question's own number taken for a value, a price list naming no case, a
heading with a figure glued to its word, and a clause that goes on with the previous one's subject."""

from __future__ import annotations

from masis_desktop.core.checks.answer import gives_asked_kind
from masis_desktop.core.checks.asked import bare_duration
from masis_desktop.core.checks.model.verify import answer_spans, value_spans
from masis_desktop.core.grounding import bands
from tests.core.pipeline_support import refusals

ROOMS = ("Lockfast Puzzle Rooms — Rooms and Prices. We have three rooms: The Clockmaker's Study (60 minutes, 2–6 "
         "players), The Drowned Lighthouse (75 minutes, 3–8 players) and The Attic Doll (60 minutes, 2–5 players, "
         "age 16+). Prices are per room, not per person: 2 players £48, 4 players £76, 6 players £98, 8 players "
         "£116. Under-10s are not admitted.")
CLUB = ("Brimley Model Boat Club — Subscriptions. Full adult membership: £55 a year. Senior (70 and over): £35 a "
        "year. Country membership for those living more than 40 miles away: £25 a year. New members pay a one-off "
        "joining fee of £12.")
CANOES = ("Wenlow Canoe Hire — Prices. Single canoe: £20 for one hour. Double canoe: £30 for one hour, £45 for two "
          "hours. Weekend prices are £4 higher per booking.")
SALONS = ("Pawsome Grooming — Hours. Our Mill Lane salon opens Tuesday to Friday 8am to 5pm. The Market Street salon "
          "is open Monday to Saturday 9am to 5pm, and late until 8pm on Fridays.")
PRINTS = ("Quillby Print — Large Format. Posters on 170gsm silk: A2 £11, A1 £17, A0 £26. Lamination is not "
          "available at A0.")


def test_a_verdict_opening_the_claim_is_context_not_a_value() -> None:
    spans = value_spans("No. Under-10s are not admitted", "My son is 8 — can he play at Lockfast?")
    assert spans[0] == ("No. ", "Under-10s")
    assert value_spans("Yes, within 30 days", "Will they honour the quote?") == [("Yes, within ", "30 days")]


def test_a_verdict_answers_a_yes_no_question() -> None:
    assert gives_asked_kind("My son is 8 — can he play at Lockfast?", "No. Under-10s are not admitted.")
    assert gives_asked_kind("Is the Market Street salon open late?", "Yes, until 8pm on Fridays.")
    assert not gives_asked_kind("What does an hour cost?", "No. Under-10s are not admitted.")
    assert not refusals("No. Under-10s are not admitted [c1].", [ROOMS], "My son is 8 — can he play at Lockfast?")


def test_a_figure_is_said_under_its_own_clause() -> None:
    question = "We want a double canoe on Saturday for an hour — what does it cost?"
    assert not refusals("A double canoe is £30 for one hour, and weekend prices are £4 higher [c1].", [CANOES],
                        question)
    assert not refusals("A new member pays the senior rate of £35 a year, plus a one-off £12 joining fee [c1].",
                        [CLUB], "I'm 74 and want to join Brimley — what's the annual sub?")


def test_a_distance_is_no_age_band() -> None:
    band = bands.band_of("Country membership for those living more than 40 miles away: £25 a year.", "age")
    assert band is None
    found = refusals("The senior rate is £25 a year [c1].", [CLUB], "I'm 74 and want to join Brimley — what's the "
                     "annual sub?")
    assert any("falls under" in r for r in found)


def test_the_question_s_own_number_and_a_price_list_naming_no_case() -> None:
    question = "How much would The Drowned Lighthouse be for a team of six?"
    assert not refusals("Prices are per room, so a team of 6 pays £98 [c1].", [ROOMS], question)


def test_a_heading_with_a_figure_glued_to_its_word_heads_its_list() -> None:
    assert not refusals("An A0 poster costs £26 [c1].", [PRINTS], "How much is an A0 poster at Quillby?")


def test_a_clause_going_on_with_its_subject_is_no_other_case() -> None:
    question = "Does the Market Street dog grooming salon stay open late on any evening?"
    assert not refusals("Yes, the Market Street salon is open late until 8pm on Fridays [c1].", [SALONS], question)


def test_a_sentence_s_opening_condition_is_not_scored_when_the_answer_follows() -> None:
    question = "What time is the last launch in July?"
    spans = value_spans("In June, July and August the last launch is 6:30pm", question)
    assert spans[0] == ("In ", "June")  # a capitalised stopword is no part of a name
    assert answer_spans(spans) == spans[1:]
    assert [v for _, v in answer_spans(spans)][-1] == "6:30pm"
    # a lone value is the answer itself, wherever it stands; a value deep in the sentence is kept
    assert answer_spans([("", "£45")]) == [("", "£45")]
    assert answer_spans([("No. ", "Under-10s"), ("No. Under-10s are not admitted, and players aged ", "10")]) == [
        ("No. Under-10s are not admitted, and players aged ", "10")]
    late = [("The dog wash costs ", "£10"), ("The dog wash costs £10 on ", "Tuesdays")]
    assert answer_spans(late) == late
    # a sentence opening with its own value is scored on it ("£175 per 10-week term",
    # "Saturday mornings, 10am–12 noon", "A £150 deposit" went unscored and were accepted)
    for claim in ("£175 per 10-week term", "Saturday mornings, 10am–12 noon, in April", "A £150 deposit, since it "
                  "costs £140 a day"):
        spans = value_spans(claim, "What does it cost, and when?")
        assert len(spans) > 1 and answer_spans(spans) == spans, claim
    over = value_spans("Over-65s pay £9 a year", "I'm 70 — what is the annual fee?")
    assert len(over) > 1 and answer_spans(over) == over[1:]


TUNING = ("Pellmore Piano Care — Prices. Standard tuning of an upright piano: £90. Standard tuning of a grand piano: "
          "£115. Cancellations with less than 48 hours' notice are charged at £25. Travel beyond 10 miles is 50p per "
          "mile.")


def test_a_bare_number_after_takes_is_no_duration() -> None:
    question = "How long does a standard upright tuning take?"
    found = refusals("A standard tuning of an upright piano takes 90 [c1]. Cancellations with less than 48 hours' "
                     "notice are charged at £25 [c1].", [TUNING], question)
    assert any("states no unit" in r for r in found)
    assert bare_duration("The tuning takes 90.") and bare_duration("It lasts about 3, then a break")
    for said in ("The tuning takes 90 minutes.", "It takes 2-3 hours.", "It lasts 1.5 hours.",
                 "It takes 2 to 3 days.", "The course runs for 6 weeks.", "It takes £90 off the bill."):
        assert bare_duration(said) is None, said
