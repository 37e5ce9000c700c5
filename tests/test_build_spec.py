"""build.spec, the manifest and the app agree — checked without PyInstaller (it is only installed by `make dist`).

The spec is executed with recording stand-ins for PyInstaller's build classes and hook helpers, so the real spec
code computes the real file lists. Then: every file it ships exists (in the repo, or as a verified manifest model in
the model store); every manifest model is shipped where the frozen app looks for it (checked by laying the files
out as a fake bundle and asking the app's own registry); the executables match pyproject's entry points.
"""

from __future__ import annotations

import glob
import importlib.util
import json
import sys
import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

import masis_desktop
from masis_desktop import paths
from masis_desktop.core import sysreq
from masis_desktop.core.llm import registry
from masis_desktop.core.llm.manifest import load_manifest

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build.spec"
ISS = ROOT / "packaging" / "windows" / "masis-desktop.iss"


class _Analysis:
    def __init__(self, scripts: list[str], **kwargs: Any) -> None:
        self.inputs = scripts
        self.kwargs = kwargs
        # PyInstaller puts its runtime hooks first, then the entry scripts, as (name, path, typecode).
        self.scripts = [("pyi_rth_inspect", "rth.py", "PYSOURCE")] + [(Path(s).stem, s, "PYSOURCE") for s in scripts]
        self.pure: list[Any] = []
        self.binaries = [(str(Path(dest, Path(src).name)), src, "BINARY") for src, dest in kwargs["binaries"]]
        self.datas = [(str(Path(dest, Path(src).name)), src, "DATA") for src, dest in kwargs["datas"]]


class _Recorder:
    def __init__(self) -> None:
        self.calls: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {}

    def cls(self, name: str) -> Any:
        recorder = self

        class Recorded:
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                recorder.calls.setdefault(name, []).append((args, kwargs))
                self.args, self.kwargs = args, kwargs

        return Recorded


def _fake_hooks() -> types.ModuleType:
    """The three PyInstaller helpers the spec uses, reduced to what they return for our inputs."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")

    def collect_dynamic_libs(package: str, search_patterns: list[str]) -> list[tuple[str, str]]:
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.origin, f"{package} is not installed"
        base = Path(spec.origin).parent
        return [(f, package) for p in search_patterns for f in sorted(glob.glob(str(base / p)))]

    hooks.collect_dynamic_libs = collect_dynamic_libs  # type: ignore[attr-defined]
    hooks.collect_submodules = lambda package, filter=None: [package]  # type: ignore[attr-defined]
    hooks.copy_metadata = lambda dist: []  # type: ignore[attr-defined]
    return hooks


def run_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str = "linux",
             probed: list[str] | None = None) -> dict[str, Any]:
    """Execute build.spec as PyInstaller would, with stand-ins; return its namespace plus the recorded calls."""
    probe = tmp_path / "probe.json"
    probe.write_text(json.dumps(probed or ["transformers.models.bert.modeling_bert", "sentence_transformers.models"]))
    monkeypatch.setenv("MASIS_SPEC_PROBE_FILE", str(probe))
    monkeypatch.delenv("MASIS_SPEC_NO_TRIM", raising=False)
    monkeypatch.setattr(sys, "path", list(sys.path))
    hooks = _fake_hooks()
    for name, module in {"PyInstaller": types.ModuleType("PyInstaller"),
                         "PyInstaller.utils": types.ModuleType("PyInstaller.utils"),
                         "PyInstaller.utils.hooks": hooks}.items():
        monkeypatch.setitem(sys.modules, name, module)
    icon = types.ModuleType("render_icon")
    icon.render_png = lambda svg, out, size: out  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "render_icon", icon)
    recorder = _Recorder()
    namespace: dict[str, Any] = {
        "__name__": "__main__", "SPECPATH": str(ROOT), "workpath": str(tmp_path / "work"),
        "Analysis": _Analysis, "PYZ": recorder.cls("PYZ"), "EXE": recorder.cls("EXE"),
        "COLLECT": recorder.cls("COLLECT"), "BUNDLE": recorder.cls("BUNDLE"),
    }
    real_platform = sys.platform
    monkeypatch.setattr(sys, "platform", platform)  # only while the spec runs: it picks the macOS/Windows recipes
    try:
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    finally:
        monkeypatch.setattr(sys, "platform", real_platform)
    namespace["_calls"] = recorder.calls
    return namespace


@pytest.fixture(scope="module")
def spec_linux(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    with pytest.MonkeyPatch.context() as mp:
        return run_spec(tmp_path_factory.mktemp("spec"), mp)


def _datas(ns: dict[str, Any]) -> list[tuple[str, str]]:
    """(destination inside the bundle, source) for every data file the bundle will contain."""
    return [(dest, src) for dest, src, _kind in ns["a"].datas]


def test_every_shipped_file_exists_in_the_repo_or_is_a_manifest_model(spec_linux: dict[str, Any]) -> None:
    store = paths.models_dir().resolve()
    manifest = load_manifest(ROOT / "models" / "manifest.json")
    model_sources = set()
    for entry in manifest.models:
        if entry.kind == "sentence-transformers":
            model_sources |= {(store / entry.file / f.path).resolve() for f in entry.files}
        else:
            model_sources.add((store / entry.file).resolve())
    work = Path(spec_linux["WORK"]).resolve()
    for dest, src in _datas(spec_linux):
        source = Path(src).resolve()
        assert source.is_file(), f"{dest}: {src} does not exist"
        assert source.is_relative_to(ROOT) or source in model_sources or source.is_relative_to(work), (
            f"{dest}: {src} is neither in the repo nor a manifest model"
        )


def test_every_manifest_model_is_shipped_exactly_once_where_the_app_looks(
    spec_linux: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manifest = load_manifest(ROOT / "models" / "manifest.json")
    models = [(dest, src) for dest, src in _datas(spec_linux) if dest.startswith("models/")]
    expected = {"models/manifest.json"}
    for entry in manifest.models:
        if entry.kind == "sentence-transformers":
            expected |= {f"models/{entry.file}/{f.path}" for f in entry.files}
        else:
            expected.add(f"models/{entry.file}")
    dests = [dest for dest, _src in models]
    assert sorted(dests) == sorted(expected), "the bundle's models/ differs from the manifest"
    assert dict(models)["models/manifest.json"] == str(ROOT / "models" / "manifest.json")

    # Lay the bundle's data out (symlinks) and let the frozen app's own lookup find and verify every model there.
    meipass = tmp_path / "_internal"
    for dest, src in _datas(spec_linux):
        target = meipass / dest
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(src)
    monkeypatch.setattr(sys, "_MEIPASS", str(meipass), raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delenv("MASIS_BUNDLED_MODELS", raising=False)
    monkeypatch.delenv("MASIS_MANIFEST", raising=False)
    monkeypatch.setenv("MASIS_MODELS_DIR", str(tmp_path / "empty-store"))  # nothing to fall back on
    assert paths.bundled_models_dir() == (meipass / "models").resolve()
    rows = registry.status()
    assert {row["name"] for row in rows} == {m.name for m in manifest.models}
    for row in rows:
        assert row["source"] == "bundled" and row["verified"], row
    assert (meipass / "resources" / "icons" / "app.svg").exists()
    assert paths.sample_workspace_dir() == meipass / "resources" / "sample_workspace"
    assert sysreq.required_cpu_features.__wrapped__() is not None  # reads the bundle's cpu_requirements.json


def test_resources_and_cpu_record_are_shipped(spec_linux: dict[str, Any]) -> None:
    dests = {dest for dest, _src in _datas(spec_linux)}
    for path in (ROOT / "resources").rglob("*"):
        if path.is_file() and path.suffix != ".py" and "__pycache__" not in path.parts:
            assert str(path.relative_to(ROOT)) in dests, f"{path} is not in the bundle"
    assert "resources/build_sample.py" not in dests  # a dev script (reportlab)
    record = dict(_datas(spec_linux))[sysreq.CPU_REQUIREMENTS_FILE]
    data = json.loads(Path(record).read_text())
    assert data["features"] and set(data["features"]) <= set(sysreq.LLAMA_TO_CPUINFO)


def test_llama_cpp_libraries_are_shipped_where_llama_cpp_loads_them(spec_linux: dict[str, Any]) -> None:
    binaries = {dest for dest, _src, _kind in spec_linux["a"].binaries}
    for name in ("libllama.so", "libggml.so", "libggml-base.so", "libggml-cpu.so", "libggml.so.0"):
        assert f"llama_cpp/lib/{name}" in binaries


def test_two_executables_match_pyproject_entry_points(spec_linux: dict[str, Any]) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    entry = {**project["scripts"], **project["gui-scripts"]}
    exes = {call[1]["name"]: call for call in spec_linux["_calls"]["EXE"]}
    assert set(exes) == {"masis-desktop", "masis"} == set(entry)
    assert exes["masis-desktop"][1]["console"] is False and exes["masis"][1]["console"] is True
    for name, (args, _kwargs) in exes.items():
        scripts = [s for s in args[1] if not s[0].startswith("pyi_rth")]
        assert len(scripts) == 1, f"{name} must run exactly one entry script, got {scripts}"
        module, func = entry[name].split(":")
        assert f"from {module} import {func}" in Path(scripts[0][1]).read_text(), (
            f"{scripts[0][1]} does not start {entry[name]}"
        )
    (collect,) = spec_linux["_calls"]["COLLECT"]
    assert collect[1]["name"] == "masis-desktop"
    assert "BUNDLE" not in spec_linux["_calls"], "the macOS .app is only built on macOS"


def test_macos_app_bundle_takes_the_package_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ns = run_spec(tmp_path, monkeypatch, platform="darwin")
    ((_args, kwargs),) = ns["_calls"]["BUNDLE"]
    assert kwargs["version"] == masis_desktop.__version__
    assert kwargs["info_plist"]["CFBundleShortVersionString"] == masis_desktop.__version__
    assert kwargs["name"].endswith(".app") and kwargs["icon"]


def test_trimming_keeps_what_torch_needs_at_import(spec_linux: dict[str, Any]) -> None:
    trimmed, patterns = spec_linux["trimmed"], spec_linux["TRIM_PATTERNS"]
    toc = [(d, "src", "DATA") for d in ("torch/bin/torch_shm_manager", "torch/lib/libtorch_cpu.so",
                                       "torch/test/cpp_api_test", "torch/bin/test_api", "torch/include/ATen/a.h",
                                       "PySide6/Qt/plugins/platforms/libqxcb.so",
                                       "PySide6/Qt/plugins/platforms/libqoffscreen.so")]
    kept = {d for d, _s, _k in trimmed(toc, patterns)}
    assert kept == {"torch/bin/torch_shm_manager", "torch/lib/libtorch_cpu.so",
                    "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms/libqoffscreen.so"}
    assert "PySide6.QtWidgets" not in spec_linux["EXCLUDES"] and "tkinter" in spec_linux["EXCLUDES"]


def test_windows_installer_script_installs_the_spec_output() -> None:
    text = ISS.read_text(encoding="utf-8")
    assert '#define SourceDir "..\\..\\dist\\masis-desktop"' in text  # COLLECT's folder, seen from the script
    assert 'Source: "{#SourceDir}\\*"' in text and "recursesubdirs" in text
    for exe in ("masis-desktop.exe", "masis.exe"):
        assert exe in text
    assert "#ifndef AppVersion" in text, "the version is passed in from the package (ISCC /DAppVersion=...)"


def test_the_onnx_encoder_and_its_quantizer_are_bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default encoder is exported and quantised on first run (core/ingest/onnx_encoder.py): onnx and
    onnxruntime must not be excluded, and the quantizer's top-level imports of onnxruntime.transformers' own
    folder (``from fusion_utils import ...``) must be bundled as the top-level modules the probe saw, and only those.
    """
    if importlib.util.find_spec("onnxruntime") is None:
        pytest.skip("onnxruntime is not installed")
    probed = ["fusion_utils", "onnx_model", "float16", "onnxruntime.quantization.quantize", "onnx.helper",
              "torch.onnx.utils", "numpy"]
    ns = run_spec(tmp_path, monkeypatch, probed=probed)
    assert ns["ORT_TOPLEVEL"] == ["fusion_utils", "onnx_model", "float16"]
    (search,) = ns["ORT_PATHS"]
    assert sorted(p.name for p in Path(search).iterdir()) == ["float16.py", "fusion_utils.py", "onnx_model.py"]
    kwargs = ns["a"].kwargs
    assert search in kwargs["pathex"]
    hidden = set(kwargs["hiddenimports"])
    assert {"fusion_utils", "onnx_model", "float16", "onnxruntime.quantization.quantize", "onnx.helper",
            "torch.onnx.utils"} <= hidden
    assert "numpy" not in hidden  # only the lazily imported packages come from the probe
    excluded = set(kwargs["excludes"])
    assert not {"onnx", "onnxruntime", "torch.onnx"} & excluded
