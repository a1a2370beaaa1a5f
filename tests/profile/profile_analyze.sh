#!/usr/bin/env bash
# analyze, plot and report on a `mmprof profile` run (fixtures/profile-run):
# undeclared kernels (no shape) are read, their FLOPs counted (FADD + FMUL +
# 2 FFMA = 4e6 over 0.5 ms = 8 GFLOP/s), the declared one gets tiled_t16's
# theory, and all three are points of the roofline.
#   profile_analyze.sh MMPROF FIXTURE_DIR
set -u
mmprof=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$2" "$work/run"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
"$mmprof" analyze "$work/run" > "$work/analyze.txt" 2>&1 || fail "analyze: $(cat "$work/analyze.txt")"
csv=$work/run/analysis.csv
python3 - "$csv" << 'PY' || fail "analysis.csv rows"
import csv, sys
rows = {r["variant"]: r for r in csv.DictReader(open(sys.argv[1]))}
axpy = rows["void axpy(float, float const*, float*, int)"]
assert abs(float(axpy["gflop_per_s"]) - 8) < 1e-9, axpy["gflop_per_s"]
tiled = rows["tiled_t16"]
assert abs(float(tiled["theory_cgma_flop_per_word"]) - 15.88) < 0.01, tiled["theory_cgma_flop_per_word"]
assert tiled["meas_cgma_thread_flop_per_word"], "no measured CGMA"
PY
"$mmprof" plot "$work/run" > "$work/plot.txt" 2>&1 || fail "plot: $(cat "$work/plot.txt")"
dat=$work/run/plots/roofline.dat
for k in tiled_t16 'void axpy' 'void cutlass::Kernel'; do
    grep -q "^\"$k" "$dat" 2> /dev/null || fail "roofline.dat lacks $k"
done
grep -q "Hierarchical roofline: the app's kernels" "$work/run/plots/roofline.gp" || fail "roofline title"
"$mmprof" report "$work/run" > "$work/report.txt" 2>&1 || fail "report: $(cat "$work/report.txt")"
grep -q 'roofline' "$work/run/report.md" || fail "the report has no roofline"
# the roofline table names every kernel the chart draws: the declared one by its size, the
# undeclared ones by their short names at their first launch, with no size
for k in '`tiled_t16` | 1024x1024x1024 |' '`axpy` | - |' '`Kernel<...>` | - |'; do
    sed -n '/^\*\*What binds each kernel/,/^At their largest size/p' "$work/run/report.md" |
        grep -qF "$k" || fail "the roofline table lacks $k"
done
grep -q "The app's undeclared kernels (no size) stand at their first launch" "$work/run/report.md" ||
    fail "the roofline table does not say how undeclared kernels are placed"
# analyze lists every kernel (sorted by share of GPU time, lines at most 120 columns) and gives each a
# verdict and at least one finding with its estimated gain and fix
for k in 'tiled_t16 1024x1024x1024' 'Kernel<...>' 'axpy'; do
    grep -qF "$k" "$work/analyze.txt" || fail "analyze's kernel tables lack $k"
done
awk 'length($0) > 120 && /^ *[0-9]+ / { bad = 1 } END { exit bad }' "$work/analyze.txt" ||
    fail "a kernel table line is wider than 120 columns"
"$mmprof" analyze --findings "$work/run" > "$work/findings.txt" 2>&1 || fail "findings: $(cat "$work/findings.txt")"
[ "$(grep -c 'bound' "$work/findings.txt")" -ge 3 ] || fail "a kernel without a verdict: $(cat "$work/findings.txt")"
for k in 'tiled_t16 1024x1024x1024' 'Kernel<...>' 'axpy'; do
    # a finding wraps onto lines indented by 4: joined, it holds its gain and its fix
    awk -v k="$k" 'index($0, k) == 1 { on = 1; next } /^[^ ]/ { on = 0 }
        on && /^  - / { item = $0; next } on && /^    / { item = item " " $0; next }
        { if (item ~ /Estimated gain: .* Fix: /) n++; item = "" }
        END { if (item ~ /Estimated gain: .* Fix: /) n++; exit n ? 0 : 1 }' "$work/findings.txt" ||
        fail "$k has no finding with a gain and a fix"
done
# the report of an app's run: titled by the app, where the time goes first, no lab section, no claim
# of verification
md=$work/run/report.md
grep -q '^# Kernels of ' "$md" || fail "the report is not titled by the app: $(head -1 "$md")"
[ "$(grep -m1 '^## ' "$md")" = "## Where the GPU time goes" ] || fail "the first section is $(grep -m1 '^## ' "$md")"
grep -qE 'id="(lab|seed)|\(lab 00' "$md" && fail "a lab section in an app's report"
grep -q 'passed verification' "$md" && fail "the report claims a verification profile does not do"
# the report and analyze --findings print one verdict (analysis/verdict.c)
verdict=$(grep '^axpy' "$work/findings.txt" | sed 's/^[^:]*: //')
[ -n "$verdict" ] && grep -qF "**Bound:** $verdict." "$md" || fail "the report's verdict for axpy is not '$verdict'"
# a library kernel's demangled name runs to hundreds of characters (CUB's on an H100: the report
# once took the names cut at 64 for a results.csv changed while read)
long="void cub::CUB_300001_SM_900::detail::radix_sort::DeviceRadixSortOnesweepKernel<cub::detail::radix::policy_hub<float, cub::NullType, unsigned int>::Policy900>(int)"
cp -r "$2" "$work/long"
sed -i "s|void cutlass::Kernel<sm90_xmma>(Params),kernel|\"$long\",kernel|" "$work/long/results.csv"
grep -q "DeviceRadixSortOnesweepKernel" "$work/long/results.csv" || fail "the long-name copy was not made"
"$mmprof" report "$work/long" > "$work/long.txt" 2>&1 || fail "report with a long kernel name: $(cat "$work/long.txt")"
echo "$fails failure(s)"
[ "$fails" = 0 ]
