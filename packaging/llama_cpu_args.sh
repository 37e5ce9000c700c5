# Sourced by llama_wheel.sh and llama_server.sh: both build llama.cpp for this CPU, and both must name the same
# vector extensions and the same "never AMX" (its kernels crash in decode on Sapphire Rapids, see llama_wheel.sh),
# so the detection lives here once. `llama_cpu_args` prints the CMake -D options for this CPU's vector extensions
# with -march=native and AMX off; on anything but x86_64 with /proc/cpuinfo it prints nothing (llama.cpp's defaults).
# The printed text is part of both scripts' cache keys: changing it rebuilds the cached wheel and server.
llama_cpu_args() {
    if [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
        _flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
        _args="-DGGML_NATIVE=OFF"
        _opt() { case "$_flags" in *" $1 "*) _args="$_args -D$2=ON";; *) _args="$_args -D$2=OFF";; esac; }
        _opt sse4_2 GGML_SSE42; _opt avx GGML_AVX; _opt avx2 GGML_AVX2; _opt fma GGML_FMA; _opt f16c GGML_F16C
        _opt bmi2 GGML_BMI2; _opt avx_vnni GGML_AVX_VNNI; _opt avx512f GGML_AVX512; _opt avx512vbmi GGML_AVX512_VBMI
        _opt avx512_vnni GGML_AVX512_VNNI; _opt avx512_bf16 GGML_AVX512_BF16
        printf '%s' "$_args -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
    fi
}
