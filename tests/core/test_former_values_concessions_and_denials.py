"""Wrong answers the critic accepted and right answers it refused, in new words: a price the passage gives as the
one before a change, a concession granted to the question's age without a price of its own, a band's "aged"
shared by every band, a time range sharing its end with the next band's, a capacity ("serves 24"), a sentence
opening "The <name> studio", a person named only in a chunk's first sentence, a "Yes" to a case a clause denies,
a sum written with "plus" and a halved price. Each keeps its twin (right or wrong) as it should be."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import refusals

FEES = ("Harbour Kayak Club — Fees. Annual membership is £95 a year; before the April review it was £85. "
        "Until 1 January a day pass cost £12, and it is now £14. Boat storage rose from £60 on 1 March and is "
        "now £70 a year.")
BERTHS = ("Lowfield Sailing — Berths. A summer berth costs £240 and a winter berth £150. Members aged 70 and over, "
          "and anyone on a carer's allowance, pay half price for one berth. Electricity hook-up is £35 a season.")
CINEMA = ("Orchard Lane Cinema — Tickets. Adults aged 18 to 59 pay £6.40, seniors aged 60 and over pay £4.20, and "
          "children aged 3 to 17 pay £3.90. Parking is £2 after 6pm.")
LESSONS = ("Millpond Gymnastics — Classes. Beginners, for ages 5 to 8, meet on Tuesdays from 5pm to 5.45pm, and "
           "Improvers, for ages 9 to 12, meet on the same days from 5.45pm to 6.30pm. Each term costs £84.")
PLATTERS = ("Greenhalgh Deli — Party Platters. A small platter (serves 6 to 8) costs £30, a medium (serves 12 to 15) "
            "£50, and a large (serves 30) £90. Orders need 48 hours' notice.")
STUDIOS = ("Copperfield Yoga has two studios. The Millbrook studio on Oak Street opens Monday to Friday, 7am to 9pm, "
           "with a late class until 10pm on Wednesdays. Our Easton studio, above the library, opens Tuesday to "
           "Saturday, 10am to 6pm. Mats can be hired for £1.")
HALL = ("To book the village hall, phone our bookings clerk, Aled Pryce, on 01632 960112 (weekdays, 9am to 1pm). "
        "The main hall seats 120. The hall's chair is Nerys Lloyd, and the treasurer, Mirela Stan, handles all "
        "deposits and refunds.")
MINIBUS = ("Ashgrove Bowls — Getting here. Our minibus collects members within three miles of the Eastgate green "
           "for £4 return; it isn't available for the Westgate green. Dogs are welcome on weekdays, but dogs are "
           "never allowed on the greens at weekends.")
VALET = "Shine & Co — Valeting. A full valet costs £70 and takes three hours. Vans are charged an extra £25."


def test_a_price_the_passage_gives_as_the_one_before_a_change_is_not_todays() -> None:
    question = "What's the kayak club membership these days? My neighbour paid £85."
    assert any("before a change" in f for f in refusals("Membership is £85 a year [c1].", [FEES], question))
    assert refusals("It's £95 a year now; £85 was the fee before the April review [c1].", [FEES], question) == []
    day = "How much is a day pass? It was £12 when I last came."
    assert any("before a change" in f for f in refusals("A day pass is still £12 [c1].", [FEES], day))
    assert refusals("A day pass is now £14 [c1].", [FEES], day) == []
    storage = "How much is boat storage a year?"
    assert any("before a change" in f for f in refusals("Boat storage is £60 a year [c1].", [FEES], storage))
    past = "What did a day pass cost before 1 January?"  # a question about the past is answered by the old price
    assert refusals("A day pass cost £12 until 1 January [c1].", [FEES], past) == []


def test_a_concession_for_the_asked_age_changes_the_price_it_does_not_state() -> None:
    question = "I'm 72. What would a summer berth cost me?"
    assert any("changes the price" in f for f in refusals("A summer berth costs £240 [c1].", [BERTHS], question))
    # the halved price is arithmetic on the stated one, by the concession the claim names
    assert refusals("As you're over 70 you pay half price: £120 instead of £240 [c1].", [BERTHS], question) == []
    younger = "I'm 45. What would a summer berth cost me?"
    assert refusals("A summer berth costs £240 [c1].", [BERTHS], younger) == []


# (passage, question, wrong answer, what its refusal says, right answer): the wrong one refused for that reason, the
# right one accepted
PAIRS = [
    pytest.param(CINEMA, "I'm 63 - what's a cinema ticket for me?", "At the adult rate you pay £6.40 [c1].",
                 "falls under", "As a senior you pay £4.20 [c1].", id="aged-names-no-group"),
    pytest.param(LESSONS, "My 7-year-old wants to start gymnastics. When would she go?",
                 "Tuesdays, 5.45pm to 6.30pm [c1].", "falls under", "Tuesdays, 5pm to 5.45pm [c1].",
                 id="a-time-range-clears-a-band-by-its-start"),
    pytest.param(STUDIOS, "What are the Easton studio's hours on a Thursday?",
                 "Easton is open 7am to 9pm on Thursdays [c1].", "for Millbrook",
                 "Easton is open 10am to 6pm on Thursdays [c1].", id="the-name-studio-opens-its-case"),
]


@pytest.mark.parametrize(("passage", "question", "wrong", "reason", "right"), PAIRS)
def test_the_wrong_answer_is_refused_for_its_reason_and_the_right_one_accepted(
        passage: str, question: str, wrong: str, reason: str, right: str) -> None:
    assert any(reason in f for f in refusals(wrong, [passage], question))
    assert refusals(right, [passage], question) == []


def test_a_capacity_holds_any_group_up_to_its_top() -> None:
    question = "We need food for about 20 guests. Which platter should we order and what does it cost?"
    assert any("falls under" in f for f in refusals("The medium platter, at £50 [c1].", [PLATTERS], question))
    assert refusals("The large platter, which serves 30, at £90 [c1].", [PLATTERS], question) == []
    ten = "We need food for about 10 guests. Which platter should we order and what does it cost?"
    assert refusals("The medium platter, which serves 12 to 15, at £50 [c1].", [PLATTERS], ten) == []


def test_a_person_named_only_in_the_chunks_first_sentence_is_still_read() -> None:
    question = "Who takes my deposit payment?"
    assert any("Mirela Stan" in f for f in refusals("The bookings clerk, Aled Pryce, handles all deposits [c1].",
                                                    [HALL], question))
    assert refusals("The treasurer, Mirela Stan, handles all deposits [c1].", [HALL], question) == []


def test_yes_to_a_case_a_clause_denies_is_refused() -> None:
    question = "Can the minibus pick me up for the Westgate green?"
    assert any("answers yes" in f for f in refusals("Yes, the minibus serves both greens for £4 return [c1].",
                                                    [MINIBUS], question))
    assert refusals("No, the minibus only serves the Eastgate green [c1].", [MINIBUS], question) == []
    sunday = "Can I bring my dog to the greens on a Sunday?"
    assert any("answers yes" in f for f in refusals("Yes, dogs are welcome on Sundays [c1].", [MINIBUS], sunday))
    tuesday = "Can I bring my dog to the greens on a Tuesday?"  # the denial names another day
    assert refusals("Yes, dogs are welcome on weekdays [c1].", [MINIBUS], tuesday) == []


def test_a_sum_written_with_plus_is_arithmetic() -> None:
    question = "What will a full valet cost for my van?"
    assert refusals("£95: the £70 full valet plus £25 for vans [c1].", [VALET], question) == []
    assert refusals("£90: the £70 full valet plus £25 for vans [c1].", [VALET], question) != []


WORKSHOPS = ("Tanner's Yard Restoration — Evening Workshops. 'Gilding for Beginners': five Thursday evenings from 2 "
             "October, 7pm to 9pm, £180. 'Rush Seating': three Tuesday evenings from 14 October, 7pm to 9pm, £120 plus "
             "£20 for materials. Classes are limited to six students.")
CLUB = ("Kingsmead Bridge Club — Join Us. We meet every Wednesday at 7pm in the church hall. New members may attend "
        "four club nights free before deciding to join; after that visitors pay £4 a night.")


def test_a_weekday_from_another_cases_sentence_is_refused() -> None:
    question = "Which night is the rush seating workshop on, and what does it cost?"
    assert any("Thursday for something else" in f for f in refusals(
        "Rush Seating runs on Thursday evenings and costs £120 plus £20 for materials [c1].", [WORKSHOPS], question))
    assert refusals("Rush Seating runs on Tuesday evenings and costs £120 plus £20 for materials [c1].", [WORKSHOPS],
                    question) == []


def test_a_count_in_words_the_passage_gives_otherwise_is_refused() -> None:
    question = "Can I try the club a few times before I join?"
    assert any('"four club nights"' in f for f in refusals("Yes, new members can attend six club nights free [c1].",
                                                           [CLUB], question))
    assert refusals("Yes, new members can attend four club nights free [c1].", [CLUB], question) == []


SEASON = ("Kingsmead Bridge Club — Membership. The membership year runs from 1 October to 30 September; anyone joining "
          "after 1 April pays half the annual fee of £36 for the rest of that year.")


def test_a_date_the_passage_does_not_state_is_refused_though_its_day_number_is() -> None:
    question = "If I join in June, do I pay the whole year's fee?"
    assert any('"1 May"' in f for f in refusals("Yes; only people joining after 1 May pay half [c1].", [SEASON],
                                                 question))
    assert refusals("No, anyone joining after 1 April pays half the fee, £18 [c1].", [SEASON], question) == []
    asked = "Is 1 May the cut-off for half-price membership?"  # a date the question gives is its own
    assert refusals("No, 1 May is not the cut-off; it is 1 April [c1].", [SEASON], asked) == []


RINK = ("Glenfold Ice Rink — Sessions. The Harbour rink is open Friday to Sunday only, 11am to 9pm. Skaters aged "
        "8 to 11 may skate without an adult on the ice once they have passed a balance test; a parent must stay "
        "rinkside.")


def test_no_to_a_weekday_the_passage_leaves_out_of_its_days_is_an_answer() -> None:
    question = "Is the Harbour rink open on Wednesdays?"
    assert refusals("No, the Harbour rink is open Friday to Sunday only, 11am to 9pm [c1].", [RINK], question) == []
    assert any("Wednesdays" in f for f in refusals("The Harbour rink is open 11am to 9pm [c1].", [RINK], question))


def test_ok_and_an_age_are_not_what_a_question_asks_about() -> None:
    from masis_desktop.core import text as tx

    assert "OK" not in tx.question_names("Can my 9 year old skate at the Harbour rink on her own? Is that OK?")
    assert tx.question_focus("can my 9 year old skate on her own") == {tx.stem("skate")}
    assert tx.question_focus("What does a 2-year contract cost?") == {tx.stem("contract"), "year"}
    question = "My 10-year-old wants to skate at the Harbour rink without me on the ice. Is that OK?"
    assert refusals("Yes, once she passes a balance test, with you rinkside [c1].", [RINK], question) == []


BAR = ("Clayhouse Parties — House Rules. Party groups may bring their own wine and beer, but spirits aren't allowed "
       "in the studio. Glazes are lead-free.")


class _NoModel:
    """An LLM that must not be asked: any call fails the test."""

    def score(self, *args: object, **kwargs: object) -> list[float]:
        raise AssertionError("the model was asked")


def test_a_no_resting_on_a_cited_denial_is_not_put_to_the_reading_checks() -> None:
    from masis_desktop.core.checks.audit import audit_answer
    from masis_desktop.core.checks.model.answerable import check_answerable
    from masis_desktop.core.checks.model.verify import value_spans, verify_claims
    from masis_desktop.core.grounding.evidence import build_context
    from tests.core.pipeline_support import hit

    question = "We're having a party with you - can we bring a bottle of vodka?"
    hits = [hit("c1", BAR)]
    right = audit_answer("No. Party groups can bring wine and beer, but spirits aren't allowed [c1].", hits,
                         question=question)
    assert right.denial == 0 and not right.audit.needs_retry
    context = build_context(question, hits, budget_tokens=400)
    # neither the answerability question nor the likelihood of its words is asked: the denial is what it reads
    assert check_answerable(question, right, context, _NoModel()) is None  # type: ignore[arg-type]
    assert verify_claims(question, right, context, _NoModel()) == []  # type: ignore[arg-type]
    assert value_spans("No, spirits aren't allowed", question, by_words=False) == []
    # a "Yes", and a "No" no cited clause denies, are read as before
    assert audit_answer("Yes, party groups can bring any drinks [c1].", hits, question=question).denial is None
    assert audit_answer("No, glazes are lead-free [c1].", hits, question=question).denial is None


SHOPS = ("Fern & Feather has two shops. The Ashwell shop at 4 Mill Lane opens Monday to Saturday, 8am to 5pm, with "
         "late opening until 7pm on Thursdays. Our Brantham branch, inside Hollins Garden Centre on Kiln Road, opens "
         "Wednesday to Sunday, 9am to 4pm, and is closed on Mondays and Tuesdays. Drop-off is between 8am and 9.30am "
         "at Ashwell and between 9am and 10am at Brantham; most orders are ready within three to four hours.")


def test_figures_the_asked_cases_own_sentences_state_get_no_slot_question() -> None:
    from masis_desktop.core.checks.audit import audit_answer
    from masis_desktop.core.checks.model.slots import find_slots
    from masis_desktop.core.checks.packs.value_fit import case_confirms
    from masis_desktop.core.grounding.claims import Source
    from tests.core.pipeline_support import hit

    question = "What are the Brantham shop's hours on a Saturday?"
    sources = [Source.of(hit("c1", SHOPS))]
    assert case_confirms(question, "Brantham is open 9am to 4pm on Saturdays", sources)
    assert not case_confirms(question, "Brantham is open 8am to 5pm on Saturdays", sources)
    # the drop-off sentence holds 9am beside Ashwell's 8am: the 1.5B, asked to fill the blank, picked 8am
    code = audit_answer("Brantham is open 9am to 4pm on Saturdays [c1].", [hit("c1", SHOPS)], question=question)
    assert find_slots(code, sources, question) == []


REFILL = ("Hillcrest Food Co-op — Refill Station. Dried goods are sold by weight: red lentils £3.60 per kilo, "
          "chickpeas £3.90 per kilo, porridge oats £2.40 per kilo. Bring your own containers.")
RINK_TIMES = ("Glenfold Ice Rink — Summer Season. The rink opens at 10:00am and closes at 9:00pm; last tickets are "
              "sold 45 minutes before closing. Skate hire is £4.")
STUDIO_RATES = ("Inkwell Print Studio — Studio Hire. Rates: members £8 per hour or £40 per day; non-members £12 per "
                "hour or £60 per day. Parking costs £6 per day in summer and is free from November to March.")


def test_a_price_for_the_asked_quantity_and_a_time_a_stated_duration_away_are_arithmetic() -> None:
    lentils = "How much would 2 kilos of red lentils cost?"
    assert refusals("£7.20, at £3.60 per kilo [c1].", [REFILL], lentils) == []
    assert refusals("£7.80, at £3.90 per kilo [c1].", [REFILL], lentils) != []  # another product's rate
    last = "What time are the last tickets sold at the rink in summer?"
    assert refusals("8:15pm, as last tickets are sold 45 minutes before the 9:00pm closing [c1].", [RINK_TIMES],
                    last) == []
    assert refusals("8:30pm, as last tickets are sold 45 minutes before the 9:00pm closing [c1].", [RINK_TIMES],
                    last) != []


def test_not_a_member_asks_the_non_members_case() -> None:
    question = "I'm not a member of Inkwell. What would a full day of studio hire cost me?"
    assert refusals("Non-members pay £60 per day for studio hire [c1].", [STUDIO_RATES], question) == []
    assert any('for "member"' in f for f in refusals("Non-members pay £40 per day for studio hire [c1].",
                                                       [STUDIO_RATES], question))

