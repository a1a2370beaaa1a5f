#!/usr/bin/env bash
# Wall time of a whole loop under each tool (docs/profile.md, "A whole loop"):
# the many-launch example (examples/apps/mmprof_solver.cu: 3 kernels an
# iteration) alone, under every mode of `mmprof profile` and under ncu's
# kernel and application replay with the same metrics, every launch;
# medians of --repeat runs in one call (--ncu-repeat for ncu's, 0 = none;
# --kernel-every-repeat for mmprof's kernel replay of every launch, 0 = none:
# the runs that take a device's minutes). Then:
#   - the app's output (residual, checksum) is the same in every run
#   - every launch has a GPU time, and the kernels' shares add up to them
#   - activity times against CUDA events (the app's "events" mode, run alone), per kernel,
#     of each --kernel-timing (the default serial one checked)
#   - mmprof's application replay against ncu's, launch by launch, and the
#     default run's first launches against ncu's kernel replay (xcheck; the
#     launches' activity records referee elapsed cycles)
#   - the issue's ratios: application replay <= 1/5 of ncu's kernel replay
#     and <= 1/2 of its application replay; the default mode <= 1/20 of
#     ncu's kernel replay and <= 3 x the app alone + 2 s
# usage: scripts/bench-loop.sh [--app BIN] [--size N] [--iterations N] [--repeat R] [--ncu-repeat R]
#                              [--kernel-every-repeat R] [--out DIR] [--no-ncu]
# Exit: 0 every check passed, 1 one failed, 77 no GPU (or no ncu without --no-ncu).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
MMPROF=${MMPROF:-$root/build/cli/mmprof}
die() { echo "bench-loop: $*" >&2; exit 1; }
skip() { echo "SKIP: bench-loop: $*"; exit 77; }
# shellcheck source=scripts/lib/gpu-tools.sh
source "$root/scripts/lib/gpu-tools.sh"
app=$root/build/examples/apps/mmprof_solver size=8192 iterations=100 repeat=3 ncu_repeat="" every_repeat=1 out="" ncu=1
while [ $# -gt 0 ]; do
    case $1 in
    --app) app=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --iterations) iterations=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --ncu-repeat) ncu_repeat=$2; shift 2 ;;
    --kernel-every-repeat) every_repeat=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --no-ncu) ncu=0; shift ;;
    *) die "unknown argument '$1' (see the header of $0)" ;;
    esac
done
ncu_repeat=${ncu_repeat:-$repeat}
for n in "$repeat" "$iterations" "$size"; do
    case $n in '' | *[!0-9]* | 0) die "'$n': give a whole number, 1 or more" ;; esac
done
for n in "$ncu_repeat" "$every_repeat"; do
    case $n in '' | *[!0-9]*) die "'$n': give a whole number, 0 or more" ;; esac
done
[ "$ncu_repeat" != 0 ] || ncu=0
[ -x "$app" ] || die "--app '$app' is not an executable; build the mmprof_solver target"
if [ "$ncu" = 1 ]; then gpu_tools_require; else gpu_tools_require --no-ncu; fi
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/bench-loop.XXXXXX")
mkdir -p "$out"
fails=0
check() { # check OK-CONDITION-RC MESSAGE
    if [ "$1" = 0 ]; then echo "ok: $2"; else echo "FAIL: $2"; fails=$((fails + 1)); fi
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
launches=$((3 * iterations))
args=("$size" "$iterations")
summary=$out/bench-loop.tsv
printf 'tool\truns\tmedian_s\tall_s\n' > "$summary"

# timed NAME RUNS CMD...: runs CMD RUNS times (stdout into $out/NAME.K.out),
# each time's wall seconds into NAME's row of the summary; sets last_median.
timed() {
    local name=$1 runs=$2 all="" k t t0 rc
    shift 2
    for k in $(seq 1 "$runs"); do
        t0=$(now)
        "${@//@K@/$k}" > "$out/$name.$k.out" 2> "$out/$name.$k.err"
        rc=$?
        t=$(since "$t0")
        all="$all $t"
        check $rc "$name run $k exits 0 in $t s"
        if grep -q 'mmprof_solver: N=' "$out/$name.$k.out"; then # ncu's application replay prints it each run
            diff -q <(grep 'mmprof_solver: N=' "$out/app.1.out") <(grep 'mmprof_solver: N=' "$out/$name.$k.out" | sort -u) > /dev/null
            check $? "$name run $k: the app's residual and checksum are the alone run's"
        fi
    done
    # shellcheck disable=SC2086 # the times, one word each
    last_median=$(median $all)
    printf '%s\t%s\t%s\t%s\n' "$name" "$runs" "$last_median" "${all# }" >> "$summary"
}

timed app "$repeat" "$app" "${args[@]}"
t_app=$last_median
# the runs compared with ncu hold what ncu holds before the app allocates (docs/profile.md)
held=0
if [ "$ncu" = 1 ]; then held=$(gpu_tools_ncu_held_mib) || exit 1; fi
every=(--launches-per-kernel 0 -c 0 --memory-offset-mb "$held")
timed mmprof-list "$repeat" "$MMPROF" profile --list --out "$out/list.@K@" -- "$app" "${args[@]}"
timed mmprof-default "$repeat" "$MMPROF" profile --out "$out/default.@K@" -- "$app" "${args[@]}"
t_default=$last_median
timed mmprof-application-default "$repeat" "$MMPROF" profile --replay-mode application --out "$out/appdefault.@K@" -- "$app" "${args[@]}"
timed mmprof-application-every "$repeat" "$MMPROF" profile --replay-mode application "${every[@]}" --out "$out/app.@K@" -- "$app" "${args[@]}"
t_app_every=$last_median
timed mmprof-range "$repeat" "$MMPROF" profile --replay-mode range --nvtx-include step/ --out "$out/range.@K@" -- "$app" "${args[@]}"
t_range=$last_median
if [ "$every_repeat" != 0 ]; then
    timed mmprof-kernel-every "$every_repeat" "$MMPROF" profile "${every[@]}" --out "$out/kernel.@K@" -- "$app" "${args[@]}"
fi

# every launch timed; the kernels' shares add up to the GPU time of all launches
grep -q "$launches launches of 3 kernels in 1 process" "$out/mmprof-list.1.out"
check $? "--list saw $launches launches of 3 kernels"
! grep -q 'have no GPU time' "$out/mmprof-list.1.out"
check $? "every launch has a GPU time"
awk -F'\t' -v n="$launches" 'NR > 1 && $5 != "" { s += $5; k++ } END { exit !(k == n) }' "$out/list.1/launches.tsv"
check $? "launches.tsv holds $launches GPU times"
awk '$4 ~ /%$/ { s += $4 } END { exit !(s > 99.8 && s < 100.2) }' "$out/mmprof-list.1.out"
check $? "the kernels' shares add up to 100 % of the launches' GPU time"
rows=$(($(wc -l < "$out/app.1/results.csv") - 1))
[ "$rows" = "$launches" ]; check $? "application replay of every launch: $rows rows for $launches launches"
grep -c ',ok,' "$out/default.1/results.csv" | grep -qx 3; check $? "the default mode: one row per kernel (3)"
grep -c ',ok,' "$out/range.1/results.csv" | grep -qx 3; check $? "range replay: one row per launch of the step (3)"
awk -F, 'NR > 1 && $0 ~ /,ok,/ { n++ } END { exit !(n == 3) }' "$out/appdefault.1/results.csv"
check $? "application replay, each kernel's first launch: 3 rows"

# activity times against CUDA events, per kernel (the app's "events" mode): the events of the app
# run alone, as a user times it, and of the same run as the activity records (under CUPTI); the
# default serial kernel timing is checked, the concurrent one (CUPTI instruments each block) shown
"$app" "${args[@]}" events > "$out/events-alone.out" 2> "$out/events-alone.err"
check $? "the app timing itself with events, alone"
for timing in serial concurrent; do
    "$MMPROF" profile --list --kernel-timing "$timing" --out "$out/events-$timing" -- "$app" "${args[@]}" events \
        > "$out/events-$timing.out" 2> "$out/events-$timing.err"
    check $? "--list --kernel-timing $timing of the app timing itself with events"
    ! grep -q 'have no GPU time' "$out/events-$timing.out"
    check $? "--kernel-timing $timing: every launch has a GPU time"
    for k in jacobi_step residual_blocks residual_total; do
        ev=$(awk -v k="$k" '$1 == "event_ms" && $2 == k { print $3 }' "$out/events-alone.err")
        ev_under=$(awk -v k="$k" '$1 == "event_ms" && $2 == k { print $3 }' "$out/events-$timing.err")
        act=$(awk -F'\t' -v k="$k" 'NR > 1 && index($8, k) { print $5 }' "$out/events-$timing/launches.tsv" |
              sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
        line=$(awk -v k="$k" -v t="$timing" -v e="$ev" -v u="$ev_under" -v a="$act" 'BEGIN { printf "%s, %s timing: activity median %.4f ms, events %.4f ms alone (%+.2f %%), %.4f ms under --list", k, t, a, e, 100 * (a - e) / e, u }')
        echo "$line" | tee -a "$out/activity-vs-events.txt"
        [ "$timing" = serial ] || continue
        awk -v e="$ev" -v a="$act" 'BEGIN { exit !(e < 0.05 || (a - e) / e < 0.02 && (e - a) / e < 0.02) }'
        check $? "$k: activity within 2 % of events (kernels of 50 us or more)"
    done
done

if [ "$ncu" = 1 ]; then
    metrics=$("$MMPROF" info --counters default) || die "mmprof info --counters default failed"
    ncu_metrics=$("$MMPROF" xcheck --ncu-metrics --metrics "$metrics") || die "mmprof xcheck --ncu-metrics failed"
    ncu_common=(--nvtx --cache-control all --clock-control none --metrics "$ncu_metrics")
    timed ncu-kernel "$ncu_repeat" "$NCU" "${ncu_common[@]}" --replay-mode kernel --export "$out/ncu-kernel.@K@" --force-overwrite "$app" "${args[@]}"
    t_ncu_kernel=$last_median
    timed ncu-application "$ncu_repeat" "$NCU" "${ncu_common[@]}" --replay-mode application --export "$out/ncu-app.@K@" --force-overwrite "$app" "${args[@]}"
    t_ncu_app=$last_median
    grep -q ERR_NVGPUCTRPERM "$out"/ncu-*.out && skip "ncu may not read GPU counters here (ERR_NVGPUCTRPERM)"
    csvs="" runs=""
    for k in $(seq 1 "$ncu_repeat"); do
        "$NCU" --import "$out/ncu-app.$k.ncu-rep" --csv --page details --print-units base > "$out/ncu-app.$k.csv" 2>> "$out/ncu-import.log"
        check $? "ncu --import to CSV (application replay run $k)"
        csvs="${csvs:+$csvs,}$out/ncu-app.$k.csv"
    done
    for k in $(seq 1 $((ncu_repeat < repeat ? ncu_repeat : repeat))); do # xcheck pairs as many runs a side
        runs="${runs:+$runs,}$out/app.$k"
    done
    [ "$ncu_repeat" -le "$repeat" ] || csvs=$(cut -d, -f1-"$repeat" <<<"$csvs")
    "$MMPROF" xcheck --metrics "$metrics" --mmprof "$runs" --ncu "$csvs" --out "$out/xcheck" > "$out/xcheck.txt" 2>&1
    check $? "application replay: counters agree with ncu's launch by launch ($(tail -n 1 "$out/xcheck.txt"))"
    # the default run (each kernel's first launch) against ncu's every launch: paired by launch number
    "$NCU" --import "$out/ncu-kernel.1.ncu-rep" --csv --page details --print-units base > "$out/ncu-kernel.1.csv" 2>> "$out/ncu-import.log"
    check $? "ncu --import to CSV (kernel replay run 1)"
    "$MMPROF" xcheck --metrics "$metrics" --mmprof "$out/default.1" --ncu "$out/ncu-kernel.1.csv" --out "$out/xcheck-default" \
        > "$out/xcheck-default.txt" 2>&1
    check $? "the default mode: each kernel's first launch against ncu's of the same launch ($(tail -n 1 "$out/xcheck-default.txt"))"
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
    {
        echo "app alone ${t_app} s; mmprof default ${t_default} s; mmprof application replay (every launch) ${t_app_every} s; mmprof range replay ${t_range} s"
        echo "ncu kernel replay ${t_ncu_kernel} s; ncu application replay ${t_ncu_app} s"
        echo "application replay / ncu kernel replay = $(ratio "$t_app_every" "$t_ncu_kernel") (<= 0.2)"
        echo "application replay / ncu application replay = $(ratio "$t_app_every" "$t_ncu_app") (<= 0.5)"
        echo "default / ncu kernel replay = $(ratio "$t_default" "$t_ncu_kernel") (<= 0.05)"
        echo "default / (3 x app + 2 s) = $(ratio "$t_default" "$(awk -v a="$t_app" 'BEGIN { print 3 * a + 2 }')") (<= 1)"
    } | tee "$out/ratios.txt"
    awk -v a="$t_app_every" -v k="$t_ncu_kernel" -v p="$t_ncu_app" 'BEGIN { exit !(a <= k / 5 && a <= p / 2) }'
    check $? "application replay within 1/5 of ncu's kernel replay and 1/2 of its application replay"
    awk -v d="$t_default" -v k="$t_ncu_kernel" -v a="$t_app" 'BEGIN { exit !(d <= k / 20 && d <= 3 * a + 2) }'
    check $? "default mode within 1/20 of ncu's kernel replay and 3 x the app + 2 s"
fi
awk -F'\t' '{ printf "%-28s %5s %10s  %s\n", $1, $2, $3, $4 }' "$summary"
echo "$fails failure(s); everything in $out"
[ "$fails" = 0 ]
