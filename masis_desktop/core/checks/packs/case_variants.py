"""Question-frame checks for the case a passage denies, lists apart or names as a variant of the asked thing.

A "Yes" where a cited clause denies the question's case ("it isn't available for the Kettleby branch"), a value a
"for" or "respectively" list gives another case (via ``grounding.cases``), the default price of "£96, or £85 for
students" given to a student, the price "including guards and canes" for a hedge asked without them, a variant's
price for the standard thing, and a price the passage gives another size ("9m by 12m" vs "12m by 18m"). Every value
of such a wrong answer is on the page; what is wrong is the case it is read for, which these checks read from the
words around it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.findings import FACT_FACTOR, INCOMPLETE_FACTOR, Finding
from masis_desktop.core.checks.focus import name_runs
from masis_desktop.core.grounding import bands, cases
from masis_desktop.core.grounding.claims import (
    NEGATION,
    SIZE_RE,
    ClaimEvidence,
    same_value,
    size_of,
)
from masis_desktop.core.schemas import IssueType


def _trade_word(name: str, question: str, text: str) -> bool:
    """Whether ``name`` is a later word of a longer name of the question whose first word ``text`` lacks: the
    "Fencing" of "Sabreline Fencing Club" in "British Fencing membership is not needed"."""
    return any(name in run[1:] and not tx.name_in(run[0], text) for run in name_runs(question))


_OPENS_YES = re.compile(r"^\s*yes\b", re.IGNORECASE)
_NOT_ONLY = re.compile(r"\bnot\s+only\b", re.IGNORECASE)
_NO_THING = re.compile(r"\bno\s+(?!more\b|later\b|earlier\b|longer\b|less\b)[a-z]+", re.IGNORECASE)
_ELLIPTIC_SUBJECT = re.compile(r"^\s*(?:and\s+|but\s+)?(?:it|they|this|these|that)\b", re.IGNORECASE)


def denied_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """A "Yes" to a question whose case a cited clause denies: "Can your pet taxi take my dog to the Kettleby salon?"
    over "Our pet taxi collects ... it isn't available for the Kettleby branch", "a bonfire on a Saturday" over
    "bonfires are never allowed at weekends". The clause names a name of the question, or its day of the week (and no
    other day), writes a negation, and shares a word of what the question asks about (or, opening "it"/"they", its
    sentence does)."""
    if not claims or not _OPENS_YES.match(claims[0].plain):
        return {}
    names = tx.question_names(question)
    asked = bands.asked_numbers(question)
    day, month = asked.get("day"), asked.get("month")
    focus = tx.question_focus(question) - {tx.stem(w) for n in names for w in tx.words(n)}
    # "Yes. It is on the first Thursday ... [c1]": a bare "Yes." is judged, and flagged, by the sentence citing
    at = next((i for i, c in enumerate(claims) if c.cited), 0)
    for src in claims[at].cited:
        for line in src.lines:
            for clause in bands.clauses(line):
                months = bands.months_named(clause)
                if _NOT_ONLY.search(clause) or not (NEGATION.search(clause) or (
                        month in months and _NO_THING.search(clause))):
                    continue
                days = bands.days_in(clause)
                month_denied = month is not None and month in months  # "(no meeting in August or January)"
                if not month_denied and ((days and (day is None or day not in days)) or months):
                    continue
                if not (any(tx.name_in(n, clause) and not _trade_word(n, question, clause) for n in names)
                        or (day is not None and day in days) or month_denied):
                    continue
                about = line if _ELLIPTIC_SUBJECT.match(clause) else clause
                if not focus & tx.content_stems(about):
                    continue
                return {at: Finding(
                    IssueType.FACTUAL_ERROR, 0.9, f'answers yes, but [{src.id}] says "{clause[:110]}"',
                    claims[at].plain, f"answer as [{src.id}] says, or remove the sentence", src.id, FACT_FACTOR,
                    True, False)}
    return {}


def listed_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a value a cited sentence gives for another case than the one the question or claim names
    (``cases``): the value outside a bracket that gives the question's case its own, the value of another case of
    a "for" or "respectively" list, an ordinal the passage gives the thing otherwise, and a "Yes" for a month or day
    that an "only" leaves out."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        passages = [(src.id, src.lines) for src in cited]
        if found := cases.bracket_exception(question, plain, passages):
            pid, bracket, case = found
            message = f'[{pid}] gives the question\'s case ({case}) its own value "{bracket}"; the answer states the ' \
                      f"value outside it"
        elif listed := cases.listed_case_conflict(plain, passages):
            pid, value, owner, other = listed
            message = f'[{pid}] gives {value} for "{owner}", not for "{other}"'
        elif respective := cases.respective_conflict(plain, passages):
            pid, item, value = respective
            message = f'[{pid}] gives {item} "{value}" (its "respectively" list)'
        elif ordinal := cases.ordinal_conflict(plain, passages):
            pid, mine, said = ordinal
            message = f'states "{mine}" but [{pid}] says "{said}"'
        elif paired := cases.pairing_conflict(question, plain, passages):
            pid, name, clause = paired
            message = f'[{pid}] gives {name} another value: "{clause[:110]}"'
        elif index == 0 and (restricted := cases.restricted_case(question, plain, passages)):
            pid, clause = restricted
            message = f'answers yes, but [{pid}] restricts it: "{clause[:110]}"'
        elif only := cases.day_only_conflict(plain, passages):
            pid, clause = only
            message = f'gives it on another day, but [{pid}] restricts it: "{clause[:110]}"'
        elif named_days := cases.named_days_conflict(question, plain, passages):
            pid, name, line = named_days
            message = f'gives {name} the days [{pid}] gives another: "{line[:110]}"'
        elif band_rule := cases.band_rule_conflict(plain, passages):
            pid, clause = band_rule
            message = f'gives its age band what [{pid}] says of another: "{clause[:110]}"'
        elif replaced := cases.replaced_name(plain, passages):
            pid, name, line = replaced
            message = f'[{pid}] names {name} only as the one replaced: "{line[:110]}"'
        else:
            continue
        out[index] = Finding(IssueType.FACTUAL_ERROR, 0.9, message, plain,
                             f"state what [{pid}] gives for the case asked about, or remove the sentence", pid,
                             FACT_FACTOR, True, False)
    return out


def _size_rows(text: str) -> list[tuple[frozenset[float], str, tx.Quantity]]:
    """Each size ``text`` writes with the first price after it in its sentence, before the next size: "A 9m by 12m
    marquee, seating 100, costs £1,650, and a 12m by 18m marquee ... £2,700" rows the £1,650 under 9 by 12."""
    out = []
    for sentence in tx.split_sentences(text):
        found = list(SIZE_RE.finditer(sentence.text))
        for i, m in enumerate(found):
            tail = sentence.text[m.end(): found[i + 1].start() if i + 1 < len(found) else len(sentence.text)]
            price = next((q for q in tx.quantities(tail) if q.kind == "currency"), None)
            if price is not None:
                out.append((size_of(m), m.group(0), price))
    return out


# "The course costs £96, or £85 for students and over-60s with valid ID": a default price and another case's
_OR_CASE = re.compile(r"(?P<first>[£€$]\s?\d[\d,]*(?:\.\d+)?),?\s+or\s+(?P<second>[£€$]\s?\d[\d,]*(?:\.\d+)?)"
                      r"\s+(?:each\s+)?for\s+(?P<case>[^.;]+)", re.IGNORECASE)


def or_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, the default price of "£96, or £85 for students" given for the case the "or" clause names, when the
    question names it too: "Students with valid ID pay £96" for "a student with valid ID" (a model
    slot question may lean to £85 without reaching its margin). A claim stating the case's price is
    cleared."""
    asked = {w for w in tx.content_stems(question) if w.isalpha()}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        stated = tx.quantities(plain)
        for src in cited:
            for m in _OR_CASE.finditer(src.text):
                first, second = tx.quantities(m.group("first")), tx.quantities(m.group("second"))
                case = {w for w in tx.content_stems(m.group("case")) if w.isalpha() and not tx.is_unit(w)}
                if not first or not second or not (case & asked):
                    continue
                if any(tx.same_quantity(second[0], o) for o in stated) or not any(
                        tx.same_quantity(first[0], o) for o in stated):
                    continue
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9,
                    f'states "{first[0].text}", but [{src.id}] gives {second[0].text} for '
                    f'{m.group("case")[:60].strip()}, which the question asks about', plain,
                    f"state the price [{src.id}] gives for that case, or remove the sentence", src.id,
                    FACT_FACTOR, True, False)
                break
            if index in out:
                break
    return out


_WITHOUT = re.compile(r"\bwithout\s+(?:the\s+|any\s+)?([a-z]+)\b", re.IGNORECASE)
_INCLUDING = re.compile(r"\b(?:including|includes|included|with)\s+(?:the\s+|its\s+|their\s+)?([a-z]+)\b(?!-)",
                        re.IGNORECASE)


def without_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, the price of the thing with what the question asks it without: "£8 per metre, including guards
    and canes" for "to plant a new hedge without guards and canes" (the passage prices only the
    guarded hedge). A verb after "without" ("without booking") is no thing."""
    unwanted = {tx.stem(m.group(1).lower()) for m in _WITHOUT.finditer(question)
                if not m.group(1).lower().endswith("ing") and tx.content_stems(m.group(1))}
    out: dict[int, Finding] = {}
    if not unwanted:
        return out
    for index, (plain, cited, _) in enumerate(claims):
        found = next((m for m in _INCLUDING.finditer(plain) if tx.stem(m.group(1).lower()) in unwanted), None)
        if found is None or not cited:
            continue
        out[index] = Finding(
            IssueType.INCOMPLETE, 0.7,
            f'the question asks about it without {found.group(1)}; the answer gives it "{found.group(0)}"', plain,
            "give the value without it, or say the passages do not", cited[0].id, INCOMPLETE_FACTOR, True, False)
    return out


# the plain variant of a thing, which a price list names beside the variants it adds something to
_DEFAULT_CASE = re.compile(r"\b(standard|basic|regular|ordinary|plain)\s+((?:[a-z-]+\s+){0,2}[a-z]+)", re.IGNORECASE)


def default_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price its passage gives a variant when the question asks for the standard one, which a clause of the
    passage prices at the same rate: "four weeks at £28 a week" for "one standard site toilet" where "a standard toilet
    costs £22 per week" and "A site toilet with built-in hand-wash basin is £28 per week" (the variant's sentence shares
    more of the question's other words, so word fit alone would pass it). The standard clause must name the thing the
    question calls standard; a claim stating its price is cleared."""
    asked = [(m.group(1).lower(), tx.content_stems(m.group(2)) - tx.STOPWORDS)
             for m in _DEFAULT_CASE.finditer(question)]
    out: dict[int, Finding] = {}
    if not asked:
        return out
    for index, (plain, cited, _) in enumerate(claims):
        stated = [q for q in tx.quantities(plain) if q.kind == "currency"]
        for word, things in asked:
            clauses = [(c, src) for src in cited for line in src.lines[1:] for c in bands.clauses(line)]
            plain_ones = [(c, q, src) for c, src in clauses if re.search(rf"\b{word}\b", c, re.IGNORECASE)
                          and things & tx.content_stems(c) for q in tx.quantities(c) if q.kind == "currency"]
            if not plain_ones or any(tx.same_quantity(q, s) for _, q, _ in plain_ones for s in stated):
                continue
            for value in stated:
                rate = tx.rate_of(plain, value)
                owners = [c for c, _ in clauses if not re.search(rf"\b{word}\b", c, re.IGNORECASE)
                          and things & tx.content_stems(c) and any(
                              tx.same_quantity(value, o) and tx.rate_of(c, o) for o in tx.quantities(c))]
                rival = next(((c, q, src) for c, q, src in plain_ones if rate and tx.rate_of(c, q) == rate), None)
                if owners and rival is not None:
                    c, q, src = rival
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f'gives {value.text}, which [{src.id}] gives another variant than the {word} one the question '
                        f'asks about; for that it says "{c[:100]}"', plain,
                        f"state the {word} price [{src.id}] gives ({q.text}), or remove the sentence", src.id,
                        FACT_FACTOR, True, False)
                    break
            if index in out:
                break
    return out


def size_row_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price its passage gives for another size than the one the claim gives it for: "The 9m by 12m
    marquee, which seats 100, costs £2,700" where "A 9m by 12m marquee ... costs £1,650, and a 12m by 18m marquee
    ... costs £2,700". Sizes are cases no name check sees."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for size, written, price in _size_rows(plain):
            for src in cited:
                rows = _size_rows(src.text)
                own = [p for z, _, p in rows if z == size]
                other = next((w for z, w, p in rows if z != size and same_value(price, p)), None)
                if own and other and not any(same_value(price, p) for p in own):
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f"[{src.id}] gives {price.text} for the {other}, not the {written}, which it prices at "
                        f"{own[0].text}", plain, f"state the price [{src.id}] gives for the {written}", src.id,
                        FACT_FACTOR, True, False)
                    break
            if index in out:
                break
    return out
