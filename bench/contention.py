"""How llama.cpp's OpenMP threads fare beside another busy process, by libgomp's wait policy and spin count.

A critic evaluation run (thirtieth session) took 58 minutes instead of 16 while a test suite ran beside it: the
OpenMP threads of llama.cpp spin while they wait for each other, so a second busy process slows it far more than its
share of the 2 cores. An analyst's laptop runs other programs too. Each cell is a fresh worker process (the policy is
read when libgomp loads), the synthesizer model, a fixed prompt and a fixed greedy decode; "busy" adds one process
spinning on one core for the whole cell. Ratios are measured in the same run.

    .venv/bin/python bench/contention.py [--reps 3] [--decode 48]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from common import machine_info, median, write_fragment

HERE = Path(__file__).resolve().parent
PROMPT = ("Evidence: [c1] The Essentials package costs £85 a month for up to 80 bank transactions, including quarterly "
          "VAT returns. [c2] Our Complete package, at £180 a month, covers up to 250 transactions, payroll for up to "
          "eight employees and annual accounts. [c3] Additional employees on payroll cost £5 each per month. ") * 4
# libgomp's settings: its own default spin (about 300,000 rounds before a waiting thread sleeps; written out, as
# importing masis_desktop sets the app's 1,000 unless told otherwise), PASSIVE (they sleep at once), and shorter spins
POLICIES: dict[str, dict[str, str]] = {"libgomp default": {"GOMP_SPINCOUNT": "300000"},
                                       "PASSIVE": {"OMP_WAIT_POLICY": "PASSIVE", "GOMP_SPINCOUNT": "0"},
                                       "GOMP_SPINCOUNT=10000": {"GOMP_SPINCOUNT": "10000"},
                                       "GOMP_SPINCOUNT=1000 (the app's)": {"GOMP_SPINCOUNT": "1000"}}
_KNOBS = ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")


def worker(reps: int, decode: int) -> None:
    """Time ``reps`` calls of prefill + ``decode`` greedy tokens; print the seconds of each as JSON."""
    from masis_desktop.core.llm import registry
    from masis_desktop.core.llm.llama import LlamaLLM

    model = registry.resolve("synthesizer")
    llm = LlamaLLM(model.path, name="synthesizer", n_ctx=2048)
    messages = [{"role": "user", "content": PROMPT + "\nSummarise the packages in three sentences."}]
    times = []
    for _ in range(reps):
        llm._llama.reset()
        start = time.perf_counter()
        llm._llama.create_chat_completion(messages=messages, max_tokens=decode, temperature=0.0)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
    print(json.dumps(times))


def cell(policy: dict[str, str], busy: bool, reps: int, decode: int) -> float:
    env = {k: v for k, v in os.environ.items() if k not in _KNOBS} | policy
    # spins until its parent goes, so an interrupted run leaves no spinner behind
    spin = "import os\nparent = os.getppid()\nwhile os.getppid() == parent: pass"
    spinner = subprocess.Popen([sys.executable, "-c", spin]) if busy else None
    try:
        out = subprocess.run([sys.executable, str(HERE / "contention.py"), "--worker", "--reps", str(reps),
                              "--decode", str(decode)], env=env, check=True, capture_output=True, text=True).stdout
    finally:
        if spinner is not None:
            spinner.kill()
            spinner.wait()
    return median(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--decode", type=int, default=48)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.reps, args.decode)
        return
    results: dict[tuple[str, bool], float] = {}
    for name, policy in POLICIES.items():
        for busy in (False, True):
            results[(name, busy)] = cell(policy, busy, args.reps, args.decode)
            print(f"{name:32} {'busy' if busy else 'alone':5} {results[(name, busy)]:.2f} s", flush=True)
    lines = ["| libgomp setting | alone s | beside a busy process s | busy / alone | alone / default alone "
             "| busy / default busy |", "|---|---|---|---|---|---|"]
    base_alone, base_busy = results[("libgomp default", False)], results[("libgomp default", True)]
    for name in POLICIES:
        alone_s, busy_s = results[(name, False)], results[(name, True)]
        lines.append(f"| {name} | {alone_s:.2f} | {busy_s:.2f} | {busy_s / alone_s:.2f} | {alone_s / base_alone:.2f} "
                     f"| {busy_s / base_busy:.2f} |")
    table = "\n".join(lines)
    print(table)
    write_fragment("contention", "## llama.cpp beside another busy process: OpenMP wait policy\n\n"
                   f"Machine: {machine_info()}. Synthesizer model, {len(PROMPT.split())}-word prompt, {args.decode} "
                   f"greedy decode tokens, median of {args.reps} calls per cell, each cell a fresh process; busy = "
                   "one other process spinning on one core.\n\n" + table)


if __name__ == "__main__":
    main()
