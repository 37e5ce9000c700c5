"""What the question asks for, checked by code: contact details, closed case sets, bands, sibling clauses and
the period a passage applies to (``asked``, ``bands`` and their use in the code audit)."""

from __future__ import annotations

import pytest

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import missing_amount, missing_contact, other_cases, outside_period
from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.checks.focus import in_year_span
from masis_desktop.core.checks.model.slots import find_slots
from masis_desktop.core.grounding import band_fit, bands
from masis_desktop.core.grounding.claims import Source, period_markers
from masis_desktop.core.schemas import IssueType
from tests.core.pipeline_support import hit, refusals

CONTACTS = ("Fernleigh Bakery – Branch Contact Sheet, 2025. Quay Street branch: manager Ruth Ellery, tel. 01632 550 "
            "118, open Monday–Saturday 07:00–16:00. Hill Road branch: manager Omar Sayed, tel. 01632 550 274.")
CAMP = ("Birchwater Camping, Meadow Site – High Season Rates 2025, per night. Pitch with car and tent, 2 adults: "
        "EUR 31. Electric hook-up (10 A): EUR 5.50. Extra adult: EUR 7. Child 3–11: EUR 4. Kayak hire: EUR 16 per "
        "half day.")
PIANO = ("Hartwell Pianos – Service Rates, effective 1 March 2025. Standard tuning, upright: CHF 150. Standard "
         "tuning, grand: CHF 185. Regulation, upright, per hour: CHF 80. Retail price of the HP-200 digital piano: "
         "CHF 1,890.")


def _issues(answer: str, text: str, question: str) -> list[tuple[IssueType, str]]:
    """The audit's issues, without the advisory hint about the question's words (x0.9, no retry)."""
    audit = audit_answer(answer, [hit("c1", text)], question=question)
    return [(i.issue_type, i.description) for i in audit.issues
            if "never use the question's words" not in i.description]


@pytest.mark.parametrize(("question", "said", "missing"), [
    ("What is the email address of the Quay Street manager?", "Ruth Ellery, tel. 01632 550 118", "an email address"),
    ("What is the email address of the Quay Street manager?", "Write to r.ellery@fernleigh.example.com", None),
    ("What is the phone number of the Hill Road branch?", "Omar Sayed manages it", "a phone number"),
    ("What is the phone number of the Hill Road branch?", "01632 550 274", None),
    ("Which number do I ring if the Hill Road branch is closed?", "Omar Sayed", "a phone number"),
    ("Which number do I ring if the Hill Road branch is closed?", "+44 1632 550 274", None),
    ("What number should I call about a wholesale order?", "Ring Omar Sayed", "a phone number"),
    ("Who do I call about a wholesale order?", "Omar Sayed", None),  # asks for a person
    ("Can I order by email?", "Yes, orders are taken by email", None),  # a yes/no question, not an address
    ("What is the bakery's website?", "Order at www.fernleigh.example.com", None),
])
def test_a_question_asking_for_a_contact_detail_needs_one_in_the_answer(question: str, said: str,
                                                                         missing: str | None) -> None:
    gap = missing_contact(question, said)
    assert (gap == f"the question asks for {missing}; the answer gives none") if missing else gap is None


@pytest.mark.parametrize(("question", "said", "missing"), [
    ("Back in 2024, what did we pay for a family ticket for two adults and two kids?", "2 adults + 2 children", True),
    ("How much is a 2-hour taster wheel session?", "42.00 Claybourne Pottery Studio", True),
    ("How much is a 2-hour taster wheel session?", "GBP 42.00", False),
    ("What do they charge per mile over the free mileage?", "45p per mile", False),
    ("How much discount do piano teachers get?", "15% off standard tuning", False),
    ("How much does a child under 4 pay?", "Under-4s travel free", False),
    ("How much notice must I give to move a lesson without being charged?", "48 hours", False),
    ("How much usable storage does the appliance have?", "24 TB", False),
    ("What is the refrigerant charge of the Aurora X3?", "1.4 kg", False),
])
def test_a_question_asking_what_it_costs_needs_an_amount_in_the_answer(question: str, said: str,
                                                                      missing: bool) -> None:
    gap = missing_amount(question, said)
    assert gap == ("the question asks what it costs; the answer states no amount" if missing else None)


def test_a_draft_caught_in_a_loop_is_no_answer() -> None:
    loop = "[c1] July 2024 [c1] [c2] July 2024 [c2] July 2024 [c1] July 2024 [c2] July 2024"
    assert tx.repeated_phrase(loop) == "july 2024"
    assert tx.repeated_phrase("[Dr. Amara Nwosu] [Dr. Amara Nwosu] [Dr. Amara Nwosu] [c1]") is None  # thrice
    assert tx.repeated_phrase("Open 10 10 10 10 on weekdays") is None  # a number is no phrase
    audit = audit_answer(loop, [hit("c1", "Summer Fruit 2024: open July 2024, Thursday-Sunday."),
                                hit("c2", "Summer Fruit 2024: July 2024 prices.")], question="Which days was it open?")
    assert audit.audit.needs_retry and audit.audit.penalty_factor == 0.0
    assert (IssueType.INCOMPLETE, 'the answer writes "july 2024" over and over: it states no answer') in [
        (i.issue_type, i.description) for i in audit.issues]


def test_an_answer_without_the_asked_contact_detail_is_retried_with_the_reason() -> None:
    audit = audit_answer("The Quay Street manager is Ruth Ellery, tel. 01632 550 118 [c1].", [hit("c1", CONTACTS)],
                         question="What is the email address of the Quay Street manager?")
    assert audit.audit.needs_retry
    assert [(i.issue_type, i.description) for i in audit.issues] == [
        (IssueType.INCOMPLETE, "the question asks for an email address; the answer gives none")]


@pytest.mark.parametrize(("answer", "question", "pair"), [
    ("Kayak hire costs EUR 16 per half day [c1].", "What does kayak hire cost for a full day?",
     ("full day", "half day")),
    ("Regulation of a grand piano costs CHF 80 per hour [c1].", "What does regulation of a grand piano cost per hour?",
     ("grand", "upright")),
    ("CHF 1,890 [c1].", "What is the monthly rental price of the HP-200?", ("rental", "retail price")),
    ("CHF 185 [c1].", "How much is standard tuning for a grand piano?", None),
    ("Standard tuning costs CHF 150 for an upright [c1]. A grand costs CHF 185 [c1].",
     "How much is standard tuning for a grand piano?", None),  # the answer's other sentence gives the grand's
    ("CHF 150 [c1].", "What is the difference between tuning an upright and a grand?", None),  # asks about both
    ("CHF 150 [c1].", "How much is standard tuning?", None),  # names no case of the set
])
def test_a_value_from_a_sentence_of_another_case_in_a_closed_set_is_a_factual_error(
        answer: str, question: str, pair: tuple[str, str] | None) -> None:
    text = PIANO if "CHF" in answer else CAMP
    found = [d for t, d in _issues(answer, text, question) if t is IssueType.FACTUAL_ERROR]
    if pair is None:
        assert found == []
    else:
        assert found and found[0].startswith(f'[c1] gives this for "{pair[1]}", not for "{pair[0]}" as the question')


def test_case_sets_match_whole_words_and_only_a_question_naming_one_alternative() -> None:
    # "peak" is not in "off-peak"; one alternative per set, judged over all of a claim's values
    assert other_cases("What is the peak fare?", [[["Off-peak return: GBP 12."]]]) == {0: ("peak", "off-peak")}
    assert other_cases("What is the off-peak fare?", [[["Off-peak return: GBP 12."]]]) == {}
    assert other_cases("What is the peak or off-peak fare?", [[["Off-peak return: GBP 12."]]]) == {}
    # a claim with one value from the asked case is cleared, even if its other value is from another case
    assert other_cases("How many days per year may I work abroad?",
                       [[["Remote work: up to 3 days per week."], ["Abroad: up to 20 days per calendar year."]]]) == {}


@pytest.mark.parametrize(("clause", "kind", "low", "high"), [
    ("Child 3–11: EUR 4", "age", 3, 11),
    ("Juniors under 18: GBP 25 any day", "age", 0, 18 - 1e-6),
    ("Tourist tax EUR 1.20 per person aged 18+ per night", "age", 18, float("inf")),
    ("Delivery within 5 miles: GBP 8", "miles", 0, 5),
    ("beyond 5 miles: GBP 14", "miles", 5 + 1e-6, float("inf")),
    ("Society days (12 or more players): GBP 55 per player", "group", 12, float("inf")),
])
def test_bands_are_read_from_explicit_ranges(clause: str, kind: str, low: float, high: float) -> None:
    band = bands.band_of(clause, kind)
    assert band is not None and (band.low, band.high) == pytest.approx((low, high))


@pytest.mark.parametrize(("clause", "kind"), [
    ("Extra adult: EUR 7", "age"),  # a case named by word alone is no band
    ("Open 10:30–12:00 for children", "age"),  # clock times are no range of ages
    ("Pitch with car and tent, 2 adults: EUR 31", "age"),
    ("Delivery within 5 km: GBP 8", "miles"),  # another unit
])
def test_clauses_without_an_explicit_range_of_the_kind_are_no_bands(clause: str, kind: str) -> None:
    assert bands.band_of(clause, kind) is None


def test_a_value_from_outside_the_band_holding_the_question_s_number_is_a_factual_error() -> None:
    q = "How much extra per night do I pay for my 8-year-old at the Meadow Site?"
    found = [d for t, d in _issues("EUR 5.50 [c1].", CAMP, q) if t is IssueType.FACTUAL_ERROR]
    assert found == ['the question\'s age (8) falls under "Child 3–11: EUR 4." [c1], which gives another value']
    assert _issues("EUR 4 [c1].", CAMP, q) == []
    # the child's band is given beside the pitch price: the answer is not judged by bands
    assert not [d for t, d in _issues("EUR 31 for the pitch [c1]. EUR 4 for the child [c1].", CAMP,
                                      "What do two adults and my 8-year-old pay per night at the Meadow Site?")
                if "falls under" in d]
    # a number outside every band rules nothing out
    assert not [d for t, d in _issues("EUR 7 [c1].", CAMP, "What does my 15-year-old pay per night?")
                if "falls under" in d]
    delivery = "Catering Price List 2024. Delivery within 5 miles: GBP 8; beyond 5 miles: GBP 14. Minimum order GBP 60."
    [desc] = [d for t, d in _issues("GBP 8 [c1].", delivery, "What is the delivery charge for an office 8 miles away?")
              if "falls under" in d]
    assert desc.startswith('the question\'s distance (8) falls under "beyond 5 miles: GBP 14."')


def test_a_value_from_a_sibling_clause_naming_another_case_is_a_factual_error() -> None:
    tours = ("Domaine Vallet – Cellar Tours 2025. Classic tour: EUR 22 per adult. Tours in Spanish at 10:00 and 14:30; "
             "in English at 11:00 and 16:00.")
    q = "What time is the afternoon tour in English?"
    [desc] = [d for t, d in _issues("14:30 [c1].", tours, q) if t is IssueType.FACTUAL_ERROR]
    assert desc == ('states a value of "Tours in Spanish at 10:00 and 14:30" [c1]; the question asks about '
                    '"in English at 11:00 and 16:00."')
    assert _issues("16:00 [c1].", tours, q) == []
    # a clause continuing the asked case's label names no other case: "daily cap" is Car Park A's
    parking = "Parking. Car Park A (main entrance): EUR 2.50 per hour, daily cap EUR 14. Car Park B: EUR 9 per day."
    assert _issues("EUR 14 [c1].", parking, "What is the daily cap in Car Park A?") == []


def test_a_list_head_names_every_clause_of_its_list() -> None:
    fares = ("Skerry Boats – Fares 2025. Puffin Rock cruise: adult GBP 24.00, child GBP 14.00, concession (over-65 or "
             "student card) GBP 20.00. Sunset cruise: adult GBP 32.00.")
    q = "What is the concession fare for the Puffin Rock cruise for a student?"
    # the concession clause is the Puffin Rock cruise's too: no value of another case
    assert [t for t, _ in _issues("GBP 20.00 [c1].", fares, q) if t is IssueType.FACTUAL_ERROR] == []
    # a clause with a head of its own is a list of its own: Spanish tours are not English ones
    tours = "Tours in Spanish: 10:00 and 14:30; in English: 11:00 and 16:00."
    assert [t for t, _ in _issues("14:30 [c1].", tours, "What time is the afternoon tour in English?")
            if t is IssueType.FACTUAL_ERROR]
    # a weekday is a value of its clause's case too
    rounds = "Clearview Windows – Rates 2025. Rounds: Monday Ashby Road area, Thursday Fenwick Park, Friday Longmere."
    q = "I live in Longmere - which day do the window cleaners come?"
    [desc] = [d for t, d in _issues("Thursday [c1].", rounds, q) if t is IssueType.FACTUAL_ERROR]
    assert desc == ('states a value of "Rounds: Thursday Fenwick Park" [c1]; the question asks about '
                    '"Rounds: Friday Longmere."')
    assert _issues("Friday [c1].", rounds, q) == []


@pytest.mark.parametrize(("question", "passage", "missing"), [
    ("What does an adult pay at the Eastgate wall on a Tuesday?", "Eastgate – Adult off-peak (weekdays): GBP 9.50.",
     None),
    ("What does an adult pay at the Eastgate wall on a Tuesday?", "Eastgate – open Monday-Friday. Adult: GBP 9.50.",
     None),
    ("What does an adult pay at the Eastgate wall on a Tuesday?", "Eastgate – open Saturdays. Adult: GBP 9.50.",
     "Tuesday"),
    ("When does the Seal Island boat leave Pennock Quay in January 2026?",
     "Winter Timetable 2025-26. Seal Island: departs Pennock Quay at 11:30.", None),
    ("When does the Seal Island boat leave Pennock Quay in January 2027?",
     "Winter Timetable 2025-26. Seal Island: departs Pennock Quay at 11:30.", "2027"),
])
def test_a_day_in_a_range_of_days_and_a_year_in_a_span_of_years_are_mentioned(question: str, passage: str,
                                                                             missing: str | None) -> None:
    gaps = [d for t, d in _issues("11:30 [c1].", passage, question) if "never mention" in d]
    assert gaps == ([f"the cited passages never mention {missing}, which the question asks about"] if missing else [])
    assert not in_year_span("2024", "valid from 2024-04-01") and in_year_span("2026", "season 2025/2026")


NEW_PRICES = "Lesson Prices (from 1 February 2025). 60 minutes: EUR 48."


@pytest.mark.parametrize(("question", "passage", "gap"), [
    ("What did a 60-minute lesson cost before February 2025?", NEW_PRICES,
     "the cited passages apply from 1 February 2025; the question asks about before February 2025"),
    ("What did a ticket cost before the March 2025 price rise?", "Ticket prices valid from 1 April 2025. Adult EUR 12.",
     "the cited passages apply valid from 1 April 2025; the question asks about before the March 2025"),
    ("What did a 60-minute lesson cost before February 2025?", "Lesson Prices (from 1 March 2024). 60 minutes: EUR 45.",
     None),
    ("What did a 60-minute lesson cost before February 2025?", "Lesson Prices. 60 minutes: EUR 45.", None),
    ("What does a 60-minute lesson cost from February 2025?", NEW_PRICES, None),
])
def test_a_passage_applying_only_from_a_date_cannot_answer_about_before_it(question: str, passage: str,
                                                                          gap: str | None) -> None:
    assert outside_period(question, [passage]) == gap
    if gap:
        audit = audit_answer("EUR 48 [c1].", [hit("c1", passage)], question=question)
        assert audit.audit.needs_retry and (IssueType.INCOMPLETE, gap) in [(i.issue_type, i.description)
                                                                         for i in audit.issues]


def test_swiss_francs_and_other_iso_currencies_are_amounts() -> None:
    [q] = tx.quantities("Standard tuning: CHF 1,890")
    assert (q.value, q.unit, q.kind) == (1890.0, "chf", "currency")
    assert [x.unit for x in tx.quantities("JPY 5,000 or 40 CAD")] == ["jpy", "cad"]


SEASONS = ("Birchwater Camping, Meadow Site – High Season Rates 2025 (28 June–31 August), per night. Pitch with car "
           "and tent, 2 adults: EUR 31.",
           "Birchwater Camping, Meadow Site – Low Season Rates 2025 (1 April–27 June and 1–30 September), per night. "
           "Pitch with car and tent, 2 adults: EUR 22.")
TERMS = ("Fernleigh Loyalty Card – Terms, version 2 (effective 1 May 2025, replaces version 1). Unused credit expires "
         "24 months after the last top-up.",
         "Fernleigh Loyalty Card – Terms, version 1 (March 2024). Unused credit expires 12 months after the last "
         "top-up.")
LISTS = ("Hollinbrook Bakehouse – Office Catering Price List 2025 (valid 1 March 2025 to 28 February 2026). CT-14 "
         "Sandwich platter (20 quarters): GBP 45.",
         "Hollinbrook Bakehouse – Office Catering Price List 2024 (valid 1 March 2024 to 28 February 2025). CT-14 "
         "Sandwich platter (20 quarters): GBP 42.")
CAMP_Q = "Two of us arrive at the Meadow Site on 15 July with a car and a tent: what is the pitch price per night?"
CARD_Q = "Under the new card terms, how long until unused credit expires?"


@pytest.mark.parametrize(("docs", "question", "right", "other", "other_question"), [
    # a date inside the head's date range names that chunk's case; 15 July is not in the low season
    (SEASONS, CAMP_Q, "EUR 31 [c1].", "EUR 22 [c2].", CAMP_Q),
    # the chunk that replaces the other's document is the answer; the replaced value, for a question that does not
    # name it, is still one side of a disagreement
    (TERMS, CARD_Q, "24 months [c1].", "12 months [c2].", CARD_Q),
    # a year inside a list's validity range is not its title year; unnamed, the list valid from the day after the
    # other's end is the current one (fourteenth session), and the older price is one side of a disagreement
    (LISTS, "What does the CT-14 sandwich platter cost on the 2025 price list?", "GBP 45 [c1].", "GBP 42 [c2].",
     "What does the CT-14 sandwich platter cost?"),
    (LISTS, "What does the CT-14 sandwich platter cost?", "GBP 45 [c1].", "GBP 42 [c2].",
     "What does the CT-14 sandwich platter cost these days?"),
])
def test_which_of_two_documents_is_the_question_s_case(docs: tuple[str, str], question: str, right: str,
                                                       other: str, other_question: str) -> None:
    ev = [hit("c1", docs[0], document="first.md"), hit("c2", docs[1], document="second.md")]
    assert not audit_answer(right, ev, question=question).audit.needs_retry
    rival = audit_answer(other, ev, question=other_question)
    assert rival.audit.needs_retry and rival.conflicts


def test_date_ranges_hold_days_within_the_year_and_over_the_new_year() -> None:
    assert tx.in_date_range("10 September", SEASONS[1]) and not tx.in_date_range("15 July", SEASONS[1])
    assert tx.in_date_range("5 January", "Winter rates (1 November–31 March)")
    assert not tx.in_date_range("10 January 2025", "valid 1 March 2025 to 28 February 2026")


INSTRUCTORS = ("Larchfield Driving School – Instructor Contact Sheet, 2025. Niamh Doherty (manual and automatic, "
               "south side), mobile 087 111 2290. Ronan Fitzgerald (manual only, city centre), mobile 087 222 0417. "
               "Orla Byrne (automatic only, motorway specialist), mobile 086 333 7723. Theory test coaching: Ronan "
               "Fitzgerald.")


@pytest.mark.parametrize(("answer", "question", "other"), [
    ("Niamh Doherty [c1].", "Which instructor should I book for motorway practice in an automatic?", "Orla Byrne"),
    ("Orla Byrne [c1].", "Which instructor should I book for motorway practice in an automatic?", None),
    ("Niamh Doherty [c1].", "Who provides theory test coaching at Larchfield?", "Ronan Fitzgerald"),
    ("Ronan Fitzgerald [c1].", "Who provides theory test coaching at Larchfield?", None),
    ("Niamh Doherty or Orla Byrne [c1].", "Which instructor should I book for motorway practice in an automatic?",
     None),  # the answer names the better-fitting person too
    ("Niamh Doherty [c1].", "Who is the backup for the motorway specialist's automatic lessons?", None),  # a relation
    ("Niamh Doherty [c1].", "Which teacher is on the south side?", None),  # one shared word is not enough
])
def test_a_person_whose_clause_fits_the_question_less_than_another_s_is_a_factual_error(
        answer: str, question: str, other: str | None) -> None:
    found = [d for t, d in _issues(answer, INSTRUCTORS, question) if t is IssueType.FACTUAL_ERROR]
    if other is None:
        assert found == []
    else:
        assert found and found[0].startswith(f"names Niamh Doherty, but [c1] writes what the question asks about "
                                             f"beside {other}")


def test_days_of_the_week_and_ordinal_labels_are_bands_too() -> None:
    pool = ("Millford Baths – Pool Timetable 2025. Public sessions: Monday–Friday 15:00–21:00, Saturday 08:00–18:00, "
            "Sunday 09:00–17:00. Last entry is 45 minutes before closing.")
    q = "If I go to a public session on a Saturday, when does it finish?"
    [desc] = [d for t, d in _issues("17:00 [c1].", pool, q) if t is IssueType.FACTUAL_ERROR]
    assert desc.startswith('the question\'s day (Saturday) falls under "Saturday 08:00–18:00" [c1]')
    assert _issues("18:00 [c1].", pool, q) == []
    cafe = "Leisure centre hours. Café: 09:00–17:00. Outdoor lido: daily 10:00–19:00."
    assert _issues("17:00 [c1].", cafe, "What time does the café close on a Saturday?") == []  # "daily" is no case
    rates = "Call-out Rates 2025. Evening, 18:00–22:00: GBP 110. Saturdays: GBP 90. Sundays and bank holidays: GBP 135."
    assert [d for t, d in _issues("GBP 110 [c1].", rates, "I'm locked out on a Sunday afternoon: what is the "
                                                           "call-out charge?") if "falls under" in d]
    lessons = ("Swimming Lessons 2025. Children, Stages 1–3: 10 weekly lessons of 30 minutes, EUR 75, maximum 8 pupils "
               "per class. Children, Stages 4–7: 10 weekly lessons of 45 minutes, EUR 85, maximum 12 pupils.")
    q = "My daughter is on Stage 5: how many children can be in her class at most?"
    # "10 pupils" is not the "10 weekly lessons" of the Stage 5 band: counted nouns must match
    [desc] = [d for t, d in _issues("10 pupils [c1].", lessons, q) if "falls under" in d]
    assert desc.startswith('the question\'s stage (5) falls under "Stages 4–7: 10 weekly lessons of 45 minutes, '
                           'EUR 85, maximum 12 pupils."')
    assert not [d for t, d in _issues("12 pupils [c1].", lessons, q) if "falls under" in d]
    assert bands.asked_numbers("Which stages 4 to 7 lessons are on Mondays and Fridays?") == {}  # ranges, two days
    years = bands.band_of("Salad bar pilot for Years 5 and 6", "year")
    assert years is not None and years.holds(6) and not years.holds(5.5)


_LESSONS = ("Swimming Lessons 2025. Children, Stages 1–3: 10 weekly lessons of 30 minutes, EUR 75, maximum 8 "
            "pupils per class. Children, Stages 4–7: 10 weekly lessons of 45 minutes, EUR 85, maximum 12 pupils.")
_TOURS = "Harbour tours 2025. Classic tour: EUR 25 per adult. Children 6-17: EUR 10. Under 6: free."


@pytest.mark.parametrize(("answer", "passage", "question", "invented"), [
    # the question's own condition written again, held by a band of the cited passage: not invented
    ("My daughter is on Stage 5 of the swimming lessons – 12 pupils per class [c1].", _LESSONS,
     "My daughter is on Stage 5: how many kids can be in her class at most?", None),
    ("A 12-year-old pays EUR 10 [c1].", _TOURS, "How much is the tour for my 12-year-old?", None),
    # a bare figure equal to the condition's number is a value, checked as any other
    ("At most 5 pupils per class [c1].", _LESSONS, "My daughter is on Stage 5: how many kids per class?", "5"),
    # a condition no band holds is not stated by the passage
    ("Stage 9 classes have at most 12 pupils [c1].", _LESSONS, "On Stage 9, how many kids per class?", "9"),
    ("A 30-year-old pays EUR 10 [c1].", _TOURS, "How much is the tour for my 12-year-old?", "30"),
])
def test_the_question_s_condition_restated_is_stated_by_the_band_holding_it(answer: str, passage: str,
                                                                          question: str, invented: str | None) -> None:
    found = [d for t, d in _issues(answer, passage, question) if "appears in none of the evidence" in d]
    assert found == ([] if invented is None else [f'"{invented}" appears in none of the evidence (checked [c1])'])


_WINTER = ("Lakeview Ice Rink – public skating prices, winter season 2024/25. Adult (16+): EUR 9.50. Child (4–15): "
           "EUR 6.50. Family (2 adults + 2 children): EUR 27. Sessions last 90 minutes.")
_SUMMER = ("Lakeview Ice Rink – summer public skating 2025 (1 June – 31 August). Adult (16+): EUR 8. Child (4–15): "
           "EUR 5.50. Family ticket (2 adults + 2 children): EUR 23. Sessions last 60 minutes.")


@pytest.mark.parametrize(("answer", "question", "conflict"), [
    # the question names the season by its word or by a month the other list's dates hold: no disagreement
    ("EUR 6.50 [c1].", "How much is entry for my 9-year-old at Lakeview this winter?", False),
    ("90 minutes [c1].", "How long does a winter public skating session last at Lakeview?", False),
    ("EUR 23 [c2].", "Two adults and two kids skating at Lakeview in July: how much is the family ticket?", False),
    # named by neither: the two lists disagree, for the user to settle
    ("EUR 6.50 [c1].", "How much is entry for my 9-year-old at Lakeview?", True),
])
def test_a_season_or_month_the_question_names_picks_the_seasonal_document(answer: str, question: str,
                                                                        conflict: bool) -> None:
    audit = audit_answer(answer, [hit("c1", _WINTER, document="winter.txt"), hit("c2", _SUMMER, document="summer.txt")],
                         question=question)
    assert any(i.issue_type is IssueType.CONTRADICTION for i in audit.issues) is conflict


@pytest.mark.parametrize(("question", "markers"), [
    ("Is the rink open in July or this winter?", ["winter", "july"]),
    ("How many days may staff work remotely?", []),  # the verb, not the month
    ("May I bring my own skates in May?", ["may"]),
    ("What was the price on 3 March 2025?", []),  # a whole date is a case marker of its own
])
def test_period_markers_are_seasons_and_months_outside_whole_dates(question: str, markers: list[str]) -> None:
    assert period_markers(question) == markers


def test_a_labelled_value_of_another_year_s_document_is_no_rival_when_the_question_names_the_year() -> None:
    rents = [hit("c1", "Hollybank Allotments – plot rents 2025. Full plot: GBP 104 per year. Concession: 30% off "
                       "the rent.", document="rents-2025.txt"),
             hit("c2", "Hollybank Allotments – plot rents 2024. Full plot: GBP 96 per year. Concession (state "
                       "pension or benefits): 40% off the rent.", document="rents-2024.txt")]
    q = "What was the concession discount on Hollybank plot rents in %s?"
    assert audit_answer("40% [c2].", rents, question=q % "2024").issues == []
    assert any("as if it applied generally" in i.description
               for i in audit_answer("40% [c2].", rents, question=q.replace(" in %s", "")).issues)


def test_a_distance_band_needs_the_distance_unit_after_its_range() -> None:
    zone = "Zone 2 (outer suburbs up to 12 miles): target arrival within 90 minutes"
    band = bands.band_of(zone, "miles")  # "within 90 minutes" is no second range of miles
    assert band is not None and (band.low, band.high) == (0, 12)
    assert bands.band_of("Zone 1 (within the ring road): target arrival within 45 minutes", "miles") is None


ESCAPE = ("Escape Rooms – Canal Street Branch Prices 2025. Price per player by group size: 2 players EUR 35; 3–4 "
          "players EUR 29; 5–6 players EUR 25; 7–8 players EUR 22. Weekday sessions starting before 17:00: 10% off. "
          "Gift vouchers are valid for 12 months.")


def test_a_group_size_in_words_is_a_band_number_and_a_confirming_band_needs_no_model_question() -> None:
    q = "There'll be four of us at the escape rooms – how much does each person pay?"
    assert bands.asked_numbers(q) == {"group": 4.0}
    assert [d for t, d in _issues("EUR 35 [c1].", ESCAPE, q) if "falls under" in d]
    lines = [" ".join(s.text.split()) for s in tx.split_sentences(ESCAPE)]
    assert band_fit.band_confirms(q, tx.quantities("EUR 29"), lines)
    assert not band_fit.band_confirms(q, tx.quantities("EUR 35"), lines)
    # a band stating two values of the unit settles nothing: both times hold Saturday
    florist = ["Same-day delivery for orders placed by 13:00 Monday–Friday and by 11:00 on Saturday."]
    assert not band_fit.band_confirms("If I order on a Saturday, what is the latest time?", tx.quantities("13:00"),
                                   florist)
    code = audit_answer("EUR 29 [c1].", [hit("c1", ESCAPE)], question=q)
    assert find_slots(code, [Source.of(hit("c1", ESCAPE))], q) == []  # code read the band: no slot question


def test_a_number_beyond_every_closed_band_is_not_answered_by_them() -> None:
    rates = ("Bike Couriers – Business Rate Card 2025. Zone A, city centre up to 3 km: EUR 9.50 per job. Zone B, "
             "3–8 km: EUR 14.00. Zone C, 8–15 km: EUR 21.50. Express: add EUR 6.00.")
    q = "We need things biked out about 20 km to the airport – what would that cost?"
    gap = "the question's distance (20 km) is beyond every range the cited passages give (up to 15 km)"
    audit = audit_answer("Zone C, 8–15 km: EUR 21.50 [c1].", [hit("c1", rates)], question=q)
    assert audit.audit.needs_retry and (IssueType.INCOMPLETE, gap) in [(i.issue_type, i.description)
                                                                     for i in audit.issues]
    lines = [" ".join(s.text.split()) for s in tx.split_sentences(rates)]
    assert bands.beyond_bands("What does a 12 km job cost?", lines) is None  # held by Zone C
    assert bands.beyond_bands(q, [*lines, "Beyond 15 km: EUR 1.20 per km."]) is None  # it says what lies beyond


def test_arithmetic_supports_a_figure_only_in_a_sentence_about_the_passage() -> None:
    # the prompt's example was committed over a price list whose 22 and 10 give 12
    q = "There'll be four of us at the escape rooms – how much does each person pay?"
    audit = audit_answer("Revenue rose 12 percent [c1].", [hit("c1", ESCAPE)], question=q)
    assert audit.audit.needs_retry and audit.audit.hallucination_detected
    rise = "Ticket prices 2024: adult EUR 10. Ticket prices 2025: adult EUR 12."
    ok = audit_answer("The adult ticket price rose by EUR 2 [c1].", [hit("c1", rise)],
                      question="By how much did the adult ticket price rise?")
    assert not ok.audit.hallucination_detected and ok.audit.claims[0].note.startswith("computed:")


def test_the_rules_example_sentence_copied_into_a_draft_is_cut_as_an_echo() -> None:
    from masis_desktop.core.pipeline.prompts import SYNTH_EXAMPLE, SYNTH_SYSTEM
    from masis_desktop.core.pipeline.synthesizer import drop_echo

    assert f"{SYNTH_EXAMPLE} [c4]." in SYNTH_SYSTEM
    assert drop_echo("Revenue rose 12 percent [c15].") == ("", 1)
    assert drop_echo("EUR 29 per player [c15]. Revenue rose 12 percent [c15].") == ("EUR 29 per player [c15].", 1)
    assert drop_echo("Revenue rose 14 percent [c15].") == ("Revenue rose 14 percent [c15].", 0)


LIFT_CALLS = ("Calder Lifts, Halifax – Breakdowns. Our control room is staffed every day. Engineers aim to arrive "
              "within 40 minutes in Halifax and within 80 minutes elsewhere. For non-contract customers, a weekday "
              "callout between 8am and 6pm costs £150 for the first hour and £75 for each further hour. Evenings and "
              "Saturdays are charged at £190 for the first hour, and Sundays and bank holidays at £230. Parts are "
              "charged at list price plus 10%.")
POSTAL = ("Fernleigh Seeds, Penzance – Postal Orders and Packing. Seed orders are posted first class within two "
          "working days. Live plants travel by Royal Mail Tracked 24, packed in recycled card.")


def test_a_space_question_answered_with_no_size_is_refused() -> None:
    page = ("Brew Wheels, Filey – Events. Our horsebox serves around 100 drinks an hour and needs a level pitch of 4 "
            "by 3 metres with vehicle access.")
    question = "How much space does Brew Wheels' horsebox need at an event venue?"
    found = refusals("Brew Wheels' horsebox needs around 100 drinks an hour at an event venue [c1].", [page], question)
    assert found and "asks for a size" in found[0]
    assert refusals("The horsebox needs a level pitch of 4 by 3 metres with vehicle access [c1].", [page],
                    question) == []


def test_within_what_time_asks_a_duration() -> None:
    assert refusals("Outside Halifax, Calder aims to have an engineer there within 80 minutes [c1].", [LIFT_CALLS],
                    "Within what time does Calder Lifts aim to reach a trapped passenger outside Halifax?") == []


def test_a_which_brand_or_courier_answer_that_names_none() -> None:
    question = "Which courier does Fernleigh Seeds use to send its seeds?"
    assert refusals("Fernleigh Seeds uses Postal Orders and Packing [c1].", [POSTAL], question)
    assert refusals("Seed orders are posted first class within two working days [c1].", [POSTAL], question)
    assert refusals("Live plants travel by Royal Mail Tracked 24 [c1].", [POSTAL],
                    "Which courier does Fernleigh Seeds use for live plants?") == []


def test_a_duration_in_other_units_is_no_missing_word() -> None:
    from masis_desktop.core.checks.focus import missing_focus
    question = "What refund does Surfrock give if I cancel more than two days before?"
    assert "days" not in missing_focus(question, ["Cancellations at least 48 hours before get a full refund."])
    assert "days" in missing_focus(question, ["Cancellations at least 24 hours before get a full refund."])
