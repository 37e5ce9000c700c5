"""Can this machine run the models? Checked before anything loads them, so the user gets a sentence, not a crash.

Two things fail badly on an analyst's laptop:

- **CPU instructions.** llama.cpp is compiled for the CPU of the machine that built it (``GGML_NATIVE``). On a CPU
  without, say, AVX-512, the first matrix multiply dies with SIGILL ("Illegal instruction"): no Python exception,
  no message, the window just vanishes. The instruction sets the engine needs come from llama.cpp's own system
  info: recorded at build time in the bundle (``cpu_requirements.json``, written by ``build.spec``), or read from
  the installed ``llama_cpp`` in a source checkout. They are compared with the CPU's flags (``/proc/cpuinfo``).
- **Memory.** The default models need about 2.4 GB free (one 1.5B file serves writer, critic and evaluator); with
  less, the OS swaps or kills the process mid-answer. The requirement is the sum of the model files the task
  loads (the user's own GGUF counts at its real size) plus a fixed allowance for the runtime (Python, torch, KV
  caches, Qt).

Where the platform gives no answer (no ``/proc`` on macOS, unknown CPU vendor), the check reports "unknown" and
does not block. ``MASIS_SKIP_SYSREQ=1`` skips the check for people who know better (e.g. a VM hiding flags).
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from masis_desktop import paths
from masis_desktop.errors import MasisError
from masis_desktop.settings import Settings

Purpose = Literal["ask", "ingest", "app"]
CPU_REQUIREMENTS_FILE = "cpu_requirements.json"
SKIP_ENV = "MASIS_SKIP_SYSREQ"
# Python, torch, tokenizers, Qt, llama.cpp KV caches at the default 4096-token context and compute buffers.
RUNTIME_OVERHEAD_BYTES = 1_200_000_000
# The models each task loads: ingest embeds; asking (and the app, which asks) needs every role.
PURPOSE_ROLES: dict[str, tuple[str, ...]] = {
    "ingest": ("embedder",),
    "ask": ("embedder", "synthesizer", "critic", "evaluator"),
    "app": ("embedder", "synthesizer", "critic", "evaluator"),
}
# llama.cpp's system-info feature names → the x86 flag names Linux prints in /proc/cpuinfo.
LLAMA_TO_CPUINFO: dict[str, str] = {
    "SSE3": "pni",
    "SSSE3": "ssse3",
    "AVX": "avx",
    "AVX_VNNI": "avx_vnni",
    "AVX2": "avx2",
    "F16C": "f16c",
    "FMA": "fma",
    "BMI2": "bmi2",
    "AVX512": "avx512f",
    "AVX512_VBMI": "avx512vbmi",
    "AVX512_VNNI": "avx512_vnni",
    "AVX512_BF16": "avx512_bf16",
    "AMX_INT8": "amx_int8",
    "AMX_BF16": "amx_bf16",
}
_FEATURE = re.compile(r"\b([A-Z0-9_]+)\s*=\s*1\b")


class SystemRequirementsError(MasisError):
    """The machine lacks the CPU instructions or the free memory the models need."""

    exit_code = 5


def parse_system_info(text: str) -> list[str]:
    """CPU features a llama.cpp build uses, from ``llama_print_system_info()`` ("AVX2 = 1 | ...")."""
    found: list[str] = []
    for name in _FEATURE.findall(text):
        if name in LLAMA_TO_CPUINFO and name not in found:
            found.append(name)
    return found


def _read_requirements_file(path: Path) -> list[str] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    features = data.get("features") if isinstance(data, dict) else None
    if not isinstance(features, list):
        return None
    return [str(f) for f in features if str(f) in LLAMA_TO_CPUINFO]


@lru_cache(maxsize=1)
def required_cpu_features() -> tuple[str, ...] | None:
    """Instruction sets the bundled llama.cpp was compiled for; ``None`` when they cannot be known."""
    recorded = paths.app_root() / CPU_REQUIREMENTS_FILE
    if recorded.exists():
        features = _read_requirements_file(recorded)
        return tuple(features) if features is not None else None
    if getattr(sys, "frozen", False):  # a bundle without the record: do not guess
        return None
    try:  # source checkout: llama_cpp was compiled on this machine, asking it is safe
        import llama_cpp

        return tuple(parse_system_info(llama_cpp.llama_print_system_info().decode("utf-8", "replace")))
    except Exception:
        return None


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> frozenset[str] | None:
    """The CPU's instruction-set flags (Linux x86); ``None`` where the platform does not say."""
    try:
        text = cpuinfo.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return frozenset(value.split())
    return None


def available_memory(meminfo: Path = Path("/proc/meminfo")) -> int | None:
    """Bytes the OS can give a new process without swapping (``MemAvailable``); ``None`` if unknown."""
    try:
        for line in meminfo.read_text(encoding="ascii", errors="replace").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    if sys.platform == "win32":
        return _windows_available_memory()
    return None


def _windows_available_memory() -> int | None:
    class MemoryStatusEx(ctypes.Structure):
        _fields_ = [
            ("dwLength", ctypes.c_ulong), ("dwMemoryLoad", ctypes.c_ulong),
            ("ullTotalPhys", ctypes.c_ulonglong), ("ullAvailPhys", ctypes.c_ulonglong),
            ("ullTotalPageFile", ctypes.c_ulonglong), ("ullAvailPageFile", ctypes.c_ulonglong),
            ("ullTotalVirtual", ctypes.c_ulonglong), ("ullAvailVirtual", ctypes.c_ulonglong),
            ("ullAvailExtendedVirtual", ctypes.c_ulonglong),
        ]

    status = MemoryStatusEx()
    status.dwLength = ctypes.sizeof(MemoryStatusEx)
    try:
        if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):  # type: ignore[attr-defined]
            return int(status.ullAvailPhys)
    except (AttributeError, OSError):
        pass
    return None


def model_bytes(roles: tuple[str, ...], settings: Settings | None = None) -> dict[str, int]:
    """Size of each distinct model file the roles load (roles sharing a file count once), keyed by model name."""
    from masis_desktop.core.llm import registry

    sizes: dict[str, int] = {}
    seen: set[str] = set()
    for role in roles:
        model = registry.resolve(role, settings)
        key = str(model.path)
        if key in seen:
            continue
        seen.add(key)
        sizes[model.name] = model.bytes
    return sizes


@dataclass(frozen=True)
class Report:
    """What was checked and what is missing; ``problems`` are sentences ready to show a user."""

    purpose: str
    required_features: tuple[str, ...] | None
    missing_features: tuple[str, ...]
    memory_available: int | None
    memory_required: int
    model_sizes: dict[str, int] = field(default_factory=dict)

    @property
    def memory_short(self) -> bool:
        return self.memory_available is not None and self.memory_available < self.memory_required

    @property
    def problems(self) -> list[str]:
        out: list[str] = []
        if self.missing_features:
            out.append(
                "This computer's processor lacks instructions the bundled language-model engine (llama.cpp) was "
                f"built for: {', '.join(self.missing_features)}. Running a model would crash with 'Illegal "
                "instruction'. Install a MASIS Desktop build made for this processor (see the README, "
                "'Installing on an air-gapped laptop')."
            )
        if self.memory_short and self.memory_available is not None:
            detail = " + ".join(f"{name} {size / 1e9:.1f} GB" for name, size in self.model_sizes.items())
            out.append(
                f"Only {self.memory_available / 1e9:.1f} GB of memory is free; {_task(self.purpose)} needs about "
                f"{self.memory_required / 1e9:.1f} GB ({detail} + {RUNTIME_OVERHEAD_BYTES / 1e9:.1f} GB for the "
                f"app). Close other programs or choose smaller models in Settings; to try anyway, set "
                f"{SKIP_ENV}=1."
            )
        return out

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """One line for logs and ``--version``-style diagnostics."""
        feats = "unknown" if self.required_features is None else (" ".join(self.required_features) or "none")
        avail = "unknown" if self.memory_available is None else f"{self.memory_available / 1e9:.1f} GB"
        return (f"cpu features needed: {feats}; missing: {' '.join(self.missing_features) or 'none'}; "
                f"memory free: {avail}, needed: {self.memory_required / 1e9:.1f} GB")


def _task(purpose: str) -> str:
    return {"ingest": "indexing documents", "ask": "answering", "app": "answering with the configured models"}.get(
        purpose, purpose
    )


def check(
    purpose: Purpose = "app",
    settings: Settings | None = None,
    *,
    flags: frozenset[str] | None = None,
    features: tuple[str, ...] | None = None,
    memory: int | None = None,
) -> Report:
    """Compare the machine with what ``purpose`` needs. ``flags``/``features``/``memory`` override detection."""
    needed = features if features is not None else required_cpu_features()
    have = flags if flags is not None else cpu_flags()
    missing: tuple[str, ...] = ()
    # The CPU check applies to x86 flags only; ingest does not run llama.cpp.
    if purpose != "ingest" and needed is not None and have is not None:
        missing = tuple(f for f in needed if LLAMA_TO_CPUINFO[f] not in have)
    sizes = model_bytes(PURPOSE_ROLES[purpose], settings)
    return Report(
        purpose=purpose,
        required_features=needed,
        missing_features=missing,
        memory_available=memory if memory is not None else available_memory(),
        memory_required=sum(sizes.values()) + RUNTIME_OVERHEAD_BYTES,
        model_sizes=sizes,
    )


def require(purpose: Purpose, settings: Settings | None = None) -> Report:
    """``check`` and raise ``SystemRequirementsError`` with every problem; ``MASIS_SKIP_SYSREQ=1`` skips it."""
    report = check(purpose, settings)
    if report.problems and os.environ.get(SKIP_ENV) != "1":
        raise SystemRequirementsError("\n".join(report.problems))
    return report
