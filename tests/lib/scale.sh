# Shared by the scale tests: checks that count failures, and replayed runs
# (collect's test backend copies rows of examples/seeds, so no GPU is needed).
# Usage: . lib.sh MMPROF SOURCE_DIR
mmprof=$(realpath "$1")
src=$(realpath "$2")
seeds=$src/examples/seeds
fails=0
work=$(mktemp -d /tmp/mmprof-scale.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

ok() { echo "ok: $*"; }
bad() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# expect CODE PATTERN -- ARGS...: mmprof exits with CODE and prints PATTERN.
expect() {
    local code=$1 pattern=$2 out rc
    shift 3
    out=$("$mmprof" "$@" 2>&1)
    rc=$?
    if [ "$rc" != "$code" ] || ! grep -qE -- "$pattern" <<<"$out"; then
        bad "mmprof $* -> exit $rc (want $code, /$pattern/), output: $out"
    else
        ok "mmprof $* -> $rc"
    fi
}

# replay OUT ARGS...: a collect that copies rows from examples/seeds.
replay() {
    local out=$1
    shift
    "$mmprof" collect --replay-from "$seeds" --sizes 1024,2048 --out "$out" "$@" >"$out.log" 2>&1
}

# same_rows A B: the two runs hold the same rows (as sets) and the same header.
same_rows() {
    if [ "$(head -1 "$1/results.csv")" != "$(head -1 "$2/results.csv")" ]; then
        bad "$1 and $2 have different results.csv headers"
    elif ! diff <(tail -n +2 "$1/results.csv" | LC_ALL=C sort) <(tail -n +2 "$2/results.csv" | LC_ALL=C sort) >/dev/null; then
        bad "$1 and $2 hold different rows: $(diff <(LC_ALL=C sort "$1/results.csv") <(LC_ALL=C sort "$2/results.csv") | head -5)"
    else
        ok "$1 has the same rows as $2 ($(($(wc -l <"$1/results.csv") - 1)) rows)"
    fi
}

# json_state DIR: run.json's "state".
json_state() {
    sed -n 's/^[[:space:]]*"state":[[:space:]]*"\([a-z]*\)".*/\1/p' "$1/run.json" | head -1
}

finish() {
    echo "$fails failed"
    [ "$fails" = 0 ]
}
