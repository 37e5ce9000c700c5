#!/usr/bin/env bash
# Build the PyInstaller bundle (build.spec) and dist/masis-desktop_<version>_<arch>.deb from it.
#
# The package installs the bundle under /opt/masis-desktop (read-only: user data lives in the platform's user data
# dir, ~/.local/share/masis-desktop), `masis-desktop` and `masis` in /usr/bin, a desktop entry and the icon.
# Removing (even purging) the package never touches user data: the maintainer scripts only refresh menu caches.
#
# Environment:
#   MASIS_REUSE_BUNDLE=1        package dist/masis-desktop as it is (skip PyInstaller, ~7 minutes on 2 cores)
#   MASIS_DEB_COMPRESSION=zstd  dpkg-deb compressor: zstd (default), xz, gzip or none
#   MASIS_DEB_LEVEL=3           compression level (see README: models are incompressible; xz -6 buys ~1% for 10x time)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PY=${PYTHON:-$ROOT/.venv/bin/python}
COMPRESSION=${MASIS_DEB_COMPRESSION:-zstd}
LEVEL=${MASIS_DEB_LEVEL:-3}

VERSION=$("$PY" -c 'import masis_desktop; print(masis_desktop.__version__)')
ARCH=$(dpkg --print-architecture)
BUNDLE=dist/masis-desktop
STAGE=build/deb/masis-desktop_${VERSION}_${ARCH}
DEB=dist/masis-desktop_${VERSION}_${ARCH}.deb

log() { printf '\n== %s\n' "$*"; }

if [[ "${MASIS_REUSE_BUNDLE:-0}" != 1 || ! -x "$BUNDLE/masis" ]]; then
    log "PyInstaller bundle (build.spec)"
    start=$(date +%s)
    "$PY" -m PyInstaller --noconfirm --clean --log-level WARN build.spec
    echo "bundle built in $(( $(date +%s) - start )) s"
fi
for exe in masis masis-desktop; do
    [[ -x "$BUNDLE/$exe" ]] || { echo "build_deb: $BUNDLE/$exe is missing" >&2; exit 1; }
done
"$BUNDLE/masis" --version

log "staging $STAGE"
rm -rf "$STAGE"
mkdir -p "$STAGE/DEBIAN" "$STAGE/opt" "$STAGE/usr/bin" "$STAGE/usr/share/applications" \
    "$STAGE/usr/share/doc/masis-desktop" "$STAGE/usr/share/icons/hicolor/scalable/apps"
# Hard links: staging 2.9 GB costs no copy (same file system); fall back to a copy elsewhere.
cp -al "$BUNDLE" "$STAGE/opt/masis-desktop" 2>/dev/null || cp -a "$BUNDLE" "$STAGE/opt/masis-desktop"
chmod -R u+rwX,go+rX,go-w "$STAGE/opt/masis-desktop"
ln -s /opt/masis-desktop/masis-desktop "$STAGE/usr/bin/masis-desktop"
ln -s /opt/masis-desktop/masis "$STAGE/usr/bin/masis"

cp resources/icons/app.svg "$STAGE/usr/share/icons/hicolor/scalable/apps/masis-desktop.svg"
"$PY" packaging/render_icon.py resources/icons/app.svg build/deb/icons 48 128 256 >/dev/null
for size in 48 128 256; do
    install -D -m 0644 "build/deb/icons/$size.png" "$STAGE/usr/share/icons/hicolor/${size}x${size}/apps/masis-desktop.png"
done
install -m 0644 packaging/linux/masis-desktop.desktop "$STAGE/usr/share/applications/masis-desktop.desktop"

{
    echo "MASIS Desktop $VERSION"
    echo
    echo "License: Apache-2.0 (the application)."
    echo "Bundled models (/opt/masis-desktop/_internal/models, listed with sha256 in manifest.json):"
    "$PY" - <<'EOF'
import json
for m in json.load(open("models/manifest.json"))["models"]:
    print(f"  {m['name']}: {m['licence']} ({m['description']})")
EOF
    echo "Bundled Python packages keep their licences in /opt/masis-desktop/_internal/*.dist-info."
} > "$STAGE/usr/share/doc/masis-desktop/copyright"

log "dependencies on the target system"
deps=$("$PY" packaging/deb_depends.py "$STAGE/opt/masis-desktop")
echo "$deps"
DEPENDS=$(sed -n 's/^Depends: //p' <<<"$deps")
RECOMMENDS=$(sed -n 's/^Recommends: //p' <<<"$deps")
INSTALLED_KB=$(du -sk --apparent-size "$STAGE" | cut -f1)

cat > "$STAGE/DEBIAN/control" <<EOF
Package: masis-desktop
Version: $VERSION
Architecture: $ARCH
Maintainer: MASIS Desktop maintainers <masis-desktop@localhost>
Installed-Size: $INSTALLED_KB
Depends: $DEPENDS
Recommends: $RECOMMENDS
Section: utils
Priority: optional
Homepage: https://localhost/masis-desktop
Description: offline answers over your own documents, each proven with citations
 MASIS Desktop indexes your documents on this machine and answers questions about
 them with a self-correcting multi-agent pipeline (writer, critic, evaluator) running
 on local GGUF models through llama.cpp. Every answer cites the passages it rests on.
 .
 Everything it needs, the models included, is in this package: it never uses the
 network. User data stays in ~/.local/share/masis-desktop and survives removal.
EOF
for script in postinst postrm; do
    install -m 0755 "packaging/linux/$script" "$STAGE/DEBIAN/$script"
done

log "dpkg-deb ($COMPRESSION, level $LEVEL)"
mkdir -p dist
start=$(date +%s)
dpkg-deb --root-owner-group -Z"$COMPRESSION" -z"$LEVEL" --threads-max="$(nproc)" --build "$STAGE" "$DEB" >/dev/null
seconds=$(( $(date +%s) - start ))
rm -rf "$STAGE"
printf 'built %s: %s MB (installed %s MB) in %s s\n' "$DEB" "$(( $(stat -c %s "$DEB") / 1000000 ))" \
    "$(( INSTALLED_KB / 1000 ))" "$seconds"
