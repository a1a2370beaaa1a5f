#!/usr/bin/env bash
# collect --devices on replayed rows: one worker per "GPU", then the CPU rows
# alone in a shard of their own, merged into one run equal to a single run; a
# failed worker names its shard, which --resume completes and merge then joins.
set -u
. "$(dirname "$0")/../lib/scale.sh" "$1" "$2"

replay single --seed 11 || bad "the single replay failed: $(cat single.log)"

expect 0 'GPU 1 +shard 1/3 +[0-9]+ rows' -- collect --devices 0,1 --replay-from "$seeds" --sizes 1024,2048 --out two
same_rows two single
cmp -s two/results.csv single/results.csv && ok "rows in the single run's order" || bad "rows out of order"
[ "$(json_state two)" = complete ] && ok "merged state complete" || bad "two state '$(json_state two)'"
for i in 0 1 2; do
    grep -q '"count":[[:space:]]*3' two/shards/shard-$i/run.json && ok "shard-$i is a shard of 3" ||
        bad "shard-$i lacks its shard info"
done
[ "$(tail -n +2 two/shards/shard-2/results.csv | cut -d, -f1 | sort -u)" = cpu_blas ] &&
    ! grep -q '^cpu_blas,' two/shards/shard-[01]/results.csv && ok "the CPU rows in shard 2 alone" ||
    bad "CPU rows outside shard 2, or other rows in it"
grep -q '"cpu_alone":[[:space:]]*true' two/run.json && ok "run.json says the CPU rows ran alone" ||
    bad "merged run.json lacks its split"
expect 0 'shard 1/2 +[0-9]+ rows' -- collect --devices 0,1 --replay-from "$seeds" --sizes 1024 --variants 'tiled_*' \
    --out gpu_only
[ -e gpu_only/shards/shard-2 ] && bad "a shard of CPU rows without CPU rows" || ok "no CPU rows: no shard of them"
seeds_used=$(grep -h '"seed":' two/shards/*/run.json | sort -u | wc -l)
[ "$seeds_used" = 1 ] && ok "one seed for every worker" || bad "workers used $seeds_used seeds"

out=$("$mmprof" collect --devices 0,1,2 --replay-from "$seeds" --sizes 1024,2048 --out three 2>&1)
[ $? = 0 ] && grep -q '^\[gpu 2\] ' <<<"$out" && ok "three workers, output prefixed" || bad "three workers: $out"
same_rows three single

# A worker stopped mid-run: exit 1 naming its shard; resume + merge complete it.
"$mmprof" collect --devices 0,1 --replay-from "$seeds" --sizes 1024,2048 --replay-delay-ms 100 --out cut \
    >cut.log 2>&1 &
parent=$!
sleep 1.5
worker=$(pgrep -P $parent -f "shards/shard-1")
[ -n "$worker" ] && kill -TERM "$worker"
wait $parent
rc=$?
[ $rc = 1 ] && grep -q 'shard 1/3 on GPU 1 failed.*cut/shards/shard-1.*--resume' cut.log &&
    ok "failed worker: exit 1, shard named" || bad "failed worker: exit $rc, $(grep -v '^\[gpu' cut.log)"
[ -e cut/run.json ] && bad "a failed sweep was merged" || ok "no merge after a failed worker"
"$mmprof" collect --resume cut/shards/shard-1 >>cut.log 2>&1 || bad "resume failed: $(tail -3 cut.log)"
[ "$(json_state cut/shards/shard-2)" = complete ] && ok "the CPU rows ran after a failed GPU worker" ||
    bad "no complete shard-2 after a failed GPU worker"
expect 0 'merged 3 runs' -- merge cut cut/shards/shard-0 cut/shards/shard-1 cut/shards/shard-2
same_rows cut single

# Ctrl-C at a terminal signals the whole foreground process group: each worker must see it
# once (the parent's forward), stop after its row and leave its shard interrupted, not
# take a second signal for "stop at once" and leave it running.
setsid "$mmprof" collect --devices 0,1 --replay-from "$seeds" --sizes 1024,2048 --replay-delay-ms 100 \
    --out ctrlc >ctrlc.log 2>&1 &
leader=$!
sleep 1.5
kill -INT -- -"$leader"
wait "$leader"
for i in 0 1; do
    state=$(json_state ctrlc/shards/shard-$i)
    [ "$state" = interrupted ] && ok "Ctrl-C to the group: shard-$i interrupted" ||
        bad "Ctrl-C to the group: shard-$i state '$state' ($(grep -v '^\[gpu' ctrlc.log | tail -n 3))"
done
[ ! -e ctrlc/shards/shard-2 ] && grep -q 'shard 2/3 (the CPU rows.*was not started.*--shard 2/3 --device 0 .*--cpu-alone' \
    ctrlc.log && ok "stopped: the CPU rows' shard not started, its command given" ||
    bad "stopped sweep: $(grep -v '^\[gpu' ctrlc.log | tail -n 3)"

expect 2 'device 1 is listed twice' -- collect --devices 1,1 --replay-from "$seeds" --out bad1
expect 2 'give up to .* CUDA device numbers' -- collect --devices 0,x --replay-from "$seeds" --out bad2
expect 2 'drop --shard' -- collect --devices 0,1 --shard 0/2 --replay-from "$seeds" --out bad3
expect 2 'drop --device' -- collect --devices 0,1 --device 1 --replay-from "$seeds" --out bad4
expect 2 'already holds files' -- collect --devices 0,1 --replay-from "$seeds" --out two
[ -e bad1 ] || [ -e bad3 ] && bad "a refused --devices created its directory" || ok "refusals create nothing"
finish
