"""Bands: months, times of day, money ranges and group sizes the question's number falls in, and a band's own
clause ruling the question out (``bands``, ``band_fit``, ``case_bands``): a garden centre's winter hours for a
January visit, a taxi tariff at 11pm on a Tuesday, an early-start fee for 7.30am, probate on a £150,000 estate."""

from __future__ import annotations

import pytest

from masis_desktop.core import text as tx
from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.grounding import band_fit, bands
from masis_desktop.core.grounding.claims import claim_values
from masis_desktop.core.schemas import IssueType
from tests.core.pipeline_support import check_pair, hit, refusals

GARDEN = ("Fernlea Garden Centre opening hours. Summer (March-October): Monday-Saturday 09:00-18:00, Sunday "
          "10:30-16:30. Winter (November-February): Monday-Saturday 09:00-17:00, Sunday 10:30-16:30. The Potting Shed "
          "cafe closes 45 minutes before the centre.")
CABS = ("Castle Cars meter tariffs. Tariff 1 (06:00-22:00, Monday-Saturday): flag fall GBP 3.40 including the first "
        "400 yards, then 20p per further 176 yards; waiting time 20p per 40 seconds. Tariff 2 (22:00-06:00 and all "
        "day Sunday): flag fall GBP 4.40, then 30p per further 176 yards. Tariff 3 (Christmas Day, Boxing Day and New "
        "Year's Eve after 18:00): double Tariff 1.")
PARKING = "Riverside car park. Peak (Monday-Friday 09:00-18:00): EUR 10. Off-peak (after 18:00 or weekends): EUR 6."


def _lines(text: str) -> list[str]:
    return [" ".join(s.text.split()) for s in tx.split_sentences(text)]


def _band_errors(answer: str, text: str, question: str) -> list[str]:
    """The audit's findings of a value from outside the band holding the question's condition."""
    audit = audit_answer(answer, [hit("c1", text)], question=question)
    return [i.description for i in audit.issues if i.issue_type is IssueType.FACTUAL_ERROR and "falls under" in
            i.description]


@pytest.mark.parametrize(("question", "asked"), [
    ("What time does the garden centre close on a weekday in January?", {"month": 1.0}),
    ("May I bring my own skates in May?", {"month": 5.0}),  # the verb opening the question is no month
    ("What's the flag fall if I get a Castle Cars cab at 11pm on a Tuesday?", {"day": 2.0, "time": 23.0}),
    ("What does parking cost at 23:00 on a Sunday?", {"day": 7.0, "time": 23.0}),
    ("Is there a bus at 7.30pm?", {"time": 19.5}),
    # controls, as before: no month or time named, or two of them (no one condition)
    ("Is the rink open in July or August?", {}),
    ("What is open between 09:00 and 17:00?", {}),
    ("How much will my 12-year-old pay on a Saturday?", {"age": 12.0, "day": 6.0}),
])
def test_a_question_names_a_month_or_a_time_of_day(question: str, asked: dict[str, float]) -> None:
    assert bands.asked_numbers(question) == asked


@pytest.mark.parametrize(("kind", "clause", "inside", "outside"), [
    ("month", "Winter (November-February): Monday-Saturday 09:00-17:00", (11, 12, 1, 2), (3, 10)),  # over new year
    ("month", "Summer (March-October): Monday-Saturday 09:00-18:00", (3, 7, 10), (1, 11)),
    ("month", "Closed season (November to February)", (1, 12), (3,)),
    ("month", "Nov–Feb: GBP 3 per hour", (1, 11), (6,)),
    ("month", "Open June, July and August: 10:00-20:00", (6, 7, 8), (5, 9)),
    ("time", "Tariff 1 (06:00-22:00, Monday-Saturday): flag fall GBP 3.40", (6, 12, 21.99), (5.5, 22, 23)),
    ("time", "Tariff 2 (22:00-06:00 and all day Sunday): flag fall GBP 4.40", (22, 23, 0, 5.5), (6, 12, 21.99)),
    ("time", "Day rate 6am-10pm: GBP 2", (6, 21.5), (22, 23)),
    ("time", "Evenings (after 18:00) EUR 6", (18.5, 23), (18, 12)),
    ("time", "Early bird before 9am: EUR 4", (7, 8.99), (9, 12)),
])
def test_a_clause_naming_months_or_a_span_of_the_day_is_a_band(kind: str, clause: str, inside: tuple[float, ...],
                                                               outside: tuple[float, ...]) -> None:
    """Months over the new year and spans of the day over midnight; the end of a span is not in it."""
    band = bands.band_of(clause, kind)
    assert band is not None
    assert all(band.holds(v) for v in inside) and not any(band.holds(v) for v in outside)


@pytest.mark.parametrize("clause", [
    "Prices from March 2025: EUR 5",  # a lone month is no case
    "High season 1 March–31 October: EUR 5",  # the months of dates
    "Open January to December: EUR 4",  # the whole year, as "daily"
    "Monday-Saturday 09:00-17:00",
])
def test_clauses_without_a_range_or_list_of_months_are_no_month_bands(clause: str) -> None:
    assert bands.band_of(clause, "month") is None


@pytest.mark.parametrize("clause", [
    "Monday-Friday 09:00-12:00 and 14:00-17:00",  # two spans are no single band
    "Last entry 17:30",
    "Children 6-17: EUR 10",
])
def test_clauses_without_one_span_of_the_day_are_no_time_bands(clause: str) -> None:
    assert bands.band_of(clause, "time") is None


def test_the_month_band_holding_the_question_s_month_rules_out_another_season_s_time() -> None:
    q = "What time does the garden centre close on a weekday in January?"
    [desc] = _band_errors("18:00 [c1].", GARDEN, q)  # the summer closing time
    assert 'falls under "Winter (November-February): Monday-Saturday 09:00-17:00' in desc
    assert _band_errors("17:00 [c1].", GARDEN, q) == []
    lines = _lines(GARDEN)
    assert band_fit.band_conflicts(q, [(tx.quantities("17:00"), lines)]) == {}
    # the winter band also states 09:00 and 16:30: it does not settle 17:00 by itself
    assert not band_fit.band_confirms(q, tx.quantities("17:00"), lines)
    # no month named: no band, as before
    assert _band_errors("18:00 [c1].", GARDEN, "What time does the garden centre close on a weekday?") == []
    # a Sunday in January: the winter clause's Monday-Saturday rules the winter band out; the Sunday bands hold
    sunday = "What time does the garden centre close on a Sunday in January?"
    assert _band_errors("16:30 [c1].", GARDEN, sunday) == []
    assert _band_errors("17:00 [c1].", GARDEN, sunday)


def test_a_time_the_band_s_own_clause_excludes_rules_the_band_out() -> None:
    q = "What's the flag fall if I get a Castle Cars cab at 11pm on a Tuesday?"
    # Tariff 1 holds Tuesday, but its 06:00-22:00 excludes 23:00; Tariff 2's 22:00-06:00 holds it
    assert _band_errors("GBP 4.40 [c1].", CABS, q) == []
    [desc] = _band_errors("GBP 3.40 [c1].", CABS, q)
    assert 'falls under "Tariff 2 (22:00-06:00 and all day Sunday): flag fall GBP 4.40' in desc
    lines = _lines(CABS)
    assert band_fit.band_confirms(q, tx.quantities("GBP 4.40"), lines)
    assert not band_fit.band_confirms(q, tx.quantities("GBP 3.40"), lines)
    # in the daytime Tariff 1 holds
    day = "What's the flag fall if I get a Castle Cars cab at 2pm on a Tuesday?"
    assert _band_errors("GBP 3.40 [c1].", CABS, day) == []
    assert _band_errors("GBP 4.40 [c1].", CABS, day)
    # no time named: the day band holds alone, as before
    tuesday = "What's the flag fall if I get a Castle Cars cab on a Tuesday?"
    assert _band_errors("GBP 3.40 [c1].", CABS, tuesday) == []
    assert _band_errors("GBP 4.40 [c1].", CABS, tuesday)
    assert band_fit.band_confirms(tuesday, tx.quantities("GBP 3.40"), lines)


@pytest.mark.parametrize(("question", "right", "wrong"), [
    ("How much is parking at 7pm on a Tuesday?", "EUR 6", "EUR 10"),  # "after 18:00 or weekends": the time holds
    ("How much is parking at 10am on a Saturday?", "EUR 6", "EUR 10"),  # ... or the day does
    ("How much is parking at 10am on a Tuesday?", "EUR 10", "EUR 6"),
])
def test_conditions_joined_as_alternatives_hold_when_either_does(question: str, right: str, wrong: str) -> None:
    lines = _lines(PARKING)
    assert band_fit.band_conflicts(question, [(tx.quantities(right), lines)]) == {}
    assert list(band_fit.band_conflicts(question, [(tx.quantities(wrong), lines)])) == [0]


def test_opening_hours_under_a_day_still_hold_when_the_question_names_a_time_inside_them() -> None:
    pool = ("Millford Baths – Pool Timetable 2025. Public sessions: Monday–Friday 15:00–21:00, Saturday 08:00–18:00, "
            "Sunday 09:00–17:00. Last entry is 45 minutes before closing.")
    q = "If I get to a public session at 4pm on a Saturday, when does it finish?"
    assert _band_errors("18:00 [c1].", pool, q) == []
    assert _band_errors("17:00 [c1].", pool, q)
    scoped = bands.scoped_bands(_lines(pool)[1], "time")
    assert [(b.low, round(b.high, 3)) for b in scoped] == [(15, 21), (8, 18), (9, 17)]


VIEWINGS = ("Peak & Dale Homes, Buxton – Viewings. We host viewings from 8.30am to 7pm Monday to Friday, 9am to 4pm "
            "on Saturdays and 11am to 3pm on Sundays. Open-house mornings are usually held on a Saturday from 10am to "
            "12pm.")
MAKEUP = ("Lilac Brush, Harrogate – Wedding Mornings. Appointments starting before 8am carry an early-start fee of "
          "£35, rising to £55 before 7am.")
LIFT_CALLS = ("Calder Lifts, Halifax – Breakdowns. Our control room is staffed every day. Engineers aim to arrive "
              "within 40 minutes in Halifax and within 80 minutes elsewhere. For non-contract customers, a weekday "
              "callout between 8am and 6pm costs £150 for the first hour and £75 for each further hour. Evenings and "
              "Saturdays are charged at £190 for the first hour, and Sundays and bank holidays at £230. Parts are "
              "charged at list price plus 10%.")
PROBATE = ("Marsh & Tully, Ripon – Probate. Estates up to £100,000 cost £1,200 plus VAT; estates between £100,001 and "
           "£325,000 cost £1,800 plus VAT; estates over £325,000 cost £2,400 plus VAT. Court fees are extra.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # "a flock of 60" falls under "smaller flocks", not "flocks over 100 head"
    ("Woolpack Shearing, Hay – Rates. Our rate is £2 per ewe for flocks over 100 head, and £2.50 per ewe for smaller "
     "flocks.", "How much per ewe does Woolpack Shearing charge for a flock of 60 sheep?",
     "For a flock of 60, Woolpack charges its smaller-flock rate of £2.50 per ewe [c1].",
     "For a flock of 60, Woolpack charges its smaller-flock rate of £2 per ewe [c1]."),
])
def test_the_band_holding_the_questions_number_decides_the_price(passage: str, question: str, right: str,
                                                                 wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_a_question_giving_the_band_price_asks_for_arithmetic_on_it() -> None:
    hire = ("Eggcellent Hire, Buxton – Packages. A four-week hire costs £150, and a six-week hire costs £200. An extra "
            "week can be added for £30.")
    terms = ("Eggcellent Hire, Buxton – Terms. Bookings cancelled at least 14 days before delivery are refunded, less "
             "a £20 fee.")
    question = ("If I cancel a six-week hire with Eggcellent Hire three weeks before delivery, how much of the £200 "
                "do I get back?")
    assert refusals("You would get £180 back: the £200 six-week hire less the £20 fee [c1][c2].", [hire, terms],
                    question, one_document=False) == []


def test_a_days_whole_time_range_settles_the_slot() -> None:
    question = "During what hours does Peak & Dale Homes host viewings on Sundays?"
    lines = VIEWINGS.split(". ")
    right = "Peak & Dale Homes hosts viewings from 11am to 3pm on Sundays."
    assert band_fit.band_confirms(question, claim_values(right, question), lines)
    wrong = "Peak & Dale Homes hosts viewings from 11am to 4pm on Sundays."
    assert not band_fit.band_confirms(question, claim_values(wrong, question), lines)


def test_the_questions_time_set_against_the_passages() -> None:
    check_pair(MAKEUP, "What early-start fee does Lilac Brush charge for an appointment beginning at 7.30am?",
               "An appointment at 7.30am starts before 8am but not before 7am, so the early-start fee is £35 [c1].",
               "An appointment at 7.30am starts before 8am but not before 7am, so the early-start fee is £45 [c1].")


def test_a_sunday_rate_beside_a_weekday_one() -> None:
    check_pair(LIFT_CALLS, "How much does Calder Lifts charge a non-contract customer for the first hour of a Sunday "
               "callout?",
               "A Sunday callout costs a non-contract customer £230 for the first hour [c1].",
               "A Sunday callout costs a non-contract customer £190 for the first hour [c1].")


def test_a_price_of_a_range_of_money_the_questions_sum_is_not_in() -> None:
    check_pair(PROBATE, "What would Marsh & Tully charge for probate on an estate worth £150,000?",
               "For an estate between £100,001 and £325,000, Marsh & Tully charge £1,800 plus VAT [c1].",
               "For an estate between £100,001 and £325,000, Marsh & Tully charge £1,200 plus VAT [c1].")
    check_pair(PROBATE, "What would Marsh & Tully charge for probate on an estate worth £400,000?",
               "An estate over £325,000 costs £2,400 plus VAT [c1].",
               "An estate worth £400,000 costs £1,800 plus VAT [c1].")
