#!/usr/bin/env bash
# On an H100 the transposes' lts__t_bytes came out 2.0-4.0 % above ncu's
# (t 9-20) while their L2 read and write sectors agreed within 0.1 %: about
# 1.5 MB per range of L2 traffic that is neither a read nor a write. Which L2
# operation is it, and what in collect's range brings it? One device call per
# experiment, L2_EXP=split (default) or nosync:
#   split (l2-other.txt):
#     X  cross-check of tr_copy, tr_naive, best at 2048^3, 3 placements per tool,
#        the L2 totals split by operation and by source unit
#     S  collect of tr_copy and tr_naive alone with the same metrics, 3 times
#        with the usual wait after the flush (4x the kernel, at most 50 ms) and
#        3 times with a fixed 50 ms wait (l2_settle_ms patched in a second build)
#   nosync (l2-membar.txt), after split found memory-barrier sectors
#   (lts__t_sectors_op_membar: 42 720 per kernel under ncu, 64 320 or 85 440
#   in collect's range of PushRange, launch, cudaDeviceSynchronize, PopRange):
#     X  as above, with fewer metrics
#     S  collect of the three, 3 times as it is and 3 times with
#        range-nosync.patch (the range holds the launch only; the next flush waits)
# The tree is restored after each patch. Run from the repository root on the
# device machine, with .devdeps carried.
set -u
exp=${L2_EXP:-split}
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
here=examples/ncu-crosscheck-h100
w=$OUT/w; mkdir -p "$w"
nvidia-smi --query-gpu=name,uuid,driver_version,temperature.gpu --format=csv,noheader
build() { # DIR
    local t0=$(date +%s)
    BUILD_DIR=$1 CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > "$w/$1.log" 2>&1 ||
        { tail -30 "$w/$1.log"; exit 1; }
    echo "build $1: $(( $(date +%s) - t0 )) s"
}
m=lts__t_bytes.sum,lts__t_sectors.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
case "$exp" in
split)
    m=$m,lts__t_sectors_op_atom.sum,lts__t_sectors_op_red.sum,lts__t_sectors_op_membar.sum
    m=$m,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_gcc.sum,lts__t_sectors_srcunit_ltcfabric.sum
    m=$m,lts__t_sectors_srcunit_ltcfabric_op_read.sum,lts__t_sectors_srcunit_ltcfabric_op_write.sum
    m=$m,lts__t_sectors_srcnode_gpc.sum,lts__t_requests_srcunit_ltcfabric.sum,dram__bytes_read.sum,dram__bytes_write.sum
    s_variants=tr_copy,tr_naive ;;
nosync)
    m=$m,lts__t_sectors_op_membar.sum,lts__t_sectors_srcnode_gpc.sum,lts__t_sectors_srcunit_ltcfabric.sum
    m=$m,dram__bytes_read.sum,dram__bytes_write.sum
    s_variants=tr_copy,tr_naive,best ;;
*) echo "L2_EXP=$exp: give split or nosync" >&2; exit 2 ;;
esac
build build-gpu
export MMPROF=$PWD/build-gpu/cli/mmprof
t0=$(date +%s)
bash scripts/ncu-crosscheck.sh --variants tr_copy,tr_naive,best --sizes 2048 --repeat 3 --block 3 --metrics "$m" \
    --out "results/l2-$exp-X" > "$w/X.txt" 2> "$w/X.err"
echo "X: rc=$? in $(( $(date +%s) - t0 )) s"
grep -E "^(tr_copy|tr_naive|best) " "$w/X.txt" | awk '{printf "  %-10s %-48s %14s %14s %9s %6s t %s\n", $1, $3, $4, $5, $6, $8, $11}'
cols() { # CSV: variant and the metrics of $m, one line per row
    awk -F, -v want="$m" 'NR == 1 { n = split(want, wl, ","); for (i = 1; i <= NF; i++) idx[$i] = i; next }
        { line = $(idx["variant"]); for (j = 1; j <= n; j++) line = line " " $(idx[wl[j]]); print line }' "$1"
}
S() { # LABEL MMPROF
    for r in 1 2 3; do
        rm -rf "results/l2-$exp-$1-$r"
        "$2" collect --profile-only --variants $s_variants --sizes 2048 --metrics "$m" \
            --out "results/l2-$exp-$1-$r" > "$w/S-$1-$r.log" 2>&1 || { echo "S $1 $r failed"; tail -5 "$w/S-$1-$r.log"; }
        cols "results/l2-$exp-$1-$r/results.csv" | sed "s/^/  $1 run $r: /"
    done
}
echo "S columns: variant $m" | tr , ' '
S usual "$MMPROF"
if [ "$exp" = split ]; then
    cp collector/l2_flush.c "$w/l2_flush.c.orig"
    sed -i 's/double ms = L2_SETTLE_PER_KERNEL \* kernel_ms;/double ms = cap_ms; (void)L2_SETTLE_PER_KERNEL;/' collector/l2_flush.c
    grep -q 'double ms = cap_ms;' collector/l2_flush.c || { echo "patch did not apply"; exit 1; }
    build build-gpu-fixed50
    cp "$w/l2_flush.c.orig" collector/l2_flush.c
    S fixed50 "$PWD/build-gpu-fixed50/cli/mmprof"
else
    git apply "$here/range-nosync.patch" 2>/dev/null || patch -p1 < "$here/range-nosync.patch" ||
        { echo "patch did not apply"; exit 1; }
    build build-gpu-nosync
    git apply -R "$here/range-nosync.patch" 2>/dev/null || patch -R -p1 < "$here/range-nosync.patch"
    S nosync "$PWD/build-gpu-nosync/cli/mmprof"
fi
tar czf "$OUT/l2-$exp.tgz" -C "$OUT" w -C "$PWD/results" "l2-$exp-X"
