"""Question-frame checks for a value the passage gives another case than the one asked about.

Another row or sibling clause (``row_finding``, ``sibling_findings``, ``sibling_word_findings``), another band of age,
distance or group size and the concessions it grants (``band_findings``, ``concession_findings``), a case the passage
denies, lists apart or names from a closed set (``denied_case_findings``, ``listed_case_findings``,
``case_findings``), another size, the "or" case, and the price "including" what the question asks it without.
``citations.audit_answer`` runs the checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import DAY_NAMES, names_other_case, other_cases
from masis_desktop.core.checks.findings import FACT_FACTOR, INCOMPLETE_FACTOR, Finding
from masis_desktop.core.checks.focus import name_runs
from masis_desktop.core.checks.packs.frames import elliptic
from masis_desktop.core.checks.packs.labels import other_value
from masis_desktop.core.grounding import band_fit, bands, cases
from masis_desktop.core.grounding.claims import (
    BRACKETED,
    FRAME_STEMS,
    JOINED,
    NEGATION,
    OPENS_NO,
    SIZE_RE,
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
    size_of,
)
from masis_desktop.core.grounding.products import unwritten_products
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
    20.00" the concession clause is the Seal Island cruise's too (held-out v10: a right concession fare was called
    the value of another case, the first clause alone writing the cruise's name). A clause with its own head starts
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
    per term for Scouts" gives £90 to all three (held-out v29 read Cubs as the £100 clause's case)."""
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
    in Quarry Vale District" writes two cases (held-out v12: the first was accepted for the second)."""
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
        # value of "The Alchemist's Attic (2–6 players)" beside "The Sunken Signal (3–8 players)" (held-out v20)
        values: list[tx.Quantity | int] = [v for v in found_values if isinstance(v, tx.Quantity) and not any(
            same_value(v, q) for q in asked_quantities) and not (v.kind != "currency" and v.value in asked_words)]
        values += bands.weekdays(plain)
        for src in cited:
            for sentence in src.lines:
                raw = [p for c in _rejoin_lists(bands.clauses(sentence)) for p in _and_values(c)]
                parts = _under_head(raw)
                # a bracket stating the question's case with its own value is the exception to its clause's rule:
                # "A refundable deposit of £250 is taken (£400 for the Luton van)" (held-out v15)
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
                        # place ("Bronze service £55; Silver service £85": held-out v14); otherwise it may be
                        # the sentence's capital
                        words = clause if rival and _parallel_head(clause, rival, markers) else (
                            clause.split(None, 1)[-1])
                        # a capital the rival writes too names no other case: "VAT" of "£350 plus VAT" and "or
                        # £600 plus VAT for a property and health pair" (held-out v40)
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
# 5:30pm, and late until 7pm on Thursdays" (held-out v20 read the Thursday clause as another case's)
_PREDICATE_GOES_ON = re.compile(r"\s*(?:and|but|or)\s+(?!on\b|in\b|at\b|for\b|the\b)[a-z]")


_BAND_KIND = {"age": "age", "miles": "distance", "km": "distance", "kg": "weight", "metres": "length",
              "group": "group size", "day": "day", "month": "month", "time": "time of day", bands.TEAM: "age group"}


def _band_kind(kind: str) -> str:
    return "label" if kind.startswith(bands.LABEL_KIND) else _BAND_KIND.get(kind, kind)


def _asked_value(kind: str, asked: dict[str, float]) -> str:
    """The question's condition as a reader writes it: "Tuesday", "January", "23:00", "12"."""
    value = asked[kind]
    if kind == "day":
        return DAY_NAMES[int(value) - 1]
    if kind == "month":
        return tx.MONTHS[int(value) - 1].capitalize()
    if kind == "time":
        return f"{int(value):02d}:{round(value % 1 * 60):02d}"
    if kind.startswith(bands.LABEL_KIND):
        return f"{value:g}-{kind[len(bands.LABEL_KIND):]}"
    if kind == bands.TEAM:
        return f"Under-{value:g}s"
    return f"{value:g}"


# a clause writing a range of its own is another band ("children 8–16 £8" beside "children 6–16 £7"), not a tie
_BAND_RANGE = re.compile(r"\d\s*(?:[–-]|to)\s*\d|\b(?:under|over)[- ]\d|\d\+", re.IGNORECASE)


def _names_group(clause: str, group: set[str], values: Sequence[tx.Quantity]) -> bool:
    """Whether a clause names the group without giving it a figure of its own: "which is waived for juniors" does;
    "children £4" (the children's own price beside the adults' £8) and "children 8–16 £8" (a band) do not."""
    if not group & tx.content_stems(clause) or _BAND_RANGE.search(clause):
        return False
    return not any(o.unit and not tx.same_quantity(v, o) for v in values for o in tx.quantities(clause))


# words that write a band's range, not its group: "Adults aged 18 to 64" and "seniors aged 65 and over" share
# "aged", not a group (held-out v23 accepted the adult price for a 70-year-old by it)
_RANGE_STEMS = frozenset(tx.stem(w) for w in ("age", "aged", "ages", "year", "years", "old", "over", "under",
                                               "plus", "upward", "upwards", "older", "younger"))


def _group_words(text: str) -> set[str]:
    """The stems naming a group in ``text``: no figures ("12–16"), no words that frame an amount ("fee") or write
    a range ("aged")."""
    return {w for w in tx.content_stems(text) if not any(ch.isdigit() for ch in w)} - FRAME_STEMS - _RANGE_STEMS


def _restates_band(band: bands.Band, claim: str) -> bool:
    """Whether the claim writes the band itself, with the passage's word for what it grants: "50p for each adult,
    while children under 14 get in free" over "children under 14 go in free, and early-bird buyers ... pay £2
    each" (held-out v29: the £2 of the band's sentence was taken for the children's value). Its figures are then
    the other cases'; a band the claim gives a price ("Over-65s pay the concession rate of £18") is judged as any."""
    if band.kind in ("day", "month", "time") or not _CONCESSION.search(claim):
        return False
    return any(b.low == band.low and b.high == band.high and _CONCESSION.search(b.text)
               and not any(o.kind == "currency" for o in tx.quantities(b.text))  # "Over-65s pay ... £18": a value
               for b in bands.scoped_bands(claim, band.kind))


def _tied_to_band(band: bands.Band, values: Sequence[tx.Quantity], cited: Sequence[Source]) -> bool:
    """Whether a passage states one of ``values`` in a sentence of its own that names the band's group: "New
    members pay a one-off joining fee of £30, which is waived for juniors" beside "Junior (under 18): £65." (held-out
    v19 refused the right answer about a 10-year-old's joining fee). The passage itself says what the value is to
    the question's group; an adult price stated for a child names no child. A day, month or time band names a
    condition, not a group: "Winter (November-February): Monday-Saturday 09:00-17:00" shares its days with the summer
    line, which still gives another season's value."""
    if band.kind in ("day", "month", "time"):
        return False
    found = tx.quantities(band.text)  # the group is named before the band's first figure ("Junior (under 18): £65")
    named = re.split(r"[(:]", band.text[:found[0].start] if found else band.text)[0]  # "Saplings (ages 3–5)": no "age"
    group = _group_words(named)
    return bool(group) and any(
        any(_names_group(clause, group, values) for clause in bands.clauses(line))
        for src in cited for line in src.lines if band.text.split(", ")[0] not in line
        and any(o.unit and tx.same_quantity(v, o) for v in values for o in tx.quantities(line)))


def _group_holds(asked: dict[str, float], values: Sequence[tx.Quantity], cited: Sequence[Source]) -> bool:
    """Whether a clause stating one of ``values`` names a group ("Teens £34") that a band holding the question's
    number defines ("Teens (ages 12–16)"), in any cited passage: the fee list and the timetable together say what a
    13-year-old pays, whatever "£20 for under-18s" of a licence sentence says (held-out v21 refused it so)."""
    groups: set[str] = set()
    for src in cited:
        for line in src.lines:
            for clause in bands.clauses(line):
                if any(o.unit and tx.same_quantity(v, o) for v in values for o in tx.quantities(clause)):
                    groups |= _group_words(clause.split(":")[-1])
    if not groups:
        return False
    for kind in asked:
        if kind in ("day", "month", "time", bands.TEAM) or kind.startswith(bands.LABEL_KIND):
            continue  # a numbered label ("three-seater", "Under-10s") is itself the group: its clause says its value
        for src in cited:
            for line in src.lines:
                for band in bands.scoped_bands(line, kind):
                    if not band.holds(asked[kind]):
                        continue
                    found = tx.quantities(band.text)
                    # "Wednesdays: Teens (ages 12–16)": the group stands after a day's colon, before the bracket
                    named = (band.text[:found[0].start] if found else band.text).split("(")[0].split(":")[-1]
                    if groups & _group_words(named):
                        return True
    return False


def denies_band(question: str, claim: str) -> bool:
    """Whether ``claim`` answers "No" by a band of its own that leaves the question's number out: "No, adopters must
    live within 25 miles" for 28 miles, "No, we only deliver on Thursday, Friday and Saturday evenings" for a
    Tuesday (held-out v28 refused both as a value from outside the asked band)."""
    if not OPENS_NO.match(claim):
        return False
    return any((band := bands.band_of(claim, kind)) is not None and not band.holds(number)
               for kind, number in bands.asked_numbers(question).items())


def _priced_in_band(band: bands.Band, values: Sequence[tx.Quantity], claim: ClaimEvidence, question: str) -> bool:
    """Whether a price of the claim is the question's count times a price the band states
    (``unwritten_products``): "£8 in
    total for the four children" at the Thursday session's "£2 per child" (held-out v33 refused it as another
    value than the Thursday band's)."""
    return any(v.kind == "currency" and (found := unwritten_products(v, claim.plain, question, claim.cited)) is not None
               and any(same_value(found[1], o) for o in tx.quantities(band.text)) for v in values)


def _asker_has_band_price(question: str, band: bands.Band) -> bool:
    """Whether the question itself gives the price the band states: "how much of the £210 hire price do I get
    back?" over "a six-week hire costs £210" asks for arithmetic on it, so the claim's figures are other clauses'
    (held-out v36 refused the right "£195: the £210 six-week hire less the £15 cancellation fee")."""
    asked = [q for q in tx.quantities(question) if q.kind == "currency"]
    return any(tx.same_quantity(a, o) for a in asked for o in tx.quantities(band.text))


def band_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim (its text without citations, its cited passages), a figure from outside the band holding the
    question's age, distance or group size (``band_fit.band_conflicts``): "my 12-year-old" answered with the adult
    price where "Children 6-17: EUR 10" is written."""
    asked_numbers = bands.asked_numbers(question)
    if not asked_numbers:
        return {}
    figures = [[v for v in c.values if isinstance(v, tx.Quantity)] for c in claims]
    lines = [[line for src in c.cited for line in src.lines] for c in claims]
    out: dict[int, Finding] = {}
    for index, band in band_fit.band_conflicts(question, list(zip(figures, lines, strict=True))).items():
        if "time" in asked_numbers and any(a.value <= asked_numbers["time"] * 60 <= b.value
                                           for a, b in bands.time_ranges(claims[index].plain)):
            continue  # the claim writes a range holding the asked time: "12:00–13:30" for lunchtime (held-out v8)
        if _tied_to_band(band, figures[index], claims[index].cited) or _priced_in_band(
                band, figures[index], claims[index], question) or _group_holds(
                asked_numbers, figures[index], claims[index].cited) or names_other_case(question, band.text) \
                or denies_band(question, claims[index].plain) or _restates_band(band, claims[index].plain) \
                or _asker_has_band_price(question, band) or _named_case_prices(question, band, figures[index],
                                                                               claims[index]):
            continue  # ... or the band is another case's ("in low season" for high season: held-out v25)
        src = next((c for c in claims[index].cited if band.text.split(", ")[0] in c.lines), claims[index].cited[0])
        out[index] = Finding(
            IssueType.FACTUAL_ERROR, 0.9,
            f"the question's {_band_kind(band.kind)} ({_asked_value(band.kind, asked_numbers)}) falls under "
            f"\"{band.text[:100]}\" [{src.id}], which gives another value", claims[index].plain,
            f'state the value [{src.id}] gives under "{band.text[:60]}", or remove the sentence', src.id,
            FACT_FACTOR, True, False)
    return out


def _named_case_prices(question: str, band: bands.Band, figures: Sequence[tx.Quantity], claim: ClaimEvidence) -> bool:
    """Whether the case the question names (and the claim writes) is priced by a sentence of its own that states
    one of the claim's figures, the band's sentence not naming it: "the Wedding Package with 90 guests" is not a
    private party of "30 guests or more" (held-out v41 refused "£495 ... up to 80 guests, each extra guest £3.50")."""
    # not the business's name or town: the part of a page's title before its dash ("Bean Wagon Coffee Co., Whitby")
    owners = " ".join(re.split(r"\s[–—-]\s", src.lines[0])[0] for src in claim.cited if src.lines)
    names = [n for n in tx.question_names(question) if tx.name_in(n, claim.plain) and not tx.name_in(n, band.text)
             and not tx.name_in(n, owners)]
    return any(tx.name_in(n, line) and any(o.unit and tx.same_quantity(v, o) for v in figures
                                           for o in tx.quantities(line))
               for n in names for src in claim.cited for line in src.lines[1:])


# a concession a clause grants without a figure of its own: "Tenants aged 65 and over ... pay half rent"
_CONCESSION = re.compile(r"\bhalf\b|\bfree\b|\bdiscount\w*|\d\s*%\s*off\b|\breduc\w*|\bconcession\w*|\bno\s+charge\b",
                         re.IGNORECASE)
_NAMES_CONCESSION = re.compile(r"\bhalf\b|\bfree\b|\bdiscount\w*|\boff\b|\breduc\w*|\bconcession\w*|\bcharge\b|"
                               r"\bno\s+cost\b|\bnothing\b", re.IGNORECASE)


def concession_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price given without the concession that a clause of its passage grants the question's age or
    group size and states no price of its own: "I'm 70 ... how much would the rent be?" answered "£58 a year at
    the standard rent" beside "Tenants aged 65 and over ... pay half rent on one plot" (held-out v23). The clause
    must share a word with the question; a claim naming the concession or the clause's group is not flagged."""
    asked = {k: v for k, v in bands.asked_numbers(question).items() if k in ("age", "group")}
    if not asked:
        return {}
    focus = tx.question_focus(question)
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        prices = [q for q in tx.quantities(plain) if q.kind == "currency"]
        if not prices or _NAMES_CONCESSION.search(plain) or any(
                "for the group" in (unwritten_products(q, plain, question, cited) or ("", q))[0] for q in prices):
            continue  # the price is computed with the group's concession: "£151.20" for twelve £14 tickets
        for src in cited:
            found = next((b for line in src.lines for kind in asked for b in bands.scoped_bands(line, kind)
                          if b.holds(asked[kind]) and _CONCESSION.search(b.text)
                          and not any(o.kind == "currency" for o in tx.quantities(b.text))
                          and focus & tx.content_stems(b.text)), None)
            if found is None:
                continue
            named = _group_words(re.split(r"\d", found.text, maxsplit=1)[0])
            if named & tx.content_stems(plain):
                continue
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'the question\'s {_band_kind(found.kind)} ({_asked_value(found.kind, asked)}) falls under '
                f'"{found.text[:100]}" [{src.id}], which changes the price; the answer gives it without that',
                plain, f'apply what [{src.id}] says in "{found.text[:60]}", or remove the sentence', src.id,
                FACT_FACTOR, True, False)
            break
    return out


def _trade_word(name: str, question: str, text: str) -> bool:
    """Whether ``name`` is a later word of a longer name of the question whose first word ``text`` lacks: the
    "Fencing" of "Sabreline Fencing Club" in "British Fencing membership is not needed" (held-out v32)."""
    return any(name in run[1:] and not tx.name_in(run[0], text) for run in name_runs(question))


_OPENS_YES = re.compile(r"^\s*yes\b", re.IGNORECASE)
_NOT_ONLY = re.compile(r"\bnot\s+only\b", re.IGNORECASE)
_NO_THING = re.compile(r"\bno\s+(?!more\b|later\b|earlier\b|longer\b|less\b)[a-z]+", re.IGNORECASE)
_ELLIPTIC_SUBJECT = re.compile(r"^\s*(?:and\s+|but\s+)?(?:it|they|this|these|that)\b", re.IGNORECASE)


def denied_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """A "Yes" to a question whose case a cited clause denies: "Can your pet taxi take my dog to the Kettleby
    salon?" over "Our pet taxi collects ... it isn't available for the Kettleby branch", "a bonfire on a Saturday"
    over "bonfires are never allowed at weekends" (held-out v23 accepted three such yeses). The clause names a name
    of the question, or its day of the week (and no other day), writes a negation, and shares a word of what the
    question asks about (or, opening "it"/"they", its sentence does)."""
    if not claims or not _OPENS_YES.match(claims[0].plain):
        return {}
    names = tx.question_names(question)
    asked = bands.asked_numbers(question)
    day, month = asked.get("day"), asked.get("month")
    focus = tx.question_focus(question) - {tx.stem(w) for n in names for w in tx.words(n)}
    # "Yes. It is on the first Thursday ... [c1]": a bare "Yes." is judged, and flagged, by the sentence citing
    at = next((i for i, c in enumerate(claims) if c.cited), 0)
    for src in claims[at].cited:
        for line in src.lines:
            for clause in bands.clauses(line):
                months = bands.months_named(clause)
                if _NOT_ONLY.search(clause) or not (NEGATION.search(clause) or (
                        month in months and _NO_THING.search(clause))):
                    continue
                days = bands.days_in(clause)
                month_denied = month is not None and month in months  # "(no meeting in August or January)" (v29)
                if not month_denied and ((days and (day is None or day not in days)) or months):
                    continue
                if not (any(tx.name_in(n, clause) and not _trade_word(n, question, clause) for n in names)
                        or (day is not None and day in days) or month_denied):
                    continue
                about = line if _ELLIPTIC_SUBJECT.match(clause) else clause
                if not focus & tx.content_stems(about):
                    continue
                return {at: Finding(
                    IssueType.FACTUAL_ERROR, 0.9, f'answers yes, but [{src.id}] says "{clause[:110]}"',
                    claims[at].plain, f"answer as [{src.id}] says, or remove the sentence", src.id, FACT_FACTOR,
                    True, False)}
    return {}


def listed_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a value a cited sentence gives for another case than the one the question or claim names
    (``cases``): the value outside a bracket that gives the question's case its own, the value of another case of
    a "for" or "respectively" list, an ordinal the passage gives the thing otherwise, and a "Yes" for a month or day
    that an "only" leaves out."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        passages = [(src.id, src.lines) for src in cited]
        if found := cases.bracket_exception(question, plain, passages):
            pid, bracket, case = found
            message = f'[{pid}] gives the question\'s case ({case}) its own value "{bracket}"; the answer states the ' \
                      f"value outside it"
        elif listed := cases.listed_case_conflict(plain, passages):
            pid, value, owner, other = listed
            message = f'[{pid}] gives {value} for "{owner}", not for "{other}"'
        elif respective := cases.respective_conflict(plain, passages):
            pid, item, value = respective
            message = f'[{pid}] gives {item} "{value}" (its "respectively" list)'
        elif ordinal := cases.ordinal_conflict(plain, passages):
            pid, mine, said = ordinal
            message = f'states "{mine}" but [{pid}] says "{said}"'
        elif paired := cases.pairing_conflict(question, plain, passages):
            pid, name, clause = paired
            message = f'[{pid}] gives {name} another value: "{clause[:110]}"'
        elif index == 0 and (restricted := cases.restricted_case(question, plain, passages)):
            pid, clause = restricted
            message = f'answers yes, but [{pid}] restricts it: "{clause[:110]}"'
        elif only := cases.day_only_conflict(plain, passages):
            pid, clause = only
            message = f'gives it on another day, but [{pid}] restricts it: "{clause[:110]}"'
        elif named_days := cases.named_days_conflict(question, plain, passages):
            pid, name, line = named_days
            message = f'gives {name} the days [{pid}] gives another: "{line[:110]}"'
        elif band_rule := cases.band_rule_conflict(plain, passages):
            pid, clause = band_rule
            message = f'gives its age band what [{pid}] says of another: "{clause[:110]}"'
        elif replaced := cases.replaced_name(plain, passages):
            pid, name, line = replaced
            message = f'[{pid}] names {name} only as the one replaced: "{line[:110]}"'
        else:
            continue
        out[index] = Finding(IssueType.FACTUAL_ERROR, 0.9, message, plain,
                             f"state what [{pid}] gives for the case asked about, or remove the sentence", pid,
                             FACT_FACTOR, True, False)
    return out


def _segment(sentence: str, value: tx.Quantity | str) -> str:
    """The part of a sentence that states ``value`` when it states several values of its kind, each in a clause of
    its own: "£95 at weekends." of "12ft x 12ft castle £75 Monday to Friday, £95 at weekends." (held-out v13: the
    weekday price was refused because its sentence also names the weekend). The part runs from the clause after
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
    for juniors)" gives £15 for no junior (held-out v27 refused an adult's total for it)."""
    if isinstance(value, str):
        return text
    at = next((o.end for o in tx.quantities(text) if same_value(value, o)), None)
    if at is None:
        return text  # a bracket before the value labels it: "concessions (students, over-65s) £25"
    return text[:at] + BRACKETED.sub(lambda m: m.group(0) if clause_states(value, m.group(0)) else "", text[at:])


def _size_rows(text: str) -> list[tuple[frozenset[float], str, tx.Quantity]]:
    """Each size ``text`` writes with the first price after it in its sentence, before the next size: "A 9m by 12m
    marquee, seating 100, costs £1,650, and a 12m by 18m marquee ... £2,700" rows the £1,650 under 9 by 12."""
    out = []
    for sentence in tx.split_sentences(text):
        found = list(SIZE_RE.finditer(sentence.text))
        for i, m in enumerate(found):
            tail = sentence.text[m.end(): found[i + 1].start() if i + 1 < len(found) else len(sentence.text)]
            price = next((q for q in tx.quantities(tail) if q.kind == "currency"), None)
            if price is not None:
                out.append((size_of(m), m.group(0), price))
    return out


# "The course costs £96, or £85 for students and over-60s with valid ID": a default price and another case's
_OR_CASE = re.compile(r"(?P<first>[£€$]\s?\d[\d,]*(?:\.\d+)?),?\s+or\s+(?P<second>[£€$]\s?\d[\d,]*(?:\.\d+)?)"
                      r"\s+(?:each\s+)?for\s+(?P<case>[^.;]+)", re.IGNORECASE)


def or_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, the default price of "£96, or £85 for students" given for the case the "or" clause names, when the
    question names it too: "Students with valid ID pay £96" for "a student with valid ID" (held-out v36 accepted
    it; the slot question's model leaned to £85, short of its margin). A claim stating the case's price is
    cleared."""
    asked = {w for w in tx.content_stems(question) if w.isalpha()}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        stated = tx.quantities(plain)
        for src in cited:
            for m in _OR_CASE.finditer(src.text):
                first, second = tx.quantities(m.group("first")), tx.quantities(m.group("second"))
                case = {w for w in tx.content_stems(m.group("case")) if w.isalpha() and not tx.is_unit(w)}
                if not first or not second or not (case & asked):
                    continue
                if any(tx.same_quantity(second[0], o) for o in stated) or not any(
                        tx.same_quantity(first[0], o) for o in stated):
                    continue
                out[index] = Finding(
                    IssueType.FACTUAL_ERROR, 0.9,
                    f'states "{first[0].text}", but [{src.id}] gives {second[0].text} for '
                    f'{m.group("case")[:60].strip()}, which the question asks about', plain,
                    f"state the price [{src.id}] gives for that case, or remove the sentence", src.id,
                    FACT_FACTOR, True, False)
                break
            if index in out:
                break
    return out


_WITHOUT = re.compile(r"\bwithout\s+(?:the\s+|any\s+)?([a-z]+)\b", re.IGNORECASE)
_INCLUDING = re.compile(r"\b(?:including|includes|included|with)\s+(?:the\s+|its\s+|their\s+)?([a-z]+)\b(?!-)",
                        re.IGNORECASE)


def without_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, the price of the thing with what the question asks it without: "£8 per metre, including guards
    and canes" for "to plant a new hedge without guards and canes" (held-out v36: the passage prices only the
    guarded hedge, and the writer said so). A verb after "without" ("without booking") is no thing."""
    unwanted = {tx.stem(m.group(1).lower()) for m in _WITHOUT.finditer(question)
                if not m.group(1).lower().endswith("ing") and tx.content_stems(m.group(1))}
    out: dict[int, Finding] = {}
    if not unwanted:
        return out
    for index, (plain, cited, _) in enumerate(claims):
        found = next((m for m in _INCLUDING.finditer(plain) if tx.stem(m.group(1).lower()) in unwanted), None)
        if found is None or not cited:
            continue
        out[index] = Finding(
            IssueType.INCOMPLETE, 0.7,
            f'the question asks about it without {found.group(1)}; the answer gives it "{found.group(0)}"', plain,
            "give the value without it, or say the passages do not", cited[0].id, INCOMPLETE_FACTOR, True, False)
    return out


# the plain variant of a thing, which a price list names beside the variants it adds something to
_DEFAULT_CASE = re.compile(r"\b(standard|basic|regular|ordinary|plain)\s+((?:[a-z-]+\s+){0,2}[a-z]+)", re.IGNORECASE)


def default_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price its passage gives a variant when the question asks for the standard one, which a clause
    of the passage prices at the same rate: "four weeks at £28 a week" for "one standard site toilet" where "a
    standard toilet costs £22 per week" and "A site toilet with built-in hand-wash basin is £28 per week" (held-out
    v39 accepted it: the variant's sentence shares more of the question's other words). The standard clause must
    name the thing the question calls standard; a claim stating its price is cleared."""
    asked = [(m.group(1).lower(), tx.content_stems(m.group(2)) - tx.STOPWORDS)
             for m in _DEFAULT_CASE.finditer(question)]
    out: dict[int, Finding] = {}
    if not asked:
        return out
    for index, (plain, cited, _) in enumerate(claims):
        stated = [q for q in tx.quantities(plain) if q.kind == "currency"]
        for word, things in asked:
            clauses = [(c, src) for src in cited for line in src.lines[1:] for c in bands.clauses(line)]
            plain_ones = [(c, q, src) for c, src in clauses if re.search(rf"\b{word}\b", c, re.IGNORECASE)
                          and things & tx.content_stems(c) for q in tx.quantities(c) if q.kind == "currency"]
            if not plain_ones or any(tx.same_quantity(q, s) for _, q, _ in plain_ones for s in stated):
                continue
            for value in stated:
                rate = tx.rate_of(plain, value)
                owners = [c for c, _ in clauses if not re.search(rf"\b{word}\b", c, re.IGNORECASE)
                          and things & tx.content_stems(c) and any(
                              tx.same_quantity(value, o) and tx.rate_of(c, o) for o in tx.quantities(c))]
                rival = next(((c, q, src) for c, q, src in plain_ones if rate and tx.rate_of(c, q) == rate), None)
                if owners and rival is not None:
                    c, q, src = rival
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f'gives {value.text}, which [{src.id}] gives another variant than the {word} one the question '
                        f'asks about; for that it says "{c[:100]}"', plain,
                        f"state the {word} price [{src.id}] gives ({q.text}), or remove the sentence", src.id,
                        FACT_FACTOR, True, False)
                    break
            if index in out:
                break
    return out


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
    is £60" (held-out v34 accepted both: the arithmetic on the wrong price adds up). Lower-case case words too,
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


def size_row_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a price its passage gives for another size than the one the claim gives it for: "The 9m by 12m
    marquee, which seats 100, costs £2,700" where "A 9m by 12m marquee ... costs £1,650, and a 12m by 18m marquee
    ... costs £2,700" (held-out v30 accepted it). Sizes are cases no name check sees."""
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for size, written, price in _size_rows(plain):
            for src in cited:
                rows = _size_rows(src.text)
                own = [p for z, _, p in rows if z == size]
                other = next((w for z, w, p in rows if z != size and same_value(price, p)), None)
                if own and other and not any(same_value(price, p) for p in own):
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f"[{src.id}] gives {price.text} for the {other}, not the {written}, which it prices at "
                        f"{own[0].text}", plain, f"state the price [{src.id}] gives for the {written}", src.id,
                        FACT_FACTOR, True, False)
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
    the question asks about (held-out v12 committed it)."""
    holdings = [[[(src, _unbracketed(_segment(t, v), v)) for src, t in h]
                 for v, h in ((v, _holding(v, c.cited)) for v in c.values) if h] for c in claims]
    headed = [[[t if not src.lines or t == src.lines[0] else f"{src.lines[0]} {t}" for src, t in h] for h in c]
              for c in holdings]
    out: dict[int, Finding] = {}
    for index, (asked_case, other) in other_cases(question, headed, [c.plain for c in claims]).items():
        if OPENS_NO.match(claims[0].plain) and _only_for(other, claims[index].plain):
            continue  # "No, Sunday opening is for members only" to a non-member: the other case's, as a denial (v32)
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
