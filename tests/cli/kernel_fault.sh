#!/usr/bin/env bash
# A kernel that faults mid-collect, on the replay backend
# behind collect's device boundary (no GPU): the recording's tiled_t16 1024³
# row is edited into a verification launch that hit cudaErrorIllegalAddress.
# The replay stops there as the GPU run would (the context is lost: nothing
# later can launch in this process): exit 1, the faulting row failed with the
# CUDA error, the rows before it kept, one message saying so and how to go on,
# run.json "aborted". `collect --resume` then measures the rest, keeps the
# failed row and redoes nothing. The GPU side, the same with a real fault, is
# tests/collector/fault_gpu.sh.
#
#   kernel_fault.sh MMPROF RB_CHECK SOURCE_RUN
set -u
mmprof=$1 rb_check=$2 source=$3
fails=0
T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_fault.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

variants=naive,tiled_t8,tiled_t16,tiled_t32,rt_b16_4x4
sizes=1024,2048
reason='launch failed: an illegal memory access was encountered (cudaErrorIllegalAddress)'
mkdir "$T/src"
cp "$source/run.json" "$T/src/"
awk -F, -v why="$reason" 'BEGIN { OFS = "," } $1 == "tiled_t16" && $3 == 1024 && $4 == 1024 { $7 = "failed"; $8 = why } { print }' \
    "$source/results.csv" > "$T/src/results.csv"
grep -q "^tiled_t16,matmul,1024,1024,1024,[^,]*,failed,$reason," "$T/src/results.csv" ||
    { echo "FAIL: could not edit the recording's tiled_t16 1024 row"; exit 1; }
awk -F, -v vs="$variants" -v ss="$sizes" '
    BEGIN { split(vs, a, ","); for (i in a) want[a[i]] = 1; split(ss, b, ","); for (i in b) size[b[i]] = 1 }
    NR == 1 || ($1 in want && $3 in size && $3 == $4) ' "$T/src/results.csv" > "$T/expected.csv"

dir=$T/run
"$mmprof" collect --replay-from "$T/src" --variants "$variants" --sizes "$sizes" --out "$dir" > /dev/null 2> "$T/err"
rc=$?
[ "$rc" = 1 ] || fail "collect over a faulting kernel -> exit $rc, want 1"
msg=$(grep '^mmprof: error:' "$T/err")
[ "$msg" = "mmprof: error: the CUDA context was lost ($reason); stopping: rows so far are in $dir, \`mmprof collect --resume $dir\` measures the rest" ] ||
    fail "the message: $msg"
got=$(cut -d, -f1,3,7,8 "$dir/results.csv" | tail -n +2 | paste -sd'|' -)
want="naive,1024,ok,|tiled_t8,1024,ok,|tiled_t16,1024,failed,$reason"
[ "$got" = "$want" ] || fail "rows after the fault: $got, want $want"
state=$("$rb_check" json "$dir/run.json")
[ "$state" = state=aborted ] || fail "run.json after the fault: $state, want state=aborted"
[ "$fails" = 0 ] && ok "fault at tiled_t16 1024³: exit 1, the 2 rows before it kept, its row failed with the CUDA error, $state"

"$mmprof" collect --resume "$dir" > /dev/null 2> "$T/err"
rc=$?
if [ "$rc" = 0 ] && grep -q "resuming $dir: 3 rows already measured" "$T/err" &&
    [ "$("$rb_check" json "$dir/run.json")" = state=complete ] &&
    "$rb_check" same-rows "$dir/results.csv" "$T/expected.csv" > /dev/null 2> "$T/diff"; then
    ok "--resume after the fault: 3 rows kept, the failed one not retried, the other 7 measured, complete"
else
    fail "--resume after the fault -> exit $rc: $(tail -n 2 "$T/err") $(cat "$T/diff" 2> /dev/null)"
fi

echo "$fails failed"
[ "$fails" = 0 ]
