"""Answers held-out v36 judged wrongly, in new words, each right answer with a wrong twin: a price per unit times the
question's amount ("40 metres" at "£16 per metre"), the sum over the question's counted groups, a question that
gives the band's price itself, a count in words from a range of another thing ("four to six eggs"), a price the
passage gives for another amount ("a full day of eight hours"), a named case after "and" in one clause, and the
default price of "£96, or £85 for students". Each fails on bda44a1, on which v36 was run."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

HEDGES = ("Hawbeck Hedging, Oakham – Pricing. Laying is priced per metre: £12 per metre for young hawthorn, rising "
          "to £16 per metre for neglected or mixed hedges. Stakes and binders are supplied at £2 per metre. We charge "
          "a minimum job fee of £300.")
CAVES = ("Gritstone Caving, Settle – Trips. Our Beginners' trip lasts three hours and costs £55 for adults and £42 for "
         "children aged eight to fifteen. Private groups of up to eight pay £400.")
HENS = ("Cluckhire, Ledbury – Packages. We deliver three hens and a coop. Each extra hen costs £18, up to a maximum "
        "of five hens per coop. Our hens lay three to seven eggs a week each.")
MILL = ("Greenwood Milling, Hay – Rates. We charge £70 per hour of milling, with a minimum booking of three hours. A "
        "full day of seven hours is discounted to £450.")
CIRCUS = ("Big Top Academy, Wells – Classes. Classes run on Tuesdays, with Little Clowns for ages four to six at 3pm "
          "and Young Acrobats for ages seven to twelve at 4.30pm. Each class costs £8.")
SILKS = ("Big Top Academy, Wells – Aerial. The eight-week trapeze course costs £120, or £100 for students and "
         "over-65s with valid ID. Drop-in hoop sessions are £15.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # the price per metre of the question's hedge times its metres
    (HEDGES, "How much would Hawbeck Hedging charge to lay 40 metres of neglected hedge, stakes aside?",
     "It would cost £640 [c1].", "It would cost £480 [c1]."),
    # two groups, each at its own price in one clause
    (CAVES, "What would two adults and three children aged nine, eleven and fourteen pay for Gritstone's Beginners' "
            "trip?",
     "They would pay £236 in total [c1].", "They would pay £275 in total [c1]."),
    # "three to seven eggs" gives no seven hens
    (HENS, "How many hens can Cluckhire put in one coop at most?",
     "Up to a maximum of five hens per coop [c1].", "Up to a maximum of seven hens per coop [c1]."),
    # £450 is the seven-hour day's price, not four hours'
    (MILL, "How much would four hours of milling with Greenwood Milling cost?",
     "It would cost £280 [c1].", "It would cost £450 [c1]."),
    # the sentence names the second class after "and"
    (CIRCUS, "At what time does Big Top Academy's Young Acrobats class meet?",
     "Young Acrobats meets on Tuesdays at 4.30pm [c1].", "Young Acrobats meets on Tuesdays at 3pm [c1]."),
    # the default price given for the case the "or" clause names
    (SILKS, "What does the trapeze course at Big Top Academy cost a student with valid ID?",
     "Students with valid ID pay £100 for the eight-week trapeze course [c1].",
     "Students with valid ID pay £120 for the eight-week trapeze course [c1]."),
])
def test_v36_own_passage_values(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_v36_a_question_giving_the_band_price_asks_for_arithmetic_on_it() -> None:
    hire = ("Eggcellent Hire, Buxton – Packages. A four-week hire costs £150, and a six-week hire costs £200. An extra "
            "week can be added for £30.")
    terms = ("Eggcellent Hire, Buxton – Terms. Bookings cancelled at least 14 days before delivery are refunded, less "
             "a £20 fee.")
    question = ("If I cancel a six-week hire with Eggcellent Hire three weeks before delivery, how much of the £200 "
                "do I get back?")
    assert refusals("You would get £180 back: the £200 six-week hire less the £20 fee [c1][c2].", [hire, terms],
                    question, one_document=False) == []


def test_v36_a_duration_in_other_units_is_no_missing_word() -> None:
    from masis_desktop.core.checks.focus import missing_focus
    question = "What refund does Surfrock give if I cancel more than two days before?"
    assert "days" not in missing_focus(question, ["Cancellations at least 48 hours before get a full refund."])
    assert "days" in missing_focus(question, ["Cancellations at least 24 hours before get a full refund."])


def test_v36_a_name_put_into_another_clause_words() -> None:
    """The changing rooms are "at the base"; the inlet the claim names is in another clause."""
    page = ("Surfbound Coasteering, Solva – Bookings. When the sea is rough, we move you to a sheltered cove at "
            "Caerbwdy or refund you in full. Wheelchair users cannot join us on the cliff path, although our changing "
            "rooms at the base are step-free.")
    question = "Can wheelchair users take part in Surfbound's sessions?"
    check_pair(page, question,
               "No, Surfbound cannot take wheelchair users on the cliff path, although the changing rooms at the base "
               "are step-free [c1].",
               "No, Surfbound cannot take wheelchair users on the cliff path, although the changing rooms at Caerbwdy "
               "are step-free [c1].")
    # a person's surname where the clause gives the first name is no other clause's name
    staff = ("Keyworks Tuning, Leek – Staff. Our tuner is Orla Tremayne, who visits homes in the town. On Wednesdays "
             "Orla works in the workshop on repair jobs only.")
    assert refusals("On Wednesdays Orla Tremayne works in the workshop on repair jobs only [c1].", [staff],
                    "What does Orla do on Wednesdays?") == []


def test_v36_a_price_with_what_the_question_asks_it_without() -> None:
    page = "Brook Hedgers, Tiverton – Planting. We plant new hedges at £8 per metre, including guards and canes."
    answer = "Brook Hedgers charges £8 per metre, including guards and canes [c1]."
    assert any("without guards" in f for f in refusals(
        answer, [page], "How much per metre does Brook Hedgers charge to plant a new hedge without guards and canes?"))
    assert refusals(answer, [page], "How much per metre does Brook Hedgers charge to plant a new hedge?") == []
    # a verb after "without" is no thing the answer may include
    assert refusals("You can walk in with your dog on Fridays [c1].",
                    ["Pawprint Groomers, Ely – Visits. Walk-ins with your dog are welcome on Fridays."],
                    "When can I come to Pawprint Groomers without booking?") == []


@pytest.mark.parametrize(("question", "right", "wrong"), [
    ("What is the minimum age for a Rockpool Coasteering session?",
     "The minimum age is eleven, and under-18s need a paying adult [c1].",
     "The minimum age is fourteen, and under-18s need a paying adult [c1]."),
    ("When is the balance for a Rockpool Coasteering session due?",
     "The balance is due seven days before the session [c1].",
     "The balance is due 14 days before the session [c1]."),
])
def test_v36_a_figure_after_the_passage_words_for_another(question: str, right: str, wrong: str) -> None:
    """The claim copies the passage's words for one figure and puts another figure of the passage after them."""
    page = ("Rockpool Coasteering, Tenby – Sessions. Sessions last 14 hours over two days, with a maximum of fourteen "
            "swimmers. The minimum age is eleven, and under-18s need a paying adult. The balance is due seven days "
            "before the session.")
    check_pair(page, question, right, wrong)
