"""An answer with no sentence of content is never final, in any genre (``answer.no_content``)."""

from __future__ import annotations

import pytest

from masis_desktop.core.checks.answer import (
    ends_owing_value,
    has_substance,
    label_lines,
    new_literals,
    restates_question,
    stops_before_value,
)
from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.grounding.claims import Source
from tests.core.pipeline_support import hit

MANUAL = hit("c1", "Debian Policy Manual, Release 4.6.2.0\n9.1.2 Site-specific programs 45\n"
                   "/var/lock: Lock files ........ 45\n/var/tmp: Temporary files preserved between reboots ........ 46")
TMP = hit("c2", "The /tmp directory may be cleaned at boot. Programs must not rely on files in /tmp surviving a "
                "reboot.")


@pytest.mark.parametrize("question", ["Where are lock files kept?", "Does /tmp survive a reboot?"])
@pytest.mark.parametrize("answer", ["[c1] [c2]", "[c1].", "Debian Policy Manual, Release 4.6.2.0 [c1].",
                                    "/var/lock: Lock files ........ [c1].", "9.1.2 Site-specific programs [c1]."])
def test_markers_titles_and_contents_lines_are_no_answer(question: str, answer: str) -> None:
    audit = audit_answer(answer, [MANUAL, TMP], question=question)
    assert audit.non_answer and audit.audit.needs_retry
    assert {"answer.no_content", "answer.restates"} & set(audit.fired)


@pytest.mark.parametrize(("question", "answer"), [
    ("Does /tmp survive a reboot?", "No, programs must not rely on files in /tmp surviving a reboot [c2]."),
    ("Does the directory get cleaned at boot?", "The /tmp directory may be cleaned at boot [c2]."),
    ("Where are lock files kept?", "Lock files are kept in /var/lock [c1]."),
    ("How many programs?", "45 [c1]."),
])
def test_a_sentence_that_states_something_is_content(question: str, answer: str) -> None:
    audit = audit_answer(answer, [MANUAL, TMP], question=question)
    assert "answer.no_content" not in audit.fired and not audit.non_answer


def test_label_lines_are_contents_entries_and_titles() -> None:
    labels = label_lines(Source.of(MANUAL))
    assert labels == {"debian policy manual release 4 6 2 0", "9 1 2 site-specific programs", "var lock: lock files",
                      "var tmp: temporary files preserved between reboots"}
    assert label_lines(Source.of(TMP)) == set()  # sentences are not labels
    assert not has_substance("Lock files", "Where are lock files kept?", set())  # only the question's words
    assert has_substance("Lock files", "Is it called Lock files?", set())  # a yes/no question may be answered so


def test_picking_one_of_the_questions_alternatives_has_content() -> None:
    question = "Which magazine was started first, Arthur's Magazine or First for Women?"
    assert has_substance("Arthur's Magazine", question, set())
    assert not has_substance("The magazine was started first", question, set())


def test_a_quoted_literal_the_question_does_not_write_is_content() -> None:
    question = "What separators does json.dumps use by default when an indent is given?"
    assert has_substance("(',', ': ')", question, set())
    audit = audit_answer("(',', ': ') [c2].", [TMP], question=question)
    assert not audit.non_answer
    assert not has_substance("'json.dumps'", "What does 'json.dumps' do?", set())  # the question's own literal


@pytest.mark.parametrize(("claim", "question"), [
    ("The conversion type for an octal integer is %o", "Which conversion type formats an integer as octal?"),
    ("Lock files are kept in /var/lock", "Where are lock files kept?"),
    ("The operator is **", "Which operator raises a number to a power?"),
])
def test_a_symbol_or_path_the_question_does_not_write_is_content(claim: str, question: str) -> None:
    """An operator or a path has no word for the content stems to count; without it such an answer reads as the
    question written back."""
    assert has_substance(claim, question, set())
    assert not restates_question([claim], question)


def test_the_question_s_own_symbols_and_word_pairs_are_not_content() -> None:
    question = "Does %o format an integer as octal and/or hex?"
    assert new_literals("The %o conversion formats an integer as octal and/or hex.", question) == set()
    assert new_literals("Teachers and/or parents sign it.", "Who signs it?") == set()  # words, not a path
    assert restates_question(["The files under /tmp are files"], "What files are under /tmp?")


FAQ = hit("c3", "Conffiles is a list of configuration files that the package management system will not overwrite.\n"
                "\u00a0\u00a0\u00a0 To determine exactly which files are preserved during an upgrade,\n    run:\n\n"
                "\u00a0\u00a0\u00a0 dpkg --status package\n\n\u00a0\u00a0\u00a0 And look under \"Conffiles:\".")


def test_a_sentence_that_stops_where_the_passage_s_command_begins_states_nothing() -> None:
    question = "How can I find out which files of a package are conffiles preserved during an upgrade?"
    stopped = audit_answer("To determine exactly which files are preserved during an upgrade, run [c3].", [FAQ],
                           question=question)
    assert stopped.non_answer and "answer.no_content" in stopped.fired and stopped.audit.needs_retry
    given = audit_answer("To see which files are preserved during an upgrade, run dpkg --status package [c3].", [FAQ],
                         question=question)
    assert "answer.no_content" not in given.fired and not given.non_answer


def test_a_sentence_ending_before_a_line_break_without_a_colon_is_not_cut_short() -> None:
    licence = hit("c4", "GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007\n\n Copyright (C) 2007 Free Software "
                        "Foundation, Inc.")
    assert not stops_before_value("Version 3 was published on 29 June 2007", [Source.of(licence).text])
    assert stops_before_value("To determine exactly which files are preserved during an upgrade, run",
                              [Source.of(FAQ).text])


def test_a_command_line_that_a_wrapped_sentence_goes_on_from_is_not_a_title() -> None:
    chunk = hit("c5", "dpkg-source -x foo_version-revision.dsc\n\n    will extract the package into a directory called "
                      "foo-version.")
    assert label_lines(Source.of(chunk)) == set()
    audit = audit_answer("dpkg-source -x foo_version-revision.dsc [c5].", [chunk],
                         question="Which command extracts a Debian source package from its .dsc file?")
    assert not audit.non_answer
    titled = hit("c6", "Debian Policy Manual, Release 4.6.2.0\nThe /tmp directory may be cleaned at boot.")
    assert label_lines(Source.of(titled)) == {"debian policy manual release 4 6 2 0"}


FILM = hit("c7", "Jake Shapiro wrote the screenplay of Tall Tales, a 2004 film directed by Ann Lee.")


@pytest.mark.parametrize("answer", ["Jake Shapiro wrote the screenplay of a film directed by [c7].",
                                    "The film Jake Shapiro wrote the screenplay of is [c7].",
                                    "Jake Shapiro was best known as the screenwriter of [c7]."])
def test_a_sentence_that_leaves_its_value_to_a_citation_marker_states_nothing(answer: str) -> None:
    audit = audit_answer(answer, [FILM], question="Jake Shapiro was best know as the screenwriter of which film?")
    assert audit.non_answer and "answer.no_content" in audit.fired


@pytest.mark.parametrize("claim", ["The film was directed by Ann Lee", "Yes, it is", "The fuse is rated 20 A",
                                   "The limit is 54 dB(A)", "The heating is switched on", "Tall Tales was a film"])
def test_a_sentence_that_ends_on_its_value_or_a_verdict_owes_nothing(claim: str) -> None:
    assert not ends_owing_value(claim)
