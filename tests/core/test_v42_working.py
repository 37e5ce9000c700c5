"""Leftovers of held-out v41 and v42's runs, in new words: a first period's price with a price for each further
step applied to the question's duration; a price of a range of money that does not hold the question's sum; an
answer to "which brand" or "which courier" that names none (or only the page's heading); a price put on a thing the
page gives free; a sum given for a case the page charges as a share of the price."""

from __future__ import annotations

from tests.core.pipeline_support import check_pair, refusals

KAYAKS = ("Tarn Paddles, Keswick – Hire. A sit-on-top kayak costs £18 for the first hour, then £6 for each further "
          "half hour. Buoyancy aids are included.")
TRAILER = ("Hedgerow Hire, Leek – Trailers. A box trailer is £25 for the first two days and £10 for each additional "
           "day. A £50 deposit is taken.")
PROBATE = ("Marsh & Tully, Ripon – Probate. Estates up to £100,000 cost £1,200 plus VAT; estates between £100,001 and "
           "£325,000 cost £1,800 plus VAT; estates over £325,000 cost £2,400 plus VAT. Court fees are extra.")
KILN = ("Emberly Pottery, Rye – Glazes. Stoneware glazes are £6.50 a pot or three for £18, and a free glaze brush "
        "comes with every starter kit. Starter kits cost £39.")
CATERING = ("Holloway Catering, Ludlow – Delivery. Deliveries beyond 10 miles cost £2 per mile, up to £40. For "
            "events on Christmas Day, Boxing Day and New Year's Day, a 25% surcharge applies to the whole order.")
POSTAL = ("Fernleigh Seeds, Penzance – Postal Orders and Packing. Seed orders are posted first class within two "
          "working days. Live plants travel by Royal Mail Tracked 24, packed in recycled card.")


def test_first_hour_then_each_further_half_hour() -> None:
    check_pair(KAYAKS, "What would a 2-hour kayak hire cost at Tarn Paddles?",
               "The first hour is £18 and each further half hour is £6, so 2 hours cost £30 [c1].",
               "The first hour is £18 and each further half hour is £6, so 2 hours cost £24 [c1].")


def test_first_two_days_then_each_additional_day() -> None:
    check_pair(TRAILER, "How much is a box trailer for 5 days from Hedgerow Hire?",
               "A box trailer for 5 days costs £55: £25 for the first two days and £10 for each of the 3 further "
               "days [c1].",
               "A box trailer for 5 days costs £65: £25 for the first two days and £10 for each of the 3 further "
               "days [c1].")


def test_a_price_of_a_range_of_money_the_questions_sum_is_not_in() -> None:
    check_pair(PROBATE, "What would Marsh & Tully charge for probate on an estate worth £150,000?",
               "For an estate between £100,001 and £325,000, Marsh & Tully charge £1,800 plus VAT [c1].",
               "For an estate between £100,001 and £325,000, Marsh & Tully charge £1,200 plus VAT [c1].")
    check_pair(PROBATE, "What would Marsh & Tully charge for probate on an estate worth £400,000?",
               "An estate over £325,000 costs £2,400 plus VAT [c1].",
               "An estate worth £400,000 costs £1,800 plus VAT [c1].")


def test_a_which_brand_or_courier_answer_that_names_none() -> None:
    question = "Which courier does Fernleigh Seeds use to send its seeds?"
    assert refusals("Fernleigh Seeds uses Postal Orders and Packing [c1].", [POSTAL], question)
    assert refusals("Seed orders are posted first class within two working days [c1].", [POSTAL], question)
    assert refusals("Live plants travel by Royal Mail Tracked 24 [c1].", [POSTAL],
                    "Which courier does Fernleigh Seeds use for live plants?") == []


def test_a_price_put_on_a_thing_the_page_gives_free() -> None:
    question = "How much does Emberly Pottery charge for a glaze brush on its own?"
    assert refusals("A glaze brush costs £6.50 [c1].", [KILN], question)
    assert refusals("A starter kit costs £39, and a glaze brush comes free with it [c1].", [KILN],
                    "How much is a starter kit at Emberly Pottery?") == []


def test_a_sum_for_a_case_the_page_charges_as_a_share() -> None:
    question = "What extra does Holloway Catering charge for an event on New Year's Day?"
    assert refusals("The extra charge for an event on New Year's Day is £40 [c1].", [CATERING], question)
    assert refusals("A 25% surcharge applies to the whole order for an event on New Year's Day [c1].", [CATERING],
                    question) == []
