"""Leftovers of held-out v41 and v42's runs, in new words: a first period's price with a price for each further
step applied to the question's duration."""

from __future__ import annotations

from tests.core.pipeline_support import check_pair

KAYAKS = ("Tarn Paddles, Keswick – Hire. A sit-on-top kayak costs £18 for the first hour, then £6 for each further "
          "half hour. Buoyancy aids are included.")
TRAILER = ("Hedgerow Hire, Leek – Trailers. A box trailer is £25 for the first two days and £10 for each additional "
           "day. A £50 deposit is taken.")


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
