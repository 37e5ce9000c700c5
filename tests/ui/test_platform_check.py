"""Before Qt starts, a machine without the X11 libraries Qt's xcb plugin needs gets one line naming them and the fix.

Missing libraries are simulated with a loader that refuses some names the way ``dlopen`` does; the list of libraries
itself is checked against what ``ldd`` says the installed plugin links.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from masis_desktop.ui import platform_check

ROOT = Path(__file__).resolve().parents[2]
X11 = {"DISPLAY": ":0", "XDG_SESSION_TYPE": "x11"}


def refusing(*missing: str, because: dict[str, str] | None = None) -> platform_check.Loader:
    """A loader that fails for ``missing`` as dlopen does; ``because`` names a library's missing dependency."""
    because = because or {}

    def load(soname: str) -> None:
        if soname in missing:
            raise OSError(f"{soname}: cannot open shared object file: No such file or directory")
        if soname in because:
            raise OSError(f"{because[soname]}: cannot open shared object file: No such file or directory")

    return load


def test_missing_xcb_libraries_are_named_in_one_line_with_the_apt_install() -> None:
    message = platform_check.problem(X11, load=refusing("libxcb-cursor.so.0", "libxcb-icccm.so.4"))
    assert "\n" not in message
    assert "libxcb-cursor.so.0 and libxcb-icccm.so.4" in message
    assert message.endswith("sudo apt install libxcb-cursor0 libxcb-icccm4")


def test_a_library_whose_own_dependency_is_missing_names_the_dependency() -> None:
    message = platform_check.problem(X11, load=refusing(because={"libxkbcommon-x11.so.0": "libxcb-xkb.so.1"}))
    assert "needs libxcb-xkb.so.1," in message and message.endswith("sudo apt install libxcb-xkb1")


def test_nothing_is_checked_when_qt_would_not_use_xcb() -> None:
    def never(soname: str) -> None:
        raise AssertionError(f"{soname} was probed")

    for environ in ({"QT_QPA_PLATFORM": "offscreen"}, {"QT_QPA_PLATFORM": "wayland;xcb"},
                    {"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"},
                    {**X11, platform_check.SKIP_ENV: "1"}):
        assert platform_check.problem(environ, load=never) == "", environ
    assert not platform_check.would_use_xcb(X11, platform="darwin")
    assert platform_check.would_use_xcb({"QT_QPA_PLATFORM": "xcb:nograb"})
    assert platform_check.would_use_xcb({"XDG_SESSION_TYPE": "tty"}, platform="linux")


def test_a_machine_with_the_libraries_but_no_display_is_told_so() -> None:
    assert platform_check.problem(X11, load=refusing()) == ""
    message = platform_check.problem({"XDG_SESSION_TYPE": "tty"}, load=refusing())
    assert "\n" not in message and "no X display (DISPLAY is not set)" in message


def test_the_app_prints_the_fix_and_exits_before_qt_starts(tmp_path: Path) -> None:
    """``masis-desktop`` (what ``make run`` starts) on a machine that lacks two libraries: one line, exit code 5."""
    script = ("import sys\n"
              "from masis_desktop.ui import app, platform_check\n"
              "def load(name):\n"
              "    if name in ('libxcb-icccm.so.4', 'libxcb-keysyms.so.1'):\n"
              "        raise OSError(name + ': cannot open shared object file: No such file or directory')\n"
              "platform_check.load_library = load\n"
              "code = app.main(['--sample'])\n"
              "assert 'PySide6.QtWidgets' not in sys.modules, 'Qt was started'\n"
              "sys.exit(code)\n")
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", platform_check.SKIP_ENV)}
    env.update(X11, MASIS_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == platform_check.EXIT_CODE == 5, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.strip() == (
        "masis-desktop cannot open its window: Qt's X11 platform plugin (xcb) needs libxcb-icccm.so.4 and "
        "libxcb-keysyms.so.1, missing on this machine; install them with: "
        "sudo apt install libxcb-icccm4 libxcb-keysyms1")


# What every Python on Linux already loads, or what comes with the libraries above as their own dependencies.
BASE_SYSTEM = ("linux-vdso", "ld-linux", "libc.so", "libm.so", "libstdc++", "libgcc_s", "libpthread", "libdl.so",
               "librt.so", "libz.so", "libzstd", "libglib-2.0", "libgthread-2.0", "libpcre2", "libpng16", "libbrotli",
               "libexpat", "libbsd", "libmd.so", "libsystemd", "libcap.so", "libgcrypt", "libgpg-error", "liblzma",
               "liblz4", "libffi")


@pytest.mark.skipif(shutil.which("ldd") is None, reason="needs ldd")
def test_the_library_list_covers_what_the_installed_xcb_plugin_links() -> None:
    from PySide6.QtCore import QLibraryInfo

    plugin = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms" / "libqxcb.so"
    assert plugin.is_file(), plugin
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, timeout=60, check=True).stdout
    qt_dir = plugin.parents[2].resolve()
    linked: set[str] = set()
    for line in out.splitlines():  # "libxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x...)" or "... => not found"
        parts = line.split()
        if not parts:
            continue
        target = parts[2] if len(parts) > 2 and parts[1] == "=>" and parts[2].startswith("/") else ""
        if target and Path(target).resolve().is_relative_to(qt_dir):
            continue  # Qt's own libraries, shipped in the wheel (Qt6*, ICU)
        linked.add(Path(parts[0]).name)
    unknown = sorted(n for n in linked if n not in platform_check.XCB_LIBRARIES and not n.startswith(BASE_SYSTEM))
    assert not unknown, f"libqxcb.so links libraries the start-up check does not probe: {unknown}"
    assert {"libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1"} <= linked
