"""What the question asks that the cited passages leave out, or that only an uncited passage has.

Focus words no cited passage uses (``unasked_focus``, ``missing_focus``), the question's years, dates, versions and
names they never write (``unasked_numbers``, ``unasked_names``; per sentence ``unbound_names``, ``unbound_numbers``),
and focus words or prices only a passage shown but not cited holds (``elsewhere_focus``, ``elsewhere_priced``). These
read the answer against the question, not a claim against its passage; ``answerable`` uses them too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.retired import CHANGED, FROM_DATE, UNTIL_DATE
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import (
    FRAME_STEMS,
    GIVING,
    SIZE_RE,
    YEAR,
    Source,
    claim_values,
    derived_forms,
    quantity_in,
    said_of,
    size_of,
    sizes_of,
    value_chunks,
)
from masis_desktop.core.schemas import ClaimCheck

FOCUS_MIN_WORDS = 2
FOCUS_MIN_COVERAGE = 0.4


def unasked_focus(question: str, cited: Sequence[str]) -> list[str]:
    """The question's focus words the cited passages never mention, when they miss most of them.

    A small writer asked for something its passages do not hold ("net profit" from a page of revenue and EBITDA)
    copies the passage instead: every sentence is then supported, yet none answers. If the cited passages contain
    under 40 % of the question's focus words (at least two of them), they are returned. On past evaluation sets of
    questions worded like their passages this flagged no answerable question and caught a fifth of the unanswerable
    ones; on sets of questions in users' own words it flagged 24 of 100 answerable ones for 4 catches, so
    the audit treats it as a hint (x0.9, no retry), not a finding.
    """
    focus = tx.question_focus(question)
    if len(focus) < FOCUS_MIN_WORDS or not cited:
        return []
    missed = missing_focus(question, cited, focus)
    if 1 - len({tx.stem(w) for w in missed}) / len(focus) >= FOCUS_MIN_COVERAGE:
        return []
    return missed


def missing_focus(question: str, cited: Sequence[str], focus: set[str] | None = None) -> list[str]:
    """The question's focus words (as it writes them, in its order) that none of the ``cited`` texts uses."""
    pool: set[str] = set()
    for text in cited:
        pool |= tx.content_stems(text)
    stated = [o for text in cited for o in tx.quantities(text) if o.unit]
    for q in tx.quantities(question):  # "more than two days" is written "at least 48 hours"
        if q.unit and any(tx.same_quantity(q, o) for o in stated):
            pool |= tx.content_stems(q.text)
    missed = (tx.question_focus(question) if focus is None else focus) - pool
    said: dict[str, None] = {}
    for w in tx.words(question):
        if tx.stem(w) in missed and all(tx.stem(w) != tx.stem(x) for x in said):
            said[w] = None
    return list(said)


_YEAR_BEFORE = re.compile(r"\b(?:the|in|for|of|from|since|until|to|by|during|before|after|fiscal|year|FY)\s*$",
                          re.IGNORECASE)
_VERSION_CUE = re.compile(r"(?:version|release|revision|rev\.?|firmware|policy|v)\s*$", re.IGNORECASE)


def _identifies(q: tx.Quantity, question: str) -> bool:
    """A year or a version number names a case; an amount, age, length or head count is a condition that a
    passage may state as a range ("a party of 25" under "groups of 20 or more", "a 7-metre car" under "up to
    8 m", "aged 67" under "65+")."""
    digits = q.text.strip()
    if q.unit is None and YEAR.fullmatch(digits) and (
            q.noun is None or _YEAR_BEFORE.search(question[: q.start])
            or not re.match(r"\s+[A-Za-z]+s\b", question[q.end:])):
        return True  # "in 2024", "the 2024 fee schedule", "2024's rates"; not "2000 users"
    return bool(_VERSION_CUE.search(question[: q.start]))


_YEAR_SPAN = re.compile(r"(?<![\w.])((?:19|20)\d\d)\s*[-–—/]\s*((?:19|20)?\d\d)(?![\w-]|\.\d)")


def in_year_span(year: str, text: str) -> bool:
    """Whether ``text`` writes a span of years holding ``year``: 2026 is in "Winter Timetable 2025-26" and in
    "2025/2026" (a right answer was refused as never mentioning 2026). "2024-04-01" is a date, not a
    span: its second part is no later year."""
    if not YEAR.fullmatch(year):
        return False
    for m in _YEAR_SPAN.finditer(text):
        first, second = int(m.group(1)), m.group(2)
        last = int(second) if len(second) == 4 else first // 100 * 100 + int(second)
        if first < last <= first + 5 and first <= int(year) <= last:
            return True
    return False


_BEFORE = re.compile(r"\b(?:before|prior\s+to|until|till|up\s+to)\s*$", re.IGNORECASE)
_AFTER = re.compile(r"\b(?:after|since|from|as\s+of|starting)\s*$", re.IGNORECASE)


def _bounded_by(question: str, date: re.Match[str], text: str) -> bool:
    """Whether a passage answers for the time a question bounds by a date it does not write: "before 1 April 2025"
    by a list running "1 April 2024 to 31 March 2025" or "until 31 March 2025", "after 31 August 2025" by one
    "from 1 September 2025" (two right answers about the old lists were refused)."""
    key = tx.date_key(date.group(0))
    if not key[0]:
        return False
    lead = question[:date.start()]
    if _BEFORE.search(lead):
        ends = [tx.date_key(m.group(1)) for m in UNTIL_DATE.finditer(text)]
        changed = [tx.date_key(m.group(1)) for m in CHANGED.finditer(text)]  # the day the next list began
        return any(e[0] and e < key for e in ends) or any(c[0] and c <= key for c in changed)
    if _AFTER.search(lead):
        starts = [tx.date_key(m.group(1)) for m in FROM_DATE.finditer(text)]
        return any(b[0] and b >= key for b in starts)
    return False


def unasked_numbers(question: str, cited: Sequence[str]) -> list[str]:
    """The question's years, dates and version numbers that no cited passage states.

    "What will Brightmoor charge in 2026?" answered from the 2025 rate card is the neighbouring case, not the
    answer: every value of the answer is in its passage, so the fact checks pass. Other numbers of a question are
    conditions, often stated as ranges, and are not required (4 right answers were refused when
    they were). A number also counts as stated when its digits occur in the passage as a word or after a "v"
    ("2024" in "2024-04-01", "3.1" in "v3.1"). A size is one case: "a 9m by 12m marquee" over a list of "6m by 12m"
    and "9m by 15m" ones is not there (it was priced as the 9m by 15m)."""
    if not cited:
        return []
    text = " ".join(" ".join(cited).split())
    stated = tx.quantities(text)
    out: list[str] = [m.group(0) for m in SIZE_RE.finditer(question) if size_of(m) not in sizes_of(text)]
    dates = list(tx.DATE.finditer(question))
    for d in dates:  # a date is stated whole ("1 April 2024"), not as a day number and a year
        if not tx.states_date(d.group(0), text) and not tx.in_date_range(d.group(0), text) and not _bounded_by(
                question, d, text):
            out.append(d.group(0))
    for q in tx.quantities(question):
        if any(d.start() <= q.start < d.end() for d in dates) or any(tx.same_quantity(q, o) for o in stated):
            continue
        if not _identifies(q, question):
            continue
        digits = re.sub(r"[^\d.,/]", "", q.text).strip(".,/")
        if digits and (re.search(rf"(?<![\d.,]){re.escape(digits)}(?![\w]|[.,]\d)", text)
                       or in_year_span(digits, text)):
            continue
        out.append(q.text.strip())
    return list(dict.fromkeys(out))


_CODE = re.compile(r"([A-Z]{1,3})-?(\d{1,3})")


def _sibling_codes(name: str, text: str) -> bool:
    """Whether ``name`` is a size or model code ("A2") that ``text`` lacks while writing others of its series ("A4",
    "A3"): the passages price the series but not the case asked about (an A2 print was answered with the
    A3 price). A code alone needs no other name of the question beside it."""
    m = _CODE.fullmatch(name)
    if m is None:
        return False
    series = re.finditer(rf"(?<![\w-]){m.group(1)}-?(\d{{1,3}})(?![\w-])", text)
    return any(int(o.group(1)) != int(m.group(2)) for o in series)


def _head_of_others(word: str, name: str, text: str) -> bool:
    """Whether ``text`` writes ``word`` as the head of other names ("Brindle Airport", "Kingsmere Airport"): then
    "Fenwick Airport" is a sibling those passages do not list, not a name owning one they do (the
    fare to an airport the list lacks was answered as the list's)."""
    return any(m.group(1) != name and m.group(1).lower() not in tx.STOPWORDS
               # a sentence's first word is no name, unless it opens an organisation's heading ("Hadlow Mower
               # Clinic, Hadlow – Servicing Prices": Greenblade Mower Services was priced from it)
               and (not re.search(r"(?:^|[.!?:;])\s*$", text[:m.start()]) or _ORG_HEAD.match(text, m.start()))
               for m in re.finditer(rf"\b([A-Z][\w'’-]*)\s+{re.escape(word)}\b", text))


# a run of capitalised words, joined by "&" or "and" too ("Ivy & Lace Bridal"), and the lower-case noun after it
_NAME_RUN = re.compile(r"(?<![\w'’-])([A-Z][\w'’-]*(?:(?:\s+(?:&|and)\s+|\s+)[A-Z][\w'’-]*)+)(?:'s|’s)?(\s+[a-z]+)?")


def name_runs(question: str) -> list[list[str]]:
    """The runs of capitalised words of a question, each word without its "'s": "Sabreline Fencing Club"."""
    return [[re.sub(r"['’]s$", "", w) for w in re.findall(r"[A-Z][\w'’-]*", m.group(1))]
            for m in _NAME_RUN.finditer(question)]


# "Great Addington Cricket Club – ...", and with its town: "Exeter Spinners Table Tennis Club, Exeter – ..."
_ORG_HEAD = re.compile(r"\s*(?:[A-Z][\w'’&.-]*\s+|&\s+){1,6}[–—:-]\s"  # "Slice & Stone, Penrith – ..." too
                       r"|\s*(?:[A-Z][\w'’&.-]*\s+|&\s+){0,5}[A-Z][\w'’&.-]*,\s*(?:[A-Z][\w'’&.-]*\s+){1,3}[–—:-]\s")


def unasked_names(question: str, cited: Sequence[str], about: Sequence[str] = ()) -> list[str]:
    """The question's names and codes that no cited passage writes, when another of its names is there.

    "Who manages Pulsehall's Northgate club?" answered from the page about the Riverside club, "policy v5.1"
    from v5.2, "the Plus membership" from the Premium one: the answer is about the right company but the wrong
    case. The anchor (another name of the question in the cited text) keeps a question whose only name is a
    project the documents never repeat ("the Orchid audit" over the steering minutes) from being refused; a name
    just before a name that is there is its owner or brand ("Pulsehall's Northgate club" over the Northgate
    club's own contact sheet), which documents often leave out, so it is not required either. A name
    in the cited chunks' section headings or file names (``about``: "Gold card > Fees", "orchid-minutes.pdf")
    counts as written: a chunk cut from under its heading does not repeat it.
    """
    if not cited:
        return []
    text = " ".join(" ".join(cited).split())
    where = " ".join(about)
    asked = tx.question_names(question)
    stated = {n for n in asked if tx.name_stated(n, text) or (where and tx.name_in(n, where))}
    siblings = [n for n in asked if n not in stated and _sibling_codes(n, text)]
    if not stated:
        # no anchor, but every cited chunk opens with another organisation's heading ("Great Addington Cricket Club
        # – Membership and Nets" for "Little Harrowden's indoor nets": an answer gave the other club's)
        heads = [tx.split_sentences(t)[0].text for t in cited if t.strip()]
        runs = [[w for w in run if w in asked] for run in name_runs(question)]
        # the name's first word is its own: "Oakfield Boat Repairs" over "Marston Boat Care, Marston – ..." shares
        # only the trade
        # (a chunk cut from below its page's title carries the title as its heading: dough balls
        # were priced from the rival's second chunk)
        titled = any(_ORG_HEAD.match(a) for a in about)
        other = [" ".join(run) for run in runs if len(run) >= 2 and heads
                 and all(_ORG_HEAD.match(h) or titled for h in heads) and not tx.name_in(run[0], text)]
        return list(dict.fromkeys(siblings + other))

    def leads_stated(name: str) -> bool:  # "Pulsehall's Northgate club": the owner of a name that is there
        return any(m.group(1) in stated and not _head_of_others(m.group(1), name, text) for m in re.finditer(
            rf"(?<![\w.]){re.escape(name)}(?:'s|’s)?\s+([\w.-]*\w)", question))

    def ends_stated(name: str) -> bool:
        """"Redline Ridge Karting" over a passage of "Redline Ridge": the last word of a name whose first two or
        more words are there names the trade, not a case, unless the passages write other names
        before its noun ("Ledgerly Team Growth plan" over "Team Starter plan")."""
        for m in re.finditer(rf"((?:[A-Z][\w'’-]*\s+){{2,}}){re.escape(name)}(?![\w'’-]|\s+[A-Z])(\s+[a-z]+)?",
                             question):
            noun = (m.group(2) or "").strip()
            sibling = noun and any(o.group(1) != name for o in re.finditer(
                rf"\b([A-Z][\w'’-]*)\s+{re.escape(noun)}\b", text))
            if all(w in stated for w in m.group(1).split()) and not sibling:
                return True
        return False

    def trade_tail(name: str) -> bool:
        """"Skylark Balloon Flights", "Ivy & Lace Bridal" over passages writing "Skylark", "Ivy & Lace": the words
        after a business's first name word describe its trade (six right answers were refused before this), unless
        the passages write that first word before another capitalised word ("Pulsehall Riverside" for "Pulsehall
        Northgate") or another name before the noun that follows ("Team Starter plan")."""
        for m in _NAME_RUN.finditer(question):
            run = [w.rstrip("'’") for w in re.findall(r"[A-Z][\w'’-]*", m.group(1))]  # "Skylark Balloon Flights'"
            if name not in run[1:] or run[0] not in stated:
                continue
            other = [o.group(1) for o in re.finditer(rf"(?<![\w'’-]){re.escape(run[0])}(?:'s|’s)?\s+([A-Z][\w'’-]*)",
                                                        text) if o.group(1) not in run]
            noun = (m.group(2) or "").strip()
            sibling = noun and any(o.group(1) not in run for o in re.finditer(
                rf"\b([A-Z][\w'’-]*)\s+{re.escape(noun)}\b", text))
            if not other and not sibling:
                return True
        return False

    return [n for n in asked if n not in stated
            and (n in siblings or (not leads_stated(n) and not ends_stated(n) and not trade_tail(n)
                                   and not bands.names_day(n, text)))]


ELSEWHERE_MIN = 2  # the question's focus words one passage shown but not cited must use (see elsewhere_focus)
_GENERIC_STEMS = frozenset(tx.stem(w) for w in (
    "minimum", "maximum", "age", "old", "time", "times", "people", "person", "child", "children", "adult", "day",
    "days", "week", "weekly", "month", "year", "hour", "hours", "morning", "afternoon", "evening", "book", "booking",
    "open", "available", "need", "get", "still", "include", "included"))


def elsewhere_focus(question: str, cited: Sequence[str], others: Sequence[str]) -> list[str]:
    """The question's focus words that no cited passage uses but a passage shown and not cited does.

    A near-miss question asks for a thing its business does not list ("a wedding dress" from the ironing service
    whose price list has none, "a large basket" where only the rival sells baskets): the writer answers from the
    asked business's page with a row that is there, while the thing asked stands in another passage it was shown
    (two such answers were finalized). Frame words ("cost", "fee") and words any page of a trade uses
    ("minimum age", "evening") are no thing asked, and one word is no thing either: on past evaluation sets
    single words refused 80 right answers in users' own words (a "swim" the passage calls a session); two or more
    in one passage shown refused 12 of 1482. The cited passages must name the business asked about and the other
    passage none of its names (the answer read the asked business's own page for a thing only a rival lists): 1 of
    1532 on past evaluation sets."""
    if not cited or not others:
        return []
    pool: set[str] = set()
    for text in cited:
        pool |= tx.content_stems(text)
    missed = tx.question_focus(question) - FRAME_STEMS - _GENERIC_STEMS - pool
    names = tx.question_names(question)
    if len(missed) < ELSEWHERE_MIN or not any(tx.name_in(n, text) for n in names for text in cited):
        return []
    # the thing asked stands on another business's page: one naming none of the question's names
    seen = max((tx.content_stems(text) & missed for text in others
                if not any(re.search(rf"(?<![\w'’-]){re.escape(n)}(?![\w'’-])", text) for n in names)),
               key=len, default=set())
    if len(seen) < ELSEWHERE_MIN:
        return []
    return list(dict.fromkeys(w for w in tx.words(question) if tx.stem(w) in seen))


def elsewhere_priced(question: str, claims: Sequence[str], cited: Sequence[str], others: Sequence[str]) -> list[str]:
    """The one focus word of the question that no cited passage uses, when the answer gives it a price (so it read
    that price from a row the passage calls something else) and a passage shown and not cited, naming none of the
    question's names, prices it: "The hoodie costs £15" from Marshgate's "Club T-shirts cost £15" while only
    Fellside's page sells hoodies (such an answer was finalized). One word alone is no evidence (``elsewhere_focus``);
    one word the answer prices, and a rival prices, is."""
    if not cited or not others:
        return []
    names = tx.question_names(question)
    if not any(tx.name_in(n, text) for n in names for text in cited):
        return []
    pool: set[str] = set()
    for text in cited:
        pool |= tx.content_stems(text)
    own = {tx.stem(w) for n in names for w in tx.words(n)}
    missed = {w for w in tx.question_focus(question) - FRAME_STEMS - _GENERIC_STEMS - GIVING - own - pool
              if not any(_one_word(w, p) for p in pool)}
    if len(missed) != 1:
        return []
    word = next(iter(missed))
    if not any(word in said_of(plain, q) for plain in claims for q in tx.quantities(plain) if q.kind == "currency"):
        return []
    for text in others:
        if any(re.search(rf"(?<![\w'’-]){re.escape(n)}(?![\w'’-])", text) for n in names):
            continue
        if any(any(_one_word(word, w) for w in tx.content_stems(c)) and any(q.kind == "currency"
                                                                           for q in tx.quantities(c))
               for line in tx.split_sentences(text) for c in bands.clauses(line.text)):
            return [w for w in tx.words(question) if tx.stem(w) == word][:1]
    return []


def _one_word(a: str, b: str) -> bool:
    """Two stems of one word the stemmer keeps apart: by a suffix ("collecting", "collection": ``derived_forms``)
    or by its ending ("hoodi" of hoodie, "hoody" of hoodies)."""
    return derived_forms({a}, {b}) or (min(len(a), len(b)) >= 5 and a[:-1] == b[:-1])


def unbound_names(question: str, claims: Sequence[ClaimCheck], plain_of: dict[int, str],
                  by_id: dict[str, Source]) -> list[str]:
    """``unasked_names`` for each sentence that cites several chunks, against the chunks holding its values."""
    out: list[str] = []
    for c in claims:
        cited = [by_id[i] for i in c.citations if i in by_id]
        if len(cited) < 2:
            continue
        holding = value_chunks(plain_of[id(c)], cited, question)
        if holding and len(holding) < len(cited):
            out += unasked_names(question, [s.text for s in holding], [s.about for s in holding])
    return out


def unbound_numbers(question: str, claims: Sequence[ClaimCheck], plain_of: dict[int, str],
                    by_id: dict[str, Source]) -> list[str]:
    """``unasked_numbers`` for each sentence stating a figure, against the chunks that hold its figures.

    "HD-40 teeth whitening in the 2024 fee schedule" answered "Fee Schedule 2024 [c4]. HD-40 Teeth whitening:
    EUR 310 [c1]." passes the whole-answer check (c4 says 2024) while the fee comes from c1, the 2025 schedule.
    Years and dates of the sentence itself are not figures here: a heading copied as context ("Halvorsen Marine,
    outlook for 2024 [c6]") is not the answer. Offline over the answers the app committed to in earlier runs it
    flagged 2 of 246 to answerable questions (a wrong answer, and a right one only through a sentence echoing the
    critic's feedback, which ``drop_echo`` now removes) and 4 of 34 to unanswerable ones."""
    out: list[str] = []
    for c in claims:
        plain = plain_of[id(c)]
        dates = list(tx.DATE.finditer(plain))
        figures = [q for q in claim_values(plain, question) if not (q.unit is None and YEAR.fullmatch(q.text.strip()))
                   and not any(d.start() <= q.start < d.end() for d in dates)]
        holding = [src for src in (by_id[i] for i in c.citations if i in by_id)
                   if any(quantity_in(q, src) for q in figures)]
        if holding:
            out += unasked_numbers(question, [src.text for src in holding])
    return out
