"""Every check of the audit in one place: its id, a one-line rationale, what it reads, its effect and its pack.

Like a linter's rules, a check has a stable id (``facts.number.absent``, ``pack.prices.bands``) that its findings
carry through the trace, the UI tooltip and the exported report, and that ``masis eval critic`` counts firings under.
Ids group by prefix: ``grounding`` (citations exist and are used), ``facts`` (a sentence's numbers, dates, names and
addresses occur in what it cites), ``variation`` (per-case values, conflicts), ``versions`` (superseded values),
``asked`` and ``focus`` (what the question asks that the answer or its passages leave out), ``frames`` (a figure
moved into another clause's words), ``answer`` (an answer that states nothing), ``model`` (checks asked of the critic
model) and ``pack.<genre>`` (checks written for one kind of document, switchable as a pack).

Effects: ``refuse`` forces a retry (and escalation when retries run out), ``lower`` only multiplies the confidence
by the finding's factor, ``hint`` is advice that costs little. A check that is switched off (its pack, or its id or a
prefix in ``ignore``) does not run, so it can never hide the finding of a check of lower precedence.

Precedence: the claim checks that read the question's case (``CASE_CHECKS``) may each find the same sentence; the
first in the tuple wins and the others' findings on that sentence are dropped (newer, narrower checks come after
the older ones they refine, so the older wording wins where both find). The answer-level gaps (``answer._gap``) are
tried in order and the first that finds something is the finding.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from masis_desktop.core.checks import retired
from masis_desktop.core.checks.findings import Finding
from masis_desktop.core.checks.packs import (
    business_pages,
    case_bands,
    case_values,
    case_variants,
    frames,
    labels,
    money_bands,
    offers,
    people,
    schedules,
    value_fit,
)
from masis_desktop.core.grounding.claims import ClaimEvidence, Source
from masis_desktop.settings import CHECK_PACKS, CheckSettings, Strictness

Effect = Literal["refuse", "lower", "hint"]
Scope = Literal["claim", "answer", "question"]

PACKS: dict[str, str] = {  # the same ids as ``settings.CHECK_PACKS``
    "pack.prices": "Price lists and tariffs: bands, cases, labels, multi-buys and arithmetic over listed prices",
    "pack.schedules": "Timetables and opening hours: weekdays, time ranges, years and who works when",
    "pack.business": "Business and organisation pages: rival businesses, page titles, people and contacts",
}


@dataclass(frozen=True)
class Check:
    """One registered check. ``pack`` None means a core check (on unless ignored by id)."""

    id: str
    rationale: str
    scope: Scope
    effect: Effect
    pack: str | None = None


CaseRun = Callable[[str, list[ClaimEvidence], list[Source]], dict[int, Finding]]


@dataclass(frozen=True)
class CaseCheck(Check):
    """A claim check that reads the question's case; ``all_pages``: it reads every cited page, also a rival
    business's (the others read only the pages of the business the question names)."""

    run: CaseRun = field(default=lambda _q, _c, _s: {}, compare=False, repr=False)
    all_pages: bool = False


def _case(id_: str, rationale: str, fn: Callable[..., dict[int, Finding]], pack: str | None, *,
          sources: bool = False, all_pages: bool = False) -> CaseCheck:
    def run(question: str, cited: list[ClaimEvidence], srcs: list[Source]) -> dict[int, Finding]:
        return fn(question, cited, srcs) if sources else fn(question, cited)

    return CaseCheck(id_, rationale, "claim", "refuse", pack, run, all_pages)


P, S, B = "pack.prices", "pack.schedules", "pack.business"

# Highest precedence first (see the module docstring).
CASE_CHECKS: tuple[CaseCheck, ...] = (
    _case("pack.prices.closed_case", "a value read from a sentence naming another case of a closed set (full/half "
          "day, adult/child, weekday/weekend) than the question's", case_values.case_findings, P),
    _case("pack.prices.size_row", "a price its passage gives for another size than the one the claim gives it for",
          case_variants.size_row_findings, P),
    _case("pack.business.contact", "a phone number or address its passage writes beside another person than the "
          "one asked about", people.contact_findings, B),
    _case("frames.number_word", "a count in words no passage states with its noun where one states another count "
          "of the same thing", frames.number_word_findings, None),
    _case("pack.schedules.weekday_fit", "a weekday read from a sentence about another case",
          schedules.weekday_fit_findings, S),
    _case("pack.prices.denied_case", "a yes to a question whose case a cited clause denies",
          case_variants.denied_case_findings, P),
    _case("pack.prices.concession", "a price given without the concession its passage grants the question's age "
          "or group", case_bands.concession_findings, P),
    _case("versions.former_value", "a value its passage states only as the one before a change, for a question "
          "about now", retired.former_value_findings, None),
    _case("versions.retired", "a figure read only from a list another passage says replaced it",
          retired.retired_findings, None, sources=True),
    _case("frames.term", "a value under a term whose definition does not hold the question's day and time",
          frames.term_findings, None),
    _case("pack.prices.bands", "a figure from outside the band (age, distance, group size) that holds the "
          "question's", case_bands.band_findings, P),
    _case("pack.prices.sibling_clause", "a value read from the clause of another named case beside the question's",
          case_values.sibling_findings, P),
    _case("pack.business.year_person", "a person named only in pages of another year than the one asked",
          people.year_person_findings, B, sources=True),
    _case("pack.schedules.person_day", "a person the passage gives other days than the one asked",
          people.person_day_findings, S),
    _case("pack.business.person", "a person whose clauses share fewer of the question's words than another "
          "person's", people.person_findings, B),
    _case("pack.schedules.ordinal_day", "a weekday of the month its passages write with another ordinal",
          schedules.ordinal_day_findings, S),
    _case("pack.schedules.range_pair", "a time range no passage writes, one end of which a cited range pairs with "
          "another end", schedules.range_pair_findings, S),
    _case("pack.schedules.range_end", "the start of a range given as when something ends, or the other way round",
          schedules.range_end_findings, S),
    _case("pack.prices.named_case", "a figure stated only in sentences opening with another case's name",
          value_fit.named_case_findings, P),
    _case("pack.prices.comparator", "a figure from the other side of a limit the claim names (before/after, "
          "up to/over)", labels.comparator_findings, P),
    _case("pack.schedules.year_part", "a value from the part of a sentence naming another year than the one asked",
          schedules.year_part_findings, S),
    _case("pack.prices.named_after", "a price followed by the name of a thing the cited clauses price differently",
          labels.named_after_findings, P),
    _case("pack.prices.saving", "a saving that is not the difference of the two prices the claim states",
          offers.saving_findings, P),
    _case("pack.prices.multibuy", "a multi-buy whose count a clause gives another product's price",
          offers.multibuy_findings, P),
    _case("pack.prices.label", "a figure given under the question's words that its passage never uses, or uses "
          "beside another figure", labels.label_findings, P),
    _case("pack.prices.value_fit", "a value from a sentence sharing nothing with the question, where another "
          "sentence with another value of its kind shares its words", value_fit.value_fit_findings, P),
    _case("pack.prices.listed_case", "a value a sentence gives for another listed case than the one asked",
          case_variants.listed_case_findings, P),
    _case("pack.schedules.day_binding", "a weekday its passage gives only to other things",
          schedules.day_binding_findings, S),
    _case("pack.schedules.day_value", "a time or place another day's part of the passage states",
          schedules.day_value_findings, S),
    _case("pack.business.title_copy", "a page title copied as a sentence of the answer",
          business_pages.title_copy_findings, B),
    _case("pack.prices.sibling_word", "a price from a clause lacking a word of the question that its sibling "
          "clause writes", case_values.sibling_word_findings, P),
    _case("frames.value", "a figure put into the words of a clause that states another figure of its kind",
          frames.frame_findings, None),
    _case("pack.prices.extra_count", "a count of extras that is not the question's count less the base's",
          frames.extra_count_findings, P),
    _case("frames.template", "a figure written after the passage's own words for another figure",
          frames.template_findings, None),
    _case("pack.prices.without", "a price of the thing with what the question asks it without",
          case_variants.without_findings, P),
    _case("frames.name", "a name put into the words of a clause that does not name it", frames.name_frame_findings,
          None),
    _case("pack.prices.or_case", "the default price of 'X, or Y for <case>' given for the named case",
          case_variants.or_case_findings, P),
    _case("pack.prices.condition_amount", "a price the passage states only for another amount of what the "
          "question measures", frames.condition_amount_findings, P),
    _case("pack.schedules.day_sentence", "a weekday its passage writes only in sentences about other things",
          schedules.day_sentence_findings, S),
    _case("pack.prices.past_limit", "the base price for what a limit covers given for the charge past it",
          frames.past_limit_findings, P),
    _case("pack.prices.default_case", "a variant's price given for the standard one",
          case_variants.default_case_findings, P),
    _case("pack.prices.modifier", "a figure given for the question's kind of a thing whose clause prices another "
          "kind", labels.modifier_findings, P),
    _case("pack.business.contrast_person", "a person named for what the other half of a contrasted sentence gives "
          "to someone else", people.contrast_person_findings, B),
    _case("pack.prices.list_item", "the price of one list item given under another item's word",
          labels.list_item_findings, P),
    _case("pack.prices.money_band", "a price for a range of money holding none of the question's sums",
          money_bands.money_band_findings, P),
    _case("pack.business.other_business", "a claim citing only pages of another business than the one asked",
          business_pages.other_business_findings, B, sources=True),
    _case("pack.business.rival_business", "a figure or person only a rival business's cited page states",
          business_pages.rival_business_findings, B, all_pages=True),
)

# Checks run inline by the audit (per sentence, per answer) and by the critic; registered for their ids.
INLINE_CHECKS: tuple[Check, ...] = (
    Check("grounding.invalid_citation", "a cited id that is not in the evidence is a fabrication (seed: x0.5, "
          "hallucination, retry)", "claim", "refuse"),
    Check("grounding.uncited", "a sentence without citation costs 3 %, capped at 40 %; five force a retry (seed)",
          "claim", "lower"),
    Check("grounding.no_citation", "an answer none of whose sentences cites anything is never final", "answer",
          "refuse"),
    Check("grounding.low_support", "the cited text barely relates to the sentence (support < 0.30)", "claim",
          "lower"),
    Check("grounding.better_citation", "the cited text barely relates, another evidence chunk supports it", "claim",
          "lower"),
    Check("facts.number.absent", "a number or quantity in none of the evidence", "claim", "refuse"),
    Check("facts.number.rival", "the cited chunk states a different value of that kind", "claim", "refuse"),
    Check("facts.number.elsewhere", "a number only in an evidence chunk the sentence did not cite", "claim",
          "refuse"),
    Check("facts.rate", "the value, but per something else (per day vs per hour)", "claim", "refuse"),
    Check("facts.age", "an age the cited chunk gives only as something else", "claim", "refuse"),
    Check("facts.date.rival", "the cited chunk states another date", "claim", "refuse"),
    Check("facts.date.elsewhere", "a date only in an evidence chunk the sentence did not cite", "claim", "refuse"),
    Check("facts.name.absent", "a name in none of the evidence", "claim", "refuse"),
    Check("facts.name.elsewhere", "a name only in an evidence chunk the sentence did not cite", "claim", "refuse"),
    Check("facts.address.absent", "an email, web address or code in none of the evidence", "claim", "refuse"),
    Check("facts.address.elsewhere", "an address or code only in a chunk the sentence did not cite", "claim",
          "refuse"),
    Check("pack.prices.row", "a value the cited row gives under another label than the question's case", "claim",
          "refuse", P),
    Check("variation.per_case", "one value stated as universal while the sources give several per case", "claim",
          "refuse"),
    Check("variation.conflict", "documents disagree and the answer reports one side", "claim", "refuse"),
    Check("answer.loop", "the answer repeats a phrase over and over", "answer", "refuse"),
    Check("answer.restates", "the answer only restates the question", "answer", "refuse"),
    Check("answer.copies_passage", "the answer copies a passage sentence by sentence, heading first", "answer",
          "refuse"),
    Check("answer.partial", "the answer says the passages partly cover a question that asks one thing", "answer",
          "refuse"),
    Check("answer.no_content", "no sentence of content: only citation markers, a restated question, a copied "
          "title, heading or contents line, or a sentence that stops where the passage's value begins or on a word "
          "owing its value", "answer",
          "refuse"),
    Check("answer.off_topic", "the answer shares no word or asked kind with the question", "answer", "refuse"),
    Check("focus.unasked_numbers", "the cited passages never mention a number the question asks about", "answer",
          "refuse"),
    Check("focus.unasked_names", "the cited passages never mention a name the question asks about", "answer",
          "refuse"),
    Check("focus.unbound_names", "a name of the question the answer's own cited sentences never bind", "answer",
          "refuse"),
    Check("focus.unbound_numbers", "a number of the question the answer's own cited sentences never bind",
          "answer", "refuse"),
    Check("focus.other_document", "the question names an evidence document by its file name; the answer cites only "
          "others, which never write that name", "answer", "refuse"),
    Check("focus.elsewhere", "the question's focus word is in uncited evidence, never in the cited", "answer",
          "refuse"),
    Check("pack.prices.elsewhere_priced", "the thing asked is priced only in uncited evidence", "answer", "refuse",
          P),
    Check("focus.unasked_words", "the cited passages never use the question's words (advice)", "answer", "hint"),
    Check("asked.missing_contact", "a question for a phone or email answered without one", "answer", "refuse"),
    Check("asked.missing_amount", "a question for an amount answered without one", "answer", "refuse"),
    Check("asked.missing_time", "a question for a time answered without one", "answer", "refuse"),
    Check("pack.schedules.other_day", "the answer gives another day than the question's", "answer", "refuse", S),
    Check("asked.missing_duration", "a question for a duration answered without one", "answer", "refuse"),
    Check("asked.bare_duration", "a duration given with nothing it is the duration of", "answer", "refuse"),
    Check("asked.missing_person", "a question for a person answered without one", "answer", "refuse"),
    Check("asked.missing_size", "a question for a size or space answered without one", "answer", "refuse"),
    Check("asked.missing_name", "a question for a name (brand, maker, firm) answered with none", "answer", "refuse"),
    Check("asked.outside_period", "the cited passages cover another period than the question's", "answer",
          "refuse"),
    Check("asked.subject_without_value", "the question's subject in the answer with no value for it", "answer",
          "refuse"),
    Check("asked.sibling_subject", "the answer speaks of a sibling of the question's subject", "answer", "refuse"),
    Check("pack.prices.beyond_bands", "the question's band lies beyond every band the passages price", "answer",
          "refuse", P),
    Check("pack.prices.missing_label", "the passages price labelled cases and none is the question's", "answer",
          "refuse", P),
    Check("model.auditor", "a sentence the critic model names as unsupported or hallucinated", "claim", "refuse"),
    Check("model.auditor.conflict", "two cited passages the critic model names as conflicting", "answer", "refuse"),
    Check("model.auditor.gap", "a part of the question the critic model says the answer leaves out", "answer",
          "lower"),
    Check("model.slots", "the critic model picks another of the passage's values for the claim's slot", "claim",
          "refuse"),
    Check("model.verify", "the critic model would not give the claim's value as the cited passage's answer",
          "claim", "refuse"),
    Check("model.verify.context", "a true sentence the model would not give as the answer, beside one it would",
          "claim", "lower"),
    Check("model.answerable", "the critic model reads the cited passages as not answering the question", "answer",
          "refuse"),
    Check("model.answerable_floor", "the critic model reads the cited passages as far from answering the question",
          "answer", "refuse"),
)

ALL_CHECKS: tuple[Check, ...] = CASE_CHECKS + INLINE_CHECKS
assert tuple(PACKS) == CHECK_PACKS and all(c.pack in (None, *PACKS) for c in ALL_CHECKS)
BY_ID: dict[str, Check] = {c.id: c for c in ALL_CHECKS}


LOWER_FACTOR = 0.9  # what a finding of a check that only lowers confidence costs at most
LENIENT_SEVERITY = 0.9  # under lenient strictness, the severity a finding needs to refuse


def _matches(check_id: str, patterns: Iterable[str]) -> bool:
    return any(check_id == p or check_id.startswith(p + ".") for p in patterns)


@dataclass(frozen=True)
class Selection:
    """Which checks run and how hard they act: packs switched on, ids or id prefixes switched off (``ignore``, like
    a linter's), and ids or prefixes whose findings only lower confidence (``lower``: a check that refuses right
    answers too often, measured across genres, must not refuse by default)."""

    packs: frozenset[str] = frozenset(PACKS)
    ignore: frozenset[str] = frozenset()
    lower: frozenset[str] = frozenset()
    refuse_severity: float = 0.0  # a finding below this severity only lowers confidence (lenient strictness)

    @classmethod
    def of(cls, packs: Iterable[str], ignore: Iterable[str] = (), lower: Iterable[str] = (),
           refuse_severity: float = 0.0) -> Selection:
        return cls(frozenset(packs), frozenset(ignore), frozenset(lower), refuse_severity)

    @classmethod
    def from_settings(cls, checks: CheckSettings, strictness: Strictness = "moderate") -> Selection:
        """The settings' selection under the critic's strictness (seed 004's levels, applied to refusing):
        ``strict``: every switched-on check refuses as registered (the measured defaults are not applied);
        ``moderate``: the measured defaults (or the settings' own ``lower`` list); ``lenient``: besides, only
        high-severity findings (0.9 and over: a value or name the evidence does not state, a fabricated citation,
        an answer that states nothing) refuse, the rest lower confidence."""
        lower = checks.lower if checks.lower is not None else (() if strictness == "strict" else DEFAULT_LOWER)
        return cls.of(checks.packs, checks.ignore, lower, LENIENT_SEVERITY if strictness == "lenient" else 0.0)

    def enabled(self, check_id: str) -> bool:
        check = BY_ID.get(check_id)
        if check is not None and check.pack is not None and check.pack not in self.packs:
            return False
        return not _matches(check_id, self.ignore)

    def effect(self, check_id: str) -> Effect:
        """The check's effect under this selection: its registered one, or ``lower`` where a refusing check is
        listed in ``lower``."""
        check = BY_ID.get(check_id)
        base: Effect = check.effect if check is not None else "refuse"
        return "lower" if base == "refuse" and _matches(check_id, self.lower) else base

    def refuses(self, check_id: str) -> bool:
        return self.enabled(check_id) and self.effect(check_id) == "refuse"

    def shape(self, finding: Finding) -> Finding:
        """The finding as its check's effect allows: one that only lowers confidence forces no retry, flags no
        hallucination and costs at most ``LOWER_FACTOR``."""
        lowered = (finding.check and self.effect(finding.check) != "refuse") or finding.severity < self.refuse_severity
        if lowered and (finding.forces_retry or finding.hallucination or finding.factor < LOWER_FACTOR):
            return replace(finding, forces_retry=False, hallucination=False,
                           factor=max(finding.factor, LOWER_FACTOR))
        return finding

    def keep(self, findings: Sequence[Finding]) -> list[Finding]:
        """The findings whose check is switched on, each as its check's effect allows."""
        return [self.shape(f) for f in findings if not f.check or self.enabled(f.check)]


ALL = Selection()


def stamped(findings: dict[int, Finding], check_id: str) -> dict[int, Finding]:
    """The findings of one check with its id on each (a finding a helper already named keeps its id)."""
    return {i: f if f.check else replace(f, check=check_id) for i, f in findings.items()}


def case_findings(question: str, original: list[ClaimEvidence], narrowed: list[ClaimEvidence],
                  sources: list[Source], selection: Selection = ALL) -> dict[int, Finding]:
    """Per claim index, the finding of the highest-precedence case check that finds it (``CASE_CHECKS`` order)."""
    out: dict[int, Finding] = {}
    for check in CASE_CHECKS:
        if not selection.enabled(check.id):
            continue
        found = check.run(question, original if check.all_pages else narrowed, sources)
        for index, finding in stamped(found, check.id).items():
            out.setdefault(index, selection.shape(finding))
    return out


def describe(check: Check) -> str:
    """One line for listings: id, effect, pack and rationale."""
    return f"{check.id:34} {check.effect:6} {check.pack or 'core':15} {check.rationale}"


# The checks whose findings only lower confidence by default: measured across the genres' dev splits, more than
# ``RIGHT_SHARE_LIMIT`` of their firings landed on right answers (``measured.json``, written by
# ``bench/check_defaults.py`` from ``masis eval critic`` runs). Settings' ``checks.lower`` replaces the list.
RIGHT_SHARE_LIMIT = 0.02
MEASURED_PATH = Path(__file__).with_name("measured.json")


def measured() -> dict[str, Any]:
    """The committed measurement: per check id, firings on right and on wrong answers, and where they came from."""
    try:
        data: dict[str, Any] = json.loads(MEASURED_PATH.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"checks": {}}
    return data


# Never lowered by measurement: the seed's citation rules (a fabricated id, uncited sentences) are requirements, and
# an answer that states nothing (only citation markers, the question restated, a copied heading or a loop) must
# never ship in any genre.
ALWAYS_REFUSE = frozenset({"grounding.invalid_citation", "grounding.uncited", "grounding.no_citation", "answer.loop",
                           "answer.restates", "answer.no_content"})


def _added(critic: dict[str, Any] | None, answer: dict[str, Any]) -> dict[str, Any]:
    """A check's critic-mode row with its answer-mode firings added: the share is then taken over both (raw)."""
    if critic is None:
        return {"right": int(answer["right"]), "wrong": int(answer["wrong"])}
    return {"right": int(critic["right"]) + int(answer["right"]), "wrong": int(critic["wrong"]) + int(answer["wrong"])}


def measured_lower(data: dict[str, Any], limit: float = RIGHT_SHARE_LIMIT) -> list[str]:
    """The refusing checks whose measured right share exceeds ``limit`` (the genre-weighted ``right_share`` when the
    measurement gives one, else the raw share of firings on right answers), except ``ALWAYS_REFUSE``.

    The critic mode writes a right and a wrong answer citing the same gold passage, so a check about *which*
    document was cited never fires there; its firings in answer-mode runs, judged by hand (``answer_mode`` in
    ``measured.json``), are added to its row, and its share is then taken over all of them."""
    out = []
    rows = dict(data.get("checks", {}))
    for check_id, row in data.get("answer_mode", {}).get("checks", {}).items():
        rows[check_id] = _added(rows.get(check_id), row)
    for check_id, row in sorted(rows.items()):
        if check_id in ALWAYS_REFUSE:
            continue
        total = int(row["right"]) + int(row["wrong"])
        share = row.get("right_share")
        if share is None and total:
            share = int(row["right"]) / total
        check = BY_ID.get(check_id)
        if check is not None and check.effect == "refuse" and share is not None and share > limit:
            out.append(check_id)
    return out


DEFAULT_LOWER: tuple[str, ...] = tuple(measured_lower(measured()))
