"""Arithmetic reading: whether a figure no cited passage states follows from figures it does state.

A difference, sum or percent change (``derived_from``), a concession the claim names (``discounted_from``), a rate or
duration scaled by the question's count (``scaled_from``); ``derivations`` tries them all for one claim, step by step,
over the products ``products`` reads and the counts ``counts`` reads, and ``asks_computation`` and ``computes`` say
when arithmetic may be read at all. Apart from the audit because the fact check and several question-frame checks all
ask it: is this figure the passage's own, or computed from it?
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import YEAR, Source, quantity_in
from masis_desktop.core.grounding.counts import (
    EXTRA,
    PERIODS,
    concessions,
    count_list,
    count_pairs,
    question_counts,
    question_periods,
    thing_counts,
)
from masis_desktop.core.grounding.products import (
    COUNT_AT,
    asked_products,
    asked_shares,
    each_of_products,
    each_products,
    implied_products,
    multibuys,
    over_period_products,
    per_unit_products,
    rate_counts,
    tiered,
    tiers,
    times_products,
    unwritten_product,
    written_products,
)

DERIVED_TOLERANCE = 0.01  # percent changes: 1 % of the stated percentage, at least half its last digit
_NUMERAL = re.compile(r"\d[\d,]*(?:\.(\d+))?")
COMPUTATION_CUE = re.compile(
    # not inside a hyphenated adjective: "pot-grown" (else "£30" passes as £35 less £5 by it)
    r"(?<![\w-])(?:grow|grows|grew|grown|growth|increase[sd]?|increasing|decrease[sd]?|decreasing|rise|rises|rose|risen|"
    r"fall|falls|fell|fallen|drop|drops|dropped|declin\w*|differen\w*|chang\w*|more|less|fewer|higher|lower|"
    r"total|totals|totalled|totaled|combined|sum|altogether|together|net|gap|compared|exceed\w*|"
    # "how much would we save", "come to £30.30" (without the cue, right answers are refused)
    r"save|saves|saved|saving|savings|comes?\s+to|came\s+to|"
    # "is pay-as-you-go or the membership cheaper?" compares totals
    r"cheaper|cheapest|dearer)\b"
    # "£5 off the £75 adult price"
    r"|(?:[£$€]\s?\d[\d,.]*|\d+p)\s+off\b"
    # "at 1.2% of the sale price": a share of a sum
    r"|\d\s*%\s+of\b"
    # working written out in signs: "80 × 60p = £48", "£550 + 2 × £60"
    r"|[\d%p]\s*[×=+]\s*(?:[£$€]\s?)?\d"
    # "plus" before a figure ("£145 plus £15"), never a product's name ("Strata Drive Plus")
    # (or a money figure after a word, not a new charge's "extra": "plus the one-off £40 field fee")
    r"|(?-i:\bplus)\s+(?:(?:the|a|an)\s+)?(?=[£$€\d]|[A-Z]{3}\s?\d"
    r"|(?!(?:extra|additional|further)\b)[\w-]+\s+[£$€]\d)"
    # "up"/"down" only before a figure ("up by £5", "down 3%"): "turn up", "picking up" ask for no arithmetic
    # (else "starts at 7:30am" and "an extra £35" pass as arithmetic on the passage's figures)
    r"|\b(?:up|down)\s+(?:by\s+)?(?=[£$€\d])",
    re.IGNORECASE)


# "before the April 2024 fare change": a change named as a point in time, not a quantity asked for; "up to 2 m
# high", "more than 20 people": a bound, not a difference
_CHANGE_EVENT = re.compile(r"\b(?:before|after|since|until|till|from|prior\s+to)\s+(?:the|this|that|our|their|its)\s+"
                           r"(?:[\w'’-]+\s+){0,4}(?:change|increase|rise|drop|decrease)s?\b"
                           r"|\b(?:up|down)\s+to\b|\b(?:more|less|fewer)\s+than\s+(?=\d)", re.IGNORECASE)


# "£33 a month: £22 for the first child and ... £11 for the second": a figure broken down after a colon into two
# figures or more is the working of a sum
_BREAKDOWN = re.compile(r"[£$€]\s?\d[\d,.]*(?:\s+[a-z]+){0,3}\s*:\s+(?:[^:]*?[£$€]\s?\d|[^:]*?\d+p\b){2}")


def asks_computation(*texts: str | None) -> bool:
    """Whether a claim (or the question it answers) speaks of a change, a difference or a total: only then may a
    figure that no passage states be supported by arithmetic on stated figures. A change named as a moment
    ("before the April 2024 fare change") asks for no arithmetic: a wrong GBP 130 would pass as the sum
    of a GBP 120 fare and a GBP 10 extra; nor does a bound ("hedge trimming up to 2 m high": a wrong GBP 28 per metre
    would pass as arithmetic on the price list's figures)."""
    return any(t and (COMPUTATION_CUE.search(_CHANGE_EVENT.sub(" ", t)) or _BREAKDOWN.search(t)
                      or rate_counts(t) or COUNT_AT.search(t)) for t in texts)


def _shared_sums(claim: str, question: str | None) -> list[tx.Quantity]:
    """The claim's money figures the question states, where the claim also states a percentage: the sum a share or
    a discount is taken of ("10% off labour, so £200 of labour costs them £180")."""
    found = tx.quantities(claim)
    if not question or not any(q.unit == "%" for q in found):
        return []
    sums = [a for a in tx.quantities(question) if a.kind == "currency"]
    return [q for q in found if q.kind == "currency" and any(tx.same_quantity(q, a) for a in sums)]


_SO_TOTAL = re.compile(r"\b(?:so|making|which\s+makes|which\s+comes\s+to)\b[^.;]*?[£$€]\s?\d", re.IGNORECASE)


def _worked_total(claim: str, question: str | None) -> bool:
    """Whether the claim states two prices or more and then, after "so" or "making", a money figure, for a question
    giving counts of things: "Adults pay £9.50 each and children ... £6.50, so two adults and one child pay £25.50"
    (no word of it is a computation cue)."""
    # (bare counts of things only: a "2-hour" visit's sum of two tier prices is a miscount, not a total)
    return bool(thing_counts(question, units=False)) and len(
        [q for q in tx.quantities(claim) if q.kind == "currency"]) >= 3 and bool(_SO_TOTAL.search(claim))


def computes(claim: str, question: str | None, cited: Sequence[Source]) -> bool:
    """Whether a figure of ``claim`` that no cited passage states may be supported by arithmetic on their figures:
    the claim or the question speaks of a computation, and the claim shares a word with those passages. Without
    the shared word any sentence speaking of a change passes: the prompt's own example, "Revenue rose 12
    percent [c15].", over an escape-room price list whose 22 and 10 give 12. A bare figure ("60
    days") is about what the question asks."""
    if not asks_computation(claim, question) and not _shared_sums(claim, question) and not _worked_total(
            claim, question):
        return False
    words = {w for w in tx.content_stems(claim) if w.isalpha() and not tx.is_unit(w)}  # not "12", not "percent"
    if not words or any(words & tx.content_stems(src.text) for src in cited):  # a bare figure: the question's
        return True
    # a claim stating a price of the passages is about them ("save £20, paying £150 for the week instead of five
    # days at £34 each", whose other words the passage writes as "all five days of a week")
    return any(q.kind == "currency" and quantity_in(q, src) for q in tx.quantities(claim) for src in cited)


def _half_step(q: tx.Quantity) -> float:
    """Half a unit of the last digit ``q`` was written with, in ``q``'s base units: "NOK 1.3 billion" may stand for
    any value that rounds to it (±0.05 billion), "2015" only for 2015."""
    m = _NUMERAL.search(q.text)
    if m is None or not q.value:
        return 0.0
    written = float(m.group(0).replace(",", ""))
    step = 10.0 ** -len(m.group(1) or "")
    scale = (q.value / written if written else 1.0) * (q.base / q.value)
    return abs(step * scale) / 2 + 1e-9 * abs(q.base)


_CONCEDED = re.compile(r"(?:half|\d+(?:\.\d+)?% (?:off|of)) ")  # a concession's figure, as ``derivations`` names it


def derived_from(q: tx.Quantity, sources: list[Source], extra: Sequence[tx.Quantity] = (), *,
                 exact: bool = False, sums: bool = True) -> str | None:
    """How ``q`` follows from two stated values (difference, sum, or percent change), or None.

    Answers often compute ("the backlog grew by NOK 1.3 billion" from 3.8 and 5.1 billion); a computed value is
    supported when the arithmetic on stated values gives it, rounded as ``q`` is written (never a year: sums of
    unrelated figures land on almost any four-digit number). Callers allow this only for claims or questions
    that speak of a computation (``asks_computation``): two stated values almost always differ by *some*
    plausible wrong answer ("60 days" from "30 days" and "90 days"). ``extra`` are figures of the claim that
    follow from the passages themselves (a concession's price), usable as one of the two. ``exact`` asks for a
    sum or difference with no rounding (and no percent change): only such a figure may feed another step. ``sums``
    False allows differences (and percent changes) only."""
    if q.unit is None and q.value == int(q.value) and YEAR.fullmatch(str(int(q.value))):
        return None
    if q.kind == "clock":
        return None  # two clock times differ by a duration, and sum to no time of day
    pool = [o for s in sources for o in s.quantities if o.value != q.value] + [o for o in extra if o.value != q.value]
    target = q.base if q.unit else q.value
    tolerance = 1e-9 * max(1.0, abs(target)) if exact else _half_step(q)
    own = {id(o) for o in extra}
    for i, a in enumerate(pool):
        for b in pool[i + 1:]:
            if a.unit != b.unit or (a.noun != b.noun and a.noun and b.noun):
                continue
            if id(a) in own and id(b) in own and a.start < b.end and b.start < a.end:
                continue  # "2 x £15" is no second item beside the £15 it multiplies
            if _multiple(a, b) or _multiple(b, a):
                continue  # "12 x 60p" and 60p make 13 x 60p, a miscount (a wrong "£7.80")
            if id(a) in own and id(b) in own and _CONCEDED.match(a.text) and _CONCEDED.match(b.text):
                continue  # half the fee plus half the joining fee is half a total no one wrote
            va, vb = (a.base, b.base) if a.unit else (a.value, b.value)
            if q.unit == "%" and a.unit != "%" and va and vb and not exact:
                for x, y in ((va, vb), (vb, va)):
                    change = (y / x - 1) * 100
                    if abs(abs(change) - q.value) <= max(tolerance, DERIVED_TOLERANCE * q.value):
                        return f"percent change from {a.text} to {b.text}" if x == va else \
                            f"percent change from {b.text} to {a.text}"
                continue
            if not tx.compatible(q, a):
                continue
            for value, how in ((abs(va - vb), "difference"), (va + vb, "sum"))[:2 if sums else 1]:
                if target and abs(value - target) <= tolerance:
                    return f"{how} of {a.text} and {b.text}"
    return None


_COUNT_TIMES = re.compile(r"(\d+(?:\.\d+)?)\s*(?:[x×*]|times)\s*", re.IGNORECASE)


def _multiple(a: tx.Quantity, b: tx.Quantity) -> bool:
    """Whether ``a`` is a product the code formed ("12 x 60p") of ``b``'s value: their sum or difference is another
    count of it."""
    m = _COUNT_TIMES.match(a.text)
    return m is not None and a.unit == b.unit and abs(float(m.group(1)) * b.value - a.value) <= 1e-9 * abs(a.value)


def discounted_from(q: tx.Quantity, claim: str, sources: Sequence[Source], extra: Sequence[tx.Quantity] = ()
                    ) -> str | None:
    """How a price ``q`` no passage states follows from a stated one by the concession a passage writes and the
    claim names: "you pay half rent: £29" from "£58 for a full plot" and "pay half rent",
    "£36 with the 10% discount" from "£40" and "10% off". Only the claim's own concession counts. ``extra`` are
    figures the claim derived exactly, a base the concession may apply to ("£84, less 10% (£8.40)")."""
    if q.kind != "currency":
        return None
    for rate, how in concessions(claim, sources):
        for o in [o for src in sources for o in src.quantities if o.unit == q.unit] + [
                o for o in extra if o.unit == q.unit]:
            if abs(o.value * rate - q.value) <= 0.005 + 1e-9 * abs(q.value):
                return f"{how} of {o.text}"
    return None


# a total shared out: "split four ways", "£6 per player", "each pays", "between the three of us"
_SHARED = re.compile(r"\b(?:split|shared?|divided|between|per\s+(?:person|head|player|child|member|couple)|each\s+pays?"
                     r"|a\s+head|apiece)\b", re.IGNORECASE)


def scaled_from(q: tx.Quantity, claim: str, question: str | None, sources: Sequence[Source]) -> str | None:
    """How a figure no passage states follows from one the claim also states: a price for the question's quantity
    at a stated rate ("£7.20, at £3.60 per kilo" for "2 kilos", "£15 extra: a £5 per hour heating charge" for
    "three hours"), or a time of day a stated duration before or after a stated time ("8:15pm, as last tickets are
    sold 45 minutes before the 9:00pm closing"). A clock time is still never the sum or difference of two clock
    times."""
    if not question or not (q.kind == "currency" or q.unit == "hh:mm"):
        return None
    focus = {w for w in tx.question_focus(question) if not tx.is_unit(w)}  # "kilo" names no product
    # the rate or duration is the asked thing's: a clause stating it shares a focus word with the question (a wrong
    # "£7.80 at £3.90 per kilo" takes another product's rate)
    stated = [o for src in sources for line in src.lines for c in bands.clauses(line)
              if focus & tx.content_stems(c) for o in tx.quantities(c)]
    said = [o for o in tx.quantities(claim) if o is not q and any(tx.same_quantity(o, s) for s in stated)]
    if q.kind == "currency":
        counts = count_list(question)  # "three summer nights" too
        shared = _SHARED.search(claim) or _SHARED.search(question)
        twice = count_pairs(question)
        for rate in (o for o in said if o.unit == q.unit):
            if len(tx.rate_of(claim, rate)) >= 2:  # "£22 per person per night" for "two of us ... two nights"
                for n in twice:
                    if abs(n * rate.value - q.value) <= 0.005 + 1e-9 * abs(q.value):
                        return f"{n:g} x {rate.text}"
            for n in counts:
                if n > 1 and abs(n * rate.value - q.value) <= 0.005 + 1e-9 * abs(q.value):
                    return f"{n:g} x {rate.text}"
                if n > 1 and shared and abs(rate.value / n - q.value) <= 0.005 + 1e-9 * abs(q.value):
                    return f"{rate.text} / {n:g}"  # "split four ways ... £6 per player" of "£24"
    if q.unit == "hh:mm":
        minutes = {"min": 1.0, "h": 60.0}
        for d in (o for o in said if o.unit in minutes):
            for c in (o for o in said if o.unit == "hh:mm"):
                for sign in (-1, 1):
                    if abs(c.value + sign * d.value * minutes[str(d.unit)] - q.value) < 0.5:
                        return f"{c.text} {'-' if sign < 0 else '+'} {d.text}"
    return None


def derivations(claim: str, question: str | None, cited: list[Source], *, computing: bool
                ) -> dict[tx.Quantity, str]:
    """How each figure of ``claim`` that no cited passage states follows from what they state: exactly, by a concession
    (``discounted_from``) or a rate or duration the claim states (``scaled_from``); else, when ``computing``, by
    arithmetic the claim or question asks for, step by step: a product the claim writes out ("2 x £21", its count the
    question's), a sum or difference of two figures (``derived_from``), a concession on a figure derived before, a total
    of the claim's own figures ("£138: the £85 membership, plus the £15 joining fee and £38 for insurance"). A step
    feeding another is exact and adds or subtracts figures the claim itself writes: two passage figures add up to almost
    anything (a wrong "£9 ... less the £1 reduction" would have £9 as £7 + £2 and then £1 as £10 less it; a wrong "a 10%
    discount of £15" £15 as £40 - £25). The last step, rounded as written, is a sum or difference of figures the claim
    writes, or a difference of any two passage figures ("the backlog grew by NOK 1.3 billion"): a sum of two the claim
    does not write is no longer one (a wrong "a cap of £250" would be £50 + £200, a wrong "£510" £245 + £265)."""
    open_ = [q for q in tx.quantities(claim) if not any(quantity_in(q, c) for c in cited)]
    if not cited or not open_:
        return {}
    out = {q: how for q in open_ if (how := discounted_from(q, claim, cited) or scaled_from(q, claim, question, cited)
                                     or unwritten_product(q, claim, question, cited))}
    # whole multi-buys of the question's count need no cue: "3 for £15, so 6 marginals cost £30"
    bought = multibuys(claim, question, cited)
    # a tiered total is matched, not fed on: plus its own step rate it lands on the next wrong total (£25 + 4 x £10)
    out |= {q: b.text for q in open_ if q not in out for b in bought + tiered(question, cited)
            if q.unit == b.unit and abs(q.value - b.value) <= 0.005 + 1e-9 * abs(q.value)}
    # "a 20% deposit, which is £240 on a £1,200 quote" for "My quote is £1,200": the question's sum a share is taken
    # of is the user's figure
    out |= {c: "the question's sum" for c in open_ if c not in out and c in _shared_sums(claim, question)}
    if not computing:
        return out
    asked = question_counts(question)
    counts = asked | {o.value for c in cited for o in c.quantities if o.unit is None}
    found = tx.quantities(claim)
    times = [(a, b) for a, b in itertools.pairwise(found) if _TIMES.fullmatch(claim[a.end:b.start])]
    # a bare count written as a multiplier ("so 2 x £450") that the question gives is the user's figure, not an
    # invented one
    out |= {c: "the question's count" for pair in times for c in pair
            if c in open_ and c not in out and c.unit is None and c.noun is None and c.value in asked}
    # "£540 over twelve months" for "a full year": the question's period counted in the rate's
    asked_periods = question_periods(question)
    out |= {c: "the question's period" for c in open_ if c not in out and c.kind == "time" and c.unit is not None
            and any(PERIODS.get((p, str(c.unit))) == c.value for p in asked_periods)}
    if _BOTH_WAYS.search(claim):  # "a 24-mile round trip" for "I live 12 miles away"
        out |= {c: "the question's distance both ways" for c in open_
                if c not in out and c.unit is None and c.value / 2 in asked}
    # "free for 10 days, then £3 a day, so 4 extra days" for "for 14 days": the question's count past the passage's
    stated = {o.value for src in cited for o in src.quantities if o.kind != "currency" and o.unit != "hh:mm"}
    out |= {c: "the question's count less the passage's" for c in open_ if c not in out and c.unit is None
            and EXTRA.match(claim[c.end:]) and any(a - c.value in stated for a in asked if a > c.value)}
    # "one free place, so the 10 riders pay for 9 places" for "a group of 10": the question's count less the free
    # ones the passage gives
    if _FREE.search(claim):
        given = stated | {n for src in cited for n in src.number_words}
        out |= {c: "the question's count less the free ones" for c in open_ if c not in out and c.unit is None
                and c.value == int(c.value) and any(a - c.value in given for a in asked if a > c.value)}
    # "2.5 hours cost £40 + 1.5 x £30": the question's time past a first period, counted in the further steps
    steps = {n for _, _, _, n in tiers(question, cited)}
    out |= {c: "the question's time past the first period" for c in open_ if c not in out and c.unit is None
            and c.value in steps}
    rates = concessions(claim, cited)
    things = thing_counts(question)
    user_products = asked_products(question) + asked_shares(found, question, cited) + bought  # every step's
    for _ in range(4):  # answers of more steps are not written by the models
        known = [q for q in found if q not in open_ or q in out] + written_products(claim, times, out, open_, counts)
        known += each_products(claim, known)
        known += each_of_products(claim, known, asked, stated)
        known += times_products(claim, known, asked, question)
        known += over_period_products(claim, known, asked_periods)
        known += implied_products(known, things)
        known += user_products
        known += per_unit_products(claim, found, known, open_, out)
        known += [tx.Quantity(f"{how} {q.text}", rate * q.value, q.unit, q.kind, q.start, q.end)
                  for q in known if q.kind == "currency" for rate, how in rates]  # "half the £30 fee"
        grown = {q: how for q in open_ if q not in out and (
            how := derived_from(q, [], known, exact=True) or discounted_from(q, claim, cited, known)
            or _itemised(q, known, claim))}
        if not grown:
            break
        out |= grown
    # a figure written twice ("the 12 extra miles cost 12 x 60p") is as derived the second time as the first
    out |= {c: out[d] for c in open_ if c not in out and c.unit is None and c.noun is None
            for d in list(out) if d.unit is None and d.value == c.value}
    exact = list(out) + written_products(claim, times, out, open_, counts)
    written = [q for q in found if q not in open_ or q in out] + exact
    out |= {q: how for q in open_ if q not in out and (how := derived_from(q, [], written) or derived_from(
        q, cited, exact, sums=False))}
    wrong = _miscounted(claim, found) | _headline_off(claim, found, times_products(
        claim, [q for q in found if q not in open_ or q in out], asked, question))
    return {q: how for q, how in out.items() if q not in wrong}


_HEADLINE = re.compile(r"[^:;.]{0,40}:\s")  # "£480 per quarter: £120 for the bay plus ...": a total, then its working


def _headline_off(claim: str, found: Sequence[tx.Quantity], products: Sequence[tx.Quantity]) -> set[tx.Quantity]:
    """A claim's opening total, when the working after its colon ends in a product "..., times N" the claim does
    not write and the total is not that product: "£440 per quarter: £120 ... plus £40 ... is £160 a month, times
    three" would pass as £480 less the £40."""
    first = found[0] if found else None
    if first is None or first.kind != "currency" or not _HEADLINE.match(claim, first.end):
        return set()
    last = max(q.end for q in found)
    unwritten = [p for p in products if p.end >= last and not any(abs(p.value - q.value) < 0.005 for q in found)]
    if unwritten and all(abs(p.value - first.value) > 0.005 for p in unwritten):
        return {first}
    return set()


# "eight sessions at £8 would cost £56": what follows a product the claim writes out is that product
_PRODUCT_IS = re.compile(r"(?:\s+each)?\s*(?:,\s*)?(?:(?:would|will|should)\s+)?(?:cost|costs|comes?\s+to|totals?|"
                         r"makes?|is|are|=|gives?)\s+(?:of\s+)?$", re.IGNORECASE)


def _miscounted(claim: str, found: Sequence[tx.Quantity]) -> set[tx.Quantity]:
    """The figures a claim gives as the value of a product it writes in words ("N things at £X ... would cost £Y")
    that are not that product: a wrong "eight sessions at £8 would cost £56" would pass as £64 less £8."""
    out = set()
    for product in each_products(claim, found):
        opens = max((m.end() for m in re.finditer(r"[;:.]\s", claim[:product.start])), default=0)
        if any(q.kind == "currency" and opens <= q.start < product.start for q in found):
            continue  # "£50 team registration plus 5 players at £6 each comes to £80": the total of both
        after = next((q for q in found if q.start >= product.end and q.kind == "currency"), None)
        if after is not None and _PRODUCT_IS.match(claim[product.end:after.start]) and abs(
                after.value - product.value) > 0.005 + 1e-9 * abs(product.value):
            out.add(after)
    return out


_TIMES = re.compile(r"\s*(?:[×x*]|times)\s*", re.IGNORECASE)
_FREE = re.compile(r"\bfree\b", re.IGNORECASE)


_BOTH_WAYS = re.compile(r"\b(?:round[- ]trip|return\s+(?:journey|trip)|there\s+and\s+back|both\s+ways)\b",
                        re.IGNORECASE)


# "£185: £85 ... and £110 ..., less £10 for the second child": a figure the claim takes away
_TAKEN_OFF = re.compile(r"\b(?:less|minus|deduct(?:ing)?|take\s+off|taking\s+off)\s+(?:the\s+|a\s+|an\s+)?$",
                        re.IGNORECASE)


def _itemised(q: tx.Quantity, known: Sequence[tx.Quantity], claim: str) -> str | None:
    """A product or implied figure equal to ``q``, or a total of three or more of the claim's supported figures
    of ``q``'s unit (two are ``derived_from``'s), those the claim writes "less" taken away ("£185: £85 for the
    9-year-old and £110 for the 13-year-old, less £10 for the second child")."""
    if q.unit is None:
        return None
    parts = [o for o in known if o.unit == q.unit and o.text != q.text][:8]
    sign = {id(o): -1.0 if _TAKEN_OFF.search(claim[max(0, o.start - 20):o.start]) else 1.0 for o in parts}
    for size in (1, *range(3, len(parts) + 1)):
        for chosen in itertools.combinations(parts, size):
            if any(a.start < b.end and b.start < a.end for a, b in itertools.combinations(chosen, 2)):
                continue  # a figure and its own product ("£15" and "2 x £15") are one item
            if abs(sum(sign[id(o)] * o.value for o in chosen) - q.value) <= 1e-9 * max(1.0, abs(q.value)):
                return "total of " + " ".join(("- " if sign[id(o)] < 0 else "+ ") + o.text for o in chosen)[2:]
    return None
