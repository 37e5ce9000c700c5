#!/bin/sh
# Build llama.cpp's own OpenAI-compatible server (`llama-server`) from the llama.cpp that llama-cpp-python VERSION
# vendors (the same source as the app's runtime), for this CPU and never with its AMX kernels (see llama_wheel.sh),
# into a cache keyed by version and flags; print the binary's path. Used by bench/serve.py (`--parallel 2`) and by a
# team that wants the C++ server rather than `python -m llama_cpp.server` (docs/SERVING.md). ~10 min on 2 cores.
# Usage: llama_server.sh PYTHON VERSION
set -eu
# shellcheck source=packaging/llama_cpu_args.sh
. "$(dirname "$0")/llama_cpu_args.sh"
python=$1
version=$2
args="-DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF"
args="$args -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DBUILD_SHARED_LIBS=OFF"
cpu_args=$(llama_cpu_args)
args="$args${cpu_args:+ $cpu_args}"
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
