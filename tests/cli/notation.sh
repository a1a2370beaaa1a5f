#!/usr/bin/env bash
# One size notation in every output: MxNxK for a matmul,
# MxN for a transpose, never "2048x2048x0", "2048^3", "2048³" or "2048×2048".
# Checks collect's progress lines (replay backend, no GPU), analyze's table,
# report.md and diff, on a copy of the example run.
#   notation.sh MMPROF EXAMPLE_RUN
set -u
mmprof=$1 example=$2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/src" && cp "$example/results.csv" "$example/run.json" "$T/src/" || exit 1
bad='[0-9]x0([^0-9.]|$)|[0-9]³|[0-9]\^3|[0-9]{3,}×[0-9]{3,}'
check() { # check WHAT FILE
    local hits
    hits=$(grep -nE "$bad" "$2" | head -n 3)
    [ -z "$hits" ] || fail "$1 writes a size another way: $hits"
}

"$mmprof" collect --replay-from "$T/src" --variants naive,tr_copy --sizes 1024 --out "$T/run" \
    > "$T/collect.out" 2> "$T/collect.err" || fail "collect --replay-from exits $?"
grep -qE 'naive +1024x1024x1024 ' "$T/collect.err" || fail "collect: no 'naive 1024x1024x1024' line"
grep -qE 'tr_copy +1024x1024 ' "$T/collect.err" || fail "collect: no 'tr_copy 1024x1024' line"
check collect "$T/collect.err"

"$mmprof" analyze "$T/src" > "$T/analyze.out" 2>&1 || fail "analyze exits $?"
grep -qE '2048x2048x2048 ' "$T/analyze.out" || fail "analyze: no 2048x2048x2048"
check analyze "$T/analyze.out"

"$mmprof" report "$T/src" > /dev/null 2>&1 || fail "report exits $?"
grep -q '2048x2048x2048' "$T/src/report.md" || fail "report.md: no 2048x2048x2048"
check report.md "$T/src/report.md"

cp -r "$T/src" "$T/b"
"$mmprof" diff "$T/src" "$T/b" > "$T/diff.out" 2>&1 || fail "diff exits $?"
check diff "$T/diff.out"

echo "$fails failed"
[ "$fails" = 0 ]
