"""Question-frame checks on which sentence a value is read from: one opening with another case's name, or one
sharing nothing with the question.

"Stoneleigh Quarry (...): the water is 6°C in February and 18°C in August" gives no temperature for "Porthkennack
Cove" (``named_case_findings``); the "4 six-packs for GBP 11" of bedding plants is no price for compost where
"Multi-purpose compost, 50-litre bag: GBP 6.50" is written (``value_fit_findings``). Such answers pass the fact check,
each figure being on the page, and a small critic model tends to accept them. ``case_confirms`` is the other side: a
claim whose figures all stand in sentences opening with the question's case is settled by code, so ``model.slots``
asks the critic nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.checks.asked import asked_kind
from masis_desktop.core.checks.findings import FACT_FACTOR, Finding
from masis_desktop.core.checks.retired import bare_count
from masis_desktop.core.grounding import band_fit, bands
from masis_desktop.core.grounding.claims import (
    ClaimEvidence,
    Source,
    claim_values,
    clause_states,
    same_value,
)
from masis_desktop.core.schemas import IssueType

VALUE_FIT_MIN = 2  # question words a rival value's sentence must share, where the value's own sentences share none


def _fit(sentence: str, focus: set[str], names: Sequence[str]) -> int:
    """How well a passage sentence fits the question: shared focus words, and a name of the question counts 2 (not
    one of the passage's heading line, which every sentence is about: "Appleyard Farm" is no reason to prefer the
    sentence mentioning a "farm talk")."""
    return len(focus & tx.content_stems(sentence)) + 2 * sum(1 for n in names if tx.name_in(n, sentence))


_HEAD_NAME = re.compile(r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})\s*[,:(]")
# "The Orlingbury salon at 22 Fennel Street opens ...", "Our Kettleby branch, inside ...": the Orlingbury
# hours are not Kettleby's
_HEAD_THE = re.compile(r"(?:The|Our|At|In)\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})(?=\s+[a-z]|\s*,)")


def line_head(line: str) -> str | None:
    """The name a sentence opens with as its case: "Old Town, 14 Pike Lane: ...", "Tuesday: Oakham, ...", "The
    Orlingbury salon opens ..." (never "In June ...")."""
    m = _HEAD_NAME.match(line)
    if m is not None:
        return None if m.group(1).lower() in tx.STOPWORDS else m.group(1)
    m = _HEAD_THE.match(line)
    if m is None:
        return None
    first = m.group(1).split()[0].lower()
    return None if first.rstrip("s") in bands.DAYS or first in tx.MONTHS else m.group(1)


def case_confirms(question: str, claim: str, cited: Sequence[Source]) -> bool:
    """Whether every figure of the claim is stated in sentences opening with the case the question names ("Our
    Kettleby branch, ..., opens Wednesday to Sunday, 9am to 4pm" for the Kettleby salon's Saturday hours): code
    settles it, so no slot question is put to the 1.5B (which, asked to choose among the drop-off times of
    both salons, may pick Orlingbury's 8am and refuse the right answer)."""
    asked = tx.question_names(question)
    values = [q for q in claim_values(claim, question) if q.unit]
    if not asked or not values:
        return False
    for src in cited:
        headed = [line for line in src.lines[1:] if (h := line_head(line)) is not None
                  and any(tx.name_in(n, h) or tx.name_in(h, n) for n in asked)]
        if headed and all(any(same_value(v, o) for line in headed for o in tx.quantities(line)) for v in values):
            return True
    return False


def _case_heads(src: Source) -> set[str]:
    """Names opening a sentence of the passage after its heading: the cases it lists ("Old Town, 14 Pike Lane:
    ...", "Harbourside, Unit 3 Sail Loft: ...", "The Kettleby branch is ...")."""
    return {h for line in src.lines[1:] if (h := line_head(line)) is not None}


def named_case_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a figure its passage states only in sentences opening with another case's name, while the case the
    question names opens a sentence of its own: "the water at Porthkennack Cove in August is 18°C" from "Stoneleigh
    Quarry (inland, ...): the water is 6°C in February and 18°C in August" where "Porthkennack Cove (sea site) runs boat
    dives ..." gives no temperature. A figure with a unit, or a bare one ("18" of "18°C"); names in the passage's
    heading line, which every sentence is about, do not count."""
    asked_names = tx.question_names(question)
    if not asked_names:
        return {}
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        for value, src in ((q, s) for q in claim_values(plain, question) if q.unit or bare_count(q, plain)
                           for s in cited):
            heads = _case_heads(src)
            asked = [n for n in asked_names if not (src.lines and tx.name_in(n, src.lines[0]))
                     and any(tx.name_in(n, h) or tx.name_in(h, n) for h in heads)]
            own = [line for line in src.lines[1:] if any(
                (o.unit and tx.same_quantity(value, o)) or (not value.unit and o.value == value.value
                                                            and bare_count(o, line)) for o in tx.quantities(line))]
            if not asked or not own or any(tx.name_in(n, line) for n in asked for line in own):
                continue
            others = [h for h in heads if not any(tx.name_in(n, h) or tx.name_in(h, n) for n in asked)
                      and all(line_head(line) == h for line in own)]
            if not others:
                continue
            case = next(h for h in heads if tx.name_in(asked[0], h) or tx.name_in(h, asked[0]))
            out[index] = Finding(
                IssueType.FACTUAL_ERROR, 0.9,
                f'[{src.id}] gives {value.text} for {others[0]}, not for {case} as the question asks', plain,
                f'state only what [{src.id}] gives for {case}, or write only: "{tx.ABSTAIN}"', src.id,
                FACT_FACTOR, True, False)
            break
    return out


def value_fit_findings(question: str, claims: Sequence[ClaimEvidence]) -> dict[int, Finding]:
    """Per claim, a value whose passage sentences share nothing with the question while another sentence of that
    passage, stating another value of its kind, shares at least ``VALUE_FIT_MIN`` of the question's words: "GBP 11"
    for three 50-litre bags of compost from "Bedding plants: ..., or 4 six-packs for GBP 11" where "Multi-purpose
    compost, 50-litre bag: GBP 6.50, or 3 bags for GBP 15" is written; "Harbourside" for where medals are box-framed
    where "box frames for medals are done only at Old Town" (the 1.5B critic tends to accept both). A value is a
    figure with a unit (``claim_values``) or a case name the passage opens a sentence with; the rival sentence must
    state a value of the same unit, or another such case name. The value's own sentences must share no focus word
    and no name of the question: a sentence about the asked attribute ("A deposit of GBP 20") while another names
    the item ("Bouncy castle hire: GBP 80") is not judged. An answer stating the rival's value is cleared."""
    focus = tx.question_focus(question)
    if len(focus) < VALUE_FIT_MIN:
        return {}
    asked_names = tx.question_names(question)
    answer = " ".join(c.plain for c in claims)
    price_asked = asked_kind(question) == "currency"
    out: dict[int, Finding] = {}
    for index, (plain, cited, _) in enumerate(claims):
        figures: list[tx.Quantity | str] = [q for q in claim_values(plain, question) if q.unit]
        if band_fit.band_confirms(question, [q for q in figures if isinstance(q, tx.Quantity)],
                               [line for src in cited for line in src.lines]):
            continue  # the band holding the question's group size or age states it ("Groups of 31-60 pupils")
        for src in cited:
            heads = _case_heads(src)
            subject = [n for n in asked_names if not (src.lines and tx.name_in(n, src.lines[0]))]
            values = figures + [n for n in heads if tx.name_in(n, plain) and not tx.name_in(n, question)]
            lines = [(line, tx.quantities(line), _fit(line, focus, subject)) for line in src.lines[1:]]
            for value in values:
                own = [line for line, found_q, _ in lines if (value in line if isinstance(value, str) else any(
                    same_value(value, o) for o in found_q))]
                if not own or any(fit for line, _, fit in lines if line in own):
                    continue
                best: tuple[int, str, bool] | None = None  # (fit, sentence, the answer states one of its rivals)
                bare: tuple[int, str] | None = None  # the best fitting sentence stating no value of the asked kind
                single: tuple[int, str, bool] | None = None  # a duration's sentence by a focus word of its own
                for line, found_q, fit in lines:
                    if line in own:
                        continue
                    if isinstance(value, str):
                        names = [n for n in heads if n != value and n in line]
                        found, said = bool(names), any(n in answer for n in names)
                    else:
                        rivals = [o for o in found_q if o.kind == value.kind and o.unit is not None
                                  and not same_value(value, o)]  # "4 weeks" rivals "3 months"
                        found, said = bool(rivals), any(clause_states(o, answer) for o in rivals)
                        if not any(o.kind == value.kind for o in found_q) and fit >= VALUE_FIT_MIN \
                                and price_asked and value.kind == "currency" and (bare is None or fit > bare[0]):
                            bare = (fit, line)
                    if found and fit >= VALUE_FIT_MIN and (best is None or fit > best[0]):
                        best = (fit, line, said)
                    elif found and fit and best is None and not isinstance(value, str) and value.kind == "time":
                        # one focus word written in this sentence alone ("Any breakages must be reported within 24
                        # hours" for "How soon must breakages be reported?") is no "kept for 7 days" of
                        # collection orders; durations only
                        alone = {w for w in focus & tx.content_stems(line)
                                 if sum(w in tx.content_stems(other) for other in src.lines) == 1}
                        if alone and not (alone & tx.content_stems(src.lines[0] if src.lines else "")):
                            single = (fit, line, said)
                best = best or single
                if best is not None and not best[2]:
                    shown = value if isinstance(value, str) else value.text
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f'[{src.id}] writes {shown} where it speaks of something else; what the question asks about '
                        f'is in "{best[1][:110]}"', plain,
                        f'state what [{src.id}] gives in "{best[1][:60]}", or remove the sentence', src.id, FACT_FACTOR,
                        True, False)
                    break
                if best is None and bare is not None and not isinstance(value, str):
                    out[index] = Finding(
                        IssueType.FACTUAL_ERROR, 0.9,
                        f'[{src.id}] writes {value.text} where it speaks of something else; what the question asks '
                        f'about is in "{bare[1][:110]}", which gives no such value', plain,
                        f'write only: "{tx.ABSTAIN}", unless a passage states it', src.id, FACT_FACTOR, True, False)
                    break
            if index in out:
                break
    return out
