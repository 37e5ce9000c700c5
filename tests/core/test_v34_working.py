"""Answers held-out v34 judged wrongly (the last four rival-page cases: v35), in new words, each right answer with
a wrong twin: a figure, person or count only a rival business's cited page states, a figure written in the words of
a clause that gives another, a count of extras that is not the question's count less the base price's, the
question's own "40 minutes", a product the answer writes as "N things at £X each" with no other cue, a product built
on a sibling clause's price, and a label check misled by a rival's page cited beside the asked one. Most fail on
32d5c36, on which v34 was run."""

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
RACES = ("Marshland Homers, Spalding – Race Fees. Each member may enter up to 15 birds per race. Entry costs 40p per "
         "bird for inland races and £1.10 per bird for the three Channel races from France.")
ROOFS = ("Thornfield Thatching, Bridport – Materials. We work in water reed, which typically lasts 45 to 55 years, "
         "and in long straw, which lasts around 25 years. Ridge work starts at £90 per metre.")


PARLOUR = ("Tiltbox Arcade, Filey – House Rules. We are closed every Thursday for maintenance by our engineer, "
           "Nora Quayle. Under-14s must be with an adult. Most repairs are done within four working days.")
PARLOUR_RIVAL = ("Bumper & Flip Lounge, Hastings – House Rules. Our technician, Idris Fenwick, services the machines "
                 "every Monday. Under-18s must be with an adult after 6pm. Most repairs take six working days.")
SHEARING = ("Woolpack Shearing, Hay – Rates. Our rate is £2 per ewe for flocks over 100 head; rams are charged at £5 "
            "each.")
SHEARING_RIVAL = ("Clipwell Shearers, Bude – Rates. Ewes are £2.40 each, and alpacas are shorn at £20 per animal.")


@pytest.mark.parametrize(("passages", "question", "right", "wrong"), [
    # held-out v35: the rival's person, its "under-18s", its count in words
    ([PARLOUR, PARLOUR_RIVAL], "Who carries out maintenance at Tiltbox Arcade?",
     "Tiltbox is closed every Thursday for maintenance by its engineer, Nora Quayle [c1][c2].",
     "Tiltbox is closed every Thursday for maintenance by its engineer, Idris Fenwick [c1][c2]."),
    ([PARLOUR, PARLOUR_RIVAL], "Do children need an adult with them at Tiltbox Arcade?",
     "Yes, under-14s must be with an adult [c1][c2].",
     "Yes, under-18s must be with an adult [c1][c2]."),
    ([PARLOUR, PARLOUR_RIVAL], "How long do most repairs take at Tiltbox Arcade?",
     "Most repairs are done within four working days [c1][c2].",
     "Most repairs are done within six working days [c1][c2]."),
    # a figure the claim computes is not the rival's, though the rival states it for something else
    ([SHEARING_RIVAL, SHEARING], "What would Woolpack Shearing charge for 150 ewes plus four rams?",
     "It would cost £320 in total: 150 ewes at £2 each (£300) plus four rams at £5 each (£20) [c1][c2].",
     "It would cost £380 in total: 150 ewes at £2.40 each (£360) plus four rams at £5 each (£20) [c1][c2]."),
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
    # the product is built on the sibling clause's price: the inland rate for a Channel race
    (RACES, "How much would it cost a Marshland Homers member to enter the maximum number of birds in a Channel "
            "race?",
     "It would cost £16.50 (15 birds at £1.10 per bird) [c1].",
     "It would cost £6 (15 birds at 40p per bird) [c1]."),
    # held-out v35: "a flock of 60" is the question's flock
    ("Woolpack Shearing, Hay – Rates. Our rate is £2 per ewe for flocks over 100 head, and £2.50 per ewe for smaller "
     "flocks.", "How much per ewe does Woolpack Shearing charge for a flock of 60 sheep?",
     "For a flock of 60, Woolpack charges its smaller-flock rate of £2.50 per ewe [c1].",
     "For a flock of 60, Woolpack charges its smaller-flock rate of £2 per ewe [c1]."),
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


def test_v35_a_copied_page_title_is_no_answer() -> None:
    """Held-out v35's writer answered four unanswerable questions by copying the page, title sentence first."""
    page = ("Quillstone Engravers, Ripon – Engraving Prices. Club logos are kept on file for future orders, and repeat "
            "orders get 10% off the order total.")
    question = "For how many years does Quillstone Engravers keep a club's logo on file?"
    copied = ("Quillstone Engravers, Ripon – Engraving Prices [c1]. Club logos are kept on file for 10% off the order "
              "[c1].")
    assert any("copies the title" in f for f in refusals(copied, [page], question))
    reworded = "Quillstone Engravers in Ripon – Engraving Prices [c1]."
    assert any("copies the title" in f for f in refusals(reworded, [page], question))
    assert refusals("Repeat orders at Quillstone Engravers get 10% off the order total [c1].", [page],
                    "What discount do repeat orders get at Quillstone Engravers?") == []
