#!/usr/bin/env bash
# Measure what build.spec's trimming saves: build the untrimmed bundle (MASIS_SPEC_NO_TRIM=1) next to the trimmed
# one (dist/masis-desktop, from `make dist`), record both sizes per top-level component in artifacts/trim.json,
# then delete the untrimmed folder (it is only a measurement). packaging/installer_report.py reads the record.
#
#   bash packaging/measure_trim.sh        (~10 minutes on 2 cores; reuses the import probe of the last build)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PY=${PYTHON:-$ROOT/.venv/bin/python}
TRIMMED=dist/masis-desktop
OUT=build/untrimmed
[[ -x "$TRIMMED/masis" ]] || { echo "measure_trim: build the trimmed bundle first (make dist)" >&2; exit 1; }

probe=build/build/probe_modules.json  # written by the last build.spec run (its workpath)
[[ -f "$probe" ]] && export MASIS_SPEC_PROBE_FILE=$ROOT/$probe
rm -rf "$OUT"
start=$(date +%s)
MASIS_SPEC_NO_TRIM=1 "$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$OUT/dist" --workpath "$OUT/work" build.spec
echo "untrimmed bundle built in $(( $(date +%s) - start )) s"
"$OUT/dist/masis-desktop/masis" --version

mkdir -p artifacts
"$PY" - "$TRIMMED" "$OUT/dist/masis-desktop" artifacts/trim.json <<'EOF'
import json, os, sys
from pathlib import Path

def size(path: Path) -> int:
    if path.is_file() or path.is_symlink():
        return path.lstat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())

def components(bundle: Path) -> dict[str, int]:
    return {p.name: size(p) for p in sorted((bundle / "_internal").iterdir())}

trimmed, untrimmed = Path(sys.argv[1]), Path(sys.argv[2])
record = {"trimmed_bytes": size(trimmed), "untrimmed_bytes": size(untrimmed),
          "trimmed_files": sum(1 for _ in trimmed.rglob("*")), "untrimmed_files": sum(1 for _ in untrimmed.rglob("*")),
          "trimmed_components": components(trimmed), "untrimmed_components": components(untrimmed)}
Path(sys.argv[3]).write_text(json.dumps(record, indent=1), encoding="utf-8")
mb = lambda b: round(b / 1e6)
print(f"untrimmed {mb(record['untrimmed_bytes'])} MB ({record['untrimmed_files']} files), "
      f"trimmed {mb(record['trimmed_bytes'])} MB ({record['trimmed_files']} files)")
EOF
rm -rf "$OUT"
