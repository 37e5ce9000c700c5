"""The calculator: the model writes the arithmetic a question needs, code checks its figures and does it.

A question that asks for a total, a count times a price or a price after a discount needs a figure no passage
states. Told in its rules to show such a sum, the 1.5B writer still copied a listed price ("The two of us will pay
£52"), and a small model that does multiply often multiplies wrong. So the two jobs are split the way a person with
a calculator splits them. Before the writer runs, the writer model is asked only for the calculation, as an
expression over the evidence's figures (a JSON-schema grammar admits nothing but numbers, + - * / and
parentheses, or ``none``). Code then requires every figure of it to be one the evidence or the question states
(or a percentage of the evidence as a factor, or a unit conversion such as 12 months), evaluates it exactly, and
gives the writer the worked line ("2 × £18 + £8.50 = £44.50") to state and cite. After the draft, code writes the
working beside a result the writer states alone (``show_working``) and cites an uncited sentence stating it to the
passages of its figures (``cite_working``); the audit then reads the working like any arithmetic an answer shows,
and accepts the result only when it follows from cited figures.

The calculation prompt shares the writer prompt's prefix (system message, evidence, question), so llama.cpp's cache
holds the evidence once for both calls.
"""

from __future__ import annotations

import ast
import re
import time
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from pydantic import BaseModel, Field

from masis_desktop.core import text as tx
from masis_desktop.core.events import CancelToken
from masis_desktop.core.grounding.arithmetic import asks_computation
from masis_desktop.core.grounding.counts import AGE_AFTER, PERIODS, question_periods, thing_counts
from masis_desktop.core.grounding.evidence import Context
from masis_desktop.core.llm.protocol import LLM
from masis_desktop.errors import CancelledError

CALC_MAX_TOKENS = 48
NONE = "none"
# Figures a calculation may use without a passage stating them: a count of one, a percentage's hundred (only where
# the question or a passage writes a percentage: "3 * 100" for a question about "GPL-3" is no calculation), and, for
# a question asking for a period ("each quarter", "a year"), how many of a rate's periods it holds (``PERIODS``).
HUNDRED = 100.0
CONSTANTS = frozenset({1.0, HUNDRED})
_NUMERAL = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|per\s*cent|percent)", re.IGNORECASE)

# No worked example: the model copied one ("2 * 18 + 8.50") when it could not compose a calculation, and any
# concrete example is some document's answer.
CALC_TASK = ("Do not answer yet. Does answering the question need arithmetic on figures in the passages (a total, "
             "a number of items times a price, a price less a discount)? If it does, write the calculation with the "
             "passages' figures, using only numbers, + - * / and brackets. If the answer is a figure the passages "
             "already state, write none.")


class CalculationRequest(BaseModel):
    """What the grammar lets the model write: an arithmetic expression over plain numbers, or ``none``."""

    calculation: str = Field(pattern=r"^(none|[-+*/(). 0-9]{1,80})$")


@dataclass(frozen=True)
class Working:
    """A checked calculation: the expression as the model wrote it, the figures written as the evidence writes them,
    and the result formatted like them."""

    expression: str
    shown: str  # "2 × £18 + £8.50"
    result: str  # "£44.50"
    figures: tuple[float, ...] = ()  # the figures it uses that the evidence states (18, 8.5), not the question's

    @property
    def line(self) -> str:
        return f"{self.shown} = {self.result}"


def wanted(question: str) -> bool:
    """Whether a question may need arithmetic: it speaks of a total, a change or a difference, gives counts or
    quantities other than one ("two pens", "for 12 people", "2 kilos", "a 6-hour event"; a year or an age is no
    count) or a sum of money. A question asking for an amount alone ("what's the daily fee?", "how many weeks of
    leave?") is a lookup: asked there, the model wrote a calculation code then discarded (a few seconds a question)
    or one that made the answer wrong. A yes/no question is answered with the passage's words, never a sum. The
    model decides the rest (it may write none); this only spares the call."""
    if tx.is_polar(question):
        return False
    counts = {c for c in thing_counts(question) if not 1000 <= c <= 2999} - {1.0}
    sums = any(q.kind == "currency" for q in tx.quantities(question))  # "my quote is £1,200: what deposit?"
    return bool(asks_computation(question) or counts or sums)


def calculation_messages(question: str, context: Context) -> list[dict[str, str]]:
    """The writer prompt's prefix (its system message, the evidence, the question), then the calculation task."""
    from masis_desktop.core.pipeline import prompts

    user = f"Evidence passages:\n{context.block()}\n\nQuestion: {question.strip()}\n{CALC_TASK}"
    return [{"role": "system", "content": prompts.SYNTH_SYSTEM}, {"role": "user", "content": user}]


def _value(text: str) -> float:
    return float(text.replace(",", ""))


def _figures_in(text: str) -> set[float]:
    """Every figure a text writes: its numerals as written and its quantities' values (60p as 0.6)."""
    return {_value(m.group(0)) for m in _NUMERAL.finditer(text)} | {q.value for q in tx.quantities(text)}


def allowed_figures(question: str, passages: list[str]) -> tuple[set[float], dict[float, str]]:
    """The figures a calculation may use, and the money prefix ("£", "GBP ") of those the evidence writes as money.

    A passage's percentage may also enter as its factor (10 % as 0.1, 0.9 or 1.1) or over a hundred: that is how a
    discount is written as arithmetic."""
    asked = question_periods(question)
    allowed: set[float] = set(CONSTANTS - {HUNDRED}) | {n for (period, _), n in PERIODS.items() if period in asked}
    money: dict[float, str] = {}
    for text in [question, *passages]:
        # a question's age is no figure to compute with ("two adults and a 16-year-old": not 5 × 16)
        allowed |= {_value(m.group(0)) for m in _NUMERAL.finditer(text)
                    if text is not question or not AGE_AFTER.match(text, m.end())}
        for q in tx.quantities(text):
            if text is question and AGE_AFTER.match(text, q.end):
                continue
            allowed.add(q.value)
            if q.kind == "currency":
                digit = re.search(r"\d", q.text)
                prefix = q.text[: digit.start()] if digit else ""
                if prefix.strip():
                    money.setdefault(q.value, prefix)
        for m in _PERCENT.finditer(text):
            share = float(m.group(1)) / 100
            allowed |= {share, round(1 - share, 6), round(1 + share, 6), HUNDRED}
    allowed |= {float(v) for w, v in tx.NUMBER_WORDS.items() if w in tx.words(question.lower())}
    return allowed, money


class _Unsafe(ValueError):
    pass


def _evaluate(node: ast.AST) -> Decimal:
    """Exact decimal arithmetic over the four operations; anything else is refused."""
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float) and not isinstance(node.value, bool):
        return Decimal(str(node.value))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_evaluate(node.operand)
    if isinstance(node, ast.BinOp):
        left, right = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Div) and right != 0:
            return left / right
    raise _Unsafe(ast.dump(node)[:80])


def _figure(value: Decimal, prefix: str) -> str:
    """A result written like money in the evidence: pence only when there are any, thousands separated."""
    cents = value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    whole = cents == cents.to_integral_value()
    number = f"{cents:,.0f}" if whole else f"{cents:,.2f}"
    return f"{prefix}{number}" if prefix else number


def check(expression: str, question: str, passages: list[str]) -> Working | None:
    """The calculation as a ``Working`` when it computes something from allowed figures, else ``None``: no operator
    (a figure copied is no calculation), a figure neither the evidence nor the question states, a trivial step
    (times one), or no figure of the evidence at all."""
    expression = " ".join(expression.split())
    if not expression or expression.lower() == NONE:
        return None
    try:
        tree = ast.parse(expression, mode="eval")
        result = _evaluate(tree)
    except (SyntaxError, _Unsafe, InvalidOperation, ZeroDivisionError, ValueError):
        return None
    numbers = [n for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    operations = [n for n in ast.walk(tree) if isinstance(n, ast.BinOp)]
    if not operations or len(numbers) < 2:
        return None
    allowed, money = allowed_figures(question, passages)
    values = [float(n.value) for n in numbers if isinstance(n.value, int | float)]
    if any(not any(abs(v - a) <= 1e-9 * max(1.0, abs(a)) for a in allowed) for v in values):
        return None
    stated = set().union(*(_figures_in(p) for p in passages))
    if not any(v in stated for v in values):
        return None
    # arithmetic nobody asked for: the question neither gives a figure it uses nor speaks of a total or a change
    # (the 1.5B multiplies figures of a price list for "How much does a key cost?")
    given, _ = allowed_figures(question, [])
    if not asks_computation(question) and not any(v in given - CONSTANTS for v in values):
        return None
    if any(isinstance(op.op, ast.Mult | ast.Div) and any(
            isinstance(side, ast.Constant) and side.value == 1 for side in (op.left, op.right)) for op in operations):
        return None
    # a count the question gives ("two pens") is written bare even where a passage has a price of that value
    counts = {float(v) for w, v in tx.NUMBER_WORDS.items() if w in tx.words(question.lower())} | {
        q.value for q in tx.quantities(question) if q.kind != "currency"}
    money = {v: p for v, p in money.items() if v not in counts}
    prefix = next((money[v] for v in values if v in money), "")
    shown = _shown(expression, money)
    figures = tuple(dict.fromkeys(v for v in values if v in stated and v not in counts and v not in CONSTANTS))
    return Working(expression, shown, _figure(result, prefix), figures)


def _shown(expression: str, money: dict[float, str]) -> str:
    """The expression as a reader writes it: × and ÷ for * and /, money figures with their currency."""
    def figure(m: re.Match[str]) -> str:
        number = m.group(0)
        whole, _, cents = number.partition(".")
        prefix = money.get(_value(m.group(0)), "")
        if prefix and len(cents) == 1:  # 8.5 as money is written 8.50
            cents += "0"
        if len(whole) > 3 or cents != number.partition(".")[2]:  # 1295 as the evidence writes it: 1,295
            number = f"{int(whole):,}" + (f".{cents}" if cents else "")
        return f"{prefix}{number}"

    text = re.sub(r"\d+(?:\.\d+)?", figure, expression)
    text = re.sub(r"\s*\*\s*", " × ", text)
    text = re.sub(r"\s*/\s*", " ÷ ", text)
    text = re.sub(r"\s*([+-])\s*", r" \1 ", text)
    return " ".join(text.split())


def calculate(question: str, context: Context, llm: LLM, *, cancel: CancelToken | None = None
              ) -> tuple[Working | None, dict[str, Any]]:
    """Ask for the question's calculation and check it; the trace entry says what was asked, written and kept."""
    start = time.perf_counter()
    written, error = "", None
    try:
        got = llm.structured(calculation_messages(question, context), CalculationRequest,
                             max_tokens=CALC_MAX_TOKENS, max_retries=1, cancel=cancel)
        written = str(got.calculation)
    except CancelledError:
        raise
    except Exception as exc:  # no valid calculation: the writer goes on without one, and the trace says why
        error = f"{type(exc).__name__}: {exc}"[:300]
    working = check(written, question, [context.passages[i] for i in context.ids]) if written else None
    entry: dict[str, Any] = {
        "calculation_written": written[:120],
        "calculation": working.line if working else None,
        "calculation_error": error,
        "calculation_ms": round((time.perf_counter() - start) * 1000, 1),
    }
    return working, entry


def _states(sentence: str, results: list[tx.Quantity]) -> tx.Quantity | None:
    """The sentence's first figure that is the calculator's result, if any."""
    return next((q for q in tx.quantities(sentence) if any(tx.same_quantity(q, r) for r in results)), None)


_WORKING_WRITTEN = re.compile(r"\d\s*[×x*÷/+=−-]\s*[£$€]?\s?\d")


def show_working(text: str, working: Working | None) -> tuple[str, int]:
    """The draft with the calculator's working written after each figure it states as its result, counted.

    A writer given "£295 + 3 × £65 = £490" often writes only "would charge £490 [c559]"; the audit then finds a
    figure no passage states and refuses a right answer, and a reader cannot see where the figure came from. The
    working goes in brackets after the figure ("£490 (£295 + 3 × £65)"), only in a sentence that writes no working
    of its own; the audit then checks that working against the cited passages like any arithmetic an answer shows.
    Nothing else changes; a figure that is not the calculator's result is left to the audit."""
    if working is None:
        return text, 0
    results = tx.quantities(working.result)
    if not results:
        return text, 0
    edits: list[int] = []
    for span in tx.split_sentences(text):
        if _WORKING_WRITTEN.search(span.text):
            continue
        found = _states(span.text, results)
        if found is not None:
            edits.append(span.start + found.end)
    for at in reversed(edits):
        text = f"{text[:at]} ({working.shown}){text[at:]}"
    return text, len(edits)


def _holders(working: Working, passages: dict[str, str]) -> list[str]:
    """The passage ids whose text states the working's evidence figures, the first holder of each, in order; none
    when a figure is in no passage shown."""
    held = {cid: _figures_in(text) for cid, text in passages.items()}
    ids: list[str] = []
    for value in working.figures:
        holder = next((cid for cid, figures in held.items() if value in figures), None)
        if holder is None:
            return []
        ids.append(holder)
    return list(dict.fromkeys(ids))


def cite_working(text: str, working: Working | None, passages: dict[str, str]) -> tuple[str, int]:
    """Each uncited sentence that states the calculator's result cited to the passages its figures come from, counted.

    The writer often closes with "... 2 × £12.40 + £5.50 = £30.30." and no bracket: the audit refuses an uncited
    sentence, though every figure of it is a passage's and the arithmetic is code's. Those passages are what the
    prompt asked the writer to cite; a sentence already citing anything is left to the audit."""
    if working is None or not working.figures:
        return text, 0
    results = tx.quantities(working.result)
    ids = _holders(working, passages)
    if not results or not ids:
        return text, 0
    marks = " ".join(f"[{cid}]" for cid in ids)
    edits: list[int] = []
    for span in tx.split_sentences(text):
        if tx.find_citations(span.text):
            continue
        if _states(span.text, results) is not None:
            edits.append(span.start + len(span.text.rstrip().rstrip(".!?")))
    for at in reversed(edits):
        text = f"{text[:at]} {marks}{text[at:]}"
    return text, len(edits)
