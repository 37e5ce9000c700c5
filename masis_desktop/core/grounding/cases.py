"""Which case a passage gives a value for, when one sentence lists several: the exception in brackets, the "for"
list, the "respectively" list, and the "only" that leaves the question's month or day out.

The critic accepted five wrong answers whose value was in the right sentence but belonged to another
case written beside it: "open every day from 9am to 4pm (10am to 4pm on Sundays)" answered 9am for a Sunday, "£15 a
year (£10 for over-65s and students)" answered £15 for a student, "£35 for a small car, £40 for a family car and £50
for a 4x4" answered £40 for a 4x4, "£95 for club members and £120 for non-members; single days cost £22 and £28
respectively" answered £22 for non-members, and "caravans ... April to September only" answered "Yes" for November.
Later runs added a "respectively" list of words ("under-11, under-13 and under-15 teams play ... on Tuesday,
Wednesday and Thursday evenings respectively") and an ordinal ("your tenth sundae is free" answered "eighth").
Further runs added an alternative after a comma ("costs £240, or £215 for returning students"), a day an "only"
leaves out ("Tuesday practice only" answered for Thursday), another branch's days ("Wednesday to Sunday" of the
Lewes branch for the Brighton shop), a person named only as the one replaced ("taught by Ivo Marchetti instead of
Clare Abernethy"), and another age band's rule ("Juniors under 14 must be supervised ...; those aged 14 to 17 may
fly alone" answered "aged 14 to 17 must be supervised").
The 1.5B critic reads such a sentence as supporting any of its values; the code reads which case each belongs to.
These checks only read the cited passages' sentences and the claim: each returns what it found, and the audit's
case checks (``checks.packs.case_variants.listed_case_findings``) turn it into a finding.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.grounding import bands

Passage = tuple[str, Sequence[str]]  # a cited chunk's id and its sentences

_PAREN = re.compile(r"\(([^()]{3,160})\)")
_NEGATED = re.compile(r"\bnot\b|n't\b|\bnever\b|\bnon[- ]|\bwithout\b", re.IGNORECASE)
_KINDS = ("currency", "clock")
_CLOCK_WORDS = frozenset({"am", "pm"})


def _states(text: str, value: tx.Quantity) -> bool:
    return any(tx.same_quantity(value, o) for o in tx.quantities(text))


def _case_words(question: str) -> set[str]:
    """The question's content stems that can name a case: not its figures, not the words of its names (a
    business named in brackets is no case)."""
    named = {tx.stem(w) for n in tx.question_names(question) for w in tx.words(n)}
    named -= {tx.stem(d) for d in bands.DAYS}  # "Sunday" is a name and a case
    return {w for w in tx.content_stems(question) if not any(ch.isdigit() for ch in w)} - named


# "costs £240, or £215 for returning students": an alternative price for a case, written as a bracket would be
# (£240 was accepted for a returning student)
_ALTERNATIVE = re.compile(r",\s*or\s+([£$€]\s?\d[^,;()]*?\bfor\b[^,;()]+?)(?=\s*(?:[,;.()]|$))")


def bracket_exception(question: str, claim: str, passages: Sequence[Passage]) -> tuple[str, str, str] | None:
    """(passage id, the bracket, the case words) when a cited sentence gives a value and, in brackets, another
    value of that kind for a case the question names and the sentence names nowhere else, and the claim states
    a value only outside the brackets and none only inside: "every day from 9am to 4pm (10am to 4pm on Sundays)" for a
    Sunday, "£15 a year (£10 for over-65s and students)" for a student, "£240, or £215 for returning students" for a
    returning student. A claim stating the bracket's value too is judged by the words beside it: "£18 (it is £22
    for other items)" for a coat over "£18 (£22 for coats)". Every word of the bracket must be the
    question's or the sentence's ("(£400 for the Luton van)" is no case of "the small van"). A question with a
    negation ("I'm not a member") is not judged: the bracket may be the case it excludes."""
    values = [q for q in tx.quantities(claim) if q.kind in _KINDS]
    words = _case_words(question)
    if not values or not words or _NEGATED.search(question):
        return None
    for pid, lines in passages:
        for line in lines:
            for m in [*_PAREN.finditer(line), *_ALTERNATIVE.finditer(line)]:
                inside, outside = m.group(1), line[:m.start()] + " " + line[m.end():]
                if m.re is _ALTERNATIVE:  # an alternative is its clause's: "£14 a session, or £75 for a block; ..."
                    outside = line[line.rfind(";", 0, m.start()) + 1:m.start()]
                said = {w for w in tx.content_stems(inside) if not any(ch.isdigit() for ch in w)} - _CLOCK_WORDS
                if said - words - tx.content_stems(outside):
                    continue  # "(£400 for the Luton van)" is not the small van's case
                case = (words & said) - tx.content_stems(outside)
                kinds = {q.kind for q in tx.quantities(inside)}
                mine = [v for v in values if v.kind in kinds]
                if not case or not mine or any(_states(inside, v) and not _states(outside, v) and (
                        case & _near(claim, v) or v.kind != "currency") for v in mine):
                    continue  # the claim gives the bracket's value for the case (not "it is £22 for other items")
                if any(_states(outside, v) and not _states(inside, v) for v in mine):
                    return pid, m.group(0), ", ".join(sorted(case))
    return None


_TOKEN = re.compile(r"[a-z0-9]+")
# "£40 for a family car", "£140 per night in winter", "£860 midweek": the case a listed price is for, up to the next
# price
_AFTER_FOR = re.compile(r"(?:\s+(?:per|a|an|each)\s+[a-z]+)?\s+(?:(?:for|in|on|at|during)\s+(?:an?\s+|the\s+|each\s+)?"
                        r"(.+?)|([a-z]+))(?=\s*(?:[,;.()]|\s(?:and|or)\s+(?:[£$€\d]|nothing\b|free\b)|$))",
                        re.IGNORECASE)  # "£4 for over-65s and nothing for under-16s": two cases
RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
_NOT_CASES = tx.STOPWORDS | {"respectively", "extra", "off", "more", "less", "only", "total", "altogether"}


def _words(text: str) -> set[str]:
    """Stems of a case phrase, hyphenated words split ("non-members" -> non, member), "4x4" kept whole."""
    # "over-65s" and "the over-65" are one case
    return {tx.stem(t[:-1] if t.endswith("s") and t[:-1].isdigit() else t) for t in _TOKEN.findall(text.lower())
            if t not in tx.STOPWORDS}


def case_list(line: str) -> list[tuple[tx.Quantity, set[str], str]]:
    """(value, distinguishing words, case phrase) of each case a sentence prices in a list: "£35 for a small car,
    £40 for a family car and £50 for a 4x4 or MPV" -> (£35, {small}), (£40, {family}), (£50, {4x4, mpv}), "£140 per
    night in winter and £190 per night in summer" -> (£140, {winter}), (£190, {summer}); a
    "respectively" list takes the cases of the list before it ("£95 for club members and £120 for non-members;
    single days cost £22 and £28 respectively"). Only with two cases or more, each with words of its own."""
    found: list[tuple[tx.Quantity, str]] = []
    money = [q for q in tx.quantities(line) if q.kind == "currency"]
    for q in money:
        m = _AFTER_FOR.match(line, q.end)
        if m and (m.group(1) or m.group(2).lower() not in _NOT_CASES):
            found.append((q, m.group(1) or m.group(2)))
    resp = RESPECTIVELY.search(line)
    if resp and len(found) >= 2:
        listed = [q for q in money if q.end <= resp.start() and q.start > found[-1][0].end]
        if len(listed) == len(found):
            found += [(q, phrase) for q, (_, phrase) in zip(listed, found, strict=True)]
    if len({p for _, p in found}) < 2:
        return []
    stems = [_words(p) for _, p in found]
    out = []
    for i, (q, phrase) in enumerate(found):
        own = stems[i] - set().union(*(s for j, s in enumerate(stems) if j != i and found[j][1] != phrase))
        if not own:
            return []
        out.append((q, own, phrase))
    return out


_CUT = re.compile(r"[,;:()]|\s[-–—]\s")


# a clause joined on before a figure: "£6 for each of the two adults plus £6 for the over-65"
_JOIN = re.compile(r"\b(?:plus|and|while|but)\s+(?=[£$€]?\d)", re.IGNORECASE)


def _near(claim: str, value: tx.Quantity) -> set[str]:
    """The words of the claim's own clause around ``value``, up to the next figure or punctuation either side (on
    its left, also a "plus" or "and" joining on its clause)."""
    others = [q for q in tx.quantities(claim) if q != value and q.kind in _KINDS]  # not the "4" of "4x4"
    left = max([q.end for q in others if q.end <= value.start] + [m.end() for m in _CUT.finditer(claim, 0, value.start)]
               + [m.end() for m in _JOIN.finditer(claim) if m.end() <= value.start] + [0])
    right = min([q.start for q in others if q.start >= value.end]
                + [m.start() for m in _CUT.finditer(claim, value.end)] + [len(claim)])
    return _words(claim[left:value.start] + " " + claim[value.end:right])


def listed_case_conflict(claim: str, passages: Sequence[Passage]) -> tuple[str, str, str, str] | None:
    """(passage id, the claim's value, the case the passage gives it for, the case the claim gives it for) when the
    claim's clause names another case of a cited list than the one the list gives the value for (``case_list``)
    and none of the value's own: "£40 for a 4x4" beside "£40 for a family car and £50 for a 4x4"."""
    for value in (q for q in tx.quantities(claim) if q.kind == "currency"):
        near = _near(claim, value)
        for pid, lines in passages:
            for line in lines:
                cases = case_list(line)
                owners = [(own, phrase) for q, own, phrase in cases if tx.same_quantity(q, value)]
                if len({p for _, p in owners}) != 1 or near & owners[0][0]:
                    continue
                other = next((phrase for q, own, phrase in cases if near & own and phrase != owners[0][1]), None)
                if other is not None:
                    return pid, value.text, owners[0][1], other
    return None


_ITEM = r"[\w£$€.'’-]+"
_LIST = re.compile(rf"{_ITEM}(?:,\s+{_ITEM})*,?\s+and\s+{_ITEM}", re.IGNORECASE)
_RESP_LIST = re.compile(rf"({_LIST.pattern})(?:\s+[a-z]+)?\s+respectively\b", re.IGNORECASE)


def _items(found: str) -> list[str] | None:
    """A list's items, when all are figures or all are words ("adults and £10" is no list)."""
    items = [i for i in re.split(r",\s+(?:and\s+)?|\s+and\s+", found) if i]
    money = [bool(tx.quantities(i)) for i in items]
    return items if all(money) or not any(money) else None


def respective_pairs(line: str) -> list[tuple[str, str]]:
    """(item, its value) of a "respectively" sentence with one list before it in the same clause: "Our under-11,
    under-13 and under-15 teams play ... on Tuesday, Wednesday and Thursday evenings respectively" -> (under-11,
    Tuesday), (under-13, Wednesday), (under-15, Thursday)."""
    resp = _RESP_LIST.search(line)
    if resp is None or (values := _items(resp.group(1))) is None:
        return []
    before = [m for m in _LIST.finditer(line, 0, resp.start(1)) if m.end() <= resp.start(1)]
    lists = [(m, items) for m in before if (items := _items(m.group(0))) is not None and len(items) == len(values)]
    if len(lists) != 1 or re.search(r"[,;:]", line[lists[0][0].end():resp.start(1)]):
        return []
    return list(zip(lists[0][1], values, strict=True))


def _names(text: str, item: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(item)}(?![\w-])", text, re.IGNORECASE) is not None


def respective_conflict(claim: str, passages: Sequence[Passage]) -> tuple[str, str, str] | None:
    """(passage id, item, the value the passage gives it) when the claim pairs an item of a "respectively" list
    with another item's value, and names neither that item nor its own value (the under-11s'
    Tuesday given to the under-13s)."""
    # the claim's own parts: its "respectively" pairs, and each clause naming one item ("Second place wins £10;
    # first and third place win £25 and £15 respectively" swaps two of "£25, £15 and £10 respectively")
    stated = respective_pairs(claim)
    clauses = [c for c in re.split(r"[;:]|,\s+(?=[a-z])", claim) if c.strip()]
    texts = [claim, *clauses] if len(clauses) > 1 else [claim]
    for pid, lines in passages:
        for line in lines:
            pairs = respective_pairs(line)
            for i, (item, value) in enumerate(pairs):
                others = [other for j, (other, _) in enumerate(pairs) if j != i]
                rivals = [v for j, (_, v) in enumerate(pairs) if j != i]
                if any(_names(mine, item) and not _names(theirs, value) and any(_names(theirs, v) for v in rivals)
                       for mine, theirs in stated):
                    return pid, item, value
                for text in texts:
                    if not _names(text, item) or _names(text, value) or any(_names(text, o) for o in others):
                        continue
                    if any(_names(text, v) for v in rivals):
                        return pid, item, value
    return None


_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
             "twelfth", "fifteenth", "twentieth")
_ORDINAL = re.compile(rf"\b({'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))\s+([a-z]+)", re.IGNORECASE)


def ordinal_conflict(claim: str, passages: Sequence[Passage]) -> tuple[str, str, str] | None:
    """(passage id, the claim's ordinal, the passage's) when the claim gives a thing an ordinal ("your eighth
    sundae is free") that the cited passages never give it, where they give it another ("your tenth sundae is
    free"): the figure checks read no ordinal words."""
    for m in _ORDINAL.finditer(claim):
        noun = tx.stem(m.group(2))
        stated = [(pid, o.group(0)) for pid, lines in passages for line in lines for o in _ORDINAL.finditer(line)
                  if tx.stem(o.group(2)) == noun]
        said = " ".join(line for _, lines in passages for line in lines)
        if stated and not _names(said, m.group(1)):  # "10% off the second child's fees and 15% off the third"
            return stated[0][0], m.group(0), stated[0][1]
    return None


def pairing_conflict(question: str, claim: str, passages: Sequence[Passage]) -> tuple[str, str, str] | None:
    """(passage id, name, its clause) when the claim puts a name with a value that no cited clause pairs it with,
    while every cited clause naming it gives another value of that kind: "Reedbed Hide and Avocet Hide are on the
    1km boardwalk" over "Reedbed Hide and Heron Hide are on the 1km wheelchair-accessible boardwalk, while Avocet
    Hide and Tern Hide are on the 3.5km outer trail". Names of the question and of the heading
    line are the subject, not a pairing; a claim with several values of the kind is not judged."""
    values = [q for q in tx.quantities(claim) if q.unit and not any(tx.same_quantity(q, a)
                                                                  for a in tx.quantities(question))]
    if not values:
        return None
    units = [(pid, c) for pid, lines in passages for line in lines[1:] for c in bands.clauses(line)]
    heads = " ".join(lines[0] for _, lines in passages if lines)
    for name in tx.names(claim):
        words = name.split()
        if len(words) < 2 or any(w.lower() in tx.MONTHS or w.lower().rstrip("s") in bands.DAYS or
                                 any(ch.isdigit() for ch in w) for w in words):
            continue  # a place's or thing's name of two words or more ("Avocet Hide"), not a month or a day
        if tx.name_in(name, question) or tx.name_in(name, heads):
            continue
        mine = [(pid, c) for pid, c in units if tx.name_in(name, c)]
        for value in values:
            if sum(v.kind == value.kind for v in values) > 1:
                continue  # "£52: £8 cheaper than the £60 Nordmann fir" puts its figures together from clauses
            kin = [[o for o in tx.quantities(c) if o.kind == value.kind and o.unit] for _, c in mine]
            if not mine or not all(kin) or any(tx.same_quantity(value, o) for os in kin for o in os):
                continue
            if any(_states(c, value) for _, c in units):
                return mine[0][0], name, mine[0][1]
    return None


_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)
_OPENS_YES = re.compile(r"^\s*yes\b", re.IGNORECASE)


def restricted_case(question: str, claim: str, passages: Sequence[Passage]) -> tuple[str, str] | None:
    """(passage id, clause) when a "Yes" answers for a month or weekday that a cited sentence about what the
    question asks restricts away with "only": "Do you clean caravans? Yes, from £90 ..., April to September only"
    for November."""
    if not _OPENS_YES.match(claim):
        return None
    asked = {k: v for k, v in bands.asked_numbers(question).items() if k in ("month", "day")}
    focus = tx.question_focus(question)
    if not asked or not focus:
        return None
    for pid, lines in passages:
        for line in lines:
            if not focus & tx.content_stems(line):
                continue
            for clause in bands.clauses(line):
                if not _ONLY.search(clause):
                    continue
                for kind, number in asked.items():
                    if not (_DAY_ONLY if kind == "day" else _MONTH_ONLY).search(clause):
                        continue  # "(Sunday opening from May to September only)" restricts months, not days
                    band = bands.band_of(clause, kind)
                    if band is not None and not band.holds(number):
                        return pid, clause.strip()
    return None


# "Tuesday practice only", "on Saturday only", "only on Sundays": a thing a passage allows on some days alone
_DAY_ONLY = re.compile(rf"\bonly\s+(?:on\s+)?{bands.DAY_PATTERN}s?\b|\b{bands.DAY_PATTERN}s?\b(?:\s+[a-z-]+){{0,2}}"
                       r"\s+only\b", re.IGNORECASE)
_MONTH = "(?:" + "|".join(tx.MONTHS) + ")"
_MONTH_ONLY = re.compile(rf"\bonly\s+(?:in\s+|from\s+|during\s+|between\s+)?{_MONTH}\b"
                         rf"|\b{_MONTH}\b(?:\s+[a-z-]+){{0,2}}\s+only\b", re.IGNORECASE)
_DAY_FIT_MIN = 2  # content words a claim's clause must share with the restricting clause, beyond days and figures


_DAY_STEMS = frozenset({tx.stem(d) for d in bands.DAYS} | {tx.stem(d) + "s" for d in bands.DAYS} | {"onli"})


def _plain_words(text: str) -> set[str]:
    """A clause's content stems less figures, weekdays and "only": what it says, whatever day it says it of."""
    return {w for w in tx.content_stems(text) if not any(ch.isdigit() for ch in w)} - _DAY_STEMS


def day_only_conflict(claim: str, passages: Sequence[Passage]) -> tuple[str, str] | None:
    """(passage id, clause) when the claim gives on another day what a cited clause allows on its days "only":
    "Learners aged 11 to 15 may attend Thursday practice" over "Learners aged 11 to 15 may attend Tuesday practice
    only", "lunch is provided on Saturday and on Sunday" over "Lunch is provided on Saturday only" (both were
    accepted). The claim's clause must share ``_DAY_FIT_MIN`` of the restricting clause's words and not be
    negated ("you cannot come on Thursday")."""
    restricted = [(pid, c, bands.days_in(c), _plain_words(c)) for pid, lines in passages for line in lines
                  for c in bands.clauses(line) if _DAY_ONLY.search(c)]
    if not restricted:
        return None
    for part in bands.clauses(claim):
        if _NEGATED.search(part):
            continue
        days = bands.days_in(part)
        words = _plain_words(part)
        for pid, clause, allowed, theirs in restricted:
            if days - allowed and allowed and len(words & theirs) >= _DAY_FIT_MIN:
                return pid, clause
    return None


_REPLACED = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|replacing|standing\s+in\s+for)\s+"
                       r"(?:the\s+)?(?:[a-z-]+\s+){0,2}$", re.IGNORECASE)


def replaced_name(claim: str, passages: Sequence[Passage]) -> tuple[str, str, str] | None:
    """(passage id, name, sentence) when the claim gives a person or thing the cited passages name only as the one
    replaced: "taught by ... Clare Abernethy, as usual" over "the April weekend is taught by guest tutor Ivo
    Marchetti instead of Clare Abernethy". Of the sentences naming it, those sharing most of the
    claim's words count ("Tutor: Clare Abernethy" elsewhere is no answer about April). A claim writing the
    replacement itself is not judged."""
    for m in tx.PERSON.finditer(claim):
        name = m.group(0)
        if _REPLACED.search(claim[:m.start()]):
            continue
        words = _plain_words(claim) - {tx.stem(w) for w in tx.words(name)}
        at = sorted(((len(words & _plain_words(line)), pid, line, n.start()) for pid, lines in passages
                     for line in lines for n in re.finditer(re.escape(name), line)), reverse=True)
        best = [a for a in at if at and a[0] == at[0][0]]  # the sentences naming it that fit the claim best
        if best and all(_REPLACED.search(line[:start]) for _, _, line, start in best):
            return best[0][1], name, best[0][2]
    return None


_BAND_FIT_MIN = 3  # words a claim's clause must share with another band's clause
_BAND_FIT_MARGIN = 2  # and beyond every clause of its own band


def band_rule_conflict(claim: str, passages: Sequence[Passage]) -> tuple[str, str] | None:
    """(passage id, clause) when the claim gives an age band what a cited sentence says of another band of it:
    "Juniors aged 14 to 17 must be supervised by an adult member at all times" over "Juniors under 14 must be
    supervised by an adult member at all times; those aged 14 to 17 may fly alone once signed off".
    Judged by the claim clause's words, less figures and days: the other band's clause must share
    ``_BAND_FIT_MIN`` of them and ``_BAND_FIT_MARGIN`` more than any clause of the claim's band."""
    for part in bands.clauses(claim):
        mine = bands.band_of(part, "age")
        if mine is None:
            continue
        words = _plain_words(part)
        for pid, lines in passages:
            for line in lines:
                banded = [(len(words & _plain_words(c)), c, abs(b.low - mine.low) < 0.01 and abs(
                    b.high - mine.high) < 0.01) for c in bands.clauses(line) if (b := bands.band_of(c, "age"))]
                own = [fit for fit, _, same in banded if same]
                if not own or len(banded) < 2:
                    continue
                fit, clause = max(((fit, c) for fit, c, same in banded if not same), default=(0, ""))
                if fit >= max(_BAND_FIT_MIN, max(own) + _BAND_FIT_MARGIN):
                    return pid, clause
    return None


def named_days_conflict(question: str, claim: str, passages: Sequence[Passage]) -> tuple[str, str, str] | None:
    """(passage id, name, sentence) when the claim gives a place or thing the question names the days a cited
    sentence gives another name, while no sentence naming it gives those days: "The Brighton shop is open
    Wednesday to Sunday only" over "Our Brighton shop ... is open every day ... Our Lewes branch ... is open
    Wednesday to Sunday"; with "only" the claim's days must be all the sentence's. The question must
    ask about days (name one, or ask "when", "which days", "open"), the claim give two days or more, and the rival
    sentence name none of the question's names."""
    days = bands.days_in(claim)
    if len(days) < 2 or not (_ASKS_DAYS.search(question) or "day" in bands.asked_numbers(question)):
        return None  # the days are the answer: "Sunday papers" in a price answer are no opening days
    asked = [n for n in tx.question_names(question) if tx.name_in(n, claim) and not _calendar(n)]
    lines = [(pid, line) for pid, found in passages for line in found[1:]]
    for name in asked:
        own = [line for _, line in lines if tx.name_in(name, line)]
        only = _ONLY.search(claim) is not None  # "Wednesday to Sunday only" is not "every day"
        if not own or any(days == bands.days_in(line) or (days < bands.days_in(line) and not only) for line in own):
            continue
        for pid, line in lines:
            if (bands.days_in(line) == days and not any(tx.name_in(n, line) for n in asked)
                    and any(not _calendar(n) for n in tx.names(line))):
                return pid, name, line
    return None


_ASKS_DAYS = re.compile(r"\b(?:which|what)\s+days?\b|\bwhen\b|\bopen\b", re.IGNORECASE)


def _calendar(name: str) -> bool:
    """A weekday's or month's name: a date, not a place or branch."""
    return name.lower().rstrip("s") in bands.DAYS or name.lower() in bands.DAYS or name.lower() in tx.MONTHS
