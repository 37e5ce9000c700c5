"""Answers held-out v34 judged wrongly, in new words, each right answer with a wrong twin: a figure only a rival
business's cited page states, a figure written in the words of a clause that gives another, a count of extras
that is not the question's count less the base price's, the question's own "40 minutes", a product the answer
writes as "N things at £X each" with no other cue, and a label check misled by a rival's page cited beside the
asked one. Five of the six fail on 32d5c36, on which v34 was run (its riders twin is refused there by
another check; v34's own was not)."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

ASKED = ("Thornfield Thatching, Bridport – On Site. Our crews work from 8am to 3.30pm, Tuesday to Saturday, and stop "
         "when winds exceed 40 mph. The balance is due within 14 days of completion.")
RIVAL = ("Hollins & Daughters Thatchers, Diss – On Site. Work runs from 7am to 4pm, Monday to Friday, and pauses in "
         "heavy rain. Scaffolding costs £400 for the first three weeks, then £80 per extra week.")
GLIDING = ("Eden Valley Soaring, Penrith – Rates. Annual membership is £390. Winch launches cost £10 each, while an "
           "aerotow to 2,000 feet is £42. Glider hire is 40p per minute.")
GLIDING_RIVAL = ("Fellside Gliding Club, Kendal – Rates. Membership is £450 a year, or £42 per month by direct debit. "
                 "Each aerotow to 2,000 feet costs £38, and glider hire is charged at 50p per minute.")
TOURS = ("Harbour Wheels Segway Tours, Whitby – Tours. Riders must be at least 12 years old. Groups are limited to "
         "six riders plus a guide. The 60-minute tour costs £40 per rider.")
ROOFS = ("Thornfield Thatching, Bridport – Materials. We work in water reed, which typically lasts 45 to 55 years, "
         "and in long straw, which lasts around 25 years. Ridge work starts at £90 per metre.")


@pytest.mark.parametrize(("passages", "question", "right", "wrong"), [
    # the rival's page is cited beside the asked business's; the wrong hours are only the rival's
    ([ASKED, RIVAL], "What hours do Thornfield Thatching's crews work, and on which days?",
     "Thornfield's crews work from 8am to 3.30pm, Tuesday to Saturday [c1][c2].",
     "Thornfield's crews work from 7am to 4pm, Tuesday to Saturday [c1][c2]."),
    # the rival's "£42 per month" is no rival of the asked club's £42 aerotow
    ([GLIDING, GLIDING_RIVAL], "How much does Eden Valley Soaring charge for an aerotow to 2,000 feet?",
     "An aerotow to 2,000 feet costs £42 [c1][c2].",
     "An aerotow to 2,000 feet costs £38 [c1][c2]."),
])
def test_v34_rival_pages(passages: list[str], question: str, right: str, wrong: str) -> None:
    assert refusals(right, passages, question, one_document=False) == []
    assert refusals(wrong, passages, question, one_document=False)


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # "limited to 12 riders" in the words of "limited to six riders"; 12 is the minimum age
    (TOURS, "Can a group of eight riders go out together on a Harbour Wheels tour?",
     "No, groups are limited to six riders plus a guide [c1].",
     "Yes, groups are limited to 12 riders plus a guide [c1]."),
    # the other material's lifetime in the words of the asked one's
    (ROOFS, "According to Thornfield Thatching, how long does a long straw roof last?",
     "Long straw lasts around 25 years [c1].",
     "Long straw lasts around 45 to 55 years [c1]."),
    # "N extra weeks" must be the question's weeks less the base price's
    (RIVAL, "Hollins & Daughters hire scaffolding for each job. What would it cost for a job lasting five weeks?",
     "Scaffolding for five weeks would cost £560 (£400 for the first three weeks plus two extra weeks at £80 each) "
     "[c1].",
     "Scaffolding for five weeks would cost £480 (£400 for the first three weeks plus one extra week at £80) [c1]."),
    # the question's "30 minutes" is its own figure; the twin adds the wrong launch price
    (GLIDING, "What would an Eden Valley member pay for one aerotow plus 30 minutes of glider hire?",
     "£54 in total (£42 for the aerotow plus £12 for 30 minutes of glider hire at 40p per minute) [c1].",
     "£52 in total (£10 for the launch plus £12 for 30 minutes of glider hire at 40p per minute) [c1]."),
])
def test_v34_own_passage_values(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)
