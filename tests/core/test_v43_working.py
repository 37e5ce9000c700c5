"""Held-out v43's critic run, in new words: the question's own sum that a share or a discount is taken of, and a
total worked out after "so" from the claim's prices for the question's counts."""

from __future__ import annotations

from tests.core.pipeline_support import check_pair

BUILDER = ("Stonegate Builders, Louth – Payment. A 25% deposit secures your start date, with the balance due on "
           "completion. Customers over 65 get 5% off labour.")
ZOO = ("Otterbrook Wildlife Park, Bude – Admission. Adults pay £12.50 each and children aged 3 to 15 pay £8. Under-3s "
       "go free.")


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
