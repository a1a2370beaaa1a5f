#!/usr/bin/env bash
# collect waits after each range's L2 flush (--settle-ms, default 100): what it
# costs (collect --profile-only of every variant at 2048, with and without the
# wait) and the cross-check at 1000x3000x700, 10 placements per tool, where
# tiled_t2's DRAM reads were 1.5-2.1 % above ncu's without it
# (output: settle-check.txt, settle-check-1000x3000x700.txt). Run from the
# repository root on the device machine, with .devdeps carried.
# As it ran (2026-11-23 20:52 UTC): the wait was then 8x the kernel's duration
# (now 4x, default cap 50 ms) and the flush did not yet discard its lines.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,temperature.gpu --format=csv,noheader
t0=$(date +%s)
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
export MMPROF=$PWD/build-gpu/cli/mmprof
for s in 100 0; do
  t0=$(date +%s%N); $MMPROF collect --profile-only --no-ceilings --variants all --sizes 2048 --settle-ms $s --out results/bench-settle-$s > /dev/null 2> $OUT/collect-settle-$s.err
  echo "collect --profile-only 2048 --settle-ms $s: rc=$? $(( ($(date +%s%N) - t0) / 1000000 )) ms"
done
t0=$(date +%s)
timeout 420 bash scripts/ncu-crosscheck.sh --mnk 1000,3000,700 --repeat 10 --out results/settle-1000 > $OUT/settle-1000.txt 2> $OUT/settle-1000.err
echo "crosscheck rc=$? $(( $(date +%s) - t0 )) s"
tail -3 $OUT/settle-1000.txt
grep -E "dram__bytes_read|MISS" $OUT/settle-1000.txt | awk '{print $1, $3, $4, $5, $6, $7, $8}' | head -60
tar czf $OUT/settle.tgz -C results settle-1000 bench-settle-100
