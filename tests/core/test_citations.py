"""The deterministic code audit: seed 000's citation engine numbers, and the checks beyond it."""

from __future__ import annotations

import pytest

from masis_desktop.core import text as tx
from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.schemas import IssueType
from tests.core.pipeline_support import hit

EVIDENCE = [
    hit("c1", "Free tier: 10MB limit", document="a.md"),
    hit("c2", "Pro tier: 100MB limit", document="b.md"),
    hit("c3", "Timeout: 60 seconds", document="c.md"),
    hit("c4", "The Oslo office opened in March 2018 and now hosts 64 engineers.", document="memo.md"),
]


def test_valid_cited_sentence_is_clean() -> None:
    a = audit_answer("The timeout is 60 seconds [c3].", EVIDENCE)
    assert a.audit.penalty_factor == 1.0
    assert not a.audit.hallucination_detected and not a.audit.needs_retry
    assert a.audit.invalid_citations == [] and a.audit.uncited_claim_count == 0
    claim = a.audit.claims[0]
    assert claim.supported and claim.verdict == "supported" and claim.citations == ["c3"]
    assert claim.support_span is not None and claim.support_span.chunk_id == "c3"
    assert (claim.support_span.char_start, claim.support_span.char_end) == (0, len("Timeout: 60 seconds"))
    assert a.citation_accuracy == 1.0 and a.hallucination_score == 0.0 and a.factual_consistency == 1.0


def test_invalid_id_forces_hallucination_retry_and_halves() -> None:
    a = audit_answer("The Oslo office opened in March 2018 [c4]. It hosts 64 engineers [c99].", EVIDENCE)
    assert a.audit.invalid_citations == ["c99"]
    assert a.audit.hallucination_detected and a.audit.needs_retry
    assert a.audit.penalty_factor == pytest.approx(0.5)
    assert a.issues[0].issue_type is IssueType.HALLUCINATION and a.issues[0].severity == 1.0
    assert a.issues[0].citation_id == "c99"


def test_every_occurrence_of_an_invalid_id_is_listed_but_penalised_once() -> None:
    a = audit_answer("Opened in 2018 [c4][c98]. Hosts 64 engineers [c98, c97].", EVIDENCE)
    assert a.audit.invalid_citations == ["c98", "c98", "c97"]
    assert a.audit.penalty_factor == pytest.approx(0.5)


@pytest.mark.parametrize(("uncited", "factor", "retry"), [
    (1, 0.97, False), (3, 0.91, False), (4, 0.88, False), (5, 0.85, True), (10, 0.70, True), (13, 0.61, True),
    (14, 0.60, True), (20, 0.60, True),
])
def test_uncited_sentences_cost_three_percent_each_capped_at_forty(uncited: int, factor: float,
                                                                   retry: bool) -> None:
    sentences = ["The Oslo office opened in March 2018 [c4]."] + ["The office is in Oslo."] * uncited
    a = audit_answer(" ".join(sentences), EVIDENCE)
    assert a.audit.uncited_claim_count == uncited
    assert a.audit.penalty_factor == pytest.approx(factor)
    assert a.audit.needs_retry is retry
    assert not a.audit.hallucination_detected


@pytest.mark.parametrize("hedge", [
    "The evidence provides insufficient evidence on margins.",
    "The remote policy is not provided here.",
    "I cannot provide the 2028 figures.",
    "I lack sufficient evidence in your documents to answer this.",
    "The evidence partially covers this question.",
])
def test_seed_hedge_phrases_are_not_uncited_claims(hedge: str) -> None:
    a = audit_answer(f"The Oslo office opened in March 2018 [c4]. {hedge}", EVIDENCE)
    assert a.audit.uncited_claim_count == 0
    assert a.audit.penalty_factor == 1.0
    assert a.audit.claims[1].verdict == "hedge"


def test_answer_that_only_abstains() -> None:
    a = audit_answer("I lack sufficient evidence in your documents to answer this.", EVIDENCE)
    assert a.abstained and not a.audit.needs_retry and a.audit.penalty_factor == 1.0


def test_empty_answer_forces_retry() -> None:
    a = audit_answer("", EVIDENCE)
    assert a.audit.needs_retry and not a.abstained


def test_citation_formats() -> None:
    assert tx.citation_ids("a [c1, c2] b [c3][c4] c [c5; c6] [c7-c9]") == [f"c{i}" for i in range(1, 10)]
    assert tx.citation_ids("see [sic] and [link](http://x) but [chunk_99] and [Source 2] and [7]") == [
        "chunk_99", "Source 2", "7"]
    assert tx.strip_citations("Grew 12% [c1, c2].") == "Grew 12%."


def test_sentences_keep_decimals_abbreviations_and_late_citations() -> None:
    spans = tx.split_sentences("Revenue was NOK 214.6 million [c3]. Dr. Lindqvist leads it. [c5] Next one [c1].")
    assert [s.text for s in spans] == ["Revenue was NOK 214.6 million [c3].", "Dr. Lindqvist leads it. [c5]",
                                       "Next one [c1]."]
    text = "Revenue was NOK 214.6 million [c3]. Dr. Lindqvist leads it. [c5] Next one [c1]."
    assert all(text[s.start:s.end] == s.text for s in spans)


def test_wrapped_pdf_lines_are_not_sentence_ends() -> None:
    text = ("Highlights \nRevenue for the third quarter of 2026 was NOK 214.6 million, up 18 percent from NOK 181.9 "
            "million \nin the third quarter of 2025. EBITDA was NOK 31.2 million.\nSeaScan drones 148.2 119.5 +24%")
    assert [s.text.replace("\n", " ") for s in tx.split_sentences(text)] == [
        "Highlights", "Revenue for the third quarter of 2026 was NOK 214.6 million, up 18 percent from NOK 181.9 "
        "million  in the third quarter of 2025.", "EBITDA was NOK 31.2 million.", "SeaScan drones 148.2 119.5 +24%"]


# --- beyond the seed: facts must be in the cited chunk ------------------------------------------------------------

def test_number_normalisation() -> None:
    q = {x.label for x in tx.quantities("10MB, 10 MB, 10 megabytes, 60 seconds, 1,050 units, 41 percent, "
                                         "NOK 4.2 million, three days")}
    assert q == {"10 mb", "60 s", "1050", "41 %", "4200000 nok", "3 day"}
    a, b = tx.quantities("1 minute")[0], tx.quantities("60 seconds")[0]
    assert tx.same_quantity(a, b)


@pytest.mark.parametrize("answer", [
    "The free tier allows 10 MB [c1].", "The free tier allows 10 megabytes [c1].", "The timeout is 60 s [c3].",
    "The timeout is one minute [c3].", "The Oslo office opened in march 2018 [c4].",
    "The Oslo office hosts sixty-four engineers [c4].",
])
def test_normalised_facts_are_found(answer: str) -> None:
    a = audit_answer(answer, EVIDENCE)
    assert a.audit.claims[0].supported, a.audit.claims[0].note
    assert a.audit.penalty_factor == 1.0


def test_wrong_value_in_cited_chunk_is_a_factual_error() -> None:
    a = audit_answer("The timeout is 30 seconds [c3].", EVIDENCE)
    claim = a.audit.claims[0]
    assert not claim.supported and claim.verdict == "factual_error" and claim.unsupported_tokens == ["30 seconds"]
    assert a.audit.hallucination_detected and a.audit.needs_retry
    assert a.audit.penalty_factor == pytest.approx(0.75)
    assert a.issues[0].issue_type is IssueType.FACTUAL_ERROR and "60 seconds" in a.issues[0].description
    assert a.factual_consistency == pytest.approx(0.8)
    assert a.citation_accuracy == 0.0


def test_name_absent_from_all_evidence_is_a_hallucination() -> None:
    a = audit_answer("The Bergen office opened in March 2018 [c4].", EVIDENCE)
    assert a.audit.claims[0].unsupported_tokens == ["Bergen"]
    assert a.issues[0].issue_type is IssueType.HALLUCINATION
    assert a.audit.hallucination_detected and a.audit.penalty_factor == pytest.approx(0.75)
    # the user's own name for the subject, which no passage repeats, is not invented by the answer
    minutes = [hit("c1", "Product steering committee, 14 May 2024. Offline mode (release 4.1) has a target release "
                         "date of 30 July 2024.")]
    q = "What is the target release date for Orchid's offline mode?"
    assert audit_answer("The offline mode of Orchid is due on 30 July 2024 [c1].", minutes, question=q).issues == []
    assert audit_answer("The offline mode of Orchid is due on 30 July 2024 [c1].", minutes).audit.hallucination_detected
    assert audit_answer("The offline mode of Orchid is due on 30 July 2024 at Nordhavn [c1].", minutes,
                        question=q).issues[0].issue_type is IssueType.HALLUCINATION


def test_fact_from_another_chunk_is_an_incorrect_citation() -> None:
    a = audit_answer("The timeout is 60 seconds [c4].", EVIDENCE)
    assert a.issues[0].issue_type is IssueType.INCORRECT_CITATION and "[c3]" in a.issues[0].description
    assert a.audit.needs_retry and not a.audit.hallucination_detected
    assert a.audit.penalty_factor == pytest.approx(0.75)


def test_one_factor_per_sentence_and_product_over_sentences() -> None:
    a = audit_answer("The timeout is 30 seconds [c3]. The Bergen office opened in 2018 [c4].", EVIDENCE)
    assert a.audit.penalty_factor == pytest.approx(0.75 * 0.75)
    assert a.audit.unsupported_claim_count == 2


def test_fabricated_number_in_uncited_sentence_is_a_hallucination_too() -> None:
    a = audit_answer("The Oslo office opened in March 2018 [c4]. It has 90 engineers.", EVIDENCE)
    assert a.audit.uncited_claim_count == 1 and a.audit.hallucination_detected
    assert a.audit.penalty_factor == pytest.approx(0.75 * 0.97)


def test_universal_value_over_per_case_values_is_incomplete() -> None:
    a = audit_answer("The maximum file upload size is 100MB [c2].", EVIDENCE)
    kinds = [i.issue_type for i in a.issues]
    assert kinds == [IssueType.INCOMPLETE]
    assert "Free tier: 10MB" in a.issues[0].description and "Pro tier: 100MB" in a.issues[0].description
    assert a.audit.needs_retry and a.audit.penalty_factor == pytest.approx(0.8)
    ok = audit_answer("Free tier users can upload 10MB [c1] and Pro tier users 100MB [c2].", EVIDENCE)
    assert ok.issues == [] and ok.audit.penalty_factor == 1.0


def test_documents_that_disagree_are_a_contradiction_unless_both_are_reported() -> None:
    ev = [hit("c5", "Starting 1 January 2027, all staff may work remotely up to three days per week.",
              document="memo.md"),
          hit("c6", "Employees may work remotely up to two days per week, agreed with their manager.",
              document="policy.docx")]
    one_side = audit_answer("Staff may work remotely up to three days per week [c5].", ev)
    assert [i.issue_type for i in one_side.issues] == [IssueType.CONTRADICTION]
    assert one_side.conflicts and "[c6]" in one_side.conflicts[0]
    assert one_side.audit.needs_retry and one_side.audit.penalty_factor == pytest.approx(0.9)
    both = audit_answer("The memo allows three days per week [c5], but the policy allows two days [c6].", ev)
    assert both.issues == [] and both.conflicts == []


def test_low_support_and_better_chunk_elsewhere() -> None:
    ev = [*EVIDENCE, hit("c5", "Customer inspection data must never be stored on personal devices.")]
    a = audit_answer("Inspection data must never be stored on personal devices [c1].", ev)
    assert a.issues[0].issue_type is IssueType.INCORRECT_CITATION and "[c5]" in a.issues[0].description
    assert a.audit.penalty_factor == pytest.approx(0.9) and not a.audit.needs_retry


def test_embedder_blends_into_support(embedder) -> None:  # type: ignore[no-untyped-def]
    lexical = audit_answer("The Oslo office opened in March 2018 [c4].", EVIDENCE)
    blended = audit_answer("The Oslo office opened in March 2018 [c4].", EVIDENCE, embedder=embedder)
    assert blended.audit.claims[0].support_span == lexical.audit.claims[0].support_span or \
        blended.audit.claims[0].support_span is not None
    assert 0.5 < blended.audit.claims[0].support_score <= 1.0
    assert blended.audit.claims[0].support_score != lexical.audit.claims[0].support_score


def test_computed_values_are_supported_by_their_arithmetic() -> None:
    ev = [hit("c1", "The order backlog at 31 December 2023 stood at NOK 5.1 billion.", document="ar2023"),
          hit("c2", "The order backlog at year end 2022 was NOK 3.8 billion.", document="ar2022")]
    ok = audit_answer("The backlog grew by NOK 1.3 billion [c1][c2].", ev)
    assert ok.audit.penalty_factor == 1.0 and ok.issues == []
    pct = audit_answer("Revenue rose 14 percent [c3].", [hit("c3", "Revenue was NOK 3.42 billion (2022: NOK 3.00 "
                                                                  "billion).")])
    assert pct.issues == []
    wrong = audit_answer("The backlog grew by NOK 1.1 billion [c1][c2].", ev)
    assert wrong.issues[0].issue_type is IssueType.FACTUAL_ERROR and wrong.audit.hallucination_detected


def test_chunks_about_different_cases_are_not_a_conflict_when_the_question_names_the_case() -> None:
    ev = [hit("c1", "Ledgerly Growth plan (EUR 24 per user). Customer data is retained for 180 days after "
                    "cancellation.", document="growth"),
          hit("c2", "Ledgerly Starter plan (EUR 9 per user). Customer data is retained for 90 days after "
                    "cancellation.", document="starter")]
    named = audit_answer("Data is retained for 90 days after cancellation [c2].", ev,
                         question="How long is data kept after cancellation on the Starter plan?")
    assert named.issues == []
    unnamed = audit_answer("Data is retained for 90 days after cancellation [c2].", ev,
                           question="How long is data kept after cancellation?")
    assert [i.issue_type for i in unnamed.issues] == [IssueType.CONTRADICTION]


def test_a_chunk_without_the_case_the_question_names_is_not_a_conflict() -> None:
    ev = [hit("c1", "Brightwater card fees from 1 July 2024. Gold credit card: annual fee EUR 95.", document="gold"),
          hit("c2", "Brightwater card fees from 1 July 2024. Platinum credit card: annual fee EUR 240.",
              document="platinum"),
          hit("c3", "Quillon support policy v5.1. Severity 1: updates every 4 hours.", document="v51"),
          hit("c4", "Quillon support policy v5.2. Severity 1: updates every 2 hours.", document="v52")]
    assert audit_answer("The annual fee is EUR 95 [c1].", ev,
                        question="What is the annual fee for the Brightwater Gold credit card?").issues == []
    assert audit_answer("Updates every 2 hours [c4].", ev,
                        question="Under Quillon policy v5.2, how often are Severity 1 updates given?").issues == []
    # two chunks that both write the named case and disagree are still a conflict
    both = [*ev[:1], hit("c5", "Brightwater card fees from 1 July 2024. Gold credit card: annual fee EUR 90.",
                           document="draft-gold")]
    assert [i.issue_type for i in audit_answer(
        "The annual fee is EUR 95 [c1].", both,
        question="What is the annual fee for the Brightwater Gold credit card?").issues] == [IssueType.CONTRADICTION]


def test_the_case_is_read_from_the_chunks_head_dates_and_version_numbers_included() -> None:
    ev = [hit("c5", "Ferry Line. Fares 2024, valid 1 April 2024 to 31 March 2025. Commuter card: valid 60 days.",
              document="fares-a"),
          hit("c6", "Ferry Line. Fares from 1 April 2025. Commuter card: valid 90 days. The 2024 fares lapse.",
              document="fares-b"),
          hit("c9", "Waste Rules v3.0. Garden waste: subscription EUR 72 per year.", document="rules-a"),
          hit("c10", "Waste Rules v3.1. Garden waste: subscription EUR 65 per year.", document="rules-b")]
    assert audit_answer("The card is valid 90 days [c6].", ev,
                        question="How long is the commuter card valid under the fares from 1 April 2025?").issues == []
    assert audit_answer("The card is valid 60 days [c5].", ev,
                        question="How long was the commuter card valid under the 2024 fares?").issues == []
    assert audit_answer("EUR 65 per year [c10].", ev,
                        question="What did garden waste cost under version 3.1 of the rules?").issues == []
    unnamed = audit_answer("EUR 65 per year [c10].", ev, question="What does garden waste cost?")
    assert [i.issue_type for i in unnamed.issues] == [IssueType.CONTRADICTION]
    # a whole version number ("terms version 3") marks a chunk only where it is written as a version
    terms = [hit("c20", "Harbour Removals - Transit Cover, terms version 4 (from 1 January 2025). Excess GBP 150 "
                        "per claim.", document="cover-4"),
             hit("c21", "Harbour Removals - Transit Cover, terms version 3 (1 March 2023 to 31 December 2024). "
                        "Excess GBP 250 per claim.", document="cover-3")]
    q = "What was the excess per claim under Harbour's transit cover terms version 3?"
    assert audit_answer("GBP 250 [c21].", terms, question=q).issues == []
    assert audit_answer("GBP 150 [c20].", terms, question=q).audit.needs_retry
    from masis_desktop.core.grounding.claims import case_markers, case_marks
    assert case_markers(q)[-1] == "3" and case_markers("What changed in release 2024?") == ["2024"]
    assert case_marks("3", "terms version 3 (1 March 2023)") and case_marks("3", "Terms v3")
    assert not case_marks("3", "Harbour Removals: 3 movers, version 3.1") and case_marks("2024", "Fares 2024.")


def test_an_extension_number_is_not_a_sentence_end() -> None:
    assert [s.text for s in tx.split_sentences("Call ext. 214 [c4]. Then wait.")] == ["Call ext. 214 [c4].",
                                                                                       "Then wait."]


def test_off_topic_answers_but_not_short_ones() -> None:
    ev = [hit("c1", "Revenue for the quarter was NOK 214.6 million, up 18 percent from the same quarter of 2025, "
                    "driven by larger fleet orders from offshore wind operators.")]
    long = audit_answer("Revenue for the quarter was NOK 214.6 million, up 18 percent, driven by larger fleet orders "
                        "from offshore wind operators [c1].", ev, question="Who leads the applied AI programme?")
    assert IssueType.INCOMPLETE in [i.issue_type for i in long.issues] and long.audit.needs_retry
    short = audit_answer("NOK 214.6 million [c1].", ev, question="What was quarterly revenue?")
    assert short.issues == []


def test_an_answer_that_only_restates_the_question_is_no_answer() -> None:
    ev = [hit("c1", "Incident INC-2024-021 was discovered by an external researcher through the bug bounty programme.")]
    q = "What bounty was paid to the researcher who reported INC-2024-021?"
    echo = audit_answer("The bounty was paid to the researcher who reported INC-2024-021 [c1].", ev, question=q)
    assert echo.non_answer and echo.audit.needs_retry and echo.audit.penalty_factor == 0.0
    assert [i.issue_type for i in echo.issues] == [IssueType.INCOMPLETE]
    assert "restates the question" in echo.issues[0].description
    markers = audit_answer("[c1] [c1]", ev, question=q)
    assert markers.non_answer
    blank = audit_answer("The default codec in Kestrel 3.2 is [c1].", ev,
                         question="What is the default codec in Kestrel 3.2?")
    assert blank.non_answer
    # any new content word, number or a yes/no is an answer (right or wrong: the other checks judge that)
    assert not audit_answer("An external researcher reported it [c1].", ev, question=q).non_answer
    assert not audit_answer("No [c1].", ev, question="Was a bounty paid for INC-2024-021?").non_answer
    assert not audit_answer("The incident was INC-2024-021 [c1].", ev, question="Which incident was it?").non_answer
    assert not audit_answer("The bounty was paid [c1].", ev).non_answer  # without the question nothing is judged


def test_passages_that_never_use_the_question_words_are_a_hint_not_a_refusal() -> None:
    ev = [hit("c1", "Halvorsen Marine 2023 results. Revenue rose 14% to NOK 3.42 billion. EBITDA was NOK 512 million.")]
    q = "What was Halvorsen Marine's net profit in 2023?"
    short = audit_answer("EBITDA was NOK 512 million [c1].", ev, question=q)
    assert not short.audit.needs_retry and not short.non_answer and not short.audit.hallucination_detected
    assert [i.issue_type for i in short.issues] == [IssueType.UNSUPPORTED_CLAIM]
    assert short.issues[0].description == ("the cited passages never use the question's words net, profit: check "
                                           "that the answer is what was asked")
    assert short.audit.penalty_factor == pytest.approx(0.9)
    assert short.audit.unsupported_claims == []  # no sentence is wrong; the hint is about the whole answer
    # a copied passage sharing no word with the question is still refused, by the off-topic rule
    copied = audit_answer("Revenue rose 14% to NOK 3.42 billion [c1]. EBITDA was NOK 512 million [c1].", ev,
                          question=q)
    assert copied.audit.needs_retry
    assert [i.description for i in copied.issues] == ["the answer does not address the question"]
    # a user's own words for what the passage states cost the same hint and no retry
    ev2 = [hit("c2", "Tarnwick wheel services: wheel truing EUR 25 per wheel; spoke replacement EUR 35.")]
    users = audit_answer("EUR 25 per wheel [c2].", ev2, question="How much does Tarnwick charge to straighten a "
                                                                  "buckled wheel?")
    assert not users.audit.needs_retry and users.audit.penalty_factor == pytest.approx(0.9)
    # the names a question is about are not its focus; one missing focus word of several is wording, not absence
    assert audit_answer("EBITDA was NOK 512 million [c1].", ev,
                        question="What EBITDA did Halvorsen Marine report for 2023?").issues == []
    assert audit_answer("Revenue rose 14% [c1].", ev,
                        question="By how much did Halvorsen Marine's revenue grow in 2023?").issues == []


def test_an_answer_from_passages_without_the_year_the_question_asks_about_is_incomplete() -> None:
    ev = [hit("c1", "Brightmoor rate card 2025. Storage costs EUR 4.10 per pallet per week in Tilburg.")]
    q = "What will Brightmoor charge per pallet per week for storage in Tilburg in 2026?"
    other_year = audit_answer("Storage costs EUR 4.10 per pallet per week [c1].", ev, question=q)
    assert other_year.audit.needs_retry and other_year.issues[0].issue_type is IssueType.INCOMPLETE
    assert other_year.issues[0].description == ("the cited passages never mention 2026, which the question asks "
                                                "about")
    assert other_year.audit.penalty_factor == pytest.approx(0.8)
    same_year = audit_answer("Storage costs EUR 4.10 per pallet per week [c1].", ev, question=q.replace("6", "5"))
    assert same_year.issues == []
    # a number counts as stated when its digits are a word of the passage, whatever the date format
    iso = [hit("c2", "From 2024-04-01 the monthly permit costs EUR 18.")]
    assert audit_answer("EUR 18 [c2].", iso, question="What does the monthly permit cost in 2024?").issues == []
    assert audit_answer("EUR 18 [c2].", iso, question="What does the permit cost from April 1, 2024?").issues == []
    # a date is one value: "1 April 2024" is missing from a passage that only says "31 March 2024"
    old = [hit("c3", "Parking tariffs 2023 (superseded on 31 March 2024). Staff permits: EUR 18 per month.")]
    dated = audit_answer("EUR 18 per month [c3].", old, question="What does a staff permit cost from 1 April 2024?")
    assert dated.issues[0].description == ("the cited passages never mention 1 April 2024, which the question "
                                           "asks about")
    # an amount, age or length in a question is a condition the passage may state as a range; a version is a case
    groups = [hit("c4", "Kestrel Hall group visits: groups of 20 or more book through Jonas Brekke. Policy v3.1.")]
    assert audit_answer("Jonas Brekke [c4].", groups,
                        question="Who books group visits for a party of 25?").issues == []
    assert audit_answer("Jonas Brekke [c4].", groups, question="Under policy 3.1, who books groups?").issues == []
    assert "3.2" in audit_answer("Jonas Brekke [c4].", groups,
                                 question="Under Kestrel Hall policy v3.2, who books groups?").issues[0].description


def test_an_answer_about_another_case_of_the_named_thing_is_incomplete() -> None:
    club = [hit("c1", "Pulsehall Fitness, house rules. Club manager for the Riverside club is Tomasz Wierzbicki; "
                      "Premium membership includes 24-hour access plus partner spas.")]
    other = audit_answer("The club manager is Tomasz Wierzbicki [c1].", club,
                         question="Who is the club manager of Pulsehall's Northgate club?")
    assert other.audit.needs_retry and other.issues[0].issue_type is IssueType.INCOMPLETE
    assert other.issues[0].description == ("the cited passages never mention Northgate, which the question asks "
                                           "about")
    assert audit_answer("The club manager is Tomasz Wierzbicki [c1].", club,
                        question="Who is the club manager of Pulsehall's Riverside club?").issues == []
    # a capitalised name must be written as a name: "plus partner spas" is not the Plus membership
    plus = audit_answer("It includes 24-hour access [c1].", club,
                        question="Does the Pulsehall Plus membership include 24-hour access?")
    assert "Plus" in plus.issues[0].description
    # a version is compared whole: v5.2 is not v5.1
    policy = [hit("c2", "Quillon Systems support policy v5.2. Premier customers receive a response within 30 "
                        "minutes.")]
    q51 = "Under Quillon support policy v5.1, how fast do Premier customers get a response?"
    assert "v5.1" in audit_answer("Within 30 minutes [c2].", policy, question=q51).issues[0].description
    assert audit_answer("Within 30 minutes [c2].", policy, question=q51.replace("5.1", "5.2")).issues == []
    # "FY2024" is how a question says "fiscal year 2024"
    budget = [hit("c3", "City of Eastbrook, adopted budget for fiscal year 2024. Libraries receive USD 11.2 "
                        "million, up from FY2023.")]
    assert audit_answer("USD 11.2 million [c3].", budget,
                        question="How much does Eastbrook's FY2024 budget allocate to libraries?").issues == []
    # a name in the chunk's file name or section heading is written too: a chunk need not repeat its heading
    filed = [hit("c5", "Club manager: Tomasz Wierzbicki.", document="/docs/northgate-club_contacts.pdf")]
    assert audit_answer("Tomasz Wierzbicki [c5].", filed,
                        question="Who is the club manager of Pulsehall's Northgate club?").issues == []
    # a question whose only name the documents never repeat (a project's name) is not refused for it
    minutes = [hit("c4", "Product steering committee, 14 May 2024. Release 4.0 shipped on 7 May.")]
    assert audit_answer("On 7 May [c4].", minutes, question="On what date did Orchid release 4.0 ship?").issues == []


def test_a_value_from_a_chunk_about_another_case_is_caught_when_a_sentence_cites_several() -> None:
    ev = [hit("c2", "Ledgerly Starter plan (EUR 9 per user). Support is by email only."),
          hit("c3", "Ledgerly Enterprise plan. The public API allows 600 requests per minute.")]
    q = "What is the public API rate limit on the Ledgerly Starter plan?"
    soup = audit_answer("The Ledgerly Starter plan allows 600 requests per minute [c2][c3].", ev, question=q)
    assert soup.audit.needs_retry and "Starter" in soup.issues[0].description
    # the value's own chunk names the case: two chunks cited for two facts is fine
    ev2 = [hit("c2", "Ledgerly Starter plan (EUR 9 per user). The public API rate limit is 60 requests per minute."),
           hit("c4", "Ledgerly pricing 2024. Prices exclude VAT.")]
    assert audit_answer("The Ledgerly Starter plan allows 60 requests per minute, excluding VAT [c2][c4].", ev2,
                        question=q).issues == []


def test_question_names_and_how_a_passage_states_them() -> None:
    assert tx.question_names("Under Quillon policy v5.1, what did Premier customers get in April 2024?") == [
        "v5.1", "Quillon", "Premier"]
    assert tx.question_names("When does support end for Quillon Vault 9.x?") == ["9.x", "Quillon", "Vault"]
    assert tx.name_stated("HomeCover", "Ellwood HOMECOVER Plus policy") and tx.name_stated("DVDs", "DVD: 1 week")
    assert not tx.name_stated("InterCity", "regional services") and not tx.name_stated("FY24", "fiscal year 2023")
    assert tx.name_stated("FY24", "the FY 2024 budget")


def test_answer_type_words_and_periods_are_not_what_a_question_is_about() -> None:
    assert tx.question_focus("Which firm carries out the groundworks on Harbour Lane Block B?") == {"groundwork"}
    assert tx.question_focus("What was the monthly price of the Plus membership?") == {"month", "membership"}
    assert tx.stem("annual") == tx.stem("years") == "year"


def test_an_address_or_three_part_version_is_a_code_not_a_number() -> None:
    ev = [hit("c1", "Firmware 3.4.2 changed the default admin address from 192.168.8.1 to 192.168.50.1.")]
    q = "What is the default admin address after the update?"
    wrong = audit_answer("192.168.5.1 [c1].", ev, question=q)  # read as a number it would be 192.168, "stated"
    assert wrong.audit.hallucination_detected and '"192.168.5.1"' in wrong.issues[0].description
    assert audit_answer("192.168.50.1 [c1].", ev, question=q).issues == []
    version = audit_answer("Firmware 3.4.1 did [c1].", ev, question="Which firmware changed it?")
    assert version.audit.hallucination_detected


def test_a_code_name_must_occur_whole() -> None:
    ev = [hit("c1", "Nordvarme Aurora X2 heat pump. Nominal output 3 kW. Refrigerant R290, charge 0.9 kg.")]
    assert audit_answer("The Aurora X2 uses R290 [c1].", ev).issues == []
    wrong = audit_answer("The Aurora X3 uses R290 [c1].", ev)  # "X" and "3" both occur, "X3" does not
    assert wrong.audit.hallucination_detected and '"X3"' in wrong.issues[0].description


def test_arithmetic_supports_a_figure_only_when_a_computation_is_asked_and_never_a_year() -> None:
    ev = [hit("c1", "Claims must be submitted within 30 days; claims older than 90 days are rejected.")]
    asked = audit_answer("60 days [c1].", ev, question="Within how many days must claims be submitted?")
    assert asked.audit.needs_retry and asked.audit.hallucination_detected  # 90 - 30, but nobody asked for it
    gap = audit_answer("60 days [c1].", ev, question="What is the difference between the two deadlines?")
    assert gap.issues == []
    year = [hit("c2", "Revenue growth of 8-10% is expected in 2024; emissions fall 40% by 2030 against a 2019 "
                      "baseline.")]
    made_up = audit_answer("A 40% reduction against a 2015 baseline [c2].", year,
                           question="How much will emissions fall compared with the baseline?")
    assert made_up.audit.needs_retry  # 2015 is neither stated nor a year arithmetic could give
    rounded = [hit("c3", "The backlog was NOK 5.14 billion (2022: NOK 3.81 billion).")]
    assert audit_answer("The backlog grew by NOK 1.3 billion [c3].", rounded).issues == []
    assert audit_answer("The backlog grew by NOK 1.4 billion [c3].", rounded).audit.needs_retry


def test_a_one_word_claim_is_checked_as_a_name() -> None:
    ev = [hit("c1", "Expense claims are submitted in Spendwise within 30 days.")]
    assert audit_answer("Spendwise [c1].", ev).issues == []
    wrong = audit_answer("Concur [c1].", ev)
    assert wrong.audit.hallucination_detected and wrong.audit.needs_retry
    assert tx.names("Yes") == [] and tx.names("Concur") == ["Concur"]


def test_a_value_counted_per_the_wrong_thing_is_a_factual_error() -> None:
    ev = [hit("c1", "Meeting rooms at Harbour House: Room Fjord seats 10, EUR 40 per hour or EUR 250 per day. "
                    "Parking costs EUR 3 per hour. Catering is EUR 18 per person per day.")]
    wrong = audit_answer("Room Fjord costs EUR 40 per day [c1].", ev)
    assert wrong.audit.needs_retry and wrong.audit.hallucination_detected
    assert [i.issue_type for i in wrong.issues] == [IssueType.FACTUAL_ERROR]
    assert wrong.issues[0].description == ('states "Room Fjord costs EUR 40 per day" but [c1] says "EUR 40 per hour or '
                                           'EUR 250 per day"')
    assert audit_answer("Room Fjord is EUR 40 per hour [c1].", ev).issues == []
    assert audit_answer("Room Fjord is EUR 40 an hour [c1].", ev).issues == []
    assert audit_answer("Room Fjord costs EUR 40/h [c1].", ev).issues == []
    # per several things, one of which matches; the same thing in other words; no rate in the claim
    assert audit_answer("Catering is EUR 18 per day [c1].", ev).issues == []
    assert audit_answer("Catering is EUR 18 per head [c1].", ev).issues == []
    assert audit_answer("Catering is EUR 18 per room per day [c1].", ev).audit.needs_retry  # one of two wrong
    assert audit_answer("Room Fjord costs EUR 40 [c1].", ev).issues == []
    # a value the passage states without a rate is not judged; "per cent" is not a rate
    bare = [hit("c2", "The deposit is EUR 300. Late returns cost 5 per cent of the fee.")]
    assert audit_answer("The deposit is EUR 300 per week [c2].", bare).issues == []
    assert audit_answer("Late returns cost 5 per cent [c2].", bare).issues == []


def test_rate_of_reads_what_a_value_is_counted_per() -> None:
    from masis_desktop.core import text as tx

    def rates(text: str) -> list[list[str]]:
        return [sorted(tx.rate_of(text, q)) for q in tx.quantities(text)]

    assert rates("capacity 3,000 persons per hour") == [["h"]]  # units fold through the unit table
    assert rates("EUR 4.10 per pallet per week in Tilburg") == [["pallet", "week"]]
    assert rates("€35/hour, EUR 5 a month, 90 nights per calendar year") == [["h"], ["month"], ["year"]]
    assert rates("€35/h, EUR 5 per mo, EUR 12 per kilogram, EUR 2/l") == [["h"], ["month"], ["kg"], ["litre"]]
    assert rates("EUR 29 per m², EUR 12 per kg, EUR 40 per guest, EUR 40 pp") == [
        ["square-metre"], ["kg"], ["person"], []]
    assert rates("EUR 40 per pp, EUR 2 per litre") == [["person"], ["litre"]]
    assert rates("up to 3 users, 2 GB of storage, 5 per cent") == [[], [], []]


def test_the_digits_of_a_code_are_not_figures_to_compute_from() -> None:
    from masis_desktop.core import text as tx
    assert [q.text for q in tx.quantities("HD-01 Check-up: EUR 52. COVID-19 rules, form W-2, a 2-year term")] == [
        "EUR 52", "2-year"]  # "2-year" is read as a duration
    # "75%" is not "the percent change from HD-04 to HD-01" (it passed as computed before)
    ev = [hit("c1", "Fee schedule 2025. HD-01 Routine check-up: EUR 52. HD-04 Scale and polish: EUR 66. "
                    "Patients under 16 pay 50% of HD-01 and HD-04.")]
    wrong = audit_answer("75% [c1].", ev, question="What share of the check-up price does a child pay?")
    assert wrong.audit.needs_retry and wrong.audit.hallucination_detected
    assert audit_answer("50% [c1].", ev, question="What share of the check-up price does a child pay?").issues == []


def test_a_figure_taken_from_another_year_s_chunk_is_incomplete() -> None:
    ev = [hit("c4", "Fee Schedule 2024 (valid 1 January to 31 December 2024). HD-01 Check-up: EUR 48."),
          hit("c1", "Fee Schedule 2025 (valid 1 January to 31 December 2025). HD-01 Check-up: EUR 52. "
                    "HD-40 Teeth whitening: EUR 310.")]
    q = "What is the fee for HD-40 teeth whitening in the 2024 fee schedule?"
    mixed = audit_answer("Fee Schedule 2024 (valid 1 January to 31 December 2024) [c4]. HD-40 Teeth whitening: "
                         "EUR 310 [c1].", ev, question=q)
    assert mixed.audit.needs_retry
    assert mixed.issues[-1].description.startswith("the cited passages never mention 2024")
    # the figure from the asked year's chunk, with a heading of the same chunk as context, passes
    assert audit_answer("Fee Schedule 2024 [c4]. HD-01 Check-up: EUR 48 [c4].", ev,
                        question="What did a check-up cost in the 2024 fee schedule?").issues == []
    # a copied heading of another year beside the answer is context, not the answer's figure
    assert audit_answer("HD-01 Check-up: EUR 48 [c4]. Fee Schedule 2025 [c1].", ev,
                        question="What did a check-up cost in the 2024 fee schedule?").audit.needs_retry is False


def test_a_year_before_a_noun_still_names_the_case() -> None:
    from masis_desktop.core.checks.focus import unasked_numbers
    assert unasked_numbers("What is the fee in the 2024 fee schedule?", ["Fee schedule 2025"]) == ["2024"]
    assert unasked_numbers("What did the 2024 rates say?", ["Rates 2025"]) == ["2024"]
    assert unasked_numbers("Which plan supports 2000 users?", ["Enterprise: up to 5,000 users"]) == []


def test_a_time_of_day_is_one_value() -> None:
    from masis_desktop.core import text as tx
    assert [(q.text, q.value, q.kind) for q in tx.quantities("Lift C4: 08:45–16:00, 3,000 persons per hour")] == [
        ("08:45", 525.0, "clock"), ("16:00", 960.0, "clock"), ("3,000", 3000.0, None)]
    ev = [hit("c7", "Lift timetable. Gondola G1: 08:30–16:30. Chairlift C4: 08:45–16:00, capacity 3,000 persons per "
                    "hour. T-bar T7: 09:00–15:30.")]
    # a lift's own times copied beside the answer are not "one value stated as if it applied generally"
    assert audit_answer("Chairlift C4: 08:45–16:00, capacity 3,000 persons per hour [c7].", ev,
                        question="What is the capacity of Chairlift C4?").issues == []
    assert audit_answer("Gondola G1 opens at 8:30 [c7].", ev).issues == []  # "8:30" is "08:30"
    wrong = audit_answer("Gondola G1 runs until 16:45 [c7].", ev, question="Until when does Gondola G1 run?")
    assert wrong.audit.hallucination_detected  # a time no passage states


def test_a_time_on_the_twelve_hour_clock_is_the_same_time_of_day() -> None:
    from masis_desktop.core import text as tx
    assert [(q.text, q.value, q.kind) for q in tx.quantities("Mon-Thu 10am-8pm, Fri 9.30 a.m. to 9:15pm")] == [
        ("10am", 600.0, "clock"), ("8pm", 1200.0, "clock"), ("9.30 a.m.", 570.0, "clock"), ("9:15pm", 1275.0, "clock")]
    assert [q.text for q in tx.quantities("12pm, 12am, GBP 50 pm, NOK. 80 pm")] == ["12pm", "12am", "GBP 50", "NOK. 80"]
    assert [q.value for q in tx.quantities("MON-FRI 9am, SAT 10am")] == [540.0, 600.0]  # a day, not a currency code
    ev = [hit("c1", "Bouncers Trampoline Park, term time. Monday-Thursday 3pm-8pm; Friday 3pm-9pm; weekends 9am-7pm.")]
    same = audit_answer("On Fridays it closes at 21:00 [c1].", ev)  # "9pm" is 21:00
    assert not same.audit.hallucination_detected and not same.audit.needs_retry
    wrong = audit_answer("On Fridays it closes at 9:30pm [c1].", ev, question="When does it shut on a Friday?")
    assert wrong.audit.hallucination_detected  # a time no passage states, not the numbers 9 and 30
    [desc] = [i.description for i in audit_answer("It shuts at 8pm [c1].", ev,
                                                  question="When does it shut on a Friday?").issues
              if "falls under" in i.description]
    assert desc.startswith('the question\'s day (Friday) falls under "Friday 3pm-9pm" [c1]')


RANGE = ("Tarnwick Skerry gravel range, model year 2025. Skerry 300: aluminium frame, weight 10.4 kg, maximum system "
         "weight 125 kg, price EUR 1,290. Skerry 500: carbon frame, weight 8.9 kg, maximum system weight 115 kg, "
         "price EUR 2,450. Both models take tyres up to 45 mm wide.")
STAFF = ("Aldenbrook Language Institute – Academic Staff 2025. Director of Studies: Helga Marchetti-Rowe. German "
         "Coordinator: Wiebke Ahlgrimm. French Coordinator: Sidonie Parrenin.")


def _row_issues(answer: str, text: str, question: str) -> list[str]:
    audit = audit_answer(answer, [hit("c1", text)], question=question)
    return [i.description for i in audit.issues if "gives under" in i.description]


@pytest.mark.parametrize(("answer", "flagged"), [
    ("10.4 kg [c1].", 'states "10.4 kg", which [c1] gives under "Skerry 300", not under "Skerry 500" (8.9 kg)'),
    ("The Skerry 500 weighs 10.4 kg [c1].", 'states "10.4 kg", which [c1] gives under "Skerry 300"'),
    ("8.9 kg [c1].", None),
    ("The Skerry 500 weighs 8.9 kg [c1].", None),
    ("The Skerry 300 weighs 10.4 kg [c1].", None),  # true as written: it names the row's own case
])
def test_a_value_from_the_row_of_another_model_is_a_factual_error(answer: str, flagged: str | None) -> None:
    q = "What is the weight of the Skerry 500?"
    issues = _row_issues(answer, RANGE, q)
    assert (issues[0].startswith(flagged) if flagged else issues == []), issues
    if flagged:
        audit = audit_answer(answer, [hit("c1", RANGE)], question=q)
        assert audit.audit.needs_retry and audit.issues[0].issue_type is IssueType.FACTUAL_ERROR


def test_a_person_from_the_row_of_another_role_is_a_factual_error() -> None:
    q = "Who is the German Coordinator at Aldenbrook Language Institute?"
    [issue] = _row_issues("Sidonie Parrenin [c1].", STAFF, q)
    assert issue.startswith('states "Sidonie Parrenin", which [c1] gives under "French Coordinator", not under '
                            '"German Coordinator" (Wiebke Ahlgrimm)')
    assert _row_issues("Wiebke Ahlgrimm [c1].", STAFF, q) == []


def test_rows_without_another_case_in_their_label_and_prose_are_not_judged() -> None:
    # "Teaching assistant coordinator" is an attribute of the course above it, not another course
    course = ("CS210 Data Structures: 7.5 ECTS, autumn term, course leader Dr. Helena Okafor. Teaching assistant "
              "coordinator: Mats Lindqvist. CS340 Machine Learning: 7.5 ECTS, course leader Prof. Rafael Dunmore.")
    assert _row_issues("Mats Lindqvist [c1].", course,
                       "Who is the teaching assistant coordinator for CS210 Data Structures?") == []
    prose = ("The Skerry 300 has an aluminium frame and weighs 10.4 kg. The Skerry 500 has a carbon frame. It "
             "weighs 8.9 kg.")
    assert _row_issues("8.9 kg [c1].", prose, "What is the weight of the Skerry 500?") == []
    assert _row_issues("10.4 kg [c1].", prose, "What is the weight of the Skerry 500?") == []  # slot check's job


def test_a_row_of_the_asked_case_without_such_a_value_still_rules_out_another_row_s() -> None:
    sites = ("Lumen Halls sites and managers. Lumen Halls Kellerplatz, 14 Kellerplatz: 9 screens, 1,480 seats, general "
             "manager Odile Fransen. Lumen Halls Westgate, Westgate Retail Park: 11 screens, 1,920 seats; opened 18 "
             "October 2024.")
    [issue] = _row_issues("Odile Fransen is the general manager of Lumen Halls Westgate [c1].", sites,
                          "Who is the general manager of Lumen Halls Westgate?")
    assert 'not under "Lumen Halls Westgate, Westgate Retail Park" (which states no such value)' in issue
    # the heading line's name is what every row is under, and a first capital alone names no case
    club = ("Friends of Kestrel Hall – membership 2025. Individual (KH-IND): DKK 450 per year. Dual (KH-DUO): DKK 720 "
            "per year.")
    assert _row_issues("DKK 720 [c1].", club, "What's the yearly fee for the Dual membership at Kestrel Hall?") == []
    card = ("Brightwater cards 2025. Platinum credit card: annual fee EUR 150, travel insurance included. Interest "
            "on unpaid balances: 1.9 % per month, trips covered up to 90 days.")
    assert _row_issues("90 days [c1].", card, "For trips of up to how many days does the Platinum card's insurance "
                       "apply?") == []


def test_the_question_s_own_numbers_are_not_values_stated_per_case() -> None:
    minutes = ("Ashby Park PTA Food Committee – minutes, 2 October 2025. Attending: Mrs Sophie Marsh (chair), "
               "Mr Gareth Lyle. Agreed: a salad bar pilot for Years 5 and 6 from 3 November 2025; second lunch "
               "sitting to start at 12:40 instead of 12:30. Tasting evening for parents: 20 November 2025 at 17:30. "
               "Next meeting: 6 November 2025.")  # "6" was once read as a value the passage gives per case
    audit = audit_answer("The Year 5 and 6 salad bar pilot runs from 3 November 2025 [c1].", [hit("c1", minutes)],
                         question="From what date does the Year 5 and 6 salad bar pilot run?")
    assert not audit.audit.needs_retry and audit.issues == []


FEES = ("Ashcombe Heath Golf Club – Visitor Green Fees 2024. 18 holes, Monday–Friday: GBP 65; Saturday, "
        "Sunday and bank holidays: GBP 80. Twilight rate (tee times after 15:00, April–September): GBP 40. "
        "9 holes, weekdays only: GBP 38.")


PARTIES = ("Corriemoor Tenpin Centre – Children's Party Packages 2025. Bronze: 1 game, hot dog and squash, GBP 11.50 "
           "per child. Silver: 2 games, meal and slush, GBP 15.95 per child. Gold: 2 games, meal, slush and a GBP 5 "
           "arcade card, GBP 19.95 per child.")
SILVER = "What does the Silver party package at Corriemoor Tenpin Centre include?"


@pytest.mark.parametrize(("passage", "answer", "question", "general"), [
    # the label is the whole list: "Saturday" names the case the question asks about
    (FEES, "GBP 80 [c1].", "I want to play 18 holes on a Saturday in 2024 – what's the green fee?", False),
    # a comma inside brackets does not cut a label ("April–September)" was a case of its own)
    (FEES, "GBP 40 [c1].", "What was the twilight green fee at Ashcombe Heath in 2024?", False),
    (FEES, "GBP 65 [c1].", "What was the green fee on a Saturday in 2024?", True),
    (FEES, "GBP 80 [c1].", "What is the green fee?", True),
    # Gold also has 2 games: the value is the Silver package's, which the answer or the question names (a
    # right answer was refused as "2 stated as if it applied generally")
    (PARTIES, "Silver: 2 games, meal and slush, GBP 15.95 per child [c1].", SILVER, False),
    (PARTIES, "The package includes 2 games [c1].", SILVER, False),
    (PARTIES, "The package includes 1 game [c1].", SILVER, True),  # Bronze's value
])
def test_list_labels_and_values_per_case(passage: str, answer: str, question: str, general: bool) -> None:
    audit = audit_answer(answer, [hit("c1", passage)], question=question)
    assert any("as if it applied generally" in i.description for i in audit.issues) is general
    if not general:  # nothing but the advisory hint about the question's words (x0.9, no retry)
        assert not audit.audit.needs_retry
        assert [i for i in audit.issues if "never use the question's words" not in i.description] == []


def test_a_bracketed_index_written_onto_a_word_is_no_citation() -> None:
    assert tx.citation_ids("The smallest item is heap[0] [c3].") == ["c3"]
    assert tx.citation_ids("Use x[1-3] here [c2].") == ["c2"]
    assert tx.citation_ids("Revenue rose[c3].") == ["c3"]  # an id written onto a word is still a citation
    assert tx.citation_ids("It rose [3].") == ["3"]  # a bare number in its own bracket is one (and is invalid)
    audit = audit_answer("The smallest item is heap[0] [c3].", [hit("c3", "heap[0] is the smallest item.")])
    assert not audit.audit.invalid_citations and audit.audit.claims[0].verdict == "supported"


def test_a_claim_citing_an_unknown_id_names_the_check() -> None:
    audit = audit_answer("The timeout is 60 seconds [c9].", EVIDENCE)
    assert audit.audit.claims[0].check_id == "grounding.invalid_citation"
