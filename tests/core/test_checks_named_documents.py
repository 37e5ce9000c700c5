"""A question that names a document by its file name is answered from that document, or from a passage that writes
the name; an answer citing only a neighbouring document is refused (``focus.other_document``)."""

from __future__ import annotations

from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.checks.documents import identity, named_documents, other_document
from masis_desktop.core.checks.registry import Selection
from masis_desktop.settings import CheckSettings
from tests.core.pipeline_support import hit

GPL = ("You may convey the object code provided that you accompany it with a written offer, valid for at least "
       "three years, to give anyone who possesses the object code a copy of the Corresponding Source.")
APACHE = ("You must give any other recipients of the Work or Derivative Works a copy of this License, and you must "
          "cause any modified files to carry prominent notices stating that You changed the files.")
QUESTION = "How long must a written offer for source code stay valid under the Apache License 2.0?"


def checks_of(answer: str, hits: list) -> set[str]:  # type: ignore[type-arg]
    audit = audit_answer(answer, hits, question=QUESTION)
    return {f.check for f in audit.findings}


def test_a_file_name_names_a_document_only_with_a_word_in_it() -> None:
    assert identity("licenses/Apache-2.0.txt") == {"apache", "2"}
    assert identity("python/library/os.path.html") == {"os", "path"}
    assert identity("site/p36-05.html") == frozenset()  # an id names nothing
    assert identity("python/whatsnew/3.12.html") == frozenset()


def test_the_question_names_the_document_whose_whole_file_name_it_writes() -> None:
    docs = ["Apache-2.0.txt", "Apache-1.1.txt", "GPL-3.txt", "MPL-2.0.txt"]
    assert named_documents(QUESTION, docs) == ["Apache-2.0.txt"]
    assert named_documents("Which court has jurisdiction over disputes about the GPL-3?", docs) == ["GPL-3.txt"]
    assert named_documents("Who may change the licence terms?", docs) == []


def test_an_answer_from_a_neighbouring_document_is_found_and_by_default_only_lowers_confidence() -> None:
    """Registered to refuse (strict), it lowers confidence by default: in answer mode 1 of its 6 dev firings was
    on a right answer (another licence's identical clause), over the 2 % the rule allows (measured.json)."""
    hits = [hit("c1", GPL, document="GPL-3.txt"), hit("c2", APACHE, document="Apache-2.0.txt")]
    wrong = "A written offer must stay valid for at least three years [c1]."
    assert "focus.other_document" in checks_of(wrong, hits)
    assert audit_answer(wrong, hits, question=QUESTION).audit.needs_retry  # every check as registered
    default = Selection.from_settings(CheckSettings())
    assert not default.refuses("focus.other_document")
    lowered = audit_answer(wrong, hits, question=QUESTION, selection=default)
    assert "focus.other_document" in {f.check for f in lowered.findings}
    assert not lowered.audit.needs_retry and lowered.audit.penalty_factor < 1.0


def test_no_finding_when_the_named_document_is_cited_or_the_cited_passage_writes_the_name() -> None:
    assert other_document(QUESTION, ["Apache-2.0.txt"], [APACHE], ["GPL-3.txt", "Apache-2.0.txt"]) == []
    writes_name = GPL + " Code under the Apache License 2.0 may be combined with it."
    assert other_document(QUESTION, ["GPL-3.txt"], [writes_name], ["GPL-3.txt", "Apache-2.0.txt"]) == []
    # the named document is not among the evidence: nothing says the answer chose the wrong one
    assert other_document(QUESTION, ["GPL-3.txt"], [GPL], ["GPL-3.txt", "MPL-2.0.txt"]) == []


def test_documents_named_by_ids_never_fire() -> None:
    question = "What does a session at the Riverside club cost?"
    assert other_document(question, ["p36-05.html"], ["A session costs £5."], ["p36-05.html", "p36-06.html"]) == []
