"""A bare count read from a replaced list, a person the passage gives other weekdays than the asked one, and a
person named only in another year's edition (wrong answers the critic accepted)."""

from __future__ import annotations

from tests.core.pipeline_support import refusals

NEW = ("Brindlow Climbing Barn – Course Terms 2026 (from 1 March 2026). Intro course £60, minimum age 12. "
       "Lead course £140; results posted within 4 working days. Private group sessions for 8 or more climbers.")
OLD = ("Brindlow Climbing Barn – Course Terms 2025 (valid until 28 February 2026). Intro course £55, minimum age 10. "
       "Lead course £125; results posted within 6 working days. Private group sessions for 5 or more climbers.")


def test_a_bare_count_only_the_replaced_list_gives_is_refused() -> None:
    cases = [("What is the minimum age for the intro course under the current terms?", "Minimum age 10 [c1][c2]."),
             ("How soon are lead course results posted now?", "Within 6 working days [c1][c2]."),
             ("How many climbers does a private group session need now?", "5 or more [c1][c2].")]
    for question, wrong in cases:
        assert any("replaced" in r for r in refusals(wrong, [NEW, OLD], question, one_document=False)), wrong
    for question, right in [(cases[0][0], "Minimum age 12 [c1][c2]."), (cases[1][0], "Within 4 working days [c1]."),
                            (cases[2][0], "8 or more [c1][c2].")]:
        assert not refusals(right, [NEW, OLD], question, one_document=False), right


def test_a_bare_count_of_the_old_list_answers_a_question_about_its_time_and_a_date_is_no_count() -> None:
    assert not any("replaced" in r for r in refusals(
        "The minimum age was 10 [c2].", [NEW, OLD], "What was the minimum age for the intro course in 2025?",
        one_document=False))
    # "28" is only the day of the old list's end date
    assert not any("replaced" in r for r in refusals(
        "The 2025 terms ran until 28 February 2026 [c2].", [NEW, OLD], "Until when did the 2025 terms run?",
        one_document=False))


ROTA = ("Fallowmere Garage – Team. Inspectors: Ottilie Braddock (weekdays) and Cormac Venn (Saturdays and Tuesday "
        "evenings). Bookings: Jessamy Rook.")
RADIO = ("Wendlebury Radio – Schedule. Morning Post 07:00–09:00, read on Mondays and Fridays by Hester Calloway and "
         "on other days by Piran Oldacre. Evening Jazz 20:00–22:00 with Marius Feld.")


def test_a_person_given_other_weekdays_than_the_asked_one_is_refused() -> None:
    question = "Which inspector works on Saturdays at Fallowmere Garage?"
    found = refusals("Ottilie Braddock [c1].", [ROTA], question)
    assert any("Cormac Venn" in r for r in found)
    # the right one passes, though the rival's clause shares more of the question's words
    assert not refusals("Cormac Venn [c1].", [ROTA], question)
    question = "Who reads Morning Post on a Wednesday?"
    assert any("Piran Oldacre" in r for r in refusals("Hester Calloway [c1].", [RADIO], question))
    assert not refusals("Piran Oldacre [c1].", [RADIO], question)
    assert not refusals("Hester Calloway [c1].", [RADIO], "Who reads Morning Post on a Friday?")


HANDBOOK_NEW = ("Ashcombe Lido – Volunteer Handbook, 2026 edition (from 1 April 2026). Volunteers must be 16 or over. "
                "Volunteer coordinator: Delphine Aske, 01632 960 118.")
HANDBOOK_OLD = ("Ashcombe Lido – Volunteer Handbook, 2025 edition (replaced by the 2026 edition on 1 April 2026). "
                "Volunteers must be 14 or over. Volunteer coordinator: Rowan Tillbrook, 01632 960 118.")


def test_a_person_named_only_in_another_years_edition_is_refused() -> None:
    question = "Who was the volunteer coordinator in the 2025 edition of the Ashcombe Lido handbook?"
    found = refusals("Delphine Aske [c1].", [HANDBOOK_NEW, HANDBOOK_OLD], question, one_document=False)
    assert any("2025" in r and "Delphine Aske" in r for r in found)
    assert not refusals("Rowan Tillbrook [c2].", [HANDBOOK_NEW, HANDBOOK_OLD], question, one_document=False)
    # without the asked year's edition in the evidence nothing is judged
    assert not any("is not of 2025" in r for r in refusals("Delphine Aske [c1].", [HANDBOOK_NEW], question))
