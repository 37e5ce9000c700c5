"""Figures an answer works out from stated ones pass, and the same working with a wrong figure is refused.

A concession the passage grants ("£5 off", "pay 50% of the annual fee", "a 10% November–December discount"), a
share of the question's own sum, the question's counts times a stated price ("two adults at £30 each", "per person
per night", "times three" for a quarter, whole multi-buys), extras past the count a base price covers, a first
period's price plus further steps, totals over counted groups, and working written out in signs. Each right answer
is set beside a wrong twin whose arithmetic does not come out (``grounding.arithmetic``, ``counts`` and
``products``; the ``pack.prices.saving``, ``multibuy`` and ``extra_count`` checks)."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

FORAGE = "Downland Forage — Prices. The autumn fungi day costs £80. NHS staff get £5 off the adult rate."
SQUASH = ("Weir Squash Club — Fees. Full membership costs £200 a year. Members joining after 1st October pay 50% of "
          "the annual fee for that year. A joining fee of £20 applies to adults.")
MEMBERS = ("Vale Vipers Netball Club, Evesham – Fees. Adult membership is £90 and junior membership is £50. A 20% "
           "discount on membership is offered to NHS staff and full-time carers.")
WALKS = "Hedge Feast — Walks. The hedgerow walk costs £30 per adult and £12 per child aged 8 to 15."
BUNKS = "Scar Walling — Bunkhouse. Beds can be booked for £20 per person per night."
RENTS = ("Old Mill Antiques, Ledbury – Rents. Standard bays cost £120 a month, and lockable cabinets cost £40 a month. "
         "Rent is paid quarterly in advance.")
RIDGE = ("Crag Rope Park, Ambleside – Groups. School groups pay £21 per pupil, with one free teacher place for every "
         "ten pupils.")
FOIL = ("Parry Fencing Club, Ludlow – Club Nights. Members pay £35 a month for unlimited sessions, or £9 per session "
        "on a pay-as-you-go basis.")
JUNIORS = ("Parade Fencing, Kendal – Juniors. A term costs £80 for ages 8 to 11 and £100 for ages 12 to 17, with £10 "
           "off for a second child from the same family.")
KIDS = ("Spinning Top Toys, Ledbury – Services. We open Monday to Saturday from 9am to 5pm. Every Friday at 11am our "
        "manager, Nia Lloyd, runs a craft table for children aged 3 to 6 in the back room; sessions last 45 minutes "
        "and cost £3 per child, including a biscuit. Gift-wrapping is free on any purchase over £15.")
FUDGE = ("Toffee Tin, Filey – Prices. Our traditional boiled sweets are weighed out at £1.60 per 100g, with a minimum "
         "purchase of 100g. Sugar-free sweets cost £2.40 per 100g. Fudge is £4 per 200g slab.")
LAWN = ("Fairway Lawns, Ledbury – Prices. Our annual programme includes four visits between March and October. For a "
        "lawn up to 150 square metres, each visit costs £30; lawns from 151 to 300 square metres cost £42 per visit. "
        "Paying for the whole year in advance saves 10%. Scarification is £70 for lawns up to 150 square metres. "
        "One-off visits for non-programme customers cost £45.")
GLIDING = ("Eden Valley Soaring, Penrith – Rates. Annual membership is £390. Winch launches cost £10 each, while an "
           "aerotow to 2,000 feet is £42. Glider hire is 40p per minute.")
HEDGES = ("Hawbeck Hedging, Oakham – Pricing. Laying is priced per metre: £12 per metre for young hawthorn, rising "
          "to £16 per metre for neglected or mixed hedges. Stakes and binders are supplied at £2 per metre. We charge "
          "a minimum job fee of £300.")
CAVES = ("Gritstone Caving, Settle – Trips. Our Beginners' trip lasts three hours and costs £55 for adults and £42 for "
         "children aged eight to fifteen. Private groups of up to eight pay £400.")
PARTY = ("Professor Pop Parties, Bury – Packages. The Little Party costs £150 for up to 12 children aged 3 to 6. "
         "Each extra child beyond the limit costs £6.")
BOOTHS = ("PicturePod Hire, Rugby – Packages. Our Classic package costs £250 for two hours and includes a host. The "
          "Deluxe package is £350 for three hours and comes with a guest book. Each additional hour costs £60.")
RIVAL = ("Hollins & Daughters Thatchers, Diss – On Site. Work runs from 7am to 4pm, Monday to Friday, and pauses in "
         "heavy rain. Scaffolding costs £400 for the first three weeks, then £80 per extra week.")
BOOTH = ("ClickBox Booths, Corby – Packages. The Party package costs £320 for three hours. Extra hours are charged at "
         "£70 per hour on any package.")
PARTIES = ("Kickflip Skatepark, Yeovil – Parties. Birthday parties last two hours and cost £150 for up to 8 children, "
           "with each extra child charged at £12 and a maximum of 16. A £40 deposit secures the date.")
FISH = ("Quayside Fish, Brixham – Prices. This week lemon sole is £20 per kg and whole mackerel £1.80 each. Dressed "
        "crabs cost £8.50 each, hand-picked crab meat is £7.25 per tub, and skinning costs 40p per fillet.")
HOSTING = ("Bright Quay Web, Penzance – Hosting. Hosting costs £12 a month or £120 a year and includes backups. Our "
           "Support Plan, at £30 a month, adds updates and security monitoring.")
CASES = ("Barrel & Vine, Hereford – Delivery. Buy any 12 bottles and we take 10% off the total; for 6 bottles the "
         "discount is 5%. Local delivery is free on orders over £50 and otherwise costs £4.")
PAYROLL = ("Fell & Beck Accounts, Keswick – Bookkeeping. The Plus package, at £140 a month, includes payroll for up "
           "to four staff. Each extra employee on payroll costs £5 a month.")
LETTING = ("Dale & Finch, Ludlow – Letting Fees. Our full management fee is 12% of the monthly rent, with a minimum "
           "of £90 a month. Rent collection only is charged at 8%.")
GLASS = ("Quarry Glass, Bakewell – Cutting. We cut mirror glass to size at £30 per square metre, with a £12 minimum "
         "charge. Bevelled edges are £6 per metre.")
SCAFFOLD = ("Ridgeway Access, Frome – Domestic Scaffolding. A chimney scaffold costs £420 including VAT. Planned "
            "jobs booked in November or December get a 10% November–December discount.")
PLANTS = ("Fenwater Aquatics, Ely – Plants. Individual marginals cost £6 in 1-litre pots, or 4 for £20. Oxygenators "
          "are £3 a bunch.")
LIFTS = ("Calder Lifts, Halifax – Contracts. Our Basic contract costs £500 per lift per year and covers 2 visits. The "
         "Plus contract at £900 per year adds 4 visits. Stairlifts are serviced at 70% of the passenger lift price.")
AERO = ("Skylark Model Flyers, Oakham – Membership. Senior membership costs £90 a year, and members joining after 1 "
        "October pay half the annual fee. New members pay a one-off £30 field fee.")
VAN = ("Crema Van Co., Settle – Weddings. The Wedding Package costs £450 for 3 hours of barista coffee, teas and hot "
       "chocolate for up to 60 guests; each extra guest is £3. For private parties of 20 guests or more, a 2-hour "
       "package costs £300.")
PIPING = ("Icing Lane, Bewdley – Classes. The two-evening piping course costs £90. Children aged 12 to 15 may attend "
          "with a paying adult, at half price.")
PADS = ("Anvil Boxing, Shifnal – Pads. Pad sessions with head coach Rory Vane cost £30, or £130 for a block of 5. "
        "Sessions with assistant coach Kim Lowe cost £22.")
KAYAKS = ("Tarn Paddles, Keswick – Hire. A sit-on-top kayak costs £18 for the first hour, then £6 for each further "
          "half hour. Buoyancy aids are included.")
TRAILER = ("Hedgerow Hire, Leek – Trailers. A box trailer is £25 for the first two days and £10 for each additional "
           "day. A £50 deposit is taken.")
EDIT = ("Reelhouse Studio, Hove – Editing. Video editing costs £50 for the first hour and £40 for each additional "
        "hour, charged in 30-minute blocks after the first hour.")
TOKENS = ("Penny Falls Arcade, Filey – Tokens. Extra tokens are 40p each, with a minimum purchase of 10. A "
          "birthday bundle of 50 tokens and a drink costs £25.")
WALL = ("Crag House Climbing, Settle – Groups. A full-day pass costs £15 per climber. Groups of 8 or more get one free "
        "place. Shoe hire is £4.")
MILES = ("Weft & Weave, Ledbury – Visits. We cover homes within 20 miles free; beyond that, travel is charged at 60p "
         "per mile for every mile over 20.")
BUILDER = ("Stonegate Builders, Louth – Payment. A 25% deposit secures your start date, with the balance due on "
           "completion. Customers over 65 get 5% off labour.")
ZOO = ("Otterbrook Wildlife Park, Bude – Admission. Adults pay £12.50 each and children aged 3 to 15 pay £8. Under-3s "
       "go free.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # "£5 off" a stated price is arithmetic on it
    (FORAGE, "I'm an NHS nurse. What would the Downland fungi day cost me?",
     "£75, which is £5 off the £80 price for NHS staff [c1].",
     "£72, which is £5 off the £80 price for NHS staff [c1]."),
    # a passage's "pay 50% of the annual fee" is the claim's half, plus the joining fee
    (SQUASH, "If I join Weir as a full member in December, what will I pay including the joining fee?",
     "£120: half of the £200 annual fee is £100, plus the £20 joining fee [c1].",
     "£130: half of the £200 annual fee is £110, plus the £20 joining fee [c1]."),
    # the sentence naming NHS staff states the percentage the answer applies
    (MEMBERS, "How much would an NHS nurse pay for adult membership at Vale Vipers Netball Club?",
     "They would pay £72, after the 20% discount on the £90 adult membership [c1].",
     "They would pay £70, after the 20% discount on the £90 adult membership [c1]."),
])
def test_a_concession_the_answer_applies_to_a_stated_price(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # "£30 each plus two children" is per item: two adults and two children
    (WALKS, "How much for two adults and two kids aged 9 and 11 on a Hedge Feast walk?",
     "£84 in total: two adults at £30 each plus two children at £12 each [c1].",
     "£96 in total: two adults at £30 each plus two children at £18 each [c1]."),
    # a price per person per night times both of the question's counts
    (BUNKS, "How much would two of us pay for three nights in the Scar Walling bunkhouse?",
     "£120: two people for three nights at £20 per person per night [c1].",
     "£100: two people for three nights at £20 per person per night [c1]."),
    # a month's rent "times three" for a quarter
    (RENTS, "What would a dealer pay Old Mill Antiques each quarter for one standard bay and one cabinet?",
     "£480 per quarter: £120 for the bay plus £40 for the cabinet is £160 a month, times three [c1].",
     "£440 per quarter: £120 for the bay plus £40 for the cabinet is £160 a month, times three [c1]."),
    # "£21 each comes to" is per item, not a rate per "come"
    (RIDGE, "We're bringing 30 pupils to Crag Rope Park. What will it cost?",
     "30 pupils at £21 each comes to £630 [c1].",
     "30 pupils at £21 each comes to £660 [c1]."),
    # "eight sessions at £9" when the question asks which is cheaper
    (FOIL, "I'd go to Parry club nights twice a week for a four-week month. Is pay-as-you-go or membership cheaper?",
     "The £35 monthly membership is cheaper; eight pay-as-you-go sessions at £9 would cost £72 [c1].",
     "The £35 monthly membership is cheaper; eight pay-as-you-go sessions at £9 would cost £63 [c1]."),
    # two ages' prices less a second-child discount
    (JUNIORS, "My kids are 9 and 14. What will one term at Parade Fencing cost for both?",
     "It would be £170: £80 for the 9-year-old and £100 for the 14-year-old, less £10 for the second child [c1].",
     "It would be £160: £80 for the 9-year-old and £100 for the 14-year-old, less £10 for the second child [c1]."),
    # the question's count times the asked thing's price, with no working written
    (KIDS, "How much would it cost for three children to attend a Friday craft session at Spinning Top Toys?",
     "It would cost £9 in total for the three children [c1].",
     "It would cost £15 in total for the three children [c1]."),
    # the question's amount in the price's amount; the wrong twin takes the sugar-free rate
    (FUDGE, "How much would 400g of traditional boiled sweets cost at Toffee Tin in Filey?",
     "400g of traditional boiled sweets would cost £6.40 [c1].",
     "400g of traditional boiled sweets would cost £9.60 [c1]."),
    # the band the question's lawn falls in and the concession the answer names; the twin takes the larger band
    (LAWN, "What would Fairway Lawns' four-visit programme cost for a 90-square-metre lawn if the year is paid in "
           "advance?",
     "It would cost £108 for the year, after the 10% discount for paying in advance [c1].",
     "It would cost £151.20 for the year, after the 10% discount for paying in advance [c1]."),
    # the question's own "30 minutes"; the twin adds the wrong launch price
    (GLIDING, "What would an Eden Valley member pay for one aerotow plus 30 minutes of glider hire?",
     "£54 in total (£42 for the aerotow plus £12 for 30 minutes of glider hire at 40p per minute) [c1].",
     "£52 in total (£10 for the launch plus £12 for 30 minutes of glider hire at 40p per minute) [c1]."),
    # the price per metre of the question's hedge times its metres
    (HEDGES, "How much would Hawbeck Hedging charge to lay 40 metres of neglected hedge, stakes aside?",
     "It would cost £640 [c1].", "It would cost £480 [c1]."),
    # two counted groups, each at its own price in one clause
    (CAVES, "What would two adults and three children aged nine, eleven and fourteen pay for Gritstone's Beginners' "
            "trip?",
     "They would pay £236 in total [c1].", "They would pay £275 in total [c1]."),
])
def test_a_product_of_the_questions_counts_at_a_stated_price(passage: str, question: str, right: str,
                                                             wrong: str) -> None:
    check_pair(passage, question, right, wrong)


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # "£6 for each of the three extra children": 15 children at a party for up to 12
    (PARTY, "We'll have 15 children at a Professor Pop Little Party. What's the total?",
     "It would cost £168: £150 for the Little Party plus £6 for each of the three extra children [c1].",
     "It would cost £180: £150 for the Little Party plus £6 for each of the five extra children [c1]."),
    # a base price plus the question's count of extras; the twin starts from the other package
    (BOOTHS, "What would PicturePod Hire charge for its Deluxe package with two additional hours?",
     "It would cost £470 in total for the Deluxe package with two extra hours [c1].",
     "It would cost £370 in total for the Deluxe package with two extra hours [c1]."),
    # "N extra weeks" must be the question's weeks less the base price's
    (RIVAL, "Hollins & Daughters hire scaffolding for each job. What would it cost for a job lasting five weeks?",
     "Scaffolding for five weeks would cost £560 (£400 for the first three weeks plus two extra weeks at £80 each) "
     "[c1].",
     "Scaffolding for five weeks would cost £480 (£400 for the first three weeks plus one extra week at £80) [c1]."),
])
def test_extras_past_the_count_a_base_price_covers(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # "£70 per extra hour" against "charged at £70 per hour": a rate per hour, not per "extra"
    (BOOTH, "How much does ClickBox Booths charge for each extra hour of booth time?",
     "ClickBox charges £70 per extra hour on any package [c1].",
     "ClickBox charges £80 per extra hour on any package [c1]."),
])
def test_a_rate_per_extra_hour_is_a_rate_per_hour(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_a_base_price_plus_extras_past_its_count() -> None:
    check_pair(PARTIES, "How much would a Kickflip Skatepark party for 11 children cost?",
               "It would cost £186 [c1].", "It would cost £198 [c1].")


def test_counted_groups_priced_in_separate_sentences() -> None:
    check_pair(FISH, "What would five whole mackerel and three dressed crabs cost at Quayside Fish?",
               "They would cost £34.50 in total [c1].", "They would cost £30.75 in total [c1].")


def test_a_monthly_rate_over_the_questions_year() -> None:
    check_pair(HOSTING, "If a Bright Quay client pays for hosting yearly and takes the Support Plan for a full year, "
               "what is the total?",
               "Yearly hosting is £120 and the Support Plan is £30 a month, or £360 over twelve months, so the total "
               "is £480 [c1].",
               "Yearly hosting is £120 and the Support Plan is £30 a month, or £360 over twelve months, so the total "
               "is £500 [c1].")


def test_the_questions_own_price_times_its_count() -> None:
    check_pair(CASES, "At Barrel & Vine, what would 12 bottles priced at £8 each cost with local delivery?",
               "The 12 bottles come to £96, and the 10% case discount brings that to £86.40; the order is over £50, so "
               "delivery is free and the total is £86.40 [c1].",
               "The 12 bottles come to £96, and the 10% case discount brings that to £84.40; the order is over £50, so "
               "delivery is free and the total is £84.40 [c1].")


def test_the_questions_count_equal_to_its_price() -> None:
    check_pair(CASES, "At Barrel & Vine, what would 12 bottles priced at £12 each cost with local delivery?",
               "The 12 bottles come to £144, and the 10% case discount brings that to £129.60; the order is over £50, "
               "so delivery is free and the total is £129.60 [c1].",
               "The 12 bottles come to £144, and the 10% case discount brings that to £127.60; the order is over £50, "
               "so delivery is free and the total is £127.60 [c1].")


def test_extra_employees_at_a_price_each_add() -> None:
    check_pair(PAYROLL, "What would a firm with six staff on payroll pay per month for the Plus package at Fell & "
               "Beck?",
               "The Plus package is £140 a month for up to four staff, so the two extra employees at £5 each add £10, "
               "giving £150 a month [c1].",
               "The Plus package is £140 a month for up to four staff, so the three extra employees at £5 each add "
               "£15, giving £155 a month [c1].")


def test_a_percentage_of_the_questions_sum() -> None:
    question = "What would Dale & Finch's full management fee be on a flat let at £1,500 a month?"
    check_pair(LETTING, question, "At 12% of the monthly rent, the fee would be £180, above the £90 minimum [c1].",
               "At 8% of the monthly rent, the fee would be £120, above the £90 minimum [c1].")


def test_a_part_of_a_square_metre_under_a_minimum_charge() -> None:
    check_pair(GLASS, "How much would Quarry Glass charge to cut a mirror of 0.25 square metres?",
               "At £30 per square metre the mirror would come to £7.50, but the £12 minimum charge applies, so it "
               "would cost £12 [c1].",
               "At £30 per square metre the mirror would come to £7.50, but a £16 minimum charge applies, so it would "
               "cost £16 [c1].")


def test_another_products_multibuy_count_is_refused() -> None:
    page = ("Puff Point, Skegness – E-Liquids. Standard 10ml e-liquids are £3 each or five for £12, and nicotine salts "
            "are £4 each or four for £12. Shortfills cost £13.99.")
    check_pair(page, "What is the multi-buy offer on nicotine salts at Puff Point?",
               "Nicotine salts at Puff Point are £4 each or four for £12 [c1].",
               "Nicotine salts at Puff Point are £4 each or five for £12 [c1].")


def test_a_discount_named_with_an_en_dash() -> None:
    check_pair(SCAFFOLD, "What would a planned chimney scaffold booked in December cost from Ridgeway Access?",
               "A chimney scaffold costs £420, and the 10% November–December discount brings it to £378 [c1].",
               "A chimney scaffold costs £420, and the 10% November–December discount brings it to £368 [c1].")


def test_whole_multibuys_of_the_questions_count() -> None:
    check_pair(PLANTS, "How much would 8 marginal plants cost at Fenwater Aquatics with its multi-buy offer?",
               "Marginals are 4 for £20, so 8 marginals cost £40 [c1].",
               "Marginals are 4 for £20, so 8 marginals cost £44 [c1].")


def test_a_stated_percentage_of_a_stated_price() -> None:
    check_pair(LIFTS, "What would Calder Lifts' Basic contract cost per year for a stairlift?",
               "Stairlifts are serviced at 70% of the passenger lift price, so a Basic contract costs 70% of £500, "
               "which is £350 a year [c1].",
               "Stairlifts are serviced at 70% of the passenger lift price, so a Basic contract costs 70% of £500, "
               "which is £360 a year [c1].")


def test_half_the_fee_plus_the_one_off_fee() -> None:
    check_pair(AERO, "What will a new senior member pay Skylark Model Flyers when joining in December, with the "
               "field fee?",
               "Joining after 1 October, they pay half the £90 senior fee (£45) plus the one-off £30 field fee, so £75 "
               "[c1].",
               "Joining after 1 October, they pay half the £90 senior fee (£45) plus the one-off £30 field fee, so £85 "
               "[c1].")


def test_a_base_cover_in_the_next_clause_and_a_named_package() -> None:
    check_pair(VAN, "How much would Crema Van Co. charge for its Wedding Package with 70 guests?",
               "The £450 Wedding Package covers up to 60 guests and each extra guest is £3, so 70 guests cost £480 "
               "[c1].",
               "The £450 Wedding Package covers up to 60 guests and each extra guest is £3, so 70 guests cost £490 "
               "[c1].")


def test_an_age_is_no_count_of_things() -> None:
    check_pair(PIPING, "What does it cost for a parent and their 14-year-old to take Icing Lane's piping course "
               "together?",
               "The course is £90 for the adult and children aged 12 to 15 pay half price (£45), so the pair pay £135 "
               "in total [c1].",
               "The course is £90 for the adult and children aged 12 to 15 pay half price (£45), so the pair pay "
               "£157.50 in total [c1].")


def test_a_saving_two_prices_do_not_give_is_refused() -> None:
    question = "How much does a client save by booking a block of 5 pad sessions with Rory Vane instead of 5 singles?"
    check_pair(PADS, question, "Five single sessions at £30 would cost £150, so the £130 block saves £20 [c1].",
               "Five single sessions at £30 would cost £150, so the £130 block saves £22 [c1].")
    found = refusals("Five single sessions at £30 would cost £150, so the £130 block saves £22 [c1].", [PADS],
                     question)
    assert "£150 and £130 differ by £20" in found[0]


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


def test_further_steps_charged_in_part() -> None:
    check_pair(EDIT, "What would 1.5 hours of video editing cost at Reelhouse Studio?",
               "Editing costs £50 for the first hour and £40 for each additional hour, so 1.5 hours cost £50 + 0.5 × "
               "£40 = £70 [c1].",
               "Editing costs £50 for the first hour and £40 for each additional hour, so 1.5 hours cost £50 + 0.5 × "
               "£40 = £65 [c1].")


def test_working_written_out_in_signs_and_a_miscount() -> None:
    check_pair(TOKENS, "How much do 15 extra tokens cost at Penny Falls Arcade?",
               "Extra tokens are 40p each, so 15 tokens cost 15 × 40p = £6 [c1].",
               "Extra tokens are 40p each, so 15 tokens cost 15 × 40p = £6.40 [c1].")


def test_the_questions_count_less_the_free_places() -> None:
    check_pair(WALL, "A group of 8 climbers wants full-day passes at Crag House Climbing. What is the total?",
               "Groups of 8 or more get one free place, so 8 climbers pay for 7 passes at £15 each, which is £105 "
               "[c1].",
               "Groups of 8 or more get one free place, so 8 climbers pay for 6 passes at £15 each, which is £90 [c1].")


def test_a_figure_written_twice() -> None:
    check_pair(MILES, "My home is 35 miles from Ledbury. What travel charge would Weft & Weave add?",
               "Travel is charged at 60p per mile over 20, so the 15 extra miles cost 15 × 60p = £9 [c1].",
               "Travel is charged at 60p per mile over 20, so the 15 extra miles cost 15 × 60p = £9.60 [c1].")


def test_the_questions_sum_a_share_is_taken_of() -> None:
    check_pair(BUILDER, "My Stonegate quote for an extension is £8,000. How much is the deposit?",
               "Stonegate takes a 25% deposit, which is £2,000 on an £8,000 quote, with £6,000 due on completion [c1].",
               "Stonegate takes a 25% deposit, which is £2,500 on an £8,000 quote, with £5,500 due on completion [c1].")


def test_a_discount_off_the_questions_sum() -> None:
    check_pair(BUILDER, "I'm 70 and my Stonegate job has £600 of labour. What will I pay for the labour?",
               "Customers over 65 get 5% off labour, so £600 of labour costs £570 [c1].",
               "Customers over 65 get 5% off labour, so £600 of labour costs £560 [c1].")


def test_a_total_worked_out_after_so() -> None:
    check_pair(ZOO, "What would two adults and two 8-year-olds pay at Otterbrook Wildlife Park?",
               "Adults pay £12.50 each and children aged 3 to 15 pay £8, so two adults and two children pay £41 [c1].",
               "Adults pay £12.50 each and children aged 3 to 15 pay £8, so two adults and two children pay £43 [c1].")
