#!/usr/bin/env bash
# `mmprof profile` end to end without a GPU: the app checks (exit 2), bad
# options and declarations (exit 2), the app's failures (exit 1, its status
# named, rows kept), and the outcome messages. Stand-in apps play the
# injection library: they write launches.tsv lines as it would, after
# checking the environment `mmprof profile` gave them.
#   profile_cmd.sh MMPROF
set -u
mmprof=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
expect() { # expect CODE PATTERN -- ARGS...
    local code=$1 pattern=$2
    shift 3
    local rc
    out=$("$mmprof" "$@" 2>&1)
    rc=$?
    if [ "$rc" != "$code" ] || ! grep -qE -- "$pattern" <<<"$out"; then
        echo "FAIL: mmprof $* -> exit $rc (want $code, /$pattern/), output: $out"
        fails=$((fails + 1))
    else
        echo "ok: mmprof $* -> $rc"
    fi
}

# --- the app: found, a file, executable ---
touch noexec
mkdir adir
expect 2 'no app to profile' -- profile
expect 2 'no app to profile' -- profile -k x --
expect 2 'nope: No such file' -- profile -- ./nope
expect 2 'not found on PATH' -- profile -- mmprof-no-such-app
expect 2 'not executable \(chmod \+x' -- profile -- ./noexec
expect 2 'is a directory' -- profile -- ./adir
expect 0 'usage: mmprof profile' -- profile --help

# --- options ---
expect 2 "unknown option '--bogus'" -- profile --bogus -- /bin/true
expect 2 "option '--launch-count' needs a value" -- profile --launch-count
expect 2 "-c/--launch-count 'x' is not a count" -- profile -c x -- /bin/true
expect 2 "--launch-skip '-1' is not a count" -- profile --launch-skip -1 -- /bin/true
expect 2 'bad regular expression' -- profile -k 'regex:(' -- /bin/true
expect 2 "a push/pop range path ends with '/'" -- profile --nvtx-include solve -- /bin/true
expect 2 "unknown metric 'no_such_metric'" -- profile --metrics no_such_metric -- /bin/true
expect 2 'drop --metrics' -- profile --list --metrics default -- /bin/true
expect 2 'drop --source' -- profile --list --source -- /bin/true
expect 2 "--replay-mode 'ranges': give kernel, application or range" -- profile --replay-mode ranges -- /bin/true
expect 2 'range measures every kernel of one range: give at most one --nvtx-include' -- profile --replay-mode range --nvtx-include a/ --nvtx-include b/ -- /bin/true
expect 2 'range measures counters: drop --source' -- profile --replay-mode range --source -- /bin/true
expect 2 'application measures counters: drop --list' -- profile --replay-mode application --list -- /bin/true
expect 2 "--launches-per-kernel 'x' is not a count" -- profile --launches-per-kernel x -- /bin/true
printf 'good: kind=tiled T=16 M=8 N=8 K=8\nbad: kind=tiled T=7 M=8 N=8 K=8\n' > model.txt
expect 2 'model.txt:2: declaration: kind=tiled with these parameters is none' -- profile --model model.txt -- /bin/true
expect 2 'missing.txt: No such file' -- profile --model missing.txt -- /bin/true
[ -e results ] && { echo "FAIL: a refused command left results/ behind"; fails=$((fails + 1)); }

# --- no GPU: one line, exit 1, nothing made (a machine with a GPU skips these) ---
one_line() { [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || { echo "FAIL: more than one line: $out"; fails=$((fails + 1)); }; }
if ! "$mmprof" info >/dev/null 2>&1; then
    expect 1 '^mmprof: error: no CUDA device.*; profile needs a GPU' -- profile -- /bin/true
    one_line
    expect 1 '^mmprof: error: no CUDA device.*; profile needs a GPU' -- profile --list -- /bin/true
    one_line
    expect 1 'profile needs a GPU' -- profile --out r-nogpu -- /bin/true
    for d in results r-nogpu; do
        [ -e "$d" ] && { echo "FAIL: profile without a GPU made $d"; fails=$((fails + 1)); }
    done
fi
# the rest plays the injection library with stand-in apps: no GPU needed
export MMPROF_PROFILE_STANDIN=1

# --- the app's end ---
cat > exit3.sh <<'APP'
#!/bin/sh
exit 3
APP
cat > crash.sh <<'APP'
#!/bin/sh
kill -SEGV $$
APP
chmod +x exit3.sh crash.sh
expect 1 'the app exited with status 3; the 0 row\(s\) written before are kept' -- profile --out r-exit -- ./exit3.sh
grep -q '"state":	"interrupted"' r-exit/run.json || { echo "FAIL: run.json of a failed app"; fails=$((fails + 1)); }
expect 1 'killed by signal 11 \(Segmentation fault\)' -- profile --out r-crash -- ./crash.sh
expect 1 'the app launched no kernel' -- profile --out r-none -- /bin/true
# Ctrl-C goes to the whole process group: mmprof outlives the app to report it
cat > interrupt.sh <<'APP'
#!/bin/sh
kill -INT $PPID
sleep 0.2
kill -INT $$
APP
chmod +x interrupt.sh
expect 1 'the app was killed by signal 2 \(Interrupt\)' -- profile --out r-int -- ./interrupt.sh
grep -q '"state":	"interrupted"' r-int/run.json || { echo "FAIL: run.json after Ctrl-C"; fails=$((fails + 1)); }

# --- stand-ins for the injection library ---
# fake_app VERDICT...: one launches.tsv line per verdict (kernel names in
# turn k1, k2 ...), from this process and one child, after checking the
# environment; prints its own result line.
cat > fake_app.sh <<'APP'
#!/bin/bash
log=$MMPROF_PROFILE_DIR/launches.tsv
case $MMPROF_PROFILE_DIR in /*) ;; *) echo "relative run directory: the app may chdir" >&2; exit 9 ;; esac
[ -f "$CUDA_INJECTION64_PATH" ] || { echo "no injection library: $CUDA_INJECTION64_PATH" >&2; exit 9; }
[ -f "$NVTX_INJECTION64_PATH" ] || { echo "no NVTX injection: $NVTX_INJECTION64_PATH" >&2; exit 9; }
[ "$MMPROF_PROFILE_KERNEL" = "${WANT_KERNEL:-}" ] || { echo "kernel filter '$MMPROF_PROFILE_KERNEL'" >&2; exit 9; }
[ "$MMPROF_PROFILE_LAUNCH_COUNT" = "${WANT_COUNT:-500}" ] || { echo "count '$MMPROF_PROFILE_LAUNCH_COUNT'" >&2; exit 9; }
[ "$MMPROF_PROFILE_PER_KERNEL" = "${WANT_PER_KERNEL:-1}" ] || { echo "per kernel '$MMPROF_PROFILE_PER_KERNEL'" >&2; exit 9; }
act=$MMPROF_PROFILE_DIR/activity.tsv
i=0
for v in "$@"; do
    i=$((i + 1))
    printf '%s\t%s\t%s\t%s\t\t8,1,1\t256,1,1\t%s\n' $$ $i $((i + 10)) "$v" "void k$i(float*)" >> "$log"
    printf '%s\t%s\t1000\t501000\t8,1,1\t256,1,1\n' $$ $((i + 10)) >> "$act"
done
bash -c 'printf "%s\t1\t5\tother-name\t\t1,1,1\t32,1,1\tvoid child_kernel(int)\n" $$ >> "$0";
         printf "%s\t5\t0\t2000000\t1,1,1\t32,1,1\n" $$ >> "$1"' "$log" "$act"
echo "result=42"
APP
chmod +x fake_app.sh
expect 0 'child_kernel' -- profile --list --out r-list -- ./fake_app.sh listed listed
grep -qE '^ +1 +0 +2\.0000 +66\.7% +2\.0000 +2\.0000 +2\.0000  void child_kernel\(int\)' <<<"$out" || { echo "FAIL: --list table: $out"; fails=$((fails + 1)); }
grep -qE '^ +1 +0 +0\.5000 +16\.7% +0\.5000 +0\.5000 +0\.5000  void k1\(float\*\)' <<<"$out" || { echo "FAIL: --list times: $out"; fails=$((fails + 1)); }
[ ! -e r-list/activity.tsv ] || { echo "FAIL: activity.tsv left after the join"; fails=$((fails + 1)); }
grep -qP '^\d+\t1\t11\tlisted\t0\.500000\t8,1,1\t256,1,1\tvoid k1\(float\*\)$' r-list/launches.tsv || { echo "FAIL: launches.tsv times"; fails=$((fails + 1)); }
grep -q '3 launches of 3 kernels in 2 process(es)' <<<"$out" || { echo "FAIL: --list totals: $out"; fails=$((fails + 1)); }
grep -qx 'result=42' <<<"$out" || { echo "FAIL: the app's output changed: $out"; fails=$((fails + 1)); }
WANT_KERNEL=k9 expect 1 'no kernel matched the filters \(-k k9\); the app launched:' -- profile -k k9 --out r-nomatch -- ./fake_app.sh other-name
grep -q 'void k1(float\*)' <<<"$out" || { echo "FAIL: no-match list lacks k1: $out"; fails=$((fails + 1)); }
WANT_COUNT=3 expect 1 '1 profiled launch\(es\) have no counters; the first: see the reason column' -- profile -c 3 --out r-failed -- ./fake_app.sh profiled failed
# with a failed row as the injection library writes it, its reason is quoted
cat > failed_app.sh <<'APP'
#!/bin/bash
printf '%s\t1\t1\tfailed\t\t1,1,1\t1,1,1\tvoid k(float*)\n' $$ >> "$MMPROF_PROFILE_DIR/launches.tsv"
csv=$MMPROF_PROFILE_DIR/results.csv
rest=$(head -n 1 "$csv" | awk -F, '{ for (i = 9; i <= NF; i++) printf "," }')
printf '"void k(float*)",kernel,0,0,0,"kernel=void k(float*)",failed,counters: run as root%s\n' "$rest" >> "$csv"
APP
chmod +x failed_app.sh
expect 1 'have no counters; the first: void k\(float\*\): counters: run as root' -- profile --out r-failed2 -- ./failed_app.sh
expect 0 '2 launches seen in 2 process\(es\), 1 profiled' -- profile --out r-ok -- ./fake_app.sh profiled
grep -q '"state":	"complete"' r-ok/run.json || { echo "FAIL: run.json state"; fails=$((fails + 1)); }
grep -q '"argv":	\["./fake_app.sh", "profiled"\]' r-ok/run.json || { echo "FAIL: run.json argv"; fails=$((fails + 1)); }
head -c 8 r-ok/results.csv | grep -q '^variant,' || { echo "FAIL: results.csv header"; fails=$((fails + 1)); }
expect 2 'exists|not empty|already' -- profile --out r-ok -- ./fake_app.sh profiled
WANT_PER_KERNEL=0 expect 0 '3 launches seen' -- profile --launches-per-kernel 0 --out r-every -- ./fake_app.sh profiled repeat
# without a GPU there are no config images to replay the app for
expect 1 "application needs the metric set's config images" -- profile --replay-mode application --no-ceilings --out r-app -- ./fake_app.sh profiled
# two runs in the same second: each its own default directory
"$mmprof" profile -- ./fake_app.sh profiled >/dev/null 2>&1 &
"$mmprof" profile -- ./fake_app.sh profiled >/dev/null 2>&1
wait
[ "$(ls results | wc -l)" = 2 ] || { echo "FAIL: two runs at once made: $(ls results)"; fails=$((fails + 1)); }

echo "$fails failure(s)"
[ "$fails" = 0 ]
