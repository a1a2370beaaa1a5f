#!/usr/bin/env bash
# `mmprof run` without a GPU, in a scratch working
# directory: two runs leave one copy of the example (results/example, the
# report in it), and a bad --example leaves no directory at all. On a GPU
# machine `run` collects instead: exit 77 (skipped).
#   run_example.sh MMPROF EXAMPLE_RUN
set -u
mmprof=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
example=$(cd "$2" && pwd)
if "$mmprof" info > /dev/null 2>&1; then
    echo "SKIP: a GPU is present: mmprof run collects"
    exit 77
fi
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

"$mmprof" run --example /nonexistent > out 2> err
rc=$?
[ "$rc" = 2 ] || fail "run --example /nonexistent exits $rc, want 2: $(cat err)"
[ ! -e results ] || fail "run --example /nonexistent left $(find results | tr '\n' ' ')"

for i in 1 2; do
    "$mmprof" run --example "$example" > out 2> err || fail "run $i exits $?: $(tail -n 3 err)"
    grep -q '^report: results/example/report.html' out || fail "run $i: report not in results/example: $(cat out)"
done
dirs=$(ls results)
[ "$dirs" = example ] || fail "two runs left results/$(tr '\n' ' ' <<<"$dirs"), want results/example alone"
[ -s results/example/report.html ] || fail "no results/example/report.html"
cmp -s results/example/results.csv "$example/results.csv" || fail "results/example/results.csv is not the example's"

# --out=DIR and --example=DIR are --out DIR and --example DIR
"$mmprof" run --example="$example" --out=mine > out 2> err || fail "run --example=E --out=mine exits $?: $(tail -n 3 err)"
[ -s mine/report.html ] || fail "run --out=mine: no mine/report.html: $(cat out err)"

echo "$fails failed"
[ "$fails" = 0 ]
