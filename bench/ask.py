"""``ask(...)`` end to end on the real default models and the sample workspace, per path, against the LLM floor.

Paths: *happy* (an answerable question, first after loading; then a second one with the caches warm), *conflict*
(the sample's deliberate conflict, two remote-work policies, ``max_retries=1``: an answer stating both passes in
one pass, one side only costs a retry and then the conflict escalation; the table shows which happened), *HITL*
(a question the documents cannot answer: no model call at all).

For every run it prints the time per node, the time to the first streamed answer token, and the **LLM floor**:
each model call of the run replayed on the raw llama.cpp context of the same model, in the same process -- the same
number of prompt tokens prefilled (the KV-cached part rebuilt untimed first, so cache reuse counts the same) and
the same number of single-token decode steps, with no chat template, sampler, grammar or Python around it.
From these:

* pipeline code share: wall time outside model calls (search, evidence selection, audit, history) / wall time;
* runtime overhead: model-call wall time / floor - 1, separately for streamed and grammar-constrained calls;
* evaluator prefill / critic prefill (the shared-prefix KV reuse);
* time to first token, and the synthesizer's prompt size behind it.

    .venv/bin/python bench/ask.py [--skip-retry]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from common import machine_info, write_fragment

QUESTIONS = {
    "happy": ("What is the budget of the applied AI programme and who leads it?", None),
    "happy2": ("When will the Gdansk office open and who will lead it?", None),
    "retry": ("How many days per week may staff work remotely?", 1),
    "hitl": ("What is the capital of France?", None),
}
NODES = ("researcher", "synthesizer", "critic", "supervisor", "evaluator")


def raw_model(llm: Any) -> Any:
    """A second, bare llama.cpp context on the same GGUF file and settings: replays never touch the app's cache."""
    import llama_cpp

    from masis_desktop.core.llm.llama import default_threads

    threads = default_threads()
    raw = llama_cpp.Llama(model_path=str(llm.path), n_ctx=llm.n_ctx, n_threads=threads, n_threads_batch=threads,
                          n_batch=256, n_ubatch=256, seed=0, verbose=False)
    raw.eval(raw.tokenize(b"warm up the context", add_bos=False))
    raw.reset()
    return raw


def floor_ms(raw: Any, prompt_tokens: int, prefill_tokens: int, completion_tokens: int, filler: list[int],
             reps: int = 2) -> float:
    """Raw llama.cpp time for ``prefill_tokens`` of prefill (after ``prompt - prefill`` cached) + decode steps."""
    cached = max(0, prompt_tokens - prefill_tokens)
    tokens = (filler * (1 + prompt_tokens // len(filler)))[:prompt_tokens]
    best = float("inf")
    for _ in range(reps):
        raw.reset()
        if cached:
            raw.eval(tokens[:cached])
        start = time.perf_counter()
        raw.eval(tokens[cached:prompt_tokens] or tokens[-1:])
        for i in range(completion_tokens):  # one decode step per token; which token does not change its cost
            raw.eval([filler[i % len(filler)]])
        best = min(best, (time.perf_counter() - start) * 1000)
    raw.reset()
    return best


def run_path(label: str, question: str, max_retries: int | None, ws: Any, models: Any) -> dict[str, Any]:
    from masis_desktop.core.events import NodeFinished
    from masis_desktop.core.pipeline import ask

    gen = ask(question, workspace=ws, models=models, max_retries=max_retries, save_history=False)
    start = time.perf_counter()
    node_wall: dict[str, float] = {}
    last = start
    result = None
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            result = stop.value
            break
        if isinstance(event, NodeFinished):
            now = time.perf_counter()
            node_wall[event.node] = node_wall.get(event.node, 0.0) + (now - last) * 1000
            last = now
    wall = (time.perf_counter() - start) * 1000
    r = result.response
    calls = r["metrics"]["llm_calls"]
    llm_wall = sum(c.get("total_ms", 0.0) for c in calls)
    return {"label": label, "question": question, "response": r, "wall_ms": wall, "node_wall": node_wall,
            "llm_wall": llm_wall}


def summarise(run: dict[str, Any], raws: dict[str, Any], filler: dict[str, list[int]]) -> dict[str, Any]:
    r = run["response"]
    calls = r["metrics"]["llm_calls"]
    wall, node_wall, llm_wall, label, question = (run["wall_ms"], run["node_wall"], run["llm_wall"], run["label"],
                                                  run["question"])
    floors = []
    for c in calls:
        name = c["model"]
        f = floor_ms(raws[name], c["prompt_tokens"], c["prefill_tokens"], c["completion_tokens"], filler[name])
        floors.append({**c, "floor_ms": round(f, 1)})
    stream = [c for c in floors if c["node"] == "synthesizer"]
    structured = [c for c in floors if c["node"] != "synthesizer"]

    def over(cs: list[dict[str, Any]]) -> float | None:
        fl = sum(c["floor_ms"] for c in cs)
        return None if not fl else sum(c["total_ms"] for c in cs) / fl - 1

    crit = [c for c in calls if c["node"] == "critic"]
    ev = [c for c in calls if c["node"] == "evaluator"]
    synth0 = stream[0] if stream else None
    return {
        "label": label, "question": question, "status": r["status"], "variant": r["metrics"].get("hitl_variant"),
        "passes": sum(1 for e in r["trace"] if e["node"] == "critic"), "wall_ms": round(wall, 1),
        "nodes_ms": {n: round(node_wall.get(n, 0.0), 1) for n in NODES},
        "ttft_ms": r["metrics"].get("time_to_first_token_ms"),
        "synth_prompt_tokens": synth0["prompt_tokens"] if synth0 else None,
        "synth_prefill_tokens": synth0["prefill_tokens"] if synth0 else None,
        "llm_wall_ms": round(llm_wall, 1), "floor_ms": round(sum(c["floor_ms"] for c in floors), 1),
        "code_share": (wall - llm_wall) / wall if wall else 0.0,
        "stream_overhead": over(stream), "structured_overhead": over(structured),
        "critic_prefill": crit[-1]["prefill_tokens"] if crit else None,
        "evaluator_prefill": ev[0]["prefill_tokens"] if ev else None,
        "calls": floors, "answer": r["answer"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-retry", action="store_true")
    parser.add_argument("--no-warm-up", action="store_true",
                        help="do not prefill the system prompts after loading (the app does, core/agents/warmup.py)")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="masis-bench-ask-"))
    os.environ["MASIS_HOME"] = str(home)
    from masis_desktop import paths
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.core.pipeline import Models
    from masis_desktop.core.store.workspace import Workspace, create_workspace

    create_workspace("Sample")
    ws = Workspace.open("Sample")
    for _ in ws.ingest([paths.sample_workspace_dir()]):
        pass
    pool = ModelPool()
    t0 = time.perf_counter()
    models = Models.from_pool(pool, embedder=ws.embedder)
    load_s = time.perf_counter() - t0
    warm: dict[str, float] = {}
    if not args.no_warm_up:  # what the app does in its background loading job
        from masis_desktop.core.pipeline.warmup import warm_up

        warm = warm_up({"synthesizer": models.synthesizer, "critic": models.critic, "evaluator": models.evaluator})
    warm_note = ("system prompts prefilled after loading, as the app does ("
                 + ", ".join(f"{r} {s_:.1f} s" for r, s_ in warm.items()) + ")") if warm else "no warm-up"
    filler_text = " ".join(h.text for h in ws.search("revenue drones policy budget", 10))
    raws = {m.name: raw_model(m) for m in (models.synthesizer, models.critic)}
    filler = {name: raw.tokenize(filler_text.encode(), add_bos=False) for name, raw in raws.items()}
    plan = [("happy (first question)", "happy"), ("happy (warm, new question)", "happy2")]
    if not args.skip_retry:
        plan.append(("conflict (two policies; one retry allowed)", "retry"))
    plan.append(("HITL (nothing relevant)", "hitl"))
    runs = []
    for label, key in plan:  # each run's floor is replayed right after it, so both see the same machine load
        runs.append(summarise(run_path(label, *QUESTIONS[key], ws, models), raws, filler))
        print(f"{label}: done", flush=True)
    ws.close()
    pool.close()

    for r in runs:
        print(json.dumps({k: v for k, v in r.items() if k != "calls"}, indent=1))
        for c in r["calls"]:
            print(f"   {c['node']:<11} it{c['iteration']} prompt {c['prompt_tokens']:>5} "
                  f"prefill {c['prefill_tokens']:>5} decode {c['completion_tokens']:>4}  "
                  f"call {c['total_ms']:>9.0f} ms  floor {c['floor_ms']:>9.0f} ms")

    def pctf(v: float | None) -> str:
        return "-" if v is None else f"{v * 100:+.0f} %"

    lines = ["| Path | Result | Passes | Wall s | TTFT s | Researcher | Synthesizer | Critic | Evaluator "
             "| Code share | Stream vs floor | Structured vs floor | Eval/critic prefill |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        n = r["nodes_ms"]
        ttft = "-" if r["ttft_ms"] is None else f"{r['ttft_ms'] / 1000:.1f}"
        ratio = (f"{r['evaluator_prefill']}/{r['critic_prefill']} tok"
                 if r["evaluator_prefill"] is not None and r["critic_prefill"] else "-")
        lines.append(
            f"| {r['label']} | {r['status']}{' (' + r['variant'] + ')' if r['variant'] else ''} | {r['passes']} "
            f"| {r['wall_ms'] / 1000:.1f} | {ttft} "
            f"| {n['researcher'] / 1000:.2f} | {n['synthesizer'] / 1000:.1f} | {n['critic'] / 1000:.1f} "
            f"| {n['evaluator'] / 1000:.1f} | {r['code_share'] * 100:.1f} % | {pctf(r['stream_overhead'])} "
            f"| {pctf(r['structured_overhead'])} | {ratio} |")
    table = "\n".join(lines)
    print()
    print(table)
    write_fragment("ask", "## Ask: the pipeline per path vs the LLM floor (`bench/ask.py`)\n\n"
                   f"Machine: {machine_info()}. Models: writer {models.synthesizer.name}, critic "
                   f"{models.critic.name}, evaluator {models.evaluator.name} "
                   f"({len({id(models.synthesizer), id(models.critic), id(models.evaluator)})} instance(s)), "
                   f"sample workspace, models loaded in {load_s:.1f} s before the first run, {warm_note} "
                   "(not counted). "
                   f"Load average at the end {os.getloadavg()[0]:.1f}.\n\n"
                   + table + "\n\n"
                   "*Code share*: wall time outside model calls (search, evidence selection, code audit, routing) / "
                   "wall time. *vs floor*: model-call wall time against the same prefill + decode token counts on "
                   "the raw llama.cpp context (no template, sampler chain, grammar or instructor). "
                   "*Eval/critic prefill*: tokens the evaluator had to prefill against the critic's (shared prefix "
                   "in the KV cache).")


if __name__ == "__main__":
    main()
