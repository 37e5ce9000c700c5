"""Work out the .deb's Depends/Recommends from the bundle's ELF files (used by build_deb.sh).

PyInstaller bundles every shared library except the system's core (glibc, libxcb, the GL/EGL dispatch libraries,
Wayland client libraries): those must come from the target system. This script lists the sonames the bundle needs
but does not contain, maps each to the Debian package that provides it on the build machine (``dpkg -S``), and finds
the newest glibc symbol version any binary uses, so ``dpkg -i`` refuses cleanly (instead of the app failing at
start) on a system whose glibc is too old. Libraries needed only by optional Qt plugins (other display servers)
become Recommends.

    python packaging/deb_depends.py dist/masis-desktop   ->  two lines: "Depends: ..." and "Recommends: ..."
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

_GLIBC = re.compile(r"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?")
# Libraries of optional plugins that are often absent from a build machine: their usual Debian packages.
_KNOWN_PACKAGES = {
    "libgtk-3.so.0": "libgtk-3-0", "libgdk-3.so.0": "libgtk-3-0", "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1", "libwayland-client.so.0": "libwayland-client0",
}
_NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]")
# Needed only by these plugin folders: the app still starts without them (another platform plugin is used).
_OPTIONAL_PARTS = ("/plugins/platforms/libqwayland", "/plugins/wayland-", "/plugins/platforminputcontexts/",
                   "/plugins/egldeviceintegrations/", "/plugins/platformthemes/", "/plugins/xcbglintegrations/",
                   "libQt6WaylandClient", "libQt6WlShellIntegration", "libQt6EglFs")


def elf_files(root: Path) -> list[Path]:
    out = []
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink() and path.stat().st_size > 64:
            with open(path, "rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    out.append(path)
    return out


def needed(path: Path) -> list[str]:
    proc = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True)
    return _NEEDED.findall(proc.stdout)


def glibc_version(path: Path) -> tuple[int, ...]:
    proc = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True)
    versions = [tuple(int(x) for x in m if x) for m in _GLIBC.findall(proc.stdout)]
    return max(versions, default=(2, 17))


def system_libraries() -> dict[str, str]:
    """soname -> path of the x86-64 libraries the dynamic linker knows (``ldconfig -p``)."""
    proc = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True)
    found: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        name, _, rest = line.strip().partition(" ")
        if "x86-64" in rest and "=> " in rest:
            found.setdefault(name, rest.rsplit("=> ", 1)[-1].strip())
    return found


def package_of(path: str) -> str | None:
    proc = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
    if proc.returncode != 0:
        resolved = str(Path(path).resolve())
        proc = subprocess.run(["dpkg", "-S", resolved], capture_output=True, text=True)
        if proc.returncode != 0:
            return None
    return proc.stdout.split(":", 1)[0].strip()


def main(argv: list[str]) -> int:
    root = Path(argv[0]).resolve()
    files = elf_files(root)
    provided = {p.name for p in root.rglob("*")}
    users: dict[str, list[str]] = {}
    newest = (2, 17)
    for path in files:
        newest = max(newest, glibc_version(path))
        for soname in needed(path):
            if soname not in provided:
                users.setdefault(soname, []).append(str(path.relative_to(root)))
    depends: dict[str, str] = {"libc6": f"libc6 (>= {'.'.join(map(str, newest))})"}
    recommends: dict[str, str] = {}
    unresolved: list[str] = []
    system = system_libraries()
    for soname, who in sorted(users.items()):
        location = system.get(soname)
        package = (package_of(location) if location else None) or _KNOWN_PACKAGES.get(soname)
        if package is None:
            unresolved.append(f"{soname} (needed by {who[0]})")
            continue
        if package.split(":")[0] == "libc6":
            continue
        optional = all(any(part in "/" + w for part in _OPTIONAL_PARTS) for w in who)
        (recommends if optional else depends)[package] = package.split(":")[0]
    for name in depends:
        recommends.pop(name, None)
    print("Depends: " + ", ".join(depends[k] for k in sorted(depends, key=lambda k: (k != "libc6", k))))
    print("Recommends: " + ", ".join(sorted(recommends.values())))
    for line in unresolved:
        print(f"deb_depends: no installed package provides {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
