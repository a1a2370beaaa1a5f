#!/usr/bin/env bash
# mmprof merge on replayed shards: equal to the unsharded run; refuses
# shards that cannot be joined, with exit 2 and one line naming --force.
set -u
. "$(dirname "$0")/../lib/scale.sh" "$1" "$2"

# Three shards of one sweep and the same sweep unsharded, all with one seed.
for i in 0 1 2; do replay s$i --shard $i/3 --seed 7 || bad "shard $i/3 failed: $(cat s$i.log)"; done
replay full --seed 7 || bad "the unsharded replay failed: $(cat full.log)"

expect 0 'merged 3 runs' -- merge m s2 s0 s1
same_rows m full
cmp -s m/results.csv full/results.csv && ok "rows in the unsharded run's order" ||
    bad "merged rows are not in plan order: $(diff m/results.csv full/results.csv | head -3)"
[ "$(json_state m)" = complete ] && ok "merged state complete" || bad "merged state '$(json_state m)'"
grep -q '"merged_from"' m/run.json && ! grep -q '"shard":[[:space:]]*{' <(sed -n '1,/"merged_from"/p' m/run.json) &&
    ok "run.json: merged_from, no shard" || bad "run.json lacks merged_from or keeps shard: $(head -20 m/run.json)"
grep -q -- '"--shard"' m/run.json && bad "merged args keep --shard" || ok "merged args drop --shard"
ls -A m | grep -q '^\.' && bad "temporary files left in m" || ok "no temporary files"

# Refusals: each exits 2 naming --force and writes nothing.
expect 2 'm already holds files' -- merge m s0 s1 s2
# s1's device as recorded (the example run's GPU), renamed in a copy.
gpu=$(sed -n 's/^[[:space:]]*"name":[[:space:]]*"\(NVIDIA [^"]*\)".*/\1/p' s1/run.json | head -n 1)
cp -r s1 dev && sed -i "s/\"$gpu\"/\"NVIDIA H100 PCIe\"/" dev/run.json
expect 2 "ran on '$gpu'.*'NVIDIA H100 PCIe'.*--force" -- merge x1 s0 dev s2
[ -e x1 ] && bad "a refused merge created x1" || ok "a refused merge writes nothing"
expect 0 'merged 3 runs' -- merge --force x1f s0 dev s2
grep -q 'NVIDIA H100 PCIe' x1f/run.json && ok "forced mismatch recorded in run.json" || bad "forced mismatch not recorded"

cp -r s1 hdr && sed -i '1s/dram__bytes\.sum/dram__bytes.max/' hdr/results.csv
expect 2 "metric sets differ.*dram__bytes.sum.*dram__bytes.max.*--force" -- merge x2 s0 hdr s2

cp -r s1 ver && sed -i 's/"version":[[:space:]]*"[^"]*"/"version":\t"0.0.1"/' ver/run.json
expect 2 "mmprof 0.0.1.*one build.*--force" -- merge x3 s0 ver s2

replay seed8 --shard 1/3 --seed 8
expect 2 "seed 7 but seed8 seed 8.*same --seed.*--force" -- merge x4 s0 seed8 s2

cp -r s1 dupdiff && sed -n 2p s0/results.csv | sed 's/,ok,/,failed,/' >>dupdiff/results.csv
expect 2 "$(sed -n 2p s0/results.csv | cut -d, -f1) .* in s0 and in dupdiff with different values.*--force" -- merge x5 s0 dupdiff s2

cp -r s1 dupsame && sed -n 2p s0/results.csv >>dupsame/results.csv
expect 0 'dropped 1 identical duplicate row' -- merge x6 s0 dupsame s2
same_rows x6 full

expect 2 'shard 2/3 is missing.*--shard 2/3.*--force' -- merge x7 s0 s1
expect 2 'shard 1/3 is given twice' -- merge x8 s0 s1 s1 s2
expect 0 'merged 2 runs' -- merge --force x9 s0 s1
[ "$(json_state x9)" = incomplete ] && ok "forced partial merge is incomplete" || bad "x9 state '$(json_state x9)'"

cp -r s1 short && sed -i '$d' short/results.csv
expect 2 '1 planned row is missing.*shard 1/3 \(short\)' -- merge x10 s0 short s2

# An interrupted shard is refused until --resume completes it.
"$mmprof" collect --replay-from "$seeds" --sizes 1024,2048 --shard 1/3 --seed 7 --replay-delay-ms 100 --out cut \
    >cut.log 2>&1 &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
[ "$(json_state cut)" = interrupted ] && ok "shard interrupted" || bad "cut state '$(json_state cut)'"
expect 2 'cut did not finish.*--resume cut.*--force' -- merge x11 s0 cut s2
"$mmprof" collect --resume cut >>cut.log 2>&1 || bad "resume failed: $(tail -3 cut.log)"
expect 0 'merged 3 runs' -- merge x11 s0 cut s2
same_rows x11 full

# Launch times follow their rows: s0's and s2's samples.csv lines end up in
# the merged one in row order; s1 has none (collected before samples.csv).
for s in s0 s2; do
    { echo 'variant,M,N,K,ms'; awk -F, 'NR > 1 && $7 == "ok" { print $1 "," $3 "," $4 "," $5 ",0.5 0.25" }' $s/results.csv; } >$s/samples.csv
done
expect 0 'merged 3 runs' -- merge x15 s0 s1 s2
want=$(cat s0/samples.csv s2/samples.csv | grep -vc '^variant')
got=$(grep -vc '^variant' x15/samples.csv)
[ "$want" -gt 0 ] && [ "$got" = "$want" ] && ok "samples.csv: every shard's $want lines" ||
    bad "samples.csv has $got lines, the shards $want"
order=$(cut -d, -f1-4 x15/samples.csv | grep -v '^variant' | tr '\n' ' ')
rows=$(cut -d, -f1,3-5 x15/results.csv | grep -v '^variant' | grep -Fx -f <(cut -d, -f1-4 x15/samples.csv) | tr '\n' ' ')
[ "$order" = "$rows" ] && ok "samples.csv in results.csv's order" || bad "samples order '$order', rows '$rows'"
echo 'variant,M,N,K,ms' >s2/samples.csv && echo 'naive,1,1,1,abc' >>s2/samples.csv
expect 2 'samples.csv line 2' -- merge x16 s0 s1 s2
rm s0/samples.csv s2/samples.csv

expect 2 'not a run directory' -- merge x12 s0 nowhere
expect 2 'give OUT and at least one RUN' -- merge x13
expect 2 "unknown option '--nope'" -- merge --nope x14 s0
expect 0 'usage: mmprof merge' -- merge --help
finish
