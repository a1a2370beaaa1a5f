#!/usr/bin/env bash
# Submits an mmprof sweep to Slurm: a job array of N shards, one GPU each
# (mmprof-sweep.sbatch), and a merge + analyze + report job that starts when
# every shard has succeeded (mmprof-merge.sbatch, --dependency=afterok).
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/slurm/submit.sh --shards N --out DIR [--shared-host] [--dry-run] [COLLECT OPTIONS...]

Splits `mmprof collect COLLECT OPTIONS` into N shards (collect --shard I/N,
balanced by estimated cost), one Slurm array task and one GPU each, and
merges them into DIR when all succeeded. DIR must be on a filesystem that
every node sees; shards go to DIR/shards/shard-I, job logs to DIR/shards/logs.

  --shards N    number of array tasks (GPUs)
  --out DIR     the sweep's run directory (new, or holding only shards/)
  --shared-host the array's tasks may share a node (one node with several
                GPUs): the CPU rows go to one more shard (collect
                --cpu-alone), a job that starts once every array task
                has ended, so no CPU measurement overlaps a GPU shard
  --dry-run     print the sbatch commands instead of running them

Environment:
  MMPROF                 mmprof binary (default: mmprof in PATH, else this
                         checkout's build/cli/mmprof)
  GRES                   GPU request per shard (default gpu:1; empty: none)
  MMPROF_SEED            input seed for every shard (default: random, printed)
  MMPROF_COLLECT_EXTRA   more collect options for every shard, split on spaces
  SBATCH_ARGS            more sbatch options for both jobs, split on spaces
                         (e.g. "--partition=gpu --time=04:00:00 --account=me")

Re-running with the same --out and options resubmits only what is left:
complete shards are kept, interrupted ones resumed.

example: scripts/slurm/submit.sh --shards 4 --out /shared/mmprof/h200-sweep --variants all --sizes 1024,2048,4096
EOF
}

die() {
    echo "submit.sh: $*" >&2
    exit 2
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
shards='' out='' dry=0 shared_host=0
collect_args=()
while [ $# -gt 0 ]; do
    case $1 in
    --shards) shards=${2:-}; shift 2 || die "--shards needs a number" ;;
    --shards=*) shards=${1#*=}; shift ;;
    --out) out=${2:-}; shift 2 || die "--out needs a directory" ;;
    --out=*) out=${1#*=}; shift ;;
    --dry-run) dry=1; shift ;;
    --shared-host) shared_host=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) collect_args+=("$1"); shift ;;
    esac
done
[[ $shards =~ ^[1-9][0-9]*$ ]] || die "give --shards N (a whole number >= 1); see --help"
[ -n "$out" ] || die "give --out DIR, on a filesystem every node sees; see --help"

mmprof=${MMPROF:-}
if [ -z "$mmprof" ]; then
    mmprof=$(command -v mmprof || true)
    [ -n "$mmprof" ] || mmprof=$here/../../build/cli/mmprof
fi
[ -x "$mmprof" ] || die "no mmprof binary at '$mmprof': build it or set MMPROF"
mmprof=$(realpath "$mmprof") # the jobs run elsewhere: absolute paths only
out=$(realpath -m "$out")
if [ -e "$out/run.json" ]; then
    die "$out already holds a merged run; choose another --out"
fi
for f in "$out"/* "$out"/.[!.]*; do
    [ -e "$f" ] && [ "$f" != "$out/shards" ] && die "$out holds files other than shards/; choose another --out"
done
# The same seed for every shard: merge refuses to mix input seeds. A
# resubmission keeps the seed its first shards were collected with.
seed=${MMPROF_SEED:-}
for f in "$out"/shards/shard-*/run.json; do
    [ -z "$seed" ] && [ -f "$f" ] && seed=$(sed -n 's/^[[:space:]]*"seed":[[:space:]]*\([0-9]*\).*/\1/p' "$f" | head -1)
done
[ -n "$seed" ] || seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
# Check the collect options here, not in N failed array tasks (collect
# parses everything before it acts on --help).
# shellcheck disable=SC2086 # MMPROF_COLLECT_EXTRA is a list of options
"$mmprof" collect "${collect_args[@]}" ${MMPROF_COLLECT_EXTRA:-} --help >/dev/null ||
    die "mmprof collect refuses these options (see the message above)"

# --shared-host: array tasks 0..N-1 hold the GPU rows, task N (its own job,
# after the array) the CPU rows alone; every shard is one of N+1.
total=$((shards + shared_host))
export MMPROF=$mmprof MMPROF_OUT=$out MMPROF_SHARDS=$total MMPROF_SEED=$seed MMPROF_SHARED_HOST=$shared_host
export MMPROF_COLLECT_EXTRA=${MMPROF_COLLECT_EXTRA:-}
gres=${GRES-gpu:1}
# shellcheck disable=SC2206 # SBATCH_ARGS is a list of options
extra=(${SBATCH_ARGS:-})
logs=$out/shards/logs
array=(sbatch --parsable --array="0-$((shards - 1))" ${gres:+--gres="$gres"} "${extra[@]}"
    --output="$logs/%x-%A_%a.out" "$here/mmprof-sweep.sbatch" "${collect_args[@]}")
cpu=(sbatch --parsable --array="$shards" ${gres:+--gres="$gres"} "${extra[@]}"
    --output="$logs/%x-%A_%a.out" "$here/mmprof-sweep.sbatch" "${collect_args[@]}")
merge=(sbatch --parsable --kill-on-invalid-dep=yes "${extra[@]}" --output="$logs/%x-%j.out"
    "$here/mmprof-merge.sbatch")

if [ "$dry" = 1 ]; then
    echo "MMPROF=$mmprof MMPROF_OUT=$out MMPROF_SHARDS=$total MMPROF_SEED=$seed MMPROF_SHARED_HOST=$shared_host" \
        "MMPROF_COLLECT_EXTRA='$MMPROF_COLLECT_EXTRA'"
    printf '%q ' "${array[@]}"
    echo
    after=ARRAY_JOB_ID
    if [ "$shared_host" = 1 ]; then
        printf '%q ' "${cpu[@]:0:2}" --dependency=afterany:ARRAY_JOB_ID "${cpu[@]:2}"
        echo
        after=ARRAY_JOB_ID:CPU_JOB_ID
    fi
    printf '%q ' "${merge[@]:0:2}" --dependency=afterok:$after "${merge[@]:2}"
    echo
    exit 0
fi
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm login node"
mkdir -p "$logs"
array_id=$("${array[@]}")
array_id=${array_id%%;*} # --parsable prints JOBID[;CLUSTER]
after=$array_id
if [ "$shared_host" = 1 ]; then
    # afterany: the CPU rows run even after a failed GPU task, as collect --devices does
    cpu_id=$("${cpu[@]:0:2}" --dependency="afterany:$array_id" "${cpu[@]:2}")
    cpu_id=${cpu_id%%;*}
    after=$array_id:$cpu_id
fi
merge_id=$("${merge[@]:0:2}" --dependency="afterok:$after" "${merge[@]:2}")
merge_id=${merge_id%%;*}
if [ "$shared_host" = 1 ]; then
    echo "mmprof sweep: array job $array_id ($shards GPU shards, seed $seed), then job $cpu_id (shard $shards/$total:" \
        "the CPU rows alone), merge job $merge_id after them; into $out"
    echo "  watch: squeue -j $array_id,$cpu_id,$merge_id    logs: $logs"
else
    echo "mmprof sweep: array job $array_id ($shards shards, seed $seed), merge job $merge_id after it; into $out"
    echo "  watch: squeue -j $array_id,$merge_id    logs: $logs"
fi
