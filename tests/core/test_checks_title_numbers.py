"""A number the question writes and the answer restates is stated by a cited passage whose title (file name,
heading) writes it after the same word: "the GFDL 1.3" citing a clause of GFDL-1.3.txt that never repeats its
version. A title with the number after another word (MPL-2.0 for "the Apache License 2.0"), another version's title,
or a number the question does not write stays a finding."""

from __future__ import annotations

from masis_desktop.core import text as tx
from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.grounding.claims import Source, title_states
from tests.core.pipeline_support import hit

CLAUSE = ("List on the Title Page, as authors, one or more persons or entities responsible for authorship of the "
          "modifications in the Modified Version, together with at least five of the principal authors of the "
          "Document.")
QUESTION = "How many principal authors must the Title Page of a Modified Version list under the GFDL 1.3?"
ANSWER = "Under the GFDL 1.3, the Title Page must list at least five of the principal authors [c1]."


def number_checks(answer: str, question: str, document: str) -> set[str]:
    audit = audit_answer(answer, [hit("c1", CLAUSE, document=document)], question=question)
    return {f.check for f in audit.findings if f.check.startswith("facts.number")}


def test_the_questions_version_restated_is_stated_by_the_cited_documents_title() -> None:
    assert number_checks(ANSWER, QUESTION, "licenses/GFDL-1.3.txt") == set()


def test_another_versions_title_does_not_state_it() -> None:
    assert number_checks(ANSWER, QUESTION, "licenses/GFDL-1.2.txt") == {"facts.number.absent"}


def test_a_title_writing_the_number_after_another_word_does_not_state_it() -> None:
    question = "How many principal authors must the Title Page list under the Apache License 2.0?"
    answer = "Under the Apache License 2.0, the Title Page must list at least five of the principal authors [c1]."
    assert number_checks(answer, question, "licenses/MPL-2.0.txt") == {"facts.number.absent"}


def test_a_number_the_question_does_not_write_is_still_a_claim() -> None:
    question = "How many principal authors must the Title Page of a Modified Version list?"
    assert number_checks(ANSWER, question, "licenses/GFDL-1.3.txt") == {"facts.number.absent"}


def test_a_title_states_a_bare_number_after_the_same_word_only() -> None:
    def states(claim: str, document: str, heading: str | None = None) -> bool:
        h = hit("c1", CLAUSE, document=document)
        source = Source.of(h.model_copy(update={"heading": heading}))
        return any(title_states(q, claim, source) for q in tx.quantities(claim))

    assert states("The CC0 1.0 waiver applies", "CC0-1.0.txt")
    assert states("Under section 13, you may combine it", "GPL-3.txt", "Section 13. Use with the GNU Affero GPL")
    assert not states("Under section 12, you may combine it", "GPL-3.txt", "Section 13. Use with the GNU Affero GPL")
    assert not states("Item 12 was approved", "minutes_2024-03-12.txt")  # the title's 12 follows "03", not "Item"
    assert not states("It costs £1.3 a month", "GFDL-1.3.txt")  # a figure with a unit is never a title's
