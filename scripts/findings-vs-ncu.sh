#!/usr/bin/env bash
# mmprof's findings against Nsight Compute's rules, kernel by kernel, on two
# apps: the example app (examples/apps/mmprof_example.cu) and the ladder's
# kernels run as an app (`mmprof launch ... --mnk 2048,2048,2048`). For each:
#   1. ncu --set full --import-source no --clock-control none, every launch,
#      into a report, exported as CSV: --page details --print-units base
#      (details.csv), --page details with ncu's own units (details-auto.csv)
#      and --page raw (raw.csv)
#   2. mmprof profile of the same command (run/), its analyze --findings
#   3. mmprof xcheck --findings run --ncu-details details.csv --ncu-raw raw.csv:
#      the table and "N of M kernels agree" (xcheck.txt)
# Builds nothing: give the binaries.
# usage: MMPROF=build-gpu/cli/mmprof scripts/findings-vs-ncu.sh --app build-gpu/examples/apps/mmprof_example
#   [--out DIR] (default $OUT/findings-vs-ncu, OUT default /tmp/mmprof-out); NCU as in scripts/lib/gpu-tools.sh
# Each tool has a time limit per app (ncu 170 s, mmprof profile 110 s; rc 124 when it is hit).
# Exit: 0 every step ran, 1 a step failed (the log says which), 77 no GPU or no ncu.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
MMPROF=${MMPROF:-}
die() { echo "findings-vs-ncu: $*" >&2; exit 1; }
skip() { echo "SKIP: findings-vs-ncu: $*"; exit 77; }
app="" out=""
while [ $# -gt 0 ]; do
    case $1 in
    --app) [ $# -ge 2 ] || die "--app needs a path"; app=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
    *) die "unknown argument '$1' (see the header of $0)" ;;
    esac
done
[ -n "$MMPROF" ] || die "set MMPROF=/path/to/mmprof (this script builds nothing)"
case $MMPROF in /*) ;; *) MMPROF=$PWD/$MMPROF ;; esac
[ -n "$app" ] || die "give --app PATH of the built example app (target mmprof_example)"
case $app in /*) ;; *) app=$PWD/$app ;; esac
[ -x "$app" ] || die "--app '$app' is not an executable: build the mmprof_example target"
# shellcheck source=scripts/lib/gpu-tools.sh
source "$root/scripts/lib/gpu-tools.sh"
gpu_tools_require
[ -n "$out" ] || out=${OUT:-/tmp/mmprof-out}/findings-vs-ncu
mkdir -p "$out" || die "cannot create $out"
fails=0
step() { # step NAME RC
    if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1 (rc $2)"; fails=$((fails + 1)); fi
}
ladder=naive,tiled_t16,tiled_t32,rt_b16_4x4,best,tr_naive,tr_padded
echo "ncu: $("$NCU" --version 2>&1 | tail -n 1); mmprof: $MMPROF; app: $app"

one() { # one NAME CMD...: both tools on CMD, the exports, the comparison, in $out/NAME
    local name=$1 dir=$out/$1 t0 rc
    shift
    rm -rf "$dir"
    mkdir -p "$dir"
    printf '%q ' "$@" > "$dir/command.txt"
    echo >> "$dir/command.txt"
    t0=$(date +%s)
    timeout 170 "$NCU" --set full --import-source no --clock-control none --cache-control all -c 200 \
        --export "$dir/ncu" --force-overwrite "$@" > "$dir/app-under-ncu.txt" 2> "$dir/ncu.log"
    rc=$?
    grep -q ERR_NVGPUCTRPERM "$dir/app-under-ncu.txt" "$dir/ncu.log" && skip "ncu may not read GPU counters here (ERR_NVGPUCTRPERM)"
    step "$name: ncu --set full in $(( $(date +%s) - t0 )) s ($dir/ncu.log)" $rc
    if [ -f "$dir/ncu.ncu-rep" ]; then
        "$NCU" --import "$dir/ncu.ncu-rep" --csv --page details --print-units base > "$dir/details.csv" 2>> "$dir/ncu.log"
        step "$name: details export, base units" $?
        "$NCU" --import "$dir/ncu.ncu-rep" --csv --page details > "$dir/details-auto.csv" 2>> "$dir/ncu.log"
        step "$name: details export, ncu's units" $?
        "$NCU" --import "$dir/ncu.ncu-rep" --csv --page raw > "$dir/raw.csv" 2>> "$dir/ncu.log"
        step "$name: raw export" $?
    else
        step "$name: ncu wrote no report ($(tail -n 3 "$dir/ncu.log" | tr '\n' ' '))" 1
    fi
    t0=$(date +%s)
    timeout 110 "$MMPROF" profile --source --out "$dir/run" -- "$@" > "$dir/app-under-mmprof.txt" 2> "$dir/profile.log"
    rc=$?
    step "$name: mmprof profile --source in $(( $(date +%s) - t0 )) s ($(tail -n 1 "$dir/profile.log"))" $rc
    if [ "$rc" != 0 ]; then # the comparison needs the counters, not the samples
        rm -rf "$dir/run"
        timeout 110 "$MMPROF" profile --out "$dir/run" -- "$@" > "$dir/app-under-mmprof.txt" 2>> "$dir/profile.log"
        step "$name: mmprof profile without --source ($(tail -n 1 "$dir/profile.log"))" $?
    fi
    "$MMPROF" analyze "$dir/run" > "$dir/analyze.txt" 2>&1
    step "$name: mmprof analyze" $?
    "$MMPROF" analyze --findings "$dir/run" > "$dir/findings.txt" 2>&1
    step "$name: mmprof analyze --findings" $?
    "$MMPROF" xcheck --findings "$dir/run" --ncu-details "$dir/details.csv" --ncu-raw "$dir/raw.csv" \
        > "$dir/xcheck.txt" 2> "$dir/xcheck.err"
    rc=$?
    step "$name: mmprof xcheck --findings ($(tail -n 1 "$dir/xcheck.txt" 2> /dev/null) $(cat "$dir/xcheck.err" 2> /dev/null))" $rc
    "$MMPROF" xcheck --findings "$dir/run" --ncu-details "$dir/details-auto.csv" > "$dir/xcheck-auto.txt" 2>&1
    step "$name: the same from the export in ncu's units ($(tail -n 1 "$dir/xcheck-auto.txt"))" $?
    cat "$dir/xcheck.txt"
    rm -f "$dir/ncu.ncu-rep" # the CSVs hold what is compared; the report is large
}

t_all=$(date +%s)
one app "$app" 1024
one ladder "$MMPROF" launch "$ladder" --mnk 2048,2048,2048
# the lines tests/xcheck/fixtures/ncu-exports.list takes for these exports (FILE PAGE LAUNCHES),
# once a file is copied there as NAME-FILE
sed -n 's#^ncu: .*/\([a-z]*\)/\([a-z.-]*\): \([0-9]*\) launches, \([a-z]*\) page$#\1-\2 \4 \3#p' \
    "$out"/*/xcheck*.txt > "$out/ncu-exports.list"
echo "fixture lines (tests/xcheck/fixtures/ncu-exports.list):"
cat "$out/ncu-exports.list"
echo "findings-vs-ncu: $fails failure(s) in $(( $(date +%s) - t_all )) s; files in $out"
for name in app ladder; do
    echo "$name: $(grep -h "kernels agree" "$out/$name/xcheck.txt" 2> /dev/null || echo "no comparison (see above)")"
done
[ "$fails" = 0 ]
