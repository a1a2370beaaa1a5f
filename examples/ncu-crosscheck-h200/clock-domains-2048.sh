#!/usr/bin/env bash
# best at 2048^3: the L2 Request Coalescer's merges and the clock domains under both
# tools (H200, 2026-11-23 19:21 UTC, one device call of 187 s; output: clock-domains-2048.txt).
# Run from the repository root on the device machine, with .devdeps carried.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
export MMPROF=$PWD/build-gpu/cli/mmprof
clk=lts__cycles_elapsed.avg.per_second,gpc__cycles_elapsed.avg.per_second,lrc__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg,sm__cycles_active.avg,sm__cycles_elapsed.avg
lrc=lts__t_sectors_op_read.sum,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
t0=$(date +%s)
bash scripts/ncu-crosscheck.sh --variants best --sizes 2048 --repeat 20 --metrics $lrc,$clk --out results/e1 > $OUT/e1.txt 2> $OUT/e1.err
echo "e1 rc=$? $(( $(date +%s) - t0 )) s"
def=$(grep -E '^[a-z0-9_]+__' collector/profiler/groups/default.txt | paste -sd,)
t0=$(date +%s)
bash scripts/ncu-crosscheck.sh --sizes 2048 --repeat 5 --metrics $def,$lrc,lts__cycles_elapsed.avg.per_second,gpc__cycles_elapsed.avg.per_second,lrc__cycles_elapsed.avg.per_second --out results/e2 > $OUT/e2.txt 2> $OUT/e2.err
echo "e2 rc=$? $(( $(date +%s) - t0 )) s"
tar czf $OUT/e.tgz -C results e1 e2
grep -E "best|warptile" $OUT/e1.txt $OUT/e2.txt | grep -E "lts__t_sectors_op_read|coalescing|cycles" 
