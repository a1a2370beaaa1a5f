#!/usr/bin/env bash
# valgrind (memcheck, full leak check) on the offline commands, on a copy of a
# recorded run: every row must exit as expected with no memory error and no
# leak. Table-driven: a row for a command this mmprof does not have yet
# (plot, report, diff, ...) is skipped with a note until it exists.
#
#   scripts/valgrind.sh [MMPROF [RUN]]     (default build/cli/mmprof, examples/seeds)
# Exits 77 when valgrind is not installed; ctest: valgrind_commands (label valgrind).
# The rows run in parallel (JOBS, default nproc). scripts/valgrind.supp holds the
# suppressions (false positives outside mmprof's code, each explained).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mmprof=${1:-$root/build/cli/mmprof}
source_run=${2:-$root/examples/seeds}
command -v valgrind > /dev/null 2>&1 || { echo "SKIP: valgrind not installed (apt-get install valgrind)"; exit 77; }
[ -x "$mmprof" ] || { echo "valgrind.sh: no mmprof at '$mmprof'" >&2; exit 2; }

T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_valgrind.XXXXXX")
trap 'rm -rf "$T"' EXIT
jobs=${JOBS:-$(nproc)}

# Setups: each row gets its own directory R.
fresh_run() { mkdir -p "$1/run" && cp "$source_run/results.csv" "$source_run/run.json" "$1/run/"; }
truncated_run() { fresh_run "$1" && head -c 3000 "$source_run/results.csv" > "$1/run/results.csv"; }
bad_json_run() { fresh_run "$1" && head -c 300 "$source_run/run.json" > "$1/run/run.json"; }
killed_run() { # a replayed run stopped after 3 rows, with a partial line
    fresh_run "$1" && "$mmprof" collect --replay-from "$1/run" --variants naive,tiled_t16,tr_copy \
        --sizes 1024,2048 --out "$1/out" > /dev/null 2>&1 &&
        head -n 4 "$1/out/results.csv" > "$1/r" && printf 'tr_copy,transpose,20' >> "$1/r" &&
        mv "$1/r" "$1/out/results.csv" && sed -i 's/"state":[^,]*,/"state": "running",/' "$1/out/run.json"
}

# rows: COMMAND|EXPECTED EXIT|SETUP|ARGS (R: the row's directory; R/run a copy of RUN)
rows=(
    "analyze|0|fresh_run|analyze R/run"
    "analyze|0|fresh_run|analyze --format json R/run"
    "analyze|2|truncated_run|analyze R/run"
    "analyze|2|bad_json_run|analyze R/run"
    "collect|0|fresh_run|collect --replay-from R/run --variants naive,tiled_t16,tr_copy --sizes 1024,2048 --out R/out"
    "collect|0|killed_run|collect --resume R/out"
    "plot|0|fresh_run|plot R/run"
    "report|0|fresh_run|report R/run"
    "diff|0|fresh_run|diff R/run R/run"
)

# run_row I: row I under valgrind; writes T/I.result ("ok: ..." or "FAIL: ...").
run_row() {
    local i=$1 cmd want setup args R=$T/row$1 rc
    IFS='|' read -r cmd want setup args <<<"${rows[$i]}"
    args=${args//R\//$R/}
    mkdir -p "$R"
    if [ "$setup" != - ] && ! "$setup" "$R" > "$R.setup" 2>&1; then
        echo "FAIL: setup $setup for mmprof $args: $(head -c 200 "$R.setup")" > "$T/$i.result"
        return
    fi
    # 99: valgrind found an error (the command's own exit codes are 0, 1, 2)
    # shellcheck disable=SC2086
    valgrind -q --error-exitcode=99 --suppressions="$here/valgrind.supp" --leak-check=full \
        --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible \
        --track-origins=yes "$mmprof" $args > "$R.out" 2> "$R.err"
    rc=$?
    if [ "$rc" = "$want" ] && ! grep -q '^==[0-9]*==' "$R.err"; then
        echo "ok: valgrind mmprof $args -> $rc, clean" > "$T/$i.result"
    else
        {
            echo "FAIL: valgrind mmprof $args -> exit $rc (want $want):"
            grep '^==[0-9]*==' "$R.err" | head -n 40
            grep -v '^==' "$R.err" | tail -n 3 | sed 's/^/  /'
        } > "$T/$i.result"
    fi
}

help=$("$mmprof" --help 2>&1)
started=0
for i in "${!rows[@]}"; do
    cmd=${rows[$i]%%|*}
    if ! grep -qE "^  $cmd " <<<"$help"; then
        echo "SKIP: mmprof ${rows[$i]##*|} ('$cmd' is not a command of this mmprof yet)"
        continue
    fi
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; done
    run_row "$i" &
    started=$((started + 1))
done
wait
fails=0
for i in "${!rows[@]}"; do
    [ -f "$T/$i.result" ] || continue
    cat "$T/$i.result"
    grep -q '^FAIL' "$T/$i.result" && fails=$((fails + 1))
done
echo "$started commands under valgrind, $fails failed"
[ "$fails" = 0 ]
