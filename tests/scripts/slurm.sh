#!/usr/bin/env bash
# scripts/slurm on a real single-node Slurm: munged, slurmctld and slurmd
# (Debian's packages, installed here when missing) are configured in a
# temporary directory, started as root, and always stopped after. submit.sh
# runs the sweep as a job array without --gres (no GPU in CI: GRES= and the
# replay backend via MMPROF_COLLECT_EXTRA), the dependent job merges and
# analyzes, and the merged run must equal an unsharded one.
# Exit 77 (skipped) when not root or the daemons cannot be had.
set -u
mmprof=$(realpath "$1")
src=$(realpath "$2")
seeds=$src/examples/seeds
wait_s=${MMPROF_SLURM_WAIT_S:-180}

skip() {
    echo "SKIP: $*"
    exit 77
}
have_all() {
    for t in munged slurmctld slurmd sbatch squeue scontrol sinfo; do
        command -v "$t" >/dev/null || PATH=$PATH:/usr/sbin command -v "$t" >/dev/null || return 1
    done
}

[ "$(id -u)" = 0 ] || skip "the Slurm test starts munged, slurmctld and slurmd and needs root"
export PATH=$PATH:/usr/sbin:/sbin
if ! have_all; then
    command -v apt-get >/dev/null || skip "slurmctld/slurmd/munge missing and no apt-get to install them"
    echo "installing slurmctld slurmd slurm-client munge (Debian packages)"
    pkgs=(slurmctld slurmd slurm-client munge)
    export DEBIAN_FRONTEND=noninteractive
    timeout 300 apt-get install -y --no-install-recommends "${pkgs[@]}" >/tmp/mmprof-slurm-apt.log 2>&1 ||
        { timeout 200 apt-get update >>/tmp/mmprof-slurm-apt.log 2>&1 &&
            timeout 300 apt-get install -y --no-install-recommends "${pkgs[@]}" >>/tmp/mmprof-slurm-apt.log 2>&1; }
    have_all || skip "could not install Slurm and munge (see /tmp/mmprof-slurm-apt.log)"
fi

fails=0
ok() { echo "ok: $*"; }
bad() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

T=$(mktemp -d /tmp/mmprof-slurm.XXXXXX)
chmod 755 "$T" # munged wants its socket's directories open to all
mkdir -p "$T/run" "$T/munge" "$T/state" "$T/spool" "$T/log"
chmod 700 "$T/munge"
pids=()
export SLURM_CONF=$T/slurm.conf

show_logs() {
    for f in "$T"/log/*.log "$T"/log/*.out "$T"/sweep/shards/logs/*; do
        [ -f "$f" ] && { echo "--- $f"; tail -15 "$f"; }
    done
}

# Always: cancel our jobs, stop our daemons (by their PIDs), remove $T.
cleanup() {
    if [ -f "$T/slurm.conf" ] && [ ${#pids[@]} -gt 1 ]; then
        scancel --quiet --user=root >/dev/null 2>&1
        for _ in $(seq 20); do
            [ -z "$(squeue -h 2>/dev/null)" ] && break
            sleep 0.5
        done
        scontrol shutdown >/dev/null 2>&1
    fi
    for ((k = ${#pids[@]} - 1; k >= 0; k--)); do
        p=${pids[$k]}
        for try in $(seq 20); do
            kill -0 "$p" 2>/dev/null || break
            [ "$try" = 10 ] && kill -TERM "$p" 2>/dev/null
            sleep 0.5
        done
        kill -KILL "$p" 2>/dev/null
        wait "$p" 2>/dev/null
    done
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Ports of our own, away from a system Slurm's 6817/6818.
port=$((17000 + ($$ % 500) * 2))
if command -v ss >/dev/null && ss -ltn | grep -qE ":($port|$((port + 1))) "; then
    port=$((port + 1000))
fi

# munge: a fresh key and socket in $T, not the system's.
head -c 1024 /dev/urandom >"$T/munge/munge.key"
chmod 400 "$T/munge/munge.key"
munged -F --force --key-file="$T/munge/munge.key" --socket="$T/run/munge.socket" \
    --pid-file="$T/run/munged.pid" --log-file="$T/log/munged.log" --seed-file="$T/munge/seed" \
    >"$T/log/munged.out" 2>&1 &
pids+=("$!")
for _ in $(seq 50); do
    [ -S "$T/run/munge.socket" ] && break
    sleep 0.1
done
[ -S "$T/run/munge.socket" ] || { show_logs; bad "munged did not start"; exit 1; }

host=$(hostname -s)
cat >"$SLURM_CONF" <<EOF
ClusterName=mmproftest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/run/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/run/slurmctld.pid
SlurmdPidFile=$T/run/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=mmprof Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -i -f "$SLURM_CONF" >"$T/log/slurmctld.out" 2>&1 &
pids+=("$!")
slurmd -D -N "$host" -f "$SLURM_CONF" >"$T/log/slurmd.out" 2>&1 &
pids+=("$!")
state=
for _ in $(seq 60); do
    state=$(sinfo -h -o %T 2>/dev/null | head -1)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || { show_logs; bad "the node did not come up (state '$state')"; exit 1; }
ok "single-node Slurm up (ports $port, $((port + 1)))"

# The sweep: 3 shards, no GPU request, rows replayed from examples/seeds.
out=$(cd "$T" && MMPROF=$mmprof GRES='' MMPROF_SEED=4242 \
    MMPROF_COLLECT_EXTRA="--replay-from $seeds --replay-delay-ms 20" \
    "$src/scripts/slurm/submit.sh" --shards 3 --out "$T/sweep" --sizes 1024,2048 2>&1)
echo "$out"
array_id=$(sed -n 's/.*array job \([0-9]*\).*/\1/p' <<<"$out")
merge_id=$(sed -n 's/.*merge job \([0-9]*\).*/\1/p' <<<"$out")
[ -n "$array_id" ] && [ -n "$merge_id" ] || { show_logs; bad "submit.sh did not submit: $out"; exit 1; }

t0=$SECONDS
while [ -n "$(squeue -h -j "$array_id,$merge_id" 2>/dev/null)" ]; do
    if [ $((SECONDS - t0)) -ge "$wait_s" ]; then
        squeue
        show_logs
        bad "the jobs did not finish within $wait_s s"
        exit 1
    fi
    sleep 1
done
ok "array and merge jobs finished in $((SECONDS - t0)) s"

states=$(scontrol show job "$array_id" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort | uniq -c | xargs)
[ "$states" = "3 COMPLETED" ] && ok "array tasks: $states" || bad "array tasks: $states"
mstate=$(scontrol show job "$merge_id" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
[ "$mstate" = COMPLETED ] && ok "merge job COMPLETED" || bad "merge job $mstate"

sweep=$T/sweep
grep -qE '^[[:space:]]*"state":[[:space:]]*"complete"' "$sweep/run.json" 2>/dev/null &&
    ok "merged run complete" || bad "merged run not complete: $(head -c 600 "$sweep/run.json" 2>&1)"
for i in 0 1 2; do
    grep -q '"count":[[:space:]]*3' "$sweep/shards/shard-$i/run.json" 2>/dev/null && ok "shard $i/3 ran" ||
        bad "shard $i/3 missing"
done
"$mmprof" collect --replay-from "$seeds" --sizes 1024,2048 --seed 4242 --out "$T/single" >/dev/null 2>&1
if cmp -s "$sweep/results.csv" "$T/single/results.csv"; then
    ok "merged results.csv equals the unsharded run's ($(($(wc -l <"$T/single/results.csv") - 1)) rows)"
else
    bad "merged rows differ from the unsharded run: $(diff "$sweep/results.csv" "$T/single/results.csv" | head -3)"
fi
[ -s "$sweep/analysis.csv" ] && ok "analyze ran (analysis.csv)" || bad "no analysis.csv"
grep -q 'mmprof sweep done' "$sweep"/shards/logs/mmprof-merge-*.out 2>/dev/null && ok "merge job log complete" ||
    bad "merge job log: $(cat "$sweep"/shards/logs/mmprof-merge-*.out 2>&1 | tail -5)"
if "$mmprof" report --help >/dev/null 2>&1; then
    ls "$sweep"/report.* >/dev/null 2>&1 && ok "report written" || bad "report command exists but no report"
fi

echo "--- merge job log"
tail -n 12 "$sweep"/shards/logs/mmprof-merge-*.out 2>/dev/null
[ "$fails" = 0 ] || show_logs
echo "$fails failed"
[ "$fails" = 0 ]
