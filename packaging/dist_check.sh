#!/usr/bin/env bash
# Install the .deb on this machine and use it as an analyst would, with networking disabled; then remove it.
# Run by `make dist-check` (after `make dist`); needs root (or sudo) for dpkg, unshare and Xvfb for the GUI step.
#
#   1. dpkg -i dist/masis-desktop_<version>_<arch>.deb; check files, PATH commands, desktop entry, icon
#   2. as a fresh user (empty HOME, no MASIS_* variables), inside `unshare -n` (no network interface at all):
#      masis --version; masis models verify (every model found in the bundle and verified); workspace + ingest of
#      the bundled sample workspace; a real `masis ask` on the default models; the answer's citations resolve
#      (the first ingest derives the ONNX int8 encoder into the user's model store, never into the bundle)
#   3. the GUI: cold start to a visible window (offscreen platform, start-up probe), then under Xvfb (the real
#      X11 plugin) opened on the sample workspace, screenshot -> artifacts/dist-check/gui.png
#   4. dpkg --purge: program files gone, the user's data still there
# Figures go to artifacts/dist-check/figures.json and bench/results/installer.md (packaging/installer_report.py).
# MASIS_DIST_COLD=1 drops the page cache before the first start (a truly cold start; it slows down everyone else
# on the machine for a moment).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PY=${PYTHON:-$ROOT/.venv/bin/python}
VERSION=$("$PY" -c 'import masis_desktop; print(masis_desktop.__version__)')
ARCH=$(dpkg --print-architecture)
DEB=dist/masis-desktop_${VERSION}_${ARCH}.deb
ART=$ROOT/artifacts/dist-check
QUESTION=${MASIS_DIST_QUESTION:-"What revenue did Halvorsen Marine Systems report for Q3 2026, and how does it compare with Q3 2025?"}
SUDO=""
[[ $EUID -eq 0 ]] || SUDO=sudo

[[ -f "$DEB" ]] || bash packaging/build_deb.sh
rm -rf "$ART"
mkdir -p "$ART"
WORK=$(mktemp -d /tmp/masis-dist-check.XXXXXX)
TESTHOME=$WORK/home
mkdir -p "$TESTHOME"
DATA=$TESTHOME/.local/share/masis-desktop
XVFB_PID=""
GUI_PID=""

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'DIST-CHECK FAILED: %s\n' "$*" >&2; exit 1; }
cleanup() {
    [[ -n "$GUI_PID" ]] && kill "$GUI_PID" 2>/dev/null || true
    [[ -n "$XVFB_PID" ]] && kill "$XVFB_PID" 2>/dev/null || true
    if dpkg -s masis-desktop >/dev/null 2>&1; then $SUDO dpkg --purge masis-desktop >/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# A fresh user with nothing but the installed package: empty HOME, default PATH, no MASIS_* variables.
as_user() { env -i HOME="$TESTHOME" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 "$@"; }
# ... with no network at all: a new network namespace has only a loopback interface, and it is down.
# (root: a plain network namespace; anyone else: inside a user namespace, which needs no privilege)
if [[ $EUID -eq 0 ]]; then UNSHARE=(unshare -n); else UNSHARE=(unshare -r -n); fi
offline() { as_user "${UNSHARE[@]}" "$@"; }
drop_caches() {
    [[ "${MASIS_DIST_COLD:-0}" == 1 ]] || return 0
    sync; echo 3 | $SUDO tee /proc/sys/vm/drop_caches >/dev/null 2>&1 || echo "(cannot drop the page cache here)"
}
elapsed() { "$PY" -c "import sys, time; print(round(time.time() - float(sys.argv[1]), 2))" "$1"; }
now() { date +%s.%N; }

step "install $DEB ($(( $(stat -c %s "$DEB") / 1000000 )) MB)"
if dpkg -s masis-desktop >/dev/null 2>&1; then $SUDO dpkg --purge masis-desktop; fi
t=$(now)
$SUDO dpkg -i "$DEB"
INSTALL_S=$(elapsed "$t")
[[ -x /opt/masis-desktop/masis && -x /opt/masis-desktop/masis-desktop ]] || fail "executables not in /opt/masis-desktop"
[[ $(readlink -f /usr/bin/masis) == /opt/masis-desktop/masis ]] || fail "/usr/bin/masis does not lead to the bundle"
[[ $(readlink -f /usr/bin/masis-desktop) == /opt/masis-desktop/masis-desktop ]] || fail "/usr/bin/masis-desktop missing"
grep -q '^Exec=masis-desktop' /usr/share/applications/masis-desktop.desktop || fail "desktop entry missing"
[[ -f /usr/share/icons/hicolor/scalable/apps/masis-desktop.svg ]] || fail "icon missing"
# Disk use in MB (10^6 bytes, like the .deb's size; `du -m` would count MiB).
INSTALLED_MB=$(( $(du -sB1 /opt/masis-desktop | cut -f1) / 1000000 ))
touch "$WORK/installed.stamp"
echo "installed in ${INSTALL_S} s: ${INSTALLED_MB} MB under /opt/masis-desktop"

step "networking is really off inside unshare -n"
if offline bash -c 'exec 3<>/dev/tcp/1.1.1.1/53' 2>/dev/null; then fail "a TCP connection succeeded inside unshare -n"; fi
echo "connect() fails: $(offline bash -c 'exec 3<>/dev/tcp/1.1.1.1/53' 2>&1 | tail -1 || true)"

step "masis --version (first start after install)"
drop_caches
t=$(now)
out=$(offline masis --version)
CLI_COLD_S=$(elapsed "$t")
[[ "$out" == "masis $VERSION" ]] || fail "masis --version printed '$out'"
t=$(now); offline masis --version >/dev/null; CLI_WARM_S=$(elapsed "$t")
echo "$out (first ${CLI_COLD_S} s, then ${CLI_WARM_S} s)"

step "models: found in the bundle and verified (full re-hash)"
t=$(now)
offline masis models verify --json > "$ART/models.json" || fail "masis models verify failed"
VERIFY_S=$(elapsed "$t")
"$PY" - "$ART/models.json" <<'EOF'
import json, sys
rows = json.load(open(sys.argv[1]))
assert len(rows) >= 4, rows
for row in rows:
    assert row["source"] == "bundled" and row["verified"], row
    assert row["path"].startswith("/opt/masis-desktop/"), row["path"]
    print(f"  {row['role']:<12} {row['name']:<38} {row['status']}")
EOF
echo "verified in ${VERIFY_S} s"

step "sample workspace: create and ingest (network off)"
SAMPLE=/opt/masis-desktop/_internal/resources/sample_workspace
offline masis workspace create sample
t=$(now)
offline masis ingest sample "$SAMPLE" --json > "$ART/ingest.json" 2> "$ART/ingest.log" || fail "ingest failed (see $ART/ingest.log)"
INGEST_S=$(elapsed "$t")
"$PY" - "$ART/ingest.json" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))
docs = result["documents"]
bad = [d for d in docs if d["status"] != "indexed"]
assert len(docs) == 4 and not bad, docs
print(f"  {len(docs)} documents indexed, {sum(d['chunks'] for d in docs)} chunks")
EOF
echo "ingested in ${INGEST_S} s"

step "first run derived the ONNX int8 encoder into the user's model store, not the bundle"
offline masis workspace list --json > "$ART/workspaces.json"
"$PY" - "$ART/workspaces.json" "$DATA/models/derived" <<'EOF'
import json, pathlib, sys
rows = {row["name"]: row for row in json.load(open(sys.argv[1]))["workspaces"]}
embedder = rows["sample"]["embedder"]
assert embedder.endswith("+onnx-int8"), f"the sample was embedded by {embedder!r}, not the ONNX int8 encoder"
derived = sorted(pathlib.Path(sys.argv[2]).glob("*-int8.onnx"))
assert len(derived) == 1, f"expected one derived model in {sys.argv[2]}, found {derived}"
print(f"  workspace embedder {embedder}; {derived[0]} ({derived[0].stat().st_size / 1e6:.1f} MB)")
EOF
if grep -qi "ONNX int8 encoder unavailable\|embedding with torch" "$ART/ingest.log"; then
    fail "the ONNX encoder fell back to torch (see $ART/ingest.log)"
fi
[[ -z $(find /opt/masis-desktop -name '*.onnx' -newer "$WORK/installed.stamp") ]] || fail "an ONNX model was written into the bundle"
DERIVED_MB=$(( ($(stat -c %s "$DATA"/models/derived/*-int8.onnx) + 500000) / 1000000 ))

step "masis ask on the default models (network off)"
echo "Q: $QUESTION"
t=$(now)
offline masis ask sample "$QUESTION" --json > "$ART/ask.json" 2> "$ART/ask.log" || fail "masis ask failed (see $ART/ask.log)"
ASK_S=$(elapsed "$t")
"$PY" - "$ART/ask.json" <<'EOF'
import json, re, sys
r = json.load(open(sys.argv[1]))
assert r["status"] in ("success", "needs_clarification"), r["status"]
answer = r["answer"] or ""
assert answer.strip(), "empty answer"
evidence = {str(e.get("chunk_id") or e.get("id")) for e in r.get("evidence", [])}
cited = set(re.findall(r"\[(c\d+)\]", answer))
unresolved = cited - evidence
assert not unresolved, f"citations not in the evidence: {unresolved}"
print(f"  status {r['status']}, confidence {r['confidence']}, {len(cited)} citation(s), all resolve")
print("  A: " + answer.replace("\n", " ")[:400])
if r.get("clarification_question"):
    print("  clarification: " + r["clarification_question"])
EOF
echo "answered in ${ASK_S} s"

step "GUI: cold start to a visible window (offscreen platform)"
drop_caches
t=$(now)
offline env QT_QPA_PLATFORM=offscreen MASIS_STARTUP_T0="$t" MASIS_STARTUP_PROBE="$WORK/startup.json" \
    timeout 120 masis-desktop --no-preload >"$ART/gui-offscreen.log" 2>&1 || fail "GUI did not start (see $ART/gui-offscreen.log)"
GUI_START=$(cat "$WORK/startup.json")
echo "$GUI_START"

step "GUI under Xvfb (X11 plugin), sample workspace, screenshot"
if ! command -v Xvfb >/dev/null; then fail "Xvfb is not installed (apt-get install xvfb)"; fi
DISPLAY_NUM=97
while [[ -e /tmp/.X11-unix/X$DISPLAY_NUM ]]; do DISPLAY_NUM=$((DISPLAY_NUM + 1)); done
Xvfb ":$DISPLAY_NUM" -screen 0 1440x900x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$DISPLAY_NUM ]] && break; sleep 0.1; done
t=$(now)
offline env DISPLAY=":$DISPLAY_NUM" masis-desktop --sample --no-preload >"$ART/gui-xcb.log" 2>&1 &
GUI_PID=$!
shot=$(env DISPLAY=":$DISPLAY_NUM" "$PY" packaging/grab_screen.py "$ART/gui.png" --t0 "$t" --settle 10 --timeout 120) \
    || fail "no window appeared under Xvfb: $shot (see $ART/gui-xcb.log)"
kill -0 "$GUI_PID" 2>/dev/null || fail "the GUI exited (see $ART/gui-xcb.log)"
echo "$shot"
kill "$GUI_PID"; wait "$GUI_PID" 2>/dev/null || true; GUI_PID=""
kill "$XVFB_PID"; wait "$XVFB_PID" 2>/dev/null || true; XVFB_PID=""

step "the bundle stayed read-only; user data is in the platform's user data dir"
written=$(find /opt/masis-desktop -newer "$WORK/installed.stamp" | head -5)
[[ -z "$written" ]] || fail "the app wrote into /opt/masis-desktop: $written"
[[ -d "$DATA/workspaces/sample" ]] || fail "no workspace under $DATA"
ls "$DATA"

step "remove (purge) the package"
$SUDO dpkg --purge masis-desktop
[[ ! -e /opt/masis-desktop && ! -e /usr/bin/masis && ! -e /usr/bin/masis-desktop ]] || fail "files left behind"
[[ ! -e /usr/share/applications/masis-desktop.desktop ]] || fail "desktop entry left behind"
[[ -d "$DATA/workspaces/sample" ]] || fail "removing the package deleted user data"
echo "program files gone; user data intact: $(du -sh "$DATA" | cut -f1) in $DATA"

"$PY" - "$ART/figures.json" <<EOF
import json, sys
figures = {
    "deb": "$DEB", "deb_mb": round($(stat -c %s "$DEB") / 1e6), "installed_mb": $INSTALLED_MB,
    "install_s": $INSTALL_S, "cli_version_first_s": $CLI_COLD_S, "cli_version_warm_s": $CLI_WARM_S,
    "models_verify_full_s": $VERIFY_S, "ingest_sample_s": $INGEST_S, "ask_s": $ASK_S,
    "derived_onnx_mb": $DERIVED_MB, "gui_offscreen": $GUI_START, "gui_xcb": $shot,
}
json.dump(figures, open(sys.argv[1], "w"), indent=1)
print(json.dumps(figures, indent=1))
EOF
"$PY" packaging/installer_report.py >/dev/null && echo "figures -> bench/results/installer.md"
printf '\nDIST-CHECK PASSED\n'
