"""Question-frame checks for a value written in another clause's words: a figure or name put into the frame of a
clause that states another.

A passage's clause frames its figure ("The deposit is £50", "Stages 4–7: ..., maximum 12 pupils"); an answer that
copies a clause's words and puts another figure or name into them reads true to the fact check, every word and
figure being on the page (``frame_findings``, ``name_frame_findings``, ``template_findings``). Also counts written in
words and counts of extras (``number_word_findings``, ``extra_count_findings``), a term whose definition does not
hold the question's day and time (``term_findings``), a price for another amount of what the question measures
(``condition_amount_findings``) and the base price given for the charge past a limit (``past_limit_findings``). The
checks on whose page a value is read from are ``business_pages``'.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.findings import FACT_FACTOR, INCOMPLETE_FACTOR, Finding
from masis_desktop.core.grounding import bands, terms
from masis_desktop.core.grounding.claims import JOINED, YEAR, ClaimEvidence, Source, claim_values
from masis_desktop.core.grounding.counts import COUNT_ALTS, COUNTED_THING, EXTRA, count_value
from masis_desktop.core.grounding.products import with_conditions
from masis_desktop.core.schemas import IssueType

_COUNT_WORDS = [w for w, v in tx.NUMBER_WORDS.items() if 2 <= v <= 20 and w not in ("double", "twice")]
# a plural noun, "children" and "people" too ("up to twelve children" over "ten children")
_PLURAL = r"(?:[a-z]+s|children|people|men|women|feet|geese|mice)"
# (never across "to" or another count: "four to six weeks" is a range ending in "six weeks"; "three or more
# vans" is still three vans)
_COUNTED = re.compile(rf"\b({'|'.join(_COUNT_WORDS)})\s+((?:(?!(?:to|{'|'.join(_COUNT_WORDS)})\b)[a-z]+\s+)"
                      rf"{{0,2}}?{_PLURAL})\b", re.IGNORECASE)


# a count in a passage, in digits or words, with its noun: "three nights", "3 nights", "two consecutive nights"
# (never a price's digits, "£32 for two people", nor across another count or a preposition: no 32 people)
_ANY_COUNT = re.compile(rf"(?<![£$€.,\d])\b(\d{{1,2}}|{'|'.join(w for w in tx.NUMBER_WORDS if w.isalpha())})\s+"
                        rf"(?:(?!(?:for|per|a|an|each|to|of|{'|'.join(w for w in tx.NUMBER_WORDS if w.isalpha())})\b)"
                        rf"[a-z]+\s+){{0,2}}?({_PLURAL})\b", re.IGNORECASE)


def _ratio_gives(found: re.Match[str], noun: str) -> bool:
    """Whether "to four" ends a ratio that may count the claim's ``noun``: not when another thing's noun follows it,
    as in a range ("four to six eggs a week" gives no six hens: "a maximum of six hens per coop" is wrong
    where "a maximum of four hens per coop" is written)."""
    after = re.match(r"\s+([a-z]+)", found.string[found.end():])
    return after is None or not tx.content_stems(after.group(1)) or tx.stem(after.group(1)) == noun


def number_word_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a count written in words ("five club nights") that no cited passage states with its noun, where
    one states another count of the same thing ("three club nights"): the figure checks read digits only, and
    pass "two nights" over "two nights ..., and three nights over Christmas" too (the claim's own clause decides
    which, so a count the passage gives for any case passes here)."""
    asked = tx.number_words_in(question) | {q.value for q in tx.quantities(question)}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for m in _COUNTED.finditer(plain):
            value = float(tx.NUMBER_WORDS[m.group(1).lower()])
            noun = tx.stem(m.group(2).split()[-1])
            counts = [(src, r) for src in cited for r in _ANY_COUNT.finditer(src.text) if tx.stem(r.group(2)) == noun]
            if value in asked or any(count_value(r.group(1)) == value for _, r in counts) or (
                    EXTRA.match(plain[m.end(1):]) and any(a - value == count_value(r.group(1))
                                                            for a in asked for _, r in counts)) or any(
                    _ratio_gives(r, noun) for src in cited
                    for r in re.finditer(rf"\b(?:to|:)\s*(?:{m.group(1)}|{int(value)})\b", src.text, re.IGNORECASE)):
                continue  # a ratio, "one to four for two-year-olds", gives the four children without the noun
            rival = next(((src, r.group(0)) for src, r in counts), None)
            if rival is None:
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9, f'states "{m.group(0)}" but [{rival[0].id}] says "{rival[1]}"', plain,
                f"use the count [{rival[0].id}] states, or remove the sentence", rival[0].id, FACT_FACTOR, True,
                False)
            break
    return out


def term_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a value its passage labels with a term ("peak") whose definition elsewhere in the passage does
    not hold the question's day and time, where another term's does (``terms.failing_term``): "on a Tuesday at
    10am" answered with "£28 per hour peak" beside "off-peak is weekdays 9am–5pm"."""
    out: dict[int, Finding] = {}
    defined: dict[str, list[terms.Term]] = {}  # per passage, read once for all claims
    for index, claim in enumerate(claims):
        for src in claim.cited:
            if src.id not in defined:
                defined[src.id] = terms.defined_terms(question, src.lines)
            if not defined[src.id]:
                continue
            found = next(((v, f) for v in claim.values if isinstance(v, tx.Quantity) and v.unit != "hh:mm"
                          and (f := terms.failing_term(v, src.lines, defined[src.id]))), None)
            if found is None:
                continue
            value, (label, holding) = found
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'[{src.id}] gives {value.text} for {label.name}, but by its definitions the question\'s time is '
                f'{holding.name} ("{holding.definition[:80]}")', claim.plain,
                f"state the {holding.name} value [{src.id}] gives, or remove the sentence", src.id, FACT_FACTOR,
                True, False)
            break
    return out


# "two extra weeks", "one more hour": a count of extras the claim gives; "the first four weeks", "up to 15 children":
# the count a base price covers
_EXTRA_COUNT = re.compile(rf"\b({COUNT_ALTS}|\d{{1,2}})\s+(?:extra|more|further|additional)\s+([a-z]+)",
                          re.IGNORECASE)
_BASE_COUNT = re.compile(rf"\b(?:first|initial|up\s+to)\s+({COUNT_ALTS}|\d{{1,2}})\s+([a-z]+)", re.IGNORECASE)


def extra_count_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a count of extras that is not the question's count less the count the passage's base price
    covers: "£450 for the first four weeks plus one extra week at £90" for a six-week job (the wrong answer adds
    up, so the arithmetic check passes it)."""
    asked = [(count_value(m.group(1)), tx.stem(tx.words(m.group(2))[0].lower()))
             for m in COUNTED_THING.finditer(question)]
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for m in _EXTRA_COUNT.finditer(plain):
            n, noun = count_value(m.group(1)), tx.stem(m.group(2).lower())
            totals = [a for a, w in asked if w == noun]
            bases = [(count_value(b.group(1)), src) for src in cited for b in _BASE_COUNT.finditer(src.text)
                     if tx.stem(b.group(2).lower()) == noun]
            if not totals and not bases:  # "three extra employees" for "seven staff" over "up to five staff":
                # the question's count and the base's of one noun, whatever the claim calls the extras
                pairs = [(a, (count_value(b.group(1)), src)) for a, w in asked for src in cited
                         for b in _BASE_COUNT.finditer(src.text) if tx.stem(b.group(2).lower()) == w]
                totals, bases = [a for a, _ in pairs[:1]], [base for _, base in pairs[:1]]
            if not totals or not bases or any(t - b == n for t in totals for b, _ in bases):
                continue
            right = totals[0] - bases[0][0]
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'counts {m.group(0)}, but the question asks about {totals[0]:g} and [{bases[0][1].id}] prices the '
                f"first {bases[0][0]:g}: {right:g} extra", plain, f"count {right:g} extra, or remove the sentence",
                bases[0][1].id, FACT_FACTOR, True, False)
            break
    return out


FRAME_FIT = 0.75  # share of the claim clause's words a passage clause must hold to be the one it copies
FRAME_OWN = 0.34  # the most of them any clause stating the claim's value may hold


def _valued_clauses(line: str) -> list[str]:
    """A sentence's clauses, cut also at "and £120 ..." (``JOINED``), each stating a figure taken with its
    conditions (``with_conditions``)."""
    return with_conditions((p for c in bands.clauses(line) for p in JOINED.split(c)),
                            lambda c: bool(tx.quantities(c) or tx.number_words_in(c)))


def elliptic(value: tx.Quantity, clause: str) -> bool:
    """Whether ``clause`` states ``value`` with fewer than two words of its own before it: "and £16 per hour after
    17:00", "half plot £42" say what they price in the clause before."""
    at = next((o for o in tx.quantities(clause) if tx.same_quantity(value, o)), None)
    if at is None:
        return False
    cut = clause.rfind(", ", 0, at.start)
    start = cut + 2 if cut >= 0 else 0
    return len(_frame_words(clause[start:at.start])) < 2


def _shared(words: set[str], clause: str) -> int:
    """How many of ``words`` ``clause`` uses, a word's forms the stemmer keeps apart as one ("age", "aged")."""
    theirs = _frame_words(clause)
    return sum(1 for w in words if w in theirs or any(
        min(len(w), len(x)) >= 3 and abs(len(w) - len(x)) == 1 and (x.startswith(w) or w.startswith(x))
        for x in theirs))


def _frame_words(text: str) -> set[str]:
    return {w for w in tx.content_stems(text) if w.isalpha() and w not in tx.NUMBER_WORDS and not tx.is_unit(w)
            and w not in ("am", "pm")}


def _states_in(value: tx.Quantity, clause: str) -> bool:
    if value.unit:
        return any(o.unit == value.unit and tx.same_quantity(value, o) for o in tx.quantities(clause))
    return any(o.unit is None and o.value == value.value for o in tx.quantities(clause)) or (
        value.value in tx.number_words_in(clause))


def _other_in(value: tx.Quantity, clause: str) -> str | None:
    if value.unit:
        return next((o.text for o in tx.quantities(clause) if o.unit == value.unit and o.kind == value.kind
                     and not tx.same_quantity(value, o)), None)
    if value.noun is None:
        return None  # a bare figure: "aged 3 to 15" and "two adults" are not of one kind
    noun = tx.stem(value.noun)
    for m in re.finditer(rf"\b({COUNT_ALTS}|\d{{1,4}})\s+([a-z]+)", clause, re.IGNORECASE):
        if tx.stem(m.group(2).lower()) == noun and count_value(m.group(1)) != value.value:
            return m.group(1)  # "eight riders" against the claim's "12 riders"
    return None


def frame_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a figure given in the words of a passage clause that states another figure of its kind, while
    the clauses stating the claim's figure share far fewer of them: "Yes, groups are limited to 12 riders plus a
    guide" over "Groups are limited to eight riders plus a guide" (12 is the minimum age), "combed wheat straw
    lasts around 50 to 60 years" over "... water reed, which typically lasts 50 to 60 years, and in combed wheat
    straw, which lasts around 30 years" (the figure is in the passage, and a slot question's
    model may pick it)."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        stated = claim_values(plain, question)
        parts = _valued_clauses(plain)
        for value in stated:
            if YEAR.fullmatch(value.text.strip()) or value.unit == "%":
                continue
            home = next((p for p in parts if _states_in(value, p)), None)
            words = _frame_words(home) if home else set()
            if len(words) < 3:
                continue
            clauses = [(src, c) for src in cited for line in src.lines[1:] for c in _valued_clauses(line)]
            if not any(_states_in(value, c) for _, c in clauses):
                continue  # a figure computed, or from the question: the arithmetic checks judge it
            if any(elliptic(value, c) for _, c in clauses):
                continue  # "£12 per hour before 17:00 and £16 per hour after 17:00": the £16's words are the £12's
            own = max((_shared(words, c) / len(words) for _, c in clauses if _states_in(value, c)),
                      default=0.0)
            best = max(((_shared(words, c) / len(words), src, c, other) for src, c in clauses
                        if not _states_in(value, c) and (other := _other_in(value, c)) is not None
                        and not _states_in_text(other, plain)), key=lambda t: t[0], default=None)
            if best is None or best[0] < FRAME_FIT or own > FRAME_OWN or _shared(words, best[2]) < 3:
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'states "{value.text}" in the words of [{best[1].id}]\'s "{best[2][:90]}", which gives '
                f'{best[3]}', plain, f"state the value [{best[1].id}] gives there, or remove the sentence",
                best[1].id, FACT_FACTOR, True, False)
            break
    return out


def name_frame_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a name put into the words of a passage clause that does not name it, while the clauses naming it
    share far fewer of them: "the changing rooms at Porthclais are step-free" over "our changing rooms at the base
    are step-free" and "we will move you to a sheltered inlet at Porthclais" (every word and
    name is in the passage). ``frame_findings`` for figures; here no rival name is needed."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        titles = " ".join(src.lines[0] for src in cited if src.lines)
        for name in tx.names(plain):
            if tx.name_in(name, question) or tx.name_in(name, titles) or bands.weekdays(name) or any(
                    w.lower() in tx.MONTHS for w in name.split()):
                continue  # days and months are the day checks'

            home = next((c for c in bands.clauses(plain) if tx.name_in(name, c)), None)
            words = _frame_words(home) - _frame_words(name) if home else set()
            if len(words) < 3:
                continue
            clauses = [(src, c) for src in cited for line in src.lines[1:] for c in bands.clauses(line)]
            naming = [c for _, c in clauses if tx.name_in(name, c)]
            said = [line for src in cited for line in src.lines[1:] if tx.name_in(name, line)]
            if not naming or max(_shared(words, c) / len(words) for c in naming) > FRAME_OWN or any(
                    tx.same_quantity(o, m) for line in said for o in tx.quantities(line) for m in tx.quantities(plain)):
                continue  # "£8 cheaper than the £60 Nordmann fir", "Peak Torque, our 24-page magazine": the sentence
                # naming it gives the claim's figure (the magazine's right page count)
            best = max(((_shared(words, c) / len(words), src, c) for src, c in clauses if not tx.name_in(name, c)),
                       key=lambda t: t[0], default=None)
            if best is None or best[0] < FRAME_FIT or _shared(words, best[2]) < 3:
                continue
            first = re.search(rf"\b([A-Z][a-z]+)\s+{re.escape(name)}\b", plain)
            if first and tx.name_in(first.group(1), best[2]):
                continue  # "Orla Tremayne" where the clause says "Orla"
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'names "{name}" in the words of [{best[1].id}]\'s "{best[2][:90]}", which does not name it', plain,
                f"say what [{best[1].id}] says there, or remove the sentence", best[1].id, FACT_FACTOR, True, False)
            break
    return out


# words before an amount that make it a bound, not the amount a price is for: "a minimum booking of four hours"
_BOUND_BEFORE = re.compile(r"\d\s*(?:[a-z]+\s*)?(?:-|–|—|to|and)\s*$|"
                           r"\b(?:minimum|maximum|min|max|up\s+to|at\s+least|over|under|more\s+than|less\s+than|"
                           r"within|beyond|after|before|from|per|each|every|first|last|extra|additional|further)"
                           r"(?:\s+(?:of|booking|charge|stay|hire|session|period))*\s+$", re.IGNORECASE)


_COUNT_WORD = re.compile(rf"\b({COUNT_ALTS})\b(?![\w-])", re.IGNORECASE)


def _figures(text: str) -> list[tuple[int, int, tx.Quantity | float]]:
    """The figures of ``text`` with their spans: quantities, and counts in words that are none."""
    found: list[tuple[int, int, tx.Quantity | float]] = [(q.start, q.end, q) for q in tx.quantities(text)]
    found += [(m.start(), m.end(), count_value(m.group(1))) for m in _COUNT_WORD.finditer(text)
              if not any(a <= m.start() < b for a, b, _ in found)]
    return sorted(found, key=lambda t: t[0])


def _same_figure(a: tx.Quantity | float, b: tx.Quantity | float) -> bool:
    if isinstance(a, tx.Quantity) and isinstance(b, tx.Quantity):
        return tx.same_quantity(a, b)
    return (a.value if isinstance(a, tx.Quantity) else a) == (b.value if isinstance(b, tx.Quantity) else b)


def _comparable(a: tx.Quantity | float, b: tx.Quantity | float) -> bool:
    """Figures of one kind: quantities of one unit (any durations: "a 6-month guarantee" against "a 90-day
    guarantee"), or plain counts (digits or words)."""
    if isinstance(a, tx.Quantity) and isinstance(b, tx.Quantity):
        return a.kind == b.kind and (a.unit == b.unit or a.kind == "time")
    other = a if isinstance(a, tx.Quantity) else b
    return not isinstance(other, tx.Quantity) or other.unit is None


def template_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a figure written after the passage's own words for another figure: "The minimum age is twelve"
    where the passage writes "the minimum age is ten" once (and "twelve" of the group size; the claim's
    clause has too few words for the frame check). The three words before the figure must be the
    passage's, word for word, in one place only, with a figure of the claim figure's kind right after them; the
    passage must state the claim's figure elsewhere (a figure stated nowhere is the fact check's), and the question
    must not give it. Not prices and times of day, whose cases other words decide (it refused 6 right ones)."""
    asked = _figures(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        lines = [line for src in cited for line in src.lines[1:]]
        if (dated := _template_date(question, plain, cited, lines)) is not None:
            out[index] = dated
            continue
        stated = [f for line in lines for _, _, f in _figures(line)]
        dates = [(m.start(), m.end()) for m in tx.DATE.finditer(plain)]
        for start, _, mine in _figures(plain):
            if any(a <= start < b for a, b in dates):
                continue  # "due by 30 June": a date is the date check's
            lead = re.findall(r"[a-z]+", plain[:start].lower())[-3:]
            if len(lead) < 3 or not set(lead) - tx.STOPWORDS or re.search(r"[\d£€$:.]\s*$", plain[:start]):
                continue  # "01632 960 ...", "9:30": a figure inside a figure
            if isinstance(mine, tx.Quantity) and mine.kind in ("currency", "clock"):
                continue  # a price or a time is the case checks': "board hire costs £70" for the full day
            if any(_same_figure(mine, a) for _, _, a in asked) or not any(
                    _comparable(mine, f) and _same_figure(mine, f) for f in stated):
                continue
            places = [(line, m.end()) for line in lines for m in re.finditer(
                rf"\b{re.escape(' '.join(lead))}\s+", line, re.IGNORECASE)]
            if len(places) != 1:
                continue
            line, at = places[0]
            after = next((f for a, _, f in _figures(line) if a == at), None)
            if after is None or not _comparable(mine, after) or _same_figure(mine, after):
                continue
            src = next(src for src in cited if line in src.lines)
            told = after.text if isinstance(after, tx.Quantity) else f"{after:g}"
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'writes "{" ".join(lead)}" with another figure than [{src.id}], which writes it with {told}',
                plain, f"state the figure [{src.id}] gives there, or remove the sentence", src.id,
                FACT_FACTOR, True, False)
            break
    return out


def _same_day(a: str, b: str) -> bool:
    """Whether two dates name one day (a year only where both give one)."""
    (ya, ma, da), (yb, mb, db) = tx.date_key(a), tx.date_key(b)
    return (ma, da) == (mb, db) and (not ya or not yb or ya == yb)


def _template_date(question: str, plain: str, cited: Sequence[Source], lines: Sequence[str]) -> Finding | None:
    """A date written after the passage's own three words for another date: "needs all paperwork by 31 January"
    where the passage writes "send all paperwork by 30 November" (and 31 January of the filing
    deadline). As for figures: the three words in one place only, the claim's date stated elsewhere, not
    the question's."""
    text = "\n".join(lines)
    for m in tx.DATE.finditer(plain):
        lead = re.findall(r"[a-z]+", plain[:m.start()].lower())[-3:]
        if len(lead) < 3 or not set(lead) - tx.STOPWORDS:
            continue
        if any(_same_day(m.group(0), d.group(0)) for d in tx.DATE.finditer(question)) or not any(
                _same_day(m.group(0), d.group(0)) for d in tx.DATE.finditer(text)):
            continue
        # the passage ties the claim's date to a word of the claim's own clause: "The balance is due by 30 June"
        # beside "the deposit is due by 31 March" is the balance's date
        mine = tx.content_stems(next((c for c in bands.clauses(plain) if m.group(0) in c), plain)) - set(
            lead) - tx.content_stems(m.group(0))
        if any(mine & tx.content_stems(c) for line in lines for c in bands.clauses(line)
               if any(_same_day(m.group(0), d.group(0)) for d in tx.DATE.finditer(c))):
            continue
        places = [(line, p.end()) for line in lines for p in re.finditer(
            rf"\b{re.escape(' '.join(lead))}\s+", line, re.IGNORECASE)]
        if len(places) != 1:
            continue
        line, at = places[0]
        told = tx.DATE.match(line, at)
        if told is None or _same_day(m.group(0), told.group(0)):
            continue
        src = next(src for src in cited if line in src.lines)
        return Finding(
            IssueType.FACTUAL_ERROR, 0.9,
            f'writes "{" ".join(lead)}" with another date than [{src.id}], which writes it with {told.group(0)}',
            plain, f"state the date [{src.id}] gives there, or remove the sentence", src.id, FACT_FACTOR, True, False)
    return None


def condition_amount_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price the passage states only for another amount of what the question measures: "£480" for five
    hours of milling where "A full day of eight hours is discounted to £480" (the figure is in the
    passage, for eight hours). Every clause stating the price must state an amount of the question's unit
    and kind that differs from the question's, not as a bound ("a minimum booking of four hours", "3–6 m"); a price the
    claim computes is not stated in the passage and is the arithmetic checks'."""
    asked = [q for q in tx.quantities(question) if q.unit and q.kind not in ("currency", "clock")]
    if not asked:
        return {}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for value in (v for v in claim_values(plain, question) if v.kind == "currency"):
            stating = [(src, c) for src in cited for line in src.lines[1:] for c in _valued_clauses(line)
                       if _states_in(value, c)]
            if not stating:
                continue
            rivals = []
            for src, clause in stating:
                other = next((o for o in tx.quantities(clause) for a in asked
                              if o.unit == a.unit and o.kind == a.kind and not tx.same_quantity(o, a)
                              and not _BOUND_BEFORE.search(clause[:o.start])), None)
                if other is None or any(tx.same_quantity(o, a) for o in tx.quantities(clause) for a in asked):
                    break
                rivals.append((src, clause, other))
            else:
                if any(tx.same_quantity(other, o) for _, _, other in rivals for o in tx.quantities(plain)):
                    continue  # the claim names the passage's amount with the price
                src, clause, other = rivals[0]
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9,
                    f'states "{value.text}", which [{src.id}] gives for {other.text} ("{clause[:90]}"); the '
                    f"question asks about {asked[0].text}", plain,
                    f"work out the price for {asked[0].text} from [{src.id}], or remove the sentence", src.id,
                    FACT_FACTOR, True, False)
                break
    return out


def _states_in_text(other: str, plain: str) -> bool:
    """Whether the claim states the rival figure too (it lists both cases)."""
    return re.search(rf"(?<![\w.,]){re.escape(other)}(?![\w]|[.,]\d)", plain, re.IGNORECASE) is not None


# "for each bank transaction over the Essentials package limit": a charge past what a base price covers
_PAST_LIMIT = re.compile(r"\b(?:over|above|beyond|past|exceeding)\s+(?:the\s+|its\s+|their\s+|your\s+|my\s+|our\s+)?"
                         r"(?:[\w&'’-]+\s+){0,3}(?:limit|allowance|allocation|cap|quota)s?\b", re.IGNORECASE)
_BASE_PRICE = re.compile(r"\b(?:up\s+to|includes?|including|covers?|covering)\b", re.IGNORECASE)
_PAST_PRICE = re.compile(r"\b(?:extra|additional|further|over|above|beyond|excess|more\s+than|each|per)\b",
                         re.IGNORECASE)


def past_limit_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, the base price for what a limit covers given for the charge past that limit: "£85 a month for up to 80
    bank transactions" for "each bank transaction over the Essentials package limit" (where the page gives no charge
    past the limit). Every cited clause stating the claim's price must write the base's "up to"/"includes" and no word
    of a charge past it ("extra", "each")."""
    out: dict[int, Finding] = {}
    if not _PAST_LIMIT.search(question):
        return out
    for index, (plain, cited, _) in enumerate(claims):
        for value in (q for q in tx.quantities(plain) if q.kind == "currency"):
            owners = [c for src in cited for line in src.lines for c in bands.clauses(line)
                      if any(tx.same_quantity(value, o) for o in tx.quantities(c))]
            if owners and all(_BASE_PRICE.search(c) and not _PAST_PRICE.search(c) for c in owners):
                out[index] = Finding(
                    IssueType.INCOMPLETE, 0.7,
                    f'the question asks what is charged past a limit; {value.text} is the price "{owners[0][:90]}"',
                    plain, f'state the charge past the limit, or write only: "{tx.ABSTAIN}"',
                    cited[0].id if cited else None, INCOMPLETE_FACTOR, True, False)
                break
    return out
