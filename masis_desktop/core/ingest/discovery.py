"""Expand the user's paths into the files to ingest, reporting problems instead of raising.

Folders are walked recursively in sorted order, following symlinks with loop detection (a directory already
visited by its device/inode is reported and not entered again). Hidden entries (``.name``), ``__pycache__`` and
``node_modules`` inside a walked folder are ignored silently; a file named explicitly is always considered.
Names that are not valid UTF-8 (Linux allows any bytes) are reported, not walked: they cannot be stored in the
catalog or shown faithfully, and one such name must not stop the batch.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from masis_desktop.core.events import FileResult

IGNORED_DIRS = {"__pycache__", "node_modules"}


@dataclass
class Discovery:
    files: list[Path] = field(default_factory=list)  # absolute, symlinks resolved, de-duplicated
    problems: list[FileResult] = field(default_factory=list)
    roots: list[Path] = field(default_factory=list)  # resolved roots (for --sync)
    sizes: dict[Path, int] = field(default_factory=dict)


def os_error_reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "symlink loop: the link points (directly or indirectly) back to itself"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.ENOENT:
        return "no such file or folder (or a broken symlink)"
    if exc.errno == errno.ENAMETOOLONG:
        return "path too long"
    return f"cannot access: {exc.strerror or exc}"


def printable(path: Path | str) -> str:
    """The path as text a user can read, undecodable bytes shown as ``\\xNN`` (safe to print, store, send as JSON)."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _undecodable(path: Path) -> bool:
    """True when the name holds bytes that are not UTF-8 (Python keeps them as lone surrogates)."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _bad_name(path: Path) -> FileResult:
    return FileResult(printable(path), "skipped", "file name is not valid UTF-8, so it cannot be stored or shown "
                      "faithfully; rename it (e.g. with `convmv`) to index it")


def _resolve(path: Path) -> Path:
    try:
        return path.resolve(strict=False)
    except (OSError, RuntimeError):
        return path.absolute()


def discover(paths: list[Path]) -> Discovery:
    found = Discovery()
    seen_files: set[Path] = set()
    visited_dirs: dict[tuple[int, int], Path] = {}

    def add_file(path: Path, st: os.stat_result) -> None:
        real = _resolve(path)
        if _undecodable(real):  # a well-named link to a badly named file
            found.problems.append(_bad_name(real))
            return
        if real not in seen_files:
            seen_files.add(real)
            found.files.append(real)
            found.sizes[real] = st.st_size

    def walk(folder: Path, st: os.stat_result) -> None:
        key = (st.st_dev, st.st_ino)
        if key in visited_dirs:
            found.problems.append(FileResult(str(folder), "skipped",
                                             f"symlink loop: this folder is {visited_dirs[key]}, already visited"))
            return
        visited_dirs[key] = folder
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            found.problems.append(FileResult(str(folder), "failed", f"folder: {os_error_reason(exc)}"))
            return
        for entry in entries:
            if entry.name.startswith(".") or entry.name in IGNORED_DIRS:
                continue
            child = Path(entry.path)
            if _undecodable(child):
                found.problems.append(_bad_name(child))
                continue
            try:
                child_st = os.stat(child)
            except OSError as exc:
                found.problems.append(FileResult(str(child), "failed", os_error_reason(exc)))
                continue
            if stat.S_ISDIR(child_st.st_mode):
                walk(child, child_st)
            elif stat.S_ISREG(child_st.st_mode):
                add_file(child, child_st)
            else:
                found.problems.append(FileResult(str(child), "skipped", "not a regular file (device, pipe or socket)"))

    for raw in paths:
        path = Path(raw).expanduser().absolute()
        if _undecodable(path):
            found.problems.append(_bad_name(path))
            continue
        found.roots.append(_resolve(path))
        try:
            st = os.stat(path)
        except OSError as exc:
            found.problems.append(FileResult(str(path), "failed", os_error_reason(exc)))
            continue
        if stat.S_ISDIR(st.st_mode):
            walk(path, st)
        elif stat.S_ISREG(st.st_mode):
            add_file(path, st)
        else:
            found.problems.append(FileResult(str(path), "skipped", "not a regular file (device, pipe or socket)"))
    return found
