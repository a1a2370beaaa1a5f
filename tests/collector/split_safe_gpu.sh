#!/usr/bin/env bash
# The default set's exact counts in the image CUPTI splits over passes
# (collector/cupti/split_safe.txt) equal the same counter read alone: CUPTI
# still reads them whole. A CUPTI that starts scaling one from part of the
# units (as it does l1tex__t_bytes.sum) fails this. Five variants at an odd
# size; `mmprof xcheck` compares (0.1 %). Exit 77 (skipped) without a GPU, or
# on a chip whose default set gets no split image.
#
#   split_safe_gpu.sh MMPROF
set -u
mmprof=$1
# shellcheck source=tests/lib/gpu.sh
. "$(dirname "$0")/../lib/gpu.sh"

variants=naive,tiled_t16,rt_b16_4x4,best,tr_padded
mnk=257,383,129
"$mmprof" collect --profile-only --variants "$variants" --mnk "$mnk" --out "$T/split" > "$T/split.log" 2>&1 ||
    { fail "collect with the default set: $(tail -n 3 "$T/split.log")"; exit 1; }
images=$(sed -n 's/.* passes per range (\([0-9]*\) config images*).*/\1/p' "$T/split.log")
passes=$(sed -n 's/.* in \([0-9]*\) passes per range.*/\1/p' "$T/split.log")
if [ -z "$images" ] || [ "$images" = "$passes" ]; then
    echo "SKIP: no split image for the default set here ($(grep 'passes per range' "$T/split.log"))"
    exit 77
fi
for c in l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum l1tex__t_requests_pipe_lsu_mem_global_op_st.sum \
    sm__sass_data_bytes_mem_global_op_ld.sum sm__sass_data_bytes_mem_global_op_st.sum \
    sm__sass_data_bytes_mem_global_op_ldgsts.sum smsp__sass_thread_inst_executed_op_fadd_pred_on.sum \
    smsp__sass_thread_inst_executed_op_fmul_pred_on.sum smsp__sass_thread_inst_executed_op_ffma_pred_on.sum; do
    "$mmprof" collect --profile-only --variants "$variants" --mnk "$mnk" --metrics "$c" --out "$T/$c" \
        > "$T/$c.log" 2>&1 || { fail "collect $c alone: $(tail -n 3 "$T/$c.log")"; continue; }
    if "$mmprof" xcheck --mmprof "$T/split" --mmprof2 "$T/$c" --metrics "$c" > "$T/$c.xcheck" 2>&1; then
        ok "$c: the split image's values equal the counter's alone"
    else
        fail "$c differs between the split image and alone: $(grep -E 'MISS|FAIL' "$T/$c.xcheck" | head -n 3)"
    fi
done
[ "$fails" = 0 ] || exit 1
ok "split-safe exact counts"
