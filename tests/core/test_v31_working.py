"""Right answers held-out v31 refused, in new words, each with a wrong twin that must stay refused: "£5 off" a
price as arithmetic, a passage's "pay 50% of the annual fee" as the claim's half, a price clause opening with its
verb ("..., costs £110") said of the sentence's subject, a label word the rival clause shares while the price's
own clause shares more of the claim ("to clean a four-oven AGA"), "£30 each plus two children" read as per item,
and a price per person per night times two counts of the question. Each right answer is refused by the code
before these changes, except the hardwood bag's, whose wrong twin (the half bag's £60) it accepted."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair

FORAGE = "Downland Forage — Prices. The autumn fungi day costs £80. NHS staff get £5 off the adult rate."
SQUASH = ("Weir Squash Club — Fees. Full membership costs £200 a year. Members joining after 1st October pay 50% of "
          "the annual fee for that year. A joining fee of £20 applies to adults.")
LOGS = ("Moorside Logs — Prices. A builder's bag of mixed hardwood, about 1.2 cubic metres loose, costs £110, and a "
        "half bag costs £60.")
OVENS = ("Sparkle Ovens — Prices. A single oven clean costs £60, and a double oven is £85. An AGA costs £130 for a "
         "two-oven model and £160 for a four-oven model.")
WALKS = "Hedge Feast — Walks. The hedgerow walk costs £30 per adult and £12 per child aged 8 to 15."
BUNKS = "Scar Walling — Bunkhouse. Beds can be booked for £20 per person per night."
LOGS_OUT = ("Beckside Logs, Alston – Delivery. Deliveries run Monday to Friday, plus Saturday mornings until 12 noon "
            "from November to February only.")
RENTS = ("Old Mill Antiques, Ledbury – Rents. Standard bays cost £120 a month, and lockable cabinets cost £40 a month. "
         "Rent is paid quarterly in advance.")
KINDLING = ("Spark & Split, Wooler – About us. Owner Jean Oliver has supplied kindling to the Wooler area since 2011, "
            "from a yard on Mill Lane.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    (FORAGE, "I'm an NHS nurse. What would the Downland fungi day cost me?",
     "£75, which is £5 off the £80 price for NHS staff [c1].",
     "£72, which is £5 off the £80 price for NHS staff [c1]."),
    (SQUASH, "If I join Weir as a full member in December, what will I pay including the joining fee?",
     "£120: half of the £200 annual fee is £100, plus the £20 joining fee [c1].",
     "£130: half of the £200 annual fee is £110, plus the £20 joining fee [c1]."),
    (LOGS, "What does a full bag of mixed hardwood cost at Moorside?",
     "A bag of mixed hardwood costs £110 [c1].",
     "A bag of mixed hardwood costs £60 [c1]."),
    (OVENS, "How much does Sparkle Ovens charge to clean a four-oven AGA?",
     "Sparkle Ovens charges £160 to clean a four-oven AGA [c1].",
     "Sparkle Ovens charges £130 to clean a four-oven AGA [c1]."),
    (WALKS, "How much for two adults and two kids aged 9 and 11 on a Hedge Feast walk?",
     "£84 in total: two adults at £30 each plus two children at £12 each [c1].",
     "£96 in total: two adults at £30 each plus two children at £18 each [c1]."),
    (BUNKS, "How much would two of us pay for three nights in the Scar Walling bunkhouse?",
     "£120: two people for three nights at £20 per person per night [c1].",
     "£100: two people for three nights at £20 per person per night [c1]."),
    # left from v31's run, fixed in the twenty-seventh session: a weekend day answers a weekend question, a month's
    # rent "times three" for a quarter, and "since 2011" says how long
    (LOGS_OUT, "Will Beckside Logs ever bring logs out at the weekend?",
     "Yes, on Saturday mornings until 12 noon from November to February [c1].",
     "Yes, on Sunday mornings until 12 noon from November to February [c1]."),
    (RENTS, "What would a dealer pay Old Mill Antiques each quarter for one standard bay and one cabinet?",
     "£480 per quarter: £120 for the bay plus £40 for the cabinet is £160 a month, times three [c1].",
     "£440 per quarter: £120 for the bay plus £40 for the cabinet is £160 a month, times three [c1]."),
    (KINDLING, "Who runs Spark & Split, and how long have they been going?",
     "Owner Jean Oliver has supplied the Wooler area since 2011 [c1].",
     "Owner Joan Oliver has supplied the Wooler area since 2011 [c1]."),
])
def test_v31_working(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)
