#!/usr/bin/env bash
# On a GPU: an application replay whose runs launch differently is refused
# (exit 1) with the first differing launch named; the row before it keeps its
# counters, the rows from it on fail; the app's output is shown once.
#   profile_differing_gpu.sh MMPROF DIFFERING_APP
set -u
mmprof=$1 app=$2
nvidia-smi -L 2> /dev/null | grep -q '^GPU ' || { echo "SKIP: no GPU"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
out=$("$mmprof" profile --replay-mode application --launches-per-kernel 0 --no-ceilings --out "$work/run" -- "$app" 2>&1)
rc=$?
echo "$out"
[ "$rc" = 1 ] || fail "exit $rc, want 1"
grep -q 'launched differently in its run for config image 1: launch 2 of process #1 was second(float\*) grid 1,1,1 block 32,1,1 in the first run and other(float\*) grid 1,1,1 block 32,1,1 in that one' <<<"$out" ||
    fail "the first differing launch is not named"
[ "$(grep -c '^differing_app: done' <<<"$out")" = 1 ] || fail "the app's output is not shown once"
csv=$work/run/results.csv
[ "$(awk -F, 'NR > 1' "$csv" | wc -l)" = 3 ] || fail "results.csv does not hold 3 rows"
[ "$(grep -c ',ok,' "$csv")" = 1 ] || fail "the first launch's row lost its counters"
[ "$(grep -c ',failed,' "$csv")" = 2 ] || fail "the rows from the differing launch on did not fail"
echo "$fails failure(s)"
[ "$fails" = 0 ]
