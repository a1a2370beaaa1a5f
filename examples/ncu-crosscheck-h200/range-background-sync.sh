#!/usr/bin/env bash
# range-background.cu under CUPTI: user range with each way the host can wait
# for the kernel inside the range, and auto range (CUPTI gates the counters
# at the kernel's own start and end), twice each in turn
# (output: range-background-sync.txt, range-background-autorange.txt).
set -u
nvidia-smi --query-gpu=name,uuid,driver_version,temperature.gpu --format=csv,noheader
nvcc -O2 -arch=sm_90 examples/ncu-crosscheck-h200/range-background.cu -lcupti -lcuda -o /tmp/range-background || exit 1
modes=${MODES:-"user:auto user:blocking user:yield user:after"}
for round in 1 2; do
    for m in $modes; do
        echo "== round $round"
        /tmp/range-background ${m%%:*} ${m#*:}
    done
done
