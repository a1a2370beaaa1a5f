#!/usr/bin/env bash
# best at 2048^3: is its L2 read gap to ncu (+1.9 to +3.2 % in every full
# cross-check, +0.3/+0.7 % in the one call that began on a cold GPU) a matter of
# the GPU's state (temperature after minutes of work) or of the metric set
# (which counters share the L2 counters' pass)? One device call, in order:
#   A  cross-check of best, 10 placements, default set          (GPU cold)
#   B  the same with only the L2/LRC read counters and SM cycles
#   -  the GPU tests and the example collect (examples/seeds)
#   C  A again                                                   (GPU warm)
# with the GPU's and memory's temperatures and clocks before and after each.
# Output: best-drift.txt. Run from the repository root on the device machine,
# with .devdeps carried.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
w=$OUT/w; mkdir -p "$w"
state() { echo "gpu: $(nvidia-smi --query-gpu=temperature.gpu,temperature.memory,clocks.sm,clocks.mem,power.draw --format=csv,noheader) ($1)"; }
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader
state "start"
t0=$(date +%s)
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > "$w/build.log" 2>&1 || { tail -30 "$w/build.log"; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
export MMPROF=$PWD/build-gpu/cli/mmprof
xc() { # NAME ARGS...
    local name=$1; shift
    state "before $name"; local t=$(date +%s)
    bash scripts/ncu-crosscheck.sh --variants best --sizes 2048 --repeat 10 --out "results/bd-$name" "$@" > "$w/xc-$name.txt" 2> "$w/xc-$name.err"
    echo "$name: rc=$? in $(( $(date +%s) - t )) s"; state "after $name"
    grep -E "lts__t_sectors_op_read|lrc__|sm__cycles_active|dram__bytes_read|lts__t_bytes" "$w/xc-$name.txt" | awk '{printf "  %-70s %14s %14s %9s %6s t %s\n", $3, $4, $5, $6, $8, $11}'
}
xc A
xc B --metrics lts__t_sectors_op_read.sum,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,sm__cycles_active.avg
t0=$(date +%s)
ctest --test-dir build-gpu --output-on-failure -L gpu -LE "ncu|sanitizer" -V > "$w/gpu-tests.log" 2>&1
echo "gpu tests: rc=$? in $(( $(date +%s) - t0 )) s"; grep -E "Passed|Failed|Skipped|tests passed" "$w/gpu-tests.log" | tail -n 8
rm -rf results/gpu-check; t0=$(date +%s)
$MMPROF collect --variants all --sizes 1024,2048 --out results/gpu-check > "$w/collect.log" 2>&1
echo "collect: rc=$? in $(( $(date +%s) - t0 )) s"; tail -n 4 "$w/collect.log"
xc C
tar czf "$OUT/best-drift.tgz" -C "$OUT" w -C "$PWD/results" gpu-check bd-A bd-B bd-C
