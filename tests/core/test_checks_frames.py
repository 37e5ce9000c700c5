"""A figure, name or date put into the words of a passage clause that states another is refused.

An answer that copies a clause's frame ("groups are limited to ... riders", "the minimum age is ...", "send all
paperwork by ...") and fills in another figure of the page reads true to the fact check; the frame checks find the
clause and its own figure. Also a range read as a count ("four to six weeks"), a price for another amount of what
the question measures, and a base price given for the charge past a limit (``frames.*``,
``pack.prices.condition_amount``, ``past_limit``)."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

SMITHY = ("Tinsmith Studio, Filey – Courses. Group workshops for four to six people cost £70 each. Bespoke pieces "
          "start at £120 and take four to six weeks, with a 50% deposit.")
TOURS = ("Harbour Wheels Segway Tours, Whitby – Tours. Riders must be at least 12 years old. Groups are limited to "
         "six riders plus a guide. The 60-minute tour costs £40 per rider.")
ROOFS = ("Thornfield Thatching, Bridport – Materials. We work in water reed, which typically lasts 45 to 55 years, "
         "and in long straw, which lasts around 25 years. Ridge work starts at £90 per metre.")
HENS = ("Cluckhire, Ledbury – Packages. We deliver three hens and a coop. Each extra hen costs £18, up to a maximum "
        "of five hens per coop. Our hens lay three to seven eggs a week each.")
MILL = ("Greenwood Milling, Hay – Rates. We charge £70 per hour of milling, with a minimum booking of three hours. A "
        "full day of seven hours is discounted to £450.")
TAX = ("Ravel & Co, Penrith – Tax Returns. To guarantee filing before the 31 January deadline, clients must send all "
       "paperwork by 15 December; later records attract a £60 surcharge.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # a range of weeks ("four to six weeks") is no count of four
    (SMITHY, "What does a bespoke piece from Tinsmith Studio start at, and how long does it take?",
     "Bespoke pieces start at £120 and take four to six weeks [c1].",
     "Bespoke pieces start at £120 and take four to eight weeks [c1]."),
    # "limited to 12 riders" in the words of "limited to six riders"; 12 is the minimum age
    (TOURS, "Can a group of eight riders go out together on a Harbour Wheels tour?",
     "No, groups are limited to six riders plus a guide [c1].",
     "Yes, groups are limited to 12 riders plus a guide [c1]."),
    # the other material's lifetime in the words of the asked one's
    (ROOFS, "According to Thornfield Thatching, how long does a long straw roof last?",
     "Long straw lasts around 25 years [c1].",
     "Long straw lasts around 45 to 55 years [c1]."),
    # "three to seven eggs" gives no seven hens
    (HENS, "How many hens can Cluckhire put in one coop at most?",
     "Up to a maximum of five hens per coop [c1].", "Up to a maximum of seven hens per coop [c1]."),
    # £450 is the seven-hour day's price, not four hours'
    (MILL, "How much would four hours of milling with Greenwood Milling cost?",
     "It would cost £280 [c1].", "It would cost £450 [c1]."),
])
def test_a_figure_put_into_another_clauses_words_is_refused(passage: str, question: str, right: str,
                                                            wrong: str) -> None:
    check_pair(passage, question, right, wrong)


@pytest.mark.parametrize(("question", "right", "wrong"), [
    ("What is the minimum age for a Rockpool Coasteering session?",
     "The minimum age is eleven, and under-18s need a paying adult [c1].",
     "The minimum age is fourteen, and under-18s need a paying adult [c1]."),
    ("When is the balance for a Rockpool Coasteering session due?",
     "The balance is due seven days before the session [c1].",
     "The balance is due 14 days before the session [c1]."),
])
def test_a_figure_after_the_passages_own_words_for_another(question: str, right: str, wrong: str) -> None:
    page = ("Rockpool Coasteering, Tenby – Sessions. Sessions last 14 hours over two days, with a maximum of fourteen "
            "swimmers. The minimum age is eleven, and under-18s need a paying adult. The balance is due seven days "
            "before the session.")
    check_pair(page, question, right, wrong)


def test_a_name_put_into_another_clauses_words() -> None:
    """The changing rooms are "at the base"; the inlet the claim names is in another clause."""
    page = ("Surfbound Coasteering, Solva – Bookings. When the sea is rough, we move you to a sheltered cove at "
            "Caerbwdy or refund you in full. Wheelchair users cannot join us on the cliff path, although our changing "
            "rooms at the base are step-free.")
    question = "Can wheelchair users take part in Surfbound's sessions?"
    check_pair(page, question,
               "No, Surfbound cannot take wheelchair users on the cliff path, although the changing rooms at the base "
               "are step-free [c1].",
               "No, Surfbound cannot take wheelchair users on the cliff path, although the changing rooms at Caerbwdy "
               "are step-free [c1].")
    # a person's surname where the clause gives the first name is no other clause's name
    staff = ("Keyworks Tuning, Leek – Staff. Our tuner is Orla Tremayne, who visits homes in the town. On Wednesdays "
             "Orla works in the workshop on repair jobs only.")
    assert refusals("On Wednesdays Orla Tremayne works in the workshop on repair jobs only [c1].", [staff],
                    "What does Orla do on Wednesdays?") == []


def test_a_name_whose_own_sentence_gives_the_figure() -> None:
    page = ("Dales Classic Motor Club, Skipton – Membership. Members receive Fell Torque, our 20-page magazine "
            "published every two months, and can hire the club trailer for £20 a day.")
    assert refusals("Fell Torque is published every two months and has 20 pages [c1].", [page],
                    "How often is the Dales Classic Motor Club's magazine published, and how many pages has it?") == []


def test_a_date_from_another_clauses_frame_is_refused() -> None:
    check_pair(TAX, "By what date must Ravel & Co clients send their tax paperwork to guarantee filing?",
               "Ravel & Co needs all paperwork by 15 December [c1].",
               "Ravel & Co needs all paperwork by 31 January [c1].")


def test_a_base_price_is_no_charge_past_a_limit() -> None:
    page = ("Beckside Books, Kendal – Bookkeeping. The Lite package costs £70 a month for up to 60 bank transactions. "
            "Each additional employee on payroll costs £4 a month.")
    question = "How much does Beckside Books charge for each bank transaction over the Lite package limit?"
    assert any("past a limit" in f for f in refusals(
        "Beckside Books charges £70 a month for up to 60 bank transactions [c1].", [page], question))
    extra = page + " Each transaction over the limit costs 20p."
    assert refusals("Each transaction over the limit costs 20p [c1].", [extra], question) == []


def test_a_hyphenated_duration_is_a_duration() -> None:
    page = ("Misty Vapes, Boston – Returns. Unopened devices can be returned within 14 days with a receipt. Faulty "
            "devices are covered by a 90-day warranty.")
    check_pair(page, "How long is the warranty on faulty devices at Misty Vapes?",
               "Faulty devices bought from Misty Vapes are covered by a 90-day warranty [c1].",
               "Faulty devices bought from Misty Vapes are covered by a 14-day warranty [c1].")
