"""Pipeline faults: models missing or altered at ask time, a critic that cannot answer, evidence larger than the
context window, a question larger than the context window, and cancel in every stage.

Each fault must end as a clear message (CLI: one line on stderr and the error's exit code, never a traceback) or as
a completed run whose trace says what failed; a cancelled run saves nothing. Real llama.cpp (SmolLM2) where the
runtime is the subject, scripted models where only the routing is.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from masis_desktop.cli.main import main
from masis_desktop.core.events import CancelToken, StageStarted, TokenStreamed
from masis_desktop.core.history import History
from masis_desktop.core.llm import registry
from masis_desktop.core.llm.llama import LlamaLLM
from masis_desktop.core.llm.pool import ModelPool
from masis_desktop.core.pipeline import Models, ask, run_to_end
from masis_desktop.errors import CancelledError, ModelVerificationError
from masis_desktop.settings import load_settings, save_settings
from tests.core.pipeline_support import FixedRetriever, Scripted, audit, hit, score
from tests.reliability.support import record

Q = "What is the upload timeout?"
DOC = "# Handbook\n\nThe upload timeout is 60 seconds for every plan. Support answers within two business days.\n"


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def handbook(tmp_path: Path) -> str:
    doc = tmp_path / "handbook.md"
    doc.write_text(DOC, "utf-8")
    assert _cli(["ingest", "hb", str(doc), "--create", "--json"])[0] == 0
    return "hb"


@pytest.fixture
def own_model(tmp_path: Path, tiny_model_path: Path) -> Path:
    """A private copy of the tiny GGUF registered for every role, so the test may break it."""
    copy = tmp_path / "models" / "mine.gguf"
    copy.parent.mkdir()
    shutil.copyfile(tiny_model_path, copy)
    for role in ("synthesizer", "critic", "evaluator"):
        registry.register_user_model(role, copy)
    return copy


def _flip_byte(path: Path, offset: int) -> None:
    with open(path, "r+b") as fh:
        fh.seek(offset)
        byte = fh.read(1)
        fh.seek(offset)
        fh.write(bytes([byte[0] ^ 0xFF]))


def test_model_missing_or_altered_at_ask_time_is_a_clear_error(handbook: str, own_model: Path,
                                                               tmp_path: Path, models_dir: Path) -> None:
    faults: dict[str, dict[str, Any]] = {}

    def ask_fails(label: str, needle: str) -> None:
        code, out, err = _cli(["ask", handbook, Q, "--max-retries", "0"])
        assert code == 3 and out == "" and "Traceback" not in err, (label, code, err)
        last = err.strip().splitlines()[-1]
        assert last.startswith("error: ") and needle in last, (label, err)
        assert History(handbook).list() == []
        faults[label] = {"exit_code": code, "message": last[:240]}

    size = own_model.stat().st_size
    _flip_byte(own_model, size // 2)  # same size, one byte of the weights changed
    ask_fails("GGUF altered in place (one byte, same size)", "altered or corrupt")
    _flip_byte(own_model, size // 2)
    with open(own_model, "r+b") as fh:
        fh.truncate(size - 4096)
    ask_fails("GGUF truncated", "truncated or altered")
    own_model.write_bytes(b"GGUF" + bytes(size - 4))  # a different file of the same size
    ask_fails("GGUF replaced by another file of the same size", "altered or corrupt")
    own_model.unlink()
    ask_fails("user's GGUF deleted", "no longer exists")

    # The shipped models missing from the store (overrides removed, a store holding only the embedder).
    for role in ("synthesizer", "critic", "evaluator"):
        registry.clear_user_model(role)
    store = tmp_path / "store"
    store.mkdir()
    for name in ("all-MiniLM-L6-v2", "derived"):
        (store / name).symlink_to(models_dir / name, target_is_directory=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MASIS_MODELS_DIR", str(store))
        ask_fails("shipped GGUF missing from the model store", "masis models fetch")
    record("model_faults", faults=faults)


def test_a_loaded_model_altered_on_disk_is_refused_before_the_next_ask(own_model: Path) -> None:
    """The desktop app keeps models loaded between questions; the pool re-verifies the file on every ``get``."""
    pool = ModelPool(load_settings())
    try:
        first = pool.get("synthesizer")
        assert pool.get("synthesizer") is first  # cached while the file is unchanged
        _flip_byte(own_model, own_model.stat().st_size // 3)
        with pytest.raises(ModelVerificationError, match="altered or corrupt"):
            pool.get("synthesizer")
        with pytest.raises(ModelVerificationError):
            Models.from_pool(pool, embedder=False)
    finally:
        pool.close()


def test_a_loaded_model_truncated_on_disk_is_refused_before_it_is_touched(own_model: Path) -> None:
    """``cp new.gguf model.gguf`` truncates the file in place: llama.cpp maps it, so touching the loaded weights
    would now raise SIGBUS. The next ask must be refused on the size check, before any weight is read."""
    pool = ModelPool(load_settings())
    try:
        pool.get("synthesizer")
        with open(own_model, "r+b") as fh:
            fh.truncate(4096)
        with pytest.raises(ModelVerificationError, match="truncated or altered"):
            pool.get("synthesizer")
    finally:
        pool.close()


def _long_evidence() -> FixedRetriever:
    facts = ["The upload timeout is 60 seconds for every plan.", "Support answers within two business days.",
             "Uploads larger than 2 GB are split into parts.", "Each part is retried three times.",
             "The archive keeps uploads for 90 days."]
    filler = ("Operators review the upload logs every morning and note anything unusual in the shared journal, "
              "which the platform team reads before its weekly planning meeting. ")
    hits = []
    for i, fact in enumerate(facts, 1):
        hits.append(hit(f"c{i}", (filler * 12 + fact + " " + filler * 6).strip(), 0.95 - i / 100,
                        document=f"part{i}.md"))
    return FixedRetriever(hits)


def test_evidence_larger_than_the_context_window_is_compressed_to_fit(tiny_model_path: Path) -> None:
    """n_ctx 512 (the smallest settings allow), an evidence budget of 16,000 tokens, ~2,500 tokens of passages:
    the synthesizer's prompt must still fit (llama.cpp refuses a prompt longer than its window), and the critic,
    whose fixed instructions alone exceed 512 tokens, must fail into the recorded code-audit fallback."""
    n_ctx = 512
    settings = load_settings()
    settings.pipeline.context_tokens = 16_000
    settings.pipeline.synth_max_tokens = 48
    settings.models.n_ctx = n_ctx
    llm = LlamaLLM(tiny_model_path, name="smollm2-512", n_ctx=n_ctx)
    try:
        retriever = _long_evidence()
        raw_tokens = sum(llm.count_tokens(h.text) for h in retriever.hits)
        assert raw_tokens > 4 * n_ctx
        result = run_to_end(ask(Q, workspace=retriever, models=Models(llm, llm, llm), settings=settings,
                                max_retries=0, save_history=False))
    finally:
        llm.close()
    r = result.response
    synth = next(c for c in r["metrics"]["llm_calls"] if c["node"] == "synthesizer")
    assert synth["prompt_tokens"] + settings.pipeline.synth_max_tokens <= n_ctx, synth
    writer = next(e for e in r["trace"] if e["node"] == "synthesizer")
    assert writer["context_compressed"] and writer["context_tokens"] < raw_tokens
    critic = next(e for e in r["trace"] if e["node"] == "critic")
    assert critic["model_audit"] in ("failed", "skipped"), critic
    if critic["model_audit"] == "failed":
        assert "context window" in critic["model_audit_error"] or "exceed" in critic["model_audit_error"]
        assert r["critique"]["model_confidence"] is None and 0.0 <= r["confidence"] <= 1.0
        assert r["evaluation"]["model_status"] == "failed"
    record("context_overflow", n_ctx=n_ctx, evidence_tokens_retrieved=raw_tokens,
           synthesizer_prompt_tokens=synth["prompt_tokens"], evidence_tokens_shown=writer["context_tokens"],
           critic_model_audit=critic["model_audit"], critic_error=(critic["model_audit_error"] or "")[:160],
           evaluator=r["evaluation"]["model_status"], status=r["status"])


def test_a_question_larger_than_the_context_window_is_a_clear_error(handbook: str, own_model: Path) -> None:
    settings = load_settings()
    settings.models.n_ctx = 512
    save_settings(settings)
    question = "What is the upload timeout for every plan? " * 150  # on topic, so it reaches the writer
    code, out, err = _cli(["ask", handbook, question, "--max-retries", "0"])
    assert code == 3 and out == "" and "Traceback" not in err, (code, err[-2000:])
    assert "context window" in err and "n_ctx" in err, err
    assert History(handbook).list() == []
    record("question_overflow", n_ctx=512, question_chars=len(question), exit_code=code,
           message=err.strip().splitlines()[-1][:240])


def _scripted(cancel: CancelToken, where: str) -> Scripted:
    """Two passes' worth of replies; the one at ``where`` cancels the run from inside the model call."""
    s = Scripted()

    def cancelling(reply: Any) -> Any:
        def call(_messages: Any) -> Any:
            cancel.cancel()
            return reply
        return call

    draft = "The upload timeout is 30 seconds [c1]."  # wrong: forces a retry
    good = "The upload timeout is 60 seconds [c1]."
    s.synth.enqueue(cancelling(draft) if where == "synthesizer call" else draft,
                    cancelling(good) if where == "retry synthesizer call" else good)
    s.judge.enqueue(cancelling(audit(0.9)) if where == "critic call" else audit(0.9), audit(0.9),
                    cancelling(score()) if where == "evaluator call" else score())
    return s


# The scripted run: a wrong first draft (retry), then a good one (finalize), then scoring; every stage of both
# passes, and inside every model call (the call returns, the cancel was requested while it ran).
STAGES = ["researching#0", "writing#0", "auditing#0", "deciding#0", "researching#1", "writing#1", "auditing#1",
          "deciding#1", "scoring#1"]
CALLS = ["synthesizer call", "critic call", "retry synthesizer call", "evaluator call"]


@pytest.mark.parametrize("where", STAGES + CALLS)
def test_cancel_in_every_stage_saves_nothing(where: str) -> None:
    cancel = CancelToken()
    s = _scripted(cancel, where)
    retriever = FixedRetriever([hit("c1", "Upload timeout: 60 seconds.", 0.9)], name="cancelws")
    stage, _, it = where.partition("#")
    iteration = int(it) if it else -1
    gen = ask(Q, workspace=retriever, models=s.models, cancel=cancel, max_retries=1)
    seen: list[str] = []
    with pytest.raises(CancelledError):
        for event in gen:
            if isinstance(event, StageStarted):
                seen.append(f"{event.stage}#{event.iteration}")
                if event.stage == stage and event.iteration == iteration:
                    cancel.cancel()
    assert History("cancelws").list() == [] and not History("cancelws").path.exists()
    if where in STAGES:
        assert seen[-1] == where, seen  # stopped in the stage it was cancelled in
    record_cancel(where, seen)


_CANCELS: dict[str, list[str]] = {}


def record_cancel(where: str, seen: list[str]) -> None:
    _CANCELS[where] = seen
    if len(_CANCELS) == len(STAGES) + len(CALLS):
        record("cancel", points=len(_CANCELS), stages_reached={k: v[-1] for k, v in sorted(_CANCELS.items())},
               history_entries_saved=0)


def test_cancel_interrupts_a_real_prefill(tiny_model_path: Path) -> None:
    """Cancel 0.3 s into the writing stage lands in llama.cpp's prefill (abort callback), not after it."""
    llm = LlamaLLM(tiny_model_path, name="smollm2", n_ctx=2048)
    cancel = CancelToken()
    retriever = _long_evidence()
    settings = load_settings()
    settings.pipeline.context_tokens = 1200  # a long prefill: ~10-20 s on this machine
    stamps: dict[str, float] = {}
    try:
        gen = ask(Q, workspace=retriever, models=Models(llm, llm, llm), settings=settings, cancel=cancel,
                  max_retries=0, save_history=False)
        with pytest.raises(CancelledError):
            for event in gen:
                if isinstance(event, StageStarted) and event.stage == "writing":
                    timer = threading.Timer(0.3, lambda: (stamps.setdefault("cancel", time.monotonic()),
                                                          cancel.cancel()))
                    timer.start()
                assert not isinstance(event, TokenStreamed), "the prefill finished before the cancel"
        stamps["raised"] = time.monotonic()
    finally:
        llm.close()
    latency = stamps["raised"] - stamps["cancel"]
    assert latency < 5.0, latency  # generous: the abort callback runs between graph nodes
    record("cancel_real_prefill", seconds_from_cancel_to_stop=round(latency, 3))


def test_faults_leave_the_cli_output_parseable(handbook: str, own_model: Path) -> None:
    """``--json`` consumers get nothing on stdout when a run fails, and the error on stderr."""
    own_model.unlink()
    code, out, err = _cli(["ask", handbook, Q, "--json"])
    assert code == 3 and out == "" and err.strip().splitlines()[-1].startswith("error: ")
    with pytest.raises(json.JSONDecodeError):
        json.loads(out or "x")
