#!/usr/bin/env bash
# A real kernel fault on a GPU: MMPROF_INJECT_FAULT=tiled_t16
# (docs/restricted.md) makes tiled_t16's verification launch write through the
# null page. Twice, with and without counters:
#   - collect exits 1; tiled_t16's row is failed with cudaErrorIllegalAddress;
#     the message says the context was lost and how to go on; run.json "aborted";
#   - without counters naive's row (measured before) is kept; with counters it
#     is held for the group's batch, so it is not written and --resume
#     measures it whole (its counters included);
#   - `collect --resume` (no fault injected) completes: naive and rt_b16_4x4
#     ok, tiled_t16 still the failed row, not retried.
# Exit 77 (skipped) without a GPU.
#
#   fault_gpu.sh MMPROF
set -u
mmprof=$1
# shellcheck source=tests/lib/gpu.sh
. "$(dirname "$0")/../lib/gpu.sh"

status_of() { awk -F, -v v="$2" 'NR > 1 && $1 == v { print $7 }' "$1/results.csv"; }

for mode in no-profile profile; do
    dir=$T/$mode
    extra=()
    [ "$mode" = no-profile ] && extra=(--no-profile)
    MMPROF_INJECT_FAULT=tiled_t16 "$mmprof" collect --variants naive,tiled_t16,rt_b16_4x4 --sizes 256 --no-ceilings \
        "${extra[@]}" --out "$dir" > /dev/null 2> "$T/err"
    rc=$?
    [ "$rc" = 1 ] || fail "$mode: collect over a fault -> exit $rc, want 1: $(tail -n 2 "$T/err")"
    grep -q "^tiled_t16,matmul,256,256,256,[^,]*,failed,[^,]*(cudaErrorIllegalAddress)," "$dir/results.csv" ||
        fail "$mode: tiled_t16's row is not failed with cudaErrorIllegalAddress: $(grep tiled_t16 "$dir/results.csv" | cut -c1-200)"
    grep -q "^mmprof: error: the CUDA context was lost (.*cudaErrorIllegalAddress.*); stopping: rows so far are in $dir, \`mmprof collect --resume $dir\` measures the rest" "$T/err" ||
        fail "$mode: no context-lost message: $(grep error "$T/err")"
    grep -q '"state":[[:space:]]*"aborted"' "$dir/run.json" || fail "$mode: run.json is not aborted"
    counters=$(head -n 1 "$dir/results.csv" | awk -F, '{ print NF - 27 }')
    naive=$(status_of "$dir" naive)
    if [ "$counters" = 0 ]; then
        [ "$naive" = ok ] || fail "$mode: without counters naive's row must be kept, is '$naive'"
    else
        [ -z "$naive" ] || fail "$mode: with counters naive's held row must not be written, is '$naive'"
    fi
    ok "$mode: fault -> exit 1, tiled_t16 failed with the CUDA error, naive '${naive:-held}' ($counters counter columns)"
    "$mmprof" collect --resume "$dir" > /dev/null 2> "$T/err"
    rc=$?
    got="$(status_of "$dir" naive) $(status_of "$dir" tiled_t16) $(status_of "$dir" rt_b16_4x4)"
    if [ "$rc" = 0 ] && [ "$got" = "ok failed ok" ] && grep -q '"state":[[:space:]]*"complete"' "$dir/run.json"; then
        if [ "$counters" != 0 ] && awk -F, 'NR > 1 && $7 == "ok" && $28 == ""' "$dir/results.csv" | grep -q .; then
            fail "$mode: an ok row lacks its counters after --resume"
        else
            ok "$mode: --resume completes: naive ok, tiled_t16 failed (kept), rt_b16_4x4 ok"
        fi
    else
        fail "$mode: --resume -> exit $rc, statuses '$got': $(tail -n 2 "$T/err")"
    fi
done

echo "$fails failed"
[ "$fails" = 0 ]
