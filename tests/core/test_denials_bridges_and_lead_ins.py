"""Right answers held-out v21 refused, in new words: an answer denying the asked case ("closed on Tuesdays"), a
figure whose list is headed by a sentence, a figure denied for a case, an answer joined to the question only
through its passage's sentence, and a group a second passage defines by age. Each keeps its wrong twin refused
where code can tell."""

from __future__ import annotations

from masis_desktop.core.agents.asked import denies, missing_time, other_day
from tests.core.pipeline_support import refusals

TAPROOM = ("Harrowgate Cider House — Bar Hours (from 1 April 2026). The bar is open Wednesday to Friday 4pm–10pm "
           "and Saturday 12 noon–11pm; it is closed on Mondays and Tuesdays. Until 31 March the bar also opened on "
           "Tuesdays, 5pm–9pm. Children are welcome until 7pm.")
SHOWROOM = ("Ashby Kilnworks — Visiting. The showroom opens Thursday to Saturday, 10am–4pm, from April to October; "
            "from November to March it opens on Saturdays only, 10am–3pm.")
TERMS = ("Brockley Plant Hire — Terms. New customers must show photo ID. A refundable deposit is taken by card: £40 "
         "for items under £25 a day, £120 for items from £25 to £89 a day, and £250 for items costing £90 a day or "
         "more. Trade account customers pay no deposit.")
RATES = ("Brockley Plant Hire — Rates. Micro excavator: 1 day £130, weekend £195. Wacker plate: 1 day £36.")
CLINIC = ("Tollbridge Physio — Prices. Initial assessment £62; follow-up £50. Students and over-65s get £6 off each "
          "follow-up. Sports massage: £48 for 45 minutes or £60 for 60 minutes.")
FORGE = ("Ironhollow Forge — Safety. A 50% deposit is taken when you book, and the balance is due 14 days before "
         "the course. Wear natural-fibre clothing (cotton or "
         "wool), long trousers and leather boots; synthetic fleeces are not allowed near the fire.")
TEAM = ("Marrow Lane Physiotherapy — Our Team. Clinic lead Petra Okonjo treats spinal injuries on Mondays and "
        "Tuesdays. Idris Fairbairn-Lowe specialises in rehabilitation after knee and hip surgery and works Wednesdays "
        "and Fridays, plus alternate Saturday mornings.")
TIMETABLE = ("Brackenford Karate Club — Class Timetable, Autumn 2026. Mondays: Little Dragons (ages 4–6) 5pm–5.45pm; "
             "Juniors (ages 7–11) 6pm–7pm. Wednesdays: Teens (ages 12–16) 6.45pm–8pm. Saturdays: Family Karate (any "
             "age from 5, parent and child together) 10am–11am.")
FEES = ("Brackenford Karate Club — Fees 2026/27. Monthly direct debit: Little Dragons £20, Juniors £28, Teens £33, "
        "Seniors £37. A federation licence is compulsory and is paid separately: £18 for under-18s, £40 for "
        "adults. Until 31 August the monthly fees were Juniors £25, Teens £30 and Seniors £34.")


def test_an_answer_denying_the_asked_case_owes_no_time_and_may_name_other_days() -> None:
    assert denies("It doesn't open on Tuesdays; the bar is closed on Mondays and Tuesdays.")
    assert denies("No; from November to March it opens on Saturdays only.")
    assert not denies("It opens at 5pm on Tuesdays.")
    assert not denies("It opens on Saturdays only.")  # names the day that applies, but no time for it
    question = "We fancy a cider at Harrowgate on a Tuesday evening in May — what time does it open?"
    assert missing_time(question, "It doesn't open on Tuesdays; it is closed on Mondays and Tuesdays.") is None
    assert missing_time(question, "The bar serves cider from local orchards.") is not None
    assert missing_time(question, "It opens on Saturdays only.") is not None
    assert refusals("It doesn't open on Tuesdays; the bar is closed on Mondays and Tuesdays [c1].", [TAPROOM],
                    question) == []
    visit = "Can I drop into the Ashby showroom on a Thursday in December?"
    assert other_day(visit, "No; from November to March it opens on Saturdays only, 10am–3pm.") is None
    assert other_day(visit, "It opens on Saturdays only, 10am–3pm.") is None
    assert other_day(visit, "It opens on Saturdays, 10am–3pm.") is not None
    assert refusals("No; from November to March it opens on Saturdays only, 10am–3pm [c1].", [SHOWROOM], visit) == []


def test_a_sentence_heading_its_list_names_every_figure_of_it() -> None:
    question = "What deposit will you take if I hire the micro excavator for a day?"
    assert refusals("A £250 deposit, since it costs £130 a day [c1][c2].", [RATES, TERMS], question,
                    one_document=False) == []


def test_a_figure_denied_for_a_case_is_not_called_that_case_s_price() -> None:
    question = "I'm 72 — do I get money off a sports massage?"
    assert refusals("No; the £6 discount for over-65s does not apply to sports massage [c1].", [CLINIC],
                    question) == []
    assert refusals("Yes; over-65s get £12 off every sports massage [c1].", [CLINIC], question)


def test_an_answer_joined_to_the_question_by_its_passage_s_sentence_addresses_it() -> None:
    assert refusals("Natural fibres (cotton or wool), long trousers and leather boots [c1].", [FORGE],
                    "What should I wear for a smithing day at Ironhollow?") == []
    question = "Which physio should I see for rehab after my hip replacement, and which days do they work?"
    assert refusals("Idris Fairbairn-Lowe, on Wednesdays and Fridays plus alternate Saturday mornings [c1].", [TEAM],
                    question) == []
    # a sentence of the passage sharing the answer's words but none of the question's joins nothing
    assert refusals("A 50% deposit is taken when you book, and the balance is due 14 days before the course [c1].",
                    [FORGE],
                    "Which boots are not allowed near the fire?")


def test_a_group_another_passage_defines_by_age_holds_the_asked_age() -> None:
    question = "What will the monthly direct debit be for my 13-year-old from September 2026?"
    assert refusals("£33 a month (Teens) [c1][c2].", [FEES, TIMETABLE], question, one_document=False) == []
    assert refusals("£30 a month (Teens) [c1][c2].", [FEES, TIMETABLE], question, one_document=False)
