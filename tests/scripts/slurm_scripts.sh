#!/usr/bin/env bash
# scripts/slurm without Slurm: the array task and the merge job run as plain
# bash with the variables Slurm would set (fast, and runs where the real
# Slurm test is skipped); submit.sh's sbatch commands checked with --dry-run.
set -u
. "$(dirname "$0")/../lib/scale.sh" "$1" "$2"
slurm=$src/scripts/slurm

export MMPROF=$mmprof MMPROF_SHARDS=3 MMPROF_SEED=99 MMPROF_COLLECT_EXTRA="--replay-from $seeds"
replay single --seed 99 || bad "the single replay failed: $(cat single.log)"

# The array: tasks 0..2, then the merge job.
export MMPROF_OUT=$work/sweep
for i in 0 1 2; do
    SLURM_ARRAY_TASK_ID=$i bash "$slurm/mmprof-sweep.sbatch" --sizes 1024,2048 >task$i.log 2>&1 ||
        bad "task $i failed: $(tail -3 task$i.log)"
done
SLURM_ARRAY_TASK_ID=1 bash "$slurm/mmprof-sweep.sbatch" --sizes 1024,2048 >again.log 2>&1 &&
    grep -q 'already complete' again.log && ok "a complete task run again does nothing" ||
    bad "task 1 run again: $(tail -3 again.log)"
bash "$slurm/mmprof-merge.sbatch" >merge.log 2>&1 || bad "merge job failed: $(tail -5 merge.log)"
grep -q 'mmprof sweep done' merge.log && ok "merge job ran to the end" || bad "merge job: $(tail -3 merge.log)"
same_rows sweep single
cmp -s sweep/results.csv single/results.csv && ok "in the unsharded run's order" || bad "rows out of order"
[ "$(json_state sweep)" = complete ] && ok "merged state complete" || bad "state '$(json_state sweep)'"
[ -s sweep/analysis.csv ] && ok "analysis.csv written" || bad "no analysis.csv"
bash "$slurm/mmprof-merge.sbatch" >merge2.log 2>&1 && grep -q 'already merged' merge2.log &&
    ok "merge job run again keeps the merge" || bad "merge job run again: $(tail -3 merge2.log)"

# A task killed mid-shard (preempted) resumes when it runs again.
export MMPROF_OUT=$work/cut
MMPROF_COLLECT_EXTRA="$MMPROF_COLLECT_EXTRA --replay-delay-ms 100" SLURM_ARRAY_TASK_ID=2 \
    bash "$slurm/mmprof-sweep.sbatch" --sizes 1024,2048 >cut.log 2>&1 &
pid=$! # the script execs mmprof: same process
sleep 1
kill -TERM $pid
wait $pid
[ "$(json_state cut/shards/shard-2)" = interrupted ] && ok "task stopped mid-shard" ||
    bad "cut state '$(json_state cut/shards/shard-2)': $(tail -3 cut.log)"
SLURM_ARRAY_TASK_ID=2 bash "$slurm/mmprof-sweep.sbatch" --sizes 1024,2048 >cut2.log 2>&1 &&
    [ "$(json_state cut/shards/shard-2)" = complete ] && ok "task run again resumed its shard" ||
    bad "resume by the task: $(tail -3 cut2.log)"
cmp -s cut/shards/shard-2/results.csv sweep/shards/shard-2/results.csv && ok "resumed shard equals a whole one" ||
    bad "resumed shard differs from an uninterrupted one"

# submit.sh: the sbatch commands, and what it refuses before submitting.
unset MMPROF_OUT
out=$(bash "$slurm/submit.sh" --shards 3 --out "$work/new" --dry-run --sizes 1024,2048 2>&1)
grep -q -- '--array=0-2 --gres=gpu:1 ' <<<"$out" && grep -q 'mmprof-sweep.sbatch --sizes 1024\\,2048' <<<"$out" &&
    grep -q -- '--dependency=afterok:ARRAY_JOB_ID --kill-on-invalid-dep=yes' <<<"$out" &&
    grep -q 'MMPROF_SEED=99' <<<"$out" && ok "submit.sh: array of 3 with a GPU each, dependent merge" ||
    bad "submit.sh --dry-run: $out"
out=$(GRES='' bash "$slurm/submit.sh" --shards 2 --out "$work/new" --dry-run 2>&1)
grep -q -- '--gres' <<<"$out" && bad "GRES= still requests a GPU: $out" || ok "GRES= drops --gres"
out=$(MMPROF_SEED='' bash "$slurm/submit.sh" --shards 2 --out "$work/cut" --dry-run 2>&1)
grep -q "MMPROF_SEED=99 " <<<"$out" && ok "resubmission keeps the shards' seed" || bad "resubmission seed: $out"
for args in "--shards 0 --out x" "--shards 2" "--shards 2 --out $work/sweep" "--shards 2 --out x --sizes 0"; do
    # shellcheck disable=SC2086 # each case is a list of arguments
    out=$(bash "$slurm/submit.sh" $args --dry-run 2>&1)
    rc=$?
    [ $rc = 2 ] && ok "submit.sh $args -> 2: $(tail -1 <<<"$out")" || bad "submit.sh $args -> $rc: $out"
done
finish
