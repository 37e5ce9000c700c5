"""A value the passage gives another case than the one asked about is refused; the asked case's value passes.

Sibling clauses ("Little Clowns ... at 3pm and Young Acrobats ... at 4.30pm", "40p per bird for inland races and
£1.10 per bird for the three Channel races"), the default price of "£120, or £100 for students", a price "including"
what the question asks it without, a variant's price for the standard thing, a listed case after "plus", a
members-only case for a non-member, and a duration from a sentence about something else; "plus VAT" in both
clauses and a trade word another body shares name no other case (``case_values``, ``case_variants``,
``value_fit``)."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

FENCER = ("Lunge Fencing Club, Hexham – Beginners. The six-week course costs £80. Students pay a reduced £65. "
          "British Fencing membership is not needed during the course but is required before any competition.")
GROUND = ("Moorgate Clays, Ripon – Hours. The ground is open Tuesday to Saturday from 9am to 5pm, and on Sundays "
          "from 9am to 1pm for members only.")
RACES = ("Marshland Homers, Spalding – Race Fees. Each member may enter up to 15 birds per race. Entry costs 40p per "
         "bird for inland races and £1.10 per bird for the three Channel races from France.")
CIRCUS = ("Big Top Academy, Wells – Classes. Classes run on Tuesdays, with Little Clowns for ages four to six at 3pm "
          "and Young Acrobats for ages seven to twelve at 4.30pm. Each class costs £8.")
SILKS = ("Big Top Academy, Wells – Aerial. The eight-week trapeze course costs £120, or £100 for students and "
         "over-65s with valid ID. Drop-in hoop sessions are £15.")
TOILETS = ("Can Do Hire, Yeovil – Site Hire. For building sites, a standard toilet costs £24 per week on a minimum "
           "three-week hire. A site toilet with a built-in hand-wash basin is £30 per week. Delivery and collection "
           "together cost £35.")
RUGBY = ("Thornbury RFC, Thornbury – Matchdays. Home games kick off at 3pm, and entry costs £7 for adults, £5 for "
         "over-65s and nothing for under-16s with a paying adult.")
WILLS = ("Hale Law, Bridgnorth – Wills. A single will costs £180 plus VAT and a pair of mirror wills for a couple is "
         "£280 plus VAT. One Lasting Power of Attorney is £300 plus VAT, or £520 plus VAT for a property and health "
         "pair. Clients aged over 75 receive 10% off wills.")
RETURNS = ("Slate & Stone, Bude – Orders. Delivery within 10 miles costs £20. Any damage must be reported within 48 "
           "hours, with photographs. Click-and-collect orders are held for 10 days. Deliveries run Monday to Friday.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # a "Yes" is not refused by another body's name sharing the club's trade word
    (FENCER, "I'm a student. Is the Lunge Fencing Club beginners' course any cheaper for me?",
     "Yes, students pay a reduced £65 instead of £80 [c1].",
     "Yes, students pay a reduced £35 instead of £80 [c1]."),
    # "No, ... for members only" to a non-member
    (GROUND, "Can I shoot at Moorgate Clays on a Sunday if I'm not a member?",
     "No, Sunday opening from 9am to 1pm is for members only [c1].",
     "Yes, non-members are welcome on Sundays from 9am to 1pm [c1]."),
    # the product is built on the sibling clause's price: the inland rate for a Channel race
    (RACES, "How much would it cost a Marshland Homers member to enter the maximum number of birds in a Channel "
            "race?",
     "It would cost £16.50 (15 birds at £1.10 per bird) [c1].",
     "It would cost £6 (15 birds at 40p per bird) [c1]."),
    # the sentence names the second class after "and"
    (CIRCUS, "At what time does Big Top Academy's Young Acrobats class meet?",
     "Young Acrobats meets on Tuesdays at 4.30pm [c1].", "Young Acrobats meets on Tuesdays at 3pm [c1]."),
    # the default price given for the case the "or" clause names
    (SILKS, "What does the trapeze course at Big Top Academy cost a student with valid ID?",
     "Students with valid ID pay £100 for the eight-week trapeze course [c1].",
     "Students with valid ID pay £120 for the eight-week trapeze course [c1]."),
])
def test_a_value_of_another_case_than_the_asked_one_is_refused(passage: str, question: str, right: str,
                                                               wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_a_price_with_what_the_question_asks_it_without() -> None:
    page = "Brook Hedgers, Tiverton – Planting. We plant new hedges at £8 per metre, including guards and canes."
    answer = "Brook Hedgers charges £8 per metre, including guards and canes [c1]."
    assert any("without guards" in f for f in refusals(
        answer, [page], "How much per metre does Brook Hedgers charge to plant a new hedge without guards and canes?"))
    assert refusals(answer, [page], "How much per metre does Brook Hedgers charge to plant a new hedge?") == []
    # a verb after "without" is no thing the answer may include
    assert refusals("You can walk in with your dog on Fridays [c1].",
                    ["Pawprint Groomers, Ely – Visits. Walk-ins with your dog are welcome on Fridays."],
                    "When can I come to Pawprint Groomers without booking?") == []


def test_a_variants_price_for_the_standard_one_is_refused() -> None:
    check_pair(TOILETS, "What is the cheapest total for hiring one standard site toilet from Can Do Hire for the "
               "minimum period, with delivery and collection?",
               "The minimum hire is three weeks at £24 a week, which is £72, and delivery and collection add £35, so "
               "the total is £107 [c1].",
               "The minimum hire is three weeks at £30 a week, which is £90, and delivery and collection add £35, so "
               "the total is £125 [c1].")


def test_a_listed_price_given_another_case_after_plus_is_refused() -> None:
    check_pair(RUGBY, "How much would two adults and one over-65 pay in total for a Thornbury RFC home game?",
               "They would pay £19 altogether: £7 for each of the two adults plus £5 for the over-65 [c1].",
               "They would pay £21 altogether: £7 for each of the two adults plus £7 for the over-65 [c1].")


def test_plus_vat_in_both_clauses_names_no_other_case() -> None:
    check_pair(WILLS, "What does Hale Law charge for a pair of Lasting Powers of Attorney covering property and "
               "health?",
               "Hale Law charges £520 plus VAT for a property and health pair [c1].",
               "Hale Law charges £300 plus VAT for a property and health pair [c1].")


def test_a_duration_from_a_sentence_about_something_else() -> None:
    check_pair(RETURNS, "How soon must damage be reported after a Slate & Stone delivery?",
               "Damage must be reported to Slate & Stone within 48 hours, with photographs [c1].",
               "Damage must be reported to Slate & Stone within 10 days, with photographs [c1].")
