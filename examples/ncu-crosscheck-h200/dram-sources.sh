#!/usr/bin/env bash
# Where tiled_t2's extra DRAM reads at 1000x3000x700 come from (mmprof +1.5-2.1 %
# over ncu in every full run): (A) a profiled range whose kernel touches no
# memory (range-background.cu), under CUPTI's user range and under ncu;
# (B) every variant at 1000x3000x700, 10 placements per tool, with the default
# metrics and the L2 counters that say who missed: SM reads, instruction and
# constant fetches (GCC), fills from DRAM, write misses.
# Run from the repository root on the device machine, with .devdeps carried.
set -u
deps=$PWD/.devdeps/root/usr
export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu:$deps/lib/x86_64-linux-gnu/openblas-pthread:${LD_LIBRARY_PATH:-}
here=examples/ncu-crosscheck-h200
nvidia-smi --query-gpu=name,uuid,driver_version,temperature.gpu --format=csv,noheader
(BUILD_DIR=build-gpu CMAKE_ARGS="-DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH=$deps" JOBS=16 scripts/build.sh > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }) &
nvcc -O2 -arch=sm_90 $here/range-background.cu -lcupti -lcuda -o /tmp/range-background || exit 1
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
m=$(sed -n '/^static const char \*METRICS/,/^};/p' $here/range-background.cu | grep -o '"[a-z_0-9.]*"' | tr -d '"' | paste -sd,)
{
    echo "== (A) CUPTI user range + user replay"
    /tmp/range-background user
    echo "== (A) ncu --cache-control all --clock-control none"
    $NCU --cache-control all --clock-control none -k regex:spin --metrics $m --csv --print-units base /tmp/range-background plain
} > $OUT/range-background.txt 2>&1
echo "A done"; wait || exit 1
export MMPROF=$PWD/build-gpu/cli/mmprof
def=$(. scripts/lib/gpu-tools.sh; root=$PWD gpu_tools_default_metrics)
who=lts__t_sectors_op_read_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,lts__t_sectors_srcunit_gcc_op_read.sum,lts__t_sectors_srcunit_gcc_op_read_lookup_miss.sum,lts__d_sectors_fill_device.sum,lts__t_sectors_op_write_lookup_miss.sum,lts__t_sectors_srcunit_ltcfabric.sum
t0=$(date +%s)
timeout ${B_TIMEOUT:-400} bash scripts/ncu-crosscheck.sh --mnk 1000,3000,700 --repeat 10 --metrics $def,$who --out results/dram-sources > $OUT/dram-sources.txt 2> $OUT/dram-sources.err
echo "B rc=$? $(( $(date +%s) - t0 )) s"
tar czf $OUT/dram-sources.tgz -C results dram-sources
grep -E "^(tiled_t2|naive|tiled_t4) " $OUT/dram-sources.txt | grep -E "dram__sectors_read|lookup_miss|fill|gcc|ltcfabric"
