#!/usr/bin/env bash
# Configures and builds mmprof into ${BUILD_DIR:-build}. Extra CMake options
# go through CMAKE_ARGS (e.g. CMAKE_ARGS=-DMMPROF_SANITIZE=ON); BUILD_TARGETS
# (words) builds only those targets.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin
build=${BUILD_DIR:-build}
jobs=${JOBS:-$(nproc)}
# shellcheck disable=SC2086
cmake -S . -B "$build" -DCMAKE_CUDA_COMPILER="$(command -v nvcc)" ${CMAKE_ARGS:-} >/dev/null
targets=()
for t in ${BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$build" -j "$jobs" "${targets[@]}"
