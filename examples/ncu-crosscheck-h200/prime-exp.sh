#!/usr/bin/env bash
# best at 2048^3 measured alone agrees with ncu; measured in one process with
# rt_b16_2x8 it did not (GPU-b42037fe: +0.12 % alone, +2.34 % together, minutes
# apart). Does the kernel that ran before the flush matter? With MMPROF_PRIME=1
# (a temporary change) collect launches the variant once before each range's
# flush, and launch once before its profiled flush, so the kernel before the
# flush is always the variant itself, as when it runs alone. One device call:
# together, together primed, alone; 20 placements per tool, L2/LRC/DRAM reads.
# PRIME_EXP=0: together, then with the shared-memory carveout of every kernel
# pinned (MMPROF_CARVEOUT=100), pinned and primed, together again.
# PRIME_EXP=collect: only collect primes, launch under ncu does not: together,
# primed, primed, together (ABBA); needs launch's getenv("MMPROF_PRIME") in the
# patch renamed to getenv("MMPROF_PRIME_LAUNCH"); results in
# prime-collect-only.txt (prime-collect.patch is that change made properly).
# MMPROF_PRIME and MMPROF_CARVEOUT exist only with prime-carveout.patch applied
# (`git apply examples/ncu-crosscheck-h200/prime-carveout.patch`); results in
# prime-exp.txt. Run from the repository root on the device machine, with
# .devdeps carried.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread
nvidia-smi --query-gpu=name,uuid,temperature.gpu --format=csv,noheader; date -u
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
export MMPROF=$PWD/build-gpu/cli/mmprof
m=lts__t_sectors_op_read.sum,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,dram__bytes_read.sum
one() { # NAME PRIME VARIANTS [CARVEOUT]
    local t=$(date +%s)
    if [ "$2" = 1 ]; then export MMPROF_PRIME=1; else unset MMPROF_PRIME; fi
    if [ -n "${4:-}" ]; then export MMPROF_CARVEOUT=$4; else unset MMPROF_CARVEOUT; fi
    bash scripts/ncu-crosscheck.sh --variants "$3" --sizes 2048 --repeat 20 --metrics $m --out "results/p-$1" > "$OUT/p-$1.txt" 2> "$OUT/p-$1.err"
    echo "== $1 (prime=$2, carveout=${4:--}, $3): rc=$? $(( $(date +%s) - t )) s"
    grep -E "^(best|rt_b16_2x8) .*(lts__t_sectors_op_read|coalescing|dram)" "$OUT/p-$1.txt" |
        awk '{printf "  %-11s %-70s %12s %12s %9s t %s\n", $1, $3, $4, $5, $6, $11}'
}
if [ "${PRIME_EXP:-1}" = 1 ]; then
    one together 0 best,rt_b16_2x8
    one primed 1 best,rt_b16_2x8
    one alone 0 best
    runs="p-together p-primed p-alone"
elif [ "$PRIME_EXP" = collect ]; then
    one together 0 best,rt_b16_2x8
    one collect-primed 1 best,rt_b16_2x8
    one collect-primed-2 1 best,rt_b16_2x8
    one together-2 0 best,rt_b16_2x8
    runs="p-together p-collect-primed p-collect-primed-2 p-together-2"
else
    # second call: every kernel (variants, flush, discard) with the preferred
    # shared-memory carveout pinned (MMPROF_CARVEOUT, a temporary change), so
    # the SMs never reconfigure between kernels
    one together 0 best,rt_b16_2x8
    one pinned 0 best,rt_b16_2x8 100
    one pinned-primed 1 best,rt_b16_2x8 100
    one together-again 0 best,rt_b16_2x8
    runs="p-together p-pinned p-pinned-primed p-together-again"
fi
date -u
tar czf "$OUT/p.tgz" --exclude='ncu_*.csv' -C results $runs
