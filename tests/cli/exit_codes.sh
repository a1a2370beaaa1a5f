#!/usr/bin/env bash
# Exit codes and messages of the CLI: 0 ok, 1 runtime failure, 2 bad usage.
set -u
mmprof=$1
fails=0
expect() { # expect CODE PATTERN -- ARGS...
    local code=$1 pattern=$2
    shift 3
    local out rc
    out=$("$mmprof" "$@" 2>&1)
    rc=$?
    if [ "$rc" != "$code" ] || ! grep -qE -- "$pattern" <<<"$out"; then
        echo "FAIL: mmprof $* -> exit $rc (want $code), output: $out"
        fails=$((fails + 1))
    else
        echo "ok: mmprof $* -> $rc"
    fi
}
expect 0 '^mmprof [0-9]+\.[0-9]+' -- --version
expect 0 'commands:' -- --help
expect 2 'usage: mmprof' --
expect 2 "unknown command 'frob'" -- frob
expect 0 'rt_b16_24x24 +matmul' -- list
expect 0 '^tr_padded_16x16$' -- list --names --variants transpose
expect 2 "unknown variant 'rt_b16_3x3'; closest: " -- list --variants rt_b16_3x3
expect 2 "list: unknown option '--bogus'" -- list --bogus
expect 2 "did you mean --names?" -- list --nmes
expect 0 'usage: mmprof collect' -- collect --help
expect 2 "'0' must be at least 1" -- collect --sizes 0
expect 2 "'x' is not a whole number" -- collect --mnk 1,x,3
expect 2 'unknown option' -- collect --nope
expect 2 'give VARIANT\[,VARIANT...\]' -- launch
expect 0 'usage: mmprof xcheck' -- xcheck --help
expect 2 'give mmprof.s run directories with --mmprof' -- xcheck
expect 2 "'/nowhere' is not a directory" -- xcheck --mmprof /nowhere --ncu x.csv
expect 2 "'cpu_blas' is not a GPU variant" -- launch cpu_blas --sizes 64
# what ncu must read to match collect: counters only, no derived names, no GPU needed
expect 0 '^l1tex__t_requests_pipe_lsu_mem_global_op_ld\.sum,.*sm__sass_data_bytes_mem_global_op_ldgsts\.sum,' -- info --counters default
expect 0 '^sm__sass_data_bytes_mem_global_op_st\.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st\.sum$' -- info --counters gst_efficiency
expect 2 "--counters gld_eficiency: unknown metric 'gld_eficiency'" -- info --counters gld_eficiency
if ! nvidia-smi -L >/dev/null 2>&1; then
    # Without a GPU, collect says so and fails cleanly, leaving nothing behind.
    out_dir=$(mktemp -d)/run
    expect 1 'no CUDA device' -- collect --sizes 64 --out "$out_dir"
    [ -e "$out_dir" ] && { echo "FAIL: collect without a GPU created $out_dir"; fails=$((fails + 1)); }
fi
echo "$fails failed"
[ "$fails" = 0 ]
