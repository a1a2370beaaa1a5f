#!/usr/bin/env bash
# The acceptance checks of source-level stall sampling, on a GPU (called by
# scripts/gpu-check.sh under GPU_CHECK_SOURCE=1; builds nothing):
#   1. `mmprof collect` of the kernels at one size without and with --source,
#      timed: the --source one must take at most 2x as long
#   2. each kernel alone: `mmprof collect --source` of it, and ncu on one
#      launch of `mmprof launch` (SourceCounters and WarpStateStats: warp-state
#      sampling), its raw page (stall counts per reason) and its CUDA source
#      page (samples per line) exported as CSV
#   3. `mmprof source RUN --kernel V --ncu-raw --ncu-source`: ncu's top five
#      stall reasons within --max-pp (3) percentage points, the same hottest line
#      (and, for information, the same against the kernel in the collect of 1)
# A summary goes to OUT/source-check.txt; everything into OUT/source.tgz (with
# the reports) when OUT is set.
# usage: scripts/source-check.sh [--variants naive,tiled_t16,tr_naive] [--size 2048] [--out DIR]
#   MMPROF (default build-gpu/cli/mmprof), NCU as in scripts/lib/gpu-tools.sh
# Exit: 0 every check passed, 1 one failed, 77 no GPU or no ncu.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
MMPROF=${MMPROF:-$root/build-gpu/cli/mmprof}
die() { echo "source-check: $*" >&2; exit 1; }
skip() { echo "SKIP: source-check: $*"; exit 77; }
# shellcheck source=scripts/lib/gpu-tools.sh
source "$root/scripts/lib/gpu-tools.sh"
variants=naive,tiled_t16,tr_naive size=2048 out=""
while [ $# -gt 0 ]; do
    case $1 in
    --variants) variants=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) die "unknown argument '$1' (see the header of $0)" ;;
    esac
done
gpu_tools_require
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/source-check.XXXXXX")
rm -rf "$out/plain" "$out/source" "$out/ncu" "$out"/alone-*
mkdir -p "$out/ncu"
summary=$out/source-check.txt
: > "$summary"
fails=0
check() { # check RC MESSAGE
    if [ "$1" = 0 ]; then echo "ok: $2" | tee -a "$summary"; else echo "FAIL: $2" | tee -a "$summary"; fails=$((fails + 1)); fi
}
IFS=, read -r -a names <<< "$variants"
for v in "${names[@]}"; do
    "$MMPROF" list | awk '{ print $1 }' | grep -qx "$v" || die "no variant '$v' (see \`mmprof list\`)"
done

# 1. the cost of --source
args=(collect --variants "$variants" --sizes "$size" --no-ceilings)
t0=$(date +%s.%N) # seconds, to the nanosecond; awk does the arithmetic
"$MMPROF" "${args[@]}" --out "$out/plain" > "$out/plain.log" 2>&1
rc_plain=$?
t1=$(date +%s.%N)
"$MMPROF" "${args[@]}" --source --out "$out/source" > "$out/source.log" 2>&1
rc_source=$?
t2=$(date +%s.%N)
check $rc_plain "collect without --source (exit $rc_plain)"
check $rc_source "collect --source (exit $rc_source): $(grep -c 'source' "$out/source.log") lines about it in source.log"
read -r plain_s source_s ratio within < <(awk -v a="$t0" -v b="$t1" -v c="$t2" \
    'BEGIN { p = b - a; s = c - b; printf "%.2f %.2f %.2f %d\n", p, s, s / p, s <= 2 * p }')
[ "$within" = 1 ]
check $? "collect --source took ${source_s} s, without ${plain_s} s: ${ratio}x (limit 2x)"

# 2 and 3. ncu's warp-state sampling of each kernel, and the comparison. Both tools sample the
# kernel in a process of its own, its buffers the first a kernel got: tr_naive after another
# row's buffers came and went waits on lg_throttle 7.5-8.5 % of its samples against 4.3-5.6 %
# alone, under ncu as under mmprof (docs/source.md), so the kernels of one collect are
# compared for information only
for v in "${names[@]}"; do
    "$MMPROF" collect --variants "$v" --sizes "$size" --no-ceilings --source --out "$out/alone-$v" \
        > "$out/alone-$v.log" 2>&1
    check $? "$v: collect --source of it alone"
    fn=$(awk -F, -v v="$v" 'NR > 1 && $1 == v { print $5; exit }' "$out/alone-$v/source.csv")
    [ -n "$fn" ] || { check 1 "$v: no samples in its source.csv"; continue; }
    rep=$out/ncu/$v
    "$NCU" --section SourceCounters --section WarpStateStats --import-source yes --clock-control none \
        --kernel-name-base mangled -k "$fn" -c 1 -f -o "$rep" \
        "$MMPROF" launch "$v" --sizes "$size" > "$rep.log" 2>&1
    check $? "$v: ncu ($fn)"
    "$NCU" --import "$rep.ncu-rep" --page raw --csv --print-kernel-base mangled > "$rep.raw.csv" 2> "$rep.raw.err"
    "$NCU" --import "$rep.ncu-rep" --page source --csv --print-source cuda,sass > "$rep.source.csv" 2> "$rep.source.err"
    {
        echo "== $v"
        "$MMPROF" source "$out/alone-$v" --kernel "$v" --ncu-raw "$rep.raw.csv" --ncu-source "$rep.source.csv"
    } > "$rep.compare.txt" 2>&1
    rc=$?
    cat "$rep.compare.txt" >> "$summary"
    check $rc "$v: stall shares within 3 pp of ncu's and the same hottest line (mmprof source exit $rc)"
    {
        echo "== $v in the collect of all of them (information)"
        "$MMPROF" source "$out/source" --kernel "$v" --ncu-raw "$rep.raw.csv" --ncu-source "$rep.source.csv" |
            sed -n '/diff pp/,/verdict/p'
    } >> "$summary" 2>&1
done
echo "source-check: $fails failed" | tee -a "$summary"
if [ -n "${OUT:-}" ]; then
    cp "$summary" "$OUT/source-check.txt"
    tar czf "$OUT/source.tgz" -C "$(dirname "$out")" "$(basename "$out")"
fi
[ "$fails" = 0 ]
