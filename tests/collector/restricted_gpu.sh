#!/usr/bin/env bash
# Restricted-counter mode on a GPU, the condition forced
# with MMPROF_FORCE_NO_COUNTERS=1 (docs/restricted.md): a real collect at a
# tiny size verifies and times every variant, writes no counter column and
# records the refusal; the report marks the estimates; --require counters
# stops before any file; --profile-only times instead. Exit 77 (skipped)
# without a GPU.
#
#   restricted_gpu.sh MMPROF
set -u
mmprof=$1
# shellcheck source=tests/lib/gpu.sh
. "$(dirname "$0")/../lib/gpu.sh"

# shellcheck disable=SC2054 # the commas separate variant names
args=(collect --variants naive,tiled_t16,rt_b16_4x4,tr_padded --sizes 256 --no-ceilings)
export MMPROF_FORCE_NO_COUNTERS=1

"$mmprof" "${args[@]}" --out "$T/run" > /dev/null 2> "$T/err"
rc=$?
[ "$rc" = 0 ] || fail "collect -> exit $rc: $(tail -n 3 "$T/err")"
n=$(grep -c 'no hardware counters' "$T/err")
[ "$n" = 1 ] || fail "the missing counters said $n times, want once"
cols=$(head -n 1 "$T/run/results.csv" | awk -F, '{ print NF }')
if [ "$cols" != 27 ] || [ "$(head -n 1 "$T/run/results.csv" | cut -d, -f27)" != limiter ]; then
    fail "results.csv has $cols columns, want the 27 fixed ones and no counter"
fi
rows=$(($(wc -l < "$T/run/results.csv") - 1))
bad=$(awk -F, 'NR > 1 && ($7 != "ok" || $9 == "" || $10 == "" || $26 == "")' "$T/run/results.csv" | head -n 1)
if [ "$rows" = 4 ] && [ -z "$bad" ]; then
    ok "collect without counters: $rows rows ok, verified (rel_error), timed (runtime_ms), occupancy from the API"
else
    fail "rows: $rows of 4, first without status ok, rel_error, runtime or occupancy: $bad"
fi
grep -q '"state":[[:space:]]*"refused: profiling forced off' "$T/run/run.json" || fail "run.json does not say refused"

"$mmprof" report "$T/run" > /dev/null 2> "$T/err" || fail "report: $(cat "$T/err")"
if grep -q '^\*\*No hardware counters in this run\*\*' "$T/run/report.md" && grep -q ' est\. |' "$T/run/report.md"; then
    ok "report: says there are no counters, marks the estimates"
else
    fail "report: no note or no est. cell"
fi

"$mmprof" "${args[@]}" --out "$T/req" --require counters > /dev/null 2> "$T/err"
rc=$?
if [ "$rc" = 1 ] && [ ! -e "$T/req" ]; then
    ok "--require counters: exit 1, no run directory"
else
    fail "--require counters -> exit $rc: $(cat "$T/err")"
fi

"$mmprof" "${args[@]}" --out "$T/po" --profile-only > /dev/null 2> "$T/err"
rc=$?
timed=$(awk -F, 'NR > 1 && $10 != ""' "$T/po/results.csv" 2> /dev/null | wc -l)
if [ "$rc" = 0 ] && [ "$timed" = 4 ]; then
    ok "--profile-only without counters: 4 rows timed instead"
else
    fail "--profile-only -> exit $rc, $timed rows timed: $(tail -n 2 "$T/err")"
fi

echo "$fails failed"
[ "$fails" = 0 ]
