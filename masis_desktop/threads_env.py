"""How long llama.cpp's OpenMP threads spin before they sleep. Kept dependency-free: libgomp reads it once, when it
loads (with faiss or llama.cpp), so it must be set before anything else is imported.

libgomp's default lets a waiting thread spin about 300,000 rounds. Alone on the machine that gains nothing; beside
any other busy process (a browser, a second app, the test suite) the spinning threads steal the cores they wait for:
`bench/contention.py` measured a fixed generation 4.1x slower beside one busy process with the default (5.2x in a
first run) and 2.0x with 1,000 rounds, at no measurable cost alone (docs/BENCHMARKS.md). A user's own setting wins.
"""

import os

SPIN_ENV = {"GOMP_SPINCOUNT": "1000"}


def set_thread_spin() -> None:
    """Set libgomp's spin count for this process and its children, unless the user has set it."""
    for key, value in SPIN_ENV.items():
        os.environ.setdefault(key, value)
