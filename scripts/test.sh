#!/usr/bin/env bash
# The whole test suite: a Release build and an ASan + UBSan Debug build of the
# host code, every ctest test in each, so both build types pass (an optimising
# build can fail valgrind where Debug does not). GPU tests report SKIPPED
# where there is no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
BUILD_DIR=build CMAKE_ARGS="-DCMAKE_BUILD_TYPE=Release" scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
BUILD_DIR=build-asan CMAKE_ARGS="-DMMPROF_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug" scripts/build.sh
# protect_shadow_gap=0: the CUDA driver maps memory where ASan keeps its gap.
ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
# Bounded fuzzing of the run-directory readers (clang + libFuzzer, ASan + UBSan):
# MMPROF_FUZZ_SECONDS (30) per target, the targets in parallel.
export PATH=$PATH:/usr/local/cuda/bin
cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DMMPROF_FUZZ=ON -DCMAKE_CUDA_COMPILER="$(command -v nvcc)" > /dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzzers
ctest --test-dir build-fuzz -L fuzz --output-on-failure -j "$(nproc)"
