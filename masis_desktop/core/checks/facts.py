"""The per-sentence fact check: numbers, dates, names and addresses of a claim that its cited chunks do not state.

``fact_findings`` classifies each as a hallucination, a factual error (``rate_finding``: the value, but per something
else) or an incorrect citation (see the table in ``audit``). A module of its own because the synthesizer and
``critique_tool`` run it without the rest of the audit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding, cite_ids
from masis_desktop.core.checks.focus import unasked_names
from masis_desktop.core.grounding import band_fit
from masis_desktop.core.grounding.arithmetic import computes, derivations
from masis_desktop.core.grounding.claims import Source, clause_around, quantity_in, same_value, title_states
from masis_desktop.core.grounding.counts import question_counts, thing_counts
from masis_desktop.core.schemas import IssueType


def rate_finding(claim: str, q: tx.Quantity, cited: list[Source]) -> Finding | None:
    """A stated value counted per the wrong thing: "3,000 persons per day" where the cited passage says "3,000
    persons per hour", "EUR 5 per week" for "EUR 5 per month", "per foot per night" for "per metre per night".
    Flagged only when every occurrence of the value in the cited passages is a rate and none is per everything the
    claim names (a value the passage states without a rate is not judged; "per month" stands for "per user per
    month")."""
    mine = tx.rate_of(claim, q)
    if not mine or tx.EACH in mine:
        return None
    first: tuple[Source, tx.Quantity] | None = None
    for src in cited:
        for other in src.quantities:
            if same_value(q, other):
                rate = tx.rate_of(src.text, other)
                if not rate or mine <= rate or tx.EACH in rate:
                    return None
                # "£1,380 per lift per year" where the page writes "per lift" for its first price only: a rate the
                # page counts its prices by
                if rate <= mine and mine - rate <= {w for o in src.quantities for w in tx.rate_of(src.text, o)}:
                    return None
                first = first or (src, other)
    if first is None:
        return None
    src, other = first
    said = clause_around(src.text, other.start, other.end)[0].strip()
    stated = clause_around(claim, q.start, q.end)[0].strip()
    return Finding(IssueType.FACTUAL_ERROR, 0.9, f'states "{stated}" but [{src.id}] says "{said}"', claim,
                   f'state the rate as the source does ("{said}") or remove the sentence', src.id,
                   FACT_FACTOR, True, True, check="facts.rate")


def _owner_or_trade(name: str, question: str, cited_text: str) -> bool:
    """Whether ``name`` is a word of the question's name that its passage may leave out and the question check
    does not require: the owner before a case ("Pulsehall's Northgate club") or the trade after a business name
    ("Velvet Needle Discos" over "Velvet Needle DJs"). A claim repeating the user's name is not citing the wrong
    passage ("Discos" was sent to another business's page)."""
    asked = tx.question_names(question)
    return (name in asked and any(tx.name_stated(n, cited_text) for n in asked if n != name)
            and name not in unasked_names(question, [cited_text]))


def _date_findings(claim: str, cited: Sequence[Source], others: Sequence[Source], cited_ids: Sequence[str],
                   question: str | None) -> list[Finding]:
    """A whole date of the claim ("after 1 September") that no cited passage states, where
    they state other dates: its day number alone ("1") is "stated" by any other first of a month, so "1 September"
    was accepted for "1 July". A date the question gives is its own."""
    if not cited:
        return []
    text = "\n".join(s.text for s in cited)
    rivals = list(dict.fromkeys(m.group(0) for m in tx.DATE.finditer(text)))
    out: list[Finding] = []
    for d in dict.fromkeys(m.group(0) for m in tx.DATE.finditer(claim)):
        # a range does not state the claim's day: "from 1 October to 30 September" holds every day of a year
        if not rivals or tx.states_date(d, text) or (
                question and (tx.states_date(d, question) or tx.in_date_range(d, question))):
            continue
        elsewhere = [s for s in others if tx.states_date(d, s.text)]
        if elsewhere:
            out.append(Finding(IssueType.INCORRECT_CITATION, 0.6,
                               f'"{d}" is not in {cite_ids(cited_ids)}; it is stated '
                               f"in [{elsewhere[0].id}]", claim, f"cite [{elsewhere[0].id}] for this sentence",
                               cited_ids[0], FACT_FACTOR, True, False, check="facts.date.elsewhere"))
        else:
            said = ", ".join(rivals[:3])
            out.append(Finding(IssueType.FACTUAL_ERROR, 0.9,
                               f'states "{d}" but {cite_ids(cited_ids)} says {said}', claim,
                               f"use the date the source states ({said}) or remove the sentence", cited_ids[0],
                               FACT_FACTOR, True, False, check="facts.date.rival"))
        break
    return out


# the asker's own figure said of the asker: "he is 15", "you're 70", "at 15 he is too young"
_ASKER_BEFORE = re.compile(r"\b(?:(?:he|she|you|they|I)\s+(?:is|are|am|turns?|will\s+be)"
                           r"|(?:he|she|you|they)['’](?:s|re)|I['’]m)\s*$", re.IGNORECASE)
_ASKER_AFTER = re.compile(r"^\s*,?\s*(?:he|she|you|they|I)\b", re.IGNORECASE)


def _asker_number(claim: str, q: tx.Quantity, question: str) -> bool:
    """Whether bare number ``q`` is one the question gives, written again of the person asking about (no passage
    need state the user's own age for "No: the minimum age is 16, so at 15 he is too young")."""
    if q.unit is not None or q.value != int(q.value) or q.value not in question_counts(question):
        return False
    before = claim[:q.start]
    return bool(_ASKER_BEFORE.search(before) or (re.search(r"\bat\s*$", before, re.IGNORECASE)
                                                  and _ASKER_AFTER.match(claim[q.end:])))


def _asked_count(claim: str, q: tx.Quantity, question: str) -> bool:
    """Whether bare count ``q`` is the question's, of the same things: "4 panels cost £36" for "I've got 4 curtain
    panels" (the 4 was called invented). The word after it in the claim must follow the number within
    two words in the question, so a question's "I'm 15" never stands for a passage's "minimum age is 15"."""
    if q.unit is not None or q.value != int(q.value) or q.value not in question_counts(question):
        return False
    after = tx.words(claim[q.end:])[:1]
    numeral = rf"(?:{int(q.value)}|{'|'.join(w for w, n in tx.NUMBER_WORDS.items() if n == int(q.value))})"
    found = list(re.finditer(rf"(?<![\w.,]){numeral}(?![\d.,])(?![a-z]{{3}})", question, re.IGNORECASE))
    # "For a flock of 60, ..." for the question's "for a flock of 60 sheep": the thing counted stands before it
    # (the 60 was called invented)
    before = _counted_before(claim[:q.start])
    if before and any(before == _counted_before(question[:m.start()]) for m in found):
        return True
    if not after or after[0].lower() in tx.STOPWORDS:
        return False
    thing = tx.stem(after[0])
    return any(thing in {tx.stem(w) for w in tx.words(question[m.end():])[:3]} for m in found)


_MONEY = r"(?:[£$€]\s?\d[\d,]*(?:\.\d+)?|\d+(?:\.\d+)?p\b)"
_TIMES_MONEY_BEFORE = re.compile(rf"{_MONEY}\s*[×x*]\s*$")
_TIMES_MONEY_AFTER = re.compile(rf"\s*[×x*]\s*{_MONEY}")


def _worked_count(claim: str, q: tx.Quantity, question: str) -> bool:
    """Whether bare count ``q`` is the question's count of things, written as a factor of a price in the answer's
    working: "2 × £12.40 + £5.50" for "two large cod and chips", "£32 × 12" for "12 square metres". The user gave
    that figure, so no passage need state it (the working's result is checked as arithmetic on the cited prices;
    a price no passage states is still a finding). An age the question gives is no count (``thing_counts``)."""
    if q.unit is not None or q.value != int(q.value) or q.value not in thing_counts(question):
        return False
    return bool(_TIMES_MONEY_BEFORE.search(claim[:q.start]) or _TIMES_MONEY_AFTER.match(claim, q.end))


_OF_BEFORE = re.compile(r"\b([a-z]+)\s+of\s*$", re.IGNORECASE)


def _counted_before(text: str) -> str | None:
    """The noun a count follows as "a flock of", "a group of": what it counts."""
    m = _OF_BEFORE.search(text)
    return tx.stem(m.group(1).lower()) if m and m.group(1).lower() not in tx.STOPWORDS else None


_AGED = re.compile(r"(?:-|\s)?(?:years?|yrs?)?[- ]?old\b", re.IGNORECASE)
_AGE_BEFORE = re.compile(r"\b(?:ages?d?|age\s+of)\s*$", re.IGNORECASE)


def _age_as_other(claim: str, q: tx.Quantity, cited: Sequence[Source]) -> tx.Quantity | None:
    """A bare age of the claim ("from age 14") that the cited passages write only as another kind of figure ("up to
    14 days before"): its number is there, but not as anyone's age (a wrong answer passed so)."""
    if q.unit is not None or not _AGE_BEFORE.search(claim[:q.start]) or not cited:
        return None
    if any(o.unit is None and o.value == q.value for s in cited for o in s.quantities) or any(
            q.value in s.number_words for s in cited):
        return None
    return next((o for s in cited for o in s.quantities if o.unit is not None and o.value == q.value), None)


def fact_findings(claim: str, cited: list[Source], evidence: list[Source], *, question: str | None = None,
                  derived: dict[tx.Quantity, str] | None = None) -> tuple[list[str], list[Finding]]:
    """Numbers and names of ``claim`` that the cited sources do not state, classified (see ``audit``'s table).
    A figure computed from cited figures counts as stated when the claim or the ``question`` asks for a
    computation. A name the ``question`` uses is the user's term for the subject, restated, and not a finding when
    no evidence chunk mentions it or only chunks of the cited passages' own documents do (a chunk is read within its
    document); whether the cited passages are about it is ``unasked_names``' business. Mentioned only by another
    document, it is the wrong citation (a rival's page cited for the business asked about)."""
    missing: list[str] = []
    if derived is None:  # the audit passes what it computed once for the sentence's note
        derived = derivations(claim, question, cited, computing=computes(claim, question, cited))
    findings: list[Finding] = []
    others = [s for s in evidence if s not in cited]
    cited_ids = [s.id for s in cited]
    for q in tx.quantities(claim):
        if (as_age := _age_as_other(claim, q, cited)) is not None:
            missing.append(q.text)
            findings.append(Finding(
                IssueType.FACTUAL_ERROR, 0.9, f'states age {q.text}, but {cite_ids(cited_ids)} gives {q.text} only as '
                f'"{as_age.text}"', claim, "use the age the source states or remove the sentence",
                cited_ids[0] if cited_ids else None, FACT_FACTOR, True, True, check="facts.age"))
            continue
        if any(quantity_in(q, s) for s in cited):
            if (wrong_rate := rate_finding(claim, q, cited)) is not None:
                missing.append(q.text)
                findings.append(wrong_rate)
            continue
        if q in derived:
            continue
        if question and q.unit == "hh:mm" and q.value in tx.spoken_times(question):
            continue  # the question's own "half past three", written "3.30pm"
        if question and q.unit == "hh:mm" and any(a.unit == "hh:mm" and a.value == q.value
                                                  for a in tx.quantities(question)) and any(
                o.unit == "hh:mm" and o.value != q.value and any(quantity_in(o, s) for s in cited)
                for o in tx.quantities(claim)):
            continue  # the question's "6.30am" set against the passage's times: "6.30am is before 7am"
        if question and _AGED.match(claim, q.end) and q.value in question_counts(question):
            continue  # "for a three-year-old" is the question's "my 3-year-old", "the 13-year-old"
            # the question's "My kids are 9 and 13"
        if question and cited and band_fit.restated_condition(question, claim, q, [x for s in cited for x in s.lines]):
            continue
        if question and _asker_number(claim, q, question):
            continue  # "so at 15 he is too young": the question's "My grandson is 15"
        if question and _asked_count(claim, q, question):
            continue  # "7 players at £8 each": the question's "Our new team has 7 players"
        if question and _worked_count(claim, q, question):
            continue  # "2 × £12.40 + £5.50": the question's "two large cod and chips"
        if question and any(a.unit is None and a.value == q.value for a in tx.quantities(question)) and any(
                title_states(q, claim, s) for s in cited):
            continue  # the question's "GFDL 1.3" restated, which the cited passage's title (file GFDL-1.3) writes
        if question and q.unit and q.kind not in ("currency", "clock") and any(
                a.unit == q.unit and tx.same_quantity(q, a) for a in tx.quantities(question)):
            continue  # "£20 for 40 minutes of glider hire": the question's "40 minutes of flying"
        if q.unit is None and q.value == int(q.value) and any(
                re.search(rf"\b(?:under|over)[- ]?{int(q.value)}s\b", s.text, re.IGNORECASE) for s in cited):
            continue  # "under 18" is what "Under-18s" says, though no figure is parsed from it
        missing.append(q.text)
        elsewhere = [s for s in others if quantity_in(q, s)]
        if elsewhere:
            findings.append(Finding(
                IssueType.INCORRECT_CITATION, 0.6,
                f'"{q.text}" is not in {cite_ids(cited_ids)}; it is stated in [{elsewhere[0].id}]',
                claim, f"cite [{elsewhere[0].id}] for this sentence", cited_ids[0] if cited_ids else None,
                FACT_FACTOR, True, False, check="facts.number.elsewhere"))
            continue
        rivals = [o for s in cited for o in s.quantities if q.kind and o.kind == q.kind and o.unit]
        if rivals:
            said = ", ".join(dict.fromkeys(o.text for o in rivals[:3]))
            findings.append(Finding(
                IssueType.FACTUAL_ERROR, 0.9, f'states "{q.text}" but {cite_ids(cited_ids)} says {said}', claim,
                f"use the value the source states ({said}) or remove the sentence",
                cited_ids[0] if cited_ids else None, FACT_FACTOR, True, True, check="facts.number.rival"))
        else:
            where = cite_ids(cited_ids) if cited_ids else "the evidence"
            findings.append(Finding(
                IssueType.HALLUCINATION, 0.9, f'"{q.text}" appears in none of the evidence (checked {where})',
                claim, "remove this number or cite a passage that states it",
                cited_ids[0] if cited_ids else None, FACT_FACTOR, True, True, check="facts.number.absent"))
    cited_text = "\n".join(s.text for s in cited)
    cited_documents = {s.document for s in cited}
    findings += _date_findings(claim, cited, others, cited_ids, question)
    for name in dict.fromkeys(tx.names(claim)):
        if tx.name_in(name, cited_text) or (question and _owner_or_trade(name, question, cited_text)):
            continue
        elsewhere = [s for s in others if tx.name_in(name, s.text)]
        if question and tx.name_in(name, question) and (
                not elsewhere or all(s.document in cited_documents for s in elsewhere)):
            continue  # the user's own name for the subject, restated, not claimed: no passage repeats it, or only
            # the cited passage's own document does (a page's title or footer, another of its sections)
        missing.append(name)
        if elsewhere:
            findings.append(Finding(
                IssueType.INCORRECT_CITATION, 0.6,
                f'"{name}" is not in {cite_ids(cited_ids)}; it is mentioned in [{elsewhere[0].id}]', claim,
                f"cite [{elsewhere[0].id}] for this sentence", cited_ids[0] if cited_ids else None,
                FACT_FACTOR, True, False, check="facts.name.elsewhere"))
        else:
            findings.append(Finding(
                IssueType.HALLUCINATION, 0.9, f'"{name}" is named in none of the evidence', claim,
                f'remove "{name}" or cite a passage that names it', cited_ids[0] if cited_ids else None,
                FACT_FACTOR, True, True, check="facts.name.absent"))
    findings += _address_findings(claim, cited, others, cited_ids, question)
    return missing, findings


ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:https?://|www\.)[\w./?=&%#-]*[\w/]")


def _address_findings(claim: str, cited: Sequence[Source], others: Sequence[Source], cited_ids: Sequence[str],
                      question: str | None) -> list[Finding]:
    """An email or web address the cited passages do not write, letter for letter: a lower-case address is
    neither a number nor a name, so "isla@tansyloopyarns.co.uk" for "hello@tansyloopyarns.co.uk" passed every
    other check (two such wrong answers were accepted)."""
    out: list[Finding] = []
    cited_text = "\n".join(s.text for s in cited).lower()
    for m in dict.fromkeys(a.rstrip(".") for a in ADDRESS.findall(claim)):
        if m.lower() in cited_text or (question and m.lower() in question.lower()):
            continue
        elsewhere = [s for s in others if m.lower() in s.text.lower()]
        if elsewhere:
            out.append(Finding(IssueType.INCORRECT_CITATION, 0.6,
                               f'"{m}" is not in {cite_ids(cited_ids)}; it is written in [{elsewhere[0].id}]', claim,
                               f"cite [{elsewhere[0].id}] for this sentence", cited_ids[0] if cited_ids else None,
                               FACT_FACTOR, True, False, check="facts.address.elsewhere"))
        else:
            out.append(Finding(IssueType.HALLUCINATION, 0.9, f'"{m}" is written in none of the evidence', claim,
                               f'remove "{m}" or cite a passage that writes it', cited_ids[0] if cited_ids else None,
                               FACT_FACTOR, True, True, check="facts.address.absent"))
    return out
