#!/usr/bin/env bash
# Restricted-counter mode without a GPU: collect on the
# replay backend with MMPROF_FORCE_NO_COUNTERS=1, the switch that stands for a
# machine without profiling rights (docs/restricted.md), then report.
#
# 1. collect still verifies and times (the recorded rows' fixed columns, theory,
#    launch geometry and occupancy-API columns), writes no counter column, says
#    once what is missing and how to enable it, and run.json says "refused".
# 2. the report says the run has no counters and marks the estimates (est.);
#    the same run with counters marks none.
# 3. --require counters: exit 1, one line, no run directory.
# 4. --profile-only: times instead, and says so.
# 5. interrupted and resumed under the same condition: completes; resumed
#    where counters are allowed again: refused (its columns differ), exit 2.
#
#   restricted_mode.sh MMPROF SOURCE_RUN
set -u
mmprof=$1 source=$2
fails=0
T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_restricted.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

variants=naive,tiled_t16,rt_b16_1x1,rt_b16_4x4
sizes=1024,2048
replay=(collect --replay-from "$source" --variants "$variants" --sizes "$sizes")
fixed=$("$mmprof" "${replay[@]}" --out "$T/with" 2> "$T/with.err" && head -n 1 "$T/with/results.csv" |
    cut -d, -f1-27)
[ "$(cut -d, -f27 <<<"$fixed")" = limiter ] || { echo "FAIL: the fixed columns end at 'limiter': $fixed"; exit 1; }

# 1. collect without counters
MMPROF_FORCE_NO_COUNTERS=1 "$mmprof" "${replay[@]}" --out "$T/run" > /dev/null 2> "$T/err"
rc=$?
[ "$rc" = 0 ] || fail "restricted collect -> exit $rc: $(tail -n 2 "$T/err")"
n=$(grep -c 'no hardware counters' "$T/err")
[ "$n" = 1 ] || fail "the missing counters are said $n times, want once: $(cat "$T/err")"
grep -q '^mmprof: warning: no hardware counters: profiling forced off by MMPROF_FORCE_NO_COUNTERS=1 .*unset it to read counters$' "$T/err" ||
    fail "no warning naming the cause and the fix: $(head -n 2 "$T/err")"
grep -q '^mmprof: still measured: verification, timing; computed: theory, launch geometry, occupancy (occupancy API). Missing: every counter column' "$T/err" ||
    fail "no line saying what is measured and what is missing: $(head -n 3 "$T/err")"
header=$(head -n 1 "$T/run/results.csv")
[ "$header" = "$fixed" ] || fail "results.csv header has counter columns: ${header:0:200}..."
rows=$(($(wc -l < "$T/run/results.csv") - 1))
want=$(($(wc -l < "$T/with/results.csv") - 1))
# every row: status ok, rel_error, runtime_ms and theoretical_occupancy_pct filled
bad=$(awk -F, 'NR > 1 && ($7 != "ok" || $9 == "" || $10 == "" || $26 == "")' "$T/run/results.csv" | head -n 1)
if [ "$rows" = "$want" ] && [ -z "$bad" ] && cmp -s <(cut -d, -f1-27 "$T/with/results.csv") "$T/run/results.csv"; then
    ok "restricted collect: exit 0, $rows rows verified and timed with occupancy, no counter column, said once"
else
    fail "restricted rows: $rows of $want, first bad: $bad"
fi
grep -q '"state":[[:space:]]*"refused: profiling forced off by MMPROF_FORCE_NO_COUNTERS=1' "$T/run/run.json" ||
    fail "run.json's profiling state is not 'refused: ...': $(grep -A1 '"profiling"' "$T/run/run.json")"

# 2. the report marks the estimates
for d in run with; do
    "$mmprof" report "$T/$d" > /dev/null 2> "$T/report.err" || fail "report $d: $(cat "$T/report.err")"
done
md=$T/run/report.md
est_occ=$(grep -c '^| achieved_occupancy | [0-9.]* % est\. |' "$md")
if grep -q '^\*\*No hardware counters in this run\*\* (profiling: refused: profiling forced off' "$md" &&
    grep -q '^- \*\*Hardware counters:\*\* none: cells marked est\. are estimates' "$md" &&
    [ "$est_occ" -ge 2 ] && grep -q '^| flop_count_sp | [0-9.]* G est\. |' "$md" &&
    grep -q '^| CGMA \[flop / sector\] | [0-9.]* est\. |' "$md" &&
    grep -q 'This run has no hardware counters: the theory columns stand alone' "$md" &&
    grep -q '^Fastest: \*\*4×4\*\* at .*, theoretical occupancy [0-9.]* % est\. (occupancy API: no counters in this run)\.$' "$md"; then
    ok "report without counters: the note, the card, $est_occ occupancy tables and the model's counts marked est."
else
    fail "report without counters: no note, card or est. cells: $(grep -n 'counters\|est\.' "$md" | head -n 5)"
fi
if grep -q 'est\.\|No hardware counters' "$T/with/report.md"; then
    fail "report with counters marks estimates: $(grep -n 'est\.\|No hardware' "$T/with/report.md" | head -n 3)"
else
    ok "report with counters: no estimate marked"
fi

# 3. --require counters
MMPROF_FORCE_NO_COUNTERS=1 "$mmprof" "${replay[@]}" --out "$T/req" --require counters > /dev/null 2> "$T/err"
rc=$?
if [ "$rc" = 1 ] && [ "$(wc -l < "$T/err")" = 1 ] && [ ! -e "$T/req" ] &&
    grep -q '^mmprof: error: profiling forced off by .*; --require counters makes that an error' "$T/err"; then
    ok "--require counters without counters: exit 1, one line, no run directory"
else
    fail "--require counters without counters -> exit $rc, dir $(test -e "$T/req" && echo made || echo none): $(cat "$T/err")"
fi
"$mmprof" "${replay[@]}" --out "$T/req2" --require counters > /dev/null 2> "$T/err" ||
    fail "--require counters with counters -> exit $?: $(tail -n 1 "$T/err")"

# 4. --profile-only
MMPROF_FORCE_NO_COUNTERS=1 "$mmprof" "${replay[@]}" --out "$T/po" --profile-only > /dev/null 2> "$T/err"
rc=$?
[ "$rc" = 0 ] && grep -q '^mmprof: --profile-only without counters: timing the kernels instead$' "$T/err" &&
    ok "--profile-only without counters: times instead, and says so" ||
    fail "--profile-only without counters -> exit $rc: $(head -n 3 "$T/err")"

# 5. interrupted, then resumed
MMPROF_FORCE_NO_COUNTERS=1 "$mmprof" "${replay[@]}" --out "$T/int" --replay-delay-ms 200 > /dev/null 2> "$T/err" &
pid=$!
for _ in $(seq 100); do
    [ "$(wc -l 2> /dev/null < "$T/int/results.csv" || echo 0)" -ge 3 ] && break
    sleep 0.05
done
kill -TERM "$pid"
wait "$pid"
"$mmprof" collect --resume "$T/int" > /dev/null 2> "$T/err"
rc=$?
[ "$rc" = 2 ] && grep -q 'results.csv has 0 metric columns, this collect writes [1-9][0-9]*' "$T/err" &&
    ok "resumed where counters are allowed: refused, exit 2 (columns differ)" ||
    fail "resume with counters of a run without -> exit $rc: $(tail -n 1 "$T/err")"
MMPROF_FORCE_NO_COUNTERS=1 "$mmprof" collect --resume "$T/int" > /dev/null 2> "$T/err"
rc=$?
if [ "$rc" = 0 ] && cmp -s <(sort "$T/int/results.csv") <(sort "$T/run/results.csv"); then
    ok "interrupted and resumed without counters: the rows equal the uninterrupted run's"
else
    fail "resume without counters -> exit $rc: $(tail -n 2 "$T/err")"
fi

echo "$fails failed"
[ "$fails" = 0 ]
