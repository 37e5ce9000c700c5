"""Right answers the critic refused, in new words: an answer denying the asked case ("closed on Tuesdays"), a
figure whose list is headed by a sentence, a figure denied for a case, an answer joined to the question only
through its passage's sentence, and a group a second passage defines by age. Each keeps its wrong twin refused
where code can tell."""

from __future__ import annotations

from masis_desktop.core.checks.asked import denies, missing_time, other_day
from masis_desktop.core.grounding import bands
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


# More right answers the critic refused, in new words.
SAILING = ("Gullhaven Sailing Centre — Courses 2026. Start Sailing (Level 1), two days: £230 per adult. Basic Skills "
           "(Level 2), two days: £250. Both levels booked together as a four-day course: £450.")
HIRE = ("Gullhaven Boat Hire. Quay base (Harbour Road, open daily): Topper £24 per hour, Pico £28 per hour. Lake base "
        "(Mere Water, open weekends only): Topper £19 per hour; Picos are not available at the lake.")
WASHERS = ("Suds Laundrette — Prices from 1 July. Small washer (7kg): old £4.20, new £4.80. Large washer (11kg): old "
           "£6.20, new £7.10.")
BEDDING = ("Suds Laundrette — Service Wash. Bedding service: single duvet £15, double £18, king £21; feather duvets "
           "add £3.")
VETS = ("Oakmere Vets — Our Vets. Dr Priya Hale and Dr Tom Ansell see small animals at both sites; our exotic pet vet, "
        "Dr Ines Marlow, consults at the main hospital on Mondays and Wednesdays only.")
RIVERS = ("Brookside Rowing Club — Juniors. Under-16s may row only with a coach in the launch, and under-18s need a "
          "signed consent form.")


def test_two_numbers_of_one_label_ask_for_neither_band() -> None:
    assert "level" not in bands.asked_numbers("how much if I book level 1 and level 2 together?")
    assert bands.asked_numbers("how much is level 2?")["level"] == 2
    question = "how much is it if I book level 1 and level 2 together?"
    assert refusals("Booking both levels together as a four-day course costs £450 [c1].", [SAILING], question) == []
    assert refusals("£230 [c1].", [SAILING], "How much is the level 1 course?") == []
    assert refusals("£250 [c1].", [SAILING], "How much is the level 1 course?")


def test_a_claim_naming_the_row_s_case_outside_its_bracket_is_not_read_as_the_asked_one() -> None:
    question = "Can I rent a Pico at Mere Water?"
    assert refusals("No, Picos are not available at the lake; they can only be hired at the Quay base, for £28 per "
                    "hour [c1].", [HIRE], question) == []
    assert refusals("Yes, a Pico at Mere Water is £28 per hour [c1].", [HIRE], question)


def test_a_bracketed_figure_in_a_heading_and_a_list_s_noun_carry_to_its_items() -> None:
    assert refusals("From 1 July the large 11kg washer costs £7.10 [c1].", [WASHERS],
                    "How much is the big 11kg washer since the prices went up?") == []
    assert refusals("A king duvet is £21 through the bedding service, and feather duvets add £3 [c1].", [BEDDING],
                    "How much to service wash a feather king size duvet?") == []


def test_a_role_before_a_name_is_that_person_s_clause() -> None:
    question = "Which vet should I see about my bearded dragon, and on what days?"
    assert refusals("Dr Ines Marlow, the exotic pet vet, consults at the main hospital on Mondays and Wednesdays "
                    "only [c1].", [VETS], question) == []


def test_an_age_band_written_as_a_plural_states_its_number() -> None:
    question = "My 17-year-old wants to row on his own. Can he?"
    assert refusals("Yes, but as he is under 18 he needs a signed consent form [c1].", [RIVERS], question) == []
    assert refusals("Yes, but as he is under 21 he needs a signed consent form [c1].", [RIVERS], question)


TIMETABLE_2 = ("Westerby Sailing — Season Timetable. Each course day starts at 9:30am with a briefing and finishes at "
               "4:30pm; please arrive 20 minutes early. Youth sessions run 9:00am to 12:30pm.")
VAN = ("Oakley Restorations — Collection. Within 10 miles: £30 each way. 10 to 25 miles: £55 each way. Large pieces "
       "such as wardrobes need two people and an extra £20 handling charge.")


def test_a_phrasal_up_asks_for_no_arithmetic_and_a_clock_time_is_never_computed() -> None:
    from masis_desktop.core.grounding.arithmetic import asks_computation
    assert not asks_computation("What time should I turn up?", "I need a wardrobe picking up.")
    assert asks_computation("Prices are up by £5 this year.") and asks_computation("How much has the fare gone up?",
                                                                                 "It rose by £2.")
    question = "What time should I turn up on the first day?"
    assert refusals("Each day starts at 7:30am with a briefing [c1].", [TIMETABLE_2], question)
    assert refusals("Each day starts at 9:30am with a briefing [c1].", [TIMETABLE_2], question) == []
    pickup = "I'm 18 miles away and need a wardrobe picking up. What's the van charge?"
    assert refusals("£55 each way, plus an extra £35 handling charge [c1].", [VAN], pickup)
    assert refusals("£55 each way, plus an extra £20 handling charge [c1].", [VAN], pickup) == []
