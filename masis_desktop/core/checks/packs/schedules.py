"""Question-frame checks about when: weekdays, times of day, time and day ranges and years read from another case's
part of a passage.

Timetables and opening hours state several days, times and years side by side ("Epée is taught on Wednesdays and
sabre on Saturdays", "drop-in trims 08:00-12:00", "Pitch prices for 2025 are ...; in 2024 they were ..."); a wrong
answer takes a day, a time or a value from the part about something else, and every figure it writes is on the
page. These checks bind each day, time, range end and year to the part of the sentence that states it
(``day_binding_findings``, ``day_value_findings``, ``range_end_findings``, ``range_pair_findings``,
``year_part_findings``, ...). Each ``*_findings(question, claims)`` maps claim indices to a ``Finding`` and is
registered in ``checks.registry``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import DAY_NAMES
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.checks.packs.value_fit import VALUE_FIT_MIN
from masis_desktop.core.grounding import bands, cases
from masis_desktop.core.grounding.claims import (
    FRAME_STEMS,
    NEGATION,
    OPENS_NO,
    YEAR,
    ClaimEvidence,
    Source,
    claim_values,
    same_value,
)
from masis_desktop.core.schemas import IssueType

# what end of a time range a question asks for: "when do the drop-in trims finish" is the range's end
_ASKS_END = re.compile(r"\b(?:finish(?:es|ing)?|clos(?:e|es|ing)|shut(?:s|ting)?|ends?|ending|until|till)\b",
                       re.IGNORECASE)
_ASKS_START = re.compile(r"\b(?:open(?:s|ing)?|start(?:s|ing)?|begin(?:s|ning)?)\b", re.IGNORECASE)


_START_CUE = re.compile(r"\b(?:from|starts?\s+at|starting\s+at|begins?\s+at|leaves?\s+at)\s*$", re.IGNORECASE)


def range_end_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a time of day given as the answer to when something ends that its passages write only as the start of
    a range, or the other way round: "the Wednesday drop-in trims finish at 08:00" from "drop-in trims 08:00-12:00". A
    claim writing the whole range, or the question asking for both ends, is not judged."""
    end, start = bool(_ASKS_END.search(question)), bool(_ASKS_START.search(question))
    if end == start:
        return {}
    asked = [q for q in tx.quantities(question) if q.unit == "hh:mm"]
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        times = [q for q in tx.quantities(plain) if q.unit == "hh:mm" and not any(same_value(q, a) for a in asked)]
        if len(times) != 1 or bands.time_ranges(plain):
            continue
        value = times[0]
        ranges = [(src, r) for src in cited for r in bands.time_ranges(src.text)]
        wrong_end = [(src, r) for src, r in ranges if same_value(value, r[0] if end else r[1])]
        right_end = [r for _, r in ranges if same_value(value, r[1] if end else r[0])]
        alone = [(src, q) for src in cited for q in src.quantities if same_value(value, q)
                 and not any(q.start in (r[0].start, r[1].start) for _, r in ranges)]
        # "runs on Saturdays in November from 3.15pm" gives no end: asked when it finishes, its start is no answer
        # ("finishes at 3.15pm" is wrong)
        starts = [(src, q) for src, q in alone if end and _START_CUE.search(src.text, max(0, q.start - 20), q.start)]
        if end and alone and len(starts) == len(alone) and not right_end:
            src = starts[0][0]
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9, f'[{src.id}] gives {value.text} as when it starts; the question asks '
                'when it ends', plain, f"state an end time [{src.id}] gives, or remove the sentence", src.id,
                FACT_FACTOR, True, False)
            continue
        if wrong_end and not right_end and not alone:
            src, (a, b) = wrong_end[0]
            span = src.text[a.start:b.end]
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'[{src.id}] gives {value.text} as the {"start" if end else "end"} of "{span}"; the question asks '
                f'when it {"ends" if end else "starts"}', plain,
                f'state the {"end" if end else "start"} of "{span}" [{src.id}], or remove the sentence', src.id,
                FACT_FACTOR, True, False)
    return out


_ORDINAL_DAY = re.compile(rf"\b(first|second|third|fourth|fifth|last|final)\s+({'|'.join(DAY_NAMES)})\b",
                          re.IGNORECASE)


def ordinal_day_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a weekday of the month ("the last Wednesday") its passages write only with another ordinal ("on
    the first Wednesday of each month"): the weekday is there, so the name check passes."""
    asked = {m.group(0).lower() for m in _ORDINAL_DAY.finditer(question)}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for m in _ORDINAL_DAY.finditer(plain):
            if m.group(0).lower() in asked:
                continue
            same = [(src, o) for src in cited for o in _ORDINAL_DAY.finditer(src.text)
                    if o.group(2).lower() == m.group(2).lower()]
            if same and all(o.group(1).lower() != m.group(1).lower() for _, o in same):
                src, o = same[0]
                out[index] = Finding(IssueType.FACTUAL_ERROR, 0.9,
                                     f'[{src.id}] writes "{o.group(0)}", not "{m.group(0)}"', plain,
                                     f'write "{o.group(0)}" as [{src.id}] does', src.id, FACT_FACTOR, True, False)
                break
    return out


def year_part_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a value read from the part of a cited sentence that names another year than the one the question
    asks about, where another part of that sentence (after a semicolon) names the question's year and states a
    value of its kind: "Pitch prices for 2025 are £12 for a car, £18 for a van ...; in 2024 they were £10, £15 and
    £6 respectively" answering a 2024 van with £18."""
    asked = set(YEAR.findall(question))
    if len(asked) != 1:
        return {}
    year = asked.pop()
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for value, src in ((q, s) for q in claim_values(plain, question) if q.unit for s in cited):
            for line in src.lines:
                parts = [p for p in re.split(r";\s*", line) if p.strip()]
                own = [p for p in parts if any(same_value(value, o) for o in tx.quantities(p))]
                years = {y for p in own for y in YEAR.findall(p)}
                if len(parts) < 2 or not own or not years or year in years:
                    continue
                rival = next((p for p in parts if p not in own and year in YEAR.findall(p) and any(
                    o.unit == value.unit and not same_value(value, o) for o in tx.quantities(p))), None)
                if rival is None:
                    continue
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9,
                    f'[{src.id}] gives {value.text} in "{own[0][:80]}", not for {year}; for {year} it says '
                    f'"{rival[:80]}"', plain, f'state the value [{src.id}] gives for {year}, or remove the sentence',
                    src.id, FACT_FACTOR, True, False)
                break
            if index in out:
                break
    return out


DAY_FIT_MARGIN = 2  # focus words the best-fitting sentence must share beyond any sentence stating the claim's day


_WEEKEND = re.compile(r"\bweekends?\b", re.IGNORECASE)


def _schedule_days(line: str) -> set[float]:
    """The days a sentence gives, less a bare "weekend" that describes rather than schedules ("hires marquees for
    weekend events" gives no Saturday or Sunday to the marquees' put-up days) and less a weekday that is part of a
    date ("from Monday 7 September")."""
    days = bands.days_in(bands.undated(line))
    if days == {6.0, 7.0} and _WEEKEND.search(line) and not any(q.unit == "hh:mm" for q in tx.quantities(line)):
        return set()
    return days


def weekday_fit_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a weekday read from a sentence of another case: "Chair Caning runs on Wednesday evenings" from
    "'French Polishing for Beginners': six Wednesday evenings ..." where "'Chair Caning': four Monday evenings ..."
    is written. Flagged when the cited sentence sharing the most of the question's focus
    words names weekdays, not the claim's, and shares ``DAY_FIT_MARGIN`` more than every sentence naming the
    claim's day; an answer naming a day of that sentence is cleared."""
    focus = tx.question_focus(question)
    if len(focus) < VALUE_FIT_MIN:
        return {}
    answer_days = set(bands.weekdays(" ".join(c.plain for c in claims)))
    asked_day = bands.asked_numbers(question).get("day")
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for day in (d for d in bands.weekdays(plain) if d != asked_day):
            lines = [(line, src, len(focus & tx.content_stems(line)), _schedule_days(line))
                     for src in cited for line in src.lines]
            own = [fit for _, _, fit, days in lines if day in days]
            best = max(((line, src, fit, days) for line, src, fit, days in lines if days and day not in days),
                       key=lambda x: x[2], default=None)
            if best is None or best[2] < max(own, default=0) + DAY_FIT_MARGIN or best[3] & answer_days:
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'[{best[1].id}] gives {DAY_NAMES[day - 1]} for something else; what the question asks about is in '
                f'"{best[0][:110]}"', plain, f'state the day [{best[1].id}] gives there, or remove the sentence',
                best[1].id, FACT_FACTOR, True, False)
            break
    return out


_CLOSED = re.compile(r"\bclosed\b", re.IGNORECASE)
# words of when, not of what: "Which evening ...", "What time ..." ask about a day, they name nothing bound to one
_WHEN_STEMS = frozenset(tx.stem(w) for w in ("evening", "evenings", "morning", "mornings", "afternoon", "afternoons",
                                             "night", "nights", "day", "days", "week", "weekend", "time", "times"))
# where a clause hands one thing's day over to the next: "Epée is taught on Wednesdays | and sabre on Saturdays"
_DAY_PARTS = re.compile(r"\s+(?:and|while|whereas|but)\s+|\s*(?:[,;]|:(?!\d))\s*", re.IGNORECASE)


def _day_question(question: str) -> tuple[set[float], set[str]]:
    """The weekdays a question names, and its focus words less its names and the words of asking when."""
    names = {tx.stem(w) for n in tx.question_names(question) for w in tx.words(n)}
    return bands.days_in(question), tx.question_focus(question) - names - FRAME_STEMS - _WHEN_STEMS


def _days_denied(plain: str) -> bool:
    """Whether a claim denies or closes days ("It doesn't open on Tuesdays; it is closed on Mondays")."""
    return bool(NEGATION.search(plain) or _CLOSED.search(plain) or OPENS_NO.match(plain))


def day_binding_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a weekday it gives to what the question asks about that its passage gives only to other things: "Sabre
    is taught at the Wednesday session" where "Epée is taught on Wednesdays and sabre on Saturdays". A question word is
    bound to the days written in its own part of a passage clause (cut at "and", "while", commas); the claim is flagged
    when every such binding of its question words leaves out every day it gives that the question does not."""
    asked_days, focus = _day_question(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        named = bands.days_in(plain)
        said = named - asked_days
        mine = focus & tx.content_stems(plain)
        if not said or not mine or len(said) == 7 or asked_days & named or _days_denied(plain):
            continue  # "It doesn't open on Tuesdays; it is closed on Mondays and Tuesdays" names days it denies;
            # "£520 Friday to Sunday" for a Friday names the asked day in a range
        seen: dict[str, list[frozenset[float]]] = {}
        where: dict[str, str] = {}
        for src in cited:
            for line in (piece for text in src.lines for piece in text.split(";")):  # no fill across ";"
                if cases.RESPECTIVELY.search(line):
                    continue  # "... on Monday, Tuesday and Wednesday evenings respectively": pairs, not parts
                # a dated weekday ("from Monday 7 September") schedules nothing: no part binds or lends it
                parts = [(part, bands.days_in(bands.undated(part))) for part in _DAY_PARTS.split(line)]
                for at, (part, days) in enumerate(parts):
                    # a subject just before its days ("Crawlers classes | run on Tuesdays"): the next part's days,
                    # else the previous part's
                    days = days or (parts[at + 1][1] if at + 1 < len(parts) else set()) or (
                        parts[at - 1][1] if at else set())  # the part next to it only
                    for w in mine & tx.content_stems(part):
                        seen.setdefault(w, []).append(frozenset(days))
                        if days:
                            where.setdefault(w, part)
        # a word bound to different days in different parts, or written in a part with no day, is a shared verb or
        # a word the whole page is about ("Squirrels meet on Mondays ... Explorers meet ... on Fridays" for the
        # Cubs; "lessons" on a swimming school's page), not the thing asked about
        bound = {w: set(sets[0]) for w, sets in seen.items() if len(set(sets)) == 1 and sets[0]}
        if bound and not any(days & said for days in bound.values()):
            word = next(iter(sorted(bound)))
            src_id = next((c.id for c in cited if where[word] in c.text), cited[0].id if cited else None)
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'gives another day than [{src_id}], which says "{where[word][:100]}"', plain,
                f"state the day [{src_id}] gives, or remove the sentence", src_id, FACT_FACTOR, True, False)
    return out


def day_sentence_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a weekday its passage writes only in sentences sharing none of the question's words the claim
    uses, beside a day of the claim's that a sentence with such a word gives: "deliveries every Tuesday and Sunday"
    where "Local deliveries go out every Tuesday and Saturday morning" and only the shop's hours name Sunday
    (``day_binding_findings`` wants every day of the claim left out)."""
    asked_days, focus = _day_question(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        named = bands.days_in(plain)
        mine = focus & tx.content_stems(plain)
        if len(named) < 2 or len(named) == 7 or not mine or asked_days & named or _days_denied(plain):
            continue
        lines = [(line, src, bands.days_in(line), mine & tx.content_stems(line)) for src in cited
                 for line in src.lines[1:]]
        bound = {d for _, _, days, shared in lines if shared for d in days & named}
        loose = [d for d in sorted(named - bound) if any(d in days for _, _, days, _ in lines)]
        if not bound or not loose:
            continue
        line, src = next((line, src) for line, src, days, shared in lines if shared and days & named)
        out[index] = Finding(
            IssueType.FACTUAL_ERROR, 0.9,
            f'gives a day [{src.id}] writes only of other things; what the question asks about it gives in '
            f'"{line[:100]}"', plain, f"state the days [{src.id}] gives, or remove the sentence", src.id, FACT_FACTOR,
            True, False)
    return out


def day_value_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim about one day (its own, or the question's), a time of day or a place that another day's part of
    the passage states and that day's parts do not (``_other_day_time``)."""
    asked_days = bands.days_in(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        days = bands.days_in(plain) or asked_days
        if len(days) != 1:
            continue
        hit = _other_day_time(plain, question, cited, days)
        if hit is not None:
            src, own = hit
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'gives a time or place [{src.id}] gives another day; for that day it says "{own[:100]}"', plain,
                f"state what [{src.id}] gives for that day, or remove the sentence", src.id, FACT_FACTOR, True, False)
    return out


# a place a part of a timetable names: "at Kenwyn Church Hall", "from the Rawnsley Centre", "in the Truro Library"
_PLACE = re.compile(r"\b(?:at|in|from)\s+(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")


def _places(text: str) -> set[str]:
    return {m.group(1).lower() for m in _PLACE.finditer(text) if bands.days_in(m.group(1)) == set()}


def _times(text: str) -> set[str]:
    return {f"{q.value:g}" for q in tx.quantities(text) if q.unit == "hh:mm"}


def _day_values(part: str) -> tuple[set[str], set[str]]:
    return _times(part), _places(part)


def _other_day_time(plain: str, question: str, cited: Sequence[Source], days: set[float]
                    ) -> tuple[Source, str] | None:
    """A time of day or a place of ``plain`` missing from the passage parts for its one day, which state one of that
    kind, and written in a part for other days: "open from 2pm until 2am" on Sundays where "from 2pm to 2am on Fridays
    and Saturdays, and from 2pm to 10pm on Sundays"; the Wednesday class "at Kenwyn Church Hall" where "... on Mondays
    at 10:30am at Kenwyn Church Hall and on Wednesdays at 1pm in the Truro Library". A place the passage's title line
    names (the business's town) is never judged."""
    times = _times(plain) - _times(question)
    places = {p for p in _places(plain) if not tx.name_in(p, question)}
    for src in cited:
        title = src.lines[0].lower() if src.lines else ""
        parts = [(part, d, _day_values(part)) for line in src.lines for part, d in _day_parts(line)]
        own = [(part, values) for part, d, values in parts if d and days <= d]
        other = [values for _, d, values in parts if d and not days & d]
        for kind, mine in ((0, times), (1, places)):
            stated = [(part, values[kind]) for part, values in own if values[kind]]
            for value in mine:
                if kind == 1 and value in title:
                    continue
                if stated and not any(_holds(value, found, kind) for _, found in stated) and any(
                        _holds(value, values[kind], kind) for values in other):
                    return src, stated[0][0]
    return None


def _day_parts(line: str) -> list[tuple[str, set[float]]]:
    """``line``'s parts with the days each is about: its own, or the part's before it in the sentence ("Thursday
    sessions are track intervals at the Penrith track, starting at 7pm")."""
    out: list[tuple[str, set[float]]] = []
    days: set[float] = set()
    for part in _DAY_PARTS.split(line):
        days = bands.days_in(part) or days
        out.append((part, days))
    return out


def _holds(value: str, found: set[str], kind: int) -> bool:
    """Whether ``found`` states ``value``: a time exactly, a place as part of a longer name or the other way."""
    return value in found if kind == 0 else any(value in f or f in value for f in found)


def range_pair_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a range of times no cited passage writes, whose one end a cited range writes with another other end:
    "open-house mornings on a Saturday from 9am to 1pm" where the page writes "from 10am to 1pm" (9am and 1pm
    are both on the page, 9am as the start of weekday viewings). A range the question gives
    is not judged."""
    out: dict[int, Finding] = {}
    asked = bands.time_ranges(question)
    for index, (plain, cited, _) in enumerate(claims):
        ranges = [(src, r) for src in cited for r in bands.time_ranges(src.text)]
        for a, b in bands.time_ranges(plain):
            if any(same_value(a, x) and same_value(b, y) for x, y in asked) or any(
                    same_value(a, x) and same_value(b, y) for _, (x, y) in ranges):
                continue
            near = next(((src, x, y) for src, (x, y) in ranges if same_value(b, y) and not same_value(a, x)),
                        None) or next(((src, x, y) for src, (x, y) in ranges if same_value(a, x)), None)
            if near is None:
                continue
            src, x, y = near
            span = src.text[x.start:y.end]
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9, f'writes {plain[a.start:b.end]}; [{src.id}] writes "{span}"', plain,
                f'state the range [{src.id}] gives, or remove the sentence', src.id, FACT_FACTOR, True, False)
            break
        if index in out:
            continue
        # "(Friday to Sunday)" where the page writes "Friday to Monday": a range of days too
        pages = [(src, m) for src in cited for m in _DAY_RANGE.finditer(src.text)]
        for m in _DAY_RANGE.finditer(plain):
            first, last = m.group(1).lower(), m.group(2).lower()
            if any(d.group(1).lower() == first and d.group(2).lower() == last for _, d in pages) or (
                    first in question.lower() and last in question.lower()):
                continue
            days = next(((src, d) for src, d in pages if (d.group(1).lower() == first) != (d.group(2).lower() == last)),
                        None)
            if days is not None:
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9, f'writes {m.group(0)}; [{days[0].id}] writes "{days[1].group(0)}"',
                    plain, f"state the days [{days[0].id}] gives, or remove the sentence", days[0].id, FACT_FACTOR,
                    True, False)
                break
    return out


_DAY_NAME = r"(mon|tues|wednes|thurs|fri|satur|sun)day"
_DAY_RANGE = re.compile(rf"\b{_DAY_NAME}s?\s*(?:to|-|–|until|till|through)\s*{_DAY_NAME}s?\b", re.IGNORECASE)
