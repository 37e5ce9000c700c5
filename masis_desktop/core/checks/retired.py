"""Values that no longer hold: a superseded passage, a retired price list, a value from before a change.

``retired_by`` and ``supersedes`` say which chunk took over from which, ``retired_findings`` flags a figure read only
from the replaced list, ``former_value_findings`` one a passage gives only as the value before a change. Kept apart
so the variation and focus checks read the same validity cues (``PAST_ASKED``, the "until"/"from" patterns).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.arithmetic import derived_from
from masis_desktop.core.grounding.claims import (
    YEAR,
    ClaimEvidence,
    Source,
    case_markers,
    clause_around,
    heads,
    own_years,
    period_markers,
    quantity_in,
    same_value,
)
from masis_desktop.core.schemas import IssueType

_REPLACES = re.compile(r"\b(?:replaces|replacing|supersedes|superseding)\s+(?:the\s+)?([^).;,]{1,60})", re.IGNORECASE)


def supersedes(new_head: str, old_head: str) -> bool:
    """Whether a chunk's head says it replaces the other's document: "Terms, version 2 (effective 1 May 2025,
    replaces version 1)" over "Terms, version 1 (March 2024)". The newer value then is the answer unless the
    question names the old case (which the case markers already sort out), not one side of a disagreement."""
    old = " ".join(old_head.lower().split())
    return any(" ".join(m.group(1).lower().split()) in old for m in _REPLACES.finditer(new_head))


# a document that says it is no longer in force: "price list 2024 (replaced on 1 January 2025)", "(now superseded)",
# "no longer valid"; a bare "withdrawn" or "expired" only in brackets ("Cash withdrawn at the desk" is content)
_RETIRED = re.compile(r"\b(?:replaced|superseded)\s+(?:on|by|from|with|as\s+of|in)\b|\bno\s+longer\s+(?:valid|applies|"
                      r"in\s+(?:force|use|effect))|\([^()]*\b(?:superseded|replaced|withdrawn|discontinued|archived|"
                      r"expired|obsolete|out\s+of\s+date)\b[^()]*\)"
                      # "Ferris & Daughter previous price list (used until 28 February 2026)"
                      r"|(?<!replaces\sthe\s)(?<!replacing\sthe\s)(?<!supersedes\sthe\s)(?<!replaces\s)"
                      r"\b(?:previous|former|old|earlier)\s+(?:price\s+list|prices|list|rate\s+card|tariff|"
                      r"terms|edition|version|schedule|fees|rates)\b", re.IGNORECASE)
# "Meat Boxes 2024 (prices changed on 1 March 2025)": the list ran until the day before; a list
# that "changed" is retired only by one applying from that day or later, never on its own ("updated on" may head
# the new list)
CHANGED = re.compile(rf"\b(?:changed|revised|updated)\s+on\s+({tx.DATE.pattern})", re.IGNORECASE)
# "valid until 28 February 2025" against "from 1 March 2025": the later document takes over at the end date
UNTIL_DATE = re.compile(rf"\b(?:valid|applies|applied|in\s+force|prices?)?\s*(?:until|till|up\s+to|to|through)\s+"
                    rf"({tx.DATE.pattern})", re.IGNORECASE)
FROM_DATE = re.compile(rf"\b(?:from|effective(?:\s+from)?|starting|valid(?:\s+from)?|as\s+of|with\s+effect\s+from)\s+"
                   rf"({tx.DATE.pattern})", re.IGNORECASE)
# a question asking about the time before the current documents ("last year", "before the change")
PAST_ASKED = re.compile(r"\b(?:last|previous|past|prior)\s+(?:year|year's|season|season's|list|price\s+list|prices|"
                        r"rates?|tariff|version|edition|terms|schedule)\b|\bpreviously\b|\bused\s+to\b|"
                        r"\bbefore\s+(?:the|it|they|prices?)\b|\b(?:old|older|earlier|former)\s+(?:price|prices|list|"
                        r"rates?|tariff|version|edition|terms|schedule)\b", re.IGNORECASE)


# a value a passage's own clause puts before a change: "until 31 March the price was £32", "before that a small dog
# was £34", "Until 1 January a manual hour cost £38", "Adult prices rose from £4.80 on 1 April" (four
# wrong answers gave the old price as today's and were accepted)
# the bound is a date or a change, not an event ("before the session are charged at 50%")
_FORMER_BOUND = re.compile(rf"\b(?:until|till|before|prior\s+to)\s+(?:that\b|then\b|"
                           rf"(?:the\s+)?(?:end|start|beginning)\s+of\b|(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?(?:{tx.MONTH_RE})\b|(?:19|20)\d\d\b|"
                           rf"(?:the|our|this|last)\s+(?:[\w'’-]+\s+){{0,3}}(?:rise|increase|change|review|"
                           rf"update)s?\b)", re.IGNORECASE)
_FORMER_VERB = re.compile(r"\b(?:was|were|had\s+been|cost)\b", re.IGNORECASE)
_FORMER_ALONE = re.compile(r"\b(?:previously|formerly|used\s+to\s+(?:be|cost))\b", re.IGNORECASE)
_FORMER_FROM = re.compile(r"\b(?:rose|risen|increased|went\s+up|up|raised|fell|dropped|reduced|down|cut)\s+from\s*$",
                          re.IGNORECASE)
# a claim writing the value as the old one, or as another than the one it gives
_CLAIM_PAST = re.compile(r"\b(?:was|were|used\s+to|previously|formerly|until|till|before|old|older|former|earlier|"
                         r"from|instead\s+of|rather\s+than|no\s+longer|last|had|paid|rise|rose|risen|increase[sd]?|"
                         r"went\s+up|then)\b", re.IGNORECASE)


# a sentence about the last period's values as a whole: "Last year's prices were £36, £45, £56 and £72" (£56
# was accepted as this year's; the list's commas cut it into clauses that do not say "last year")
_LAST_PERIOD = re.compile(r"\W*last\s+(?:year|season|term)(?:'s|’s)?\b", re.IGNORECASE)


def _former(value: tx.Quantity, clause: str) -> bool:
    """Whether ``clause`` states ``value`` as the one before a change."""
    for o in tx.quantities(clause):
        if not (o.unit == value.unit and tx.same_quantity(value, o)):
            continue
        # "previously" before the value: "now costs £28 (previously £24)" gives £28 as today's
        if _FORMER_FROM.search(clause, 0, o.start) or _FORMER_ALONE.search(clause, 0, o.start) or (
                _FORMER_BOUND.search(clause) and _FORMER_VERB.search(clause)):
            return True
    return False


def _claim_derived(q: tx.Quantity, claim: str) -> bool:
    """Whether ``claim`` computes ``q`` from two other figures it writes: "£7, because over-65s get £1 off the £8
    book" is today's £8 less £1, whatever the passage's old £7 (it was refused as the old price)."""
    found = [o for o in tx.quantities(claim) if o.unit == q.unit]
    if not found or found[0].start != q.start:
        return False  # the result comes first; an operand ("than the £56 fir" of a wrong answer) does not
    return derived_from(q, [], found[1:], exact=True) is not None


def _former_lead(line: str) -> bool:
    """Whether a sentence opens, before its first price, by giving all its prices as those before a change: "Until
    31 August the monthly fees were Juniors £25, Teens £30 and Seniors £34" (its commas cut the bound off the
    later prices' clauses); not one that also gives today's ("..., and it is now £14")."""
    first = next((o for o in tx.quantities(line) if o.kind == "currency"), None)
    lead = line[:first.start] if first else ""
    return bool(_FORMER_BOUND.search(lead) and _FORMER_VERB.search(lead)) and not _PRESENT.search(line)


_PRESENT = re.compile(r"\b(?:now|currently|today|from\s+then)\b", re.IGNORECASE)  # "..., and it is now £14"


def former_value_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price, percentage or time of day it gives as today's that its passage states only as the one
    before a change, while the question asks about now: what it asks (its sentences ending in "?") is in the
    present tense, whatever it adds ("a friend paid £32"). A claim writing the value as the old one ("£32 was the
    price until 31 March") is not flagged."""
    asks = " ".join(re.findall(r"[^.?!]*\?", question)) or question
    if PAST_ASKED.search(asks) or _PAST_TENSE.search(asks):
        return {}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for q in tx.quantities(plain):
            if not (q.kind == "currency" or q.unit in ("%", "hh:mm")):
                continue
            own, _ = clause_around(plain, q.start, q.end, brackets=False)
            if _CLAIM_PAST.search(own) or _claim_derived(q, plain):
                continue
            stated = [(src, c, line) for src in cited for line in src.lines for c in bands.clauses(line)
                      if any(o.unit == q.unit and tx.same_quantity(q, o) for o in tx.quantities(c))]
            if not stated or not all(_former(q, c) or _LAST_PERIOD.match(line) or _former_lead(line)
                                     for _, c, line in stated):
                continue
            src, clause, _ = stated[0]
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'[{src.id}] gives {q.text} as the value before a change ("{clause[:90]}"); the question asks what '
                "applies now", plain, f"state the current value [{src.id}] gives, or remove the sentence", src.id,
                FACT_FACTOR, True, False)
            break
    return out


def retired_by(old: Source, new: Source) -> bool:
    """Whether ``old`` is a document that ``new`` took over from: ``new`` says it replaces it, ``old`` says it was
    replaced (or withdrawn, no longer valid), or ``old`` runs until a date from which ``new`` applies. On one
    earlier set, 7 of 16 right answers refused were the current price list "disagreeing" with the one it replaced."""
    if old.document == new.document:
        return False
    if supersedes(new.head, old.head):
        return True
    if _RETIRED.search(old.head) and not _RETIRED.search(new.head):
        return True
    until = [tx.date_key(m.group(1)) for pattern in (UNTIL_DATE, CHANGED) for m in pattern.finditer(old.head)]
    start = [tx.date_key(m.group(1)) for m in FROM_DATE.finditer(new.head)]
    # or from the year after it ended: "wedding packages 2024 (valid until 31 December 2024)" against "wedding
    # packages 2025", "term fees 2024/25 (valid until 31 July 2025)" against "term fees 2025/26"
    start += [(int(y), 1, 1) for y in own_years(new.head)]
    return any(u[0] and f[0] and f >= u for u in until for f in start)


# a question about the past by its tense or a date it bounds ("What was the minimum booking before 1 September
# 2025?", "What did a session cost before March 2025?")
_PAST_TENSE = re.compile(rf"\b(?:was|were|did|had)\b|\b(?:before|prior\s+to|until|till)\s+(?:the\s+)?(?:\d{{1,2}}\s+)?"
                         rf"(?:{tx.MONTH_RE}|(?:19|20)\d\d)\b", re.IGNORECASE)


def _forward(sentence: str, old: Source, new: Source) -> bool:
    """Whether a sentence of a replaced list speaks of the time after it: "Loyalty cards stamped in 2025 can be
    redeemed until 30 June 2026" still holds under the 2026 list. Its head's own "(replaced on 3 March 2026)" does
    not count."""
    if old.lines and sentence == old.lines[0]:
        sentence = UNTIL_DATE.sub(" ", re.sub(r"\([^()]*\)", " ", sentence))
    later = set(YEAR.findall(new.head)) - own_years(old.head, spans=False)
    return bool(later & set(YEAR.findall(sentence)))


def bare_count(q: tx.Quantity, text: str) -> bool:
    """Whether a unitless figure is a count or size ("minimum age 14", "groups of 12"), not a year nor the day or
    year of a date ("until 31 March 2026")."""
    if q.unit or 1900 <= q.value < 2100 or q.value != int(q.value):
        return False
    return not any(re.search(rf"(?<![\d.]){re.escape(q.text)}(?![\d.])", m.group(0)) for m in tx.DATE.finditer(text))


def retired_findings(question: str, claims: Sequence[ClaimEvidence], sources: Sequence[Source]
                     ) -> dict[int, Finding]:
    """Per claim, a figure read only from a list that another passage of the evidence replaced, which does not
    state it: "the student night table fee under the current prices is £3" from "Table Fees 2025 (replaced on 3
    March 2026)" where the 2026 list has no student night; "the spectator pays £39" from the 2025 list where the
    2026 one charges £45 (three answers to unanswerable questions, accepted). Not when the question
    asks for the old list's time ("last year", its year), nor when the new list states the same figure, nor for a
    sentence of the old list about the time after it (``_forward``)."""
    if PAST_ASKED.search(question) or _PAST_TENSE.search(question):
        return {}
    markers = case_markers(question) + period_markers(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        # the question's own figures too: "do I still get a 10% discount for 50 spots under the 2026 rate card?"
        # confirmed from the 2025 card; bare counts as well ("minimum age 14", "7 working days",
        # "10 or more" from the 2025 list where the 2026 one says 16, 5, 12: five wrong answers
        # accepted), but never a day or year of a date
        for q in (q for q in tx.quantities(plain) if q.unit or bare_count(q, plain)):
            holders = [s for s in cited if quantity_in(q, s)]
            stale: list[tuple[Source, Source]] = []
            for old in holders:
                # "in Regulations v3.1" names the old case, which "v3.2 (replaces v3.1)" names only as replaced
                newer = [n for n in sources if n.id != old.id and retired_by(old, n) and not any(
                    heads(m, old.head) and not heads(m, _REPLACES.sub(" ", n.head)) for m in markers)]
                said = [line for line in old.lines if any(
                    same_value(q, o) and (q.unit or bare_count(o, line)) for o in tx.quantities(line))]
                # with its unit: the "3" of "from 3 March" is no "£3"; a bare count anywhere in the new list clears
                if not newer or not said or any(
                        (o.unit and tx.same_quantity(q, o)) or (not q.unit and o.value == q.value)
                        for n in newer for o in n.quantities) or any(
                        _forward(line, old, n) for line in said for n in newer):
                    break
                stale.append((old, newer[0]))
            else:
                if stale:
                    old, new = stale[0]
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f"[{old.id}] gives {q.text} in a list that [{new.id}] replaced, and [{new.id}] does not "
                        "state it", plain,
                        f'state what the current list [{new.id}] gives, or write only: "{tx.ABSTAIN}"', old.id,
                        FACT_FACTOR, True, False)
                    break
    return out
