#!/usr/bin/env bash
# valgrind (memcheck, full leak check) on the offline commands, on a copy of a
# recorded run: every row must exit as expected with no memory error and no
# leak. Table-driven: a row for a command this mmprof does not have yet
# (plot, report, diff, ...) is skipped with a note until it exists.
#
#   scripts/valgrind.sh [MMPROF [RUN]]     (default build/cli/mmprof, examples/seeds)
# Exits 77 when valgrind is not installed; ctest: valgrind_commands (label valgrind).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mmprof=${1:-$root/build/cli/mmprof}
source_run=${2:-$root/examples/seeds}
command -v valgrind > /dev/null 2>&1 || { echo "SKIP: valgrind not installed (apt-get install valgrind)"; exit 77; }
[ -x "$mmprof" ] || { echo "valgrind.sh: no mmprof at '$mmprof'" >&2; exit 2; }

T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_valgrind.XXXXXX")
trap 'rm -rf "$T"' EXIT
fresh_run() { rm -rf "$T/run" && mkdir -p "$T/run" && cp "$source_run/results.csv" "$source_run/run.json" "$T/run/"; }
truncated_run() { fresh_run && head -c 3000 "$source_run/results.csv" > "$T/run/results.csv"; }
bad_json_run() { fresh_run && head -c 300 "$source_run/run.json" > "$T/run/run.json"; }
replay_src() { rm -rf "$T/out" && fresh_run; }
killed_run() { # a replayed run stopped after 3 rows, with a partial line
    replay_src && "$mmprof" collect --replay-from "$T/run" --variants naive,tiled_t16,tr_copy --sizes 1024,2048 \
        --out "$T/out" > /dev/null 2>&1 &&
        head -n 4 "$T/out/results.csv" > "$T/r" && printf 'tr_copy,transpose,20' >> "$T/r" &&
        mv "$T/r" "$T/out/results.csv" && sed -i 's/"state":[^,]*,/"state": "running",/' "$T/out/run.json"
}

# rows: COMMAND|EXPECTED EXIT|SETUP|ARGS ($T/run is the run directory)
rows=(
    "analyze|0|fresh_run|analyze $T/run"
    "analyze|0|fresh_run|analyze --format json $T/run"
    "analyze|0|fresh_run|analyze --format csv $T/run"
    "analyze|2|truncated_run|analyze $T/run"
    "analyze|2|bad_json_run|analyze $T/run"
    "list|0|-|list"
    "collect|0|replay_src|collect --replay-from $T/run --variants naive,tiled_t16,tr_copy --sizes 1024,2048 --out $T/out"
    "collect|2|-|collect --metrics gld_transacion"
    "collect|0|killed_run|collect --resume $T/out"
    "plot|0|fresh_run|plot $T/run"
    "report|0|fresh_run|report $T/run"
)

help=$("$mmprof" --help 2>&1)
fails=0 ran=0
for r in "${rows[@]}"; do
    IFS='|' read -r cmd want setup args <<<"$r"
    if ! grep -qE "^  $cmd " <<<"$help"; then
        echo "SKIP: mmprof $args ('$cmd' is not a command of this mmprof yet)"
        continue
    fi
    if [ "$setup" != - ] && ! "$setup"; then
        echo "FAIL: setup $setup for mmprof $args"
        fails=$((fails + 1))
        continue
    fi
    # 99: valgrind found an error (the command's own exit codes are 0, 1, 2)
    # shellcheck disable=SC2086
    valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible \
        --errors-for-leak-kinds=definite,indirect,possible --track-origins=yes \
        "$mmprof" $args > "$T/out.txt" 2> "$T/err.txt"
    rc=$?
    ran=$((ran + 1))
    if [ "$rc" = "$want" ] && ! grep -q '^==[0-9]*==' "$T/err.txt"; then
        echo "ok: valgrind mmprof $args -> $rc, clean"
    else
        echo "FAIL: valgrind mmprof $args -> exit $rc (want $want):"
        grep '^==[0-9]*==' "$T/err.txt" | head -n 30
        tail -n 3 "$T/err.txt" | grep -v '^==' | sed 's/^/  /'
        fails=$((fails + 1))
    fi
done
echo "$ran commands under valgrind, $fails failed"
[ "$fails" = 0 ]
