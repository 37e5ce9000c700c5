"""Answers the critic let through or refused, in new words: a size the passages do not list ("a 9m by 12m tent"
over 6m by 9m and 9m by 15m ones) or a price read off another size's row; a rival business's page whose heading
shares a word of the asked name ("Marston Boat Care" for "Oakfield Boat Repairs"); a thing asked for that only a
passage shown but not cited lists; a prize said of the runner-up that the passage gives the winner; a length band
closed by "above that"; and, refused before, the question's own count written again ("5 players at £6 each"), a
team price shared out ("split four ways ... £8 per player"), a discount named with a number inside it ("the 10%
over-65 discount") and a rate times a count of its things ("£3 a day, so 4 extra days", "40p per mile, so a
16-mile round trip"). Each case fails on the code before these changes."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair, refusals

TENTS = ("Brookside Tents — Prices. A 6m by 9m tent, seating 40, costs £700, and a 9m by 15m tent, seating 90, costs "
         "£1,400. Delivery within 10 miles is free.")
LEAGUE = "Ridge Darts League — Fees. Team registration is £50 and each player pays £6 for the season."
PRESSING = ("Fold & Finish — Curtains. Curtains are pressed at £5 per panel up to 2 metres drop, and £8 per panel "
            "above that.")
TROPHY = "Castle Darts — Pairs Trophy. Team entry is £32 per pair of pairs, including lunch."
MOWERS = ("Ashdown Mowers — Servicing. A self-propelled mower service costs £70. Customers aged 65 and over receive "
          "10% off any service.")
STORAGE = ("Ashdown Mowers — Collection. Repaired machines left uncollected are stored free for 10 days, then at £3 "
           "per day.")
EXPENSES = ("Frome Fixers — Volunteers. Travel expenses are paid at 40p per mile for volunteers living over 5 miles "
            "away.")
KNOCKOUT = ("Dale Darts League — Knockouts. The singles winner receives £80 and a trophy, and the runner-up £40. A "
            "separate pairs knockout costs £6 to enter, with a winner's prize of £50.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    (TENTS, "We expect about 90 guests. Which Brookside tent fits, and what does it cost?",
     "The 9m by 15m tent, which seats 90, costs £1,400 [c1].",
     "The 9m by 15m tent, which seats 90, costs £700 [c1]."),
    (LEAGUE, "Our team has 5 players. What will registering with the Ridge Darts League cost in total?",
     "£50 team registration plus 5 players at £6 each comes to £80 [c1].",
     "£50 team registration plus 5 players at £6 each comes to £86 [c1]."),
    (PRESSING, "I have 3 curtain panels with a 2.5 metre drop. What would pressing them cost?",
     "Panels over 2 metres drop are £8 each, so 3 panels cost £24 [c1].",
     "Panels over 2 metres drop are £5 each, so 3 panels cost £15 [c1]."),
    (TROPHY, "Split four ways, what does each of us pay to enter the Pairs Trophy as a team?",
     "The £32 team entry, including lunch, works out at £8 per player [c1].",
     "The £32 team entry, including lunch, works out at £9 per player [c1]."),
    (MOWERS, "I'm 72 and have a self-propelled mower. What would an Ashdown service cost me?",
     "With the 10% over-65 discount, the £70 service costs £63 [c1].",
     "With the 10% over-65 discount, the £70 service costs £62 [c1]."),
    (STORAGE, "I can't collect my mower from Ashdown for 14 days. Will I pay for storage, and how much?",
     "Yes: storage is free for 10 days, then £3 a day, so 4 extra days cost £12 [c1].",
     "Yes: storage is free for 10 days, then £3 a day, so 4 extra days cost £15 [c1]."),
    (EXPENSES, "I live 8 miles from Frome and fix at the café. What travel money would I get for a session?",
     "Travel is paid at 40p per mile, so a 16-mile round trip earns £6.40 [c1].",
     "Travel is paid at 40p per mile, so a 16-mile round trip earns £7.20 [c1]."),
])
def test_sizes_counts_and_shares(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_a_size_the_passages_do_not_list_is_not_answered_by_a_neighbouring_size() -> None:
    tents = "Brookside Tents — Prices. A 6m by 12m tent costs £900 and a 9m by 15m tent costs £1,400."
    assert refusals("A 9m by 12m tent from Brookside costs £1,400 [c1].", [tents],
                    "How much is a 9m by 12m tent from Brookside Tents?")
    assert refusals("A 9m by 15m tent from Brookside costs £1,400 [c1].", [tents],
                    "How much is a 15m x 9m tent from Brookside Tents?") == []


def test_a_rival_page_sharing_a_word_of_the_asked_name() -> None:
    ours = "Oakfield Boat Services, Ashby – Prices. Hull cleaning costs £40 and antifouling £120."
    rival = ("Marston Boat Care, Marston – Prices. Services include hull cleaning at £35. Outboard servicing costs "
             "£60.")
    question = "How much does Oakfield Boat Services charge to service an outboard?"
    assert refusals("They charge £60 to service an outboard [c2].", [ours, rival], question,
                    one_document=False)
    assert refusals("They charge £60 to service an outboard [c1].", [rival], question)
    assert refusals("Marston Boat Care charges £60 to service an outboard [c2].", [ours, rival],
                    "How much does Marston Boat Care charge to service an outboard?", one_document=False) == []


def test_a_thing_only_a_passage_not_cited_lists() -> None:
    ours = "Crisp Press Ironing, Leeds – Prices. Shirts cost £1.50 each and trousers £2."
    rival = "Smooth Pressing, Otley – Special Items. Wedding dresses are pressed for £40."
    assert refusals("Crisp Press charges £1.50 for shirts and £2 for trousers [c1].", [ours, rival],
                    "How much does Crisp Press charge to press a wedding dress?", one_document=False)
    assert refusals("Crisp Press charges £1.50 for a shirt [c1].", [ours, rival],
                    "How much does Crisp Press charge to press a shirt?", one_document=False) == []


def test_a_prize_said_of_the_runner_up_that_the_passage_gives_the_winner() -> None:
    assert refusals("The runner-up in the pairs knockout receives £50 [c1].", [KNOCKOUT],
                    "What does the runner-up in the Dale pairs knockout receive?")
    assert refusals("The singles runner-up receives £40 [c1].", [KNOCKOUT],
                    "What does the runner-up in the Dale singles knockout receive?") == []
