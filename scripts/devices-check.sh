#!/usr/bin/env bash
# collect --devices against one GPU, on a host with two: ROUNDS times (default
# 3) a one-GPU collect (--device 0) and a `--devices 0,1` collect of the same
# variants, sizes and --seed, then `mmprof diff single dual --fail-on changed`
# at the default threshold (exit 3: a row flagged). Wall times, the speed-up,
# the diff verdicts and the rows whose timing says host-bound go to
# $OUT/devices-check.txt; the diffs' text to $OUT/diff-R.txt; the runs (with
# the dual runs' shards) to $OUT/runs.tgz, logs to $OUT/logs.tgz: at most 8
# files; logs/gpus.csv samples both GPUs' clocks, temperature and power each
# second. Exit 0 when no diff flagged a row, 1 otherwise, 77 without 2 GPUs.
#   scripts/devices-check.sh [collect args...]   (default: --variants all --sizes 1024,2048)
# Environment: MMPROF (a built mmprof; default: build-gpu/cli/mmprof, its
# target built here when missing), ROUNDS, SEED (default 48), OUT.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
OUT=${OUT:-/tmp/mmprof-out}
rounds=${ROUNDS:-3}
seed=${SEED:-48}
args=("$@")
# shellcheck disable=SC2054 # --sizes takes a comma-separated list
[ ${#args[@]} -gt 0 ] || args=(--variants all --sizes 1024,2048)
work=$(mktemp -d /tmp/mmprof-devices.XXXXXX)
mkdir -p "$OUT" "$work/runs" "$work/logs"
summary=$OUT/devices-check.txt
say() { echo "$*" | tee -a "$summary"; }

# The device machine has no package registry: Debian's libraries the build
# needs travel in .devdeps/root (scripts/devdeps.sh makes it).
deps=$PWD/.devdeps/root/usr
if [ -d "$deps" ]; then
    export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
    export CMAKE_ARGS="-DCMAKE_PREFIX_PATH=$deps ${CMAKE_ARGS:-}"
fi
: >"$summary"
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
if [ "${gpus:-0}" -lt 2 ]; then
    say "devices-check: needs 2 GPUs, this host has ${gpus:-0}"
    exit 77
fi
nvidia-smi --query-gpu=index,name,clocks.sm,clocks.mem,temperature.gpu --format=csv >>"$summary"
say "host: $(nproc) CPUs; collect ${args[*]} --seed $seed; $rounds rounds"
# Clocks, temperature and power of both GPUs every second (two busy GPUs of one
# chassis may clock each other down): logs/gpus.csv.
nvidia-smi --query-gpu=timestamp,index,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv -lms 1000 \
    >"$work/logs/gpus.csv" 2>&1 &
smi=$!

mmprof=${MMPROF:-$PWD/build-gpu/cli/mmprof}
if [ ! -x "$mmprof" ]; then
    t0=$(date +%s)
    export PATH=$PATH:/usr/local/cuda/bin
    # shellcheck disable=SC2086 # CMAKE_ARGS is a list of options
    { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
        -DCMAKE_CUDA_COMPILER="$(command -v nvcc)" ${CMAKE_ARGS:-} && cmake --build build-gpu -j 16 --target mmprof; } \
        >"$work/logs/build.log" 2>&1 || { tail -n 40 "$work/logs/build.log"; exit 1; }
    say "build: $(($(date +%s) - t0)) s"
fi

# timed NAME ARGS...: one collect into runs/NAME; its wall seconds on stdout.
timed() {
    local name=$1 t0 t1
    shift
    t0=$(date +%s.%N)
    "$mmprof" collect "${args[@]}" --seed "$seed" --out "$work/runs/$name" "$@" >"$work/logs/$name.log" 2>&1 ||
        echo "collect $name failed: $(tail -n 3 "$work/logs/$name.log")" >&2
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }'
}

flagged_rounds=0
for ((r = 1; r <= rounds; r++)); do
    single_s=$(timed "single-$r" --device 0)
    dual_s=$(timed "dual-$r" --devices 0,1)
    "$mmprof" diff "$work/runs/single-$r" "$work/runs/dual-$r" --fail-on changed \
        --json "$work/runs/diff-$r.json" >"$OUT/diff-$r.txt" 2>&1
    rc=$?
    verdict="no row flagged"
    if [ $rc = 3 ]; then
        verdict="rows flagged (see diff-$r.txt)"
        flagged_rounds=$((flagged_rounds + 1))
    elif [ $rc != 0 ]; then
        verdict="diff failed, exit $rc (see diff-$r.txt)"
        flagged_rounds=$((flagged_rounds + 1))
    fi
    host_bound=$(cat "$work/runs/single-$r/results.csv" "$work/runs/dual-$r/results.csv" 2>/dev/null |
        grep -c 'host-bound timing')
    say "round $r: one GPU $single_s s, two GPUs $dual_s s ($(awk -v a="$single_s" -v b="$dual_s" \
        'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }') faster); diff: $verdict; host-bound rows (both runs): $host_bound"
    grep -E '^mmprof: [0-9]+ GPUs|^  GPU ' "$work/logs/dual-$r.log" >>"$summary"
    for f in "$work/runs/single-$r" "$work/runs/dual-$r"/shards/shard-*; do
        echo "  clocks ${f#"$work/runs/"}: $(tr -d ' \t\n' <"$f/run.json" 2>/dev/null |
            grep -o '"clocks":{"before":{[^}]*},"after":{[^}]*}')" >>"$summary"
    done
done
kill "$smi" 2>/dev/null
grep -h '"ran_alone"' "$work/runs/dual-1/run.json" 2>/dev/null | sed 's/^[[:space:]]*/dual run.json split: /' >>"$summary"
tar -czf "$OUT/runs.tgz" -C "$work" runs
tar -czf "$OUT/logs.tgz" -C "$work" logs
rm -rf "$work"
if [ "$flagged_rounds" = 0 ]; then
    say "devices-check: PASS: no row flagged in $rounds rounds"
    exit 0
fi
say "devices-check: FAIL: $flagged_rounds of $rounds rounds flagged rows or failed"
exit 1
