#!/usr/bin/env bash
# collect --devices against one GPU, on a host with two: ROUNDS times (default
# 3) a one-GPU collect (--device 0) and a `--devices 0,1` collect of the same
# variants, sizes and --seed, then `mmprof diff single dual --fail-on changed`
# at the default threshold (exit 3: a row flagged). On a host with one GPU, the
# placement check instead: ROUNDS times the whole plan (--device 0) and shard 0
# of the split `--devices 0,1` makes (the same --shard 0/N, --cpu-alone and
# --seed as its worker), on the same GPU, then `mmprof diff whole shard0
# --fail-on changed`: the shard's rows only (rows only in the whole run are not
# flagged); a round also fails when no row was compared or the shard has a row
# the whole run lacks. Both run with MMPROF_TRACE=1, and the summary says
# whether the shard's workloads landed at the whole run's device addresses.
# Wall times, the speed-up, the diff verdicts and the rows whose timing says
# host-bound go to $OUT/devices-check.txt; the diffs' text to $OUT/diff-R.txt;
# the runs (with the dual runs' shards) to $OUT/runs.tgz, logs to
# $OUT/logs.tgz: at most 8 files; logs/gpus.csv samples the GPUs' clocks,
# temperature and power each second. Exit 0 when no diff flagged a row, 1
# otherwise, 77 without a GPU.
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
if [ "${gpus:-0}" -lt 1 ]; then
    say "devices-check: needs a GPU, this host has none"
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

# diff_verdict A B R: `mmprof diff A B` into $OUT/diff-R.txt; its verdict on
# stdout; 1 when the round fails. With shard=1, B is one shard of A's plan:
# only the rows both hold count, and B must hold some and none A lacks.
diff_verdict() {
    local rc json=$work/runs/diff-$3.json counts compared only_b
    "$mmprof" diff "$work/runs/$1" "$work/runs/$2" --fail-on changed --json "$json" >"$OUT/diff-$3.txt" 2>&1
    rc=$?
    counts=$(tr -d ' \t\n' <"$json" 2>/dev/null | grep -o '"summary":{[^}]*')
    compared=$(grep -o '"compared":[0-9]*' <<<"$counts" | cut -d: -f2)
    only_b=$(grep -o '"only_b":[0-9]*' <<<"$counts" | cut -d: -f2)
    if [ $rc = 3 ]; then
        echo "rows flagged (see diff-$3.txt)"
    elif [ $rc != 0 ]; then
        echo "diff failed, exit $rc (see diff-$3.txt)"
    elif [ "${shard:-0}" = 1 ] && [ "${compared:-0}" = 0 ]; then
        echo "no row compared (see diff-$3.txt)"
    elif [ "${shard:-0}" = 1 ] && [ "${only_b:-0}" != 0 ]; then
        echo "$only_b rows only in the shard (see diff-$3.txt)"
    else
        echo "no row flagged${compared:+ ($compared rows compared)}"
        return 0
    fi
    return 1
}

# layout NAME: the device addresses of a run's workloads, from its trace.
layout() { grep '^mmprof-trace: workload ' "$work/logs/$1.log"; }

flagged_rounds=0
if [ "$gpus" = 1 ]; then
    export MMPROF_TRACE=1
    shard=1
    for ((r = 1; r <= rounds; r++)); do
        whole_s=$(timed "whole-$r" --device 0)
        if [ $r = 1 ]; then
            # --devices 0,1 adds a last shard, the CPU rows alone, when the selection has a CPU variant.
            split=(--shard 0/2)
            if tail -n +2 "$work/runs/whole-1/results.csv" 2>/dev/null | cut -d, -f1 | sort -u |
                grep -qvxF -f <("$mmprof" list --gpu --names); then
                split=(--shard 0/3 --cpu-alone)
            fi
            say "placement check (one GPU): the whole plan against collect ${split[*]}, both on GPU 0"
        fi
        shard_s=$(timed "shard0-$r" --device 0 "${split[@]}")
        verdict=$(diff_verdict "whole-$r" "shard0-$r" "$r") || flagged_rounds=$((flagged_rounds + 1))
        workloads=$(layout "whole-$r" | wc -l)
        if [ "$workloads" = 0 ]; then
            placed="no workload traced (logs/whole-$r.log)"
        elif cmp -s <(layout "whole-$r") <(layout "shard0-$r"); then
            placed="the whole run's addresses ($workloads workloads)"
        else
            placed="addresses differ from the whole run's (logs/whole-$r.log, logs/shard0-$r.log)"
        fi
        host_bound=$(cat "$work/runs/whole-$r/results.csv" "$work/runs/shard0-$r/results.csv" 2>/dev/null |
            grep -c 'host-bound timing')
        say "round $r: whole plan $whole_s s, shard 0 $shard_s s; diff: $verdict; shard's buffers: $placed;" \
            "host-bound rows (both runs): $host_bound"
    done
fi
for ((r = 1; r <= rounds && gpus >= 2; r++)); do
    single_s=$(timed "single-$r" --device 0)
    dual_s=$(timed "dual-$r" --devices 0,1)
    verdict=$(diff_verdict "single-$r" "dual-$r" "$r") || flagged_rounds=$((flagged_rounds + 1))
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
