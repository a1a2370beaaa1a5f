#!/usr/bin/env bash
# One full GPU check on an H100/H200: build for sm_90, run every test (GPU
# ones included), run a collect, and leave logs and the packed run directory
# under $OUT (at most 8 files come back from the device machine).
#   scripts/gpu-check.sh [collect args...]   (default: --variants all --sizes 1024,2048)
# The device machine has no package registry: Debian's libraries the build
# needs travel in .devdeps/root (see scripts/devdeps.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/mmprof-out}
mkdir -p "$OUT"
deps=$PWD/.devdeps/root/usr
if [ -d "$deps" ]; then
    export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
    export CMAKE_ARGS="-DCMAKE_PREFIX_PATH=$deps ${CMAKE_ARGS:-}"
fi
log=$OUT/gpu-check.log
exec > >(tee "$log") 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
t0=$(date +%s)
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 ${CMAKE_ARGS:-}" JOBS=16 scripts/build.sh || exit 1
echo "build: $(( $(date +%s) - t0 )) s"
ctest --test-dir build-gpu --output-on-failure -j 4 -LE gpu | tail -n 25
ctest --test-dir build-gpu --output-on-failure -L gpu -V > "$OUT/gpu-tests.log" 2>&1
echo "gpu tests: rc=$? (log gpu-tests.log)"; tail -n 15 "$OUT/gpu-tests.log"
build-gpu/cli/mmprof info
run=results/gpu-check
rm -rf "$run"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--variants all --sizes 1024,2048)
t0=$(date +%s)
build-gpu/cli/mmprof collect "${args[@]}" --out "$run"
echo "collect: rc=$? in $(( $(date +%s) - t0 )) s"
[ -d "$run" ] && tar czf "$OUT/run.tgz" -C results gpu-check
ls -la "$OUT"
