#!/usr/bin/env bash
# collect --source on a GPU: naive at a small size gets PC
# samples, its stall reasons add up to its samples, and its hottest line is a
# line of the kernel's own source file (kernels/matmul_naive.cu, built with
# -lineinfo). Exit 77 (skipped) without a GPU.
#
#   source_gpu.sh MMPROF
set -u
mmprof=$1
# shellcheck source=tests/lib/gpu.sh
. "$(dirname "$0")/../lib/gpu.sh"

"$mmprof" collect --variants naive --sizes 512 --no-ceilings --source --out "$T/run" > /dev/null 2> "$T/err"
rc=$?
[ "$rc" = 0 ] || fail "collect --source -> exit $rc: $(tail -n 3 "$T/err")"
if grep -q 'no PC sampling here' "$T/err"; then
    echo "SKIP: PC sampling refused here: $(grep 'no PC sampling' "$T/err")"
    exit 77
fi
[ -s "$T/run/source.csv" ] || fail "no source.csv: $(tail -n 3 "$T/err")"
"$mmprof" source "$T/run" --kernel naive --top 3 > "$T/out" 2>&1 || fail "mmprof source: $(tail -n 3 "$T/out")"
# "naive 512x512x512: N samples (...)" and the reasons' shares (over N) must add up to 100 %.
samples=$(sed -n 's/^naive [0-9x]*: \([0-9]*\) samples.*/\1/p' "$T/out")
if [ -z "$samples" ] || [ "$samples" -le 100 ]; then
    fail "too few samples ('$samples'): $(head -n 3 "$T/out")"
fi
sum=$(awk -F, 'NR > 1 && $1 == "naive" && $9 !~ /_not_issued$/ { s += $10 } END { print s + 0 }' "$T/run/source.csv")
[ "$sum" = "$samples" ] || fail "the stall reasons of source.csv add up to $sum, mmprof source says $samples"
hot=$(awk '/^  share/ { getline; print $3; exit }' "$T/out")
case $hot in
matmul_naive.cu:[0-9]*) ok "hottest line $hot, $samples samples" ;;
*) fail "hottest line '$hot' is not in matmul_naive.cu: $(cat "$T/out")" ;;
esac
grep -q 'sum +=' "$T/out" || fail "the hottest lines' text is missing: $(cat "$T/out")"
[ "$fails" = 0 ] || exit 1
ok "collect --source"
