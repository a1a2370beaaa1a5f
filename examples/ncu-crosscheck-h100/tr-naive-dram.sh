#!/usr/bin/env bash
# On an H100, tr_naive's DRAM reads at 2048^2 came out 2.9-5.3 % below ncu's
# (t -4 to -37) and tr_naive_16x16's L2 write sectors 2.8 % below (t -11),
# with DRAM writes 20-30 % below: ncu's L2 evicts more of these kernels'
# partly written sectors. Is it ncu's cache control, the flush before the
# kernel, or the process? One device call, both kernels at 2048^2, placements
# 0, 2 and 6 MiB in one process per set-up:
#   ncu-all        ncu --cache-control all on launch --l2-flush --profile-flush (the cross-check)
#   ncu-none       the same with --cache-control none (only mmprof's flush before the kernel)
#   ncu-all-noflush --cache-control all on launch without --l2-flush (only ncu's flush)
#   mmprof         collect --profile-only, one per placement
# Output: tr-naive-dram.txt. Run from the repository root on the device
# machine, with .devdeps carried.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
w=$OUT/w; mkdir -p "$w"
nvidia-smi --query-gpu=name,uuid,driver_version,temperature.gpu --format=csv,noheader
t0=$(date +%s)
BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > "$w/build.log" 2>&1 ||
    { tail -30 "$w/build.log"; exit 1; }
echo "build: $(( $(date +%s) - t0 )) s"
mmprof=$PWD/build-gpu/cli/mmprof
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
m=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
m=$m,lts__t_sectors_op_membar.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_lookup_miss.sum
v=tr_naive,tr_naive_16x16
echo "columns: kernel $m" | tr , ' '
ncu_set() { # LABEL CACHE LAUNCH-ARGS...
    local label=$1 cache=$2; shift 2
    "$ncu" --cache-control "$cache" --clock-control none --profile-from-start off --metrics "$m" \
        --csv --print-units base "$mmprof" launch $v --size 2048 --buffer-offset-mb 0,2,6 "$@" \
        > "$w/$label.csv" 2> "$w/$label.err" || { echo "$label: ncu failed"; tail -5 "$w/$label.err"; return; }
    # one line per profiled kernel that is not a flush kernel: name, then the metrics in $m's order
    awk -F'","' -v want="$m" 'BEGIN { n = split(want, wl, ",") }
        /^"ID"/ { for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); col[h] = i }; next }
        { id = $1; k = $(col["Kernel Name"]); name = $(col["Metric Name"]); val = $(col["Metric Value"])
          gsub(/"/, "", id); gsub(/"/, "", val); gsub(/,/, "", val)
          if (!(id in kern)) { order[++nk] = id; kern[id] = k }
          v[id, name] = val }
        END { for (j = 1; j <= nk; j++) { id = order[j]; if (kern[id] ~ /l2_|flush|discard/) continue
              line = kern[id]; sub(/\(.*/, "", line)
              for (i = 1; i <= n; i++) line = line " " v[id, wl[i]]; print "  '"$label"': " line } }' "$w/$label.csv"
}
ncu_set ncu-all all --l2-flush --profile-flush
ncu_set ncu-none none --l2-flush --profile-flush
ncu_set ncu-all-noflush all
for off in 0 2 6; do
    rm -rf "results/trn-$off"
    "$mmprof" collect --profile-only --variants $v --sizes 2048 --metrics "$m" --buffer-offset-mb $off \
        --out "results/trn-$off" > "$w/mmprof-$off.log" 2>&1 || { echo "collect $off failed"; tail -5 "$w/mmprof-$off.log"; }
    awk -F, -v want="$m" 'NR == 1 { n = split(want, wl, ","); for (i = 1; i <= NF; i++) idx[$i] = i; next }
        { line = $(idx["variant"]); for (j = 1; j <= n; j++) line = line " " $(idx[wl[j]]); print "  mmprof: " line }' \
        "results/trn-$off/results.csv"
done
tar czf "$OUT/tr-naive-dram.tgz" -C "$OUT" w
