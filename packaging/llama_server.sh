#!/bin/sh
# Build llama.cpp's own OpenAI-compatible server (`llama-server`) from the llama.cpp that llama-cpp-python VERSION
# vendors (the same source as the app's runtime), for this CPU and never with its AMX kernels (see llama_wheel.sh),
# into a cache keyed by version and flags; print the binary's path. Used by bench/serve.py (`--parallel 2`) and by a
# team that wants the C++ server rather than `python -m llama_cpp.server` (docs/SERVING.md). ~10 min on 2 cores.
# Usage: llama_server.sh PYTHON VERSION
set -eu
python=$1
version=$2
args="-DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF"
args="$args -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DBUILD_SHARED_LIBS=OFF"
if [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
    flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
    opt() { case "$flags" in *" $1 "*) args="$args -D$2=ON";; *) args="$args -D$2=OFF";; esac; }
    args="$args -DGGML_NATIVE=OFF"
    opt sse4_2 GGML_SSE42; opt avx GGML_AVX; opt avx2 GGML_AVX2; opt fma GGML_FMA; opt f16c GGML_F16C
    opt bmi2 GGML_BMI2; opt avx_vnni GGML_AVX_VNNI; opt avx512f GGML_AVX512; opt avx512vbmi GGML_AVX512_VBMI
    opt avx512_vnni GGML_AVX512_VNNI; opt avx512_bf16 GGML_AVX512_BF16
    args="$args -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
fi
key=$(printf '%s %s' "$version" "$args" | sha256sum | cut -c1-12)
dir="${XDG_CACHE_HOME:-$HOME/.cache}/masis-desktop/llama-server/$key"
if [ ! -x "$dir/llama-server" ]; then
    echo "building llama-server from llama-cpp-python $version's llama.cpp (~10 min on 2 cores)" >&2
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    "$python" -m pip download --disable-pip-version-check --no-deps --no-binary :all: -d "$work" \
        "llama-cpp-python==$version" >&2
    tar -xzf "$work"/llama_cpp_python-"$version".tar.gz -C "$work"
    src="$work/llama_cpp_python-$version/vendor/llama.cpp"
    # shellcheck disable=SC2086 # $args is a list of -D options
    cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release $args >&2
    cmake --build "$work/build" --target llama-server -j "$(nproc)" >&2
    mkdir -p "$dir.tmp"
    cp "$work/build/bin/llama-server" "$dir.tmp/"
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
fi
echo "$dir/llama-server"
