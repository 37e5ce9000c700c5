"""A price is read under the words its own clause writes: right answers pass, a price said of another thing is
refused.

A clause opening with its verb ("..., costs £110") is said of its sentence's subject, a condition after a price
("for events with 40 guests or more") is its own, "reduced to" and "rising to" go on with the clause before, "per
lift" written once counts for every price; a couple's price for a single will, a list item's price under another
item's word, a price on a thing the page gives free, a sum for a case charged as a share, another fee's figure named
after it and a price for a kind the page never names are refused (``pack.prices.label``, ``list_item``,
``named_after``, ``modifier``)."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

LOGS = ("Moorside Logs — Prices. A builder's bag of mixed hardwood, about 1.2 cubic metres loose, costs £110, and a "
        "half bag costs £60.")
OVENS = ("Sparkle Ovens — Prices. A single oven clean costs £60, and a double oven is £85. An AGA costs £130 for a "
         "two-oven model and £160 for a four-oven model.")
HARRIERS = ("Tarn Harriers, Penrith – Membership. Adult membership costs £30 a year, and family membership covering "
            "two adults and up to three children costs £65.")
WIZARD = ("Zappo the Magician, Ripon – Shows. A 45-minute magic show for children aged 4 to 8 costs £140. School and "
          "nursery shows on weekdays cost £160 for up to 100 pupils.")
NETBALL = ("Riverside Netball Club, Ely – Juniors. Junior membership is £70 a year, reduced to £55 for second and "
           "later siblings. Training bibs cost £9.")
SALES = ("Corve Legal, Ludlow – Conveyancing. Our fee for a freehold sale up to £200,000 is £650 plus VAT, rising to "
         "£850 plus VAT for sales between £200,001 and £400,000. Leasehold sales carry a £250 supplement.")
KITCHENS = ("Oakleigh Kitchens, Boston – Fitting. We fit kitchens bought elsewhere from £1,500 for up to ten units. "
            "Laminate worktops are fitted free, and solid oak worktops are fitted and oiled at £45 per metre.")
WILLS = ("Hale Law, Bridgnorth – Wills. A single will costs £180 plus VAT and a pair of mirror wills for a couple is "
         "£280 plus VAT. One Lasting Power of Attorney is £300 plus VAT, or £520 plus VAT for a property and health "
         "pair. Clients aged over 75 receive 10% off wills.")
LIFTS = ("Calder Lifts, Halifax – Contracts. Our Basic contract costs £500 per lift per year and covers 2 visits. The "
         "Plus contract at £900 per year adds 4 visits. Stairlifts are serviced at 70% of the passenger lift price.")
BAR = ("Brew Wheels, Filey – Events. Extra hours cost £70. A cocktail bar add-on is available for £200, for events "
       "with 40 guests or more. Each additional guest is £4.")
WELDING = ("Spark & Seam, Barnsley – Fees. The two-day TIG course is £300. Our evening open workshop costs £40 per "
           "session. A 50% deposit is due when booking. Cancel more than 28 days ahead for a full refund less a £25 "
           "admin fee.")
FLOWERS = ("Bloomfield Stall, Whitby – Cut Flowers. Roses are £3 a stem, tulips £1.50 and peonies £4. Bouquets are "
           "wrapped free.")
SHELVES = ("Grain & Board, Kendal – Shelving. Oak shelves cost £40 per metre, pine £25 per metre and birch £30 per "
           "metre. Brackets are £6 a pair.")
KILN = ("Emberly Pottery, Rye – Glazes. Stoneware glazes are £6.50 a pot or three for £18, and a free glaze brush "
        "comes with every starter kit. Starter kits cost £39.")
CATERING = ("Holloway Catering, Ludlow – Delivery. Deliveries beyond 10 miles cost £2 per mile, up to £40. For "
            "events on Christmas Day, Boxing Day and New Year's Day, a 25% surcharge applies to the whole order.")
BRICKS = ("Hanley Reclaim, Stoke – Prices. Our reclaimed red facing brick is £1.20 per brick, and the blue engineering "
          "brick is £1.60 per brick. Delivery is £45.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # a price clause opening with its verb ("..., costs £110") is said of the sentence's subject
    (LOGS, "What does a full bag of mixed hardwood cost at Moorside?",
     "A bag of mixed hardwood costs £110 [c1].",
     "A bag of mixed hardwood costs £60 [c1]."),
    # the price's own clause shares more of the claim ("to clean a four-oven AGA") than a rival sharing a label word
    (OVENS, "How much does Sparkle Ovens charge to clean a four-oven AGA?",
     "Sparkle Ovens charges £160 to clean a four-oven AGA [c1].",
     "Sparkle Ovens charges £130 to clean a four-oven AGA [c1]."),
    # "who does it cover": the family membership's own clause
    (HARRIERS, "How much is Tarn Harriers' family membership, and who does it cover?",
     "Family membership costs £65 a year and covers two adults and up to three children [c1].",
     "Family membership costs £30 a year and covers two adults and up to three children [c1]."),
    # the school shows' price, not the party show's
    (WIZARD, "What does Zappo the Magician charge for a show at a school?",
     "Weekday school and nursery shows cost £160 for up to 100 pupils [c1].",
     "Weekday school and nursery shows cost £140 for up to 100 pupils [c1]."),
])
def test_a_price_is_read_under_the_words_its_own_clause_writes(passage: str, question: str, right: str,
                                                               wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_the_questions_setting_in_the_label() -> None:
    page = ("Can Do Hire, Yeovil – Site Hire. A standard toilet costs £24 per week on a minimum three-week hire. Extra "
            "weekly services are £16 each.")
    assert refusals("Each extra weekly service on a Can Do Hire site toilet costs £16 [c1].", [page],
                    "How much does Can Do Hire charge for each extra weekly service on a site toilet?") == []


def test_a_deposit_question_naming_a_website_project() -> None:
    page = ("Harbour Pixel, St Ives – Website Packages. Our Starter site costs £700. We ask for a 30% deposit to "
            "start work, with the balance due at launch.")
    assert refusals("Harbour Pixel asks for a 30% deposit to start work [c1].", [page],
                    "What deposit does Harbour Pixel require before starting a website project?") == []


def test_a_price_reduced_to_for_another_case() -> None:
    check_pair(NETBALL, "How much does junior membership at Riverside Netball Club cost for a second sibling?",
               "Second and later siblings pay £55 a year for junior membership at Riverside [c1].",
               "Second and later siblings pay £70 a year for junior membership at Riverside [c1].")


def test_a_price_rising_to_for_a_higher_band() -> None:
    assert refusals("For a freehold sale between £200,001 and £400,000, Corve Legal charges £850 plus VAT [c1].",
                    [SALES], "What is Corve Legal's fee for a freehold sale at £300,000?") == []


def test_fits_is_fitted() -> None:
    check_pair(KITCHENS, "What does Oakleigh Kitchens charge to fit solid oak worktops?",
               "Oakleigh Kitchens fits and oils solid oak worktops at £45 per metre [c1].",
               "Oakleigh Kitchens fits and oils solid oak worktops at £40 per metre [c1].")


def test_a_couples_price_for_a_single_will_is_refused() -> None:
    check_pair(WILLS, "How much would an 80-year-old pay for a single will at Hale Law, before VAT?",
               "A single will is £180, and clients aged over 75 get 10% off, so it would cost £162 plus VAT [c1].",
               "A single will is £280, and clients aged over 75 get 10% off, so it would cost £252 plus VAT [c1].")


def test_per_lift_written_once_counts_every_price() -> None:
    assert refusals("Calder's Plus contract costs £900 per lift per year and includes 4 visits [c1].", [LIFTS],
                    "How many visits does Calder Lifts' Plus contract include, and what does it cost?") == []


def test_a_condition_after_the_price_is_its_own() -> None:
    check_pair(BAR, "What does Brew Wheels charge for its cocktail bar add-on, and what is the minimum number of "
               "guests?",
               "The cocktail bar add-on costs £200 and is available for events with 40 guests or more [c1].",
               "The cocktail bar add-on costs £200 and is available for events with 25 guests or more [c1].")


def test_another_fees_figure_named_after_it_is_refused() -> None:
    check_pair(WELDING, "If I paid the 50% deposit for Spark & Seam's two-day TIG course and cancel 35 days before it "
               "starts, how much will I get back?",
               "You would get £125 back: the £150 deposit (50% of £300) less the £25 admin fee [c1].",
               "You would get £110 back: the £150 deposit (50% of £300) less the £40 admin fee [c1].")


def test_a_list_item_after_and() -> None:
    check_pair(FLOWERS, "How much is a single peony stem at Bloomfield Stall?",
               "A peony costs £4 a stem at Bloomfield Stall [c1].",
               "A peony costs £1.50 a stem at Bloomfield Stall [c1].")


def test_a_list_item_under_its_lists_first_clause() -> None:
    check_pair(SHELVES, "What does Grain & Board charge per metre for pine shelves?",
               "Pine shelves cost £25 per metre at Grain & Board [c1].",
               "Pine shelves cost £30 per metre at Grain & Board [c1].")


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
