#!/usr/bin/env bash
# With collect's settling wait on (--settle-ms 100): the L2 flush alone against
# the flush followed by discard.global.L2 over the flush buffer (an empty L2
# at the range, as ncu's --cache-control all leaves it; MMPROF_FLUSH_DISCARD=1,
# a temporary switch), on the kernels whose DRAM or L2 totals were nearest the
# limits, 10 placements per tool at both shapes (output: settle-discard.txt,
# settle-discard-with-discard.txt, settle-discard-flush-only.txt).
# As it ran (2026-11-23 21:00 UTC), with the wait then 8x the kernel's duration
# (now 4x, cap 50 ms). The discard is now always part of the flush; the
# MMPROF_FLUSH_DISCARD switch is gone, so "plain" cannot be rerun as it was.
# In the discard run, ncu's l1tex__t_bytes and lts__t_bytes rows also hold the
# discard kernel's (the script then dropped only l2_flush_kernel's rows): those
# misses are not comparisons; DRAM and L2 read sectors are.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,temperature.gpu --format=csv,noheader
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
export MMPROF=$PWD/build-gpu/cli/mmprof
v=naive,tiled_t2,tiled_t4,rt_b16_2x8,rt_b16_23x24,rt_b16_24x24,warptile,best
for mode in discard plain; do
    t0=$(date +%s)
    if [ $mode = discard ]; then export MMPROF_FLUSH_DISCARD=1; else unset MMPROF_FLUSH_DISCARD; fi
    timeout 270 bash scripts/ncu-crosscheck.sh --variants $v --sizes 2048 --mnk 1000,3000,700 --repeat 10 --out results/sd-$mode > $OUT/sd-$mode.txt 2> $OUT/sd-$mode.err
    echo "== $mode: rc=$? $(( $(date +%s) - t0 )) s"
    tail -2 $OUT/sd-$mode.txt | head -1
    grep -E "dram__bytes_read|lts__t_sectors_op_read.sum|coalescing_achieved" $OUT/sd-$mode.txt | awk '{printf "%-14s %-15s %-50s %12s %12s %9s %s\n", $1, $2, $3, $4, $5, $6, $8}'
done
tar czf $OUT/sd.tgz -C results sd-discard sd-plain
