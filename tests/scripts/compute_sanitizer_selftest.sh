#!/usr/bin/env bash
# scripts/compute-sanitizer.sh without a GPU: fake nvidia-smi, compute-sanitizer
# and mmprof check its variant list, sizes, parsing of the tools' summaries,
# the table and the exit status (the real run needs an H100/H200).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
script=$root/scripts/compute-sanitizer.sh
# shellcheck source=tests/lib/fake_gpu.sh
. "$root/tests/lib/fake_gpu.sh"
cat > "$T/bin/mmprof" <<X
#!/bin/sh
case "\$1" in
--version) echo "mmprof 0.1.0" ;;
list) printf 'name family params seed what\nnaive matmul bs=32 004 x\ntr_copy transpose t=32 002 x\ncpu_blas matmul - - x\nrt_b32_24x24 matmul bs=32 003 x\n' ;;
launch) echo "\$2 \$4" >> "$T/launches"
        [ "\$2" = cpu_blas ] && { echo "mmprof: error: 'cpu_blas' is not a GPU variant (see \\\`mmprof list\\\`)" >&2; exit 2; }
        [ "\$2" = rt_b32_24x24 ] && { echo "mmprof: error: rt_b32_24x24 cannot launch on this device at 129x67x45: needs 1024 threads per block but its 94 registers/thread allow only 640" >&2; exit 2; }
        exit 0 ;;
esac
X
cat > "$T/bin/compute-sanitizer" <<'X'
#!/bin/bash
[ "$1" = --version ] && { echo "NVIDIA (R) Compute Sanitizer"; echo "Version 2025.3.0 (fake)"; exit 0; }
tool=$2
shift 4 # --tool T --error-exitcode 99
while [ "${1#--}" != "$1" ]; do shift 2; done # tool options
"$@"
rc=$?
if [ "$tool" = racecheck ] && [ "$3" = naive ]; then
    echo "========= RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)"
    exit 99
fi
[ "$rc" = 0 ] && echo "========= ERROR SUMMARY: 0 errors"
exit $rc
X
chmod +x "$T/bin"/*

out=$(NVIDIA_SMI="$T/bin/nvidia-smi" COMPUTE_SANITIZER="$T/bin/compute-sanitizer" \
    bash "$script" --mmprof "$T/bin/mmprof" --log "$T/cs.log" --jobs 2 2>&1)
rc=$?
[ "$rc" = 1 ] || fail "a racecheck error must fail the run: exit $rc"
grep -qF '| naive | 129,67,45 | clean | **2 errors** | clean |' <<<"$out" || fail "naive row: $(grep naive <<<"$out")"
grep -qF '| tr_copy | 67,129,1 | clean | clean | clean |' <<<"$out" || fail "tr_copy row: $(grep tr_copy <<<"$out")"
grep -qF '| cpu_blas | 129,67,45 | n/a (not an mmprof kernel) |' <<<"$out" || fail "cpu_blas row: $(grep cpu_blas <<<"$out")"
grep -qF '| rt_b32_24x24 | 129,67,45 | n/a (cannot launch: too many resources) |' <<<"$out" || fail "rt_b32_24x24 row: $(grep rt_b32 <<<"$out")"
grep -qF '5 clean, 1 with errors or failed launches, 6 not applicable' "$T/cs.summary.md" || fail "summary: $(tail -n 1 "$T/cs.summary.md")"
grep -q '^=== racecheck: mmprof launch naive --mnk 129,67,45 -> exit 99' "$T/cs.log" || fail "log lacks the racecheck run"
[ "$(grep -c '^tr_copy 67,129,1$' "$T/launches")" = 3 ] || fail "transposes must launch at 67,129,1"
rows=$(grep '^| [a-z]' "$T/cs.summary.md" | grep -v '^| variant' | cut -d' ' -f2 | tr '\n' ' ')
[ "$rows" = "naive tr_copy cpu_blas rt_b32_24x24 " ] || fail "summary rows out of order with --jobs 2: $rows"

NVIDIA_SMI=false bash "$script" --mmprof "$T/bin/mmprof" --log "$T/x.log" > /dev/null 2>&1
rc=$?
[ "$rc" = 77 ] || fail "no GPU must exit 77, got $rc"

echo "$fails failed"
[ "$fails" = 0 ]
