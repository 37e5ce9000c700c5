#!/bin/sh
# Build the llama-cpp-python wheel for this CPU once, into a cache keyed by version and build flags; print its
# directory for `pip install --find-links`. Why not pip's own wheel cache: llama.cpp's default -march=native turns on
# its AMX kernels on Sapphire Rapids CPUs, and those crash in decode (SIGSEGV in the AMX backend, seen 2026-11-27 on
# a 2-core Xeon VM with amx_int8). So the build names this CPU's vector extensions itself and never AMX, and pip's
# cache (which keys on the source, not on CMAKE_ARGS) cannot hand back a wheel built the other way.
# Usage: llama_wheel.sh PYTHON VERSION
set -eu
python=$1
version=$2
args=""
if [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
    flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
    opt() { case "$flags" in *" $1 "*) args="$args -D$2=ON";; *) args="$args -D$2=OFF";; esac; }
    args="-DGGML_NATIVE=OFF"
    opt sse4_2 GGML_SSE42; opt avx GGML_AVX; opt avx2 GGML_AVX2; opt fma GGML_FMA; opt f16c GGML_F16C
    opt bmi2 GGML_BMI2; opt avx_vnni GGML_AVX_VNNI; opt avx512f GGML_AVX512; opt avx512vbmi GGML_AVX512_VBMI
    opt avx512_vnni GGML_AVX512_VNNI; opt avx512_bf16 GGML_AVX512_BF16
    args="$args -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
fi
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
