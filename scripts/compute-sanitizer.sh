#!/usr/bin/env bash
# compute-sanitizer memcheck, racecheck and synccheck on every GPU variant's
# kernel at an odd size, where every edge guard runs: matmuls
# `mmprof launch V --mnk 129,67,45`, transposes `--mnk 67,129,1` (67 rows x
# 129 columns). Prints a summary table (variant x tool) and writes the full
# output to a log and the table to LOG.summary.md (commit the summary).
#
# usage: scripts/compute-sanitizer.sh [--mmprof PATH] [--variants LIST] [--tools LIST]
#                                     [--log FILE] [--mnk M,N,K] [--tr-mnk M,N,K]
#   --mmprof PATH   default build/cli/mmprof
#   --variants L    comma-separated (default: every GPU variant, `mmprof list`)
#   --tools L       default memcheck,racecheck,synccheck (initcheck also works)
#   --log FILE      default results/compute-sanitizer-<UTC time>.log
#   --jobs N        variants sanitized at once on the GPU (default 1; each run takes
#                   seconds, ~45 variants x 3 tools: --jobs 4 fits a 10-minute slot)
# env: COMPUTE_SANITIZER (default: on PATH, else under /usr/local/cuda),
#      NVIDIA_SMI (default nvidia-smi)
# Exit: 0 all clean, 1 an error or a launch that failed, 2 bad usage,
#       77 no GPU or no compute-sanitizer (ctest: gpu_compute_sanitizer, label gpu).
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mmprof=$root/build/cli/mmprof
variants="" tools=memcheck,racecheck,synccheck log="" mnk=129,67,45 tr_mnk=67,129,1 jobs=1
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
    --mmprof) mmprof=$2; shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --tools) tools=$2; shift 2 ;;
    --log) log=$2; shift 2 ;;
    --mnk) mnk=$2; shift 2 ;;
    --tr-mnk) tr_mnk=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "compute-sanitizer.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

skip() { echo "SKIP: compute-sanitizer.sh: $*"; exit 77; }
smi=${NVIDIA_SMI:-nvidia-smi}
command -v "$smi" > /dev/null 2>&1 || skip "nvidia-smi not found (no NVIDIA driver)"
gpu=$("$smi" -L 2> /dev/null | grep '^GPU ' | head -n 1)
[ -n "$gpu" ] || skip "nvidia-smi -L lists no GPU"
cs=${COMPUTE_SANITIZER:-}
if [ -z "$cs" ]; then
    for c in compute-sanitizer /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
        if command -v "$c" > /dev/null 2>&1; then cs=$c; break; fi
    done
fi
[ -n "$cs" ] || skip "compute-sanitizer not found: install the CUDA toolkit's, or set COMPUTE_SANITIZER"
[ -x "$mmprof" ] || { echo "compute-sanitizer.sh: no mmprof at '$mmprof' (build it or pass --mmprof)" >&2; exit 2; }

if [ -z "$log" ]; then
    mkdir -p "$root/results"
    log=$root/results/compute-sanitizer-$(date -u +%Y%m%d-%H%M%S).log
fi
mkdir -p "$(dirname "$log")"
summary=${log%.log}.summary.md
: > "$log"

# name family, for every GPU variant (or those asked for)
listing=$("$mmprof" list --gpu 2> /dev/null || "$mmprof" list) || { echo "compute-sanitizer.sh: mmprof list failed" >&2; exit 1; }
declare -A family
names=()
while read -r name fam _; do
    [ "$name" = name ] && continue
    family[$name]=$fam
    names+=("$name")
done <<<"$listing"
if [ -n "$variants" ]; then
    IFS=, read -r -a names <<<"$variants"
fi
IFS=, read -r -a tool_list <<<"$tools"

# tool-specific options: racecheck reports every hazard, memcheck leaks too
tool_opts() {
    case "$1" in
    memcheck) echo "--leak-check full" ;;
    racecheck) echo "--racecheck-report all" ;;
    *) echo "" ;;
    esac
}

# errors OUTPUT: the count the tool's summary line gives ("" if none)
errors_in() {
    sed -n 's/.*ERROR SUMMARY: \([0-9][0-9]*\) error.*/\1/p; s/.*RACECHECK SUMMARY: .*(\([0-9][0-9]*\) error.*/\1/p' "$1" | tail -n 1
}

{
    echo "# compute-sanitizer on mmprof's kernels"
    echo
    echo "- $gpu"
    echo "- $("$cs" --version 2> /dev/null | grep -i 'version' | head -n 1)"
    echo "- $("$mmprof" --version 2>&1), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "- matmuls \`mmprof launch V --mnk $mnk\`, transposes \`--mnk $tr_mnk\`"
    echo
    printf '| variant | mnk |'
    for t in "${tool_list[@]}"; do printf ' %s |' "$t"; done
    printf '\n| --- | --- |'
    for _ in "${tool_list[@]}"; do printf ' --- |'; done
    printf '\n'
} > "$summary"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# sanitize I V: every tool on variant V; writes work/I.row (the table row),
# work/I.status (one word per tool: clean, fail, na) and work/I.log.
sanitize() {
    local i=$1 v=$2 shape=$mnk out=$work/$1.out t rc n cell row
    [ "${family[$v]:-}" = transpose ] && shape=$tr_mnk
    row="| $v | $shape |"
    : > "$work/$i.log"
    : > "$work/$i.status"
    for t in "${tool_list[@]}"; do
        # shellcheck disable=SC2046
        "$cs" --tool "$t" --error-exitcode 99 $(tool_opts "$t") "$mmprof" launch "$v" --mnk "$shape" > "$out" 2>&1
        rc=$?
        {
            echo "=== $t: mmprof launch $v --mnk $shape -> exit $rc"
            cat "$out"
        } >> "$work/$i.log"
        n=$(errors_in "$out")
        if [ "$rc" = 2 ] && grep -q 'is not a GPU variant' "$out"; then
            cell="n/a (not an mmprof kernel)"
            echo na >> "$work/$i.status"
        elif [ "$rc" = 2 ] && grep -q 'cannot launch on this device' "$out"; then
            # launch refuses what the device cannot run (collect records it
            # skipped, with the register count): there is no kernel run to check.
            cell="n/a (cannot launch: too many resources)"
            echo na >> "$work/$i.status"
        elif [ "$rc" = 0 ] && [ "${n:-0}" = 0 ]; then
            cell="clean"
            echo clean >> "$work/$i.status"
        elif [ -n "$n" ] && [ "$n" != 0 ]; then
            cell="**$n errors**"
            echo fail >> "$work/$i.status"
        else
            cell="**failed (exit $rc)**: $(grep -m 1 -i 'error' "$out" | cut -c1-80)"
            echo fail >> "$work/$i.status"
        fi
        row+=" $cell |"
    done
    echo "$row" > "$work/$i.row"
    echo "$row"
}

for i in "${!names[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; done
    sanitize "$i" "${names[$i]}" &
done
wait
for i in "${!names[@]}"; do
    cat "$work/$i.row" >> "$summary"
    cat "$work/$i.log" >> "$log"
done
clean=$(cat "$work"/*.status 2> /dev/null | grep -c '^clean$')
fails=$(cat "$work"/*.status 2> /dev/null | grep -c '^fail$')
na=$(cat "$work"/*.status 2> /dev/null | grep -c '^na$')
{
    echo
    echo "$clean clean, $fails with errors or failed launches, $na not applicable; full log: $(basename "$log")"
} | tee -a "$summary"
echo "summary: $summary; log: $log"
[ "$fails" = 0 ]
