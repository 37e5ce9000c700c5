"""Which words of a sentence the verification scores, and which sentences it asks about (pure code)."""

from __future__ import annotations

from masis_desktop.core.checks.audit import audit_answer
from masis_desktop.core.checks.model import verify
from masis_desktop.core.checks.model.verify import claims_to_verify, value_spans
from masis_desktop.core.grounding.evidence import build_context
from masis_desktop.core.schemas import SearchHit


def _hit(cid: str, text: str) -> SearchHit:
    return SearchHit(chunk_id=cid, document=f"{cid}.txt", document_id=int(cid[1:]), char_start=0,
                     char_end=len(text), text=text, relevance=0.9)


def test_values_are_scored_in_place_after_the_words_before_them() -> None:
    q = "What is the daily meal allowance in Berlin?"
    assert value_spans("The daily meal allowance in Berlin is GBP 55", q) == [
        ("The daily meal allowance in Berlin is ", "GBP 55")]
    # adjacent values are one value; a value the question already names is not scored
    assert value_spans("The Oslo office opened in March 2018 with 12 staff", "When did the Oslo office open?") == [
        ("The Oslo office opened in ", "March 2018"), ("The Oslo office opened in March 2018 with ", "12")]
    assert value_spans("Berlin is a Tier B city", q) == [("Berlin is a ", "Tier B")]


def test_the_unit_an_amount_is_per_belongs_to_the_value_unless_the_question_says_it() -> None:
    q = "What does Skarvik Air charge for excess baggage?"
    assert value_spans("EUR 12 per bag", q) == [("", "EUR 12 per bag")]  # "per kg" in the passage
    assert value_spans("EUR 55 per direction, with at most 2 pets", q) == [
        ("", "EUR 55 per direction"), ("EUR 55 per direction, with at most ", "2")]
    assert value_spans("Storage is EUR 4.10 per pallet per week", "What does storage cost per pallet per week?") == [
        ("Storage is ", "EUR 4.10")]


def test_a_name_is_scored_whole() -> None:
    # the first name opens the sentence, so the name finder alone would leave it in the prefix ("Ingrid " + "Solberg"
    # is trivially likely whoever the passage names)
    assert value_spans("Ingrid Solberg", "Who became chief executive in 2023?") == [("", "Ingrid Solberg")]
    assert value_spans("Dr. Amara Nwosu", "Who leads the biobank?") == [("", "Dr. Amara Nwosu")]


def test_a_sentence_without_values_is_scored_on_its_first_new_words() -> None:
    q = "Who approves international trips?"
    assert value_spans("International trips must be approved by the line manager", q) == [
        ("International trips must be approved by the ", "line manager")]
    assert value_spans("the built-in quorum", "What stores the cluster metadata?") == [
        ("the ", "built-in quorum")]
    assert value_spans("the built-in Raft quorum", "What stores the cluster metadata?") == [
        ("the built-in ", "Raft")]  # a name is the value the sentence commits to
    assert value_spans("International trips need approval", q) == [("International trips ", "need approval")]
    assert value_spans("International trips", q) == []  # only the question's words: nothing to score


def test_sentences_code_settled_are_not_asked_about() -> None:
    hits = [_hit("c1", "The upload timeout is 60 seconds. Retries happen 3 times."),
            _hit("c2", "Growth grew revenue by 12 percent in 2023, from NOK 100 million to NOK 112 million.")]
    draft = ("The upload timeout is 60 seconds [c1]. The timeout is 90 seconds [c1]. Retries happen 3 times. "
             "It cites [c9] for this. I lack sufficient evidence in your documents to answer this.")
    code = audit_answer(draft, hits, question="What is the upload timeout?")
    context = build_context("What is the upload timeout?", hits, budget_tokens=400, count_tokens=lambda t: len(t) // 4,
                            embedder=None, max_chunks=5)
    asked = claims_to_verify(code, context)
    # verified sentence: asked; wrong number (factual error), uncited sentence, invalid id, hedge: settled by code
    assert asked == [(0, "The upload timeout is 60 seconds", ["c1"])]
    computed = audit_answer("Revenue grew by NOK 12 million in 2023 [c2].", hits,
                            question="By how much did revenue grow in 2023?")
    assert claims_to_verify(computed, context) == []  # a figure code derived by arithmetic: no passage states it


def test_the_metrics_of_a_sentence_scored_in_several_places_add_up() -> None:
    from masis_desktop.core.checks.model.verify import merged_stats

    one = {"node": "verify", "iteration": 0, "model": "m", "prompt_tokens": 300, "prefill_tokens": 250,
           "cached_tokens": 50, "completion_tokens": 3, "prefill_ms": 1000.0, "decode_ms": 90.0, "total_ms": 1200.0,
           "first_token_ms": None}
    two = dict(one, prompt_tokens=310, prefill_tokens=12, cached_tokens=298, completion_tokens=4, prefill_ms=60.5,
               decode_ms=120.0, total_ms=200.0)
    merged = merged_stats([one, two])
    assert merged["total_ms"] == 1400.0 and merged["prefill_ms"] == 1060.5 and merged["decode_ms"] == 210.0
    assert merged["prefill_tokens"] == 262 and merged["cached_tokens"] == 348 and merged["completion_tokens"] == 7
    assert merged["prompt_tokens"] == 310 and merged["calls"] == 2 and merged["node"] == "verify"


def test_a_sentences_article_is_no_part_of_a_name() -> None:
    spans = verify.value_spans("The Sunday story sessions at The Reading Nook are led by Ana Pryce.",
                               "Who leads the story sessions at The Reading Nook?")
    assert ("The ", "Sunday") in spans
    assert verify.value_spans("Dr. Amara Okoye leads it.", "Who leads it?") == [("", "Dr. Amara Okoye")]
