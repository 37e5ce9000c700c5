"""Code checks written from the fourteenth session's critic run: a price list that says it was replaced
is no rival of the list that replaced it, relative time words ("these days", "last year") are no topic of a
question, a business name's trade word may be missing from its own passages, and a person's clause that leaves its
role unsaid ("...; at Brindlecombe Farm: Chef ...") still answers for that role. Each test holds the failure
(a right answer the audit refused) and a control that a wrong answer is still refused."""

from __future__ import annotations

import pytest

from masis_desktop.core import text as tx
from masis_desktop.core.checks.focus import unasked_names
from masis_desktop.core.checks.retired import PAST_ASKED, retired_by
from masis_desktop.core.grounding.claims import Source
from tests.core.pipeline_support import hit, refusals

NEW = ("Larchmont Laundry price list 2025, effective 1 March 2025. Service wash: 6 kg £9.50, 10 kg £14. "
       "Duvet wash: single £12, king size £18. Ironing: £1.40 per shirt.")
OLD = ("Larchmont Laundry price list 2024 (replaced on 1 March 2025). Service wash: 6 kg £8.50, 10 kg £12.50. "
       "Duvet wash: single £11, king size £16. Ironing: £1.20 per shirt.")
UNTIL = ("Larchmont Laundry prices valid until 28 February 2025. Service wash: 6 kg £8.50, 10 kg £12.50. "
         "Duvet wash: single £11, king size £16. Ironing: £1.20 per shirt.")


def _refused(answer: str, passages: list[str], question: str) -> list[str]:
    return refusals(answer, passages, question, one_document=False)  # one document each: two lists can disagree


def _src(cid: str, text: str) -> Source:
    return Source.of(hit(cid, text, document=f"{cid}.md"))


def test_a_list_that_says_it_was_replaced_retires_it() -> None:
    assert retired_by(_src("a", OLD), _src("b", NEW)) and not retired_by(_src("b", NEW), _src("a", OLD))
    # "valid until" one date, "effective" from the next: the later list took over
    assert retired_by(_src("a", UNTIL), _src("b", NEW)) and not retired_by(_src("b", NEW), _src("a", UNTIL))
    # a season without a year retires nothing: the summer timetable comes back next summer
    summer = "Ferry timetable, 1 June to 31 August. Departures 08:00 and 12:00."
    winter = "Ferry timetable from 1 September. Departures 09:00."
    assert not retired_by(_src("a", summer), _src("b", winter))
    # two chunks of one document never retire each other
    assert not retired_by(Source.of(hit("a", OLD, document="x.md")), Source.of(hit("b", NEW, document="x.md")))


@pytest.mark.parametrize("question", [
    "How much is a 10 kg service wash at Larchmont Laundry these days?",
    "What does Larchmont Laundry charge for a 10 kg service wash?",
])
def test_the_current_list_is_the_answer_when_no_past_is_asked(question: str) -> None:
    for old in (OLD, UNTIL):
        assert _refused("£14 [c1].", [NEW, old], question) == []
        # the replaced list's value for a question about now is refused: a figure only the replaced list states
        # (``retired_findings``, sixteenth session), and one side of a disagreement
        found = _refused("£12.50 [c2].", [NEW, old], question)
        assert found and "replaced" in found[0] and any(f.startswith("contradiction") for f in found)


def test_last_year_asks_for_the_replaced_list() -> None:
    question = "Last year, what did Larchmont Laundry charge for a 10 kg service wash?"
    assert PAST_ASKED.search(question)
    assert _refused("£12.50 [c2].", [NEW, OLD], question) == []
    found = _refused("£14 [c1].", [NEW, OLD], question)
    assert found and found[0].startswith("contradiction")
    # a year the question names still picks its list
    assert _refused("£12.50 [c2].", [NEW, OLD], "What was the 2024 price of a 10 kg service wash?") == []


def test_relative_time_words_are_no_focus() -> None:
    assert tx.question_focus("Last year, how much extra did it cost for my second dog?") == {
        "extra", "second", "dog"}
    assert tx.question_focus("What does a group walk cost right now, these days?") == {"group", "walk"}
    assert "year" in tx.question_focus("What is the fee per year?")


def test_a_tier_named_before_a_shared_noun_is_another_case() -> None:
    passage = ("Brightwheel Cycles services 2025. Safety check £25. Bronze service £55; Silver service £85, with a "
               "brake bleed; Gold service £140 with a full rebuild.")
    question = "What is the price of the Brightwheel Silver service?"
    found = _refused("£55 [c1].", [passage], question)
    assert found and '"Bronze service £55"' in found[0]
    assert _refused("£85 [c1].", [passage], question) == []


def test_a_business_name_s_trade_word_may_be_missing() -> None:
    text = "Copperline Ridge opening hours. Events coordinator: Delia Okoro. Track manager: Rufus Amis."
    assert unasked_names("Who is the events coordinator at Copperline Ridge Karting?", [text]) == []
    assert unasked_names("When is the balance due for a Silk Needle Discos booking?",
                         ["Silk Needle DJs: balance due 28 days before the event."]) == []
    # but not a case whose siblings the passage lists before the same noun
    assert unasked_names("What does the Ledgerly Team Growth plan cost?",
                         ["Ledgerly Team Starter plan costs EUR 9."]) == ["Growth"]
    # an acronym is written by its plural
    assert tx.name_stated("DJ", "Silk Needle DJs: Marcus Tre (founder).")


def test_a_clause_naming_only_the_next_place_keeps_the_role() -> None:
    passage = ("Thyme & Tallow teaches in two kitchens. Weaver's Court has 12 stations; Brackenfold Farm has 8. "
               "Head tutor at Weaver's Court: Chef Ottilie Bramwell; at Brackenfold Farm: Chef Leopold Casterbridge. "
               "Parking is free at Brackenfold.")
    question = "Who is the head tutor at the Brackenfold Farm kitchen?"
    assert _refused("Leopold Casterbridge [c1].", [passage], question) == []
    found = _refused("Ottilie Bramwell [c1].", [passage], question)
    assert found and "beside Chef Leopold Casterbridge" in found[0]


def test_a_claim_repeating_the_user_s_trade_word_cites_the_right_passage() -> None:
    question = "When is the balance due for a Silk Needle Discos booking?"
    mine = "Silk Needle DJs: Marcus Tre (founder). A 25% deposit secures the date; the balance is due 28 days before."
    other = "Groove Discos hire: lights and speakers from £90."
    claim = "The balance due for a Silk Needle Discos booking is 28 days before the event [c1]."
    assert _refused(claim, [mine, other], question) == []
    # a case name the cited passage lacks while another passage has it is still the wrong citation
    found = _refused("The Groove manager is Marcus Tre [c1].", [mine, "Groove Discos manager: Ann Lee."],
                     "Who manages Groove Discos?")
    assert found


def test_which_asks_for_a_person_too() -> None:
    passage = ("Barkley Lane Walkers, Monday to Friday walks. Our walkers: Bryn Atwell (owner, solo walks), Toby Hux "
               "(group walks) and Priya Seth (puppy visits). Cancel by 6pm the day before.")
    question = "Which Barkley Lane walker does the puppy visits?"
    found = _refused("Toby Hux [c1].", [passage], question)
    assert found and "beside Priya Seth" in found[0]
    assert _refused("Priya Seth [c1].", [passage], question) == []


def test_a_day_band_holds_only_the_age_band_of_the_question() -> None:
    passage = ("Sage & Salt Cookery School prices 2025. Half-day class: €75 per person. Kids' Saturday class, ages "
               "8-12: €35; ages 13-16: €45. Aprons included.")
    question = "How much is the Saturday kids' cookery class for my 14-year-old?"
    found = _refused("€35 [c1].", [passage], question)
    assert found and '"ages 13-16: €45."' in found[0]
    assert _refused("€45 [c1].", [passage], question) == []


# --- from the next critic run ------------------------------------------------------------------------------------

PACKAGES_NEW = ("Brightlens Photography wedding packages 2025. Bronze: 4 hours - £950. Gold: 10 hours, 30-page album - "
                "£2,150. Extra coverage is £140 per hour.")
PACKAGES_OLD = ("Brightlens Photography wedding packages 2024 (valid until 31 December 2024). Bronze: 4 hours - £850. "
                "Gold: 10 hours, 30-page album - £1,950. Extra coverage was £120 per hour.")


def test_a_list_valid_until_a_year_s_end_is_retired_by_the_next_year_s() -> None:
    assert retired_by(_src("a", PACKAGES_OLD), _src("b", PACKAGES_NEW))
    assert not retired_by(_src("b", PACKAGES_NEW), _src("a", PACKAGES_OLD))
    fees_old = "Term fees 2024/25 (valid until 31 July 2025). 45-minute classes: £60 per term."
    fees_new = "Term fees 2025/26 (current). 45-minute classes: £66 per term."
    assert retired_by(_src("a", fees_old), _src("b", fees_new))
    assert _refused("£140 per hour [c1].", [PACKAGES_NEW, PACKAGES_OLD],
                    "What does Brightlens currently charge for extra coverage?") == []
    assert _refused("£1,950 [c2].", [PACKAGES_NEW, PACKAGES_OLD],
                    "How much was Brightlens's Gold package last year?") == []
    found = _refused("£1,950 [c2].", [PACKAGES_NEW, PACKAGES_OLD], "How much is Brightlens's Gold package?")
    assert found and "replaced" in found[0] and any(f.startswith("contradiction") for f in found)


def test_before_a_date_is_answered_by_a_list_ending_earlier() -> None:
    old = ("Thornfield charges, 1 April 2024 to 31 March 2025 (now superseded). Car tyres: £4 each.")
    new = "Thornfield charges (from 1 April 2025). Car tyres: £5 each."
    assert _refused("£4 each [c2].", [new, old], "What was Thornfield's charge per car tyre before 1 April 2025?") == []
    found = _refused("£4 each [c2].", [new, old], "What was Thornfield's charge per car tyre before 1 January 2024?")
    assert found and "1 January 2024" in found[0]


def test_a_person_s_clause_runs_on_and_one_shared_word_can_decide() -> None:
    team = ("The Tinkerton team. Owner Radek Pash does carpentry, doors and flooring. Gwen Soper handles tiling, "
            "sealant and small plumbing jobs (taps, washers, toilet cisterns) but no gas work.")
    question = "Who at Tinkerton should I ask to fix a dripping tap?"
    found = _refused("Radek Pash [c1].", [team], question)
    assert found and "beside Gwen Soper" in found[0]
    assert _refused("Gwen Soper [c1].", [team], question) == []
    timetable = ("Quillton Dance, Chantry Row studio timetable. Wednesday: Street Dance (ages 8-11) 5:00-6:00pm. "
                 "Street Dance and Contemporary here are taught by Ambrose Oss; ballet and tap by Liesl Trev.")
    question = "Who teaches Street Dance at Quillton's Chantry Row studio?"
    found = _refused("Liesl Trev [c1].", [timetable], question)
    assert found and "beside Ambrose Oss" in found[0]
    assert _refused("Ambrose Oss [c1].", [timetable], question) == []
    assert "teach" in tx.verb_stems("taught by") and "keep" not in tx.content_stems("kept")  # not for values


def test_a_bracket_naming_the_question_s_case_is_the_exception() -> None:
    terms = ("Grubley hire terms. A refundable deposit of £250 is taken on a card at collection (£400 for the Luton "
             "van). Drivers must be aged 23-75.")
    question = "What deposit will Grubley take if I hire the Luton van?"
    found = _refused("£250 [c1].", [terms], question)
    assert found and '"£400 for the Luton van"' in found[0]
    assert _refused("£400 [c1].", [terms], question) == []
    assert _refused("£250 [c1].", [terms], "What deposit will Grubley take for the small van?") == []


def test_a_person_s_extension_is_not_another_person_s() -> None:
    team = ("About Lanternbrook. Lead photographer Sabine Thorn shoots every wedding. Second shooter Lowri Pell joins "
            "Silver and Gold weddings. Enquiries go to studio manager Henrietta Crew on 01632 960733, extension 5.")
    found = _refused("Lowri Pell's phone extension at Lanternbrook is 5 [c1].", [team],
                     "What is Lowri Pell's phone extension at Lanternbrook?")
    assert found and "give no extension" in found[0]
    assert _refused("Henrietta Crew's extension is 5 [c1].", [team],
                    "What is Henrietta Crew's phone extension at Lanternbrook?") == []


def test_what_marks_a_document_as_retired() -> None:
    new = "Thornley charges (from 1 April 2025). Car tyres: £5 each."
    for head in ("Thornley charges 2024 (now superseded). Car tyres: £4 each.",
                 "Thornley charges 2024, superseded on 1 April 2025. Car tyres: £4 each.",
                 "Thornley charges 2024 (no longer valid). Car tyres: £4 each.",
                 "Thornley charges 2024 (archived copy). Car tyres: £4 each."):
        assert retired_by(_src("a", head), _src("b", new)), head
    # words of the content are no such statement
    assert not retired_by(_src("a", "Thornley charges 2024. Cash withdrawn at the desk is free. Tyres: £4."),
                          _src("b", new))
