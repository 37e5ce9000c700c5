"""Right answers the critic refused and wrong ones it let through code, in new words: arithmetic the answer
writes out ("half the £40 fee", "halves the £3 entry", "two further periods at £15 each", "save 15%"), a price's
digits read as a count ("£32 for two people"), the asker's own age said again against an age the passage gives
only as days, a label running past "plus", a list of named cases cut by its commas, a band the answer itself
writes, a swapped "respectively" pair, a "Yes" for a month the passage rules out, another year's part of a
sentence, a document that states the claim's value called a disagreeing one, and a rival club's page
whose heading names its town. Each case fails on the code before these changes (a right answer refused or its
wrong twin accepted); the guard test holds wrong answers the first versions of these rules let through."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

CLUB = ("Greystone Rowing Club — Membership. Annual membership is £40 for adults and £25 for students. A joining "
        "fee of £12 applies in the first year only. Anyone joining after 1 September pays half the annual fee for "
        "that year.")
QUIZ = ("The Plough — Quiz Night. Entry is £3 per player, with at most six players per team. Players who buy the "
        "£7 supper pay half-price entry.")
REPAIRS = ("Brightwire Electrical — Call-outs. Fault-finding is charged at £40 for the first half hour and £15 for "
           "each further 15 minutes.")
COURSES = ("Safehands Training — Prices. The one-day course costs £80 per person. Companies booking four or more "
           "places save 15%.")
SOCIETY = ("Eastbrook History Society — Membership. Membership costs £18 for an individual or £32 for two people at "
           "the same address.")
WORKSHOP = ("Turnwood Workshop — Courses. The minimum age for the course is 18. Deposits are refundable up to 16 "
            "days before the start.")
COSTUMES = ("Limelight Costume Hire — Prices. Standard adult costumes cost £30 for a weekend. Children's costumes "
            "are £12 for a weekend and £20 for a week.")
GUIDES = ("4th Hallam Guides — Fees. Subscriptions are £70 per term for Rainbows, Brownies and Guides and £85 per "
          "term for Rangers, paid at the start of each term.")
MARKET = ("Millbrook Car Boot — Buyers. Buyers pay 50p per adult on entry, children under 12 go in free, and early "
          "buyers entering between 6am and 7am pay £3 each.")

SHOW = ("Dale Potters — Show. Gold, silver and bronze awards in each class win £30, £20 and £10 respectively, and the "
        "best exhibit wins a trophy.")
TALKS = ("Fernley Society — Talks. Talks are held on the second Monday of each month at 7pm in the Library (no talk in "
         "July or December); visitors pay £3.")
FEES = ("Hilltop Car Boot — Pitch Fees. Pitch prices for 2026 are £14 for a car and £20 for a van; in 2025 they were "
        "£11 and £16 respectively.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    (CLUB, "I'm 30 and joining this October. What will I pay in my first year?",
     "£32: half the £40 adult fee, as you join after 1 September, plus the £12 joining fee [c1].",
     "£37: half the £40 adult fee, as you join after 1 September, plus the £12 joining fee [c1]."),
    (QUIZ, "Four of us are having the supper. What will our entry come to?",
     "£6 altogether: buying the supper halves the £3 entry, so each of you pays £1.50 [c1].",
     "£8 altogether: buying the supper halves the £3 entry, so each of you pays £2 [c1]."),
    (REPAIRS, "The electrician spent an hour finding the fault. What will I pay?",
     "£70: £40 for the first half hour plus two further 15-minute periods at £15 each [c1].",
     "£85: £40 for the first half hour plus two further 15-minute periods at £15 each [c1]."),
    (COURSES, "We're sending five staff on the one-day course. What will it cost altogether?",
     "£340 in total: five places at £80 would be £400, less 15% for booking four or more [c1].",
     "£360 in total: five places at £80 would be £400, less 10% for booking four or more [c1]."),
    (SOCIETY, "What does a joint membership cost for me and my wife?",
     "Membership for two people at the same address costs £32 [c1].",
     "Membership for two people at the same address costs £36 [c1]."),
    (WORKSHOP, "My daughter is 17. Can she join the course?",
     "No. The minimum age is 18, so at 17 she is too young [c1].",
     "Yes. The course takes learners from age 16, so at 17 she can join [c1]."),
    (COSTUMES, "What do two adult costumes and a child's costume cost for a weekend?",
     "£72: two adult costumes at £30 each plus a child's costume at £12 [c1].",
     "£66: two adult costumes at £30 each plus a child's costume at £6 [c1]."),
    (GUIDES, "What is the subscription for Brownies?",
     "Brownies pay £70 per term [c1].",
     "Brownies pay £85 per term [c1]."),
    (MARKET, "Two adults are bringing our kids, aged 5 and 9, arriving about 10am. What will it cost us to get in?",
     "£1 in total: 50p for each adult, while children under 12 get in free [c1].",
     "£6 in total: £3 for each adult, while children under 12 get in free [c1]."),
    (SHOW, "What does a silver award win at the Dale Potters show?",
     "A silver award wins £20; gold and bronze win £30 and £10 respectively [c1].",
     "A silver award wins £10; gold and bronze win £30 and £20 respectively [c1]."),
    (TALKS, "Is there a Fernley Society talk I can go to in July?",
     "No. There is no talk in July, and none in December either [c1].",
     "Yes. It is on the second Monday at 7pm; only December has no talk [c1]."),
    (FEES, "What did a van pitch cost at Hilltop in 2025?",
     "A van pitch at Hilltop cost £16 in 2025 [c1].", "A van pitch at Hilltop cost £20 in 2025 [c1]."),
])
def test_written_working_and_rows(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_a_document_stating_the_claims_value_is_no_rival() -> None:
    first = "1st Oakford Scouts — Sections. Cubs meet on Thursdays, 6:30pm to 8pm, at the Mill Lane hut."
    third = ("3rd Oakford Scouts — Joining. Beavers meet on Mondays, 6pm to 7pm; Cubs on Tuesdays, 6:30pm to 8pm; "
             "Scouts on Wednesdays, 7pm to 9pm.")
    question = "When do the 1st Oakford Cubs meet?"
    assert refusals("1st Oakford Cubs meet on Thursdays from 6:30pm to 8pm [c1].", [first, third], question,
                    one_document=False) == []
    assert refusals("1st Oakford Cubs meet on Thursdays from 6:45pm to 8pm [c1].", [first, third], question,
                    one_document=False)





def test_what_the_new_rules_must_not_clear() -> None:
    """Wrong answers the first versions of these rules let through on the spent sets: a rate after the price is no
    name of it ("£30 per night" is the chalet's), and a band the claim gives a price of its own is judged as any."""
    cattery = ("Meadow Cattery — Prices. Boarding prices: single pen £15 per night, double pen £23 per night, family "
               "chalet for up to four cats £31 per night.")
    assert refusals("A double pen costs £31 per night [c1].", [cattery], "What does a double pen cost per night?")
    orchard = ("Fernbrook Orchard — Membership. Adult membership: £20 a year. Concession (over-65s and students): £10 "
               "a year.")
    assert refusals("Over-65s pay the concession rate of £20 a year [c1].", [orchard],
                    "I'm 70. What would a year's membership cost me?")


def test_a_question_about_one_club_answered_from_a_rival_clubs_page_with_its_town_in_the_heading() -> None:
    rival = ("Topsham Smashers Table Tennis Club, Topsham – Summer Camp. The club runs a 3-day camp in August for "
             "children aged 8 to 14. The camp costs £25 per day or £65 for all three days.")
    question = "How much does the Lympstone Loopers summer camp cost per child?"
    assert refusals("The Lympstone Loopers summer camp costs £65 for all three days [c1].", [rival], question)
    assert refusals("The Topsham Smashers summer camp costs £65 for all three days [c1].", [rival],
                    "How much does the Topsham Smashers summer camp cost per child?") == []
