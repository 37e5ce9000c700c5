"""The deterministic code audit (seed 000's citation engine, extended): what code can prove about an answer.

Seed rules, exactly:
* every bracket citation is extracted; an id that is not in the evidence is a fabrication: hallucination forced
  true, retry forced, confidence x0.5;
* a sentence without any citation (hedges excluded, seed list in ``text.SEED_HEDGES``) costs 3 %, capped at
  40 % in total; 5 or more force a retry.

Beyond the seed, every sentence is checked against the text of the chunks it cites:
* numbers, dates, quantities, names and codes must occur in those chunks (normalised, see ``text``);
* a support score (content-word recall, blended 50/50 with MiniLM similarity when an embedder is given) and the
  best-supporting sentence of the cited chunks (character offsets inside the chunk: the UI's highlight);
* a value stated as universal while the sources give several values of the same kind per case (per tier, per
  role) is ``incomplete``; two documents stating different values in the same context is a ``contradiction``
  unless the answer reports both.

Calibration of the extended checks (one factor per sentence, the worst applicable; MODELS.md explains why code
carries the load). Chosen so a single wrong number can never be finalised: it always forces a retry, and it
costs more than one uncited sentence but less than a fabricated id.

| finding                                                  | issue type         | sev. | factor | forces            |
|----------------------------------------------------------|--------------------|------|--------|-------------------|
| fact (number/name) in no evidence at all                 | hallucination      | 0.9  | x0.75  | retry + halluc.   |
| the cited chunk states a different value of that kind    | factual_error      | 0.9  | x0.75  | retry + halluc.   |
| the value, but per something else (per day vs per hour)  | factual_error      | 0.9  | x0.75  | retry + halluc.   |
| fact only in an evidence chunk the sentence did not cite | incorrect_citation | 0.6  | x0.75  | retry             |
| facts fine, but the cited text barely relates (< 0.30)   | unsupported_claim  | 0.5  | x0.9   | -                 |
| one value stated as universal, sources vary per case     | incomplete         | 0.7  | x0.8   | retry             |
| documents disagree and the answer reports one side       | contradiction      | 0.6  | x0.9   | retry             |

This module keeps the calibration and ``audit_answer``, which runs every check of the selection per sentence and
fuses their findings. The checks are declared in ``registry`` (ids, effects, packs, precedence) and live in sibling
modules: ``facts`` (the per-sentence fact check), ``variation`` (per-case values and conflicts), ``retired``
(superseded and former values), ``answer`` (answer-level checks: non-answers, what the question asks that the
answer or its passages leave out), ``focus`` and ``asked`` (their readers), and the genre packs under ``packs``.
The shared base (``Source``, ``ClaimEvidence``) is ``grounding.claims``; ``Finding`` and the factors of the table
are ``findings``; the support score is ``grounding.support``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from masis_desktop.core import text as tx
from masis_desktop.core.checks import registry
from masis_desktop.core.checks.answer import AnswerGaps, AnswerOutcome, answer_findings, denial_confirms, loop_finding
from masis_desktop.core.checks.facts import fact_findings
from masis_desktop.core.checks.findings import Finding, cite_ids
from masis_desktop.core.checks.packs.business_pages import (
    asked_pages,
)
from masis_desktop.core.checks.packs.case_values import (
    row_finding,
    row_values,
)
from masis_desktop.core.checks.registry import ALL, Selection
from masis_desktop.core.checks.variation import Occurrence, variation_findings
from masis_desktop.core.grounding.arithmetic import computes, derivations
from masis_desktop.core.grounding.claims import ClaimEvidence, Source
from masis_desktop.core.grounding.support import Embeddings, Encoder, support
from masis_desktop.core.schemas import CitationAudit, ClaimCheck, CritiqueIssue, IssueType, SearchHit

INVALID_CITATION_FACTOR = 0.5
UNCITED_PENALTY_EACH = 0.03
UNCITED_PENALTY_CAP = 0.40
UNCITED_RETRY_AT = 5
LOW_SUPPORT_FACTOR = 0.9
LOW_SUPPORT = 0.30
STRONG_SUPPORT = 0.60

@dataclass
class CodeAudit:
    """The code audit's verdict: seed fields in ``audit`` plus issues and seed 002's three scores."""

    audit: CitationAudit
    issues: list[CritiqueIssue]
    hallucination_score: float
    citation_accuracy: float
    factual_consistency: float
    conflicts: list[str]
    abstained: bool
    findings: list[Finding]
    non_answer: bool = False  # the claims only restate the question (see ``restates_question``)
    denial: int | None = None  # the claim opening "No" that a cited clause's denial backs (``denial_confirms``)
    denial_clause: str = ""  # that clause: the values it states need no model check
    fired: list[str] = field(default_factory=list)  # ids of every check whose finding took effect, in order

    def as_dict(self) -> dict[str, Any]:
        data = self.audit.model_dump()
        data.update(issues=[i.model_dump() for i in self.issues], hallucination_score=self.hallucination_score,
                    citation_accuracy=self.citation_accuracy, factual_consistency=self.factual_consistency,
                    conflicts=self.conflicts, abstained=self.abstained, non_answer=self.non_answer,
                    fired_checks=self.fired)
        return data


def audit_answer(answer: str, evidence: Sequence[SearchHit], *, embedder: Encoder | None = None,
                 question: str | None = None, selection: Selection = ALL) -> CodeAudit:
    """Audit ``answer`` against ``evidence`` (the chunks the synthesizer was allowed to cite). Pure code.

    Two answer-level rules beyond the seed: an answer none of whose claims cites anything is never final (it
    forces a retry whatever the uncited count), and, given the ``question``, an answer sharing no content word
    with it is ``incomplete`` ("does not address the question", x0.8, retry).
    """
    sources = [Source.of(h) for h in evidence]
    by_id = {s.id: s for s in sources}
    valid_ids = set(by_id)
    emb = Embeddings(embedder)

    sentences = [s for s in tx.split_sentences(answer) if not tx.is_heading(s.text)]
    stripped = [tx.strip_citations(s.text, valid_ids) for s in sentences]
    emb.prime([t for t in stripped if t] + [sent.text for src in sources for sent in src.sentences])

    claims: list[ClaimCheck] = []
    findings: list[Finding] = []
    invalid_all: list[str] = []
    uncited: list[str] = []
    unsupported: list[str] = []
    occ_cache: dict[str, list[Occurrence]] = {}
    total_citations = 0
    good_citations = 0
    factor_product = 1.0
    checkable = 0

    ids_of = [tx.citation_ids(sent.text, valid_ids) for sent in sentences]
    cited_of = [ClaimEvidence(plain, cited, row_values(plain, question) if question else [])
                for plain, cited in ((plain, [by_id[i] for i in dict.fromkeys(ids) if i in by_id])
                                     for plain, ids in zip(stripped, ids_of, strict=True))]
    # checks that judge a sentence by the answer's other sentences: one stating the asked case's value clears all.
    # They read a claim against the pages of the business the question names, where it cites a rival's page beside
    # them (a rival's figures for other things are no rivals of the claim's); ``all_pages`` checks read every page.
    narrowed = [c._replace(cited=asked_pages(question, c.cited)) for c in cited_of] if question else cited_of
    by_case = registry.case_findings(question, cited_of, narrowed, sources, selection) if question else {}
    for index, (sent, plain, ids) in enumerate(zip(sentences, stripped, ids_of, strict=True)):
        invalid = [i for i in ids if i not in valid_ids]
        invalid_all.extend(invalid)
        valid = list(dict.fromkeys(i for i in ids if i in valid_ids))
        hedge = tx.is_hedge(sent.text)
        check = ClaimCheck(text=sent.text, start=sent.start, end=sent.end, citations=list(dict.fromkeys(ids)),
                           invalid_citations=list(dict.fromkeys(invalid)), hedge=hedge)
        mine: list[Finding] = []
        if invalid:
            check.supported = False
            check.verdict = "invalid_citation"
            check.check_id = "grounding.invalid_citation"
            check.note = f"cites {cite_ids(list(dict.fromkeys(invalid)))}, which is not in the evidence"
            if not valid and plain:  # nothing real is cited: its facts are checked against all the evidence
                missing, fact = fact_findings(plain, [], sources, question=question)
                mine.extend(f for f in selection.keep(fact) if f.type is IssueType.HALLUCINATION)
                check.unsupported_tokens = missing
        if not ids:
            if hedge:
                check.verdict = "hedge"
                claims.append(check)
                continue
            uncited.append(sent.text)
            check.supported = False
            check.verdict = "uncited"
            check.check_id = "grounding.uncited"
            missing, fact = fact_findings(plain, [], sources, question=question) if plain else ([], [])
            fabricated = [f for f in selection.keep(fact) if f.type is IssueType.HALLUCINATION]
            mine.extend(fabricated)
            score, span = support(plain, sources, emb) if plain else (0.0, None)
            check.support_score, check.support_span = score, span
            check.unsupported_tokens = [m for m in missing if any(m in f.description for f in fabricated)]
            hint = f" (closest passage: [{span.chunk_id}])" if span and score >= STRONG_SUPPORT else ""
            check.note = "no citation" + hint
        elif valid:
            checkable += 1
            cited = [by_id[i] for i in valid]
            figured = derivations(plain, question, cited, computing=computes(plain, question, cited))
            missing, mine_facts = fact_findings(plain, cited, sources, question=question, derived=figured)
            mine_facts = selection.keep(mine_facts)
            row = row_finding(plain, cited, question) if question and selection.enabled("pack.prices.row") else None
            if not mine_facts and question and (wrong_row := row or by_case.get(index)) is not None:
                mine_facts.append(wrong_row)
            mine.extend(mine_facts)
            check.unsupported_tokens = missing
            derived = {q.text: how for q, how in figured.items()}
            stated = plain
            for text in derived:  # a computed figure is supported by its arithmetic, not by word overlap
                stated = stated.replace(text, " ")
            score, span = support(stated, cited, emb)
            if derived:
                check.note = "computed: " + "; ".join(f"{text} = {how}" for text, how in derived.items())
            check.support_score, check.support_span = score, span
            if not mine_facts and score < LOW_SUPPORT and not hedge:
                other_score, other_span = support(plain, [s for s in sources if s.id not in valid], emb)
                if other_span is not None and other_score >= STRONG_SUPPORT:
                    mine.extend(selection.keep([Finding(
                        IssueType.INCORRECT_CITATION, 0.5,
                        f"{cite_ids(valid)} barely relates to this sentence; [{other_span.chunk_id}] supports it",
                        sent.text, f"cite [{other_span.chunk_id}] instead", valid[0], LOW_SUPPORT_FACTOR, False,
                        False, check="grounding.better_citation")]))
                else:
                    mine.extend(selection.keep([Finding(
                        IssueType.UNSUPPORTED_CLAIM, 0.5,
                        f"{cite_ids(valid)} does not appear to state this (support {score:.2f})", sent.text,
                        "rephrase closer to the source or remove the sentence", valid[0], LOW_SUPPORT_FACTOR, False,
                        False, check="grounding.low_support")]))
            mine.extend(selection.keep(variation_findings(plain, answer, sources, occ_cache, question, valid)))
            total_citations += len(valid)
            if not any(f.type in (IssueType.HALLUCINATION, IssueType.FACTUAL_ERROR, IssueType.INCORRECT_CITATION,
                                  IssueType.UNSUPPORTED_CLAIM) for f in mine):
                good_citations += len(valid)
        total_citations += len(invalid)
        if mine:
            check.supported = False
            worst = min(mine, key=lambda f: f.factor)
            if check.verdict == "supported":
                check.verdict = worst.type.value
            check.note = check.note or worst.description
            check.check_id = worst.check or None
            factor_product *= worst.factor
            findings.extend(mine)
            if any(f.type is not IssueType.INCOMPLETE and f.type is not IssueType.CONTRADICTION for f in mine):
                unsupported.append(sent.text)
        claims.append(check)

    penalty = factor_product
    hallucination = any(f.hallucination for f in findings)
    needs_retry = any(f.forces_retry for f in findings)
    issues = [f.issue() for f in findings]
    if invalid_all and selection.enabled("grounding.invalid_citation"):
        penalty *= INVALID_CITATION_FACTOR
        hallucination = True
        needs_retry = True
        ids = list(dict.fromkeys(invalid_all))
        issues.insert(0, CritiqueIssue(
            issue_type=IssueType.HALLUCINATION, severity=1.0,
            description=f"cites {cite_ids(ids)}, which {'is' if len(ids) == 1 else 'are'} not in the evidence",
            problematic_text=next((c.text for c in claims if c.invalid_citations), None),
            suggestion="cite only the ids of the evidence passages", citation_id=ids[0], source="code",
            check_id="grounding.invalid_citation"))
    if uncited and selection.enabled("grounding.uncited"):
        penalty *= 1.0 - min(UNCITED_PENALTY_CAP, len(uncited) * UNCITED_PENALTY_EACH)
        if len(uncited) >= UNCITED_RETRY_AT:
            needs_retry = True
        for sentence in uncited:
            issues.append(CritiqueIssue(issue_type=IssueType.UNSUPPORTED_CLAIM, severity=0.3,
                                        description="sentence has no citation", problematic_text=sentence,
                                        suggestion="cite the passage that states it, or remove it", source="code",
                                        check_id="grounding.uncited"))

    claim_sentences = [c for c in claims if c.verdict != "hedge"]
    abstained = bool(claims) and not claim_sentences and not invalid_all
    if not claims:
        needs_retry = True  # an empty draft is never an answer
    elif claim_sentences and all(c.verdict == "uncited" for c in claim_sentences) and \
            selection.enabled("grounding.no_citation"):
        needs_retry = True  # nothing in the answer is tied to a source
    plain_of = dict(zip((id(c) for c in claims), stripped, strict=True))
    cited_texts = list(dict.fromkeys(by_id[cid].text for c in claim_sentences for cid in c.citations if cid in by_id))
    cited_lines = [line for s in sources if s.text in cited_texts for line in s.lines]
    cited_about = list(dict.fromkeys(by_id[cid].about for c in claim_sentences for cid in c.citations if cid in by_id))
    if question and claim_sentences:
        plains = [plain_of[id(c)] for c in claim_sentences]
        uncited_texts = [s.text for s in sources if s.text not in cited_texts]
        gaps = AnswerGaps(question, answer, plains, cited_texts, cited_about, cited_lines, uncited_texts, by_id,
                          claim_sentences, plain_of, sources)
        outcome = answer_findings(gaps, selection, findings)
    else:
        outcome = AnswerOutcome(non_answer=False, findings=[])
        looped = tx.repeated_phrase(answer) if claim_sentences and selection.enabled("answer.loop") else None
        if looped:
            outcome.findings.append(selection.shape(loop_finding(looped, answer)))
    non_answer = outcome.non_answer
    for f in outcome.findings:
        findings.append(f)
        issues.append(f.issue())
        penalty *= f.factor
        needs_retry = needs_retry or f.forces_retry
    hallucinated = sum(1 for c in claims if any(
        f.hallucination and f.problematic_text in (c.text, tx.strip_citations(c.text, valid_ids)) for f in findings))
    hallucination_score = min(1.0, (hallucinated + (1 if invalid_all else 0)) / max(1, checkable or len(claims)))
    no_citations = 0.0 if claim_sentences else 1.0
    citation_accuracy = good_citations / total_citations if total_citations else no_citations
    contradictions = sum(1 for f in findings if f.type in (IssueType.FACTUAL_ERROR, IssueType.CONTRADICTION))
    audit = CitationAudit(
        invalid_citations=invalid_all,
        uncited_claims=uncited,
        uncited_claim_count=len(uncited),
        unsupported_claims=unsupported,
        unsupported_claim_count=len(unsupported),
        hallucination_detected=hallucination,
        needs_retry=needs_retry,
        penalty_factor=round(penalty, 6),
        claims=claims,
    )
    first = next((i for i, c in enumerate(claims) if c.verdict != "hedge"), None)
    denied = denial_confirms(question, stripped[first], [by_id[i] for i in claims[first].citations if i in by_id]) \
        if question and first is not None and claims[first].citations else None
    return CodeAudit(
        audit=audit,
        issues=issues,
        hallucination_score=round(hallucination_score, 3),
        citation_accuracy=round(citation_accuracy, 3),
        factual_consistency=round(max(0.0, 1.0 - 0.2 * contradictions), 3),
        conflicts=list(dict.fromkeys(f.conflict for f in findings if f.conflict)),
        abstained=abstained,
        findings=findings,
        non_answer=non_answer,
        denial=first if denied else None,
        denial_clause=denied or "",
        fired=fired_ids(findings, invalid=bool(invalid_all) and selection.enabled("grounding.invalid_citation"),
                        uncited=bool(uncited) and selection.enabled("grounding.uncited")),
    )


def fired_ids(findings: Sequence[Finding], *, invalid: bool = False, uncited: bool = False) -> list[str]:
    """Every check id that took effect, once each, in the order found (merged findings' other checks included)."""
    ids = (["grounding.invalid_citation"] if invalid else []) + [
        cid for f in findings for cid in (f.check, *f.also) if cid] + (["grounding.uncited"] if uncited else [])
    return list(dict.fromkeys(ids))
