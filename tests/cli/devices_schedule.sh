#!/usr/bin/env bash
# The schedule of collect --devices on replayed rows (MMPROF_ROW_TIMES): the
# GPU workers run at the same time, and no CPU row overlaps any GPU row or
# another CPU row. Two plain shards run side by side show the check trips.
# The same for scripts/slurm with --shared-host: its array tasks run as plain
# bash, side by side as on one node, then the CPU task, then the merge job.
set -u
. "$(dirname "$0")/../lib/scale.sh" "$1" "$2"

# check_alone TIMES: "ok" when every cpu line starts after the last gpu line
# ended and the cpu lines do not overlap each other; else what overlapped.
check_alone() {
    awk '$2 == "gpu" { if ($6 > gpu_end) gpu_end = $6; n_gpu++ }
         $2 == "cpu" { cpu[n_cpu++] = $0; s[n_cpu] = $5; e[n_cpu] = $6 }
         END {
             if (n_gpu == 0 || n_cpu == 0) { print "no gpu or no cpu rows"; exit }
             for (i = 1; i <= n_cpu; i++) {
                 if (s[i] < gpu_end) { printf "cpu row %s started %.1f ms before the GPU rows ended\n", cpu[i-1], gpu_end - s[i]; exit }
                 for (j = 1; j <= n_cpu; j++)
                     if (i != j && s[i] < e[j] && s[j] < e[i]) { print "cpu rows overlap: " cpu[i-1] " / " cpu[j-1]; exit }
             }
             print "ok"
         }' "$1"
}

# overlap_of_gpu_shards TIMES A B: "yes" when shard A's and shard B's gpu rows overlap in time.
overlap_of_gpu_shards() {
    awk -v a="$2" -v b="$3" '$2 == "gpu" && $1 == a { if (!sa || $5 < sa) sa = $5; if ($6 > ea) ea = $6 }
         $2 == "gpu" && $1 == b { if (!sb || $5 < sb) sb = $5; if ($6 > eb) eb = $6 }
         END { print (sa < eb && sb < ea) ? "yes" : "no" }' "$1"
}

MMPROF_ROW_TIMES=$PWD/two.times "$mmprof" collect --devices 0,1 --replay-from "$seeds" --sizes 1024,2048 \
    --replay-delay-ms 10 --out two >two.log 2>&1 || bad "collect --devices failed: $(tail -3 two.log)"
rows=$(($(wc -l <two/results.csv) - 1))
[ "$(wc -l <two.times)" = "$rows" ] && ok "one time line per row ($rows)" || bad "$(wc -l <two.times) time lines, $rows rows"
[ "$(awk '$2 == "cpu" { print $1 }' two.times | sort -u)" = 2 ] && ok "the CPU rows in shard 2" ||
    bad "CPU rows in shards $(awk '$2 == "cpu" { print $1 }' two.times | sort -u | tr '\n' ' ')"
[ "$(overlap_of_gpu_shards two.times 0 1)" = yes ] && ok "the two GPU workers ran at the same time" ||
    bad "the GPU workers ran one after the other"
verdict=$(check_alone two.times)
[ "$verdict" = ok ] && ok "no CPU row overlaps a GPU row or another CPU row" || bad "$verdict"

# The same sweep as two ordinary shards side by side: CPU rows within the GPU
# shards, measured while the other shard works. The check must say so.
for i in 0 1; do
    MMPROF_ROW_TIMES=$PWD/plain.times "$mmprof" collect --replay-from "$seeds" --sizes 1024,2048 --replay-delay-ms 10 \
        --seed 5 --shard $i/2 --out plain-$i >plain-$i.log 2>&1 &
done
wait
verdict=$(check_alone plain.times)
[ "$verdict" != ok ] && ok "plain side-by-side shards trip the check ($verdict)" ||
    bad "the check passed shards whose CPU rows ran among GPU rows"

slurm=$src/scripts/slurm
out=$(MMPROF=$mmprof bash "$slurm/submit.sh" --shards 2 --shared-host --out "$work/new" --dry-run --sizes 1024 2>&1)
grep -q 'MMPROF_SHARDS=3 .*MMPROF_SHARED_HOST=1' <<<"$out" && grep -q -- '--array=0-1 ' <<<"$out" &&
    grep -q -- '--dependency=afterany:ARRAY_JOB_ID --array=2 ' <<<"$out" &&
    grep -q -- '--dependency=afterok:ARRAY_JOB_ID:CPU_JOB_ID ' <<<"$out" &&
    ok "submit.sh --shared-host: 2 GPU tasks, the CPU task after them, the merge after both" ||
    bad "submit.sh --shared-host --dry-run: $out"
replay single --seed 7 || bad "the single replay failed: $(cat single.log)"
export MMPROF=$mmprof MMPROF_OUT=$work/sweep MMPROF_SHARDS=3 MMPROF_SEED=7 MMPROF_SHARED_HOST=1
export MMPROF_COLLECT_EXTRA="--replay-from $seeds --replay-delay-ms 10" MMPROF_ROW_TIMES=$PWD/slurm.times
for i in 0 1; do
    SLURM_ARRAY_TASK_ID=$i bash "$slurm/mmprof-sweep.sbatch" --sizes 1024,2048 >task$i.log 2>&1 &
done
wait
SLURM_ARRAY_TASK_ID=2 bash "$slurm/mmprof-sweep.sbatch" --sizes 1024,2048 >task2.log 2>&1 ||
    bad "the CPU task failed: $(tail -3 task2.log)"
bash "$slurm/mmprof-merge.sbatch" >merge.log 2>&1 || bad "merge job failed: $(tail -5 merge.log)"
same_rows sweep single
verdict=$(check_alone slurm.times)
[ "$verdict" = ok ] && ok "Slurm --shared-host: no CPU row overlaps a GPU row" || bad "Slurm --shared-host: $verdict"
finish
