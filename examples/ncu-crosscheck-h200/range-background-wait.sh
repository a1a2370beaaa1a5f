#!/usr/bin/env bash
# range-background.cu: does the background DRAM traffic in a range depend on
# how long after the L2 flush the range starts? CUPTI user range with the host
# waiting 0, 10, 30, 100 and 300 ms after each flush, and ncu on the same
# flush + spin sequence with --cache-control all and with none
# (output: range-background-wait.txt).
set -u
nvidia-smi --query-gpu=name,uuid,driver_version,temperature.gpu --format=csv,noheader
nvcc -O2 -arch=sm_90 examples/ncu-crosscheck-h200/range-background.cu -lcupti -lcuda -o /tmp/range-background || exit 1
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
m=$(sed -n '/^static const char \*METRICS/,/^};/p' examples/ncu-crosscheck-h200/range-background.cu | grep -o '"[a-z_0-9.]*"' | tr -d '"' | paste -sd,)
for w in 0 10 30 100 300; do
    echo "== WAIT_MS=$w"
    WAIT_MS=$w /tmp/range-background user
done
for cc in all none; do
    echo "== ncu --cache-control $cc"
    $NCU --cache-control $cc --clock-control none -k regex:spin --metrics $m --csv --print-units base /tmp/range-background plain
done
