"""Fetch pinned Debian packages for the evaluation's document folders: download, verify, extract, lay out.

Dev-only (never imported by the app). Each package is pinned by version and sha256: ``apt-get download`` fetches it
from the mirror apt is configured with; where apt is missing or no longer offers that version, the package's pool
URL on deb.debian.org is tried. A file whose sha256 differs is deleted and the run stops, so a figure in
docs/EVALUATION.md is always measured on the same bytes. When the archive drops a pinned version (a point or
security release replaced it), update ``version``, ``pool`` and ``sha256`` together and re-check the question
files (``python -m`` ... ``check_quotes.py``).

Downloads and extracted trees live in ``$XDG_CACHE_HOME/masis-desktop/eval-data`` (default ``~/.cache``); the
document folders the questions refer to are copied out of them into ``artifacts/eval-data/`` (git-ignored).
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from verified import cache_dir, fetch_verified

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "eval-data"
MIRROR = "http://deb.debian.org/"


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    arch: str  # "all" or the one architecture whose .deb is pinned (its contents used here are arch-independent)
    pool: str  # path under MIRROR: "debian/pool/main/..." or "debian-security/pool/updates/main/..."
    sha256: str

    @property
    def filename(self) -> str:
        return f"{self.name}_{self.version.split(':')[-1]}_{self.arch}.deb"


def _apt_download(pkg: Package, into: Path) -> bool:
    if shutil.which("apt-get") is None:
        return False
    spec = f"{pkg.name}:{pkg.arch}={pkg.version}" if pkg.arch != "all" else f"{pkg.name}={pkg.version}"
    done = subprocess.run(["apt-get", "download", spec], cwd=into, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  apt-get download {spec} failed: {done.stderr.strip().splitlines()[-1:] or ['?']}", file=sys.stderr)
    return done.returncode == 0 and (into / pkg.filename).is_file()


def _url_download(pkg: Package, target: Path) -> None:
    url = MIRROR + pkg.pool + "/" + pkg.filename
    partial = target.with_suffix(".partial")
    with urllib.request.urlopen(url, timeout=60) as response, open(partial, "wb") as out:
        shutil.copyfileobj(response, out)
    os.replace(partial, target)


def fetch(pkg: Package) -> Path:
    """The verified .deb in the cache (downloaded only when missing or damaged)."""
    debs = cache_dir() / "debs"
    target = debs / pkg.filename

    def download() -> None:
        if _apt_download(pkg, debs):
            return
        print(f"  {pkg.filename}: downloading from {MIRROR}{pkg.pool}/")
        try:
            _url_download(pkg, target)
        except OSError as exc:
            raise SystemExit(f"cannot download {pkg.filename} ({exc}); if the archive dropped version "
                             f"{pkg.version}, pin the current one in {Path(sys.argv[0]).name}") from exc

    if fetch_verified(target, pkg.sha256, download):
        print(f"  {pkg.filename}: {target.stat().st_size:,} bytes, sha256 verified")
    else:
        print(f"  {pkg.filename}: cached, sha256 verified")
    return target


def extract(pkg: Package) -> Path:
    """``dpkg-deb -x`` of the verified package into the cache (once per version); returns the tree's root."""
    deb = fetch(pkg)
    tree = cache_dir() / "extracted" / deb.stem
    stamp = tree / ".extracted"
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == pkg.sha256:
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    subprocess.run(["dpkg-deb", "-x", str(deb), str(tree)], check=True)
    stamp.write_text(pkg.sha256, encoding="utf-8")
    return tree


def place(source: Path, target: Path) -> None:
    """Copy one document into a folder (``.gz`` sources are decompressed); never a symlink into the cache."""
    target.parent.mkdir(parents=True, exist_ok=True)
    real = source.resolve()
    if not real.is_file():
        raise SystemExit(f"{source} is missing from its package: the pinned package changed?")
    if real.suffix == ".gz" and target.suffix != ".gz":
        with gzip.open(real, "rb") as src, open(target, "wb") as out:
            shutil.copyfileobj(src, out)
    else:
        shutil.copyfile(real, target)


def fresh_folder(folder: Path) -> Path:
    """An empty folder (whatever an earlier run left is removed first, so the layout is exactly the script's)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def describe(folder: Path) -> str:
    files = [p for p in folder.rglob("*") if p.is_file()]
    kinds: dict[str, int] = {}
    for p in files:
        kinds[p.suffix or "(none)"] = kinds.get(p.suffix or "(none)", 0) + 1
    size = sum(p.stat().st_size for p in files)
    detail = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    return f"{folder.relative_to(ROOT)}: {len(files)} files ({detail}), {size:,} bytes"
