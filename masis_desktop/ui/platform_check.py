"""Before Qt starts: can its X11 platform plugin (xcb) load here, and is there a display to open the window on?

Without them Qt aborts the process with its own multi-line message ("could not load the Qt platform plugin
"xcb"... Available platform plugins are: ...") that names neither the missing library nor the package to install; a
new user running ``make run`` on a fresh Debian or Ubuntu machine meets exactly that, because Qt 6's xcb plugin needs
``libxcb-cursor0``, ``libxcb-icccm4`` and ``libxcb-keysyms1``, which a desktop install often lacks. So before the
``QApplication`` exists, when the platform would be xcb, each library the plugin links is loaded the way the plugin
would load it (``dlopen``), and what fails is named in one line with the ``apt install`` that fixes it.

``XCB_LIBRARIES`` is every library outside Qt's own folder that ``ldd`` lists for PySide6 6.12's
``plugins/platforms/libqxcb.so`` (and its Qt libraries), less the C/C++ runtime and compression libraries every
Python has; ``tests/ui/test_platform_check.py`` re-runs ``ldd`` on the installed plugin, so an upgrade of PySide6
that needs another library fails there rather than on a user's machine.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

from masis_desktop.core.sysreq import SKIP_ENV, SystemRequirementsError

# soname -> Debian/Ubuntu package providing it (dpkg -S on Debian 12)
XCB_LIBRARIES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
}
EXIT_CODE = SystemRequirementsError.exit_code  # the machine lacks something, as for the CLI's system check

Loader = Callable[[str], object]


def would_use_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt would pick its xcb plugin: on Linux, unless told otherwise or inside a Wayland session."""
    if not platform.startswith("linux"):
        return False
    requested = environ.get("QT_QPA_PLATFORM", "").strip()
    if requested:  # "xcb", "xcb:option=...", "wayland;xcb": Qt tries the first one
        return requested.split(";")[0].split(":")[0].strip() == "xcb"
    return environ.get("XDG_SESSION_TYPE", "") != "wayland"  # Qt 6 prefers its wayland plugin there


def load_library(soname: str) -> None:
    """Load ``soname`` as the plugin would (same search path); raises ``OSError`` naming what is missing."""
    ctypes.CDLL(soname)


def missing_libraries(libraries: Mapping[str, str] = XCB_LIBRARIES, load: Loader | None = None) -> list[str]:
    """The libraries ``dlopen`` cannot load, in ``libraries`` order; a library whose own dependency is missing is
    reported as that dependency (the loader names it)."""
    load = load or load_library
    missing: list[str] = []
    for soname in libraries:
        try:
            load(soname)
        except OSError as exc:
            named = str(exc).split(":", 1)[0].strip()
            culprit = named if named.startswith("lib") and ".so" in named else soname
            if culprit not in missing:
                missing.append(culprit)
    return missing


def problem(environ: Mapping[str, str] | None = None, load: Loader | None = None) -> str:
    """One line saying why the window cannot open here and how to fix it; "" when nothing is known to be wrong."""
    environ = os.environ if environ is None else environ
    if environ.get(SKIP_ENV) or not would_use_xcb(environ):
        return ""
    missing = missing_libraries(load=load)
    if missing:
        packages = list(dict.fromkeys(XCB_LIBRARIES.get(m, m.split(".so")[0]) for m in missing))
        return (f"masis-desktop cannot open its window: Qt's X11 platform plugin (xcb) needs {_join(missing)}, "
                f"missing on this machine; install {'it' if len(missing) == 1 else 'them'} with: "
                f"sudo apt install {' '.join(packages)}")
    if not environ.get("DISPLAY"):
        return ("masis-desktop cannot open its window: there is no X display (DISPLAY is not set); start it from a "
                "desktop session, or with ssh -X from another machine")
    return ""


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
