"""Right answers held-out v37's critic run refused, in new words: a base price plus extras past the count it covers,
the sum over counted groups priced in separate sentences, and a name whose own sentence gives the claim's figure."""

from __future__ import annotations

from tests.core.pipeline_support import check_pair, refusals

PARTIES = ("Kickflip Skatepark, Yeovil – Parties. Birthday parties last two hours and cost £150 for up to 8 children, "
           "with each extra child charged at £12 and a maximum of 16. A £40 deposit secures the date.")
FISH = ("Quayside Fish, Brixham – Prices. This week lemon sole is £20 per kg and whole mackerel £1.80 each. Dressed "
        "crabs cost £8.50 each, hand-picked crab meat is £7.25 per tub, and skinning costs 40p per fillet.")


def test_v37_a_base_price_plus_extras_past_its_count() -> None:
    check_pair(PARTIES, "How much would a Kickflip Skatepark party for 11 children cost?",
               "It would cost £186 [c1].", "It would cost £198 [c1].")


def test_v37_counted_groups_priced_in_separate_sentences() -> None:
    check_pair(FISH, "What would five whole mackerel and three dressed crabs cost at Quayside Fish?",
               "They would cost £34.50 in total [c1].", "They would cost £30.75 in total [c1].")


def test_v37_a_name_whose_sentence_gives_the_figure() -> None:
    page = ("Dales Classic Motor Club, Skipton – Membership. Members receive Fell Torque, our 20-page magazine "
            "published every two months, and can hire the club trailer for £20 a day.")
    assert refusals("Fell Torque is published every two months and has 20 pages [c1].", [page],
                    "How often is the Dales Classic Motor Club's magazine published, and how many pages has it?") == []


def test_v37_a_copied_page_is_no_answer_to_which_day() -> None:
    page = ("Cliffside Roastery, Filey – Courses. Our home barista course runs on Sundays at 10am and costs £60. The "
            "latte art class costs £40.")
    copied = ("Cliffside Roastery, Filey – Courses [c1]. Our home barista course runs on Sundays at 10am and costs £60 "
              "[c1]. The latte art class costs £40 [c1].")
    assert any("copies the title" in f for f in refusals(
        copied, [page], "On which day of the week does Cliffside Roastery run its latte art class?"))
