"""Question-frame checks about who: the person, phone number or email an answer gives for what the question asks.

A passage often lists several people side by side ("Resident artists: Sol Brennan (colour realism) and Aiko Tan
(Japanese)", "Service reception and invoices: Philippa Garnock, 01632 558 300"); a wrong answer names one of them for
another's role, day or year, and every name it writes is on the page, so the name check passes. These checks read
whose clause states what the question asks about (``person_findings``, ``contrast_person_findings``), which days or
which year's pages give the named person (``person_day_findings``, ``year_person_findings``) and whose name a contact
detail is written beside (``contact_findings``). Each ``*_findings(question, claims)`` maps claim indices to a
``Finding`` and is registered in ``checks.registry``; ``model.slots`` uses ``person_confirms`` to settle a person by
code instead of asking the critic model.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import asked_contact, contact_values
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import (
    YEAR,
    ClaimEvidence,
    Source,
    case_markers,
    heads,
    own_years,
)
from masis_desktop.core.schemas import IssueType

PERSON_FIT_MIN = 2  # question words another person's clause must share (and more than the stated person's)
_ASKS_PERSON = re.compile(r"\b(?:who(?:m|se)?|which)\b", re.IGNORECASE)  # "which walker"
# a question asking for a person by another's role ("deputy to the site supervisor") shares its words with the
# other person's clause, not the answer's
_RELATION = re.compile(r"\b(?:deput(?:y|ies|ises|izes)|assistant|assists|reports?|reporting|replac\w*|succeed\w*"
                       r"|instead|other\s+than|apart\s+from|besides|except|covers?\s+for|stands?\s+in|backup|"
                       r"second|under)\b", re.IGNORECASE)


# holidays read as two capitalised words: "Christmas Eve" is no rival to a branch manager
_HOLIDAY_WORDS = frozenset({"christmas", "easter", "boxing", "whitsun", "hogmanay", "halloween", "bank"})


def person_name(name: str) -> bool:
    """A person-like name rather than a role ("Site Manager"), a holiday ("Christmas Eve") or a sentence's first
    words ("Each Nordic")."""
    words = name.split()
    if len(words) == 2 and words[0] in ("St", "Saint"):
        return False  # "St Mary's" is a church or a tower, no rival to the ringing master
    return words[-1].lower() not in tx.ROLE_WORDS and words[0].lower() not in tx.STOPWORDS and not any(
        w.lower() in _HOLIDAY_WORDS for w in words)


_PLACE_WORDS = frozenset({"street", "road", "lane", "quay", "square", "park", "hall", "room", "studio", "centre",
                          "center", "wharf", "yard", "way", "avenue", "court", "estate", "mill", "farm", "house",
                          "cove", "bay", "island", "green", "gardens", "place", "row", "branch", "site", "depot"})


def _named_person(name: str) -> bool:
    """A name that reads as a person's, not a place's ("Market Street", "Coral Room"): one shared word is enough
    to prefer such a person's clause (``person_findings``), never a place's."""
    return person_name(name) and name.split()[-1].lower() not in _PLACE_WORDS


# "What must every coach hold?": a role every holder of which the question asks about is its subject, not a
# person asked for (no coach's clause is the answer's to name)
_EVERY_ROLE = re.compile(r"\b(?:every|each|all|any)\s+([a-z]+)\b", re.IGNORECASE)


def _person_asked(question: str) -> bool:
    """Whether a question asks for a person ("who", or a role word), and not by another's role ("deputy to the
    site supervisor") nor about every holder of a role ("every coach")."""
    if _RELATION.search(question):
        return False
    if _ASKS_PERSON.search(question):
        return True
    every = {m.group(1).lower() for m in _EVERY_ROLE.finditer(question)}
    return any(w.lower() in tx.ROLE_WORDS and w.lower() not in every for w in tx.words(question))


def _asks_person(question: str, focus: set[str]) -> bool:
    """Whether person fit may judge the question: it asks for a person by at least ``PERSON_FIT_MIN`` focus
    words."""
    return len(focus) >= PERSON_FIT_MIN and _person_asked(question)


_AND_PERSON = re.compile(rf"\s+and\s+(?={tx.PERSON.pattern})")


_ELLIPSIS = re.compile(r"(at|for|in|on)\s+[A-Z]")
# a clause continuing the list of the person before it: lower-case, no label, not a new subject or sentence
_CONTINUES = re.compile(r"(?!(?:the|a|an|our|we|you|all|every|each|it|they|this|these|no)\b)[a-z]"
                        r"(?![^:]*\b(?:is|are|was|were|has|have|by)\b)[^:]*$")


def _person_clauses(sentence: str) -> list[str]:
    """A sentence cut as for bands, and before "and" opening another person: "Resident artists: Sol Brennan (colour
    realism) and Aiko Tan (Japanese)" is one clause per artist. A clause that only names the next
    place ("Head tutor at Weaver's Yard: Chef Ottilie Boateng; at Brindlecombe Farm: Chef Leopold Castellan")
    takes the words before the same preposition in the clause before it."""
    out: list[str] = []
    for part in (p for c in bands.clauses(sentence) for p in _AND_PERSON.split(c) if p):
        m = _ELLIPSIS.match(part)
        if m and out and (lead := re.match(rf"(.+?)\s{m.group(1)}\s+[A-Z]", out[-1])):
            part = f"{lead.group(1)} {part}"
        elif out and _CONTINUES.match(part) and tx.PERSON.search(out[-1]) and not tx.PERSON.search(part):
            out[-1] = f"{out[-1]}, {part}"  # "Gwenllian Soper handles tiling, sealant and small plumbing jobs"
            continue
        elif out and (m := tx.PERSON.match(part)) and person_name(m.group(0)) and not tx.PERSON.search(out[-1]) \
                and not tx.quantities(out[-1]) and not bands.days_in(out[-1]):
            out[-1] = f"{out[-1]}, {part}"  # "B team, Sunita Rao"; "our exotic pet vet, Dr Hannah Lindqvist"
            continue
        out.append(part)
    return out


Fit = tuple[int, int]  # (focus words a clause shares with the question, the question's names it writes)


def _person_fit(question: str, focus: set[str], person: str, cited: Sequence[Source]
                ) -> tuple[Fit, tuple[Fit, str, str, str] | None]:
    """(the fit of the stated person's best clause, or (-1, 0) when no clause names them; the best clause naming
    another person as (fit, name, clause, chunk id)). Focus words count first; the question's names (a place or
    branch: "at the Brindlecombe Farm kitchen") only break a tie, as a rival's clause often names them too (the
    ferry "MF Solvik Tern" beside its master when the question asks for its engineer)."""
    own: Fit = (-1, 0)
    best: tuple[Fit, str, str, str] | None = None
    cases = tx.question_names(question)
    for src in cited:
        for at, sentence in enumerate(src.lines):
            for clause in _person_clauses(sentence):
                shared = (len(focus & tx.verb_stems(clause)), sum(tx.name_stated(n, clause) for n in cases))
                for m in tx.PERSON.finditer(clause):
                    name = m.group(0)
                    if name == person or name in person or person in name:
                        # the first line too: a chunk opening "... phone our lettings secretary, Graham Pettifer"
                        # names him there
                        own = max(own, shared)
                    elif at and person_name(name) and not tx.name_in(name, question) and (
                            best is None or shared > best[0]):
                        best = (shared, name, clause, src.id)
    return own, best


def person_confirms(question: str, claim: str, cited: Sequence[Source]) -> bool:
    """Whether the person a claim names has the clause that fits the question best, by at least
    ``PERSON_FIT_MIN`` focus words and more than any other person's: code settles it, so no slot question is
    put to the 1.5B (which, asked, may give "Sol Brennan (colour realism)"'s slot to Aiko Tan)."""
    focus = tx.question_focus(question)
    if not _asks_person(question, focus):
        return False
    people = [m.group(0) for m in tx.PERSON.finditer(claim)
              if not tx.name_in(m.group(0), question) and person_name(m.group(0))]
    for person in people:
        own, best = _person_fit(question, focus, person, cited)
        if own[0] >= PERSON_FIT_MIN and (best is None or own > best[0]):
            return True
    return False


_BY_NAME = re.compile(r"\b(?:by|with)\s*$", re.IGNORECASE)


def _people_days(sentence: str) -> list[tuple[str, set[float]]]:
    """Each person a sentence names, with the days of the week it gives them: the bracket after the name
    ("Caradoc Whittle (weekdays) and Bronwen Ashmore-Lyle (Saturdays and Thursday afternoons)"), the words before
    it when they end in "by" or "with" ("on Mondays and Wednesdays by Ysolde Brankworth and on other days by
    Tamsin Oakhollow"), else the words up to the next person. "Other days" are the days no one else is given."""
    found = [m for m in tx.PERSON.finditer(sentence) if _named_person(m.group(0))]
    spans: list[tuple[str, str]] = []
    for i, m in enumerate(found):
        before = sentence[found[i - 1].end() if i else 0:m.start()]
        after = sentence[m.end():found[i + 1].start() if i + 1 < len(found) else len(sentence)]
        bracket = re.match(r"\s*\(([^()]*)\)", after)
        if bracket:
            text = bracket.group(1)
        elif _BY_NAME.search(before):
            text = re.split(r"\)\s*", before)[-1]
        else:
            text = after
        spans.append((m.group(0), text))
    given = [(name, bands.days_in(text), bool(bands.OTHER_DAYS.search(text))) for name, text in spans]
    named = set().union(*(days for _, days, _ in given)) if given else set()
    rest = {float(d) for d in range(1, 8)} - named
    return [(name, days | (rest if other else set())) for name, days, other in given]


def _asked_weekday(question: str) -> float | None:
    """The one weekday a question names ("Who presents Local Lunch on a Thursday?"), else None."""
    days = bands.weekdays(question)
    return float(days[0]) if len(days) == 1 else None


def _day_readings(person: str, cited: Sequence[Source]) -> Iterator[tuple[Source, list[set[float]],
                                                                           dict[str, set[float]]]]:
    """Per cited sentence naming ``person``: its passage, the days it gives them (one set per mention) and the
    days it gives everyone it names."""
    for src in cited:
        for sentence in src.lines[1:]:
            given = dict(_people_days(sentence))
            mine = [days for name, days in given.items() if name == person or person in name or name in person]
            if mine:
                yield src, mine, given


def _day_owner(day: float, person: str, cited: Sequence[Source]) -> tuple[set[float], str, str] | None:
    """(the days a passage gives ``person``, another person it gives ``day``, the chunk id) when the same sentence
    gives ``person`` only other days."""
    for src, mine, given in _day_readings(person, cited):
        if all(mine) and not any(day in d for d in mine):
            rival = next((name for name, days in given.items() if day in days and name not in person), None)
            if rival:
                return set().union(*mine), rival, src.id
    return None


def person_day_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a person the passage gives other days than the one the question asks about, while it gives that
    day to someone else: "Which MOT tester works on Saturdays?" answered "Caradoc Whittle" from "Caradoc Whittle
    (weekdays) and Bronwen Ashmore-Lyle (Saturdays and Thursday afternoons)"; "Who presents Local Lunch on a
    Thursday?" answered "Ysolde Brankworth" from "on Mondays and Wednesdays by Ysolde Brankworth and on other days
    by Tamsin Oakhollow" (person fit alone would pass both, and refuse the first's right answer)."""
    day = _asked_weekday(question)
    # the day alone picks the person, so no focus words are needed ("Who presents Local Lunch on a Thursday?")
    if day is None or not _person_asked(question):
        return {}
    answer = " ".join(c.plain for c in claims)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for person in (m.group(0) for m in tx.PERSON.finditer(plain) if not tx.name_in(m.group(0), question)
                       and _named_person(m.group(0))):
            owner = _day_owner(day, person, cited)
            if owner is None or owner[1] in answer:
                continue
            days, rival, cid = owner
            given = ", ".join(tx.WEEKDAYS[int(d) - 1].capitalize() for d in sorted(days))
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f"names {person}, but [{cid}] gives {person} {given} and {rival} the day the question asks about",
                plain, f"check whom [{cid}] names for that day, or remove the sentence", cid, FACT_FACTOR, True,
                False)
            break
    return out


def year_person_findings(question: str, claims: Sequence[ClaimEvidence], sources: Sequence[Source]
                         ) -> dict[int, Finding]:
    """Per claim, a person named only in passages whose titles give another year than the one the question asks
    about, while a passage of the asked year is in the evidence and names someone else: "Who was the volunteer
    coordinator in the 2025 edition?" answered with the 2026 edition's coordinator. A
    title's own years only (``heads``): "2025 edition (replaced by the 2026 edition on ...)" is of both years."""
    years = [m for m in case_markers(question) if YEAR.fullmatch(m)]
    if len(years) != 1 or not _person_asked(question):
        return {}
    year = years[0]
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for person in (m.group(0) for m in tx.PERSON.finditer(plain) if not tx.name_in(m.group(0), question)
                       and _named_person(m.group(0))):
            holders = [s for s in cited if any(tx.name_in(person, line) for line in s.lines[1:])]
            if not holders or any(heads(year, s.head) or not own_years(s.head, spans=False) for s in holders):
                continue
            asked = next((s for s in sources if heads(year, s.head) and own_years(s.head, spans=False)
                          and not any(tx.name_in(person, line) for line in s.lines)
                          and any(_named_person(m.group(0)) for line in s.lines[1:]
                                  for m in tx.PERSON.finditer(line))), None)
            if asked is None:
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f"names {person} from [{holders[0].id}], which is not of {year}; [{asked.id}] is, and does not name "
                f"{person}", plain, f"state whom [{asked.id}] names, or write only: \"{tx.ABSTAIN}\"", holders[0].id,
                FACT_FACTOR, True, False)
            break
    return out


def _day_confirms(question: str, person: str, rival: str, cited: Sequence[Source]) -> bool:
    """Whether the passages give ``person`` the asked weekday and ``rival`` only other days: the day settles whom
    the question means, whatever words the rival's clause shares ("MOT testers: Caradoc Whittle (weekdays)")."""
    day = _asked_weekday(question)
    return day is not None and any(any(day in d for d in mine) and given.get(rival) and day not in given[rival]
                                   for _, mine, given in _day_readings(person, cited))


CLAIM_FIT_MIN = 3  # the claim's own words another person's clause must share
CLAIM_FIT_MARGIN = 2  # ... beyond every clause naming the person the claim names


def _claim_fit(question: str, claim: str, person: str, cited: Sequence[Source]
               ) -> tuple[int, tuple[int, str, str, str] | None]:
    """(how many of the claim's own words, less the person's name and the question's names, the best sentence
    naming ``person`` shares, or -1; the best naming another person as (fit, name, sentence, chunk id)). Only
    sentences naming one person count: read clause by clause, an elliptic clause ("..., and Jago Trewin on
    Thursdays") has lost its verb to the clause before (read so, it refuses right answers)."""
    name = {tx.stem(w) for w in tx.words(person)}
    words = tx.content_stems(claim) - name - {tx.stem(w) for n in tx.question_names(question) for w in tx.words(n)}
    own = -1
    best: tuple[int, str, str, str] | None = None
    for src in cited:
        for line in src.lines[1:]:  # the heading line names the organisation
            people = {m.group(0) for m in tx.PERSON.finditer(line) if person_name(m.group(0))}
            if len(people) != 1:
                continue
            other = people.pop()
            fit = len(words & tx.content_stems(line))
            if other == person or other in person or person in other:
                own = max(own, fit)
            elif best is None or fit > best[0]:
                best = (fit, other, line, src.id)
    return own, best


def _said_of_other(question: str, claim: str, person: str, cited: Sequence[Source], answer: str) -> Finding | None:
    """A claim giving a person what a passage says of another: "Donna Fielding, the club secretary, is the first
    point of contact for any safeguarding concern" beside "Club secretary: Donna Fielding, who handles
    registrations ... Welfare officer: Angela Price, the first point of contact for any safeguarding concern"
    (the question, "worried about a child's safety", may share no word with either clause). Judged by
    the claim's own words, less the person's name (``_claim_fit``): another person's sentence must share
    ``CLAIM_FIT_MIN`` of them and ``CLAIM_FIT_MARGIN`` more than any naming the claim's person."""
    own, best = _claim_fit(question, claim, person, cited)
    if own < 0 or best is None or best[1] in answer or best[0] < max(CLAIM_FIT_MIN, own + CLAIM_FIT_MARGIN):
        return None
    return Finding(IssueType.FACTUAL_ERROR, 0.9, f'says of {person} what [{best[3]}] says of {best[1]}: '
                   f'"{best[2][:100]}"', claim, f"check whom [{best[3]}] names for it, or remove the sentence",
                   best[3], FACT_FACTOR, True, False)


def _claimed_people(plain: str, question: str) -> list[str]:
    """The people a claim names that the question does not."""
    return [m.group(0) for m in tx.PERSON.finditer(plain) if not tx.name_in(m.group(0), question)
            and person_name(m.group(0))]


def person_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a person whose clauses share fewer of the question's focus words than another person's clause
    in the same passages: "Which instructor should I book for motorway practice in an automatic?" answered with
    "Aoife Brennan (manual and automatic, north side)" where "Sinéad Okafor (automatic only, motorway specialist)"
    is written; "Who provides theory test coaching?" answered with anyone but "Theory test coaching: Declan Moyles".

    Only questions asking for a person ("who", or naming a role: "which instructor"), and not by another's role
    ("deputy to the site supervisor": the right answer would lose to the supervisor's clause). Clauses are cut
    as for bands, and before "and" opening another person; a passage's heading line names its organisation, not a
    rival. The other person's clause must share at least ``PERSON_FIT_MIN`` focus words and more than every clause
    naming the stated person; an answer naming that other person anywhere is cleared."""
    focus = tx.question_focus(question)
    if not _asks_person(question, focus):
        return {}
    answer = " ".join(c.plain for c in claims)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        people = _claimed_people(plain, question)
        for person in people:
            own, best = _person_fit(question, focus, person, cited)
            # one shared word is enough against a person whose clauses share none ("Damage claims and deposit
            # refunds: Barnaby Quellington" against "Bookings and changes: Ottoline Fairweather" for getting a
            # deposit back)
            mine, theirs = _claim_fit(question, plain, person, cited)
            if own[0] < 0 or best is None or best[0] <= own or best[1] in answer or _day_confirms(
                    question, person, best[1], cited) or (best[0][0] < PERSON_FIT_MIN and not (
                    best[0][0] >= 1 and own[0] == 0 and _named_person(best[1]))) or (
                    # the claim's own words are the person's sentence: "the club welfare officer, Steve Ansell, who
                    # must be told of any safeguarding concerns" (where "junior" alone puts Karen Doyle first)
                    mine >= CLAIM_FIT_MIN and mine >= (theirs[0] if theirs else 0) + CLAIM_FIT_MARGIN + 1):
                if (said := _said_of_other(question, plain, person, cited, answer)) is not None:
                    out[index] = said
                    break
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'names {person}, but [{best[3]}] writes what the question asks about beside {best[1]}: '
                f'"{best[2][:100]}"', plain, f"check whom [{best[3]}] names for it, or remove the sentence",
                best[3], FACT_FACTOR, True, False)
            break
    return out


def _contact_key(kind: str, value: str) -> str:
    """A contact detail as compared: a phone number's digits, an address in lower case."""
    return re.sub(r"\D", "", value) if kind == "a phone number" else value.lower()


def _other_owner(kind: str, value: str, people: Sequence[str], src: Source) -> tuple[str, str, str] | None:
    """(the detail as ``src`` writes it, the other person it is written beside, the words before it) when ``src``
    writes ``value`` after naming someone other than ``people`` in the same part of the sentence."""
    key = _contact_key(kind, value)
    for line in src.lines:
        spot = next((m for m in contact_values(kind, line) if _contact_key(kind, m) == key), None)
        if spot is None:
            continue
        before = re.split(r"[;.]\s", line[:line.find(spot)])[-1]
        owners = [m.group(0) for m in tx.PERSON.finditer(before) if _named_person(m.group(0))]
        if owners and not any(tx.name_in(p, before) for p in people):
            return spot, owners[-1], before.strip()
    return None


def contact_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a phone number or email address given for the person the question names, which its passage
    writes beside another person: "Aurelian Stokesby-Fenn's direct number is 01632 558 300" from "Service
    reception and invoices: Philippa Garnock, 01632 558 300". The asked person must be
    named in the passage below its heading line (a business's name in the heading is no person), and the part of
    the sentence before the detail (back to the last ";" or ".") must name someone else and not them."""
    kind = asked_contact(question)
    if kind is None:
        return {}
    asked = [m.group(0) for m in tx.PERSON.finditer(question) if _named_person(m.group(0))]
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for value, src in ((v, s) for v in contact_values(kind, plain) for s in cited):
            people = [p for p in asked if any(tx.name_in(p, line) for line in src.lines[1:])
                      and not (src.lines and tx.name_in(p, src.lines[0]))]
            if people and (other := _other_owner(kind, value, people, src)) is not None:
                spot, owner, before = other
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9, f'[{src.id}] gives {spot} for {owner}, not for {people[0]}: '
                    f'"{before[:100]}"', plain, f'give only a detail [{src.id}] writes for {people[0]}, or write '
                    f'only: "{tx.ABSTAIN}"', src.id, FACT_FACTOR, True, False)
                break
    return out


# "Senior piercer Jess Morgan carries out all septum work, while apprentice Tom Reed handles lobes": two people's
# halves of one sentence, set against each other
_CONTRAST = re.compile(r",?\s+(?:while|whereas|but|and\s+(?=(?:[a-z]+\s+){0,2}[A-Z][a-z]+\s+[A-Z]))\s*")


def contrast_person_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a person named for what a cited sentence gives to another person in its other half: "Septum
    piercings are carried out by apprentice Tom Reed" where "Senior piercer Jess Morgan carries out all septum,
    daith and tongue work, while apprentice Tom Reed handles lobes under supervision" (one focus word is below
    ``person_findings``' floor). The question's focus words must all be in the other half, none
    in the stated person's; an answer naming the other person is cleared."""
    focus = tx.question_focus(question)
    if not focus or not _person_asked(question):
        return {}
    answer = " ".join(c.plain for c in claims)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        people = _claimed_people(plain, question)
        for person, src, line in ((p, s, ln) for p in people for s in cited for ln in s.lines[1:]):
            halves = _CONTRAST.split(line)
            named = [[m.group(0) for m in tx.PERSON.finditer(h) if person_name(m.group(0))] for h in halves]
            if len(halves) != 2 or any(len(n) != 1 for n in named):
                continue
            mine = next((i for i, n in enumerate(named) if tx.name_in(person, n[0])), None)
            if mine is None:
                continue
            other, theirs = named[1 - mine][0], halves[1 - mine]
            if tx.name_in(other, answer) or focus & tx.content_stems(halves[mine]) or not focus <= tx.content_stems(
                    theirs):
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'names {person}, but [{src.id}] gives what the question asks about to {other}: '
                f'"{theirs.strip()[:100]}"',
                plain, f"check whom [{src.id}] names for it, or remove the sentence", src.id, FACT_FACTOR, True, False)
            break
    return out
