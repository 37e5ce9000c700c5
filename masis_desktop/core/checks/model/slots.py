"""Slot checks: the model's sharpest question, asked only where code found an ambiguity it cannot resolve.

Code proves that a number or name of the answer occurs in the cited passage. It cannot prove that it is the
right one when the passage holds several values of that kind ("GBP 75 in Tier A cities, GBP 55 in Tier B
cities"; "Ingrid Solberg succeeded Tor Eikeland"; "submitted within 30 days ... claims older than 90 days are
rejected"). Rivals in the same sentence come first; failing that, rivals anywhere in the cited passage, shown
as the sentences that state them. A 1.5B model asked for a verdict says "supported" to both (MODELS.md), and asked
to pick an option's *letter* it mostly picks a position (option A). What it does tell apart is how likely it
would be to write each option into the blank of the statement, as the answer the passage sentence gives to the
question (``pick``): one prefill, a few decode steps per option, and no order to be biased by.

The prompts share the critic's system message, so they do not evict the KV cache the critic and evaluator reuse.
A disagreement becomes a model issue on that sentence (retry, confidence x0.75); a failed call changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from masis_desktop.core import text as tx
from masis_desktop.core.checks.audit import CodeAudit
from masis_desktop.core.checks.model.verify import scored_values
from masis_desktop.core.checks.packs.business_pages import asked_pages
from masis_desktop.core.checks.packs.people import person_confirms
from masis_desktop.core.checks.packs.value_fit import case_confirms
from masis_desktop.core.events import CancelToken
from masis_desktop.core.grounding import band_fit
from masis_desktop.core.grounding.claims import Source, claim_values
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.errors import CancelledError

MAX_SLOT_CHECKS = 2
MAX_OPTIONS = 4
PICK_MARGIN = 2.0  # log-probability by which another option must beat the stated one (chosen on dev)
# A title before a name goes into the blank with it, and each option is the name as the passage writes it, title
# included: "Prof. ____" made the option the passage calls professor the likelier one whatever the question asked,
# and a bare name is not what the model would write after "____" when the passage says "Dr." (dev)
_TITLE = re.compile(r"\b(?:Dr|Prof|Professor|Mr|Mrs|Ms|Sister|Sir)\.?\s+$")  # case-sensitive: "200 ms" is no title


_TITLE_DASH = re.compile(r"\s[–—-]\s")  # "Name, Town – Topic.": a page's title sentence


@dataclass
class Slot:
    claim_index: int
    claim: str
    statement: str  # the claim with its value blanked
    passage: str
    options: list[str]
    stated: int  # index of the option the answer states


def find_slots(code: CodeAudit, sources: list[Source], question: str | None = None) -> list[Slot]:
    """Sentences the code verified whose value shares its cited passage with rival values of the same kind.
    Given the ``question``, the passage sentence closest to it is preferred where several hold the value."""
    by_id = {s.id: s for s in sources}
    out: list[Slot] = []
    for idx, claim in enumerate(code.audit.claims):
        if claim.verdict != "supported" or not claim.citations:
            continue
        plain = tx.strip_citations(claim.text)
        cited = [by_id[c] for c in claim.citations if c in by_id]
        if question:  # a rival business's page cited beside the asked one offers no options
            cited = asked_pages(question, cited)
        if question and band_fit.band_confirms(question, claim_values(plain, question),
                                            [line for src in cited for line in src.lines]):
            continue  # the band holding the question's age, distance, group size or day states the value
        if question and person_confirms(question, plain, cited):
            continue  # the person's own clause is the one that fits the question
        if question and case_confirms(question, plain, cited):
            continue  # the sentences opening with the question's case state every figure
        for src in cited:
            slot = _slot_in(idx, plain, src, question)
            if slot is not None:
                out.append(slot)
                break
        if len(out) >= MAX_SLOT_CHECKS:
            break
    return out


def _slot_in(idx: int, plain: str, src: Source, question: str | None = None) -> Slot | None:
    slot = (_sentence_slot(idx, plain, src, question) or _chunk_slot(idx, plain, src)
            or _chunk_person_slot(idx, plain, src, question))
    if slot is not None and _states_several(plain, slot.options):
        # "GBP 75 in Tier A cities, GBP 55 in Tier B cities": the claim lists the cases as the passage does, so
        # there is no single blank to fill (asking anyway rejected right answers: the model picked the value for
        # the question's case, which the claim also states); the code's per-case check covers the labels
        return None
    return slot


def _states_several(claim: str, options: list[str]) -> bool:
    text = " ".join(claim.lower().split())
    said = [o for o in options
            if re.search(rf"(?<![\w.,]){re.escape(' '.join(o.lower().split()))}(?![\w]|[.,]\d)", text)]
    return len(said) >= 2  # whole values only: "64 MiB" does not state "4 MiB"


def _by_relevance(src: Source, question: str | None) -> list[tx.Span]:
    """The passage's sentences, those sharing most content words with the question first ("Present: A, B, C"
    names the stated person too, but "B owns the fixes" is what the question is about); bare figures do not count
    (``_about``: the "10" of "10K" is no "£10")."""
    if not question:
        return list(src.sentences)
    asked = _about(question)
    return sorted(src.sentences, key=lambda sp: -len(asked & _about(sp.text)))


_MONTHS = frozenset(tx.MONTHS) | {"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"}
_CODE_WORDS = {"version", "release", "v", "sev", "level", "tier", "model", "phase", "step", "section", "chapter",
               "sop", "ic", "iso", "rfc", "build", "api", "gen", "generation", "series", "revision", "rev"}
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z0-9]*)(-?)\s*$")
_WORD_AFTER = re.compile(r"^\s*([A-Za-z]+)")


def _year(q: tx.Quantity) -> bool:
    return q.unit is None and q.value == int(q.value) and 1900 <= q.value <= 2100 and q.text.strip().isdigit()


def _part_of_name(q: tx.Quantity, text: str) -> bool:
    """Numbers that belong to a name or code ("SAML 2.0", "release 4.0", "SEV-2", "Q4 2023") or are the day of a
    date ("6 May"): they are not values of the claim to choose between."""
    before = _WORD_BEFORE.search(text[:q.start])
    if before is not None:
        word, dash = before.group(1), before.group(2)
        low = word.lower()
        if low not in _MONTHS and (dash or low in _CODE_WORDS or any(c.isdigit() for c in word)
                                   or (word[0].isupper() and low not in tx.STOPWORDS)):
            return True
    if q.unit is None and q.value == int(q.value) and 1 <= q.value <= 31:
        after = _WORD_AFTER.match(text[q.end:])
        if (after and after.group(1).lower() in _MONTHS) or (before and before.group(1).lower() in _MONTHS):
            return True
    return False


def _rivals(q: tx.Quantity, mine: tx.Quantity, occ: list[tx.Quantity]) -> list[tx.Quantity]:
    """Values of the same kind as ``mine``: same unit, or else the same counted noun ("1,846 employees (2022:
    1,702)": the claim's noun counts too); a year only rivals years."""
    return [o for o in occ if o.unit == q.unit and tx.compatible(q, o) and not tx.same_quantity(q, o)
            and (o.unit or o.noun == mine.noun or (q.noun is not None and o.noun == q.noun))
            and _year(o) == _year(mine)]


def _choosable(q: tx.Quantity, claim: str) -> bool:
    """A claim value worth a multiple-choice question: not part of a name or the day of a date."""
    return not _part_of_name(q, claim)


def _shown(sentences: Iterable[tx.Span]) -> str:
    """The passage a slot question shows: the sentences holding its options, once each, in passage order."""
    unique = sorted({sp.start: sp for sp in sentences}.values(), key=lambda sp: sp.start)
    return " ".join(" ".join(sp.text.split()) for sp in unique)


def _chunk_slot(idx: int, plain: str, src: Source) -> Slot | None:
    """The value's rivals are in other sentences of the cited passage ("within 30 days ...; claims older than 90
    days ..."; "a budget of EUR 1,500 ... courses that cost over EUR 3,000"): the options are the values of that
    kind in the passage, and the passage shown is the sentences that state them. Only amounts with a unit or a
    counted noun: a year in another sentence ("the office opened in March 2018") is rarely a rival of the claim's
    year ("a budget of NOK 48 million for 2027"), and the model then picked it."""
    for q in tx.quantities(plain):
        if not _choosable(q, plain) or not (q.unit or q.noun) or _year(q):
            continue  # a year across sentences is context more often than the value ("NOK 48 million for 2027")
        located = [(sent, o) for sent in src.sentences for o in tx.quantities(sent.text)
                   if not _part_of_name(o, sent.text)]
        mine = [(sent, o) for sent, o in located if tx.same_quantity(q, o)]
        mine = [(sent, o) for sent, o in mine if o.unit == q.unit] or mine  # "€5", not the "5" of "ages 5-11"
        if not mine:
            continue
        rivals = [(sent, o) for sent, o in located
                  if o in _rivals(q, mine[0][1], [o]) and o.value != mine[0][1].value]
        if not rivals:
            continue
        home = mine[0][0]
        rivals.sort(key=lambda so: abs(so[0].start - home.start))  # the nearest rivals, when there are many
        chosen: dict[float, tuple[tx.Span, tx.Quantity]] = {mine[0][1].value: mine[0]}
        for sent, o in rivals:
            if len(chosen) >= MAX_OPTIONS:
                break
            chosen.setdefault(o.value, (sent, o))
        ordered = sorted(chosen.values(), key=lambda so: (so[0].start, so[1].start))
        options = [o.text for _, o in ordered]
        if len(set(options)) != len(options):
            continue
        passage = _shown(sent for sent, _ in ordered)
        statement = plain.replace(q.text, "____", 1)
        return Slot(idx, plain, statement, passage, options, options.index(mine[0][1].text))
    return None


def _people(text: str) -> dict[str, str]:
    """Person-like names of ``text`` -> as written there, with a title ("Dr. Amara Nwosu"); roles left out."""
    people: dict[str, str] = {}
    for m in tx.PERSON.finditer(text):
        if m.group(0).split()[-1].lower() in tx.ROLE_WORDS:
            continue
        title = _TITLE.search(text[:m.start()])
        people.setdefault(m.group(0), text[title.start() if title else m.start():m.end()])
    return people


def _blank_person(plain: str, name: str) -> str:
    found = re.search(re.escape(name), plain, flags=re.IGNORECASE)
    assert found is not None
    title = _TITLE.search(plain[:found.start()])
    return plain[:title.start() if title else found.start()] + "____" + plain[found.end():]


def _chunk_person_slot(idx: int, plain: str, src: Source, question: str | None) -> Slot | None:
    """The claim's person is alone in its sentence ("Dr. Tomasz Ellery, Principal Dentist (implants and crowns).
    Dr. Maren Solbak, Endodontist (root canal referrals ...)"): the rivals are the people of the other sentences
    of the cited passage (not its heading line), nearest first, and the passage shown is the sentences naming
    them."""
    asked = question or ""
    first = src.sentences[0].start if src.sentences else -1
    # the heading line names the organisation ("Vellmore Dental Care, ...", "Lumen Analytics office directory"):
    # neither a rival nor, copied into the answer as context, a person to ask about (dev: the heading copied before
    # the answer lost to "The Amsterdam")
    located = [(sent, _people(line)) for sent, line in zip(src.sentences, src.lines, strict=True)
               if sent.start != first]
    mine = [(sent, people) for sent, people in located if any(p.lower() in plain.lower() for p in people)]
    if not mine:
        return None
    home, home_people = mine[0]
    stated = next(p for p in home_people if p.lower() in plain.lower())
    if tx.name_in(stated, asked):
        return None
    chosen: dict[str, tuple[tx.Span, str]] = {stated: (home, home_people[stated])}
    for sent, people in sorted(located, key=lambda sp: abs(sp[0].start - home.start)):
        for name, written in people.items():
            if len(chosen) < MAX_OPTIONS and name not in chosen and not tx.name_in(name, asked) \
                    and name.lower() not in plain.lower():
                chosen[name] = (sent, written)
    if len(chosen) < 2:
        return None
    ordered = sorted(chosen.items(), key=lambda kv: kv[1][0].start)
    passage = _shown(sent for _, (sent, _) in ordered)
    names = [name for name, _ in ordered]
    return Slot(idx, plain, _blank_person(plain, stated), passage, [w for _, (_, w) in ordered], names.index(stated))


def _sentence_slot(idx: int, plain: str, src: Source, question: str | None = None) -> Slot | None:
    # a value the passage writes with its unit is that one, not a bare number equal to it elsewhere ("€5 per nail",
    # not the "5" of "ages 5-11": a right answer lost a slot question asked on the wrong sentence)
    written = {q.text for q in tx.quantities(plain) if q.unit and any(o.unit == q.unit and tx.same_quantity(q, o)
                                                                       for o in src.quantities)}
    ranked = _by_relevance(src, question)
    for sent in ranked:
        text = " ".join(sent.text.split())
        occ = [o for o in tx.quantities(text) if not _part_of_name(o, text)]
        for q in tx.quantities(plain):
            if not _choosable(q, plain):
                continue
            mine = [o for o in occ if tx.same_quantity(q, o) and (o.unit == q.unit or q.text not in written)]
            if not mine:
                continue
            rivals = _rivals(q, mine[0], occ)
            if rivals:
                ordered = sorted({o.value: o for o in [mine[0], *rivals]}.values(), key=lambda o: o.start)
                options = [o.text for o in ordered][:MAX_OPTIONS]
                if mine[0].text not in options:
                    continue
                statement = plain.replace(q.text, "____", 1)
                closest = _closest_rival(q, mine[0], sent, ranked, question)
                if closest is not None and closest[1].text not in options:
                    # the sentence the question is about states another value of the kind: it is an option too,
                    # shown in passage order (a wrong "entry costs £20" had only "T-shirts cost £15
                    # and vests £20" to choose from, not "an entry fee of £16")
                    top, rival = closest
                    options = [*options[:MAX_OPTIONS - 1], rival.text]
                    if mine[0].text not in options:
                        continue
                    if top.start < sent.start:
                        options = [rival.text, *options[:-1]]
                    return Slot(idx, plain, statement, _shown([top, sent]), options, options.index(mine[0].text))
                return Slot(idx, plain, statement, text, options, options.index(mine[0].text))
        # the heading line names the organisation and the page's topic ("Riposte Fencing Academy, Kendal – Adult
        # Membership."), no people (a slot question asked which of the two an answer's "Adult membership" was)
        people = {} if sent.start == src.sentences[0].start and _TITLE_DASH.search(text) else _people(text)
        stated = [p for p in people if p.lower() in plain.lower()]
        if stated and len(people) > 1:
            names = list(people)[:MAX_OPTIONS]
            if stated[0] not in names:
                continue
            return Slot(idx, plain, _blank_person(plain, stated[0]), text, [people[n] for n in names],
                        names.index(stated[0]))
    return None


def _about(text: str) -> set[str]:
    """What a sentence is about, for ranking: its word stems and codes ("10k"), not bare figures (the "10" of
    "10K" is no "£10")."""
    return {w for w in tx.content_stems(text) if not w.isdigit()} | {
        m.group(0).lower() for m in re.finditer(r"\b(?=\w*\d)(?=\w*[A-Za-z])\w+\b", text)}


def _closest_rival(q: tx.Quantity, mine: tx.Quantity, home: tx.Span, ranked: list[tx.Span], question: str | None
                   ) -> tuple[tx.Span, tx.Quantity] | None:
    """A value of ``mine``'s kind in the passage sentence sharing most words with the question of those stating
    one, when that is not ``home`` (the sentence stating the claim's value) and shares more of them."""
    if not question:
        return None
    asked = _about(question)
    floor = len(asked & _about(home.text))
    for top in ranked:  # most words shared first (``_by_relevance``)
        if len(asked & _about(top.text)) <= floor:
            return None
        if top.start == home.start:
            continue
        text = " ".join(top.text.split())
        occ = [o for o in tx.quantities(text) if not _part_of_name(o, text)]
        found = [o for o in _rivals(q, mine, occ) if o.value != mine.value]
        if found:
            return top, found[0]
    return None


@dataclass
class SlotResult:
    slot: Slot
    picked: int | None
    error: str | None = None
    stats: dict[str, Any] | None = None
    scores: list[float] | None = None  # per option: log-probability of writing it in the blank

    @property
    def disagrees(self) -> bool:
        return self.picked is not None and self.picked != self.slot.stated

    def trace(self) -> dict[str, Any]:
        return {"sentence": f"S{self.slot.claim_index + 1}", "options": self.slot.options,
                "stated": self.slot.options[self.slot.stated],
                "picked": None if self.picked is None else self.slot.options[self.picked], "error": self.error,
                "logprobs": None if self.scores is None else [round(x, 3) for x in self.scores]}


def pick(question: str, slot: Slot, llm: LLM, cancel: CancelToken | None = None,
         keep_cache: bool = False) -> tuple[int, list[float]]:
    """The option the model would write, each option scored in the blank of the statement on its own.

    Asked to pick a *letter*, the 1.5B model mostly picks a position: its letter probabilities barely moved with
    the order of the options (dev: option A got 0.58-0.64 in both orders of "Ingrid Solberg / Tor Eikeland").
    Here every option is scored in the same place, as the answer the passage gives to the question
    (``verify.scored_values``), so no option is listed before another. The stated option loses only when another
    one is more likely by ``PICK_MARGIN`` (natural log units): close calls leave the code verdict standing."""
    scores = scored_values(question, slot.passage, slot.statement, slot.options, llm, cancel, keep_cache)
    best = max(range(len(scores)), key=lambda i: (scores[i], i == slot.stated))
    if best != slot.stated and scores[best] - scores[slot.stated] < PICK_MARGIN:
        best = slot.stated
    return best, scores


def check_slots(question: str, slots: list[Slot], llm: LLM, cancel: CancelToken | None = None, *,
                iteration: int = 0, keep_cache: bool = False) -> list[SlotResult]:
    from masis_desktop.core.llm.stats import llm_stats

    results = []
    for slot in slots:
        try:
            picked, scores = pick(question, slot, llm, cancel, keep_cache)
            result = SlotResult(slot, picked, scores=scores)
        except CancelledError:
            raise
        except Exception as exc:  # a failed check changes nothing: the code verdict stands
            result = SlotResult(slot, None, f"{type(exc).__name__}: {exc}"[:200])
        result.stats = llm_stats(llm, "slot_check", iteration)
        results.append(result)
    return results
