"""Leftovers of held-out v40 and v41 and held-out v42's critic run, in new words: a first period's price with a
price for each further step applied to the question's duration, whole or in part; a price of a range of money that
does not hold the question's sum; an answer to "which brand" or "which courier" that names none (or only the page's
heading); a price put on a thing the page gives free; a sum given for a case the page charges as a share of the
price; working written out in signs ("80 x 60p = £48"); the question's count less the free places; a figure written
twice; a count's product plus its own factor (a miscount); a list item of a case word and its price after "and";
a list item said under its list's first clause; a person named for what a sentence gives the other person in its
other half; a duration from a sentence sharing nothing with the question where one sentence alone writes a word of
its; a price given for the question's kind of a thing where the page prices another kind and never names the asked
one."""

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
TOKENS = ("Penny Falls Arcade, Filey – Tokens. Extra tokens are 40p each, with a minimum purchase of 10. A "
          "birthday bundle of 50 tokens and a drink costs £25.")
WALL = ("Crag House Climbing, Settle – Groups. A full-day pass costs £15 per climber. Groups of 8 or more get one free "
        "place. Shoe hire is £4.")
EDIT = ("Reelhouse Studio, Hove – Editing. Video editing costs £50 for the first hour and £40 for each additional "
        "hour, charged in 30-minute blocks after the first hour.")
MILES = ("Weft & Weave, Ledbury – Visits. We cover homes within 20 miles free; beyond that, travel is charged at 60p "
         "per mile for every mile over 20.")
FLOWERS = ("Bloomfield Stall, Whitby – Cut Flowers. Roses are £3 a stem, tulips £1.50 and peonies £4. Bouquets are "
           "wrapped free.")
SHELVES = ("Grain & Board, Kendal – Shelving. Oak shelves cost £40 per metre, pine £25 per metre and birch £30 per "
           "metre. Brackets are £6 a pair.")
STUDIO = ("Inkwell Tattoo, Frome – Artists. Head artist Carla Dunne does all portrait and realism work, while junior "
          "artist Sam Pike takes walk-in flash designs on Saturdays. Consultations are free.")
RETURNS = ("Slate & Stone, Bude – Orders. Delivery within 10 miles costs £20. Any damage must be reported within 48 "
           "hours, with photographs. Click-and-collect orders are held for 10 days. Deliveries run Monday to Friday.")
BRICKS = ("Hanley Reclaim, Stoke – Prices. Our reclaimed red facing brick is £1.20 per brick, and the blue engineering "
          "brick is £1.60 per brick. Delivery is £45.")
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


def test_working_written_out_in_signs_and_a_miscount() -> None:
    check_pair(TOKENS, "How much do 15 extra tokens cost at Penny Falls Arcade?",
               "Extra tokens are 40p each, so 15 tokens cost 15 × 40p = £6 [c1].",
               "Extra tokens are 40p each, so 15 tokens cost 15 × 40p = £6.40 [c1].")


def test_the_questions_count_less_the_free_places() -> None:
    check_pair(WALL, "A group of 8 climbers wants full-day passes at Crag House Climbing. What is the total?",
               "Groups of 8 or more get one free place, so 8 climbers pay for 7 passes at £15 each, which is £105 "
               "[c1].",
               "Groups of 8 or more get one free place, so 8 climbers pay for 6 passes at £15 each, which is £90 [c1].")


def test_further_steps_charged_in_part() -> None:
    check_pair(EDIT, "What would 1.5 hours of video editing cost at Reelhouse Studio?",
               "Editing costs £50 for the first hour and £40 for each additional hour, so 1.5 hours cost £50 + 0.5 × "
               "£40 = £70 [c1].",
               "Editing costs £50 for the first hour and £40 for each additional hour, so 1.5 hours cost £50 + 0.5 × "
               "£40 = £65 [c1].")


def test_a_figure_written_twice() -> None:
    check_pair(MILES, "My home is 35 miles from Ledbury. What travel charge would Weft & Weave add?",
               "Travel is charged at 60p per mile over 20, so the 15 extra miles cost 15 × 60p = £9 [c1].",
               "Travel is charged at 60p per mile over 20, so the 15 extra miles cost 15 × 60p = £9.60 [c1].")


def test_a_list_item_after_and() -> None:
    check_pair(FLOWERS, "How much is a single peony stem at Bloomfield Stall?",
               "A peony costs £4 a stem at Bloomfield Stall [c1].",
               "A peony costs £1.50 a stem at Bloomfield Stall [c1].")


def test_a_list_item_under_its_lists_first_clause() -> None:
    check_pair(SHELVES, "What does Grain & Board charge per metre for pine shelves?",
               "Pine shelves cost £25 per metre at Grain & Board [c1].",
               "Pine shelves cost £30 per metre at Grain & Board [c1].")


def test_a_person_named_for_the_other_half_of_a_sentence() -> None:
    check_pair(STUDIO, "Who does portrait tattoos at Inkwell Tattoo?",
               "Portrait tattoos at Inkwell Tattoo are done by head artist Carla Dunne [c1].",
               "Portrait tattoos at Inkwell Tattoo are done by junior artist Sam Pike [c1].")


def test_a_duration_from_a_sentence_about_something_else() -> None:
    check_pair(RETURNS, "How soon must damage be reported after a Slate & Stone delivery?",
               "Damage must be reported to Slate & Stone within 48 hours, with photographs [c1].",
               "Damage must be reported to Slate & Stone within 10 days, with photographs [c1].")


def test_a_price_given_for_a_kind_the_page_never_names() -> None:
    question = "What does Hanley Reclaim charge per brick for yellow stock bricks?"
    assert refusals("Yellow stock bricks cost £1.20 per brick at Hanley Reclaim [c1].", [BRICKS], question)
    assert refusals("Blue engineering bricks cost £1.60 per brick at Hanley Reclaim [c1].", [BRICKS],
                    "What does Hanley Reclaim charge per brick for blue engineering bricks?") == []


def test_what_the_claim_says_its_figure_is_of_stands_before_it() -> None:
    page = ("Gorse Hill Bikes, Bala – Hire. Hardtails cost £30 for a half day and £45 for a full day. Helmets are "
            "included.")
    question = "How much does an uplift day cost at Gorse Hill Bikes?"
    assert refusals("An uplift day costs £30 for a half day and £45 for a full day [c1].", [page], question)
    assert refusals("Hardtails cost £30 for a half day and £45 for a full day [c1].", [page],
                    "How much does a hardtail cost to hire at Gorse Hill Bikes?") == []
