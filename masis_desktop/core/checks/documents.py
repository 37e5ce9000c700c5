"""Documents the question names by their file name, and answers that cite another document instead.

People name their files after what is in them: ``zipapp.html``, ``Apache-2.0.txt``, ``GPL-3.txt``,
``board-minutes-2024.pdf``. When a question names such a document ("Which compression level does zipapp use?",
"How long must a written offer stay valid under the Apache License 2.0?") and that document is among the evidence,
an answer that cites only *other* documents, none of which mentions the name, is answering about a neighbouring
subject: a sibling module's default, another licence's deadline. Every fact check passes on such an answer (each
word is in the cited passage), which is why it needs a check of its own.

The match is on whole tokens: all of a file name's tokens must be in the question (numbers compared without a
trailing ``.0``, so "Apache License 2.0" names ``Apache-2.0.txt`` but not ``Apache-1.1.txt``), and the name must
hold a word of three letters or more, so numbered files (``p36-05.html``, ``3.12.html``) or ids name nothing.
A cited passage that writes the name itself ("zipapp") counts as the named document: a page elsewhere may state
what a module does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

_TOKEN = re.compile(r"[a-z]+|\d+(?:\.\d+)*")


def _tokens(text: str) -> list[str]:
    return [re.sub(r"(?:\.0)+$", "", t) if t[0].isdigit() else t for t in _TOKEN.findall(text.lower())]


def identity(document: str) -> frozenset[str]:
    """The tokens of a document's file name without its extension; empty when the name holds no word (an id or a
    number is no subject)."""
    stem = PurePosixPath(document.replace("\\", "/")).name
    stem = re.sub(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", "", stem)  # the extension only: "os.path.html" -> "os.path"
    tokens = frozenset(_tokens(stem))
    return tokens if any(len(t) >= 3 and t.isalpha() for t in tokens) else frozenset()


def named_documents(question: str, documents: Iterable[str]) -> list[str]:
    """The documents whose whole file name the question writes, most specific (most tokens) first."""
    asked = set(_tokens(question))
    named = [d for d in dict.fromkeys(documents) if (ident := identity(d)) and ident <= asked]
    return sorted(named, key=lambda d: -len(identity(d)))


def _mentions(ident: frozenset[str], texts: Sequence[str]) -> bool:
    words = set(_tokens(" ".join(texts)))
    return ident <= words


def other_document(question: str, cited_documents: Sequence[str], cited_texts: Sequence[str],
                   evidence_documents: Iterable[str]) -> list[str]:
    """The file names of evidence documents the question names when the answer cites none of them and no cited
    passage writes their name; empty otherwise (also when the question names no document)."""
    named = named_documents(question, evidence_documents)
    if not named or not cited_documents or any(d in named for d in cited_documents):
        return []
    if any(_mentions(identity(d), cited_texts) for d in named):
        return []
    return [PurePosixPath(d).name for d in named]
