"""Question-frame checks for a value the passage gives another case than the one asked about, read by where the
value stands: another row, another sibling clause, another case of a closed set.

A price list or timetable writes several cases side by side ("Skerry 300: ..., weight 10.4 kg. Skerry 500: ...,
weight 8.9 kg", "Tours in French at 10:30 and 15:00; in English at 11:30 and 16:30", "Canoe hire: EUR 18 per half
day"); a wrong answer takes the value of the case beside the asked one, and every figure it writes is on the page,
so the fact check passes. ``row_finding`` reads "label: ..." rows (run inline by ``checks.audit``, which also uses
``row_values``), ``sibling_findings`` and ``sibling_word_findings`` the clauses of one sentence, ``case_findings``
the closed sets of ``asked.CASE_SETS`` (full/half day, adult/child, weekday/weekend). Bands and concessions are
``case_bands``' checks, the cases a passage denies, lists or names as variants ``case_variants``'.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import other_cases
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.checks.packs.frames import elliptic
from masis_desktop.core.checks.packs.labels import other_value
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import (
    BRACKETED,
    FRAME_STEMS,
    JOINED,
    OPENS_NO,
    YEAR,
    ClaimEvidence,
    Source,
    case_markers,
    case_marks,
    claim_values,
    clause_rivals,
    clause_states,
    same_kind,
    same_value,
)
from masis_desktop.core.schemas import IssueType

# "Skerry 300: ...", "German Coordinator: ...", "Tariff 1 (06:00-22:00, Monday-Saturday): ..." (times in brackets)
_ROW_HEAD = re.compile(r"^\s*((?:[^:;\n()]|\([^()\n]{0,60}\)){2,90}?)\s*:\s")


def _row_head(sentence: str) -> str | None:
    m = _ROW_HEAD.match(sentence)
    return m.group(1).strip() if m and 1 <= len(re.sub(r"\([^()]*\)", " ", m.group(1)).split()) <= 6 else None


def row_values(claim: str, question: str) -> list[tx.Quantity | str]:
    """What a row check compares: figures with a unit or a counted noun (not years, not parts of dates) and
    person-like names, neither given by the question."""
    dates = [(m.start(), m.end()) for m in tx.DATE.finditer(claim)]
    figures: list[tx.Quantity | str] = [
        q for q in claim_values(claim, question) if (q.unit or q.noun) and not YEAR.fullmatch(q.text.strip())
        and not any(a <= q.start < b for a, b in dates)]
    people = [m.group(0) for m in tx.PERSON.finditer(claim) if not tx.name_in(m.group(0), question)]
    return figures + list(dict.fromkeys(people))


def _row_rival(text: str, head: str, value: tx.Quantity | str, claim: str, question: str) -> str | None:
    """Another value of the value's kind in a row: a figure of the same unit, or another person-like name (not
    the row's own label, not a name the claim or the question uses)."""
    if isinstance(value, str):
        for m in tx.PERSON.finditer(text):
            name = m.group(0)
            if name != value and name not in head and not tx.name_in(name, question) and name not in claim:
                return name
        return None
    for o in tx.quantities(text):
        if o.unit == value.unit and same_kind(o, value) and not same_value(value, o) \
                and not YEAR.fullmatch(o.text.strip()):
            return o.text
    return None


_TOKEN = re.compile(r"\w+(?:[.-]\w+)*")


def _other_case(head: str, text: str) -> list[str]:
    """The words by which a row label names its case and ``text`` does not: capitalised words and codes ("Skerry
    300" -> "300"; "French Coordinator" -> "French"). A label of plain words ("Teaching assistant coordinator")
    names an attribute, often a sub-row of the case above it, not another case."""
    said = {w.lower() for w in _TOKEN.findall(text)}  # "v5.1" is one word: its "1" is not Severity 1's
    return [w for w in _TOKEN.findall(head) if (w[0].isupper() or any(ch.isdigit() for ch in w))
            and w.lower() not in said and w.lower() not in tx.STOPWORDS]


def _named_case(head: str | None, question: str) -> bool:
    """Whether a row label names its case by more than a capitalised first word ("Lumen Halls Kellerplatz",
    "Skerry 300"; not "Interest on unpaid balances", whose capital is the sentence's)."""
    words = _TOKEN.findall(head or "")
    return any(w in _other_case(head or "", question) for w in words[1:])


def row_finding(claim: str, cited: Sequence[Source], question: str) -> Finding | None:
    """A value read from the row of another case: "Skerry 300: ..., weight 10.4 kg. Skerry 500: ..., weight 8.9 kg"
    answering the Skerry 500's weight with 10.4 kg; "French Coordinator: Sidonie Parrenin" for the German one.

    Rows are sentences headed "label: ...". The claim's value (a figure with a unit or counted noun, or a
    person-like name, that the question does not give) is flagged when every row of the cited passage stating it
    is headed by a label lacking one of the question's case markers, and a row whose label has that marker states
    a rival of the same kind, or (when the value's labels name their case beyond a first capital: "Lumen Halls
    Kellerplatz") a row labelled with the marker states no value of that kind at all: the general manager of
    Westgate, a site the passage lists without one. A marker of the heading line names what every row is under
    ("Kestrel Hall"), not a case. Prose (a sentence without a row label) is never judged here: "It weighs 8.9 kg" may
    continue the sentence naming the model; nor is a row whose label names no other case, or a claim that itself
    names the row's case ("Prerequisite: CS210 Data Structures" copied from the passage is true as written)."""
    markers = case_markers(question)
    values = row_values(claim, question) if markers else []
    for src in cited:
        rows = []  # (the row's text after its label, or the whole sentence; the label)
        for text in src.lines:
            head = _row_head(text)
            label = _ROW_HEAD.match(text) if head else None
            rows.append((text[label.end():] if label else text, head))
        for value in values:
            holding = [(text, head) for text, head in rows if (value in text if isinstance(value, str)
                       else any(same_value(value, o) for o in tx.quantities(text)))]
            if not holding or any(head is None or not _other_case(head, question) or not _other_case(
                    BRACKETED.sub(" ", head), claim) for _, head in holding):
                continue
            for marker in markers:
                if any(case_marks(marker, f"{head} {text}") for text, head in holding) or (
                        src.sentences and case_marks(marker, src.sentences[0].text)):
                    continue  # a marker of the heading line names what every row is under ("Kestrel Hall")
                for text, head in rows:
                    if head and case_marks(marker, head):
                        rival = _row_rival(text, head, value, claim, question)
                        if rival is None and not all(_named_case(h, question) for _, h in holding):
                            continue  # without a rival, only a label naming its case beyond its first word
                        said = value if isinstance(value, str) else value.text
                        other = f"{rival}" if rival else "which states no such value"
                        return Finding(
                            IssueType.FACTUAL_ERROR, 0.9,
                            f'states "{said}", which [{src.id}] gives under "{holding[0][1]}", not under '
                            f'"{head}" ({other}), the case the question asks about', claim,
                            f'use the value [{src.id}] gives under "{head}", or remove the sentence', src.id,
                            FACT_FACTOR, True, False, check="pack.prices.row")
    return None


def _holding(value: tx.Quantity | str, cited: Sequence[Source]) -> list[tuple[Source, str]]:
    """The sentences of ``cited`` stating ``value`` (a figure, or a name written as is)."""
    return [(src, text) for src in cited for text in src.lines
            if (value in text if isinstance(value, str) else any(same_value(value, o) for o in tx.quantities(text)))]


_HEAD = re.compile(r"([^:]{2,60}):\s")


def _under_head(parts: list[str]) -> list[str]:
    """Clauses with the head of the list they belong to: in "Seal Island cruise: adult GBP 24.00, concession GBP
    20.00" the concession clause is the Seal Island cruise's too (read alone, the right concession fare would be
    another case's value, only the first clause writing the cruise's name). A clause with its own head starts
    a new list."""
    out: list[str] = []
    head = ""
    for part in parts:
        m = _HEAD.match(part)
        if m:
            head = m.group(1)
        elif head:
            part = f"{head}: {part}"
        out.append(part)
    return out


_AND_VALUE = re.compile(rf"\s+and\s+(?=(?:[£€$]|\b(?:{tx.CURRENCY_CODES})\b)\s?\d)")
# "Tiny Tumblers for ages four to six at 4pm and Junior Circus for ages seven to eleven at 5pm": another named case
_AND_NAMED = re.compile(r"\s+and\s+(?=[A-Z][a-z]+\s+[A-Z][a-z]+)")


# the rest of a list a comma cut: "for Squirrels, | Beavers and Cubs and £100 per term for Scouts"
_LIST_REST = re.compile(r"\s*((?:[A-Z][\w'’-]*\s+)*[A-Z][\w'’-]*\s+(?:and|or)\s+(?:[A-Z][\w'’-]*\s*)+?)"
                        r"(?:\s+(?:and|or)\s+(?=\S*\s*[£$€\d])|[.;]?\s*$)(.*)$", re.DOTALL)
_ENDS_WITH_NAME = re.compile(r"\b(?:for|to|in|at|on)\s+[A-Z][\w'’-]*\s*$")


def _rejoin_lists(parts: list[str]) -> list[str]:
    """Clauses with a list of named cases put back together: "£90 per term for Squirrels, Beavers and Cubs and £100
    per term for Scouts" gives £90 to all three (Cubs is no case of the £100 clause)."""
    out: list[str] = []
    for part in parts:
        m = _LIST_REST.match(part)
        if out and m and _ENDS_WITH_NAME.search(out[-1]) and tx.quantities(out[-1]):
            out[-1] = f"{out[-1]}, {m.group(1).strip()}"
            if m.group(2).strip():
                out.append(m.group(2).strip())
            continue
        out.append(part)
    return out


def _and_values(clause: str) -> list[str]:
    """A clause cut before "and" that opens another amount: "GBP 55 for up to 14 days in Hatfield Borough and GBP 70
    in Quarry Vale District" writes two cases (the first is not the second's)."""
    for cut in (_AND_VALUE, _AND_NAMED):
        parts = cut.split(clause)
        if len(parts) > 1 and all(tx.quantities(p) for p in parts):
            return parts
    return [clause]


def _parallel_head(clause: str, rival: str, markers: Sequence[str]) -> bool:
    """Whether ``clause`` opens "<Word> <noun>" where ``rival`` writes "<marker> <noun>": "Bronze service" beside
    "Silver service" for a question naming Silver."""
    m = re.match(r"\s*[A-Z][\w'’-]*\s+([a-z][\w'’-]*)", clause)
    return m is not None and any(re.search(rf"(?<!\w){re.escape(k)}\s+{re.escape(m.group(1))}\b", rival)
                                 for k in markers)


_BRACKET = re.compile(r"\(([^()]*)\)")


def sibling_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a value read from the clause of another named case in a sentence that writes the question's case
    in a sibling clause: "Tours in French at 10:30 and 15:00; in English at 11:30 and 16:30" answering the English
    afternoon tour with 15:00, or "Rounds: Monday Ashby Road, Friday Longmere village" answering Longmere with
    Monday (a weekday is a value too). The sentence is cut into clauses at semicolons and commas outside brackets,
    each under the head of its list (``_under_head``); the value's clause must lack the question's case marker and
    name another case by a capitalised word or code the question lacks (beyond its first word), and a sibling
    clause with the marker must state another value of the value's unit. An answer stating any value from a clause
    with the marker is cleared whole."""
    markers = [m for m in case_markers(question) if not YEAR.fullmatch(m)]
    if not markers:
        return {}
    found: dict[int, tuple[str, str, str]] = {}  # claim -> (chunk id, the value's clause, the marker's clause)
    asked_quantities, asked_words = tx.quantities(question), tx.number_words_in(question)
    for index, (plain, cited, found_values) in enumerate(claims):
        # a figure the question gives is its condition, not a value read from a clause: "a team of six" is no
        # value of "The Alchemist's Attic (2–6 players)" beside "The Sunken Signal (3–8 players)"
        values: list[tx.Quantity | int] = [v for v in found_values if isinstance(v, tx.Quantity) and not any(
            same_value(v, q) for q in asked_quantities) and not (v.kind != "currency" and v.value in asked_words)]
        values += bands.weekdays(plain)
        for src in cited:
            for sentence in src.lines:
                raw = [p for c in _rejoin_lists(bands.clauses(sentence)) for p in _and_values(c)]
                parts = _under_head(raw)
                # a bracket stating the question's case with its own value is the exception to its clause's rule:
                # "A refundable deposit of £250 is taken (£400 for the Luton van)"
                exceptions: dict[int, str] = {}  # id of the bracket's part -> its clause without it
                for c in list(parts):
                    for b in _BRACKET.finditer(c):
                        inner = b.group(1)
                        outer = re.sub(r"\s+([.,;:])", r"\1", f"{c[:b.start()]}{c[b.end():]}").strip()
                        if tx.quantities(inner) and any(case_marks(m, inner) for m in markers) and not any(
                                case_marks(m, outer) for m in markers):
                            at = parts.index(c)
                            parts[at:at + 1] = [outer, inner]
                            exceptions[id(inner)] = outer
                            break
                for value in values:
                    own = [c for c in parts if clause_states(value, c)]
                    if any(case_marks(m, c) for m in markers for c in own):
                        return {}  # the answer gives the question's case's value
                    for clause in own:
                        rival = next((c for c in parts if c is not clause and any(case_marks(m, c) for m in markers)
                                      and clause_rivals(value, c)), None)
                        # a clause's first word names its case when the rival writes the question's case in its
                        # place ("Bronze service £55; Silver service £85"); otherwise it may be
                        # the sentence's capital
                        words = clause if rival and _parallel_head(clause, rival, markers) else (
                            clause.split(None, 1)[-1])
                        # a capital the rival writes too names no other case: "VAT" of "£350 plus VAT" and "or
                        # £600 plus VAT for a property and health pair"
                        theirs = {t.lower() for t in _TOKEN.findall(rival or "")}
                        named = [w for w in _other_case(words, question)
                                 if not tx.quantities(w) and not tx.is_unit(w) and not tx.name_in(w, question)
                                 and not (isinstance(value, int) and bands.weekdays(w))  # the value itself
                                 and w.lower() not in theirs]
                        exception = rival is not None and exceptions.get(id(rival)) is clause
                        if rival is not None and _PREDICATE_GOES_ON.match(clause) and parts.index(clause) > 0 and (
                                parts[parts.index(clause) - 1] is rival):
                            continue  # the rival's own sentence goes on: "... 8:30am to 5:30pm, and late until 7pm"
                        if (named or exception) and rival and index not in found:
                            found[index] = (src.id, clause, rival)
    return {index: Finding(IssueType.FACTUAL_ERROR, 0.9,
                           f'states a value of "{clause[:80]}" [{cid}]; the question asks about "{rival[:80]}"',
                           claims[index].plain,
                           f'use the value [{cid}] gives in "{rival[:80]}", or remove the sentence', cid, FACT_FACTOR,
                           True, False)
            for index, (cid, clause, rival) in found.items()}


# a clause going on with the previous clause's subject: "The High Street salon is open Monday to Saturday 8:30am to
# 5:30pm, and late until 7pm on Thursdays" (the Thursday clause is no other case's)
_PREDICATE_GOES_ON = re.compile(r"\s*(?:and|but|or)\s+(?!on\b|in\b|at\b|for\b|the\b)[a-z]")


def _segment(sentence: str, value: tx.Quantity | str) -> str:
    """The part of a sentence that states ``value`` when it states several values of its kind, each in a clause of
    its own: "£95 at weekends." of "12ft x 12ft castle £75 Monday to Friday, £95 at weekends." (the weekday
    price is not refused because its sentence also names the weekend). The part runs from the clause after
    the previous value's to the value's own, so labels before it stay ("Regulation, upright, per hour: CHF 85")."""
    if isinstance(value, str):
        return sentence
    parts = _under_head(bands.clauses(sentence))  # "Summer (...): peak 38.1 cents, ..., night 13.9 cents"
    bearing = [i for i, c in enumerate(parts) if any(o.kind == value.kind for o in tx.quantities(c))]
    own = next((i for i in bearing if clause_states(value, parts[i])), None)
    if len(bearing) < 2 or own is None:
        return sentence
    start = max((i + 1 for i in bearing if i < own), default=0)
    return ", ".join(parts[start:own + 1])  # each clause already carries its list's head


def _unbracketed(text: str, value: tx.Quantity | str) -> str:
    """``text`` without the brackets after ``value`` that do not state it: "a one-off joining fee of £15 (waived
    for juniors)" gives £15 for no junior (nor refuses an adult's total for it)."""
    if isinstance(value, str):
        return text
    at = next((o.end for o in tx.quantities(text) if same_value(value, o)), None)
    if at is None:
        return text  # a bracket before the value labels it: "concessions (students, over-65s) £25"
    return text[:at] + BRACKETED.sub(lambda m: m.group(0) if clause_states(value, m.group(0)) else "", text[at:])


def _case_words(text: str) -> set[str]:
    """A clause's words that can name a case: content stems less words framing an amount, and hyphenated figures
    ("60-minute") whole."""
    return ({w for w in tx.content_stems(text) if w.isalpha() and not tx.is_unit(w)} - FRAME_STEMS) | {
        m.group(0).lower() for m in re.finditer(r"\b\d+-[A-Za-z]+", text)}


def sibling_word_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price from a clause of a cited sentence whose sibling clause (cut at commas, semicolons and "and
    £...") writes a word of the question's that the price's clause lacks, beside another price, while the price's
    clause writes a case word the question lacks: "20 birds at 50p per bird" for a Channel race where "Entry costs
    50p per bird for inland races and £1.20 per bird for the two Channel races", "four tickets at £60 each" for the
    60-minute tour where "Our 60-minute Quayside Tour costs £45 per rider, and the 90-minute Walls and Estuary Tour
    is £60" (the arithmetic on the wrong price adds up, so the fact check passes both). Lower-case case words too,
    which ``sibling_findings`` leaves to names. A claim stating the sibling's price is cleared."""
    asked = _case_words(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        mine = _case_words(plain)
        # only a price the claim multiplies ("20 birds at 50p per bird", "four tickets at £60 each"): a price it
        # states alone is the per-case checks' (this rule refused 10 right lookups in its first form)
        for value in (q for q in claim_values(plain, question) if q.kind == "currency"
                      and re.search(r"\bat\s*$", plain[:q.start])):
            for src in cited:
                head = _case_words(src.lines[0]) if src.lines else set()
                for line in src.lines[1:]:
                    if ":" in line:
                        continue  # a list under a head: the per-case checks read it
                    parts = [p for c in bands.clauses(line) for p in JOINED.split(c)]
                    own = [p for p in parts if any(o.unit and tx.same_quantity(value, o) for o in tx.quantities(p))]
                    if len(own) != 1 or elliptic(value, own[0]):
                        continue  # "..., large £8": a list item's case is in its list's head
                    own_words = _case_words(own[0]) - head
                    if not own_words - asked - mine:  # the price's clause names no case the question lacks
                        continue
                    rival = next((p for p in parts if p is not own[0] and (asked - head) & (_case_words(p) - own_words)
                                  and other_value(p, value, plain)), None)
                    if rival is None:
                        continue
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f'[{src.id}] gives {value.text} in "{own[0][:80]}"; what the question asks about is in '
                        f'"{rival[:80]}"', plain, f'state the value [{src.id}] gives in "{rival[:60]}", or remove the '
                        "sentence", src.id, FACT_FACTOR, True, False)
                    break
                if index in out:
                    break
            if index in out:
                break
    return out


def case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim (its text without citations, its cited passages), a value read from a sentence naming another
    case of a closed set (``asked.CASE_SETS``) than the question's: "Canoe hire: EUR 18 per half day" for the full
    day, "Regulation, upright, per hour: CHF 85" for a grand piano, "Retail price: CHF 2,290" for the monthly
    rental. The values are those of the row check (a figure with a unit or counted noun, or a person-like name, that
    the question does not give); see ``other_cases`` for when an answer's other values clear them. A sentence is
    read under its passage's heading line, which names the case of every sentence below it: "Junior Club:
    Saturdays 10:00-12:00" under "... winter timetable (November-February)" is the winter's, not the summer timetable's
    the question asks about."""
    holdings = [[[(src, _unbracketed(_segment(t, v), v)) for src, t in h]
                 for v, h in ((v, _holding(v, c.cited)) for v in c.values) if h] for c in claims]
    headed = [[[t if not src.lines or t == src.lines[0] else f"{src.lines[0]} {t}" for src, t in h] for h in c]
              for c in holdings]
    out: dict[int, Finding] = {}
    for index, (asked_case, other) in other_cases(question, headed, [c.plain for c in claims]).items():
        if OPENS_NO.match(claims[0].plain) and _only_for(other, claims[index].plain):
            continue  # "No, Sunday opening is for members only" to a non-member: the other case's, as a denial
        held = [(src, said, text) for h, texts in zip(holdings[index], headed[index], strict=True)
                for (src, said), text in zip(h, texts, strict=True)]
        src, said, _ = next((p for p in held if other.split()[0] in p[2].lower()), held[0])
        out[index] = Finding(
            IssueType.FACTUAL_ERROR, 0.9,
            f'[{src.id}] gives this for "{other}", not for "{asked_case}" as the question asks: "{said[:120]}"',
            claims[index].plain, f'state only what a passage gives for "{asked_case}", or write only: "{tx.ABSTAIN}"',
            src.id, FACT_FACTOR, True, False)
    return out


def _only_for(case: str, text: str) -> bool:
    """Whether ``text`` keeps something to ``case`` alone: "for members only", "members-only", "only for members"."""
    word = re.escape(case.split()[-1].rstrip("s"))
    return re.search(rf"\b{word}s?(?:['’]s?)?[\s-]+only\b|\bonly\s+(?:for|to|open\s+to)\s+(?:\w+\s+)?{word}",
                     text, re.IGNORECASE) is not None
