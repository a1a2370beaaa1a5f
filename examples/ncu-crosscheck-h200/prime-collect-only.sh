#!/usr/bin/env bash
# Only collect primes: one unprofiled launch of each range's own kernel before
# its flush (MMPROF_PRIME, read by collect), while launch under ncu does not
# (MMPROF_PRIME_LAUNCH, unset). best and rt_b16_2x8 together at 2048^3, 20
# placements per tool: unprimed, primed, primed, unprimed (ABBA), one call.
# Needs prime-carveout.patch applied with launch's getenv("MMPROF_PRIME")
# renamed to getenv("MMPROF_PRIME_LAUNCH"). Output: prime-collect-only.txt.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread
nvidia-smi --query-gpu=name,uuid,temperature.gpu --format=csv,noheader; date -u
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
export MMPROF=$PWD/build-gpu/cli/mmprof
m=lts__t_sectors_op_read.sum,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,dram__bytes_read.sum
one() { local t=$(date +%s)
    if [ "$2" = 1 ]; then export MMPROF_PRIME=1; else unset MMPROF_PRIME; fi
    bash scripts/ncu-crosscheck.sh --variants best,rt_b16_2x8 --sizes 2048 --repeat 20 --metrics $m --out "results/q-$1" > "$OUT/q-$1.txt" 2> "$OUT/q-$1.err"
    echo "== $1 (collect primed=$2): rc=$? $(( $(date +%s) - t )) s"
    grep -E "^(best|rt_b16_2x8) .*(lts__t_sectors_op_read|coalescing|dram)" "$OUT/q-$1.txt" | awk '{printf "  %-11s %-70s %12s %12s %9s t %s\n", $1, $3, $4, $5, $6, $11}'; }
one together 0
one collect-primed 1
one collect-primed-2 1
one together-2 0
date -u
