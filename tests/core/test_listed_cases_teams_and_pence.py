"""Wrong answers the critic accepted and right answers it refused, in new words: the case a bracket, a "for" list
or a "respectively" list gives a value for, an "only" leaving the asked month out, an answer that names another
case itself, a person given what the passage says of another, age-group teams in runs ("Under-9s to Under-12s"),
pence, "each" as a rate, counts in words, a total of a figure the claim derived itself, "the same boat", a band
of another season, and a role every holder of which is asked about. Each keeps its twin as it should be."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import refusals

TEAROOM = ("The Larch Tearoom — Menu and Hours. We are open every day from 9am to 5pm (11am to 5pm on Sundays). A "
           "toasted teacake is £2.80 and a crumpet with one topping is £3.40 (extra toppings 70p each). Membership "
           "of our Cake Club costs £12 a year (£8 for students and over-70s).")
VALETING = ("Bright Bay Valeting — Prices. An exterior wash costs £20 for a hatchback, £25 for a saloon and £32 for "
            "an SUV or van. Pet hair removal is an extra £12. Sunday bookings carry an £8 surcharge.")
CAMP = ("Oakridge Cricket Club — Easter Camp. The camp runs for four days. The whole camp costs £70 for club "
        "members and £90 for non-members; single days cost £20 and £26 respectively.")
CARAVANS = ("Coastline Cleaning — FAQ. Do you clean boats? Yes, from £60 for a boat up to 20ft, May to October "
            "only. Do you work Sundays? No.")
LAUNCH = ("Eastmere Day Launches — Prices. Weekday hire (Monday to Thursday) costs £140 and weekend hire costs £185. "
          "Over-60s get £10 off weekday hire.")
OFFICIALS = ("Hilltop Harriers Running Club — Officials. Chair: Ravi Mistry. Membership secretary: Olwen Hughes, who "
             "renews memberships and race numbers. Head coach: Dev Anand, who holds the UKA Coach licence. Welfare "
             "officer: Bryony Teale, the first point of contact for any safeguarding worry. Every coach must hold a "
             "current first aid certificate and the England Athletics Leader course.")
TEAMS = ("Westbrook Juniors FC — Training. Under-7s and Under-8s train on Saturdays from 9am to 10am. Under-9s to "
         "Under-12s train on Wednesdays from 6pm to 7pm. Monthly subs are £15 for Under-7s to Under-10s and £19 for "
         "Under-11s to Under-14s. A second child pays half the monthly subs.")
FLEET = ("Gleaming Fleet — Business. Vans are cleaned for £40 each, or £34 each for businesses with eight or more "
         "vans. Cars are £25 each.")
COTTAGE = ("Dunmore Lets — The Boathouse. The Boathouse costs £120 per night in winter and £165 per night in "
           "summer, minimum three nights.")
NARROWBOAT = ("Swan Wharf — Prices. A four-berth boat costs £700 for a weekend and £620 midweek in low season "
              "(March and April). In high season (May to September) the same boat costs £950 for a weekend and "
              "£830 midweek.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong", "why"), [
    (TEAROOM, "What time does the Larch Tearoom open on a Sunday?",
     "On Sundays it opens at 11am and closes at 5pm [c1].", "On Sundays it opens at 9am and closes at 5pm [c1].",
     "its own value"),
    (TEAROOM, "How much is Cake Club membership for a student?", "Students pay £8 a year [c1].",
     "Students pay £12 a year [c1].", "its own value"),
    (VALETING, "What does an exterior wash cost for my SUV?", "£32 for an SUV [c1].", "£25 for an SUV [c1].",
     'not for "SUV or van"'),
    (CAMP, "What does a single day of the Oakridge camp cost for a child who isn't a club member?",
     "A single day costs £26 for non-members [c1].", "A single day costs £20 for non-members [c1].",
     'not for "non-members"'),
    (COTTAGE, "How much would three summer nights in The Boathouse cost?",
     "£495, at £165 per night in summer for three nights [c1].",
     "£360, at £120 per night in summer for three nights [c1].", 'not for "summer"'),
    (CARAVANS, "Could Coastline clean my boat in January?", "No, boats are cleaned May to October only [c1].",
     "Yes, boats are cleaned all year, from £60 [c1].", "restricts it"),
    (LAUNCH, "What does an over-60 pay for weekday launch hire?",
     "£130, the £140 weekday price less the £10 over-60 discount [c1].",
     "£175, the £185 weekend price less the £10 over-60 discount [c1].", 'for "weekend"'),
    (OFFICIALS, "Who should I talk to at Hilltop Harriers if I'm concerned about my child?",
     "Bryony Teale, the welfare officer, is the first point of contact for any safeguarding worry [c1].",
     "Olwen Hughes, the membership secretary, is the first point of contact for any safeguarding worry [c1].",
     "what [c1] says of Bryony Teale"),
    (TEAMS, "When do the Under-10s train at Westbrook?", "Under-10s train on Wednesdays from 6pm to 7pm [c1].",
     "Under-10s train on Saturdays from 9am to 10am [c1].", "age group (Under-10s)"),
])
def test_the_case_a_sentence_gives_a_value_for(passage: str, question: str, right: str, wrong: str, why: str
                                               ) -> None:
    assert refusals(right, [passage], question) == []
    assert any(why in f for f in refusals(wrong, [passage], question))


@pytest.mark.parametrize(("passage", "question", "answer"), [
    # pence: £3.40 plus 70p is £4.10, not a figure the passage lacks
    (TEAROOM, "How much is a crumpet with two toppings?", "£4.10: £3.40 with one topping plus 70p for the extra one "
                                                          "[c1]."),
    # "£34 each for businesses with ...": each van, whatever the claim calls the unit
    (FLEET, "What would Gleaming Fleet charge per van for a firm with nine vans?",
     "£34 per van, the rate for businesses with eight or more vans [c1]."),
    # a team inside a run of teams is mentioned; a total may add a figure the claim derived itself
    (TEAMS, "My two girls both play in the Under-12s. What are the monthly subs for the pair of them?",
     "£28.50 a month: £19 for the first child and half of that, £9.50, for the second [c1]."),
    # "the same boat" is the four-berth boat of the sentence before; low season is not the asked high season
    (NARROWBOAT, "How much is a midweek break on a four-berth boat in high season?",
     "A high-season midweek break on a four-berth boat costs £830 [c1]."),
    # "every coach" is no person asked for
    (OFFICIALS, "What must every coach at Hilltop Harriers hold?",
     "A current first aid certificate and the England Athletics Leader course [c1]."),
])
def test_right_answers_held_out_v25_refused_in_new_words(passage: str, question: str, answer: str) -> None:
    assert refusals(answer, [passage], question) == []


def test_pence_and_each() -> None:
    from masis_desktop.core import text as tx

    assert [(q.value, q.unit) for q in tx.quantities("extras 75p each, 10 pence a bag")] == [(0.75, "gbp"),
                                                                                            (0.1, "gbp")]
    assert [q.unit for q in tx.quantities("open until 5pm")] == ["hh:mm"]
    text = "£38 each for businesses with ten vans"
    assert tx.rate_of(text, tx.quantities(text)[0]) == frozenset({tx.EACH})
    assert tx.in_label_range("Under-10s", "Under-9s to Under-12s train") and not tx.in_label_range(
        "Under-13s", "Under-9s to Under-12s train")


def test_values_a_confirmed_denial_states_are_not_scored() -> None:
    from masis_desktop.core.checks.audit import audit_answer
    from masis_desktop.core.checks.model.verify import verify_claims
    from masis_desktop.core.grounding.evidence import build_context
    from tests.core.pipeline_support import hit

    shop = ("Quill & Ink — Opening. The shop at 3 Mews Lane opens Tuesday to Saturday, 10am to 5pm, closed Sunday "
            "and Monday.")
    question = "Is Quill & Ink open on Mondays?"
    hits = [hit("c1", shop)]
    code = audit_answer("No, Quill & Ink is closed on Sundays and Mondays [c1].", hits, question=question)
    assert code.denial == 0 and "closed" in code.denial_clause

    class _NoModel:
        def score(self, *args: object, **kwargs: object) -> list[float]:
            raise AssertionError("the model was asked")

    assert verify_claims(question, code, build_context(question, hits, budget_tokens=400),
                         _NoModel()) == []  # type: ignore[arg-type]


# Rules added after a later evaluation run (measured on no blind set yet): each test fails on the code before them.
JUNIORS = ("Ashcombe Cricket Club — Juniors. Junior nets run on Friday evenings. Our under-11, under-13 and under-15 "
           "teams play league matches on Monday, Tuesday and Wednesday evenings respectively.")
PARLOUR = ("Scoops & Co — Prices and Loyalty. From 1 May our prices are: one scoop £2.80, two scoops £4.20. A waffle "
           "cone costs 50p extra. Every cone earns a stamp, and your ninth cone is free.")
TREES = ("Firbank Farm — Tree Prices. Nordmann firs cost £45 for 5 to 6ft and £60 for 6 to 7ft; Norway spruces are "
         "£8 cheaper in every size. Last year's prices were £41, £55 and £70 for Nordmanns. A pot-grown tree costs "
         "£30 and can be rented for £20.")
AGILITY = ("Tailwaggers — Agility. Beginners' blocks of six cost £70 and improvers' blocks of six £80. Members get "
           "10% off agility blocks.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong", "why"), [
    (JUNIORS, "Which evening do the Ashcombe under-13s play league matches?",
     "The under-13 team plays on Tuesday evenings [c1].", "The under-13 team plays on Monday evenings [c1].",
     "respectively"),
    (PARLOUR, "How does the Scoops & Co loyalty card work?", "Every cone earns a stamp, and your ninth cone is free "
     "[c1].", "Every cone earns a stamp, and your seventh cone is free [c1].", '"ninth cone"'),
    (TREES, "How much is a 6 to 7ft Norway spruce at Firbank this year?",
     "£52: Norway spruces are £8 cheaper than the £60 Nordmann fir [c1].",
     "£47: Norway spruces are £8 cheaper than the £55 Nordmann fir [c1].", "before a change"),
    (TREES, "Can I rent a living tree at Firbank instead of buying one?", "Yes, a pot-grown tree can be rented for "
     "£20 [c1].", "Yes, a pot-grown tree can be rented for £25 [c1].", '"£25"'),
])
def test_cases_held_out_v26_accepted_wrongly(passage: str, question: str, right: str, wrong: str, why: str
                                             ) -> None:
    assert refusals(right, [passage], question) == []
    assert any(why in f for f in refusals(wrong, [passage], question))


@pytest.mark.parametrize(("passage", "question", "answer"), [
    # a discount "10% member discount" and its amount, 10% of the price
    (AGILITY, "What does a member pay for a block of six improvers' agility sessions?",
     "£72: the £80 improvers' block of six less the 10% member discount on agility blocks (£8) [c1]."),
    # "plus 50p extra for a waffle cone" does not call the 50p "scoops"
    (PARLOUR, "How much are two scoops in a waffle cone?", "£4.70: £4.20 for two scoops plus 50p extra for a waffle "
                                                           "cone [c1]."),
])
def test_right_answers_held_out_v26_refused_in_new_words(passage: str, question: str, answer: str) -> None:
    assert refusals(answer, [passage], question) == []


def test_answers_to_unanswerable_questions_held_out_v26_committed() -> None:
    # another club's heading, when the question names a club no cited passage names
    nets = ("Brixworth Cricket Club – Nets. Brixworth CC plays at the Rec. Winter indoor nets run at Kettering "
            "School on Sunday evenings from January to March.")
    assert any("Little Oakley" in f for f in refusals(
        "Winter indoor nets run at Kettering School on Sunday evenings [c1].", [nets],
        "When do Little Oakley's indoor nets sessions run?"))
    # one "within 12 miles" band says nothing of 15 miles
    delivery = "Firbank Farm – Delivery. Delivery is available within 12 miles for £15. Orders close at 2pm."
    assert refusals("Delivery within 12 miles costs £15 [c1].", [delivery],
                    "We live 15 miles away. What would delivery cost?") != []
    assert refusals("Delivery costs £15 [c1].", [delivery], "We live 8 miles away. What would delivery cost?") == []
    # a start time is no answer to when it finishes
    events = "Marsh Reserve – Events. The starling watch runs on Saturdays in November from 3.15pm."
    assert any("when it starts" in f for f in refusals("The starling watch finishes at 3.15pm [c1].", [events],
                                                         "What time does the starling watch finish?"))
    assert refusals("The starling watch starts at 3.15pm [c1].", [events],
                    "What time does the starling watch start?") == []
