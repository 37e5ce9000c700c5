"""Question-frame checks on the words a figure is given under: a price said of another thing than the claim says.

A price list names each price's thing in its own clause ("Early drop-off from 8:15am costs £5 extra", "Helix
piercings are £30, tragus £32 and daith £38", "£12 per hour before 17:00 and £16 per hour after 17:00"); a wrong
answer gives a price under the question's words that its own clause never uses, and the fact check passes because
the figure is on the page. These checks read what each clause's figure is said of (``label_findings``,
``named_after_findings``, ``list_item_findings``, ``modifier_findings``) and which side of a limit it stands on
(``comparator_findings``); ``other_value`` is shared with the sibling-clause checks of ``case_values``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.grounding import bands, cases
from masis_desktop.core.grounding.claims import (
    BRACKETED,
    FRAME_STEMS,
    GIVING,
    JOINED,
    NEGATION,
    ClaimEvidence,
    claim_values,
    clause_rivals,
    clause_states,
    derived_forms,
    said_of,
    same_value,
)
from masis_desktop.core.schemas import IssueType

LABEL_MIN = 2  # question words the claim gives its value under, which its passage never uses


_ELLIPTIC = re.compile(r"^(?:(?:or|and|but|with|while|whereas|plus)\s+)?(?:[£$€]|\d)|\b(?:they|it|these|those)\b",
                       re.IGNORECASE)


# a heading that is a sentence of its own heads its whole list, figures first or not: "A refundable deposit is taken
# by card: £50 for items under £30 a day, ..., and £300 for items costing £100 a day or more"
_LEAD_IN = re.compile(r"\b(?:is|are|was|were)\s+\w+(?:ed|en)\b|\b(?:is|are)\s+as\s+follows\b", re.IGNORECASE)


_VERB_FIRST = re.compile(r"\s*(?:costs?|is|are|pays?|charges?)\s+(?:[£$€]|\d)", re.IGNORECASE)


# "..., rising to £1,095 for purchases between ...": a clause going on with the figure of the clause before it
_GOES_ON = re.compile(r"\s*(?:(?:and|but)\s+)?(?:reduced|rising|rises|falling|falls|dropping|drops|increasing|"
                      r"decreasing|cut|lowered|raised|going\s+up|going\s+down|up|down)\s+to\b", re.IGNORECASE)


_CONDITION_AFTER = re.compile(r"\s*(?:for|with|if|when|provided|as\s+long\s+as)\b", re.IGNORECASE)


def _clause_words(parts: Sequence[str], i: int) -> set[str]:
    """The words a sentence's ``i``-th clause is said under: its own, the heading of a list the sentence opens
    ("Registered members: manual wheelchair £2 per visit, powered wheelchair £4 per visit"), and the clause before
    it when it leaves its subject out ("Annual membership is £18, or £30 for a couple"; "Private lessons with Priya
    cost £40 per hour; with assistant coach Tom Ashdown they cost £30 per hour"), or that names the case it
    qualifies ("Adult day ticket, two rods: £14"): right answers write their words there.
    A heading is text before a colon that another label follows ("Adults: £10" heads nothing)."""
    out = tx.content_stems(parts[i])
    head, colon, rest = parts[0].partition(":")
    # a heading may carry a figure glued to its word ("Posters on 180gsm satin: A2 £12, A1 £18, A0 £28")
    bare = BRACKETED.sub(" ", head)  # "Large washer (12kg): old £6.50, new £7.50": the bracket describes it
    if colon and rest.strip() and (not tx.quantities(rest.strip().split()[0]) or _LEAD_IN.search(head)) and not any(
            not bare[q.end:q.end + 1].isalpha() for q in tx.quantities(bare)):
        out |= tx.content_stems(head)
    first = rest if colon else parts[0]
    if i > 0 and (lead := tx.quantities(first)) and (mine := tx.quantities(parts[i])) and len(
            tx.words(parts[i][:mine[0].start])) <= 1 and len(noun := tx.words(first[:lead[0].start])) >= 2:
        out |= tx.content_stems(noun[-1])  # "single duvet £16, double £19, king £22": a king duvet
    if i > 0 and (_ELLIPTIC.search(parts[i]) or not tx.quantities(parts[i - 1])):
        out |= tx.content_stems(parts[i - 1])
    if i + 1 < len(parts) and _CONDITION_AFTER.match(parts[i + 1]) and not any(
            o.kind == "currency" for o in tx.quantities(parts[i + 1])):
        # "is available for £250, for events with 50 guests or more": a condition after the price is its own
        # ("£250 ... for events with 50 guests or more" is not the additional guests')
        out |= tx.content_stems(parts[i + 1])
    if i > 0 and _GOES_ON.match(parts[i]):
        out |= tx.content_stems(parts[i - 1])  # "Junior membership is £95 a year, reduced to £80 for ..."
    if i > 0 and _VERB_FIRST.match(parts[i]):
        # "A builder's bag of mixed hardwood, about 1.2 cubic metres loose, costs £125": the subject opens the
        # sentence, so "costs £125" is the bag's
        out |= tx.content_stems(parts[0])
    return out


# the side of a limit a figure stands on: "before 17:00", "up to 20 cm" against "after 17:00", "over 20 cm"
_BELOW = re.compile(r"\b(?:before|until|till|up\s+to|under|below|less\s+than|at\s+most|no\s+more\s+than)\s*$",
                    re.IGNORECASE)
_ABOVE = re.compile(r"\b(?:after|from|over|above|more\s+than|at\s+least|beyond)\s*$", re.IGNORECASE)


def _side(text: str, q: tx.Quantity) -> str | None:
    before = text[max(0, q.start - 24):q.start]
    return "below" if _BELOW.search(before) else "above" if _ABOVE.search(before) else None


def _sides(clause: str, limit: tx.Quantity) -> set[str | None]:
    """The sides on which ``clause`` writes ``limit`` (empty when it does not write it)."""
    return {_side(clause, o) for o in tx.quantities(clause) if tx.same_quantity(limit, o)}


def comparator_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a figure its passage gives on the other side of a limit the claim names: "after 17:00 costs £12" from
    "£12 per hour before 17:00 and £16 per hour after 17:00", "a knife over 20 cm costs £4.50" from "up to 20 cm: £4.50
    ... over 20 cm: £6". Only where the passage writes the limit with the claim's side beside another figure of the
    value's kind: the claim then swapped the two."""
    answer = " ".join(c.plain for c in claims)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        limits = [(q, side) for q in tx.quantities(plain) if q.kind != "currency" and (side := _side(plain, q))]
        if not limits:
            continue
        for value, src in ((v, s) for v in claim_values(plain, question) if v.unit and v.kind == "currency"
                           for s in cited):
            clauses = [part for line in src.lines for c in bands.clauses(line) for part in JOINED.split(c)]
            for limit, side in limits:
                sides = [(c, _sides(c, limit)) for c in clauses]
                stating = [(c, at) for c, at in sides if clause_states(value, c)]
                own = [c for c, at in stating if at - {None, side}]
                if not own or any(side in at for _, at in stating):
                    continue
                rival = next((c for c, at in sides if side in at and clause_rivals(value, c) and not any(
                                  clause_states(o, answer) for o in tx.quantities(c) if o.kind == value.kind)), None)
                if rival is None:
                    continue
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9,
                    f'[{src.id}] gives {value.text} in "{own[0][:80]}", on the other side of {limit.text}; '
                    f'"{rival[:80]}" is what it gives for the claim\'s side', plain,
                    f'state the value [{src.id}] gives in "{rival[:60]}", or remove the sentence', src.id,
                    FACT_FACTOR, True, False)
                break
            if index in out:
                break
    return out


_SAME = re.compile(r"\bthe\s+same\s+[a-z]+", re.IGNORECASE)
_LIST_ITEM = re.compile(r"\s*(?!(?:previously|formerly|was|were|now|then|from|rising|reduced|falling|or|and|up|down|"
                        r"only|just|plus|with)\b)[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?\s*")
_JOINED_ON = re.compile(r"\s*(?:and|or|but|while|whereas|with|plus)\b", re.IGNORECASE)


def other_value(clause: str, value: tx.Quantity, answer: str) -> bool:
    """Whether ``clause`` states another figure of ``value``'s kind, one the answer does not give too."""
    return any(o.kind == value.kind and o.unit is not None and not same_value(value, o)
               and not clause_states(o, answer) for o in tx.quantities(clause))


# "a free nicotine shot is included with every shortfill": a thing the passage gives at no price
_FREE = re.compile(r"\b(?:free(?:\s+of\s+charge)?|complimentary|at\s+no\s+(?:extra\s+)?(?:cost|charge)|no\s+charge)\b",
                   re.IGNORECASE)


def _free_of(clause: str, value: tx.Quantity, answer: str) -> bool:
    """Whether ``clause`` gives its thing free, a price of nothing beside ``value``'s, which the answer does not say:
    "a nicotine shot" priced at the nicotine salts' £4.50 where the page gives a free nicotine shot with every
    shortfill."""
    return value.kind == "currency" and value.value > 0 and bool(_FREE.search(clause)) and not _FREE.search(answer)


# "a 20% supplement applies to the whole booking": a charge the passage gives as a share of the price
_SHARE_CHARGE = re.compile(r"\d(?:\.\d+)?\s*%\s+(?:[\w-]+\s+)?(?:supplement|surcharge|premium|uplift|loading|extra|"
                           r"on\s+top)\b", re.IGNORECASE)


def _share_charge(sentence: str, value: tx.Quantity, answer: str) -> bool:
    """Whether ``sentence`` charges its case as a share of the price ("a 20% supplement") where the answer gives a sum
    and no share: a New Year's Eve wedding's extra charge given as the overnight stay's "£120 per night" beside "For
    weddings on Christmas Eve, New Year's Eve and bank holidays, a 20% supplement applies"."""
    return value.kind == "currency" and bool(_SHARE_CHARGE.search(sentence)) and "%" not in answer


_SIZE_WORDS = frozenset({"single", "double", "twin", "triple"})
# "A single will costs £195 plus VAT and a pair of mirror wills for a couple is £295 plus VAT": a join after a figure
# opening a new subject, no comma before it
_NEW_SUBJECT = re.compile(r"\s+(?=(?:and|but|while|whereas)\s+(?:a|an|the|each|every|our|all)\s)", re.IGNORECASE)
# "Helix piercings are £30, tragus £32 and daith £38": a list item of a case word and its price after "and"
# (the tragus's £32 is no daith piercing's)
_AND_ITEM = re.compile(r"\s+(?=and\s+[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?\s+(?:[£$€]\s?\d|\d+p\b))")


def _split_joins(parts: list[str]) -> list[str]:
    """Clauses cut again at a join opening a new subject between two figures (``_NEW_SUBJECT``, ``_AND_ITEM``): what
    each figure is said of (the couple's £295 is no single will's)."""
    out = []
    for part in parts:
        start = 0
        for m in sorted([*_NEW_SUBJECT.finditer(part), *_AND_ITEM.finditer(part)], key=lambda m: m.start()):
            if tx.quantities(part[start:m.start()]) and tx.quantities(part[m.end():]):
                out.append(part[start:m.start()])
                start = m.end()
        out.append(part[start:])
    return out


def label_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a figure it gives under the question's words that its passage never uses, or uses beside another
    figure: "The late pick-up charge is £5 extra" from "Early drop-off from 8:15am costs £5 extra" in a passage
    that never speaks of late or pick-up; "the e-learning fee for Advanced Open Water is £365" from "Advanced Open
    Water (2 days) £365" where "the e-learning fee (£210 for Open Water)" is written (both answers to
    unanswerable questions). The words are the claim's that are the question's focus, less words that
    frame an amount ("charge", "fee") and the words of the passage's heading, missing from every clause stating the
    price: all of them in one clause stating another price, or at least ``LABEL_MIN`` of them that the passage never
    uses. A sentence speaking of "the same boat" speaks of the sentence before it too, and one ending "respectively"
    of its own list's cases. Prices only: "Evening Swim: 5:30-8pm" is no rival to "Midday Dip:
    12-2pm" for a lunchtime swim. An answer stating the rival figure is cleared."""
    # "a single will" against "mirror wills for a couple": a size word names the case here, not a count (the
    # couple's £295 is no single will's)
    focus = tx.question_focus(question) - FRAME_STEMS | {
        st for w in tx.words(question) if w.lower() in _SIZE_WORDS for st in tx.content_stems(w)}
    answer = " ".join(c.plain for c in claims)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        if not tx.content_stems(plain) & focus:
            continue
        negated = NEGATION.search(plain)  # "the £5 discount ... does not apply to sports massage"
        denied = tx.content_stems(plain[negated.end():]) if negated else set()
        for value, src in ((q, s) for q in claim_values(plain, question) if q.kind == "currency" for s in cited):
            # a period or unit after the price ("£40 a year", "£750 for up to three hours") is how it is counted,
            # which a passage often writes once for all its prices ("a year" written with
            # the full membership only); before it ("the annual booster is £58") it names the thing priced
            after = tx.content_stems(re.split(r"[,;:()]", plain[value.end:])[0])
            words = {w for w in said_of(plain, value) & focus - denied if not (tx.is_unit(w) and w in after)}
            if not words:
                continue
            head = tx.content_stems(src.lines[0].split(":")[0]) if src.lines else set()
            cut = [_split_joins(bands.clauses(line)) for line in src.lines]
            owned = [(parts, i) for parts in cut for i, c in enumerate(parts)
                     if any(o.unit and tx.same_quantity(value, o) for o in tx.quantities(c))]
            own = [parts[i] for parts, i in owned]
            if not own:
                continue
            own_words = set().union(*(_clause_words(parts, i) for parts, i in owned))
            # "The singles winner receives £80 and a trophy, and the runner-up £40": a clause joined on by "and"
            # that leaves out its verb is said under its sentence's words before it ("and early buyers ... pay £3
            # each" is not)
            own_words |= {w for parts, i in owned if i and _JOINED_ON.match(parts[i]) for w in tx.content_stems(
                " ".join(parts[:i])) if len(parts[i].split(value.text)[0].split()) <= 3}
            # "Pencil pleat curtains cost £28 per width, pinch pleat £42 per width": a list item of a case word or
            # two and its price is said under its list's first clause
            # (not "previously £58": a former price is no list item)
            own_words |= {w for parts, i in owned if i and _LIST_ITEM.fullmatch(parts[i].split(value.text)[0])
                          and tx.quantities(parts[0]) for w in tx.content_stems(parts[0])}
            label = words - head - own_words
            # "the £30 monthly membership" for "Members pay £30 a month": one word's forms
            label = {w for w in label if not derived_forms({w}, own_words)}
            after_words = tx.words(re.split(r"[,;:()]", plain[value.end:])[0])[:2]
            named = {w for w in tx.content_stems(" ".join(after_words)) if not tx.is_unit(w)} & focus
            if named and named <= own_words and after_words[0].lower() not in ("per", "a", "an", "each"):
                continue  # "the supper halves the £2 entry": what the £2 is follows it, as its passage says
            for at, line in enumerate(src.lines[1:], 1):
                if not any(c in own for c in bands.clauses(line)):
                    continue
                if _SAME.search(line):  # "In high season the same boat costs £980": the sentence before's boat
                    label -= tx.content_stems(src.lines[at - 1])
                if cases.RESPECTIVELY.search(line):  # "...; single days cost £22 and £28 respectively"
                    label -= tx.content_stems(line)
                    if len(cases.case_list(line)) < 2:  # "Customers in Low Moor ... pay £4.00 and £1.40
                        label -= tx.content_stems(src.lines[at - 1])  # respectively": the list before's
            if not label:
                continue
            body = tx.content_stems(" ".join([*src.lines[1:], src.lines[0].split(":", 1)[-1]]))
            # a rival lacks no name the claim gives its price under that the price's own clause writes: "£175 to
            # clean a four-oven AGA" is the AGA clause's, though "A single built-in oven clean costs £65" says
            # "clean"
            # (unless the rival writes one of the claim's names itself: "the e-learning fee (£190 for Open Water)"
            # rivals "Advanced Open Water (2 days) £340" for the Advanced course's e-learning fee)
            names = {tx.stem(w) for n in tx.names(plain) for w in tx.words(n)} - head  # not the business's
            named = names & said_of(plain, value) & own_words
            # (a clause opening with its verb, "..., costs £110", is read under its sentence's subject)
            rival = next((c for parts in cut for j, c in enumerate(parts) if c not in own
                          and label <= (words_c := tx.content_stems(c) | (
                              tx.content_stems(parts[0]) if j and _VERB_FIRST.match(c) else set()))
                          and (other_value(c, value, answer) or (_free_of(c, value, answer)
                               and not all(tx.is_unit(w) for w in label)))  # "one free call-out a year"
                          and (not named - words_c or names & words_c)
                          and not _other_days(plain, own, c)), None)
            if rival is None and not all(tx.is_unit(w) for w in label):
                rival = next((line for line in src.lines if label <= tx.content_stems(line)
                              and not any(c in own for c in bands.clauses(line))
                              and _share_charge(line, value, answer)), None)
            if rival is None:
                # the label's words its value's own sentence lacks, all in another sentence, one of them in a
                # clause there giving another figure: "the runner-up ... receives £60" from "A separate ladies'
                # knockout costs £4 to enter, with a winner's prize of £60" beside "The winner receives £100 and a
                # trophy, and the runner-up £50"
                own_lines = [line for line in src.lines if any(c in own for c in bands.clauses(line))]
                strong = label - set().union(*(tx.content_stems(line) for line in own_lines))
                # two words at least, not only verbs of giving ("receives" alone names no other prize)
                strong = strong if len(strong) >= LABEL_MIN and strong - GIVING else set()
                rival = max((c for line in src.lines if strong and line not in own_lines
                             and strong <= tx.content_stems(line) for c in bands.clauses(line)
                             if c not in own and strong & tx.content_stems(c) and other_value(c, value, answer)
                             and not _other_days(plain, own, c)),
                            key=lambda c: len(strong & tx.content_stems(c)), default=None)
            if rival is None and (len(label) < LABEL_MIN or label & body):
                continue
            # a rival pricing per something else than the value's own clause prices by is no rival: "each extra
            # weekly service on a site toilet costs £18" ("Extra weekly services are £18 each") is not the toilet's
            # "£22 per week"; unless the claim's label is the rival's rate ("£30 for 40
            # minutes" where "50p per minute", "£2 for each adult" where "50p per adult")
            mine = [_own_rate(c, o) for c in own for o in tx.quantities(c) if tx.same_quantity(value, o)]
            theirs = [tx.rate_of(rival, o) for o in tx.quantities(rival) if o.unit == value.unit] if rival else []
            as_rates = {r for w in tx.words(plain) if tx.stem(w) in label for r in _as_rate(w)}
            if theirs and mine and all(mine) and all(r and r not in mine and not as_rates & r for r in theirs) \
                    and not any(tx.is_unit(w) for w in tx.words(plain) if tx.stem(w) in label):
                continue
            shown = ", ".join(dict.fromkeys(w for w in tx.words(plain) if tx.stem(w) in label
                                            or tx.content_stems(w) & label))  # "single" is "1"
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'[{src.id}] gives {value.text} for "{own[0][:80]}", not for what the claim calls it ({shown})'
                + (f'; it gives that in "{rival[:100]}"' if rival else f"; [{src.id}] never speaks of {shown}"),
                plain, f'state only what [{src.id}] gives for what was asked, or write only: "{tx.ABSTAIN}"', src.id,
                FACT_FACTOR, True, False)
            break
    return out


def _other_days(claim: str, own: Sequence[str], rival: str) -> bool:
    """Whether a rival clause is another day's, the value's own clause the claim's day: "a weekday callout ...
    £145 for the first hour" is no rival to "Sundays and bank holidays at £240" for a Sunday callout."""
    said = bands.days_in(claim)
    theirs = bands.days_in(rival)
    return bool(said and theirs and not said & theirs and any(said & bands.days_in(c) for c in own))


def _as_rate(word: str) -> frozenset[str]:
    """``word`` as a rate names it ("adult" is per person)."""
    text = f"£1 per {word}"
    return tx.rate_of(text, tx.quantities(text)[0])


def _own_rate(clause: str, value: tx.Quantity) -> frozenset[str] | None:
    """What ``value`` of ``clause`` is counted per, "£18 each." too; None when nothing."""
    rate = tx.rate_of(clause, value)
    if not rate and re.match(r"\s*each\b", clause[value.end:], re.IGNORECASE):
        rate = frozenset({tx.EACH})
    return rate or None


_FEE_WORDS = frozenset({"fee", "fees", "charge", "charges", "price", "supplement", "surcharge", "deposit"})
_NOT_NAMES = frozenset({"including", "excluding", "inc", "incl", "less", "plus", "total", "extra", "additional"})


def named_after_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price followed by the name of what it is ("less the £35 admin fee") where the cited clauses
    naming that thing give another price and none of the price's own clauses names it: "the £35 admin fee" where
    "a £20 admin fee" and "£35 per three-hour session" are written (the fact check passes it
    once "50% of £295" in the same answer is read as arithmetic). The name is the one or two words after the
    price, less words that only frame an amount ("fee", "charge") and units; both must be in the rival clause."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        cut: list[list[str]] | None = None  # the cited clauses, cut once per claim when a price is named
        for value in (q for q in tx.quantities(plain) if q.kind == "currency"):
            after = tx.words(re.split(r"[,;:()]", plain[value.end:])[0])[:2]
            if len(after) < 2 or after[1].lower() not in _FEE_WORDS or after[0].lower() in tx.STOPWORDS or (
                    after[0].lower() in _NOT_NAMES):
                continue  # "£35 admin fee": a word naming it, then the kind of amount it is
            name = {w for w in tx.content_stems(after[0]) if w.isalpha() and not tx.is_unit(w)} - FRAME_STEMS
            if not name or name & tx.content_stems(question):
                continue  # the question's own thing is the label check's
            if cut is None:
                cut = [_split_joins(bands.clauses(line)) for src in cited for line in src.lines]
            clauses = [c for parts in cut for c in parts]
            owned = [(parts, i) for parts in cut for i, c in enumerate(parts)
                     if any(o.unit and tx.same_quantity(value, o) for o in tx.quantities(c))]
            if not owned or any(name <= _clause_words(parts, i) for parts, i in owned):
                continue
            own = [parts[i] for parts, i in owned]
            # (a rate names no case: "£35 per adult" is no "adult price")
            per = re.compile(rf"\b(?:per|a|an|each)\s+{re.escape(after[0])}", re.IGNORECASE)
            rival = next((c for c in clauses if name <= tx.content_stems(c) and c not in own and not per.search(c)
                          and other_value(c, value, plain)), None)  # a figure the claim gives too is no rival's
            if rival is None:
                continue
            shown = " ".join(after)
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9, f'gives {value.text} as the {shown}; the passage gives the {shown} in '
                f'"{rival.strip()[:100]}"', plain, "state the figure the passage gives for it, or remove the sentence",
                None, FACT_FACTOR, True, False)
            break
    return out


_PRICE_AT = re.compile(r"[£$€]\s?\d|\b\d+p\b")


def _item_words(part: str) -> set[str]:
    """The case words of a list item: what it writes before its price, less words framing an amount and units."""
    at = _PRICE_AT.search(part)
    before = re.sub(r"^\s*(?:and|or)\s+", "", part[:at.start()] if at else "")
    return {w for w in tx.content_stems(before) if w.isalpha() and not tx.is_unit(w)} - FRAME_STEMS


def list_item_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price of one item of a cited list ("Oak shelves cost £40 per metre, pine £25 per metre and birch
    £30 per metre") given under another item's case word, not its own: "Pine shelves cost £30" (or the tragus's £32
    for a daith piercing from "Helix piercings are £30, tragus £32 and daith £38"). Items after the
    first are a case word or two and a price; the claim must name none of its own item's words and all of another's."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        mine = tx.content_stems(plain)
        for value in (q for q in tx.quantities(plain) if q.kind == "currency"):
            for src in cited:
                for line in src.lines:
                    parts = _split_joins(bands.clauses(line))
                    items = [i for i, p in enumerate(parts) if i and _LIST_ITEM.fullmatch(
                        re.sub(r"^\s*(?:and|or)\s+", " ", p[:m.start()]) if (m := _PRICE_AT.search(p)) else "-")]
                    if len(items) < 2 or not _PRICE_AT.search(parts[0]):
                        continue
                    words = {i: _item_words(parts[i]) for i in [0, *items]}
                    priced = {i: [o for o in tx.quantities(parts[i]) if o.kind == "currency"] for i in words}
                    own = [i for i in words if any(tx.same_quantity(value, o) for o in priced[i])]
                    if len(own) != 1 or own[0] == 0 or words[own[0]] & mine:
                        continue
                    rival = next((i for i in [0, *items] if i != own[0] and words[i] and words[i] <= mine
                                  and not any(tx.same_quantity(value, o) for o in priced[i])), None)
                    if rival is None:
                        continue
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f'gives {value.text}, the price of "{parts[own[0]].strip()[:60]}", for what [{src.id}] prices '
                        f'in "{parts[rival].strip()[:60]}"', plain,
                        f'state the price [{src.id}] gives in "{parts[rival].strip()[:60]}", or remove the sentence',
                        src.id, FACT_FACTOR, True, False)
                    break
                if index in out:
                    break
            if index in out:
                break
    return out


def modifier_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a figure given for the question's kind of a thing whose cited clause gives it for another kind:
    "terracotta floor tiles ... £32 per square metre" where the page writes "the grey porcelain floor tile ... is £32
    per square metre" and never "terracotta" (an unanswerable question answered so). The
    claim's word must be the question's, in no cited passage, before a word the clause writes after another word
    the claim lacks."""
    focus = tx.question_focus(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        pool = set().union(*(tx.content_stems(src.text) for src in cited)) if cited else set()
        for value in (q for q in tx.quantities(plain) if q.unit):
            # what the claim says the figure is of stands before it: "The full uplift day costs £50 for a half day"
            # is no half day's
            words = tx.words(plain[:value.start])
            mine = {tx.stem(w) for w in words}
            for src, line in ((s, ln) for s in cited for ln in s.lines):
                clause = next((c for c in bands.clauses(line)
                               if any(tx.same_quantity(value, o) for o in tx.quantities(c))), None)
                if clause is None:
                    continue
                theirs = tx.words(clause)
                for x, head in itertools.pairwise(words):
                    sx = tx.stem(x)
                    # (not a count or size word: "single sessions" are the page's "pad sessions" one at a time)
                    if sx not in focus or sx in pool or sx in FRAME_STEMS or x.lower() in tx.STOPWORDS \
                            or x.lower() in tx.NUMBER_WORDS or x.lower() in _SIZE_WORDS \
                            or not head.isalpha() or head.lower() in tx.STOPWORDS or tx.stem(head) not in pool:
                        continue
                    other = next((a for a, b in itertools.pairwise(theirs) if tx.stem(b) == tx.stem(head)
                                  and a.lower() not in tx.STOPWORDS and a.isalpha() and tx.stem(a) not in mine
                                  and tx.stem(a) not in FRAME_STEMS and not derived_forms({sx}, {tx.stem(a)})
                                  and x.lower()[:3] != a.lower()[:3]), None)
                    if other is None:
                        continue
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f'gives {value.text} for "{x} {head}"; [{src.id}] gives it for "{other} {head}" and never '
                        f'writes "{x}"', plain, f'write only: "{tx.ABSTAIN}", unless a passage states it', src.id,
                        FACT_FACTOR, True, False)
                    break
                if index in out:
                    break
            if index in out:
                break
    return out
