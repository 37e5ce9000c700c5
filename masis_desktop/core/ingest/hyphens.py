"""Line-end hyphens of a PDF: a word broken by hyphenation, or a compound broken at its own hyphen?

pdfium reports a hyphen that ends a line as a marker (code 0x02, or a soft hyphen 0xAD in the content) and drops
the line break after it, so "reintroduc-ing" and "Non-Maintainer" both arrive as two fragments around one marker.
The PDF reader stores each marker as one character (offsets stay pdfium indices): a soft hyphen U+00AD when the
fragments are one word, which every reader of the text then rejoins (``core/grounding/reading.py``; the embedder's
tokenizer drops it too), or a plain "-" when they are a compound. Deciding needs evidence from the whole
document, which only the reader has, so it is decided here, once, in this order:

1. the joined word is written elsewhere in the document ("package" for "pack-age") -> one word;
2. the hyphenated pair is written elsewhere on one line ("pseudo-package") -> a compound;
3. both fragments are lowercase at the break and not both words the document uses on their own
   ("be" + "tween" -> "between"; "gettext" + "based" -> "gettext-based") -> one word;
4. otherwise ("Non" + "Maintainer"), or not between two letters ("UTF" + "8") -> a hyphen the text writes.

No word list: the document is its own dictionary.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SOFT_HYPHEN = "\u00ad"
_LETTERS = r"[^\W\d_]"
_WORD = re.compile(rf"{_LETTERS}+")
_COMPOUND = re.compile(rf"{_LETTERS}+-{_LETTERS}+")
_BEFORE = re.compile(rf"{_LETTERS}+$")


def _vocabulary(texts: Sequence[str]) -> tuple[set[str], set[str]]:
    """Words the document writes whole, and hyphenated pairs it writes on one line (both lowercased)."""
    words: set[str] = set()
    compounds: set[str] = set()
    for text in texts:
        for token in re.split(r"\s+", text):
            if SOFT_HYPHEN in token:
                continue  # a broken word's fragments are not words of the document
            words.update(w.lower() for w in _WORD.findall(token))
            compounds.update(c.lower() for c in _COMPOUND.findall(token))
    return words, compounds


def settle_hyphens(texts: Sequence[str]) -> list[str]:
    """The page texts with every line-end hyphen marker (stored as U+00AD) kept as U+00AD (one word) or turned
    into "-" (a compound), by the rules in the module docstring. Lengths never change."""
    if not any(SOFT_HYPHEN in t for t in texts):
        return list(texts)
    words, compounds = _vocabulary(texts)
    out: list[str] = []
    for text in texts:
        if SOFT_HYPHEN not in text:
            out.append(text)
            continue
        chars = list(text)
        for i, ch in enumerate(chars):
            if ch != SOFT_HYPHEN:
                continue
            left_m = _BEFORE.search(text, max(0, i - 80), i)
            right_m = _WORD.match(text, i + 1)
            left = left_m.group(0) if left_m else ""
            right = right_m.group(0) if right_m else ""
            # hyphenation breaks words between letters only: "UTF-" + "8" is a hyphen the text writes
            if not (left and right) or not _one_word(left, right, words, compounds):
                chars[i] = "-"
        out.append("".join(chars))
    return out


def _one_word(left: str, right: str, words: set[str], compounds: set[str]) -> bool:
    joined = (left + right).lower()
    if joined in words:
        return True
    if f"{left}-{right}".lower() in compounds:
        return False
    both_words = left.lower() in words and right.lower() in words
    return left[-1].islower() and right[0].islower() and not both_words
