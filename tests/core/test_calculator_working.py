"""The calculator: the model writes the arithmetic, code checks every figure against the evidence and evaluates it."""

from __future__ import annotations

import re

from masis_desktop.core.events import StageStarted
from masis_desktop.core.grounding.evidence import build_context
from masis_desktop.core.llm.doubles import ScriptedLLM
from masis_desktop.core.pipeline import prompts
from masis_desktop.core.pipeline.calculator import (
    CALC_TASK,
    CalculationRequest,
    Working,
    calculate,
    check,
    cite_working,
    show_working,
    wanted,
)
from masis_desktop.settings import PipelineSettings, Settings
from tests.core.pipeline_support import FixedRetriever, Scripted, audit, check_pair, hit, refusals, run, score

PRICES = "Nib tuning costs £18 per pen. Insured return delivery is £8.50 per parcel. Members get 10% off."
QUESTION = "I am posting two pens in one parcel for nib tuning, with insured return. What is the total cost?"


def test_a_sum_of_the_evidence_figures_is_evaluated_and_written_like_the_evidence() -> None:
    def line(written: str, question: str, passage: str) -> str | None:
        working = check(written, question, [passage])
        return working.line if working else None

    assert line("2 * 18 + 8.50", QUESTION, PRICES) == "2 × £18 + £8.50 = £44.50"  # the count stays bare
    assert line("(2*18 + 8.5) * 0.9", QUESTION, PRICES) == "(2 × £18 + £8.50) × 0.9 = £40.05"
    kit = "The kit is £1,295 and a lamp is £75."
    assert line("1295 + 75", "How much for both together?", kit) == "£1,295 + £75 = £1,370"


def test_a_figure_neither_the_evidence_nor_the_question_states_voids_the_calculation() -> None:
    assert check("3 * 18 + 8.50", QUESTION, [PRICES]) is None  # three pens: the question says two
    assert check("2 * 19", QUESTION, [PRICES]) is None
    assert check("2 * 2", QUESTION, [PRICES]) is None  # no figure of the evidence at all
    assert check("3 * 135", "What would I pay each quarter?", ["A bay is £135 a month."]).result == "£405"  # type: ignore[union-attr]
    assert check("3 * 135", "What would I pay for it?", ["A bay is £135 a month."]) is None
    tickets = ["Adults £10, under-18s £5."]
    assert check("5 * 16", "What do two adults and a 16-year-old pay altogether?", tickets) is None  # an age
    assert check("2 * 10 + 5", "What do two adults and a 16-year-old pay altogether?", tickets) is not None


def test_arithmetic_the_question_does_not_ask_for_is_no_calculation() -> None:
    price_list = "Cutting a safe key costs £28. Keys are cut while you wait; a duplicate fob is £12."
    assert check("28 * 12", "How much does it cost to cut a key for a safe?", [price_list]) is None
    assert check("28 + 12", "What do a safe key and a fob cost together?", [price_list]) is not None
    assert check("2 * 28", "What would two safe keys cost?", [price_list]) is not None


def test_a_copied_figure_a_trivial_step_or_none_is_no_calculation() -> None:
    for written in ("18", "none", "18 * 1", "", "2 *", "2 ** 18", "__import__('os')"):
        assert check(written, QUESTION, [PRICES]) is None, written


def test_the_calculator_is_asked_only_for_questions_giving_figures_or_asking_for_a_total_or_change() -> None:
    assert wanted(QUESTION)
    assert wanted("By how much did the order backlog grow?")
    assert wanted("How much would 2 kilos of red lentils cost?")  # a quantity to multiply
    assert wanted("What would it cost to hire the helter skelter for a 6-hour event?")
    assert wanted("My quote is £1,200. How much is the deposit?")  # a sum of money to take a share of
    assert wanted("What do two adults and one child pay?")
    # an amount alone is a lookup: the model only wrote calculations code discarded, or a wrong one
    assert not wanted("What's the daily fee for a corner spot?")
    assert not wanted("How many weeks of fully paid leave do non-birthing parents get?")
    assert not wanted("What did it cost per night to board one cat?")  # a count of one multiplies nothing
    assert not wanted("How much would an NHS nurse pay for membership?")
    assert not wanted("Who is the head chef at Ember & Oak?")
    assert not wanted("Is there a minimum height for the Explorer course?")  # yes/no: the passage's words
    assert not wanted("Which band was formed in 1994?")  # a year is no count


def _context():  # type: ignore[no-untyped-def]
    return build_context(QUESTION, [hit("c1", PRICES)], budget_tokens=400, count_tokens=lambda t: len(t) // 4)


def test_the_calculation_prompt_shares_the_writer_prompts_prefix() -> None:
    context = _context()
    llm = ScriptedLLM().enqueue({"calculation": "2 * 18 + 8.50"})
    working, entry = calculate(QUESTION, context, llm)
    assert working is not None and entry["calculation"] == "2 × £18 + £8.50 = £44.50"
    asked = llm.calls[0].messages
    writer = prompts.synthesizer_messages(QUESTION, context, working=working.line)
    assert asked[0] == writer[0]
    shared = writer[1]["content"].split(prompts.working_instruction(working.line))[0]
    assert asked[1]["content"].startswith(shared) and shared.endswith(f"Question: {QUESTION}\n")


def test_the_grammar_admits_only_arithmetic_or_none() -> None:
    pattern = CalculationRequest.model_json_schema()["properties"]["calculation"]["pattern"]
    assert all(re.fullmatch(pattern, ok) for ok in ("none", "2 * 18 + 8.50", "(85 - 10) / 2"))
    assert not any(re.fullmatch(pattern, bad) for bad in ("__import__('os')", "18 pounds", ""))


def test_an_unusable_calculation_leaves_the_writer_prompt_as_it_was() -> None:
    context = _context()
    llm = ScriptedLLM().enqueue({"calculation": "7 * 7"}, ValueError("grammar failed"))
    assert calculate(QUESTION, context, llm)[0] is None
    working, entry = calculate(QUESTION, context, llm)
    assert working is None and entry["calculation_error"].startswith("ValueError")
    assert prompts.working_instruction(None) == ""


def test_the_writer_gets_the_working_once_per_evidence_and_the_trace_keeps_it() -> None:
    s = Scripted()
    s.synth.enqueue({"calculation": "2 * 18 + 8.50"}, "The total is £45 [c1].",
                    "Two tunings at £18 plus £8.50 delivery: 2 × £18 + £8.50 = £44.50 [c1].")
    s.judge.enqueue(audit(0.3, needs_retry=True), score(0.3, 0.3, 0.3, 0.3), audit(0.9), score())
    settings = Settings(pipeline=PipelineSettings(calculator=True))
    r = run(QUESTION, FixedRetriever([hit("c1", PRICES)]), s, max_retries=1, settings=settings)
    writes = [c for c in s.synth.calls if c.kind == "stream"]
    assert [c.kind for c in s.synth.calls].count("structured") == 1  # the retry over the same evidence reuses it
    assert all("2 × £18 + £8.50 = £44.50" in c.messages[1]["content"] for c in writes)
    entries = r.entries("synthesizer")
    assert entries[0]["calculator"]["calculation"] == "2 × £18 + £8.50 = £44.50"
    # the user is told why the first token is late, once: the retry asks for no calculation
    writing = [e.message for e in r.events if isinstance(e, StageStarted) and e.stage == "writing"]
    assert writing == ["working out the calculation the question needs", "writing the answer",
                       "writing a revised draft"]


def test_a_result_stated_alone_gets_the_working_beside_it() -> None:
    working = Working("295 + 3 * 65", "£295 + 3 × £65", "£490")
    draft = "The package with three bridesmaids is £490 [c5]. Each bridesmaid is £65 [c5]."
    assert show_working(draft, working) == (
        "The package with three bridesmaids is £490 (£295 + 3 × £65) [c5]. Each bridesmaid is £65 [c5].", 1)
    shown = "It is £295 + 3 × £65 = £490 [c5]."
    assert show_working(shown, working) == (shown, 0)  # the writer wrote the working itself
    assert show_working("It is £395 [c5].", working) == ("It is £395 [c5].", 0)  # not the result: left to the audit
    assert show_working(draft, None) == (draft, 0)


def test_an_uncited_sentence_stating_the_result_cites_the_passages_of_its_figures() -> None:
    passages = {"c3": "Large cod and chips £12.40.", "c4": "A children's meal is £5.50.", "c9": "Parking is free."}
    question = "What would two large cod and chips and one children's meal cost?"
    working = check("2 * 12.40 + 5.50", question, list(passages.values()))
    assert working is not None and working.figures == (5.5, 12.4)
    draft = "Large cod and chips is £12.40 [c3]. In all: 2 × £12.40 + £5.50 = £30.30."
    assert cite_working(draft, working, passages) == (
        "Large cod and chips is £12.40 [c3]. In all: 2 × £12.40 + £5.50 = £30.30 [c4] [c3].", 1)
    cited = "In all it is £30.30 [c9]."
    assert cite_working(cited, working, passages) == (cited, 0)  # a sentence citing anything is the audit's
    assert cite_working("It is £31 in all.", working, passages) == ("It is £31 in all.", 0)  # not the result
    assert cite_working(draft, working, {"c9": "Parking is free."}) == (draft, 0)  # figures in no passage shown


def test_the_questions_count_written_in_a_working_is_the_users_figure() -> None:
    """The writer states the calculator's working: "2 × £12.40 + £5.50 = £30.30" for "two large cod and chips".
    No passage states the 2; the user did, so it is no invented figure. A wrong price or a wrong sum in the same
    working is still refused, and so is a count the question never gave."""
    menu = "Marlow's Fish Bar – Prices. Large cod and chips £12.40. Children's meal £5.50. Tartare sauce 60p."
    question = "How much would two large cod and chips and one children's meal cost at Marlow's?"
    check_pair(menu, question, "Two large cod and chips and a children's meal cost 2 × £12.40 + £5.50 = £30.30 [c1].",
               "Two large cod and chips and a children's meal cost 2 × £13.40 + £5.50 = £32.30 [c1].")
    assert refusals("They cost 2 × £12.40 + £5.50 = £31.30 [c1].", [menu], question)
    tiles = "Keystone Tiles – Floor tiles. The grey porcelain floor tile is £32 per square metre."
    assert refusals("12 square metres of the grey porcelain tile cost £384 (£32 × 12) [c1].", [tiles],
                    "What would 12 square metres of the grey porcelain floor tile cost at Keystone Tiles?") == []
    stated_alone = "The calculation of £32 × 12 equals £384, which is the final answer [c1]."
    assert refusals(stated_alone, [tiles], "What would 12 square metres of the grey porcelain tile cost?") == []
    assert refusals(stated_alone, [tiles], "What would the grey porcelain tile cost for my kitchen?")


def test_the_calculation_task_shows_no_figure_the_model_could_copy() -> None:
    """A worked example in the task was written verbatim by the model when it could not compose a calculation; any
    example's figures are some document's answer."""
    assert not re.search(r"\d", CALC_TASK)


def test_a_hundred_enters_a_calculation_only_beside_a_percentage() -> None:
    licence = "The offer must remain valid for at least three years."
    assert check("3 * 100", "What may I charge for the source of a GPL-3 product?", [licence]) is None
    commission = "Commission is 15% of the sale price, plus a £3 listing fee."
    working = check("40 * 15 / 100 + 3", "I sell a £40 print. What do I pay in total?", [commission])
    assert working is not None and working.result == "£9"
