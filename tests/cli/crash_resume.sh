#!/usr/bin/env bash
# Crash safety, on the replay backend behind collect's
# device boundary (no GPU): a collect is killed mid-run (SIGKILL, SIGTERM,
# SIGINT, and a kill of the resume itself); the directory must hold whole rows
# (or a partial last line) and a valid run.json; a partial line is appended
# to simulate a kill mid-write; `collect --resume DIR` must complete the run
# without redoing a finished row, and the final results.csv must equal the
# recorded run's rows for those variants and sizes, as a set.
#
# 8. A file-size limit (ulimit -f) is reached mid-row: the same, without root.
# 9. Ctrl-C twice: the second ends collect at once; --resume completes.
#
# 7. The disk fills up mid-run (a tmpfs mostly taken by a ballast file, in a
# private mount namespace: needs root or user namespaces, else skipped): collect
# stops with a message, whole rows and a valid run.json stay; once the ballast
# is deleted, --resume completes the run.
#
#   crash_resume.sh MMPROF RB_CHECK SOURCE_RUN
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/lib/robust.sh
. "$here/../lib/robust.sh"
inner=0
if [ "${1:-}" = --disk-full-inner ]; then
    inner=1
    shift
fi
mmprof=$1 rb_check=$2 source=$3
delay=${CRASH_DELAY_MS:-25}
fails=0
if [ "$inner" = 1 ]; then
    T=$4
else
    T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_crash.XXXXXX")
    trap 'rm -rf "$T"' EXIT
fi

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

# The variants both the recording and this registry know, and the recorded
# rows of exactly those at the sizes collected.
sizes=1024,2048
known=$("$mmprof" list --names) || { echo "FAIL: mmprof list"; exit 1; }
variants=$(awk -F, 'NR > 1 { print $1 }' "$source/results.csv" | sort -u | grep -Fxf <(echo "$known") | paste -sd, -)
[ -n "$variants" ] || { echo "FAIL: no variant of $source is in the registry"; exit 1; }
awk -F, -v vs="$variants" -v ss="$sizes" '
    BEGIN { split(vs, a, ","); for (i in a) want[a[i]] = 1; split(ss, b, ","); for (i in b) size[b[i]] = 1 }
    NR == 1 || ($1 in want && $3 in size && $3 == $4) ' "$source/results.csv" > "$T/expected.csv"
total=$(($(wc -l < "$T/expected.csv") - 1))
echo "recorded run: $total rows of $(tr ',' '\n' <<<"$variants" | wc -l) variants at $sizes"

# Inside a mount namespace: T/fs is ours to mount.
if [ "$inner" = 1 ]; then
    # room for the whole run, most of it taken by a ballast file: what is left
    # holds run.json (and its temporary copy) and about a third of the rows, so
    # the disk fills up mid-run; deleting the ballast frees the room
    rows_kib=$(($(wc -c < "$T/expected.csv") / 1024)) json_kib=$(($(wc -c < "$source/run.json") / 1024 + 1))
    kib=$((rows_kib + json_kib + 32)) left=$((3 * json_kib + 8 + rows_kib / 3))
    mkdir -p "$T/fs"
    mount -t tmpfs -o "size=${kib}k" tmpfs "$T/fs" || { echo "FAIL: mount a tmpfs on $T/fs"; exit 1; }
    head -c $(((kib - left) * 1024)) /dev/zero > "$T/fs/ballast" 2> /dev/null
    dir=$T/fs/run
    "$mmprof" collect --replay-from "$source" --variants "$variants" --sizes "$sizes" --out "$dir" \
        > "$T/stdout" 2> "$T/stderr"
    rc=$?
    [ "$rc" = 1 ] || echo "FAIL: collect on a full disk -> exit $rc, want 1"
    grep -q "^mmprof: error: cannot append to $dir/results.csv: No space left on device (disk full?); rows before this one are safe" "$T/stderr" ||
        echo "FAIL: no disk-full message: $(grep -v '^\[' "$T/stderr" | head -n 3)"
    "$rb_check" json "$dir/run.json" > /dev/null || echo "FAIL: run.json on the full disk is not valid JSON"
    if out=$("$rb_check" rows "$dir/results.csv"); then
        echo "ok: disk full after $out; run.json valid; message: $(grep 'disk full' "$T/stderr" | head -n 1)"
    else
        echo "FAIL: results.csv on the full disk: $out"
    fi
    done_rows=$(sed -n 's/^rows=\([0-9]*\).*/\1/p' <<<"$out")
    rm "$T/fs/ballast"
    "$mmprof" collect --resume "$dir" > "$T/stdout" 2> "$T/stderr"
    rc=$?
    [ "$rc" = 0 ] || echo "FAIL: collect --resume after the disk filled -> exit $rc: $(tail -n 2 "$T/stderr")"
    grep -q "resuming $dir: $done_rows rows already measured" "$T/stderr" ||
        echo "FAIL: --resume did not keep the $done_rows rows: $(grep resuming "$T/stderr")"
    if "$rb_check" same-rows "$dir/results.csv" "$T/expected.csv" > /dev/null 2> "$T/diff"; then
        echo "ok: collect --resume with room again: $done_rows rows kept, rows equal the recording's"
    else
        echo "FAIL: after --resume: $(cat "$T/diff")"
    fi
    exit 0
fi

# start_collect DIR: a collect in the background, paced by --replay-delay-ms.
start_collect() {
    "$mmprof" collect --replay-from "$source" --variants "$variants" --sizes "$sizes" --out "$1" \
        --replay-delay-ms "$delay" > "$T/stdout" 2> "$T/stderr" &
    pid=$!
}

# check_dir DIR STATE [WHEN]: valid run.json in STATE, whole rows; sets $rows.
check_dir() {
    local dir=$1 want=$2 when=${3:-after the kill} out
    if ! out=$("$rb_check" json "$dir/run.json" 2>&1); then fail "$dir/run.json: $out"; return 1; fi
    [ "$out" = "state=$want" ] || fail "$dir/run.json: $out, want state=$want"
    if ! out=$("$rb_check" rows "$dir/results.csv" 2>&1); then fail "$dir/results.csv: $out"; return 1; fi
    rows=$(sed -n 's/^rows=\([0-9]*\).*/\1/p' <<<"$out")
    ok "$dir $when: run.json state $want, $out"
}

# resume DIR DONE: --resume must report DONE rows measured and finish the run.
resume() {
    local dir=$1 done=$2 rc
    "$mmprof" collect --resume "$dir" > "$T/stdout" 2> "$T/stderr"
    rc=$?
    [ "$rc" = 0 ] || { fail "collect --resume $dir -> exit $rc: $(tail -n 3 "$T/stderr")"; return 1; }
    grep -q "resuming $dir: $done rows already measured" "$T/stderr" ||
        fail "collect --resume $dir did not skip the $done finished rows: $(grep resuming "$T/stderr")"
    local redone
    redone=$(grep -c '^\[' "$T/stderr")
    [ "$redone" = $((total - done)) ] || fail "--resume measured $redone rows, want $((total - done))"
    check_dir "$dir" complete "after --resume" || return 1
    "$rb_check" same-rows "$dir/results.csv" "$T/expected.csv" > /dev/null 2> "$T/diff" ||
        fail "$dir/results.csv after --resume: $(cat "$T/diff")"
    ok "collect --resume $dir: $done rows kept, $redone measured, rows equal the recording's"
}

# kill_run SIGNAL NAME: kill a collect after a few rows; the exit status and
# run.json state the signal must leave.
kill_run() {
    local sig=$1 dir=$T/$2 want_rc=$3 want_state=$4 rc
    start_collect "$dir"
    if ! wait_rows "$dir/results.csv" 6; then
        fail "$2: collect ended or stalled before 5 rows: $(tail -n 2 "$T/stderr")"
        kill -KILL "$pid" 2> /dev/null
        return 1
    fi
    kill "-$sig" "$pid"
    { wait "$pid"; } 2> /dev/null # no "Killed" line from bash
    rc=$?
    [ "$rc" = "$want_rc" ] || fail "$2: collect killed by SIG$sig -> exit $rc, want $want_rc"
    if [ "$sig" != KILL ]; then
        grep -q "interrupted; \`mmprof collect --resume $dir\` completes the run" "$T/stderr" ||
            fail "$2: no resume hint after SIG$sig: $(tail -n 1 "$T/stderr")"
    fi
    check_dir "$dir" "$want_state" || return 1
    [ "$rows" -lt "$total" ] || { fail "$2: the run finished before the kill"; return 1; }
    return 0
}

# A partial line as a kill mid-write leaves it: the first 40 bytes of the
# next row the run would write.
append_partial() {
    local next
    next=$(sed -n "$(($2 + 2))p" "$T/expected.csv")
    printf '%s' "${next:0:40}" >> "$1/results.csv"
    out=$("$rb_check" rows "$1/results.csv")
    [ "$out" = "rows=$2 partial=1" ] || fail "appending a partial line: $out"
}

# 1. SIGKILL: nothing runs at exit; state stays "running".
if kill_run KILL killed 137 running; then
    append_partial "$T/killed" "$rows"
    resume "$T/killed" "$rows"
fi

# 2. SIGTERM and 3. SIGINT: the row in progress is finished, state "interrupted", exit 1.
for sig in TERM INT; do
    if kill_run "$sig" "sig$sig" 1 interrupted; then
        resume "$T/sig$sig" "$rows"
    fi
done

# 4. The resume is killed too, then resumed again: still nothing redone.
if kill_run KILL twice 137 running; then
    first=$rows
    "$mmprof" collect --resume "$T/twice" > "$T/stdout" 2> "$T/stderr" &
    pid=$!
    # --resume keeps the stored --replay-delay-ms, so it is as slow as the first run
    if wait_rows "$T/twice/results.csv" $((first + 4)); then
        kill -KILL "$pid"
        { wait "$pid"; } 2> /dev/null
        check_dir "$T/twice" running && [ "$rows" -gt "$first" ] && append_partial "$T/twice" "$rows" &&
            resume "$T/twice" "$rows"
    else
        wait "$pid"
        fail "the resumed collect ended before it could be killed: $(tail -n 2 "$T/stderr")"
    fi
fi

# 5. Resuming a complete run changes nothing.
before=$(cksum "$T/sigTERM/results.csv" "$T/sigTERM/run.json")
out=$("$mmprof" collect --resume "$T/sigTERM" 2>&1)
rc=$?
if [ "$rc" = 0 ] && grep -q "already complete: nothing to resume" <<<"$out" &&
    [ "$before" = "$(cksum "$T/sigTERM/results.csv" "$T/sigTERM/run.json")" ]; then
    ok "collect --resume of a complete run: exit 0, nothing touched"
else
    fail "collect --resume of a complete run -> exit $rc: $out"
fi

# 6. Killed before the header line was whole: --resume writes it and runs everything.
if kill_run KILL nohead 137 running; then
    head -c 30 "$T/nohead/results.csv" > "$T/nohead/r" && mv "$T/nohead/r" "$T/nohead/results.csv"
    resume "$T/nohead" 0
fi

# 7. The disk fills up mid-run.
if ns=$(unshare_how); then
    $ns bash "$0" --disk-full-inner "$mmprof" "$rb_check" "$source" "$T" > "$T/disk_full.log" 2>&1
    cat "$T/disk_full.log"
    n=$(grep -c '^FAIL' "$T/disk_full.log")
    fails=$((fails + n))
    grep -q '^ok: collect --resume with room' "$T/disk_full.log" || { [ "$n" != 0 ] || fails=$((fails + 1)); }
else
    echo "SKIP: disk-full scenario: no mount namespace here (needs root or user namespaces)"
fi

# 8. A file-size limit (ulimit -f: no root or namespace needed, so CI runs it
# either way) reached mid-row: exit 1 with the message, not SIGXFSZ; only
# whole rows stay (the cut row is taken back) and run.json is valid; with the
# limit lifted, --resume completes the run.
dir=$T/fsize
# room for run.json (written whole, by rename: its own file) and about 10 rows
limit_kib=$((($(wc -c < "$source/run.json") + $(head -n 11 "$T/expected.csv" | wc -c)) / 1024 + 1))
(ulimit -f "$limit_kib" && exec "$mmprof" collect --replay-from "$source" --variants "$variants" --sizes "$sizes" \
    --out "$dir" > "$T/stdout" 2> "$T/stderr")
rc=$?
if [ "$rc" != 1 ]; then
    fail "collect past a ${limit_kib} KiB file-size limit -> exit $rc, want 1: $(tail -n 1 "$T/stderr")"
elif ! grep -q "^mmprof: error: cannot append to $dir/results.csv: File too large (disk full?); rows before this one are safe" "$T/stderr"; then
    fail "no clear message at the file-size limit: $(grep -v '^\[' "$T/stderr" | tail -n 2)"
elif ! out=$("$rb_check" rows "$dir/results.csv" 2>&1) || [ "${out#*partial=}" != 0 ]; then
    fail "results.csv at the file-size limit: $out (want whole rows only)"
elif ! "$rb_check" json "$dir/run.json" > /dev/null; then
    fail "run.json at the file-size limit is not valid"
else
    ok "file-size limit of $limit_kib KiB mid-row: exit 1, $out, run.json valid: $(grep 'cannot append' "$T/stderr")"
    resume "$dir" "$(sed -n 's/^rows=\([0-9]*\).*/\1/p' <<<"$out")"
fi

# 9. Ctrl-C twice: the second ends collect at once, mid-row (a row can take
# seconds), as a kill does: state "running", whole rows; --resume completes.
# Three rows of 2 s each (--resume keeps the pace).
dir=$T/twice_int
v9=$(cut -d, -f1-3 <<<"$variants")
awk -F, -v vs="$v9" 'BEGIN { split(vs, a, ","); for (i in a) want[a[i]] = 1 }
    NR == 1 || ($1 in want && $3 == 1024 && $4 == 1024)' "$source/results.csv" > "$T/expected9.csv"
"$mmprof" collect --replay-from "$source" --variants "$v9" --sizes 1024 --out "$dir" \
    --replay-delay-ms 2000 > "$T/stdout" 2> "$T/stderr" &
pid=$!
if wait_rows "$dir/results.csv" 2; then
    sleep 0.3
    kill -INT "$pid"
    sleep 0.3
    t0=$(date +%s%N)
    kill -INT "$pid"
    { wait "$pid"; } 2> /dev/null
    rc=$?
    ms=$((($(date +%s%N) - t0) / 1000000))
    if [ "$rc" = 130 ] && [ "$ms" -lt 1000 ] && check_dir "$dir" running "after a second Ctrl-C"; then
        if "$mmprof" collect --resume "$dir" > "$T/stdout" 2> "$T/stderr" && check_dir "$dir" complete "after --resume" &&
            "$rb_check" same-rows "$dir/results.csv" "$T/expected9.csv" > /dev/null 2> "$T/diff"; then
            ok "second Ctrl-C: ended in $ms ms (exit 130) mid-row; --resume completed the run"
        else
            fail "--resume after a second Ctrl-C: $(tail -n 1 "$T/stderr") $(cat "$T/diff" 2> /dev/null)"
        fi
    else
        fail "second Ctrl-C -> exit $rc after $ms ms, want 130 at once (the row in progress takes 2 s)"
    fi
else
    kill -KILL "$pid" 2> /dev/null
    fail "the collect to interrupt twice ended before its first row"
fi

echo "$fails failed"
[ "$fails" = 0 ]
