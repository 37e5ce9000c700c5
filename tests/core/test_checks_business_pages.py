"""Values are read from the page of the business the question names, not a rival's, and a copied page is no
answer.

Evidence may hold a rival business's page beside the asked one's; a figure, person, count or denial only the
rival's page states is refused, as is a claim citing only another business's page and a chunk carrying another
business's page title. A page copied title first is no answer to a question asking for one value
(``pack.business.rival_business``, ``other_business``, ``title_copy``)."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import hit, refusals

PARLOUR_RIVAL = ("Bumper & Flip Lounge, Hastings – House Rules. Our technician, Idris Fenwick, services the machines "
                 "every Monday. Under-18s must be with an adult after 6pm. Most repairs take six working days.")
PARLOUR = ("Tiltbox Arcade, Filey – House Rules. We are closed every Thursday for maintenance by our engineer, "
           "Nora Quayle. Under-14s must be with an adult. Most repairs are done within four working days.")
SHEARING = ("Woolpack Shearing, Hay – Rates. Our rate is £2 per ewe for flocks over 100 head; rams are charged at £5 "
            "each.")
SHEARING_RIVAL = ("Clipwell Shearers, Bude – Rates. Ewes are £2.40 each, and alpacas are shorn at £20 per animal.")
RIVAL = ("Hollins & Daughters Thatchers, Diss – On Site. Work runs from 7am to 4pm, Monday to Friday, and pauses in "
         "heavy rain. Scaffolding costs £400 for the first three weeks, then £80 per extra week.")
ASKED = ("Thornfield Thatching, Bridport – On Site. Our crews work from 8am to 3.30pm, Tuesday to Saturday, and stop "
         "when winds exceed 40 mph. The balance is due within 14 days of completion.")
GLIDING = ("Eden Valley Soaring, Penrith – Rates. Annual membership is £390. Winch launches cost £10 each, while an "
           "aerotow to 2,000 feet is £42. Glider hire is 40p per minute.")
GLIDING_RIVAL = ("Fellside Gliding Club, Kendal – Rates. Membership is £450 a year, or £42 per month by direct debit. "
                 "Each aerotow to 2,000 feet costs £38, and glider hire is charged at 50p per minute.")
ABORTIVE = ("Corve Legal, Ludlow – Abortive Purchases. If your purchase falls through, we charge only half of our "
            "legal fee. Searches already ordered are charged at cost.")
RIVAL_LAW = ("Teme Solicitors, Tenbury – Abortive Purchases. If a purchase fails for reasons beyond your control, we "
             "charge no legal fee at all on the first abortive purchase.")
HARDWARE = ("Brindle Hardware, Alnwick – Opening Hours. The shop on Bondgate is open from 8am to 5pm Monday to "
            "Saturday and 10am to 1pm on Sundays.")
RIVAL_HARDWARE = ("Coquet Ironmongers, Rothbury – Opening Hours. Our High Street shop opens 8am to 5.30pm on weekdays "
                  "and 9am to 4pm on Saturdays, and is closed on Sundays.")


@pytest.mark.parametrize(("passages", "question", "right", "wrong"), [
    # the rival's person
    ([PARLOUR, PARLOUR_RIVAL], "Who carries out maintenance at Tiltbox Arcade?",
     "Tiltbox is closed every Thursday for maintenance by its engineer, Nora Quayle [c1][c2].",
     "Tiltbox is closed every Thursday for maintenance by its engineer, Idris Fenwick [c1][c2]."),
    # the rival's "under-18s"
    ([PARLOUR, PARLOUR_RIVAL], "Do children need an adult with them at Tiltbox Arcade?",
     "Yes, under-14s must be with an adult [c1][c2].",
     "Yes, under-18s must be with an adult [c1][c2]."),
    # the rival's count in words
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
def test_a_value_only_a_rival_business_page_states_is_refused(passages: list[str], question: str, right: str,
                                                              wrong: str) -> None:
    assert refusals(right, passages, question, one_document=False) == []
    assert refusals(wrong, passages, question, one_document=False)


def test_a_copied_page_title_is_no_answer() -> None:
    """A page copied title sentence first is no answer to a question the page does not answer."""
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


def test_a_copied_page_is_no_answer_to_which_day() -> None:
    page = ("Cliffside Roastery, Filey – Courses. Our home barista course runs on Sundays at 10am and costs £60. The "
            "latte art class costs £40.")
    copied = ("Cliffside Roastery, Filey – Courses [c1]. Our home barista course runs on Sundays at 10am and costs £60 "
              "[c1]. The latte art class costs £40 [c1].")
    assert any("copies the title" in f for f in refusals(
        copied, [page], "On which day of the week does Cliffside Roastery run its latte art class?"))


def test_a_copied_page_is_no_answer_to_a_cut_off_time() -> None:
    page = ("Grape & Grain, Ross – Delivery. Local deliveries go out every Monday and Thursday. Delivery is free over "
            "£50. The shop opens 10am to 6pm.")
    copied = ("Grape & Grain, Ross – Delivery [c1]. Local deliveries go out every Monday and Thursday [c1]. "
              "Delivery is free over £50 [c1]. The shop opens 10am to 6pm [c1].")
    assert any("sentence by sentence" in f for f in refusals(
        copied, [page], "What is the order cut-off time for local delivery from Grape & Grain?"))


def test_a_rival_page_alone_is_no_answer_for_the_asked_business() -> None:
    asked = ("Tidy Events, Frome – Event Toilets. The luxury trailer costs £420 for a weekend and needs access for a "
             "4x4 vehicle.")
    rival = ("PortaPlus Hire, Wells – Event Toilets. The luxury trailer costs £380 for a weekend and needs a standard "
             "13-amp power supply.")
    found = refusals("Tidy Events luxury trailer needs a standard 13-amp power supply [c2].", [asked, rival],
                     "What power supply does the Tidy Events luxury trailer need?", one_document=False)
    assert any("cites only the page of PortaPlus Hire" in f for f in found)
    assert refusals("The Tidy Events luxury trailer needs access for a 4x4 vehicle [c1].", [asked, rival],
                    "What access does the Tidy Events luxury trailer need?", one_document=False) == []


def test_half_of_its_fee_is_an_amount_and_a_rivals_no_fee_is_not_its() -> None:
    question = "What does Corve Legal charge if a client's purchase falls through?"
    assert refusals("If a purchase falls through, Corve Legal charges only half of its legal fee [c1].",
                    [ABORTIVE, RIVAL_LAW], question) == []
    found = refusals("If a purchase falls through, Corve Legal charges no legal fee at all [c1][c2].",
                     [ABORTIVE, RIVAL_LAW], question)
    assert found and "Teme Solicitors" in found[0]


def test_a_rivals_closed_on_sundays_is_refused() -> None:
    question = "What are Brindle Hardware's opening hours on Sundays?"
    assert refusals("Brindle Hardware on Bondgate is open from 10am to 1pm on Sundays [c1].",
                    [HARDWARE, RIVAL_HARDWARE], question) == []
    found = refusals("Brindle Hardware on Bondgate is closed on Sundays [c1][c2].", [HARDWARE, RIVAL_HARDWARE],
                     question)
    assert found and "closed on Sundays" in found[0]


def test_a_chunk_under_another_business_title_does_not_answer_for_the_asked_one() -> None:
    """A chunk cut from the middle of a rival's page no longer names the rival, but carries its page title as its
heading (``text_reader.title_heading``): the asked business's name is then missing, not merely left out."""
    from masis_desktop.core.checks.audit import audit_answer as audit

    question = "How much are garlic knots at Rossi's Kitchen in Kendal?"
    text = "Garlic knots are £4.50 and a side of olives is £3.95."
    answer = "Garlic knots are £4.50 [c1]."

    def refused(heading: str) -> bool:
        code = audit(answer, [hit("c1", text).model_copy(update={"heading": heading})], question=question)
        return code.audit.needs_retry or code.audit.hallucination_detected

    assert refused("Pan & Crust, Penrith – Menu Prices")
    assert not refused("Rossi's Kitchen, Kendal – Menu Prices")


def test_a_price_read_for_a_thing_only_a_rival_sells_is_refused() -> None:
    """Near-miss: the asked club sells T-shirts and vests, only its rival sells hoodies; "The hoodie costs £12"
read the T-shirt's price. One missing word is refused only because the answer prices it and a rival's page,
naming none of the question's names, prices it too."""
    own = "Fenland Road Runners, Spalding – Kit. Club T-shirts cost £12 and vests £18."
    rival = "Tarn Harriers, Penrith – Kit. Club vests cost £20 and hoodies £28."
    question = "How much is a club hoodie from Fenland Road Runners?"
    assert refusals("The hoodie costs £12 [c1].", [own, rival], question)
    assert refusals("The club T-shirt costs £12 [c1].", [own, rival],
                    "How much is a club T-shirt from Fenland Road Runners?") == []
