"""Every evaluation metric on tiny inputs whose values were worked out by hand (in the comments)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masis_desktop.core.evaluation.aggregate import (
    aggregate_answer,
    aggregate_critic,
    aggregate_retrieval,
    similar_length,
)
from masis_desktop.core.evaluation.bootstrap import MetricValue, bootstrap, bootstrap_mean, quantile
from masis_desktop.core.evaluation.dataset import EvalItem, Passage
from masis_desktop.core.evaluation.judge import (
    citation_ids,
    claim_sentences,
    lexical_support,
    split_cited_sentences,
    strip_citation_markers,
    titled_passage,
)
from masis_desktop.core.evaluation.metrics import (
    CitedSentence,
    UndefinedMetricError,
    alce_citation_scores,
    auroc,
    balanced_accuracy,
    containment,
    midranks,
    normalize_answer,
    pairwise_accuracy,
    rate,
    recall_at_k,
    reciprocal_rank,
    token_f1,
)
from masis_desktop.core.evaluation.report import META_KEY, build_report, format_summary, write_report

# --- retrieval ----------------------------------------------------------------------------------------------


def test_recall_at_k_counts_distinct_passages_and_the_share_of_gold() -> None:
    ranked = ["p3", "p1", "p3", "p2"]  # distinct order: p3, p1, p2
    assert recall_at_k(ranked, ["p1", "p2"], 1) == 0.0
    assert recall_at_k(ranked, ["p1", "p2"], 2) == 0.5
    assert recall_at_k(ranked, ["p1", "p2"], 3) == 1.0
    assert recall_at_k([], ["p1"], 5) == 0.0
    with pytest.raises(UndefinedMetricError):
        recall_at_k(ranked, [], 5)


def test_reciprocal_rank_uses_the_first_gold_hit_after_deduplication() -> None:
    assert reciprocal_rank(["p3", "p3", "p1"], ["p1"]) == 0.5  # p3, p1 -> rank 2
    assert reciprocal_rank(["p1"], ["p1", "p9"]) == 1.0
    assert reciprocal_rank(["p2", "p4", "p5", "p1"], ["p1"]) == 0.25
    assert reciprocal_rank(["p2"], ["p1"]) == 0.0


# --- critic ---------------------------------------------------------------------------------------------------


def test_balanced_accuracy_averages_both_class_rates() -> None:
    # positives: T,T,F accepted -> TPR 2/3; negatives: F,T -> TNR 1/2; mean 7/12
    value = balanced_accuracy([True, True, True, False, False], [True, True, False, False, True])
    assert value == pytest.approx(7 / 12)
    assert balanced_accuracy([True, False], [True, False]) == 1.0
    assert balanced_accuracy([True, False], [True, True]) == 0.5  # accepting everything is chance level
    with pytest.raises(UndefinedMetricError):
        balanced_accuracy([True, True], [True, False])


def test_pairwise_accuracy_counts_ties_as_half() -> None:
    pairs = [(0.9, 0.2), (0.5, 0.5), (0.1, 0.3), (0.8, 0.7)]  # 1 + 0.5 + 0 + 1 = 2.5 of 4
    assert pairwise_accuracy(pairs) == 0.625
    with pytest.raises(UndefinedMetricError):
        pairwise_accuracy([])


def test_midranks_share_the_mean_rank_among_ties() -> None:
    assert midranks([3.0, 1.0, 3.0, 2.0]) == [3.5, 1.0, 3.5, 2.0]
    assert midranks([0.7, 0.7, 0.7]) == [2.0, 2.0, 2.0]


def test_auroc_with_ties_matches_the_pair_count() -> None:
    # positives 0.9, 0.7, 0.4; negatives 0.7, 0.7, 0.2
    # pairs won: 0.9 -> 3; 0.7 -> 0.5 + 0.5 + 1 = 2; 0.4 -> 1; total 6 of 9
    scores = [0.9, 0.7, 0.7, 0.4, 0.7, 0.2]
    labels = [True, True, False, True, False, False]
    assert auroc(scores, labels) == pytest.approx(6 / 9)
    assert auroc([0.5, 0.5, 0.5, 0.5], [True, False, True, False]) == 0.5
    assert auroc([0.9, 0.1], [True, False]) == 1.0
    assert auroc([0.1, 0.9], [True, False]) == 0.0
    with pytest.raises(UndefinedMetricError):
        auroc([0.3, 0.4], [True, True])


# --- answers ----------------------------------------------------------------------------------------------------


def test_normalize_answer_is_squad_normalisation() -> None:
    assert normalize_answer("The  Quick, brown-fox!") == "quick brownfox"
    assert normalize_answer("An apple a day") == "apple day"


def test_token_f1() -> None:
    # prediction tokens: pro tier 100 mb (4); gold: 100 mb (2); overlap 2 -> P 1/2, R 1 -> F1 2/3
    assert token_f1("The Pro tier: 100 MB.", "100 MB") == pytest.approx(2 / 3)
    assert token_f1("100 MB", "100 MB") == 1.0
    assert token_f1("10 MB", "100 MB") == 0.5  # overlap "mb": P 1/2, R 1/2
    assert token_f1("nothing shared", "100 MB") == 0.0
    assert token_f1("", "") == 1.0
    assert token_f1("the", "100 MB") == 0.0  # normalises to nothing


def test_containment_needs_whole_tokens() -> None:
    assert containment("Uploads are capped at 100 MB [c2].", "100 MB") == 1.0
    assert containment("Uploads are capped at 1100 MB.", "100 MB") == 0.0
    assert containment("The limit is 100MB.", "100 MB") == 0.0  # no unit normalisation beyond SQuAD's
    assert containment("It opened on 3 March 2018", "March 2018") == 1.0


def test_rate() -> None:
    assert rate([True, False, False, True]) == 0.5
    with pytest.raises(UndefinedMetricError):
        rate([])


# --- citations (ALCE) ---------------------------------------------------------------------------------------


def _table_judge(needs: dict[str, set[str]]):  # type: ignore[no-untyped-def]
    """Supported when the premise holds every fact the hypothesis needs (a premise line is one fact)."""

    def judge(premise: str, hypothesis: str) -> bool:
        return needs[hypothesis] <= set(premise.split("\n"))

    return judge


def test_alce_citation_recall_and_precision() -> None:
    passages = {"c1": "A", "c2": "B", "c3": "C"}
    needs = {"s1": {"A"}, "s2": {"A", "B"}, "s3": {"B"}, "s4": {"C"}, "s5": {"A"}}
    sentences = [
        CitedSentence("s1", ["c1"]),        # supported; its one citation precise
        CitedSentence("s2", ["c1", "c2"]),  # supported jointly; each needed -> 2 precise
        CitedSentence("s3", ["c2", "c3"]),  # supported; c2 alone supports, c3 is redundant -> 1 of 2
        CitedSentence("s4", []),            # no citation -> unsupported
        CitedSentence("s5", ["c9"]),        # unknown id -> unsupported, its citation imprecise
    ]
    scores = alce_citation_scores(sentences, passages, _table_judge(needs))
    assert scores.recall == pytest.approx(3 / 5)
    assert scores.precision == pytest.approx(4 / 6)
    assert (scores.sentences, scores.citations) == (5, 6)


def test_alce_counts_citations_of_unsupported_sentences_as_imprecise() -> None:
    scores = alce_citation_scores([CitedSentence("s", ["c1", "c2"])], {"c1": "A", "c2": "B"},
                                  _table_judge({"s": {"Z"}}))
    assert (scores.recall, scores.precision) == (0.0, 0.0)
    with pytest.raises(UndefinedMetricError):
        alce_citation_scores([], {}, _table_judge({}))


def test_split_cited_sentences_attaches_trailing_markers_to_the_sentence_before() -> None:
    answer = "The Pro tier allows 100 MB [c2]. Free users get 10 MB. [c1] [c3]\n- Uploads time out after 60 s [c4, c5]."
    assert split_cited_sentences(answer) == [
        CitedSentence("The Pro tier allows 100 MB.", ["c2"]),
        CitedSentence("Free users get 10 MB.", ["c1", "c3"]),
        CitedSentence("Uploads time out after 60 s.", ["c4", "c5"]),
    ]
    assert citation_ids("x [c1][c2] y [c3; c4]") == ["c1", "c2", "c3", "c4"]
    assert strip_citation_markers("Uploads cap at 100 MB [c2]. Free: 10 MB [c1, c3].") == \
        "Uploads cap at 100 MB. Free: 10 MB."


def test_claim_sentences_leave_hedges_out() -> None:
    answer = "The evidence partially covers this question. Data is kept for 90 days [c2]."
    assert claim_sentences(answer) == [CitedSentence("Data is kept for 90 days.", ["c2"])]
    assert claim_sentences("I lack sufficient evidence in your documents to answer this.") == []


def test_lexical_judge_is_strict_on_numbers_and_names() -> None:
    premise = "Pro tier: uploads up to 100 MB per file. The Oslo office opened its doors in March 2018."
    assert lexical_support(premise, "The Pro tier allows uploads of 100 MB.")
    assert not lexical_support(premise, "The Pro tier allows uploads of 10 MB.")  # number absent
    assert lexical_support(premise, "The Oslo office opened in 2018.")
    assert not lexical_support(premise, "The Bergen office opened in 2018.")  # name absent
    assert not lexical_support(premise, "Refunds are processed by the finance team weekly.")  # content absent
    assert lexical_support("Revenue was $1,200,000 in 2023.", "Revenue was $1200000 in 2023.")
    sso = "Ledgerly Enterprise plan: single sign-on through SAML 2.0 and a named customer success manager."
    assert lexical_support(sso, "Ledgerly Enterprise supports SAML 2.0.")  # one paraphrased word is fine
    assert not lexical_support(sso, "Ledgerly Enterprise supports SAML 2.0 for contractors only.")  # two are not
    firer = "Nightbloom Fireworks, Shrewsbury. Our senior firer, Marcus Bell, has more than 20 years of experience."
    assert lexical_support(firer, "Nightbloom Fireworks' senior firer, Marcus Bell, has more than 20 years of "
                                  "experience.")
    assert lexical_support(firer, "Nightbloom Fireworks’s senior firer is Marcus Bell.")
    assert not lexical_support(firer, "Nightbloom Rockets' senior firer is Marcus Bell.")  # name absent
    guarantee = "Sleek Walls, Swindon. All work carries a two-year guarantee."
    assert lexical_support(guarantee, "The guarantee on work done by Sleek Walls is 2 years.")  # a number in words
    assert not lexical_support(guarantee, "The guarantee on work done by Sleek Walls is 3 years.")


# --- bootstrap ---------------------------------------------------------------------------------------------------


def test_quantile_interpolates_linearly() -> None:
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.25) == 1.75
    assert quantile([1.0, 2.0, 3.0, 4.0], 1.0) == 4.0
    assert quantile([10.0], 0.975) == 10.0


def test_bootstrap_ci_shape_and_determinism() -> None:
    # resamples of [0, 1] have mean 0, 0.5 or 1 (p = 1/4, 1/2, 1/4): the 2.5 % and 97.5 % points are 0 and 1
    result = bootstrap_mean([0.0, 1.0])
    assert result == MetricValue(value=0.5, ci_low=0.0, ci_high=1.0, n=2)
    assert bootstrap_mean([0.7] * 5) == MetricValue(0.7, 0.7, 0.7, 5)
    values = [0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0]
    first, second = bootstrap_mean(values), bootstrap_mean(values)
    assert first == second  # fixed seed
    assert first.ci_low is not None and first.ci_high is not None
    assert first.ci_low < first.value == 0.625 < first.ci_high
    assert first.as_dict().keys() == {"value", "ci_low", "ci_high", "n"}


def test_bootstrap_of_an_undefined_metric_reports_no_value() -> None:
    assert bootstrap([], lambda s: rate(list(s))) == MetricValue(None, None, None, 0)
    one_class = [(0.3, True), (0.6, True)]
    assert bootstrap(one_class, lambda s: auroc([x for x, _ in s], [y for _, y in s])).value is None


# --- aggregation per mode (the REPORT.json keys) ---------------------------------------------------------------


def _item(item_id: str, answer: str = "x", wrong: str | None = "y", unanswerable: bool = False) -> EvalItem:
    return EvalItem(id=item_id, question="q?", passages=[Passage(id=f"p-{item_id}", text="t")], answer=answer,
                    hallucinated_answer=wrong, unanswerable=unanswerable)


def test_retrieval_aggregate_names_and_values() -> None:
    results = [
        (_item("a"), {"gold": ["p1"], "ranked": {"fused": ["p1", "p2"], "dense": ["p2", "p1"], "bm25": ["p3"]}}),
        (_item("b"), {"gold": ["p5"], "ranked": {"fused": ["p4", "p6", "p5"], "dense": ["p5"], "bm25": ["p5"]}}),
    ]
    metrics = aggregate_retrieval(results)
    expected_keys = {f"recall@{k}{s}" for k in (1, 5, 10) for s in ("", ".dense", ".bm25")} | {"mrr", "mrr.dense",
                                                                                                "mrr.bm25"}
    assert set(metrics) == expected_keys
    assert metrics["recall@1"].value == 0.5
    assert metrics["recall@5"].value == 1.0
    assert metrics["mrr"].value == pytest.approx((1 + 1 / 3) / 2)
    assert metrics["mrr.dense"].value == pytest.approx((1 / 2 + 1) / 2)
    assert metrics["recall@10.bm25"].value == 0.5
    assert metrics["mrr"].n == 2


def _verdict(accepted: bool, confidence: float) -> dict[str, object]:
    return {"accepted": accepted, "confidence": confidence}


def test_critic_aggregate_names_and_values() -> None:
    rows = [  # (right verdict, wrong verdict, length-controlled)
        (_verdict(True, 0.9), _verdict(False, 0.2), True),
        (_verdict(True, 0.6), _verdict(True, 0.6), True),
        (_verdict(False, 0.3), _verdict(False, 0.4), False),
        (_verdict(True, 0.8), _verdict(False, 0.1), False),
    ]
    results = [(_item(str(i)), {"right": r, "wrong": w, "length_controlled": lc}) for i, (r, w, lc) in enumerate(rows)]
    metrics = aggregate_critic(results)
    assert set(metrics) == {"balanced_accuracy", "pairwise_accuracy", "auroc", "accepted_right", "rejected_wrong",
                            "balanced_accuracy.length_controlled", "pairwise_accuracy.length_controlled",
                            "auroc.length_controlled"}
    # right accepted 3/4, wrong rejected 3/4 -> 0.75
    assert metrics["balanced_accuracy"].value == 0.75
    assert metrics["accepted_right"].value == 0.75 and metrics["rejected_wrong"].value == 0.75
    # pairs: win, tie, loss, win -> 2.5 / 4
    assert metrics["pairwise_accuracy"].value == 0.625
    # positives 0.9 0.6 0.3 0.8 vs negatives 0.2 0.6 0.4 0.1: 4 + (3 + 0.5) + 2 + 4 = 13.5 of 16
    assert metrics["auroc"].value == pytest.approx(13.5 / 16)
    # length-controlled subset: the first two items only
    assert metrics["balanced_accuracy.length_controlled"].value == 0.75  # TPR 1, TNR 1/2
    assert metrics["pairwise_accuracy.length_controlled"].value == 0.75
    assert metrics["auroc.length_controlled"].value == pytest.approx(3.5 / 4)
    assert metrics["auroc.length_controlled"].n == 2 and metrics["auroc"].n == 4


def test_similar_length() -> None:
    assert similar_length("100 MB", "10 MB")
    assert similar_length("March 2018", "April 2016")
    assert not similar_length("60 seconds", "60 seconds on the Enterprise tier only")


def _answer_row(answerable: bool, abstained: bool, cont: float | None, f1: float | None,
                citation: tuple[float, float] | None, retries: int, lat: dict[str, float]) -> dict[str, object]:
    return {"answerable": answerable, "abstained": abstained, "containment": cont, "token_f1": f1,
            "citation": None if citation is None else {"recall": citation[0], "precision": citation[1],
                                                        "sentences": 1, "citations": 1},
            "retries": retries, "latency_ms": lat, "total_ms": sum(lat.values())}


def test_answer_aggregate_names_and_values() -> None:
    rows = [
        _answer_row(True, False, 1.0, 0.5, (1.0, 1.0), 0, {"researcher": 10.0, "synthesizer": 100.0}),
        _answer_row(True, True, 0.0, 0.0, None, 2, {"researcher": 20.0, "synthesizer": 300.0}),
        _answer_row(False, True, None, None, None, 1, {"researcher": 30.0}),
        _answer_row(False, False, None, None, (0.5, 0.0), 0, {"researcher": 40.0, "synthesizer": 200.0}),
    ]
    metrics = aggregate_answer([(_item(str(i)), r) for i, r in enumerate(rows)])
    assert {"containment", "token_f1", "citation_recall", "citation_precision", "abstention_rate",
            "false_abstention_rate", "retries", "latency_ms.researcher", "latency_ms.synthesizer",
            "latency_ms.total"} == set(metrics)
    assert metrics["containment"] == MetricValue(0.5, 0.0, 1.0, 2)
    assert metrics["token_f1"].value == 0.25
    assert metrics["citation_recall"].value == 0.75 and metrics["citation_recall"].n == 2
    assert metrics["citation_precision"].value == 0.5
    assert metrics["abstention_rate"].value == 0.5 and metrics["abstention_rate"].n == 2
    assert metrics["false_abstention_rate"].value == 0.5
    assert metrics["retries"].value == 0.75
    assert metrics["latency_ms.synthesizer"].value == 150.0  # 0 ms where the node did not run
    assert metrics["latency_ms.total"].value == 175.0


# --- the report --------------------------------------------------------------------------------------------------


def test_report_json_has_one_object_per_metric_and_a_meta_key(tmp_path: Path) -> None:
    report = build_report({"recall@1": MetricValue(0.5, 0.25, 0.75, 40), "auroc": MetricValue(None, None, None, 3)},
                          {"mode": "retrieval"})
    path = tmp_path / "REPORT.json"
    write_report(path, report)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["recall@1"] == {"value": 0.5, "ci_low": 0.25, "ci_high": 0.75, "n": 40}
    assert data["auroc"] == {"value": None, "ci_low": None, "ci_high": None, "n": 3}
    assert set(data) == {"recall@1", "auroc", META_KEY}
    assert data[META_KEY]["mode"] == "retrieval"
    assert data[META_KEY]["bootstrap"]["seed"] == 20240607
    text = format_summary(data)
    assert "recall@1" in text and "50.0%" in text and "[25.0%, 75.0%]" in text and "n/a" in text
    with pytest.raises(ValueError):
        build_report({META_KEY: MetricValue(1.0, 1.0, 1.0, 1)}, {})


def test_judged_right_reads_a_phrase_or_most_of_a_long_gold_answer() -> None:
    from masis_desktop.core.evaluation.metrics import judged_right

    assert judged_right("The upload limit is 100 MB per file [c1].", "100 MB")
    assert not judged_right("The upload limit is 25 MB [c1].", "100 MB")
    assert not judged_right("Arthur's Magazine and its rival", "First for Women")
    gold = "Programs must not rely on files in /tmp surviving a reboot"
    assert judged_right("No: files in /tmp may not survive a reboot, so programs must not rely on them.", gold)
    assert not judged_right("Files in /var/tmp are kept between reboots.", gold)
    assert not judged_right("anything", "")


def test_lexical_judge_reads_digit_separators_and_numbers_in_words() -> None:
    from masis_desktop.core.evaluation.judge import lexical_support

    docs = "hashlib.pbkdf2_hmac(hash_name, password, salt, iterations=500_000) derives a key from the password."
    assert lexical_support(docs, "The iterations default to 500,000.")
    assert not lexical_support(docs, "The iterations default to 600,000.")
    stay = "Guests may stay up to 3 nights in a row at the cabin."
    assert lexical_support(stay, "Guests may stay three nights in a row.")
    assert not lexical_support(stay, "Guests may stay 4 nights in a row.")


def test_a_symbol_gold_answer_is_matched_as_written() -> None:
    """A gold answer of punctuation only normalises to nothing; it is looked for as written, not an error."""
    from masis_desktop.core.evaluation.metrics import containment, judged_right

    assert containment("R shows the prompt '>' when it waits for a command.", "'>'") == 1.0
    assert judged_right("The continuation prompt is '+'.", "'+'")
    assert not judged_right("The continuation prompt is a dash.", "'+'")
    assert not judged_right("anything", "''")


def test_a_cited_passage_is_judged_with_its_title_as_alce_gives_it() -> None:
    hit = {"chunk_id": "c7", "document": "/docs/licences/GFDL-1.2.txt", "document_id": 3, "char_start": 0,
           "char_end": 60, "heading": None, "text": "You may copy and distribute the Document in any medium."}
    premise = titled_passage(hit)
    assert premise == "Title: GFDL-1.2\nYou may copy and distribute the Document in any medium."
    sentence = "Under the GFDL 1.2, you may copy and distribute the Document in any medium."
    assert lexical_support(premise, sentence)  # the version is the passage's title, shown to the writer with it
    assert not lexical_support(hit["text"], sentence)  # the text alone never names the version
    assert not lexical_support(premise, "Under the GFDL 1.3, you may copy the Document in any medium.")
    heading = dict(hit, document="/docs/python/library/gzip.html", heading="gzip > Command Line Interface")
    assert titled_passage(heading).startswith("Title: gzip › Command Line Interface\n")
