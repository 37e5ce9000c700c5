"""LLM throughput per role model: raw llama-cpp-python versus the app's runtime, in the same run.

For each distinct role model we time, on one loaded ``Llama`` with the KV cache cleared before every call:

* raw streamed      ``Llama.create_chat_completion(stream=True)``            vs  runtime ``LlamaLLM.stream``
* raw structured    ``create_chat_completion(response_format=json_object+schema)`` (the same grammar)
                                                                             vs  runtime ``LlamaLLM.structured``
                                                                                 (instructor + translation)

Calls are interleaved (the order alternating per round) and repeated; the overhead is the median of the
per-round ratios runtime/raw. Prefill and decode tokens/s come from llama.cpp's own
performance counters. Overhead = runtime wall time / raw wall time - 1 (goal: under 3 %).

    .venv/bin/python bench/llm_throughput.py [--roles synthesizer critic] [--reps 3] [--decode 64]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from common import machine_info, median, write_fragment
from pydantic import BaseModel, Field

from masis_desktop.core.llm import registry
from masis_desktop.core.llm.llama import LlamaLLM

EVIDENCE = (
    "[c1] Revenue for the third quarter of 2026 was NOK 214.6 million, up 18 percent from NOK 181.9 million. "
    "EBITDA was NOK 31.2 million, an EBITDA margin of 14.5 percent. [c2] SeaScan drone shipments reached 184 units "
    "in the quarter and 507 units in the first nine months. The order backlog was NOK 612 million. [c3] Headcount "
    "was 486 full-time employees, of whom 64 work at the Oslo office. [c4] The applied AI programme was approved "
    "with a budget of NOK 48 million for 2027 and is led by Dr. Tomas Lindqvist from the Oslo office. "
)


class Verdict(BaseModel):
    """A small, bounded schema like the critic's."""

    confidence: float
    supported: bool
    unsupported_claims: list[str] = Field(max_length=3)
    reason: str = Field(max_length=200)


def messages(n_evidence: int, nonce: int) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": f"You are a careful analyst (run {nonce})."},
        {"role": "user", "content": "Evidence:\n" + EVIDENCE * n_evidence +
         "\nQuestion: Summarise the quarter in detail, citing evidence ids, in at least five sentences."},
    ]


def perf(llm: LlamaLLM) -> tuple[float, float, int, int]:
    return llm._perf()


def timed(fn: Any, llm: LlamaLLM) -> dict[str, float]:
    llm._llama.reset()
    p0 = perf(llm)
    start = time.perf_counter()
    fn()
    wall = time.perf_counter() - start
    p1 = perf(llm)
    return {"wall": wall, "p_ms": p1[0] - p0[0], "e_ms": p1[1] - p0[1], "n_p": p1[2] - p0[2], "n_e": p1[3] - p0[3]}


def bench_model(role: str, reps: int, decode: int, n_evidence: int) -> dict[str, Any]:
    model = registry.require(role)
    t0 = time.perf_counter()
    llm = LlamaLLM(model.path, name=model.name, n_ctx=4096)
    load_s = time.perf_counter() - t0
    raw = llm._llama
    schema = Verdict.model_json_schema()
    results: dict[str, list[dict[str, float]]] = {k: [] for k in ("raw_stream", "rt_stream", "raw_struct", "rt_struct")}
    for rep in range(reps + 1):  # the first round warms up (grammar compile, instructor import) and is dropped
        msgs = messages(n_evidence, rep)

        def raw_stream(msgs: list[dict[str, str]] = msgs) -> None:
            for _ in raw.create_chat_completion(messages=msgs, max_tokens=decode, temperature=0.0,  # type: ignore[arg-type]
                                                stream=True):
                pass

        def rt_stream(msgs: list[dict[str, str]] = msgs) -> None:
            for _ in llm.stream(msgs, max_tokens=decode):
                pass

        def raw_struct(msgs: list[dict[str, str]] = msgs) -> None:
            out = raw.create_chat_completion(messages=msgs, max_tokens=decode * 2, temperature=0.0,  # type: ignore[arg-type]
                                             response_format={"type": "json_object", "schema": schema})
            Verdict.model_validate_json(out["choices"][0]["message"]["content"])  # type: ignore[index]

        def rt_struct(msgs: list[dict[str, str]] = msgs) -> None:
            llm.structured(msgs, Verdict, max_tokens=decode * 2, max_retries=0)

        pairs = [(("raw_stream", raw_stream), ("rt_stream", rt_stream)),
                 (("raw_struct", raw_struct), ("rt_struct", rt_struct))]
        for pair in pairs:
            # Alternate which side goes first so a drift in machine load does not favour either side.
            for name, fn in (pair if rep % 2 else pair[::-1]):
                r = timed(fn, llm)
                if rep > 0:
                    results[name].append(r)
    llm.close()

    def med(name: str, key: str) -> float:
        return median([r[key] for r in results[name]])

    out: dict[str, Any] = {"role": role, "model": model.name, "load_s": load_s}
    out["prompt_tokens"] = med("raw_stream", "n_p")
    out["prefill_tps"] = med("raw_stream", "n_p") / (med("raw_stream", "p_ms") / 1000)
    out["decode_tps"] = med("raw_stream", "n_e") / (med("raw_stream", "e_ms") / 1000)
    for kind in ("stream", "struct"):
        out[f"raw_{kind}_s"] = med(f"raw_{kind}", "wall")
        out[f"rt_{kind}_s"] = med(f"rt_{kind}", "wall")
        # Median of the per-round ratios: each runtime call is compared with the raw call made right next to it.
        out[f"overhead_{kind}"] = median([rt["wall"] / raw["wall"] for raw, rt in
                                          zip(results[f"raw_{kind}"], results[f"rt_{kind}"], strict=True)]) - 1
        out[f"tokens_{kind}"] = (med(f"rt_{kind}", "n_p"), med(f"rt_{kind}", "n_e"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roles", nargs="+", default=["synthesizer", "critic"])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--decode", type=int, default=64)
    parser.add_argument("--evidence", type=int, default=3, help="repeat the evidence block N times (prompt size)")
    args = parser.parse_args()
    rows = []
    load_before = os.getloadavg()[0]
    for role in args.roles:
        print(f"benchmarking {role} ...", flush=True)
        row = bench_model(role, args.reps, args.decode, args.evidence)
        rows.append(row)
        print(json.dumps(row, indent=1))
    lines = [
        "| Role (model) | Load s | Prompt tok | Prefill tok/s | Decode tok/s | Raw stream s | Runtime stream s "
        "| Overhead | Raw structured s | Runtime structured s | Overhead |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['role']} ({r['model']}) | {r['load_s']:.1f} | {r['prompt_tokens']:.0f} | {r['prefill_tps']:.1f} "
            f"| {r['decode_tps']:.1f} | {r['raw_stream_s']:.2f} | {r['rt_stream_s']:.2f} "
            f"| {r['overhead_stream'] * 100:+.1f} % | {r['raw_struct_s']:.2f} | {r['rt_struct_s']:.2f} "
            f"| {r['overhead_struct'] * 100:+.1f} % |"
        )
    table = "\n".join(lines)
    print()
    print(table)
    write_fragment("llm_throughput", "## LLM throughput: raw llama-cpp-python vs the runtime\n\n"
                   f"Machine: {machine_info()}. Medians of {args.reps} interleaved runs, cold KV cache each call, "
                   f"greedy, {args.decode} decode tokens (structured: up to {args.decode * 2}). Load average "
                   f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after. Overhead = median over rounds of "
                   "runtime / raw wall time - 1, the two calls of a round made back to back in alternating order."
                   "\n\n" + table)


if __name__ == "__main__":
    main()
