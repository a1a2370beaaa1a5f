#!/usr/bin/env bash
# One full GPU check on an H100/H200: build for sm_90, run the CPU and GPU
# tests, run a collect, and leave logs and the packed run directory under
# $OUT (at most 8 files come back from the device machine).
#   scripts/gpu-check.sh [collect args...]   (default: --variants all --sizes 1024,2048)
# Optional, by environment:
#   GPU_CHECK_SANITIZER=1  compute-sanitizer memcheck/racecheck/synccheck on every kernel
#   GPU_CHECK_NCU=1        scripts/ncu-crosscheck.sh and scripts/bench-vs-ncu.sh
#   GPU_CHECK_NCU_REPEAT=N medians of N runs (buffer placements) per tool in the cross-check (default 1)
#   GPU_CHECK_NCU_ARGS="..." more cross-check arguments, e.g. "--sizes 2048 --extend-to 30 --resume"
#   GPU_CHECK_NCU_OUT=DIR  the cross-check's directory (default results/ncu-crosscheck; kept
#                          between calls, and with --resume finished blocks are not redone)
#   GPU_CHECK_NCU_TIMEOUT=S stop the cross-check after S seconds (default 0: no limit), so a
#                          device that ends a command at 10 minutes still returns its logs;
#                          run it again with --resume to finish
#   GPU_CHECK_DEADLINE=T   (epoch seconds) the same, with the limit set to end 15 s before T,
#                          whatever the build and tests took
#   GPU_CHECK_BENCH=0|1    bench-vs-ncu.sh (default: with GPU_CHECK_NCU=1)
#   GPU_CHECK_BEST=1       best's counters at 1024^3, 4096^3 and 1001x2999x703 (CGMA vs theory)
#   GPU_CHECK_DIFF=1       the diff gate's acceptance (docs/diff.md): 11 small collects of this build
#                          (14 variants at 2048, about 2 minutes); five pairs diffed at the default
#                          threshold must flag no row; then r1 against a run whose `best` takes a
#                          64x128 tile from a tune table must flag that row alone, exit 3. Runs,
#                          diffs (text, JSON, JUnit) and the verdict in $OUT/diff-check.tgz
#   GPU_CHECK_RESTRICTED_FAULT=1 only the GPU tests of restricted-counter mode and kernel faults
#                          (gpu_restricted_mode, gpu_kernel_fault: docs/restricted.md), verbose;
#                          with GPU_CHECK_TESTS=0 GPU_CHECK_COLLECT=0 a call of about 2 minutes
#   GPU_CHECK_PROFILE=1    scripts/profile-check.sh: `mmprof profile` on examples/apps/mmprof_example
#                          against ncu --nvtx --cache-control all (counters through xcheck, wall
#                          times, the app's output unchanged): $OUT/profile.tgz and its log
#   GPU_CHECK_PROFILE_ARGS="..." more profile-check arguments, e.g. "--repeat 9"
#   GPU_CHECK_FINDINGS=1   scripts/findings-vs-ncu.sh: ncu --set full and mmprof profile on the example
#                          app and on the ladder's kernels run as an app, mmprof's top finding against
#                          ncu's top rule per kernel (xcheck --findings): $OUT/findings-vs-ncu.tgz
#   GPU_CHECK_LOOP=1       scripts/bench-loop.sh: the many-launch example (mmprof_solver) alone,
#                          under every `mmprof profile` mode and under ncu's kernel and application
#                          replay (wall times, medians; counters through xcheck; activity times
#                          against events): $OUT/loop.tgz and its log
#   GPU_CHECK_LOOP_ARGS="..." more bench-loop arguments, e.g. "--repeat 5 --ncu-repeat 3"
#   GPU_CHECK_TRACE=1      where collect's wall time goes: MMPROF_TRACE=1 collect --profile-only of
#                          every GPU variant at 2048 with the default metrics, once with and once
#                          without ceilings ($OUT/logs/trace-*.log)
#   GPU_CHECK_SOURCE=1     scripts/source-check.sh: collect --source of naive, tiled_t16, tr_naive
#                          at 2048 against ncu's warp-state sampling (stall shares, hottest line)
#                          and its cost: $OUT/source-check.txt and $OUT/source.tgz
#   GPU_CHECK_TARGETS="..." build only these targets (e.g. "mmprof mmprof_inject mmprof_solver"
#                          for GPU_CHECK_LOOP=1 GPU_CHECK_TESTS=0 GPU_CHECK_COLLECT=0: a build of ~30 s)
#   GPU_CHECK_TESTS=0      skip the CPU and GPU test suites
#   GPU_CHECK_CPU_TESTS=0  skip the CPU suite only (CI runs it; the GPU tests still run)
#   GPU_CHECK_COLLECT=0    skip the collect
# The device machine has no package registry: Debian's libraries the build
# needs travel in .devdeps/root (scripts/devdeps.sh makes it).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/mmprof-out}
mkdir -p "$OUT" "$OUT/logs"
deps=$PWD/.devdeps/root/usr
if [ -d "$deps" ]; then
    export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
    export CMAKE_ARGS="-DCMAKE_PREFIX_PATH=$deps ${CMAKE_ARGS:-}"
fi
exec > >(tee "$OUT/gpu-check.log") 2>&1
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.mem,memory.total,temperature.gpu --format=csv
t0=$(date +%s)
BUILD_TARGETS=${GPU_CHECK_TARGETS:-} BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 ${CMAKE_ARGS:-}" JOBS=16 scripts/build.sh > "$OUT/logs/build.log" 2>&1 ||
    { tail -n 40 "$OUT/logs/build.log"; exit 1; }
echo "build: $(( $(date +%s) - t0 )) s"
mmprof=$PWD/build-gpu/cli/mmprof
# CI's long suites (valgrind, Slurm, browser, fuzz) stay in CI.
if [ "${GPU_CHECK_TESTS:-1}" = 1 ]; then
    if [ "${GPU_CHECK_CPU_TESTS:-1}" = 1 ]; then
        ctest --test-dir build-gpu -j 8 -LE "gpu|valgrind|slurm|browser|fuzz|example" > "$OUT/logs/cpu-tests.log" 2>&1
        echo "cpu tests: rc=$?"; grep -E "tests passed|FAILED|Failed" "$OUT/logs/cpu-tests.log" | head -n 20
    fi
    ctest --test-dir build-gpu --output-on-failure -L gpu -LE "ncu|sanitizer" -V > "$OUT/gpu-tests.log" 2>&1
    echo "gpu tests: rc=$? (gpu-tests.log)"; grep -E "Passed|Failed|tests passed" "$OUT/gpu-tests.log" | tail -n 12
fi
"$mmprof" info
if [ "${GPU_CHECK_COLLECT:-1}" = 1 ]; then
    run=results/gpu-check
    rm -rf "$run"
    args=("$@")
    [ ${#args[@]} -gt 0 ] || args=(--variants all --sizes 1024,2048)
    t0=$(date +%s)
    "$mmprof" collect "${args[@]}" --out "$run"
    echo "collect: rc=$? in $(( $(date +%s) - t0 )) s"
    [ -d "$run" ] && tar czf "$OUT/run.tgz" -C results gpu-check
fi
if [ "${GPU_CHECK_TRACE:-0}" = 1 ]; then
    gpu_variants=$("$mmprof" list --names --gpu | tr '\n' ',' | sed 's/,$//')
    for c in with-ceilings no-ceilings; do
        extra=()
        [ $c = no-ceilings ] && extra=(--no-ceilings)
        rm -rf results/trace-$c
        t0=$(date +%s%N)
        MMPROF_TRACE=1 "$mmprof" collect --profile-only --variants "$gpu_variants" --sizes 2048 "${extra[@]}" \
            --out results/trace-$c > "$OUT/logs/trace-$c.log" 2>&1
        echo "trace collect ($c): rc=$? in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
        grep -E 'mmprof-trace: (collect|profiler: open)' "$OUT/logs/trace-$c.log" | head -n 20
    done
fi
if [ "${GPU_CHECK_RESTRICTED_FAULT:-0}" = 1 ]; then
    ctest --test-dir build-gpu --output-on-failure -R '^(gpu_restricted_mode|gpu_kernel_fault)$' -V \
        > "$OUT/logs/restricted_fault.log" 2>&1
    echo "restricted/fault GPU tests: rc=$?"; grep -E '^[0-9]+: (ok|FAIL|SKIP)|tests passed|Passed|Failed' "$OUT/logs/restricted_fault.log" | head -n 30
fi
if [ "${GPU_CHECK_SOURCE:-0}" = 1 ]; then
    t0=$(date +%s)
    rm -rf results/source-check
    MMPROF=$mmprof bash scripts/source-check.sh --out results/source-check > "$OUT/logs/source-check.txt" 2>&1
    echo "source-check: rc=$? in $(( $(date +%s) - t0 )) s"; tail -n 30 "$OUT/logs/source-check.txt"
fi
if [ "${GPU_CHECK_PROFILE:-0}" = 1 ]; then
    t0=$(date +%s)
    rm -rf results/profile-check
    # shellcheck disable=SC2086 # the arguments are words
    MMPROF=$mmprof bash scripts/profile-check.sh --app build-gpu/examples/apps/mmprof_example \
        --out results/profile-check ${GPU_CHECK_PROFILE_ARGS:-} > "$OUT/logs/profile-check.txt" 2>&1
    echo "profile-check: rc=$? in $(( $(date +%s) - t0 )) s"; tail -n 25 "$OUT/logs/profile-check.txt"
    rm -f results/profile-check/ncu*.ncu-rep # the CSVs hold the values
    [ -d results/profile-check ] && tar czf "$OUT/profile.tgz" -C results profile-check
fi
if [ "${GPU_CHECK_FINDINGS:-0}" = 1 ]; then
    t0=$(date +%s)
    cmake --build build-gpu --target mmprof_example > "$OUT/logs/build-example.log" 2>&1 ||
        echo "findings-vs-ncu: building mmprof_example failed ($OUT/logs/build-example.log)"
    MMPROF=$mmprof bash scripts/findings-vs-ncu.sh --app build-gpu/examples/apps/mmprof_example \
        --out results/findings-vs-ncu > "$OUT/logs/findings-vs-ncu.txt" 2>&1
    echo "findings-vs-ncu: rc=$? in $(( $(date +%s) - t0 )) s"; tail -n 40 "$OUT/logs/findings-vs-ncu.txt"
    [ -d results/findings-vs-ncu ] && tar czf "$OUT/findings-vs-ncu.tgz" -C results findings-vs-ncu
fi
if [ "${GPU_CHECK_LOOP:-0}" = 1 ]; then
    t0=$(date +%s)
    rm -rf results/bench-loop
    # shellcheck disable=SC2086 # the arguments are words
    MMPROF=$mmprof bash scripts/bench-loop.sh --app build-gpu/examples/apps/mmprof_solver \
        --out results/bench-loop ${GPU_CHECK_LOOP_ARGS:-} > "$OUT/logs/bench-loop.txt" 2>&1
    echo "bench-loop: rc=$? in $(( $(date +%s) - t0 )) s"; tail -n 30 "$OUT/logs/bench-loop.txt"
    rm -f results/bench-loop/*.ncu-rep # the CSVs hold the values
    [ -d results/bench-loop ] && tar czf "$OUT/loop.tgz" -C results bench-loop
fi
if [ "${GPU_CHECK_SANITIZER:-0}" = 1 ]; then
    t0=$(date +%s)
    bash scripts/compute-sanitizer.sh --jobs 4 --mmprof "$mmprof" --log "$OUT/logs/compute-sanitizer.log" | tail -n 70
    echo "compute-sanitizer: rc=$? in $(( $(date +%s) - t0 )) s"
fi
if [ "${GPU_CHECK_NCU:-0}" = 1 ]; then
    t0=$(date +%s)
    xc=${GPU_CHECK_NCU_OUT:-results/ncu-crosscheck}
    if [ -n "${GPU_CHECK_DEADLINE:-}" ]; then
        GPU_CHECK_NCU_TIMEOUT=$((GPU_CHECK_DEADLINE - 15 - $(date +%s)))
        [ "$GPU_CHECK_NCU_TIMEOUT" -gt 0 ] || GPU_CHECK_NCU_TIMEOUT=1
    fi
    # timeout signals the whole process group: ncu and collect stop with the script.
    # shellcheck disable=SC2086 # the arguments are words
    MMPROF=$mmprof timeout "${GPU_CHECK_NCU_TIMEOUT:-0}" bash scripts/ncu-crosscheck.sh --out "$xc" \
        --repeat "${GPU_CHECK_NCU_REPEAT:-1}" ${GPU_CHECK_NCU_ARGS:-} \
        > "$OUT/logs/ncu-crosscheck.txt" 2> "$OUT/logs/ncu-crosscheck.err"
    rc=$?
    [ $rc = 124 ] && echo "ncu-crosscheck: stopped at GPU_CHECK_NCU_TIMEOUT=${GPU_CHECK_NCU_TIMEOUT}s; --resume finishes it"
    echo "ncu-crosscheck: rc=$rc in $(( $(date +%s) - t0 )) s"; tail -n 3 "$OUT/logs/ncu-crosscheck.txt"
    grep -v '^ncu-crosscheck: ' "$OUT/logs/ncu-crosscheck.err" | head -n 20
    grep -E '^ncu-crosscheck: .* runs ' "$OUT/logs/ncu-crosscheck.err" | tail -n 30
    grep -E "MISS|FAIL" "$OUT/logs/ncu-crosscheck.txt" | head -n 40
    tar czf "$OUT/ncu-crosscheck.tgz" -C "$(dirname "$xc")" "$(basename "$xc")"
fi
if [ "${GPU_CHECK_BENCH:-${GPU_CHECK_NCU:-0}}" = 1 ]; then
    MMPROF=$mmprof bash scripts/bench-vs-ncu.sh > "$OUT/logs/bench-vs-ncu.txt" 2>&1
    echo "bench-vs-ncu: rc=$?"; tail -n 8 "$OUT/logs/bench-vs-ncu.txt"
fi
if [ "${GPU_CHECK_BEST:-0}" = 1 ]; then
    rm -rf results/best-cgma results/best-cgma-odd
    "$mmprof" collect --profile-only --variants best --sizes 1024,4096 --out results/best-cgma > "$OUT/logs/best-cgma.log" 2>&1
    echo "best 1024, 4096: rc=$?"
    "$mmprof" collect --profile-only --variants best --mnk 1001,2999,703 --out results/best-cgma-odd >> "$OUT/logs/best-cgma.log" 2>&1
    echo "best 1001x2999x703: rc=$?"
    tar czf "$OUT/best-cgma.tgz" -C results best-cgma best-cgma-odd
fi
if [ "${GPU_CHECK_DIFF:-0}" = 1 ]; then
    t0=$(date +%s)
    dc=results/diff-check
    rm -rf "$dc" && mkdir -p "$dc"
    # shellcheck disable=SC2054 # the commas are --variants syntax
    dargs=(--variants naive,tiled_t16,tiled_t32,coarse_1x4,rt_b16_4x4,rt_b32_4x4,warptile,best,cublas,cpu_blas,tr_naive,tr_coalesced,tr_padded,tr_vectorized
           --sizes 2048 --seed 7)
    # best's tile per shape from a tune table (model/best_config.h): the default tile in the
    # same-build runs, a 64x128 tile in the slowed one (128x64 and 64x128 reach 33.9-37.2 TFLOP/s
    # at 4096^3 against the default's 45.5, 18-26 % slower: docs/fast-kernels.md)
    printf '# m n k config\n2048 2048 2048 b128x256k8s3\n' > "$dc/tune-default.txt"
    printf '# m n k config\n2048 2048 2048 b64x128k8s4\n' > "$dc/tune-slow.txt"
    for i in 1 2 3 4 5 6 7 8 9 10; do
        MMPROF_TUNE_FILE=$dc/tune-default.txt "$mmprof" collect "${dargs[@]}" --out "$dc/r$i" > "$dc/r$i.log" 2>&1 ||
            echo "diff-check: collect r$i: rc=$? ($(tail -n 1 "$dc/r$i.log"))"
    done
    MMPROF_TUNE_FILE=$dc/tune-slow.txt "$mmprof" collect "${dargs[@]}" --out "$dc/slow" > "$dc/slow.log" 2>&1 ||
        echo "diff-check: collect slow: rc=$? ($(tail -n 1 "$dc/slow.log"))"
    verdict=pass
    for p in 1 2 3 4 5; do
        a=r$((2 * p - 1)) b=r$((2 * p))
        "$mmprof" diff "$dc/$a" "$dc/$b" --fail-on changed --json "$dc/pair$p.json" --junit "$dc/pair$p.xml" \
            > "$dc/pair$p.txt" 2>&1
        rc=$?
        echo "diff-check: pair $p ($a vs $b): rc=$rc; $(grep 'rows compared' "$dc/pair$p.txt")"
        grep -E ' FAIL ' "$dc/pair$p.txt"
        [ $rc = 0 ] || verdict=FAIL
        # every timed row must have its launch times (collect writes samples.csv)
        grep 'without launch times' "$dc/pair$p.txt" && verdict=FAIL
    done
    "$mmprof" diff "$dc/r1" "$dc/slow" --fail-on changed --json "$dc/slowed.json" --junit "$dc/slowed.xml" \
        --markdown "$dc/slowed.md" > "$dc/slowed.txt" 2>&1
    rc=$?
    failed=$(grep -c ' FAIL ' "$dc/slowed.txt")
    echo "diff-check: r1 vs slow: rc=$rc, $failed rows flagged; $(grep 'rows compared' "$dc/slowed.txt")"
    grep -E '^best |rows compared' "$dc/slowed.txt"
    grep -E ' FAIL ' "$dc/slowed.txt" | grep -v '^best ' && verdict=FAIL
    { [ $rc = 3 ] && [ "$failed" = 1 ] && grep -q '^best .*SLOWER' "$dc/slowed.txt"; } || verdict=FAIL
    echo "diff-check: $verdict in $(( $(date +%s) - t0 )) s (5 same-build pairs: no row flagged; best slowed: flagged alone, exit 3)"
    echo "$verdict" > "$dc/verdict.txt"
    # the pair to commit as the showcase: slow's report with r1 as its baseline (side by side, overlay)
    "$mmprof" report "$dc/slow" --baseline "$dc/r1" > "$dc/report.log" 2>&1 || echo "diff-check: report: rc=$?"
    tar czf "$OUT/diff-check.tgz" -C results diff-check
fi
tar czf "$OUT/logs.tgz" -C "$OUT" logs && rm -rf "$OUT/logs"
ls -la "$OUT"
