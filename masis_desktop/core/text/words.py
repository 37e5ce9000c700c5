"""Words, stems and stopwords: the deterministic matching the checks use to ask whether two texts speak of the
same thing.

A stem folds plurals, verb endings and period adjectives ("offices"/"office", "opened"/"opens", "monthly"/"month")
so that a question's words meet a passage's; number words fold to digits, so "three days" and "3 days" share their
content. No model and no lexicon: the code audit must be fast and give the same verdict every run.
"""

from __future__ import annotations

import re


def wordlist(words: str) -> frozenset[str]:
    """The whitespace-separated words of a triple-quoted list, as a set (for the word lists here and in names)."""
    return frozenset(words.split())


STOPWORDS = wordlist("""
a about above after again against all also am an and any are as at be because been before being below between both
but by can could did do does doing down during each few for from further had has have having he her here hers him
his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out
over own same she should so some such than that the their theirs them then there these they this those through to
too under until up very was we were what when where which while who whom why will with would you your yours per via
may might must shall upon within without across around among according based evidence answer question source sources
document documents passage passages also however therefore thus whereas
""")

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "half": 0.5, "single": 1,
    "double": 2, "twice": 2, "once": 1,
}

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*(?:-[A-Za-z]+)*|\d+(?:[.,]\d+)*")


# "monthly" asks what a passage writes "per month": the period adjectives share their noun's stem
_PERIODIC = {"monthly": "month", "annual": "year", "annually": "year", "yearly": "year", "weekly": "week",
             "daily": "day", "hourly": "hour", "quarterly": "quarter"}
# plurals no suffix rule undoes: "Kitchen knives over 20 cm" is what "a kitchen knife" is
_PLURALS = {"knives": "knife", "wives": "wife", "halves": "half", "shelves": "shelf", "loaves": "loaf",
            "calves": "calf", "wolves": "wolf", "scarves": "scarf", "children": "child", "women": "woman",
            "men": "man"}


# irregular verb forms a passage writes for the question's word ("taught by" for "who teaches")
_IRREGULAR = {"taught": "teach", "led": "lead", "ran": "run", "paid": "pay", "held": "hold", "sold": "sell",
              "bought": "buy", "made": "make", "gave": "give", "given": "give", "took": "take", "taken": "take",
              "kept": "keep", "spoke": "speak", "spoken": "speak", "drove": "drive", "driven": "drive",
              "brought": "bring", "built": "build", "chose": "choose", "chosen": "choose", "met": "meet"}
_SIBILANTS = ("ss", "x", "ch", "sh")


def stem(word: str) -> str:
    """A deliberately crude stemmer: enough to match "offices"/"office", "opened"/"opens", "monthly"/"month"."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'")
    if w in _PERIODIC:
        return _PERIODIC[w]
    w = _PLURALS.get(w, w)
    for suffix, min_len in (("ies", 5), ("ing", 6), ("ed", 5), ("es", 5), ("s", 4)):
        if w.endswith(suffix) and len(w) >= min_len and not w.endswith("ss"):
            if suffix == "es" and not w[:-2].endswith(_SIBILANTS):
                continue  # "fares", "prices": only the "s" is the plural ("boxes", "classes" lose "es")
            w = w[: -len(suffix)] + ("y" if suffix == "ies" else "")
            if suffix in ("ed", "ing") and len(w) >= 3 and w[-1] == w[-2] and w[-1] in "bgmnprt":
                w = w[:-1]  # "fitted", "fitting" meet "fits"; "added", "called" keep theirs
            if suffix == "s" and ((w.endswith("ing") and len(w) >= 6) or (w.endswith("ed") and len(w) >= 5)):
                w = w[:-3] if w.endswith("ing") else w[:-2]  # "bookings" meets "booking"
            break
    # a final "e" goes too, so "price"/"prices" and "approve"/"approves"/"approved" meet ("fare" is kept whole)
    return w[:-1] if len(w) >= 5 and w.endswith("e") and not w.endswith("ee") else w


def verb_stems(text: str) -> set[str]:
    """``content_stems`` with irregular verb forms read as their base ("taught" as "teach"): for matching who does
    what ("Who teaches Street Dance?" over "taught by Ambrose Ossory"). Not used for values, where "kept" in every
    sentence of a retention list would make them all fit "keep"."""
    return content_stems(text) | {stem(_IRREGULAR[w]) for w in words(text) if w in _IRREGULAR}


def words(text: str) -> list[str]:
    """Lower-case word and number tokens (hyphenated words also yield their parts)."""
    out: list[str] = []
    for tok in _WORD.findall(text):
        low = tok.lower().replace(",", "")
        out.append(low)
        if "-" in low:
            out.extend(p for p in low.split("-") if p)
    return out


def content_stems(text: str) -> set[str]:
    """Stems of the words that carry meaning (stopwords dropped, number words folded to digits)."""
    out: set[str] = set()
    for w in words(text):
        if w in STOPWORDS or (len(w) < 2 and not w.isdigit()):
            continue
        if w in NUMBER_WORDS:
            out.add(fmt_number(NUMBER_WORDS[w]))
            continue
        out.add(stem(w))
    return out


def fmt_number(value: float) -> str:
    """A number as the stems and quantity labels write it: "3" for 3.0, "2.5" for 2.5 (so "three" stems as "3")."""
    return f"{value:g}" if value != int(value) else str(int(value))
