#!/usr/bin/env bash
# The diff gate on real runs (fixtures/diff-h100: one build collected three
# times on one H100, 14 variants at 2048; `slow`
# gave `best` a 64x128 tile through MMPROF_TUNE_FILE). A same-build pair
# flags nothing, cpu_blas's 12 % host drift included; the slowed pair flags
# best alone and exits 3.
#   diff_h100.sh MMPROF FIXTURES
set -uo pipefail
mmprof=$1 fixtures=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$fixtures"/r1 "$fixtures"/r2 "$fixtures"/slow "$work"/ # diff writes analysis.csv
fail=0
"$mmprof" diff "$work/r1" "$work/r2" --fail-on changed > "$work/same.txt" 2>&1
rc=$?
grep -q "14 rows compared: 0 slower, 0 faster" "$work/same.txt" && [ $rc = 0 ] ||
    { echo "FAIL: the same-build pair (rc=$rc):"; cat "$work/same.txt"; fail=1; }
"$mmprof" diff "$work/r1" "$work/slow" --fail-on changed > "$work/slow.txt" 2>&1
rc=$?
# a row and its indented "changed:" lines as one line
awk '/^    /{ sub(/^ +/, " "); printf "%s", $0; next } NR > 1 { print "" } { printf "%s", $0 } END { print "" }' \
    "$work/slow.txt" > "$work/rows.txt"
flagged=$(grep -c " FAIL " "$work/rows.txt")
grep -qE "^best .* SLOWER .* FAIL " "$work/rows.txt" && [ "$flagged" = 1 ] && [ $rc = 3 ] ||
    { echo "FAIL: the slowed pair (rc=$rc, $flagged rows flagged):"; cat "$work/slow.txt"; fail=1; }
[ $fail = 0 ] && echo "ok: same-build pair unflagged; best slowed 1.29x flagged alone, exit 3"
exit $fail
