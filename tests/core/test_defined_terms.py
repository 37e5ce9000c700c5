"""Terms a passage defines by day and time ("peak", "off-peak") decide which labelled value answers."""

from __future__ import annotations

from masis_desktop.core import text as tx
from masis_desktop.core.grounding import terms
from tests.core.pipeline_support import refusals

RATES = ("Glimmerden Sound Rooms – hourly rates from 1 September 2025. The Snug (1–2 voices): £28 per hour peak, "
         "£21 off-peak. Peak is weekdays 5pm–10pm and all weekend; off-peak is weekdays 9am–5pm. An engineer can be "
         "added for £18 per hour.")
TUESDAY = "What would I pay per hour for the Snug on a Tuesday at 10am?"
SATURDAY = "What would I pay per hour for the Snug on a Saturday at 10am?"
LINES = [s.text for s in tx.split_sentences(RATES)]


def _value(text: str) -> tx.Quantity:
    return tx.quantities(text)[0]


def test_a_term_holds_the_question_when_one_alternative_of_its_definition_holds_all_it_names() -> None:
    assert {(t.name, t.holds) for t in terms.defined_terms(TUESDAY, LINES)} == {("peak", False), ("off-peak", True)}
    assert {(t.name, t.holds) for t in terms.defined_terms(SATURDAY, LINES)} == {("peak", True), ("off-peak", False)}
    assert terms.defined_terms("How much is the Snug?", LINES) == []  # no day, no time: nothing to read


def test_a_value_labelled_with_a_failing_term_is_refused_and_the_holding_one_passes() -> None:
    assert terms.failing_term(_value("£28"), LINES, terms.defined_terms(TUESDAY, LINES)) is not None
    assert terms.failing_term(_value("£21"), LINES, terms.defined_terms(TUESDAY, LINES)) is None
    assert terms.failing_term(_value("£21"), LINES, terms.defined_terms(SATURDAY, LINES)) is not None
    # its clause names no term
    assert terms.failing_term(_value("£18"), LINES, terms.defined_terms(TUESDAY, LINES)) is None
    assert any("off-peak" in r for r in refusals("The Snug costs £28 per hour [c1].", [RATES], TUESDAY))
    assert not any(r.startswith("factual_error") for r in refusals("The Snug costs £21 per hour [c1].", [RATES],
                                                                   TUESDAY))


def test_day_rows_and_a_single_term_are_no_definitions_to_judge_by() -> None:
    hours = ["Monday to Friday: 8am–7pm.", "Saturday and Sunday: 8am–5pm; prices £5 weekdays."]
    assert terms.defined_terms(TUESDAY, hours) == []
    single = ["The Snug: £28 per hour peak, £21 at other times.", "Peak is weekdays 5pm–10pm."]
    # no term holds: nothing to prefer
    assert terms.failing_term(_value("£28"), single, terms.defined_terms(TUESDAY, single)) is None
