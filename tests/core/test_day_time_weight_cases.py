"""Cases read from an earlier run: 12-hour ranges, lunchtime, weight bands, deadlines, and a list that 'changed'."""

from __future__ import annotations

import pytest

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import other_day
from masis_desktop.core.grounding import bands
from tests.core.pipeline_support import refusals

SESSIONS = ("Quobwell Mere – Session Times 2025. Early Bird: Monday, Wednesday and Friday 6:30-8:30am. Midday Dip: "
            "Tuesday and Thursday 12-2pm. Evening Swim: Monday to Thursday 5:30-8pm.")
TURKEYS = "Tumblethorn Farm Shop. Christmas turkeys, free-range bronze: 5-6kg £78, 7-8kg £98; orders close 8 December."
OLD = ("Tumblethorn Farm Shop – Meat Boxes 2024 (prices changed on 1 March 2025). Family Box (feeds 4 for a week): "
       "£58. Order by Tuesday 5pm for Friday collection.")
NEW = ("Tumblethorn Farm Shop – Meat Boxes 2025 (from 1 March 2025). Family Box (feeds 4 for a week): £64. Order by "
       "Wednesday noon for Friday collection.")


@pytest.mark.parametrize(("text", "hours"), [
    ("12-2pm", [12.0, 14.0]), ("5:30-8pm", [17.5, 20.0]), ("11-2pm", [11.0, 14.0]), ("9–11am", [9.0, 11.0]),
    ("6:30-8:30am", [6.5, 8.5]), ("9am–5pm", [9.0, 17.0]),
])
def test_a_range_s_start_takes_the_end_s_am_or_pm_unless_it_is_the_later_hour(text: str, hours: list[float]) -> None:
    assert [q.value / 60 for q in tx.quantities(text) if q.unit == "hh:mm"] == hours


def test_money_before_a_range_is_not_a_time() -> None:
    assert [(q.text, q.unit) for q in tx.quantities("£10-12pm")] == [("£10", "gbp"), ("12pm", "hh:mm")]


def test_lunchtime_is_a_time_of_day_that_picks_the_midday_band() -> None:
    q = "If I want a lunchtime swim on a Thursday, what hours can I come to the lake?"
    assert bands.asked_numbers(q) == {"day": 4.0, "time": 12.5}
    assert not any(r.startswith("factual_error") for r in refusals("You can swim 12-2pm [c1].", [SESSIONS], q))
    assert any("falls under" in r for r in refusals("You can swim 5:30-8pm [c1].", [SESSIONS], q))


def test_a_weight_band_holds_the_question_s_weight() -> None:
    q = "How much would a 7kg bronze turkey for Christmas cost me?"
    assert bands.asked_numbers(q) == {"kg": 7.0}
    assert refusals("It costs £98 [c1].", [TURKEYS], q) == []
    assert any("weight (7)" in r for r in refusals("It costs £78 [c1].", [TURKEYS], q))


def test_a_list_whose_prices_changed_on_a_date_gives_way_to_the_one_from_that_date() -> None:
    q = "What is the current price of the Tumblethorn Family Box?"
    assert refusals("The Family Box costs £64 [c2].", [OLD, NEW], q, one_document=False) == []
    before = "Before the 1 March 2025 price change, what was the order deadline for Friday meat box collection?"
    assert refusals("Tuesday 5pm [c1].", [OLD, NEW], before, one_document=False) == []
    assert refusals("Wednesday noon [c1].", [OLD, NEW], before, one_document=False)  # the new list's, cited to old


def test_a_question_asking_for_a_deadline_may_be_answered_with_another_day() -> None:
    assert other_day("What is the order deadline for Friday collection?", "Tuesday 5pm") is None
    assert other_day("What time does it close on Friday?", "It closes at 5pm on Tuesdays") is not None


def test_a_weekday_opening_a_claim_is_a_name_it_commits_to() -> None:
    assert "Wednesday" in tx.names("Wednesday noon.")
    assert "Monday" not in tx.names("Most days it opens at 9.")


def test_lunch_the_meal_asks_no_time_and_a_range_holding_lunchtime_answers_it() -> None:
    club = ("Brightwater Holiday Club – Easter 2026, 6 to 17 April. Full day (8am–6pm): £42. Core day (9am–3:30pm): "
            "£31. A hot lunch is available for £3.40 per day.")
    assert bands.asked_numbers("What does a hot lunch cost per day at Brightwater Holiday Club?") == {}
    assert not refusals("A hot lunch costs £3.40 per day [c1].", [club],
                        "What does a hot lunch cost per day at Brightwater Holiday Club?")
    baths = ("Millrace Baths – Pool Timetable, Winter 2025/26. Lane swimming: Monday–Friday 06:30–09:00 and "
             "12:00–13:30. Public sessions: Monday–Friday 16:00–20:00, Saturday 09:00–17:00, Sunday 10:00–16:00.")
    assert not any(r.startswith("factual_error") for r in refusals(
        "Weekday lunchtime lane swimming is 12:00–13:30 [c1].", [baths],
        "What are the weekday lunchtime lane swimming hours at Millrace Baths?"))
