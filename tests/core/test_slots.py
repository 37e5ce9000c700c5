"""Which rival values code offers the model as a multiple-choice question (``checks.model.slots.find_slots``)."""

from __future__ import annotations

from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.checks.model.slots import find_slots
from masis_desktop.core.grounding.claims import Source
from tests.core.pipeline_support import hit


def slots_for(answer: str, text: str, question: str) -> list[tuple[list[str], str, str]]:
    ev = [hit("c1", text, document="d.md")]
    code = audit_answer(answer, ev, question=question)
    return [(s.options, s.options[s.stated], s.passage) for s in find_slots(code, [Source.of(h) for h in ev], question)]


def test_rivals_in_another_sentence_of_the_cited_passage_become_options() -> None:
    text = ("Every employee has an annual learning budget of EUR 1,500 for courses and books. Employees who leave "
            "within 12 months of a course that cost over EUR 3,000 repay half of it.")
    [(options, stated, passage)] = slots_for("EUR 3,000 [c1].", text, "What is the annual learning budget?")
    assert options == ["EUR 1,500", "EUR 3,000"] and stated == "EUR 3,000"
    assert passage.startswith("Every employee") and passage.endswith("repay half of it.")


def test_a_year_only_rivals_years_of_its_sentence_and_counted_nouns_must_match() -> None:
    text = ("The Lisbon hub opened in January 2021 and has 90 staff. The Amsterdam office opened in May 2023 with "
            "12 staff. Offices opened in 2019 and 2020 were closed.")
    assert slots_for("May 2023 [c1].", text, "When did the Amsterdam office open?") == []  # other sentences
    [(options, stated, _)] = slots_for("In 2019 [c1].", text, "When did the closed offices open?")
    assert options == ["2019", "2020"] and stated == "2019"
    memo = ("The board approved a budget of NOK 48 million for 2027. The programme is run from the Oslo office, "
            "which opened in March 2018.")
    assert slots_for("A budget of NOK 48 million for 2027 [c1].", memo, "What is the budget?") == []
    [(options, stated, _)] = slots_for("90 staff [c1].", text, "How many staff work in Lisbon?")
    assert options == ["90", "12"] and stated == "90"


def test_numbers_inside_names_codes_and_dates_are_not_options() -> None:
    text = "Release 4.0 moves from 15 April to 6 May 2024. SAML 2.0 is supported on the Enterprise plan."
    assert slots_for("SAML 2.0 [c1].", text, "Which sign-on standard is supported?") == []
    assert slots_for("6 May 2024 [c1].", text, "When does release 4.0 ship?") == []


def test_the_sentence_closest_to_the_question_is_the_one_shown() -> None:
    text = ("Present: Maya Lindqvist (chair), Priya Raman, Tomasz Wojcik. The audit by Inclusive Labs found 23 "
            "issues; Priya Raman owns the fixes and reports to Maya Lindqvist.")
    [(options, stated, passage)] = slots_for("Priya Raman [c1].", text, "Who owns the fixes from the audit?")
    assert passage.startswith("The audit by Inclusive Labs") and stated == "Priya Raman"
    assert options == ["Inclusive Labs", "Priya Raman", "Maya Lindqvist"]


def test_a_claim_that_lists_the_cases_as_the_passage_does_gets_no_question() -> None:
    text = ("Daily meal allowances are GBP 75 in Tier A cities (London, Oslo), GBP 55 in Tier B cities (Berlin, "
            "Madrid) and GBP 40 in all other locations.")
    q = "What is the daily meal allowance in Berlin?"
    assert slots_for("Daily meal allowances are GBP 75 in Tier A cities (London, Oslo), GBP 55 in Tier B cities "
                     "(Berlin, Madrid) and GBP 40 in all other locations [c1].", text, q) == []
    # code reads Berlin's clause itself (a factual error, no question); a case the passage does not name is asked
    code = audit_answer("The daily meal allowance in Berlin is GBP 75 [c1].", [hit("c1", text)], question=q)
    assert code.audit.needs_retry and "Tier B cities (Berlin" in code.issues[0].description
    [(options, stated, _)] = slots_for("GBP 75 [c1].", text,
                                       "What is the daily meal allowance in the capital of Germany?")
    assert options == ["GBP 75", "GBP 55", "GBP 40"] and stated == "GBP 75"
    # whole values only: "64 MiB" states one option, not also "4 MiB"
    config = "message.max_bytes defaults to 4 MiB; the hard ceiling is 64 MiB."
    [(options, stated, _)] = slots_for("64 MiB [c1].", config, "What is the default maximum message size?")
    assert options == ["4 MiB", "64 MiB"] and stated == "64 MiB"


def test_a_title_goes_into_the_blank_and_options_keep_the_passage_titles_and_accents() -> None:
    text = ("CS340 Machine Learning: 7.5 ECTS, course leader Prof. Rafael Dunmore; lab sessions are run by "
            "Dr. Helena Okafor and Agnieszka Wróbel.")
    code = audit_answer("The course leader is Dr. Helena Okafor [c1].", [hit("c1", text, document="d.md")],
                        question="Who is the course leader for CS340?")
    [slot] = find_slots(code, [Source.of(hit("c1", text, document="d.md"))], "Who is the course leader for CS340?")
    assert slot.statement == "The course leader is ____."  # not "The course leader is Dr. ____."
    # each option as the passage writes it: after "____" the model would write the title too
    assert slot.options == ["Machine Learning", "Prof. Rafael Dunmore", "Dr. Helena Okafor", "Agnieszka Wróbel"]
    assert slot.options[slot.stated] == "Dr. Helena Okafor"


TEAM = ("Vellmore Dental Care, Northgate branch – Clinical team, updated 3 February 2025. Dr. Tomasz Ellery, Principal "
        "Dentist (implants and crowns). Dr. Maren Solbak, Endodontist (root canal referrals, Mondays and Wednesdays). "
        "Dr. Quentin Aske, Paediatric Dentist. Priya Dunmore, Dental Hygienist. Leontyne Crabbe, Practice Manager.")


def test_a_person_alone_in_its_sentence_is_weighed_against_the_people_of_the_other_sentences() -> None:
    q = "Which dentist at the Northgate branch takes root canal referrals?"
    [(options, stated, passage)] = slots_for("Dr. Tomasz Ellery [c1].", TEAM, q)
    # roles ("Principal Dentist") are no rivals, and the heading line's organisation is not a person
    assert options == ["Dr. Tomasz Ellery", "Dr. Maren Solbak", "Dr. Quentin Aske", "Priya Dunmore"]
    assert stated == "Dr. Tomasz Ellery"
    assert passage.startswith("Dr. Tomasz Ellery, Principal Dentist") and "Vellmore" not in passage
    [(options, stated, _)] = slots_for("The referrals go to Dr. Maren Solbak [c1].", TEAM, q)
    assert stated == "Dr. Maren Solbak" and "Principal Dentist" not in options
    alone = "Opening hours: 08:00-17:00. The practice manager is Leontyne Crabbe."
    assert slots_for("Leontyne Crabbe [c1].", alone, "Who is the practice manager?") == []


def test_a_heading_copied_into_the_answer_gets_no_person_question() -> None:
    directory = ("Lumen Analytics office directory, offices outside the Nordics. The Lisbon engineering hub opened in "
                 "January 2021 and has 90 staff. The Amsterdam sales office opened in May 2023 with 12 staff.")
    assert slots_for("Lumen Analytics office directory, offices outside the Nordics [c1].", directory,
                     "When did Lumen's Amsterdam sales office open?") == []


RUNNERS = ("Fenland Road Runners, Spalding – Training. Couples pay £45. Club T-shirts cost £12 and vests £18. The "
           "club's 10K race takes place on the first Sunday in May, with an entry fee of £14.")


def test_slot_options_include_the_value_of_the_sentence_the_question_is_about() -> None:
    question = "When is the Fenland Road Runners 10K, and how much is it to enter?"
    source = hit("c1", RUNNERS)
    code = audit_answer("The 10K is on the first Sunday in May, and entry costs £18 [c1].", [source],
                        question=question)
    slots = find_slots(code, [Source.of(source)], question)
    assert len(slots) == 1
    assert "£14" in slots[0].options and slots[0].options[slots[0].stated] == "£18"
    assert "entry fee of £14" in slots[0].passage and "vests £18" in slots[0].passage


def test_a_title_sentence_offers_no_people_to_choose_between() -> None:
    question = "What's the monthly adult membership fee at Lunge Fencing Academy?"
    source = hit("c1", "Lunge Fencing Academy, Kendal – Adult Membership. Adult membership is £30 a month.")
    code = audit_answer("Adult membership is £30 a month [c1].", [source], question=question)
    assert find_slots(code, [Source.of(source)], question) == []
