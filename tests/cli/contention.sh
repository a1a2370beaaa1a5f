#!/usr/bin/env bash
# Two collects into one run directory, on the replay
# backend behind collect's device boundary (no GPU). The run's lock
# (rundir_open_results) lets one collect write a directory at a time:
#
# 1. `collect --resume DIR` while a collect still writes DIR: refused (exit 2,
#    "another mmprof collect is writing DIR"); the first finishes alone and its
#    rows equal the recording's, none twice.
# 2. `collect --out DIR` into the same running DIR: refused (exit 2).
# 3. Two collects started together into one fresh --out, 5 times: one runs,
#    the other is refused; the rows equal the recording's, none twice.
# 4. A collect killed with SIGKILL leaves no stale lock: --resume then runs.
#
#   contention.sh MMPROF RB_CHECK SOURCE_RUN
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/lib/robust.sh
. "$here/../lib/robust.sh"
mmprof=$1 rb_check=$2 source=$3
delay=${CONTENTION_DELAY_MS:-40}
fails=0
T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_contention.XXXXXX")
trap 'rm -rf "$T"' EXIT

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

sizes=1024
known=$("$mmprof" list --names) || { echo "FAIL: mmprof list"; exit 1; }
variants=$(awk -F, 'NR > 1 { print $1 }' "$source/results.csv" | sort -u | grep -Fxf <(echo "$known") | head -n 12 |
    paste -sd, -)
[ -n "$variants" ] || { echo "FAIL: no variant of $source is in the registry"; exit 1; }
awk -F, -v vs="$variants" -v ss="$sizes" '
    BEGIN { split(vs, a, ","); for (i in a) want[a[i]] = 1; split(ss, b, ","); for (i in b) size[b[i]] = 1 }
    NR == 1 || ($1 in want && $3 in size && $3 == $4) ' "$source/results.csv" > "$T/expected.csv"
total=$(($(wc -l < "$T/expected.csv") - 1))

# collect_bg DIR LOG [DELAY]: a replayed collect into DIR in the background.
collect_bg() {
    "$mmprof" collect --replay-from "$source" --variants "$variants" --sizes "$sizes" --out "$1" \
        --replay-delay-ms "${3:-$delay}" > /dev/null 2> "$2" &
    pid=$!
}

# same DIR WHAT: DIR's rows are the recording's, each once.
same() {
    if "$rb_check" same-rows "$1/results.csv" "$T/expected.csv" > /dev/null 2> "$T/diff"; then
        return 0
    fi
    fail "$2: $(cat "$T/diff")"
    return 1
}

# 1 and 2: a second collect while the first runs.
dir=$T/busy
collect_bg "$dir" "$T/first.err"
first=$pid
if wait_rows "$dir/results.csv" 3; then
    "$mmprof" collect --resume "$dir" > /dev/null 2> "$T/resume.err"
    rc=$?
    msg=$(cat "$T/resume.err")
    if [ "$rc" = 2 ] && grep -q "^mmprof: error: another mmprof collect is writing $dir; " <<<"$msg" &&
        [ "$(wc -l <<<"$msg")" = 1 ]; then
        ok "--resume of a running run: exit 2: $msg"
    else
        fail "--resume of a running run -> exit $rc, want 2 and one 'another mmprof collect' line: $msg"
    fi
    "$mmprof" collect --replay-from "$source" --variants "$variants" --sizes "$sizes" --out "$dir" \
        > /dev/null 2> "$T/second.err"
    rc=$?
    [ "$rc" = 2 ] && ok "a second collect --out of a running run: exit 2: $(cat "$T/second.err")" ||
        fail "a second collect --out of a running run -> exit $rc, want 2: $(cat "$T/second.err")"
else
    fail "the first collect ended or stalled before 2 rows: $(tail -n 2 "$T/first.err")"
fi
wait "$first"
rc=$?
[ "$rc" = 0 ] || fail "the first collect -> exit $rc: $(tail -n 2 "$T/first.err")"
same "$dir" "the first collect's rows beside a refused second" &&
    ok "the first collect: exit 0, its $total rows equal the recording's, none twice"

# 3. Two started together, 5 times.
for i in 1 2 3 4 5; do
    dir=$T/race$i
    collect_bg "$dir" "$T/a.err" 5
    a=$pid
    collect_bg "$dir" "$T/b.err" 5
    b=$pid
    wait "$a"
    ra=$?
    wait "$b"
    rb=$?
    if [ "$(printf '%s\n' "$ra" "$rb" | sort | paste -sd' ')" != "0 2" ]; then
        fail "race $i: exits $ra and $rb, want one 0 and one 2: $(cat "$T/a.err" "$T/b.err" | grep -v '^\[' | head -n 3)"
    elif same "$dir" "race $i"; then
        ok "race $i: one collect ran (exit 0), the other was refused (exit 2); rows equal the recording's"
    fi
done

# 4. No stale lock after SIGKILL.
dir=$T/killed
collect_bg "$dir" "$T/k.err"
if wait_rows "$dir/results.csv" 3; then
    kill -KILL "$pid"
    { wait "$pid"; } 2> /dev/null
    if "$mmprof" collect --resume "$dir" > /dev/null 2> "$T/kr.err"; then
        same "$dir" "--resume after SIGKILL" && ok "--resume after SIGKILL: the lock went with the process"
    else
        fail "--resume after SIGKILL: $(tail -n 1 "$T/kr.err")"
    fi
else
    kill -KILL "$pid" 2> /dev/null
    fail "the collect to kill ended before 2 rows"
fi

echo "$fails failed"
[ "$fails" = 0 ]
