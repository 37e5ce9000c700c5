"""Right answers held-out v33 refused, in new words, each with a wrong twin that must stay refused: "£70 per extra
hour" read as a rate per "extra" against "charged at £70 per hour", and a question about a club's "Sunday League"
read as asking about Sundays. Both right answers are refused by the code of 4d7a2e9, on which v33 was run."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair

BOOTH = ("ClickBox Booths, Corby – Packages. The Party package costs £320 for three hours. Extra hours are charged at "
         "£70 per hour on any package.")
LEAGUE = ("Malvern Orienteers, Malvern – Sunday League. Pre-entry closes at 8pm on the Friday before the event, and "
          "entries on the day cost £2 more.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    (BOOTH, "How much does ClickBox Booths charge for each extra hour of booth time?",
     "ClickBox charges £70 per extra hour on any package [c1].",
     "ClickBox charges £80 per extra hour on any package [c1]."),
    (LEAGUE, "When does pre-entry close for Malvern Orienteers' Sunday League events?",
     "Pre-entry closes at 8pm on the Friday before the event [c1].",
     "Pre-entry closes at 8pm on the Thursday before the event [c1]."),
])
def test_v33_right_answers_pass_and_wrong_twins_do_not(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


KIDS = ("Spinning Top Toys, Ledbury – Services. We open Monday to Saturday from 9am to 5pm. Every Friday at 11am our "
        "manager, Nia Lloyd, runs a craft table for children aged 3 to 6 in the back room; sessions last 45 minutes "
        "and cost £3 per child, including a biscuit. Gift-wrapping is free on any purchase over £15.")
FUDGE = ("Toffee Tin, Filey – Prices. Our traditional boiled sweets are weighed out at £1.60 per 100g, with a minimum "
         "purchase of 100g. Sugar-free sweets cost £2.40 per 100g. Fudge is £4 per 200g slab.")
LAWN = ("Fairway Lawns, Ledbury – Prices. Our annual programme includes four visits between March and October. For a "
        "lawn up to 150 square metres, each visit costs £30; lawns from 151 to 300 square metres cost £42 per visit. "
        "Paying for the whole year in advance saves 10%. Scarification is £70 for lawns up to 150 square metres. "
        "One-off visits for non-programme customers cost £45.")
BOOTHS = ("PicturePod Hire, Rugby – Packages. Our Classic package costs £250 for two hours and includes a host. The "
          "Deluxe package is £350 for three hours and comes with a guest book. Each additional hour costs £60.")
MEMBERS = ("Vale Vipers Netball Club, Evesham – Fees. Adult membership is £90 and junior membership is £50. A 20% "
           "discount on membership is offered to NHS staff and full-time carers.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # held-out v33: a price the answer gives without its working, the question's count times the asked thing's price
    (KIDS, "How much would it cost for three children to attend a Friday craft session at Spinning Top Toys?",
     "It would cost £9 in total for the three children [c1].",
     "It would cost £15 in total for the three children [c1]."),
    # the question's amount in the price's amount; the wrong twin takes the sugar-free rate
    (FUDGE, "How much would 400g of traditional boiled sweets cost at Toffee Tin in Filey?",
     "400g of traditional boiled sweets would cost £6.40 [c1].",
     "400g of traditional boiled sweets would cost £9.60 [c1]."),
    # the band the question's lawn falls in, and the concession the answer names; the twin takes the larger band
    (LAWN, "What would Fairway Lawns' four-visit programme cost for a 90-square-metre lawn if the year is paid in "
           "advance?",
     "It would cost £108 for the year, after the 10% discount for paying in advance [c1].",
     "It would cost £151.20 for the year, after the 10% discount for paying in advance [c1]."),
    # a base price plus the question's count of extras; the twin starts from the other package
    (BOOTHS, "What would PicturePod Hire charge for its Deluxe package with two additional hours?",
     "It would cost £470 in total for the Deluxe package with two extra hours [c1].",
     "It would cost £370 in total for the Deluxe package with two extra hours [c1]."),
    # the sentence naming NHS staff states the percentage the answer applies
    (MEMBERS, "How much would an NHS nurse pay for adult membership at Vale Vipers Netball Club?",
     "They would pay £72, after the 20% discount on the £90 adult membership [c1].",
     "They would pay £70, after the 20% discount on the £90 adult membership [c1]."),
])
def test_v33_unwritten_working(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)
