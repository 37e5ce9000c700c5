"""Right answers the critic refused and wrong ones it accepted: a label a later clause leaves out, an irregular or
"-ings" plural, a case name before a qualifier, a time followed by a colon, an answer in other words than the
question's, a value the passage ties to the question's age group itself, and an email address nobody wrote."""

from __future__ import annotations

from masis_desktop.core import text as tx
from masis_desktop.core.checks.answer import gives_asked_kind
from tests.core.pipeline_support import refusals

COACHING = ("Fernmoor coaching. Private lessons with Ines cost £44 per hour; with junior coach Omar Reyes they cost "
            "£28 per hour. Annual squad membership is £20, or £34 for a couple at the same address. Squad members: "
            "beginner session £3 per visit, improver session £5 per visit.")


def test_a_label_the_later_clause_leaves_out_is_the_later_clause_s_too() -> None:
    question = "What does a private lesson with Omar Reyes at Fernmoor cost?"
    assert not refusals("A private lesson with junior coach Omar Reyes costs £28 per hour [c1].", [COACHING], question)
    assert not refusals("A couple at the same address pay £34 a year for squad membership [c1].", [COACHING],
                        "What does Fernmoor squad membership cost for a couple?")
    assert not refusals("Squad members pay £5 per visit for an improver session [c1].", [COACHING],
                        "How much does a squad member pay for an improver session at Fernmoor?")
    # the other way round the label still belongs to the other clause
    found = refusals("A couple at the same address pay £20 a year for squad membership [c1].", [COACHING],
                     "What does Fernmoor squad membership cost for a couple?")
    assert found


def test_plurals_meet_their_singular() -> None:
    assert tx.stem("knives") == tx.stem("knife")
    assert tx.stem("bookings") == tx.stem("booking") == tx.stem("book")
    assert tx.stem("children") == tx.stem("child")
    assert tx.stem("speeds") == tx.stem("speed")
    assert tx.stem("things") == tx.stem("thing")


KNIVES = ("Ashgrove Grinders price list. Kitchen knives up to 15 cm: £3.50 each. Kitchen knives over 15 cm: £5 each. "
          "Damaged tip repair adds £2 per knife.")


def test_a_knife_is_what_knives_are() -> None:
    question = "How much to sharpen my 20cm cook's knife at Ashgrove?"
    assert not refusals("A kitchen knife over 15 cm costs £5 to sharpen [c1].", [KNIVES], question)


TICKETS = ("Dunmere Lakes 2026 tickets. Adult day ticket, two rods: £15. Concession day ticket (over 65s): £12. "
           "Junior day ticket (under 16): £8. Evening ticket from 17:30: £10.")


def test_a_case_name_before_its_qualifier_names_the_case() -> None:
    question = "how much is a day ticket at Dunmere for me and my 11 year old?"
    assert not refusals("An adult day ticket is £15 and a junior day ticket (under 16) is £8 [c1].", [TICKETS],
                        question)


def test_a_time_before_a_colon_is_a_time() -> None:
    assert [q.unit for q in tx.quantities("Evening ticket from 17:30: £10.")] == ["hh:mm", "gbp"]
    assert [q.text for q in tx.quantities("at 12:30:45 sharp")] == ["12", "30", "45"]
    assert not refusals("An evening ticket, valid from 17:30, costs £10 [c1].", [TICKETS],
                        "How much is an evening ticket at Dunmere Lakes?")


def test_an_answer_in_other_words_still_addresses_the_question() -> None:
    assert gives_asked_kind("how much to hire a court after work, like 7pm?", "After 17:00 it costs £16 per hour.")
    assert gives_asked_kind("Who do I speak to about parties?", "Parties are handled by Lena Voss on Mondays.")
    assert gives_asked_kind("what's their email?", "Write to hello@example.org.")
    assert not gives_asked_kind("Who do I speak to about parties?", "Parties run on Monday and Friday afternoons.")
    assert not gives_asked_kind("How much is a party?", "Parties run on Monday and Friday afternoons until 17:00.")


CLUB = ("Ravensholt Bowls Club fees for 2026. Adult: £120. Junior (under 18): £40. New members pay a one-off joining "
        "fee of £25, which is waived for juniors.")


def test_a_value_the_passage_ties_to_the_asked_group_is_not_another_band_s() -> None:
    question = "do I have to pay the joining fee for my 9 year old at Ravensholt?"
    assert not refusals("No, the £25 joining fee for new members is waived for juniors [c1].", [CLUB], question)
    # an adult figure for a child is still another band's
    assert refusals("My 9 year old pays £120 [c1].", [CLUB], "How much is membership for my 9 year old at Ravensholt?")


CONTACT = "Brindle Bakery contact. Owner: Tomas Hale, hello@brindlebakery.co.uk. Orders: 01632 960 555."


def test_an_email_address_no_passage_writes_is_invented() -> None:
    found = refusals("The owner is Tomas Hale, at tomas@brindlebakery.co.uk [c1].", [CONTACT],
                     "Who owns Brindle Bakery and what is their email?")
    assert any("tomas@brindlebakery.co.uk" in r and "hallucination" in r for r in found)
    assert not refusals("The owner is Tomas Hale, at hello@brindlebakery.co.uk [c1].", [CONTACT],
                        "Who owns Brindle Bakery and what is their email?")


COURTS = ("Ashby court hire for non-members. Pay and play costs £10 per hour before 18:00 and £14 per hour after "
          "18:00. Racket hire £2.")
GRINDING = "Ashgrove Grinders. Kitchen knives up to 15 cm: £3.50 each. Kitchen knives over 15 cm: £5 each."


def test_a_figure_from_the_other_side_of_a_limit_is_refused() -> None:
    question = "how much is a court at Ashby after work, about 7pm?"
    found = refusals("Pay and play after 18:00 costs £10 per hour [c1].", [COURTS], question)
    assert any("other side of 18:00" in r for r in found)
    assert not refusals("Pay and play after 18:00 costs £14 per hour [c1].", [COURTS], question)
    found = refusals("A kitchen knife over 15 cm costs £3.50 to sharpen [c1].", [GRINDING],
                     "How much to sharpen a 20cm knife at Ashgrove?")
    assert any("other side of 15" in r for r in found)
    assert not refusals("A kitchen knife over 15 cm costs £5 to sharpen [c1].", [GRINDING],
                        "How much to sharpen a 20cm knife at Ashgrove?")


HOURS = ("Tillbrook Shopmobility. Open Monday to Saturday 9:30 to 16:30; equipment must be back by 16:15. "
         "Coordinator: Ada Fenn, 01632 960 244.")


def test_a_time_of_day_is_never_a_phone_number_s_digits() -> None:
    assert not tx.same_quantity(tx.quantities("16:00")[0], tx.quantities("960")[0])
    found = refusals("Equipment must be back by 16:00 [c1].", [HOURS], "When must the scooter be back at Tillbrook?")
    assert any('"16:00"' in r for r in found)
    assert not refusals("Equipment must be back by 16:15 [c1].", [HOURS], "When must the scooter be back at Tillbrook?")


HALLS = ("Brackley Residences. Rents 2026/27. Orton Hall standard room, shared bathroom: £151 per week. Orton Hall "
         "en-suite: £177 per week. Kestrel Court studio: £236 per week. Deposit: £300.")
SHOWS = ("Kelby Observatory winter evenings (1 October to 31 March). Tickets: adults £11, children 6–16 £6, under-6s "
         "free; members £4.",
         "Kelby Observatory summer sessions (1 April to 30 September). Solar viewing on Sundays 13:00–15:00, "
         "adults £9, children £3. Twilight sessions: adults £13, children 8–16 £9 (no under-8s after 21:00).")


def test_a_case_name_before_a_label_does_not_clear_it_when_the_question_names_a_rival_s_label() -> None:
    question = "How much per week is an en-suite room in Orton Hall?"
    assert not refusals("£177 per week [c1].", [HALLS], question)
    assert refusals("£151 per week [c1].", [HALLS], question)  # the shared-bathroom room's, not the en-suite's


def test_a_line_giving_the_group_its_own_figure_is_no_tie() -> None:
    """£9 is the summer adults' price beside "children £3", and the twilight children's own band: neither says what
    a 12-year-old pays in winter (it was accepted once the tie read whole lines)."""
    question = "How much is a ticket for my 12-year-old at a Kelby evening in February?"
    assert not refusals("£6 [c1].", [SHOWS[0]], question)
    assert any("falls under" in r for r in refusals("£9 [c1].", ["\n".join(SHOWS)], question))
