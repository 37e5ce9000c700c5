"""Weekdays, times of day and their ranges are read from the part of a passage that states them.

Timetables give several days side by side ("Epée is taught on Tuesdays and sabre on Sundays", "from 5pm to midnight
Monday to Thursday ... from 1pm to 9pm on Sundays"); a wrong answer takes another day's time, place or weekday, or a
range whose other end the page writes with another start, and every value it writes is on the page. Each right
answer is set beside such a wrong twin (the ``pack.schedules`` checks)."""

from __future__ import annotations

import pytest

from masis_desktop.core.grounding import bands
from tests.core.pipeline_support import check_pair, refusals

LOGS_OUT = ("Beckside Logs, Alston – Delivery. Deliveries run Monday to Friday, plus Saturday mornings until 12 noon "
            "from November to February only.")
SWORDS = ("Foible Fencing Club, Ludlow – Club Nights. Club sessions run on Tuesdays from 7pm to 9pm and on Sundays "
          "from 10am to 12pm. Epée is taught on Tuesdays and sabre on Sundays, while foil is fenced at both.")
ROOMS = ("Chorus Rooms, Wigan – Hours. Chorus is open from 5pm to midnight Monday to Thursday, from 1pm to 1am on "
         "Fridays and Saturdays, and from 1pm to 9pm on Sundays.")
TIDES = ("Little Waves, Bude – Venues. Sea Sprouts classes run on Mondays at 10am at St Mary's Hall and on "
         "Thursdays at 2pm in the Bude Library meeting room.")
HARES = ("Moor Hares, Settle – Training. Tuesday sessions start at 6:30pm from the Victoria Hall and cover hill "
         "repeats. The Sunday long run sets off at 8am from Castle Park and covers 20km.")
LEAGUE = ("Malvern Orienteers, Malvern – Sunday League. Pre-entry closes at 8pm on the Friday before the event, and "
          "entries on the day cost £2 more.")
WINE = ("Cellar Steps, Ledbury – Delivery. Nationwide delivery is £9 per case. Local deliveries go out every "
        "Wednesday and Friday morning. The shop opens 10am to 6pm Tuesday to Saturday and 11am to 3pm on Sundays.")
VIEWINGS = ("Peak & Dale Homes, Buxton – Viewings. We host viewings from 8.30am to 7pm Monday to Friday, 9am to 4pm "
            "on Saturdays and 11am to 3pm on Sundays. Open-house mornings are usually held on a Saturday from 10am to "
            "12pm.")
STANDS = ("Icing Lane, Bewdley – Hire. Cake stands are hired for the weekend (Friday to Monday) for £15, with a £30 "
          "refundable deposit. The shop is closed on Sundays.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # a weekend day answers a question about the weekend; the twin names a day the page does not
    (LOGS_OUT, "Will Beckside Logs ever bring logs out at the weekend?",
     "Yes, on Saturday mornings until 12 noon from November to February [c1].",
     "Yes, on Sunday mornings until 12 noon from November to February [c1]."),
    # a weekday the passage gives only to another sword
    (SWORDS, "When can I do sabre at Foible Fencing Club?",
     "Sabre is taught at the Sunday session, from 10am to 12pm [c1].",
     "Sabre is taught at the Tuesday session, from 7pm to 9pm [c1]."),
    # another day's closing time
    (ROOMS, "What time does Chorus Rooms shut on a Sunday night?",
     "On Sundays Chorus is open from 1pm until 9pm [c1].",
     "On Sundays Chorus is open from 1pm until 1am [c1]."),
    # another day's hall
    (TIDES, "Where is the Thursday Sea Sprouts class at Little Waves held?",
     "The Thursday 2pm Sea Sprouts class is at the Bude Library meeting room [c1].",
     "The Thursday 2pm Sea Sprouts class is held at St Mary's Hall in Bude [c1]."),
    # another day's meeting point
    (HARES, "Where does the Moor Hares Sunday long run start from, and at what time?",
     "The Sunday long run sets off at 8am from Castle Park in Settle [c1].",
     "The Sunday long run sets off at 8am from the Victoria Hall [c1]."),
    # a club's "Sunday League" names no Sunday the question asks about
    (LEAGUE, "When does pre-entry close for Malvern Orienteers' Sunday League events?",
     "Pre-entry closes at 8pm on the Friday before the event [c1].",
     "Pre-entry closes at 8pm on the Thursday before the event [c1]."),
])
def test_a_day_time_or_place_of_another_days_part_is_refused(passage: str, question: str, right: str,
                                                             wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_a_day_beside_the_right_one_is_refused() -> None:
    check_pair(WINE, "On which days does Cellar Steps in Ledbury send out local deliveries?",
               "Cellar Steps sends out its local deliveries every Wednesday and Friday morning [c1].",
               "Cellar Steps sends out its local deliveries every Wednesday and Sunday morning [c1].")


def test_a_time_range_with_another_start_is_refused() -> None:
    check_pair(VIEWINGS, "When does Peak & Dale Homes usually hold open-house mornings?",
               "Peak & Dale Homes usually holds open-house mornings on a Saturday from 10am to 12pm [c1].",
               "Peak & Dale Homes usually holds open-house mornings on a Saturday from 9am to 12pm [c1].")
    found = refusals("Peak & Dale Homes usually holds open-house mornings on a Saturday from 9am to 12pm [c1].",
                     [VIEWINGS], "When does Peak & Dale Homes usually hold open-house mornings?")
    assert '"10am to 12pm"' in found[0]  # the range sharing its end is the one shown


def test_a_range_of_days_with_another_end_is_refused() -> None:
    check_pair(STANDS, "How much does it cost to hire a cake stand for a weekend from Icing Lane?",
               "A cake stand costs £15 for a weekend (Friday to Monday), with a £30 refundable deposit [c1].",
               "A cake stand costs £15 for a weekend (Friday to Sunday), with a £30 refundable deposit [c1].")


# a timetable whose heading dates it: "from Tuesday 5 January" is one date, not the classes' day
DATED = ("Harrowby Karate Club – Class Timetable, Spring 2027 (from Tuesday 5 January). Tuesdays: Juniors 6pm–7pm. "
         "Saturdays: Family Karate 9am–10am; Adult Beginners 10am–11.30am.")


def test_a_weekday_that_is_part_of_a_date_binds_no_class_to_it() -> None:
    question = "I'm 40 and new to karate — when is the beginners' class?"
    assert refusals("The beginners' class is on Saturdays at 10am–11.30am [c1].", [DATED], question) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("Class Timetable, Autumn 2026 (from Monday 7 September)", set()),
    ("The championships are on Saturday, November 14", set()),
    ("Open house: Friday 3 October, and every Tuesday evening", {2.0}),
    ("Classes run Monday to Friday from 7 September", {1.0, 2.0, 3.0, 4.0, 5.0}),
])
def test_undated_blanks_only_the_weekdays_of_dates(text: str, kept: set[float]) -> None:
    out = bands.undated(text)
    assert len(out) == len(text) and bands.days_in(out) == kept
