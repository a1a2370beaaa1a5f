#!/usr/bin/env bash
# One bounded libFuzzer run of a harness (ctest fuzz_<target>):
#   run_fuzz.sh FUZZER TARGET FUZZ_SRC_DIR WORK_DIR SECONDS
# Seeds: tests/rundir/fuzz/corpus/TARGET and tests/rundir/fuzz/regressions/TARGET (read only);
# new inputs go to WORK_DIR/TARGET/corpus, a crash to WORK_DIR/TARGET/crash-*.
# A crash fails the test and says how to make it a regression test.
set -u
fuzzer=$1 target=$2 src=$3 work=$4/$2 seconds=$5
mkdir -p "$work/corpus" "$work/tmp"
rm -rf "$work"/tmp/mmprof_fuzz_* # the harness's scratch files of the last run
export TMPDIR=$work/tmp
dict=()
[ -f "$src/dict/$target.dict" ] && dict=(-dict="$src/dict/$target.dict")
seeds=("$src/corpus/$target")
[ -d "$src/regressions/$target" ] && seeds+=("$src/regressions/$target")
# -close_fd_mask=2: the code's own warnings off stderr (sanitizer reports still show)
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -close_fd_mask=2 -artifact_prefix="$work/" "${dict[@]}" \
    "$work/corpus" "${seeds[@]}" 2>&1 | tail -n 40
rc=${PIPESTATUS[0]}
if [ "$rc" != 0 ]; then
    echo "FAIL: fuzz_$target found a crash (exit $rc): $(ls "$work"/crash-* "$work"/timeout-* "$work"/oom-* 2> /dev/null | head -n 3)"
    echo "  reproduce: $fuzzer <file>; keep it: cp <file> $src/regressions/$target/<what-broke>"
    echo "  (fuzz_corpus_$target then replays it in every build), and fix the reader"
fi
exit "$rc"
