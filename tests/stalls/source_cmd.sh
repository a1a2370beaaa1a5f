#!/usr/bin/env bash
# `mmprof source` on the committed fixture run (fixture/run/source.csv) and
# ncu pages: the fold, the source text, the comparison and its exit codes.
# Usage: source_cmd.sh MMPROF SOURCE_DIR
set -u
mmprof=$1
cd "$2" || exit 1 # the fixture's lineinfo paths are relative to the repository
fx=tests/stalls/fixture
fail=0
check() { # NAME EXPECTED_RC COMMAND...: runs it, keeps its output in $out
    local name=$1 want=$2
    shift 2
    out=$("$@" 2>&1)
    local rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $name: exit $rc, expected $want"; echo "$out"; fail=1
    fi
}
has() { # NAME TEXT: $out must contain TEXT
    grep -qF -- "$2" <<<"$out" || { echo "FAIL $1: no '$2' in:"; echo "$out"; fail=1; }
}

check list 0 "$mmprof" source $fx/run
has samples "naive 256x256x256: 1000 samples"
has shares "long_scoreboard 60.0 %, lg_throttle 15.0 %, selected 11.0 %, wait 10.0 %, math_pipe_throttle 4.0 %"
has hottest "80.0 %  matmul_naive.cu:19"
has text "sum += a[row * k + p] * b[p * n + col];"
has unreadable "(source not readable here"

check agrees 0 "$mmprof" source $fx/run --kernel naive --ncu-raw $fx/ncu_raw.csv --ncu-source $fx/ncu_source.csv
has ncu_share "long_scoreboard                  60.00     60.50    -0.50"
has line "hottest line: mmprof matmul_naive.cu:19, ncu line 19 (1650 samples)" # 700 + 950: the line appears twice
has verdict "verdict: agrees"

check tight 3 "$mmprof" source $fx/run --kernel naive --ncu-raw $fx/ncu_raw.csv --max-pp 0.4
has off "OFF"
check other_line 3 "$mmprof" source $fx/run --kernel naive --ncu-source $fx/ncu_source_other_line.csv
has differs "verdict: DIFFERS"

check no_kernel 2 "$mmprof" source $fx/run --kernel tiled_t16
has why "no samples of 'tiled_t16'"
check ncu_needs_kernel 2 "$mmprof" source $fx/run --ncu-raw $fx/ncu_raw.csv
check no_source_csv 2 "$mmprof" source tests/stalls
has fix "the run took no PC samples (\`mmprof collect --source\` takes them)"
prun=$(mktemp -d "${TMPDIR:-/tmp}/mmprof-source-cmd.XXXXXX") # a profile run without --source
cp examples/profile-h200/results.csv examples/profile-h200/run.json "$prun"/
check no_source_profile 2 "$mmprof" source "$prun"
has fix "(\`mmprof profile --source\` takes them)"
# an app's kernels by their short names, not CUB's whole demangled signatures
check app_names 0 "$mmprof" source examples/profile-h200
has short_name "DeviceRadixSortOnesweepKernel<...>: 1454 samples"
has declared "tiled_t16 1024x1024x1024: 34746 samples"
grep -q "samples (" <<<"$out" && { echo "FAIL app_names: a kernel's mangled name in its title"; fail=1; }
check bad_top 2 "$mmprof" source $fx/run --top 0
check not_ncu 2 "$mmprof" source $fx/run --kernel naive --ncu-raw $fx/run/source.csv
rm -rf "$prun"
exit $fail
