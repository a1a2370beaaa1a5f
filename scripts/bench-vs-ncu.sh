#!/usr/bin/env bash
# Wall time of collecting the same counters on the same launches with mmprof and
# with Nsight Compute (the goal: mmprof at least 20x faster than the ncu loop).
#
#   mmprof      mmprof collect --profile-only --variants GPU-LIST --sizes N --metrics LIST
#               (every GPU variant, each verified first; cpu_blas has no kernel)
#   ncu, loop   one ncu process per variant over `mmprof launch V --mnk N,N,N`
#               (exactly the launches mmprof profiles, nothing else: launch's
#               verification, as collect's, runs outside its profiler bracket,
#               and --profile-from-start off leaves it unprofiled)
#   ncu, one    one ncu process over `mmprof launch V1,V2,... --mnk N,N,N` (the
#               variants the loop profiled): the same launches in one process
# All with --cache-control all --clock-control none, as the cross-check.
# Before the timed runs, one untimed warm-up of each tool on the first variant
# at 256: their libraries come into the page cache and mmprof remembers its
# config plan for the metrics, as after any earlier run (a fresh machine's first
# run is slower: docs/fidelity.md, "Speed").
#
# usage: scripts/bench-vs-ncu.sh [--sizes N] [--variants LIST] [--metrics LIST]
#                                [--skip-one-process] [--out DIR]
# env: MMPROF (default build/cli/mmprof), NCU (default ncu, else /usr/local/cuda/bin/ncu)
# Exits 77 when there is no GPU or no ncu.
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
MMPROF=${MMPROF:-$root/build/cli/mmprof}
# shellcheck source=scripts/lib/gpu-tools.sh
. "$here/lib/gpu-tools.sh"

die() { echo "bench-vs-ncu: $*" >&2; exit 1; }
skip() { echo "SKIP: bench-vs-ncu: $*"; exit 77; }

size=2048 variants=all metrics="" out="" one_process=1
while [ $# -gt 0 ]; do
    case "$1" in
    --sizes) size=$2; shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --metrics) metrics=$2; shift 2 ;;
    --skip-one-process) one_process=0; shift ;;
    --out) out=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
    esac
done

gpu_tools_require

if [ -z "$metrics" ]; then
    metrics=$(gpu_tools_default_metrics)
fi
if [ "$variants" = all ]; then
    list=$("$MMPROF" list --names --gpu) || die "mmprof list --names failed"
else
    list=${variants//,/ }
fi
if [ -z "$out" ]; then out=$(mktemp -d "${TMPDIR:-/tmp}/bench-vs-ncu.XXXXXX"); fi
mkdir -p "$out" || die "cannot create $out"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "n/a" }'; }

# Kernels in an ncu report (distinct IDs of the details page).
kernels_in() {
    "$NCU" --import "$1" --csv --page details 2> /dev/null |
        awk -F'","' '/^"ID"/ { h = 1; next } h && /^"/ { sub(/^"/, "", $1); ids[$1] = 1 }
                     END { n = 0; for (i in ids) n++; print n }'
}

echo "bench-vs-ncu: $(nvidia-smi -L | head -n 1); size $size; $(echo "$metrics" | tr ',' '\n' | wc -l) metrics; files in $out"

# --- warm-up, untimed ---------------------------------------------------------
first=$(printf "%s\n" $list | head -n 1)
"$MMPROF" collect --profile-only --variants "$first" --sizes 256 --metrics "$metrics" \
    --out "$out/warmup-mmprof" > "$out/warmup-mmprof.log" 2>&1 || die "mmprof collect (warm-up) failed (see $out/warmup-mmprof.log)"
if ! "$NCU" --cache-control all --clock-control none --profile-from-start off --metrics "$metrics" \
    --export "$out/warmup-ncu" --force-overwrite "$MMPROF" launch "$first" --mnk 256,256,256 \
    > "$out/warmup-ncu.log" 2>&1; then
    grep -q ERR_NVGPUCTRPERM "$out/warmup-ncu.log" && skip "ncu may not read GPU counters here (ERR_NVGPUCTRPERM)"
    die "ncu (warm-up) failed (see $out/warmup-ncu.log)"
fi
echo "warm-up (untimed): each tool once on $first at 256"

# --- mmprof ---------------------------------------------------------------
t0=$(now)
"$MMPROF" collect --profile-only --variants "$(echo $list | tr ' ' ,)" --sizes "$size" --metrics "$metrics" \
    --out "$out/mmprof" > "$out/mmprof.log" 2>&1 || die "mmprof collect failed (see $out/mmprof.log)"
t1=$(now)
t_mm=$(elapsed "$t0" "$t1")
results=$(find "$out/mmprof" -name results.csv | head -n 1)
n_rows=$([ -n "$results" ] && awk 'END { print NR - 1 }' "$results" || echo "?")
printf '%-34s %8s s   (%s result rows)\n' "mmprof collect --profile-only" "$t_mm" "$n_rows"

# --- ncu, one process per launch -------------------------------------------
t0=$(now)
n=0 failed=0 launched=""
for v in $list; do
    if "$NCU" --cache-control all --clock-control none --profile-from-start off --metrics "$metrics" \
        --export "$out/ncu_$v" --force-overwrite \
        "$MMPROF" launch "$v" --mnk "$size,$size,$size" > "$out/ncu_$v.log" 2>&1; then
        n=$((n + 1)) launched="$launched${launched:+,}$v"
    else
        grep -q ERR_NVGPUCTRPERM "$out/ncu_$v.log" && skip "ncu may not read GPU counters here (ERR_NVGPUCTRPERM)"
        failed=$((failed + 1)) # e.g. a variant mmprof skips: it has no launch to profile
    fi
done
t1=$(now)
t_loop=$(elapsed "$t0" "$t1")
printf '%-34s %8s s   (%d launches profiled, %d refused)\n' "ncu over mmprof launch, loop" "$t_loop" "$n" "$failed"

# --- ncu, one process ------------------------------------------------------
if [ "$one_process" = 1 ]; then
    t0=$(now)
    if "$NCU" --cache-control all --clock-control none --profile-from-start off --metrics "$metrics" \
        --export "$out/ncu_one" --force-overwrite \
        "$MMPROF" launch "$launched" --mnk "$size,$size,$size" > "$out/ncu_one.log" 2>&1; then
        t1=$(now)
        t_one=$(elapsed "$t0" "$t1")
        printf '%-34s %8s s   (%s kernels profiled)\n' "ncu over mmprof launch, one process" \
            "$t_one" "$(kernels_in "$out/ncu_one.ncu-rep")"
    else
        echo "ncu over mmprof launch (one process) failed (see $out/ncu_one.log)" >&2
        one_process=0
    fi
fi

echo
echo "speed-up of mmprof: $(ratio "$t_loop" "$t_mm")x vs the ncu loop over the same launches"
[ "$one_process" = 1 ] && echo "                    $(ratio "$t_one" "$t_mm")x vs one ncu process over the same launches"
echo "reproduce: MMPROF=$MMPROF scripts/bench-vs-ncu.sh --sizes $size"
exit 0
