#!/usr/bin/env bash
# The fast kernels' benchmark: the fast kernels against their yardsticks,
# measured in one run on one GPU, ending with the ratios (best/cuBLAS,
# best transpose/tr_copy, tr_copy/cudaMemcpy D2D).
#
#   scripts/bench-fast.sh [--quick]
#
#   1. mmprof tune   --sizes 4096,8192            (best's tile per size -> $OUT/tune.txt)
#   2. mmprof collect best,cublas (+ the road bt2d, vec, warptile, rt_b16_4x4)
#                    at 4096 and 8192, timed, with the tune table
#   3. mmprof collect tr_copy,tr_padded,tr_swizzled,tr_vectorized at 4096, 8192,
#                    16384 and non-square 4096x16384, 16384x4096, 8192x2048
#   4. bench_d2d     tr_copy and the transposes against cudaMemcpy D2D
#   5. mmprof collect best,cublas,warptile at 4096 with the stall counters
#                    (what limits best); skipped with --quick
#   6. the summary table (also $OUT/bench-summary.txt)
#
# Environment: OUT (default /tmp/mmprof-bench), BUILD_DIR (default build-gpu;
# built here unless SKIP_BUILD=1), and .devdeps as in scripts/gpu-check.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/mmprof-bench}
BUILD_DIR=${BUILD_DIR:-build-gpu}
quick=0
[ "${1:-}" = "--quick" ] && quick=1
mkdir -p "$OUT"
deps=$PWD/.devdeps/root/usr
if [ -d "$deps" ]; then
    export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
    export CMAKE_ARGS="-DCMAKE_PREFIX_PATH=$deps ${CMAKE_ARGS:-}"
fi
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    export PATH=$PATH:/usr/local/cuda/bin
    # shellcheck disable=SC2086
    cmake -S . -B "$BUILD_DIR" -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_COMPILER="$(command -v nvcc)" \
        ${CMAKE_ARGS:-} >/dev/null || exit 1
    cmake --build "$BUILD_DIR" -j "${JOBS:-$(nproc)}" --target mmprof bench_d2d >/dev/null || exit 1
fi
mmprof=$BUILD_DIR/cli/mmprof
bench_d2d=$BUILD_DIR/tests/kernels/bench_d2d
tune=$OUT/tune.txt
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu \
    --format=csv,noheader | tee "$OUT/gpu.txt"
date -u +%Y-%m-%dT%H:%MZ >>"$OUT/gpu.txt"

# 1. tune
rm -f "$tune"
"$mmprof" tune --sizes 4096,8192 --tune-file "$tune" | tee "$OUT/tune.log"
export MMPROF_TUNE_FILE=$tune # what best reads from here on

# 2.-3. collect (timing only: the counters come in step 5)
runs=()
collect() { # name, collect args...
    local name=$1
    shift
    rm -rf "results/bench-$name"
    "$mmprof" collect --no-profile --no-ceilings --out "results/bench-$name" "$@" 2>>"$OUT/collect.log" |
        tail -n 3 >>"$OUT/collect.log"
    [ -f "results/bench-$name/results.csv" ] && runs+=("results/bench-$name/results.csv")
}
collect mm --variants best,cublas,warptile,vec,bt2d,rt_b16_4x4 --sizes 4096,8192
tr=tr_copy,tr_padded,tr_swizzled,tr_vectorized
collect tr --variants "$tr" --sizes 4096,8192,16384
collect tr-wide --variants "$tr" --mnk 4096,16384,1
collect tr-tall --variants "$tr" --mnk 16384,4096,1
collect tr-flat --variants "$tr" --mnk 8192,2048,1

# 4. cudaMemcpy D2D on the same buffers, timed the same way
"$bench_d2d" 4096x4096 8192x8192 16384x16384 4096x16384 16384x4096 | tee "$OUT/bench-d2d.txt"

# 5. what limits best: stall reasons, issue slots and FMA pipe use
if [ "$quick" = 0 ]; then
    rm -rf results/bench-prof
    "$mmprof" collect --no-ceilings --out results/bench-prof --variants best,cublas,warptile --sizes 4096 \
        --metrics stalls --add-metrics sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__issue_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.sum,sm__inst_executed.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,sm__cycles_elapsed.avg.per_second \
        2>>"$OUT/collect.log" | tail -n 3 >>"$OUT/collect.log"
    [ -f results/bench-prof/results.csv ] && cp results/bench-prof/results.csv "$OUT/bench-prof.csv"
fi
cat "${runs[@]}" >"$OUT/bench-results.csv" 2>/dev/null

# 6. summary: GFLOP/s and GB/s by name, whatever the column order
summary() {
    awk -F, '
    FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
        key = $col["variant"] " " $col["M"] "x" $col["N"] ($col["family"] == "matmul" ? "x" $col["K"] : "")
        st[key] = $col["status"]; gf[key] = $col["gflops"]; gb[key] = $col["gbs"]; ms[key] = $col["runtime_ms"]
        if ($col["family"] == "transpose") shapes_tr[$col["M"] "x" $col["N"]] = 1
    }
    function show(v, s) { return st[v " " s] == "ok" ? sprintf("%.0f", gf[v " " s]) : "(" st[v " " s] ")" }
    END {
        printf "matmul GFLOP/s (median)         best     cublas   best/cublas  warptile  vec      bt2d     rt_b16_4x4\n"
        n = split("4096x4096x4096 8192x8192x8192", mm, " ")
        for (i = 1; i <= n; i++) {
            s = mm[i]; r = (gf["cublas " s] > 0) ? gf["best " s] / gf["cublas " s] : 0
            printf "  %-28s %8s %8s %10.3f  %8s %8s %8s %8s\n", s, show("best", s), show("cublas", s), r,
                show("warptile", s), show("vec", s), show("bt2d", s), show("rt_b16_4x4", s)
        }
        printf "transpose GB/s (median)         tr_copy  tr_padded tr_swizzled tr_vectorized  best/tr_copy\n"
        for (s in shapes_tr) {
            b = gb["tr_vectorized " s]; if (gb["tr_swizzled " s] > b) b = gb["tr_swizzled " s]
            if (gb["tr_padded " s] > b) b = gb["tr_padded " s]
            printf "  %-28s %8.0f %9.0f %11.0f %13.0f  %11.3f\n", s, gb["tr_copy " s], gb["tr_padded " s],
                gb["tr_swizzled " s], gb["tr_vectorized " s], (gb["tr_copy " s] > 0 ? b / gb["tr_copy " s] : 0)
        }
    }' "${runs[@]}"
    echo "tr_copy vs cudaMemcpy D2D (bench_d2d, same buffers and timing):"
    grep -E "memcpy_d2d" "$OUT/bench-d2d.txt" | awk '{printf "  %s x %s  memcpy %s GB/s  tr_copy %s GB/s  ratio %s\n", $1, $3, $5, $8, $9}'
    echo "tuned tiles:"
    grep -vE "^#" "$tune" 2>/dev/null | awk '{printf "  %sx%sx%s -> %s\n", $1, $2, $3, $4}'
    echo "GPU: $(head -n 1 "$OUT/gpu.txt")  ($(tail -n 1 "$OUT/gpu.txt"))"
}
summary | tee "$OUT/bench-summary.txt"
