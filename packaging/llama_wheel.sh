#!/bin/sh
# Build the llama-cpp-python wheel for this CPU once, into a cache keyed by version and build flags; print its
# directory for `pip install --find-links`. Why not pip's own wheel cache: llama.cpp's default -march=native turns on
# its AMX kernels on Sapphire Rapids CPUs, and those crash in decode (SIGSEGV in the AMX backend, seen 2026-11-27 on
# a 2-core Xeon VM with amx_int8). So the build names this CPU's vector extensions itself and never AMX, and pip's
# cache (which keys on the source, not on CMAKE_ARGS) cannot hand back a wheel built the other way.
# Usage: llama_wheel.sh PYTHON VERSION
set -eu
# shellcheck source=packaging/llama_cpu_args.sh
. "$(dirname "$0")/llama_cpu_args.sh"
python=$1
version=$2
args=$(llama_cpu_args)
key=$(printf '%s %s' "$version" "$args" | sha256sum | cut -c1-12)
dir="${XDG_CACHE_HOME:-$HOME/.cache}/masis-desktop/llama-wheels/$key"
if ! ls "$dir"/llama_cpp_python-"$version"-*.whl >/dev/null 2>&1; then
    echo "building llama-cpp-python $version for this CPU (~6-11 min on 2 cores): ${args:-defaults}" >&2
    mkdir -p "$dir.tmp"
    CMAKE_ARGS="$args" "$python" -m pip wheel --disable-pip-version-check --no-deps --no-cache-dir \
        -w "$dir.tmp" "llama-cpp-python==$version" >&2
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
fi
echo "$dir"
