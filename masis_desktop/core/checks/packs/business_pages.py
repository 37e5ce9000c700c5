"""Question-frame checks on whose page a value comes from: the business the question names, or a rival one.

Evidence for "What are Reedline Thatching's working hours?" may hold a rival thatcher's page too; every figure of a
wrong answer read from it is in a cited passage, so the fact check passes. A page's business is read from its title
sentence ("Reedline Thatching, Dorchester – Working on Site."); ``asked_pages`` keeps the pages of the business asked
about (the audit and the slot check read claims against them), and the checks flag a claim citing only another
business's pages (``other_business_findings``), a value only a rival's cited page states
(``rival_business_findings``) and a page title copied as an answer (``title_copy_findings``). ``ASKS_VALUE`` says
when a question asks for one figure, time or day, which a copied page does not answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import asked_kind
from masis_desktop.core.checks.findings import FACT_FACTOR, INCOMPLETE_FACTOR, Finding, cite_ids
from masis_desktop.core.grounding.arithmetic import computes, derivations
from masis_desktop.core.grounding.claims import YEAR, ClaimEvidence, Source, claim_values, quantity_in
from masis_desktop.core.grounding.counts import COUNT_NAMES
from masis_desktop.core.schemas import IssueType

# a page's title sentence: "Reedline Thatching, Dorchester – Working on Site." (the business before the town)
_TITLE_NAME = re.compile(r"\s*((?:[A-Z][\w'’&.-]*\s+|&\s+){0,6}[A-Z][\w'’&.-]*)\s*(?:,\s*(?:[A-Z][\w'’.-]*\s+){0,2}"
                         r"[A-Z][\w'’.-]*\s*)?[–—-]\s")
_NOT_DISTINCT = frozenset({"the", "a", "an", "&", "and", "of", "at"})


def page_business(src: Source) -> str | None:
    """The business a chunk's page is about, from its title sentence ("Name, Town – Topic."), which a chunk carries
    as its heading or as its first line."""
    for text in (src.about, src.lines[0] if src.lines else ""):
        m = _TITLE_NAME.match(text)
        if m is not None:
            return m.group(1)
    return None


def _asks_about(business: str, question: str) -> bool:
    """Whether the question names ``business`` by its first distinctive word ("Reedline" of "Reedline Thatching"):
    rival businesses of one trade share their trade words, never their names."""
    first = next((w for w in business.split() if w.lower() not in _NOT_DISTINCT), None)
    return first is not None and re.search(rf"\b{re.escape(first)}\b", question, re.IGNORECASE) is not None


_HOW_MANY = re.compile(r"\bhow\s+(?:many|long|much|old|far|early|late|often|soon)\b|\bopening\s+hours\b|"
                       r"\b(?:which|what)\s+(?:day|days|time|date|month)\b|^\s*when\b|"
                       # "What is the order cut-off time ...?"
                       r"\bwhat\s+(?:is|are)\s+the\s+(?:[\w-]+\s+){0,2}(?:time|date|day|price|cost|fee)s?\b",
                       re.IGNORECASE)
ASKS_VALUE = _HOW_MANY  # a question for one figure, time or day, which a copied page does not answer
# ("On which day of the week does Harbourside run its latte art class?" is not answered by a copied page)
_TITLE_LIKE = re.compile(r"[A-Z][^.]{0,80}\s[–—]\s[A-Z][^.]*$")  # "Name in Town – Topic", a title's shape


def title_copy_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a page's title sentence copied as a sentence of the answer ("Fleeceworks Shearing, Builth Wells –
    Rates and Booking."): the writer is copying the page, not answering, and the sentences after it pass the fact
    check because they are the page's own (a small writer answers unanswerable questions so)."""
    # only for a question asking for one value (a price, a time, an age, a number): a copy of a page may be a fair
    # answer to "Which weekend courses does Brackenholt run?"
    if asked_kind(question) is None and not _HOW_MANY.search(question):
        return {}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        text = " ".join(plain.split()).rstrip(". ")
        if len(text.split()) > 14 or not _TITLE_LIKE.match(text):
            continue
        for src in cited:
            title = " ".join((src.lines[0] if src.lines else "").split()).rstrip(". ")
            # as written, or reworded within its words ("Suction Clinic in Wakefield – Warranty and Collection")
            if title and (text == title or text in src.about or (
                    _TITLE_NAME.match(title + " ") and tx.content_stems(text) <= tx.content_stems(title))):
                out[index] = Finding(
                    IssueType.INCOMPLETE, 0.7, f"copies the title of [{src.id}] instead of answering", plain,
                    f'answer the question from [{src.id}], or write only: "{tx.ABSTAIN}"', src.id,
                    INCOMPLETE_FACTOR, True, False)
                break
    return out


def asked_pages(question: str, cited: Sequence[Source]) -> list[Source]:
    """The cited chunks of pages about the business the question names, when some cited chunks are of a rival's
    page; else all of them."""
    names = [page_business(src) for src in cited]
    asked = [src for src, name in zip(cited, names, strict=True) if name and _asks_about(name, question)]
    rivals = any(name and not _asks_about(name, question) for name in names)
    return asked if asked and rivals else list(cited)


_AGE_BOUND = re.compile(r"\b(?:under|over)[- ]?(\d{1,2})s?\b", re.IGNORECASE)


def _said_items(plain: str, question: str, derived: dict[tx.Quantity, str]) -> list[tuple[str, Any]]:
    """What a claim commits to that a page can state or not: its figures (not those it computes), the bare numbers
    of "under-18s", counts in words ("five working days") and person-like names the question does not give."""
    items: list[tuple[str, Any]] = [
        (v.text, v) for v in claim_values(plain, question) if v not in derived and not YEAR.fullmatch(v.text.strip())
        and not (v.unit is None and v.noun is None and not 1 < v.value < 1000)]
    items += [(m.group(0), float(m.group(1))) for m in _AGE_BOUND.finditer(plain) if m.group(0) not in question]
    items += [(w, float(tx.NUMBER_WORDS[w])) for w in dict.fromkeys(tx.words(plain.lower()))
              if w in COUNT_NAMES and tx.NUMBER_WORDS[w] > 1 and w not in question.lower()]
    items += [(m.group(0), m.group(0)) for m in tx.PERSON.finditer(plain) if not tx.name_in(m.group(0), question)
              and m.group(0).split()[-1].lower() not in tx.ROLE_WORDS]
    items += [(m.group(0), _denial_on_page(m)) for m in _DENIAL.finditer(plain)]
    return items


# a denial is a thing a page states or not: "closed on Sundays", "no legal fee at all" (read from a rival's
# page, while the asked business's page gives Sunday hours and half the fee, both are wrong)
_DENIAL = re.compile(r"\b(?:closed|shut)\s+(?:on\s+|all\s+day\s+(?:on\s+)?)?(?P<day>(?:mon|tues|wednes|thurs|fri|satur|"
                     r"sun)day)s?\b|\b(?:no|not\s+any)\s+(?:[a-z]+\s+){0,2}?(?P<noun>fee|charge|cost)s?\b",
                     re.IGNORECASE)


def _denial_on_page(m: re.Match[str]) -> re.Pattern[str]:
    """How a page writes the denial ``m`` matched: the same day closed, or any "no ... fee"/"free of charge"."""
    if m.group("day"):
        return re.compile(rf"\b(?:closed|shut)\s+(?:on\s+|all\s+day\s+(?:on\s+)?)?{m.group('day')}s?\b", re.IGNORECASE)
    return re.compile(r"\b(?:no|not\s+any)\s+(?:[a-z]+\s+){0,2}?(?:fee|charge|cost)s?\b|\bfree\s+of\s+charge\b|"
                      r"\bwaived?\b", re.IGNORECASE)


def _page_states(item: Any, src: Source) -> bool:
    if isinstance(item, tx.Quantity):
        return quantity_in(item, src)
    if isinstance(item, re.Pattern):
        return bool(item.search(src.text))
    if isinstance(item, float):  # a bare number: in figures, in words, or as "under-16s"
        return item in src.number_words or any(o.unit is None and o.value == item for o in src.quantities) or any(
            float(m.group(1)) == item for m in _AGE_BOUND.finditer(src.text))
    return tx.name_in(item, src.text)


def other_business_findings(question: str, claims: Sequence[ClaimEvidence], sources: Sequence[Source]
                            ) -> dict[int, Finding]:
    """Per claim citing only pages of other businesses than the one the question names, which a page of the evidence
    is about: "Flush Events luxury toilet trailer needs a standard 13-amp power supply" citing Loo2Go Hire's page
    alone (the name check passes it: "Flush" is no name at a sentence's start, and Loo2Go's title says
    "Event")."""
    asked = {name for src in sources if (name := page_business(src)) and _asks_about(name, question)}
    out: dict[int, Finding] = {}
    if not asked:
        return out
    for index, (plain, cited, _) in enumerate(claims):
        pages = [(src, page_business(src)) for src in cited]
        if not pages or any(name is None or _asks_about(name, question) for _, name in pages):
            continue
        src, name = pages[0]
        out[index] = Finding(
            IssueType.FACTUAL_ERROR, 0.9,
            f"cites only the page of {name} [{src.id}]; the question asks about {sorted(asked)[0]}", plain,
            f"state what the page of {sorted(asked)[0]} gives, or remove the sentence", src.id, FACT_FACTOR, True,
            False)
    return out


def rival_business_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim citing the page of the business the question names and a rival's page, a figure, count in words or
    person only the rival's page states: "Reedline's crews work from 8am to 5pm" where Reedline's page says 7.30am to
    4pm and Marsh & Sons' 8am to 5pm, "aged 12 or over" for Forest Trail Segways from Castle Glide's page (each figure
    is in a cited passage, so the fact check passes), the rival's technician as the asked parlour's engineer, its "five
    working days". A figure the claim computes is not judged here ("four rams at £4.50 each (£18)", though a rival
    charges £18 for alpacas)."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        pages = [(src, page_business(src)) for src in cited]
        asked = [src for src, name in pages if name and _asks_about(name, question)]
        rivals = [(src, name) for src, name in pages if name and not _asks_about(name, question)]
        if not asked or not rivals:
            continue
        derived = derivations(plain, question, asked, computing=computes(plain, question, asked))
        for text, item in _said_items(plain, question, derived):
            if any(_page_states(item, src) for src in asked):
                continue
            other = next(((src, name) for src, name in rivals if _page_states(item, src)), None)
            if other is None:
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'states "{text}", which [{other[0].id}] gives for {other[1]}; the question asks about the '
                f"business of {cite_ids([s.id for s in asked])}", plain,
                f"state the value {cite_ids([s.id for s in asked])} gives, or remove the sentence", asked[0].id,
                FACT_FACTOR, True, False)
            break
    return out
