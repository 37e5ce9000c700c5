"""A figure read only from a replaced list, a contact detail written beside another person, and a price read from
a sentence about something else while the sentence about what was asked gives none (unanswerable
questions, answered and accepted)."""

from __future__ import annotations

from tests.core.pipeline_support import refusals

NEW = ("Quillby Games Lounge – Table Fees (from 3 April 2026). Library access £7 per adult per 3-hour session, £5 for "
       "under-12s. The Mega Pass costs £26 per month for one named adult. Groups of 6 or more book 48 hours ahead.")
OLD = ("Quillby Games Lounge – Table Fees 2025 (replaced on 3 April 2026). Library access £6 per adult, £4 for "
       "under-12s. The Mega Pass cost £22 per month. Retro night on Thursdays: £3 table fee for members. Stamp cards "
       "from 2025 can be redeemed until 31 August 2026.")


def test_a_figure_only_the_replaced_list_gives_is_refused_for_a_question_about_now() -> None:
    # the new list's bare "3" (of "from 3 April") is no "£3"
    question = "What is the retro night table fee on Thursdays at Quillby Games Lounge?"
    found = refusals("The retro night table fee on Thursdays is £3 [c2].", [NEW, OLD], question, one_document=False)
    assert any("replaced" in r for r in found)
    # the current list's own figure, or one both lists state, passes
    assert not any("replaced" in r for r in refusals(
        "Library access costs £7 per adult [c1].", [NEW, OLD], "How much is library access at Quillby Games Lounge?",
        one_document=False))


def test_the_replaced_list_answers_when_the_question_asks_for_its_time_or_it_speaks_of_the_time_after() -> None:
    for question in ("What was the retro night table fee at Quillby Games Lounge last year?",
                     "What was the retro night table fee at Quillby Games Lounge in 2025?"):
        assert not any("replaced" in r for r in refusals(
            "The retro night table fee was £3 [c2].", [NEW, OLD], question, one_document=False)), question
    # a sentence of the old list about 2026 still holds
    assert not any("replaced" in r for r in refusals(
        "Stamp cards from 2025 can be redeemed until 31 August 2026 [c2].", [NEW, OLD],
        "Until when can I redeem my stamp card at Quillby Games Lounge?", one_document=False))


def test_without_a_replacing_list_in_the_evidence_nothing_is_judged() -> None:
    assert not any("replaced" in r for r in refusals(
        "The retro night table fee on Thursdays is £3 [c1].", [OLD],
        "What is the retro night table fee on Thursdays at Quillby Games Lounge?"))


TEAM = ("Harrowfield Garage – Team. Centre manager: Tobias Quenell-Hart. Testers: Mina Ashcroft and Olwen Pryce. "
        "Bookings and invoices: Ruth Dellaway, 01632 447 120, option 1. Tobias Quenell-Hart, direct line "
        "01632 447 199.")


def test_a_phone_number_written_beside_another_person_is_no_answer_for_the_asked_one() -> None:
    question = "What's the direct phone number for Tobias Quenell-Hart at Harrowfield?"
    found = refusals("Tobias Quenell-Hart's direct number is 01632 447 120 [c1].", [TEAM], question)
    assert any("Ruth Dellaway" in r for r in found)
    assert not any("Ruth Dellaway" in r for r in refusals(
        "Tobias Quenell-Hart's direct number is 01632 447 199 [c1].", [TEAM], question))
    # asked for the person the number is written beside
    assert not refusals("Ruth Dellaway's number is 01632 447 120 [c1].", [TEAM],
                        "What's the phone number for Ruth Dellaway at Harrowfield?")


CAFE = ("Tallow Lane Games Café – Team & Food. Owners: Imogen Rask and Tarquin Bellweather. Private hire and birthday "
        "parties: Tarquin Bellweather, 01632 900 311. Toasties £6.50; nachos £8 (sharing size £13); pot of tea £2.60.")


def test_a_price_from_a_sentence_about_something_else_is_refused_when_the_asked_subjects_sentence_gives_none() -> None:
    question = "How much does it cost to hire the whole of Tallow Lane Games Café for a private evening?"
    found = refusals("Hiring the café for a private evening costs £13 [c1].", [CAFE], question)
    assert any("gives no such value" in r for r in found)
    # the price the question asks about, where its sentence states it
    assert not any("gives no such value" in r for r in refusals(
        "A pot of tea costs £2.60 [c1].", [CAFE], "How much is a pot of tea at Tallow Lane Games Café?"))


COURSES = ("Brackenholt Glassworks – Weekend Courses. Starter Gather & Shape: two Saturdays, 10:00–16:00, £320, at "
           "most 4 students. Colour & Cane: three Sundays, 10:30–15:30, £445, at most 3 students. Bead Weekend: "
           "Saturday and Sunday 11:00–16:00, £250. A 25% deposit secures a place.")
DUMP = ("Brackenholt Glassworks – Weekend Courses [c1]. Starter Gather & Shape: two Saturdays, 10:00–16:00, £320, at "
        "most 4 students [c1]. Colour & Cane: three Sundays, 10:30–15:30, £445, at most 3 students [c1].")


def test_an_answer_copying_a_passage_heading_first_states_nothing_the_passage_lacks() -> None:
    question = "Is there a student discount on the Starter Gather & Shape course at Brackenholt?"
    found = refusals(DUMP, [COURSES], question)
    assert any("copies [c1] sentence by sentence" in r for r in found)
    # the same copy answers a question whose words the passage uses
    assert not any("copies" in r for r in refusals(DUMP, [COURSES],
                                                   "Which weekend courses does Brackenholt Glassworks run?"))


SEASON = ("Haddow Hill Observatory – Stargazing Evenings, winter season (1 October 2025 to 31 March 2026). Tickets: "
          "adults £12, children £7. Vouchers bought this season can be used until 30 November 2026.")


def test_a_question_about_a_month_after_every_cited_period_ends_is_not_answered_by_it() -> None:
    found = refusals("Adult tickets cost £12 [c1].", [SEASON],
                     "What will adult tickets for Haddow Hill's stargazing evenings cost from October 2026?")
    assert any("up to 31 March 2026" in r for r in found)
    # a month inside the period, and a later sentence's date, do not count
    assert not any("up to" in r for r in refusals(
        "Adult tickets cost £12 [c1].", [SEASON],
        "What do adult tickets for Haddow Hill's stargazing evenings cost in January 2026?"))


def test_a_figure_the_question_gives_confirmed_from_the_replaced_list_is_refused() -> None:
    question = "Under the 2026 list, do I still get a 10% discount for booking 40 or more games at Quillby?"
    new = NEW + " Charities get 20% off."
    old = OLD + " Bookings of 40 or more games get a 10% discount."
    found = refusals("Under the 2026 list, bookings of 40 or more games get a 10% discount [c2].", [new, old], question,
                     one_document=False)
    assert any("replaced" in r for r in found)


def test_a_question_in_the_past_tense_or_bounded_before_a_date_or_naming_the_replaced_version_is_not_judged() -> None:
    for question in ("What was the retro night table fee at Quillby Games Lounge?",
                     "What did the retro night cost at Quillby Games Lounge before April 2026?"):
        assert not any("replaced" in r for r in refusals(
            "The retro night table fee was £3 [c2].", [NEW, OLD], question, one_document=False)), question
    new = "Harbour Rules v2.2 (adopted 20 March 2026, replaces v2.1). Visitor berths: EUR 4.20 per metre per night."
    old = "Harbour Rules v2.1 (adopted 12 April 2024). Visitor berths: EUR 3.80 per metre per night."
    assert not any("replaced" in r for r in refusals(
        "Visitor berths cost EUR 3.80 per metre per night [c2].", [new, old],
        "What is the visitor berth rate in Harbour Rules v2.1?", one_document=False))
    assert any("replaced" in r for r in refusals(
        "Visitor berths cost EUR 3.80 per metre per night [c2].", [new, old],
        "What is the visitor berth rate at the harbour?", one_document=False))


def test_a_holiday_is_no_person_rivalling_the_named_manager() -> None:
    branches = ("Larkspur Charity Shops – Branches. Mill Lane: Monday–Saturday 09:00–17:00. Quay Row: Monday–Saturday "
                "09:30–17:00. All branches close at 14:00 on Christmas Eve and stay closed until 28 December. "
                "Managers: Mill Lane, Odile Fenwright; Quay Row, Bartholomew Ince.")
    assert not refusals("Bartholomew Ince manages the Quay Row branch [c1].", [branches],
                        "Who manages the Quay Row branch of Larkspur Charity Shops?")
