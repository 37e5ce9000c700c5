"""Products: the figures a claim writes as a count times a price, or that follow from the question's counts at
a passage's price.

Answers compute totals: "2 x £21", "six flats at £15 each", "£5 for each of the three extra children", "£45 a month,
or £540 over twelve months", "3 for £15, so 6 marginals cost £30", "£40 for the first hour, then £25 for each further
half hour". Each reader here turns one such shape into a figure (a ``Quantity`` spanning its working) that
``arithmetic.derivations`` may use as a step; ``unwritten_products`` finds a total written with none of its working
from the price of the clause naming what the question asks about. Only counts the question or the passages give
multiply anything: a count from nowhere would support almost any wrong total.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence

from masis_desktop.core import text as tx
from masis_desktop.core.grounding import bands
from masis_desktop.core.grounding.claims import FRAME_STEMS, Source
from masis_desktop.core.grounding.counts import (
    COUNT_ALTS,
    COUNT_NAMES,
    COUNTED_THING,
    EXTRA,
    PERCENT_OFF,
    PERIODS,
    concessions,
    count_value,
    question_counts,
    question_periods,
    thing_counts,
)


def written_products(claim: str, times: Sequence[tuple[tx.Quantity, tx.Quantity]], derived: dict[tx.Quantity, str],
              open_: Sequence[tx.Quantity], counts: set[float]) -> list[tx.Quantity]:
    """The products a claim writes out (``times``: "2 x £21" or "£15 x 3") as figures: a count the question or the
    passages give times a value the passages state or the claim derived."""
    out = []
    for a, b in times:
        count, value = (a, b) if a.unit is None and a.noun is None else (b, a)
        if (count.unit is None and count.noun is None and count.value in counts and value.unit is not None
                and (value not in open_ or value in derived)):
            out.append(tx.Quantity(claim[a.start:b.end], count.value * value.value, value.unit, value.kind,
                                   a.start, b.end))
    return out


# "two further 15-minute periods at £20 each", "six flats at £15 each": a count the claim writes, a few words before
# the price it multiplies
COUNT_AT = re.compile(rf"\b({'|'.join(sorted(COUNT_NAMES, key=len, reverse=True))}|\d{{1,2}})\s+(?:[\w'’-]+\s+){{0,4}}?"
                   r"at\s+(?=[£$€]\s?\d|\d+p\b)", re.IGNORECASE)


def each_products(claim: str, known: Sequence[tx.Quantity]) -> list[tx.Quantity]:
    """The products a claim states in words, "N things at £X each", as figures (the price supported)."""
    out = []
    for m in COUNT_AT.finditer(claim):
        count = m.group(1).lower()
        n = float(tx.NUMBER_WORDS[count]) if count in tx.NUMBER_WORDS else float(count)
        price = next((q for q in known if q.start == m.end() and q.kind == "currency"), None)
        if price is not None and 1 < n <= 20:
            out.append(tx.Quantity(f"{n:g} x {price.text}", n * price.value, price.unit, price.kind, m.start(),
                                   price.end))
    return out
_EACH_OF = re.compile(rf"(?:[£$€]\s?\d[\d,]*(?:\.\d+)?|\d+p)\s+(?:for\s+)?each\s+(?:of\s+|for\s+)?"
                      rf"(?:the\s+|those\s+|these\s+)?({COUNT_ALTS}|\d{{1,2}})\b", re.IGNORECASE)


def each_of_products(claim: str, known: Sequence[tx.Quantity], asked: set[float], stated: set[float]
                     ) -> list[tx.Quantity]:
    """The products a claim writes "£X for each of the N things" as figures, N a count the question gives or, for
    "N extra", the question's count past one the passage states (18 children at a party for up to 15, "£5
    for each of the three extra children"); a count from nowhere multiplies nothing."""
    out = []
    for m in _EACH_OF.finditer(claim):
        price = next((q for q in known if q.start == m.start() and q.kind == "currency"), None)
        n = count_value(m.group(1))
        extra = bool(EXTRA.match(claim[m.end():]))
        if price is None or not 1 < n <= 20 or not (
                n in asked if not extra else any(a - n in stated for a in asked if a > n)):
            continue
        out.append(tx.Quantity(f"{n:g} x {price.text}", n * price.value, price.unit, price.kind, m.start(), m.end()))
    return out
# "£2 a day", "45p per mile": a rate and the thing it is counted by
_RATE = re.compile(r"(?:[£$€]\s?\d[\d,]*(?:\.\d+)?|\d+p)\s*(?:a|an|per|each)\s+([a-z]+)", re.IGNORECASE)
# "6 extra days", "a 24-mile round trip": a count of a rate's things
_COUNT_OF = re.compile(r"(?<![£$€\d.,])(\d{1,3})(?:-|\s+)([a-z]+)(?:\s+([a-z]+))?\b", re.IGNORECASE)


def rate_counts(claim: str) -> list[tuple[re.Match[str], re.Match[str]]]:
    """The (rate, count) pairs of a claim counting a rate's things: "£2 a day" and "6 extra days"."""
    return [(rate, m) for rate in _RATE.finditer(claim) for m in _COUNT_OF.finditer(claim)
            if tx.stem(rate.group(1)) in {tx.stem(w) for w in m.groups()[1:] if w}]


def per_unit_products(claim: str, found: Sequence[tx.Quantity], known: Sequence[tx.Quantity],
              open_: Sequence[tx.Quantity], derived: dict[tx.Quantity, str]) -> list[tx.Quantity]:
    """The products a claim states as a count of a rate's things: "then £2 a day, so 6 extra days costs £12", "45p
    per mile, so a 24-mile round trip would earn £10.80". The rate must be supported,
    and the count stated or derived (the question's distance both ways)."""
    out = []
    for rate, m in rate_counts(claim):
        price = next((q for q in known if q.kind == "currency" and q.start == rate.start()), None)
        count = next((q for q in found if q.start == m.start(1)), None)
        if price is None or count is None or count.unit is not None or (count in open_ and count not in derived):
            continue
        if 1 < count.value <= 1000:
            # spanning its rate and its count: a figure and its own product are never two items of one total
            out.append(tx.Quantity(f"{count.value:g} x {price.text}", count.value * price.value, price.unit,
                                   price.kind, min(rate.start(), m.start()), max(rate.end(), m.end())))
    return out


def asked_products(question: str | None) -> list[tx.Quantity]:
    """The question's own price times its own count of things, figures the user gave: "12 bottles come to £120" for
    "what would 12 bottles priced at £10 each cost", and so the £108 after the case discount. Counts of things only (no
    unit: not "within 10 miles"). Placed outside the claim, so no claim figure is taken for a part of them."""
    found = tx.quantities(question or "")
    counts = thing_counts(question, units=False)
    return [tx.Quantity(f"{n:g} x {p.text}", n * p.value, p.unit, p.kind, -1, -1)
            for p in found if p.kind == "currency" for n in counts if 1 < n <= 100]


def asked_shares(found: Sequence[tx.Quantity], question: str | None, cited: Sequence[Source]
                  ) -> list[tx.Quantity]:
    """A percentage the claim states, of a sum the question gives, when it is the percentage of the cited clause
    sharing most of the question's words: "At 1.2% of the sale price, the fee would be £3,000" for "a sole-agency
    fee ... on a house that sells for £250,000", not the "1.8%" of joint agency beside
    it (its wrong answer). Placed outside the claim, as ``asked_products``."""
    sums = [a for a in tx.quantities(question or "") if a.kind == "currency"]
    if not sums:
        return []
    title = {w for src in cited for w in tx.content_stems(src.lines[0] if src.lines else "")}
    asked = {w for w in tx.content_stems(question or "") if w.isalpha() and not tx.is_unit(w)} - title - FRAME_STEMS
    scored = [(len(asked & tx.content_stems(c)), o) for src in cited for line in src.lines for c in bands.clauses(line)
              for o in tx.quantities(c) if o.unit == "%"]
    best = max((score for score, _ in scored), default=0)
    shares = [q for q in found if q.unit == "%" and any(tx.same_quantity(q, o) for score, o in scored if score == best)]
    return [tx.Quantity(f"{p.text} of {a.text}", p.value / 100 * a.value, a.unit, a.kind, -1, -1)
            for a in sums for p in shares]


# "3 for £15": a multi-buy's count and price
MULTIBUY = re.compile(rf"\b({COUNT_ALTS}|\d{{1,2}})\s+for\s+([£$€]\s?\d+(?:,\d{{3}})*(?:\.\d+)?)", re.IGNORECASE)


def multibuys(claim: str, question: str | None, cited: Sequence[Source]) -> list[tx.Quantity]:
    """The question's count bought as whole multi-buys the claim writes and a passage offers: "Marginals are 3 for
    £15, so 6 marginals cost £30"."""
    counts = question_counts(question)
    text = " ".join(src.text for src in cited)
    out = []
    for m in MULTIBUY.finditer(claim):
        if m.group(0).lower() not in text.lower():
            continue
        n, price = count_value(m.group(1)), tx.quantities(m.group(2))[0]
        out += [tx.Quantity(f"{c / n:g} x {m.group(0)}", c / n * price.value, price.unit, price.kind, -1, -1)
                for c in counts if n > 1 and c > n and c % n == 0]
    return out


_TIER_UNIT = r"(hour|day|night|week|month|minute)s?\b"
_FIRST_TIER = re.compile(rf"\bfirst\s+(?:({COUNT_ALTS}|\d{{1,3}})[\s-]+)?{_TIER_UNIT}", re.IGNORECASE)
_NEXT_TIER = re.compile(rf"\b(?:each|every|per|an?)\s+(?:further|additional|extra|subsequent|following)\s+"
                        rf"(?:(half|{COUNT_ALTS}|\d{{1,3}})[\s-]+)?{_TIER_UNIT}", re.IGNORECASE)


def tiers(question: str | None, cited: Sequence[Source]) -> list[tuple[tx.Quantity, tx.Quantity, str, float]]:
    """Each first-period price and price for each further step a cited sentence gives ("£40 for the first hour, then
    £25 for each further half hour"), with the steps past the first period that the question's duration takes
    (2 hours: 2 half hours), as (first price, step price, "first hour", steps): the steps charged whole or in part
    ("charged in 15-minute blocks": 2.5 hours at £40 + 1.5 x £30). Each price is the currency figure
    nearest its phrase in the sentence."""
    asked = [a for a in tx.quantities(question or "") if a.kind == "time" and a.unit is not None]
    if not asked:
        return []
    out = []
    for src in cited:
        for sentence in re.split(r"(?<=[.;])\s+", src.text):
            first, step = _FIRST_TIER.search(sentence), _NEXT_TIER.search(sentence)
            prices = [q for q in tx.quantities(sentence) if q.kind == "currency"]
            if not first or not step or first.start() > step.start() or len(prices) < 2 \
                    or first.group(2).lower() != step.group(2).lower():
                continue
            unit = tx.quantities(f"1 {first.group(2)}")
            if not unit or unit[0].unit is None:
                continue
            size = unit[0].base
            fee = min(prices, key=lambda q: abs(q.start - first.start()))
            rate = min((q for q in prices if q is not fee), key=lambda q: abs(q.start - step.start()))
            covered = (count_value(first.group(1)) if first.group(1) else 1.0) * size
            word = (step.group(1) or "").lower()
            each = (0.5 if word == "half" else count_value(word) if word else 1.0) * size
            for a in asked:
                if a.unit and tx.compatible(a, unit[0]) and covered < a.base <= covered + 50 * each:
                    past = (a.base - covered) / each
                    out += [(fee, rate, first.group(0), n) for n in dict.fromkeys((math.ceil(past - 1e-9), past))]
    return out


def tiered(question: str | None, cited: Sequence[Source]) -> list[tx.Quantity]:
    """A first period's price plus the question's further steps at each step's price (``tiers``): "£40 for the
    first hour, then £25 for each further half hour" makes a 2-hour check £90. Placed
    outside the claim, as ``asked_products``."""
    return [tx.Quantity(f"{fee.text} for the {first} and {n:g} x {rate.text}", fee.value + n * rate.value, fee.unit,
                        fee.kind, -1, -1) for fee, rate, first, n in tiers(question, cited)]


def implied_products(known: Sequence[tx.Quantity], counts: set[float]) -> list[tx.Quantity]:
    """The question's count times each price the claim supports, as figures a next step may use though the claim
    does not write them: "Two large cod and chips at £12.40 each plus a £5.50 children's meal come to £30.30" (the
    £24.80 unwritten), "saving £2.80 compared with buying 3 kg at £9.60 per kg"."""
    return [tx.Quantity(f"{n:g} x {q.text}", n * q.value, q.unit, q.kind, q.start, q.end)
            for q in known if q.kind == "currency" for n in counts if 1 < n <= 20]


# "£173 a month, times three": a figure the claim multiplies by a count in words or figures
_TIMES_AFTER = re.compile(rf"(?:\s+(?:a|per|each)\s+([a-z]+))?\s*,?\s*(?:times|multiplied\s+by|[×x*])\s+"
                          rf"({COUNT_ALTS}|\d{{1,2}})\b", re.IGNORECASE)


# "£45 a month, or £540 over twelve months": a rate, then its total over a count of its periods
_PER_PERIOD = re.compile(r"\s+(?:a|per|each|every)\s+(quarter|year|month|fortnight|week|day)\b", re.IGNORECASE)
_OVER_PERIODS = re.compile(rf"\b(?:over|for|across|in)\s+(?:the\s+|a\s+)?({COUNT_ALTS}|\d{{1,3}})\s+"
                           r"(quarter|year|month|fortnight|week|day)s?\b", re.IGNORECASE)


def over_period_products(claim: str, known: Sequence[tx.Quantity], periods: set[str]) -> list[tx.Quantity]:
    """Products a claim writes as a rate and then its total "over N <periods>", N the number of the rate's periods
    in the period the question asks for: "the Care Plan is £45 a month, or £540 over twelve months" for "a full
    year"."""
    out = []
    for q in known:
        per = _PER_PERIOD.match(claim, q.end) if q.kind == "currency" else None
        if per is None:
            continue
        over = _OVER_PERIODS.search(claim, per.end())
        if over is None or over.group(2).lower() != per.group(1).lower():
            continue
        n = count_value(over.group(1))
        if any(PERIODS.get((p, per.group(1).lower())) == n for p in periods):
            out.append(tx.Quantity(f"{q.text} x {n:g}", n * q.value, q.unit, q.kind, q.start, over.end()))
    return out


def times_products(claim: str, known: Sequence[tx.Quantity], asked: set[float], question: str | None
                 ) -> list[tx.Quantity]:
    """Products a claim writes "£X ..., times N": N the question's count or the number of the price's periods in
    the period the question asks for ("£173 a month, times three" for a dealer's rent each quarter)."""
    periods = question_periods(question)
    out = []
    for q in known:
        m = _TIMES_AFTER.match(claim, q.end) if q.kind == "currency" else None
        if m is None:
            continue
        n = count_value(m.group(2))
        per = (m.group(1) or "").lower()
        if n in asked or any(PERIODS.get((p, per)) == n for p in periods):
            out.append(tx.Quantity(f"{q.text} x {n:g}", n * q.value, q.unit, q.kind, q.start, m.end()))
    return out
# "300g of sweets" for "£1.80 per 100g": an amount of the question's, and the amount a price is per
_AMOUNT = re.compile(r"(?<![\w.,£$€])(\d+(?:\.\d+)?)\s*-?\s*([a-z]+)\b", re.IGNORECASE)
_PER_AMOUNT = re.compile(r"\s*(?:per|a|an|for|every)\s+(\d+(?:\.\d+)?)\s*([a-z]+)\b", re.IGNORECASE)
# "Each additional hour costs £65", "£10 per extra child": a price for each one past what a base price covers
_ADDED = re.compile(r"\b(?:extra|additional|further)\b", re.IGNORECASE)
# "£19 per metre": a price per one of a unit, times the question's amount in it ("30 metres")
_PER_UNIT = re.compile(r"\s*(?:per|a|an|each|every)\s+([a-z]+)\b", re.IGNORECASE)
# "two adults and two children": the question's counted groups, each priced on its own
_COUNTED_GROUP = re.compile(rf"(?<![\w.,£$€-])({COUNT_ALTS}|an?|\d{{1,2}})\b(?=\s+((?:[a-z]+\s+){{0,2}}[a-z]+))",
                            re.IGNORECASE)  # a lookahead: "two adults and two children" holds two groups
_FOR_CASE = re.compile(r"\s*(?:each\s+)?(?:for|per)\s+(?!each\b)[a-z]", re.IGNORECASE)


def _asked_multipliers(question: str, clause: str, rate: tx.Quantity) -> list[float]:
    """The counts of the question that multiply ``rate`` of ``clause``: a count of the things the clause prices
    ("four children" at "£2 per child") or the question's amount in the rate's amount ("300g" at "£1.80 per
    100g")."""
    words = tx.content_stems(clause)
    out = []
    for m in COUNTED_THING.finditer(question):
        n = count_value(m.group(1))
        if 1 < n <= 20 and {tx.stem(w) for w in tx.words(m.group(2))} & words:
            out.append(n)
    per = _PER_AMOUNT.match(clause, rate.end)
    if per is not None and float(per.group(1)) > 1:
        for m in _AMOUNT.finditer(question):
            ratio = float(m.group(1)) / float(per.group(1))
            if m.group(2).lower() == per.group(2).lower() and 1 < ratio <= 100 and ratio == int(ratio):
                out.append(ratio)
    group = bands.asked_numbers(question).get("group")
    if group is not None and 1 < group <= 100 and group not in out:
        out.append(group)  # "a group of 12" at "Tickets cost £14"
    unit = _PER_UNIT.match(clause, rate.end)
    if unit is not None:  # "30 metres of overgrown hedge" at "£19 per metre", "four hours"
        per_word = tx.stem(unit.group(1).lower())
        amounts = [(float(m.group(1)), m.group(2)) for m in _AMOUNT.finditer(question)] + [
            (q.value, tx.words(q.text)[-1]) for q in tx.quantities(question) if q.unit and tx.number_words_in(q.text)]
        # a part of one unit too: "0.25 square metres" of glass at "£20 per square metre"
        out += [amount for amount, word in amounts if tx.stem(word.lower()) == per_word and 0 < amount <= 1000
                and amount != 1]
    return out


_BASE_COVERS = re.compile(rf"\b(?:up\s+to|for)\s+({COUNT_ALTS}|\d{{1,3}})\s+([a-z]+)", re.IGNORECASE)


def _beyond_base(question: str, clause: str) -> list[float]:
    """How many of the question's counted things lie past the count a base price covers: 13 children where "£165
    for up to 10 children" make "£207" with "each extra child charged at £14")."""
    out = []
    for base in _BASE_COVERS.finditer(clause):
        noun, covered = tx.stem(base.group(2).lower()), count_value(base.group(1))
        for m in COUNTED_THING.finditer(question):
            if tx.stem(tx.words(m.group(2))[0].lower()) == noun and count_value(m.group(1)) > covered:
                out.append(count_value(m.group(1)) - covered)
    return out


def _group_rates(question: str, cited: Sequence[Source]) -> list[tuple[float, str]]:
    """The "N% off" a clause grants a group size band holding the question's: "Groups of 10 or more get 10% off
    advance tickets" for a group of 12 ("£151.20" for twelve £14 tickets)."""
    size = bands.asked_numbers(question).get("group")
    if size is None:
        return []
    out = []
    for src in cited:
        for line in src.lines:
            for band in bands.scoped_bands(line, "group"):
                if band.holds(size):
                    out += [(1 - float(p) / 100, f", {p}% off for the group") for m in PERCENT_OFF.finditer(band.text)
                            if (p := m.group(1) or m.group(2))]
    return out


def _group_total(question: str, clauses: Sequence[str], q: tx.Quantity) -> str | None:
    """How ``q`` is the sum over the question's counted groups of each group's count times the price ``clauses`` give
    it: "two adults and two children" at "£60 for adults and £48 for children" is £216, "six whole mackerel and two
    dressed crabs" at "whole mackerel £2.20 each" and "Dressed Cornish crabs cost £9.50 each" is £32.20. Every group
    must find exactly one price, each read from the words naming its case ("for adults") or, when none follow it, the
    words before it ("adults pay £55"); a group is named by the (up to three) words after its count that some price's
    words use, and its price is the one all of them name."""
    named: dict[str, list[tx.Quantity]] = {}
    for clause in clauses:
        prices = [o for o in tx.quantities(clause) if o.kind == "currency" and o.unit == q.unit]
        for i, price in enumerate(prices):
            after = clause[price.end:prices[i + 1].start if i + 1 < len(prices) else len(clause)]
            before = clause[prices[i - 1].end if i else 0:price.start]
            case = _FOR_CASE.match(after)  # "for adults", not "per kg and whole mackerel": a unit is no case
            words = after if case and not tx.is_unit(tx.words(after[case.end() - 1:])[0]) else before
            for noun in {tx.stem(w) for w in tx.words(words)} - FRAME_STEMS:
                if price not in named.setdefault(noun, []):
                    named[noun].append(price)
    groups, chosen = [], []
    for m in _COUNTED_GROUP.finditer(question):
        words = re.split(r"\b(?:and|or|plus|with)\b", m.group(2))[0]  # "adults and two": the next group's count
        stems = [stem for w in tx.words(words) if (stem := tx.stem(w.lower())) in named and tx.content_stems(w)
                 and w.lower() not in tx.NUMBER_WORDS]
        if not stems:
            continue  # "ten and", "a total": no case of the clauses
        prices = [p for p in named[stems[0]] if all(p in named[st] for st in stems[1:])]  # "whole mackerel"
        groups.append((1.0 if m.group(1).lower() in ("a", "an") else count_value(m.group(1)), " ".join(stems)))
        chosen.append(prices)
    if len(groups) < 2 or len({noun for _, noun in groups}) < len(groups) or any(len(c) != 1 for c in chosen):
        return None
    total = sum(n * c[0].value for (n, _), c in zip(groups, chosen, strict=True))
    if abs(total - q.value) > 0.005 + 1e-9 * abs(q.value):
        return None
    return " + ".join(f"{n:g} x {c[0].text}" for (n, _), c in zip(groups, chosen, strict=True))


_SPAN = re.compile(r"\b(?:(?:from|between)\s+)?(\d+(?:\.\d+)?)\s*(?:to|-|–|and)\s*(\d+(?:\.\d+)?)[\s-]*([a-z]+)"
                   r"|\b(up\s+to|under|below|over|above|more\s+than|less\s+than)\s+(\d+(?:\.\d+)?)[\s-]*([a-z]+)",
                   re.IGNORECASE)


def with_conditions(parts: Iterable[str], valued: Callable[[str], bool]) -> list[str]:
    """The ``valued`` parts of a sentence, each with the parts before it that are not, its conditions: "For a lawn
    up to 100 square metres, each visit costs £28", "and in combed wheat straw, which lasts around 30 years"."""
    out, pending = [], ""
    for part in parts:
        if valued(part):
            out.append(f"{pending}{part}")
            pending = ""
        else:
            pending += f"{part}, "
    return out


def _priced_clauses(line: str) -> list[str]:
    """A sentence's clauses (``bands.clauses``), each priced one with its conditions (``with_conditions``)."""
    return with_conditions(bands.clauses(line), lambda c: any(o.kind == "currency" for o in tx.quantities(c)))


def _outside(question: str, clause: str) -> bool:
    """Whether ``clause`` prices a range of some amount ("lawns from 101 to 250 square metres", "up to 100 square
    metres") that the question's amount of the same thing falls outside ("an 80-square-metre lawn")."""
    amounts = [(float(m.group(1)), tx.stem(m.group(2))) for m in _AMOUNT.finditer(question)]
    for m in _SPAN.finditer(clause):
        if m.group(1):
            low, high, unit = float(m.group(1)), float(m.group(2)), m.group(3)
        else:
            bound, unit = float(m.group(5)), m.group(6)
            low, high = (0.0, bound) if m.group(4).lower() in ("up to", "under", "below", "less than") \
                else (bound, math.inf)
        if any(u == tx.stem(unit) and not low <= n <= high for n, u in amounts):
            return True
    return False


def unwritten_product(q: tx.Quantity, claim: str, question: str | None, cited: Sequence[Source]) -> str | None:
    """How ``unwritten_products`` derives ``q``, or None."""
    found = unwritten_products(q, claim, question, cited)
    return found[0] if found else None


def unwritten_products(q: tx.Quantity, claim: str, question: str | None, cited: Sequence[Source]
               ) -> tuple[str, tx.Quantity] | None:
    """How a price no passage states, written with none of its working, follows from the price of what the question asks
    about: the question's count of its things times it ("£8 in total for the four children" at "£2 per child"), the
    question's amount in its amount ("300g ... £5.40" at "£1.80 per 100g"), or a base price plus the question's count of
    extras ("£505 for the Premium package with two extra hours" from "£375" and "Each additional hour costs £65"), less
    the concession the claim names ("£126 ..., after the 10% discount": five visits at £28). The price is the one of the
    clause sharing most of the question's words (names and all, the passage's title words aside): another product's rate
    in the same passage is the usual wrong answer ("£6.60" for 300g at the sugar-free rate)."""
    if not question or q.kind != "currency" or not cited:
        return None
    title = {w for src in cited for w in tx.content_stems(src.lines[0] if src.lines else "")}
    # words framing any amount ("pay", "cost", "total") tell no clause from another ("pay £11 on Fridays"
    # would outscore the "£14 in advance" a group of 12 asks about)
    asked = {w for w in tx.content_stems(question) if w.isalpha() and not tx.is_unit(w)} - title - FRAME_STEMS
    # a list's head ("Laying is priced per metre: £12 ..., rising to £16 ...") is every item's: it scores none
    priced = [(len(asked & tx.content_stems(c.rsplit(": ", 1)[-1])), c, o) for src in cited for line in src.lines
              for c in _priced_clauses(line) if not _outside(question, c)
              for o in tx.quantities(c) if o.kind == "currency" and o.unit == q.unit]
    if not priced:
        return None
    # with no word of the question's in any clause (its words all the title's: "four hours of milling" at "Greenwood
    # Milling"), every priced clause is a candidate; the product must still come out exactly
    best = max(score for score, _, _ in priced)
    top = [(c, o) for score, c, o in priced if score == best]
    extras = [(c, o) for _, c, o in priced if _ADDED.search(c)] if _ADDED.search(question) else []
    # "each extra child charged at £14", also in a clause writing the base's cover the question's count lies past
    # ("for up to 80 guests, each extra guest is £3.50" for 90 guests)
    past = [(c, o) for src in cited for line in src.lines for c in _priced_clauses(line) if _ADDED.search(c)
            for o in tx.quantities(c) if o.kind == "currency" and o.unit == q.unit]
    rates = [(1.0, "")] + [(rate, f", {how}") for rate, how in concessions(claim, cited)] + _group_rates(
        question, cited)
    grouped = _group_total(question, list(dict.fromkeys(c for c, _ in top)), q) or _group_total(
        question, list(dict.fromkeys(c for _, c, _ in priced)), q)
    if grouped is not None:
        return grouped, next(o for _, c, o in priced if o.text in grouped)
    for clause, price in top:
        options = [(n * price.value, f"{n:g} x {price.text}") for n in _asked_multipliers(question, clause, price)]
        if not _ADDED.search(clause):
            options += [(price.value + n * extra.value, f"{price.text} + {n:g} x {extra.text}")
                        for c, extra in extras for n in _asked_multipliers(question, c, extra)]
        for value, how in options:
            for rate, said in rates:
                if abs(value * rate - q.value) <= 0.005 + 1e-9 * abs(q.value):
                    return how + said, price
    # a base price the question's count lies past ("£165 for up to 10 children" for 13), plus its extras
    for src in cited:
        for line in src.lines:
            for clause in _priced_clauses(line):
                if _ADDED.search(clause):
                    continue
                for price in (o for o in tx.quantities(clause) if o.kind == "currency" and o.unit == q.unit):
                    # the cover may stand in the sentence's next clause: "£495 for 3 hours of coffee, teas and hot
                    # chocolate for up to 80 guests"
                    for n in _beyond_base(question, clause) or _beyond_base(question, line):
                        for _, extra in past:
                            if abs(price.value + n * extra.value - q.value) <= 0.005 + 1e-9 * abs(q.value):
                                return f"{price.text} + {n:g} x {extra.text}", price
    return None
