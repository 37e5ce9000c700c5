"""Per-case values and conflicts across the evidence: ``variation_findings``.

A value the sources give per case (per tier, per role) stated as universal is ``incomplete``; two documents stating
different values in the same context is a ``contradiction`` unless the answer reports both. ``occurrences`` reads
each value with the context it is stated in; ``critique_tool`` runs the check beside the audit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import names_other_case
from masis_desktop.core.checks.findings import CONTRADICTION_FACTOR, INCOMPLETE_FACTOR, Finding
from masis_desktop.core.checks.retired import PAST_ASKED, retired_by
from masis_desktop.core.grounding.claims import (
    YEAR,
    Source,
    case_markers,
    case_marks,
    claim_values,
    clause_around,
    heads,
    period_markers,
    same_kind,
    scaled_equal,
)
from masis_desktop.core.schemas import IssueType

PARALLEL_CONTEXT = 0.5  # Jaccard of two value contexts above which they state the same attribute


# --- per-case values and conflicts -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Occurrence:
    source: Source
    quantity: tx.Quantity
    clause: str
    label: str | None  # "Free tier" in "Free tier: 10MB limit"; None in prose
    context: frozenset[str]
    lead: str = ""  # the case a label qualifies: "Adult day ticket" of "Adult day ticket, two rods: £14"


_SEPARATORS = ":|=\t–—"


def _list_label(text: str, left: int, label: str) -> tuple[str, str]:
    """A label that is a list ("Saturday, Sunday and bank holidays: GBP 88"): the clause stops at the list's first
    comma, so the items before it, back to the previous ";" or sentence end, are added while none holds a value
    or a label of its own ("Monday–Friday: GBP 70") or runs past two words (a case name with its qualifier,
    "Harcourt Hall standard room, shared bathroom: £142", keeps the qualifier alone as its label, and the case name
    as its lead)."""
    start = left
    while (before := text[:start].rstrip()).endswith(","):
        prev, at = clause_around(text, len(before) - 1, len(before) - 1)
        item = prev.strip()
        if not item or any(ch in item for ch in _SEPARATORS) or tx.quantities(item):
            break
        if len(item.split()) > 2:
            return label, item
        label, start = f"{item}, {label}", at
    return label, ""


def occurrences(src: Source) -> list[Occurrence]:
    out = []
    for q in src.quantities:
        clause, _ = clause_around(src.text, q.start, q.end)
        _, left = clause_around(src.text, q.start, q.end, brackets=True)
        label, lead = None, ""
        stripped = src.text[left:q.start].rstrip()
        if stripped and stripped[-1] in _SEPARATORS:
            cand = stripped[:-1].strip(" *-•")
            # a label holding a figure ("Twilight rate (tee times after 16:00, April–September)", "Gold berth
            # (vessels over 12 m)") names its case by a range only reasoning can match: no label; cut at the comma
            # inside its brackets it was "April–September)", a case of its own
            if 1 <= len(cand.split()) <= 6 and not tx.quantities(cand):
                label, lead = _list_label(src.text, left, cand)
        local = clause.replace(q.text, " ")
        ctx = frozenset(w for w in tx.content_stems(local) if not (w.replace(".", "").isdigit() and len(w) != 4))
        out.append(Occurrence(src, q, clause, label, ctx, lead))
    return out


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def _label_case(o: Occurrence, occurrences: Sequence[Occurrence]) -> tuple[list[Occurrence], set[str]]:
    """The labelled values of the same kind that rival ``o`` ("Bronze: 1 game" for "Silver: 2 games"), and the
    words of ``o``'s label that set it apart from theirs ("adult" of "Adult price" against "Child price"; nothing
    when no label states another value)."""
    assert o.label is not None
    rivals = [r for r in occurrences if r.label is not None and r.label.lower() != o.label.lower()
              and same_kind(r.quantity, o.quantity) and not tx.same_quantity(r.quantity, o.quantity)
              and r.quantity.value != o.quantity.value]
    if not rivals:
        return [], set()
    shared = set.intersection(*(tx.content_stems(f"{r.lead} {r.label}") for r in rivals))
    return rivals, tx.content_stems(f"{o.lead} {o.label}") - shared


def _names_case(o: Occurrence, rivals: Sequence[Occurrence], qualifier: set[str], words: set[str]) -> bool:
    """Whether ``words`` (the claim's and question's) name ``o``'s case. Its label's own words do; the words of the
    case its label qualifies ("Harcourt Hall standard room" of "…, shared bathroom: £142") do only while no word
    of a rival's label alone is named ("en-suite" of "Harcourt Hall en-suite: £168")."""
    named = qualifier & words
    if not named or named & tx.content_stems(o.label or ""):
        return bool(named)
    own = tx.content_stems(f"{o.lead} {o.label}")
    return not any((tx.content_stems(r.label or "") - own) & words for r in rivals)


def _same_case(mine: Source, other: Source, markers: Sequence[str]) -> bool:
    """Whether ``other`` may rival a value of ``mine``: not when ``mine``'s head names a case the question names
    (its year, season, name) and ``other``'s head does not ("Concession (state pension or benefits): 40%" of the
    2024 rents against "Concession: 30%" of the 2025 ones, for a question about 2024)."""
    return all(heads(n, other.head) for n in markers if heads(n, mine.head))


def variation_findings(claim: str, answer: str, evidence: list[Source],
                       occ_cache: dict[str, list[Occurrence]], question: str | None = None,
                       cited: Sequence[str] = ()) -> list[Finding]:
    """``incomplete`` when ``claim`` states one per-case value as universal; ``contradiction`` when documents
    disagree about the claim's value and the answer reports only one side.

    Values are "per case" rather than conflicting when they carry labels ("Free tier: 10MB"), or when their chunks
    are about different things (heading or first line naming another plan, year or entity: "Growth plan" /
    "Starter plan", "Annual Report 2023" / "2022") and the claim or the question names that case. Unnamed, two
    documents stating different values for the same thing are a conflict for the user to resolve."""
    findings: list[Finding] = []
    claim_words = tx.content_stems(claim) | (tx.content_stems(question) if question else set())
    claim_words |= {w.lower() for w in tx.names(claim + " " + (question or ""))} | set(
        YEAR.findall(claim + " " + (question or "")))
    answer_qs = tx.quantities(answer)
    markers = case_markers(question) + period_markers(question) if question else []
    past = bool(question and PAST_ASKED.search(question))  # "last year", "before the change"
    all_occ = [o for s in evidence for o in occ_cache.setdefault(s.id, occurrences(s))]
    for q in claim_values(claim, question or ""):  # the question's own numbers name the case ("Years 5 and 6")
        mine = [o for o in all_occ if tx.same_quantity(q, o.quantity) or (
            same_kind(q, o.quantity) and scaled_equal(q.value, o.quantity.value))]
        if cited and any(o.source.id in cited for o in mine):
            # the value as the cited chunk states it, unless another chunk states it in words closer to the claim
            # ("updates every 4 hours" cited to a page whose "4 hours" is a response time: the updates every 4
            # hours are the other version's)
            words = frozenset(tx.content_stems(tx.strip_citations(claim)))
            fit = {id(o): _jaccard(o.context, words) for o in mine}
            inside = max(fit[id(o)] for o in mine if o.source.id in cited)
            outside = max((fit[id(o)] for o in mine if o.source.id not in cited), default=-1.0)
            if inside >= outside:
                mine = [o for o in mine if o.source.id in cited]
        if not mine:
            continue
        peers: dict[str, list[Occurrence]] = {}  # the occurrences that may rival a value of each chunk
        for o in mine:
            if o.label is not None and o.source.id not in peers:
                same = {s.id for s in evidence if _same_case(o.source, s, markers)}
                peers[o.source.id] = [r for r in all_occ if r.source.id in same]
        cases_of = {id(o): _label_case(o, peers[o.source.id]) for o in mine if o.label is not None}
        if any(_names_case(o, *cases_of[id(o)], claim_words) for o in mine if o.label is not None):
            continue  # the claim names a case stating this value ("Silver: 2 games" where Gold also has 2)
        reported = False
        for o in mine:
            if o.label is not None:
                rivals, qualifier = cases_of[id(o)]
                if qualifier:
                    order = {s.id: i for i, s in enumerate(evidence)}
                    listed = sorted([o, *rivals], key=lambda r: (order.get(r.source.id, 0), r.quantity.start))[:4]
                    cases = "; ".join(dict.fromkeys(f"{r.label}: {r.quantity.text}" for r in listed))
                    findings.append(Finding(
                        IssueType.INCOMPLETE, 0.7,
                        f'states "{q.text}" as if it applied generally; the sources give it per case ({cases})',
                        claim, f"name the case each value applies to ({cases})", o.source.id,
                        INCOMPLETE_FACTOR, True, False, check="variation.per_case"))
                    reported = True
                    break
            elif q.unit:
                rivals = [r for r in all_occ if r.label is None and r.source.document != o.source.document
                          and r.quantity.kind == q.kind and r.quantity.unit and not tx.same_quantity(r.quantity, q)
                          and _jaccard(r.context, o.context) >= PARALLEL_CONTEXT]
                distinct = set().union(*(r.source.entities ^ o.source.entities for r in rivals)) if rivals else set()
                if distinct & claim_words:
                    rivals = [r for r in rivals if r.source.entities == o.source.entities]  # the case is named
                # the question names its case ("Gold card", "policy v5.2", "fares from 1 April 2025") and this
                # chunk's head writes it: a chunk whose head does not is about another case (the Platinum card,
                # v5.1, the 2024 fares that mention 2025 only as their end date), not a disagreement
                named = [n for n in markers if heads(n, o.source.head)]
                if named:
                    rivals = [r for r in rivals if all(heads(n, r.source.head) for n in named)]
                else:
                    named = [n for n in markers if case_marks(n, o.source.text)]
                    rivals = [r for r in rivals if all(case_marks(n, r.source.text) for n in named)]
                # a list the cited one replaced is no rival unless the question asks for its time (its year, "last
                # year"); asked for that time, the list that replaced it is none to an answer from the old one
                if question:  # "weekend rates" is no rival for a weekday question (seen once pence were parsed)
                    rivals = [r for r in rivals if not names_other_case(question, r.source.head)]
                rivals = [r for r in rivals if not (retired_by(r.source, o.source) and not past and not any(
                    heads(n, r.source.head) and not heads(n, o.source.head) for n in markers))
                    and not (past and retired_by(o.source, r.source))]
                # a document that also states the claim's value, in words as close to the cited statement's as
                # the rival's, gives the rival for another row ("Beavers 6pm to 7pm; Cubs 6:30pm to 8pm" is no
                # disagreement with another group's Cubs at 6:30pm to 8pm)
                agrees: dict[str, float] = {}
                for x in all_occ:
                    if x.source.document != o.source.document and tx.same_quantity(x.quantity, q):
                        close = _jaccard(x.context, o.context)
                        agrees[x.source.document] = max(agrees.get(x.source.document, -1.0), close)
                rivals = [r for r in rivals if agrees.get(r.source.document, -1.0) < _jaccard(r.context, o.context)]
                unreported = [r for r in rivals if not any(tx.same_quantity(r.quantity, a) for a in answer_qs)]
                if unreported:
                    r = unreported[0]
                    conflict = (f'[{o.source.id}] ({o.source.document}) says "{o.clause.strip()}" but '
                                f'[{r.source.id}] ({r.source.document}) says "{r.clause.strip()}"')
                    findings.append(Finding(
                        IssueType.CONTRADICTION, 0.6, f"the documents disagree: {conflict}", claim,
                        f"report both values and cite both [{o.source.id}] and [{r.source.id}]", r.source.id,
                        CONTRADICTION_FACTOR, True, False, conflict=conflict, check="variation.conflict"))
                    reported = True
                    break
        if reported:
            break
    return findings
