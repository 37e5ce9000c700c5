"""The system-requirements check: CPU instruction sets for llama.cpp and free memory for the models."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masis_desktop import paths
from masis_desktop.core import sysreq
from masis_desktop.settings import RoleOverride, Settings

# What llama.cpp prints on this machine kind (llama_print_system_info()).
SYSTEM_INFO = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX_VNNI = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | "
               "AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | LLAMAFILE = 1 | OPENMP = 1 | "
               "REPACK = 1 | ")
# A typical laptop CPU without AVX-512 (flags as /proc/cpuinfo prints them).
LAPTOP_FLAGS = frozenset(
    ["fpu", "sse", "sse2", "pni", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "f16c", "fma", "bmi2", "avx_vnni"]
)
GB = 1_000_000_000


def test_parse_system_info_keeps_cpu_features_only() -> None:
    features = sysreq.parse_system_info(SYSTEM_INFO)
    assert features[:3] == ["SSE3", "SSSE3", "AVX"]
    assert "AVX512_BF16" in features and "AVX2" in features
    assert not {"LLAMAFILE", "OPENMP", "REPACK"} & set(features)
    assert sysreq.parse_system_info("CPU : AVX = 0 | AVX2 = 1 |") == ["AVX2"]


def test_cpu_flags_and_memory_are_read_from_proc_files(tmp_path: Path) -> None:
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nmodel name\t: Test CPU\nflags\t\t: fpu avx avx2 fma\n\nprocessor\t: 1\n")
    assert sysreq.cpu_flags(cpuinfo) == frozenset({"fpu", "avx", "avx2", "fma"})
    assert sysreq.cpu_flags(tmp_path / "absent") is None
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24000000 kB\nMemFree:  100 kB\nMemAvailable:    2000000 kB\n")
    assert sysreq.available_memory(meminfo) == 2_048_000_000


def test_this_machine_runs_the_engine_it_built() -> None:
    report = sysreq.check("ask")
    assert report.required_features, "a source checkout reads the features from the installed llama_cpp"
    assert report.missing_features == ()
    assert report.memory_available is not None and report.memory_available > 0


def test_missing_avx512_is_a_clear_problem_naming_the_instructions() -> None:
    features = tuple(sysreq.parse_system_info(SYSTEM_INFO))
    report = sysreq.check("ask", flags=LAPTOP_FLAGS, features=features, memory=16 * GB)
    assert report.missing_features == ("AVX512", "AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16")
    assert len(report.problems) == 1
    assert "Illegal instruction" in report.problems[0] and "AVX512_VBMI" in report.problems[0]
    # Indexing only embeds (torch picks its own kernels): no llama.cpp, no CPU complaint.
    assert sysreq.check("ingest", flags=LAPTOP_FLAGS, features=features, memory=16 * GB).ok


def test_default_models_need_about_two_and_a_half_gigabytes() -> None:
    report = sysreq.check("ask", flags=frozenset(), features=(), memory=2 * GB)
    # writer, critic and evaluator share one file (1.12) + embedder 0.09 + runtime allowance
    assert 2.2 * GB < report.memory_required < 2.7 * GB
    assert len(report.model_sizes) == 2
    assert report.memory_short
    (problem,) = report.problems
    assert "Only 2.0 GB of memory is free" in problem and sysreq.SKIP_ENV in problem
    assert sysreq.check("ask", flags=frozenset(), features=(), memory=8 * GB).ok
    ingest = sysreq.check("ingest", flags=frozenset(), features=(), memory=2 * GB)
    assert ingest.ok and ingest.memory_required < 1.5 * GB


def test_unknown_platform_does_not_block() -> None:
    """No /proc (macOS), no build record: report "unknown", never refuse on a guess."""
    report = sysreq.Report("ask", required_features=None, missing_features=(), memory_available=None,
                           memory_required=3 * GB)
    assert report.ok and not report.memory_short
    assert "cpu features needed: unknown" in report.summary() and "memory free: unknown" in report.summary()


def test_a_users_bigger_model_counts_at_its_real_size() -> None:
    settings = Settings()
    settings.models.overrides["critic"] = RoleOverride(path="/models/big-7b.gguf", sha256="0" * 64, bytes=4_700_000_000)
    report = sysreq.check("ask", settings, flags=frozenset(), features=(), memory=6 * GB)
    assert report.model_sizes["big-7b"] == 4_700_000_000
    assert report.memory_short, "7B critic + 1.5B evaluator + 0.5B writer do not fit in 6 GB"


def test_require_raises_with_exit_code_and_can_be_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sysreq, "available_memory", lambda: 1 * GB)
    monkeypatch.delenv(sysreq.SKIP_ENV, raising=False)
    with pytest.raises(sysreq.SystemRequirementsError) as err:
        sysreq.require("ask")
    assert err.value.exit_code == 5 and "memory is free" in str(err.value)
    monkeypatch.setenv(sysreq.SKIP_ENV, "1")
    assert sysreq.require("ask").memory_short


def test_bundle_record_wins_over_the_installed_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / sysreq.CPU_REQUIREMENTS_FILE).write_text(json.dumps({"features": ["AVX", "AVX2", "NOT_A_CPU"]}))
    monkeypatch.setattr(paths, "app_root", lambda: tmp_path)
    sysreq.required_cpu_features.cache_clear()
    try:
        assert sysreq.required_cpu_features() == ("AVX", "AVX2")
    finally:
        sysreq.required_cpu_features.cache_clear()


def test_masis_ask_on_a_small_machine_prints_the_memory_sentence_and_exits_5(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check runs before the workspace is opened or any model is loaded: the user reads one sentence."""
    from masis_desktop.cli.main import main

    monkeypatch.delenv(sysreq.SKIP_ENV, raising=False)
    monkeypatch.setattr(sysreq, "available_memory", lambda: 1 * GB)
    assert main(["ask", "no-such-workspace", "What revenue was reported?"]) == 5
    err = capsys.readouterr().err
    assert err.startswith("error: Only 1.0 GB of memory is free; answering needs about")
    assert "no-such-workspace" not in err and "Traceback" not in err
    assert main(["ingest", "no-such-workspace", "."]) == 5, "indexing needs memory for the embedder too"


def test_masis_ask_on_a_cpu_without_avx512_names_the_instructions_and_exits_5(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from masis_desktop.cli.main import main

    monkeypatch.delenv(sysreq.SKIP_ENV, raising=False)
    monkeypatch.setattr(sysreq, "required_cpu_features", lambda: tuple(sysreq.parse_system_info(SYSTEM_INFO)))
    monkeypatch.setattr(sysreq, "cpu_flags", lambda: LAPTOP_FLAGS)
    monkeypatch.setattr(sysreq, "available_memory", lambda: 16 * GB)
    assert main(["critique", "--input", "no-such-file.json"]) == 5
    err = capsys.readouterr().err
    assert "lacks instructions" in err and "AVX512, AVX512_VBMI, AVX512_VNNI, AVX512_BF16" in err
    assert "Illegal instruction" in err
