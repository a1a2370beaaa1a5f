#!/usr/bin/env bash
# Bad input everywhere, table-driven: every row runs one
# mmprof command on a prepared scratch directory D and checks
#   - the exit status (2 usage/input, 1 runtime, 0 handled),
#   - the message (a regex), and that an error is ONE line "mmprof: error: ...",
#   - that a failing command left nothing behind: D is byte for byte as it was
#     (no run directory, no partial or temporary file), unless the row says
#     otherwise and names its own check;
# and writes the README table of what mmprof answered (tests/README.md).
#   bad_input.sh MMPROF RB_CHECK SOURCE_RUN [--table FILE] [--readme README [--update]]
#     --table FILE      write the Markdown rows of this run to FILE
#     --readme README   fail when README's table differs from this run's answers
#     --update          rewrite README's table instead
#
# Adding a command or an input: add rows below with `row`, e.g.
#   row plot-no-gnuplot 1 'gnuplot not found' writes,nognuplot mk_run 'gnuplot not installed' -- plot '$D/run'
# then run with --readme tests/README.md --update and commit the README. A row
# whose command this mmprof does not have (`mmprof --help`) is skipped.
# Row flags (comma-separated, "-" for none):
#   nogpu      only where there is no GPU (the answer differs on a GPU machine)
#   multi      the answer may be more than one line (usage text)
#   writes     the command may write under D; CHECK (the flag check=FN) says what must hold
#   nobody     run as an unprivileged user (root ignores directory permissions)
#   nognuplot  run with a PATH that holds no gnuplot
#   norights   run with MMPROF_FORCE_NO_COUNTERS=1: as without profiling rights
#   nosan      not under ASan: CUPTI's host API dlopens libnvperf_host.so with
#              RTLD_DEEPBIND, which the sanitizer runtime refuses
#   envmsg     the message quotes the machine (CUDA's reason for "no device"): the
#              README check compares this row's exit status, not its text
#   fs=SIZE    D/fs is a tmpfs of SIZE (e.g. 4k; "fit" = the run's files + 8 KiB):
#              a full disk. Needs a mount namespace (root or user namespaces), else SKIP.
#   check=FN   call FN D after the command (nonzero = fail)
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/lib/robust.sh
. "$here/../lib/robust.sh"

mode=main one_row=""
if [ "${1:-}" = --one-row ]; then
    mode=one one_row=$2
    shift 2
fi
mmprof=$1 rb_check=$2 source=$3
shift 3
table_out="" readme="" update=0 T=""
while [ $# -gt 0 ]; do
    case "$1" in
    --table) table_out=$2; shift 2 ;;
    --readme) readme=$2; shift 2 ;;
    --update) update=1; shift ;;
    --scratch) T=$2; shift 2 ;; # internal: --one-row's scratch root
    *) echo "bad_input.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$mmprof" ] || { echo "bad_input.sh: no mmprof at '$mmprof'" >&2; exit 2; }

# ---------------------------------------------------------------- setups ---
# Each takes D, the row's scratch directory.
copy_run() { mkdir -p "$2" && cp "$source/results.csv" "$source/run.json" "$2/"; }
mk_src() { copy_run "$1" "$1/src"; }
mk_run() { copy_run "$1" "$1/run"; }
mk_plain_dir() { mkdir -p "$1/plain"; }
mk_file() { echo "not a directory" > "$1/afile"; }
mk_nonempty_out() { mk_src "$1" && mkdir "$1/out" && echo "an earlier result" > "$1/out/keep.txt"; }
mk_previous_run() { mk_src "$1" && mk_run "$1"; }
mk_src_file() { mk_src "$1" && mk_file "$1"; }
mk_src_ro() { mk_src "$1" && mkdir "$1/ro" && chmod 555 "$1/ro"; }
mk_fs_src() { copy_run "$1" "$1/src"; }
# results.csv / run.json edited the ways hands, truncation and bit rot do
csv() { sed -i "$2" "$1/run/results.csv"; }
json() { sed -i "$2" "$1/run/run.json"; }
mk_no_results() { mk_run "$1" && rm "$1/run/results.csv"; }
mk_no_json() { mk_run "$1" && rm "$1/run/run.json"; }
mk_empty_csv() { mk_run "$1" && : > "$1/run/results.csv"; }
mk_header_only() { mk_run "$1" && csv "$1" '2,$d'; }
# header, 3 rows, then the first 6 cells of the 4th: a write cut mid-row
cut_rows() { head -n 4 "$source/results.csv" && sed -n 5p "$source/results.csv" | cut -d, -f1-6 | tr -d '\n'; }
mk_truncated_csv() { mk_run "$1" && cut_rows > "$1/run/results.csv"; }
mk_extra_field() { mk_run "$1" && csv "$1" '3s/$/,surplus/'; }
mk_binary_csv() { mk_run "$1" && gzip -c "$source/results.csv" > "$1/run/results.csv"; }
mk_open_quote() { mk_run "$1" && csv "$1" '2s/^/"/'; }
mk_no_m_column() { mk_run "$1" && cut -d, -f1-2,4- "$source/results.csv" > "$1/run/results.csv"; }
# The header cut mid-way (no rows, no newline); the last row cut inside its last cell.
mk_header_cut() { mk_run "$1" && head -c 300 "$source/results.csv" > "$1/run/results.csv"; }
mk_last_cell_cut() { mk_run "$1" && { head -n 3 "$source/results.csv"; sed -n 4p "$source/results.csv" | head -c -3; } > "$1/run/results.csv"; }
mk_bom() { mk_run "$1" && { printf '\357\273\277'; cat "$source/results.csv"; } > "$1/run/results.csv"; }
mk_crlf() { mk_run "$1" && sed 's/$/\r/' "$source/results.csv" > "$1/run/results.csv"; }
set_m() { mk_run "$1" && csv "$1" "2s/^\([^,]*\),\([^,]*\),[^,]*,/\1,\2,$2,/"; }
mk_m_negative() { set_m "$1" -1024; }
mk_m_fraction() { set_m "$1" 1024.5; }
mk_m_huge() { set_m "$1" 1e300; }
mk_m_text() { set_m "$1" abc; }
mk_m_empty() { set_m "$1" ""; }
first_matmul_line() { awk -F, 'NR > 1 && $2 == "matmul" { print NR; exit }' "$source/results.csv"; }
mk_k_zero() { mk_run "$1" && csv "$1" "$(first_matmul_line)s/^\([^,]*,matmul,[0-9]*,[0-9]*\),[0-9]*,/\1,0,/"; }
mk_unknown_variant() { mk_run "$1" && csv "$1" '2s/^\([^,]*\),/\1_v2,/'; }
mk_text_runtime() { mk_run "$1" && csv "$1" '2s/^\(\([^,]*,\)\{9\}\)[^,]*,/\1fast,/'; }
mk_json_empty() { mk_run "$1" && : > "$1/run/run.json"; }
mk_json_truncated() { mk_run "$1" && head -c 500 "$source/run.json" > "$1/run/run.json"; }
mk_json_binary() { mk_run "$1" && gzip -c "$source/run.json" > "$1/run/run.json"; }
mk_json_array() { mk_run "$1" && echo '[{"device": {"name": "NVIDIA H200"}}]' > "$1/run/run.json"; }
mk_json_deep() {
    mk_run "$1" && { printf '{"a":'; head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'; printf '}'; } > "$1/run/run.json"
}
mk_json_types() {
    mk_run "$1" && json "$1" 's/"sm_count":[[:space:]]*[0-9]*/"sm_count": "many"/; 0,/"name":/s/"name":[[:space:]]*"[^"]*"/"name": 42/'
}
mk_json_dir() { mk_run "$1" && rm "$1/run/run.json" && mkdir "$1/run/run.json"; }
mk_csv_dir() { mk_run "$1" && rm "$1/run/results.csv" && mkdir "$1/run/results.csv"; }
mk_csv_unreadable() { mk_run "$1" && chmod 000 "$1/run/results.csv"; }
mk_run_ro() { mk_run "$1" && chmod 555 "$1/run"; }
mk_fs_run() { copy_run "$1" "$1/fs/run"; }
# analysis.csv up to date and plots/ there, both read-only: plot has nothing to rewrite but the charts
mk_analysed_ro() {
    mk_run "$1" && "$mmprof" analyze "$1/run" > /dev/null && mkdir "$1/run/plots" && chmod 555 "$1/run/plots" "$1/run"
}
# a chart drawn before results.csv last changed
mk_stale_chart() {
    mk_run "$1" && mkdir "$1/run/plots" && cp "$source/plots/roofline.png" "$1/run/plots/" &&
        touch -d '2020-01-01' "$1/run/plots/roofline.png"
}
# a run killed mid-way, as --resume finds it (recorded by the replay backend)
mk_resumable() {
    mk_src "$1" &&
        "$mmprof" collect --replay-from "$1/src" --variants naive,tiled_t16 --sizes 1024 --out "$1/run" \
            > /dev/null 2>&1 && json "$1" 's/"state":[^,]*,/"state": "running",/'
}
mk_resume_no_json() { mk_src "$1" && mkdir "$1/plain"; }
mk_resume_bad_json() { mk_resumable "$1" && head -c 200 "$1/run/run.json" > "$1/r" && mv "$1/r" "$1/run/run.json"; }
mk_resume_seed() { mk_resumable "$1" && json "$1" 's/"seed":[^,]*,/"seed": 1e300,/'; }
mk_resume_header() { mk_resumable "$1" && csv "$1" '1s/^variant,/Variant,/'; }
mk_resume_dims() { mk_resumable "$1" && csv "$1" '2s/^naive,matmul,1024,/naive,matmul,abc,/'; }
mk_resume_metric_gone() {
    mk_resumable "$1" && awk -F, -v OFS=, '{ NF = NF - 1; print }' "$1/run/results.csv" > "$1/r" &&
        mv "$1/r" "$1/run/results.csv"
}
mk_resume_metric_renamed() { mk_resumable "$1" && csv "$1" '1s/,[^,]*$/,sm__renamed.sum/'; }
mk_profile_run() { mkdir -p "$1/prun" && cp "$here/../../examples/profile-h200/"{results.csv,run.json,launches.tsv} "$1/prun/"; }
mk_other_b() { mk_two_runs "$1" && sed -i '2d' "$1/b/results.csv"; }
mk_two_runs() { mk_run "$1" && copy_run "$1" "$1/b"; }
mk_b_truncated() { mk_two_runs "$1" && cut_rows > "$1/b/results.csv"; }
mk_b_bad_json() { mk_two_runs "$1" && head -c 300 "$source/run.json" > "$1/b/run.json"; }
mk_b_bad_samples() { mk_two_runs "$1" && printf 'variant,M,N,K,ms\nnaive,1024,1024,1024,0.3 fast\n' > "$1/b/samples.csv"; }
mk_b_cut_samples() { mk_two_runs "$1" && printf 'variant,M,N,K,ms\nnaive,1024,1024,1024,0.3 0.' > "$1/b/samples.csv"; }
mk_bad_model() { echo 'gemm: kind=warp M=1 N=1 K=1' > "$1/model.txt"; }
mk_resume_complete() { mk_resumable "$1" && json "$1" 's/"state":[^,]*,/"state": "complete",/'; }
# another collect holds the run's lock (as util-linux flock(1) takes it: flock(2)
# on results.csv) for 30 s; the holder is ready before the row's command runs
mk_resume_locked() {
    mk_resumable "$1" || return 1
    flock "$1/run/results.csv" sh -c 'echo $$ > "$0"; sleep 30' "$1.holder" > /dev/null 2>&1 &
    for _ in $(seq 100); do [ -s "$1.holder" ] && return 0; sleep 0.05; done
    return 1
}

# --------------------------------------------------------------- checks ---
# A disk that filled up: run.json still valid JSON, results.csv empty or
# whole rows (--resume completes it once there is room).
chk_resumable() {
    local run=$1/fs/run
    "$rb_check" json "$run/run.json" > /dev/null || return 1
    [ ! -s "$run/results.csv" ] || "$rb_check" rows "$run/results.csv" > /dev/null || return 1
    ! ls -A "$run" | grep -q '^\.' || { echo "temporary file left: $(ls -A "$run")"; return 1; }
}
# the lock's holder of mk_resume_locked, stopped
chk_stop_holder() { kill "$(cat "$1.holder")" 2> /dev/null; true; }
# plot without gnuplot: the data and scripts are there to render later, no image
chk_plot_sources() {
    ls "$1"/run/plots/*.gp > /dev/null 2>&1 && ls "$1"/run/plots/*.dat > /dev/null 2>&1 &&
        ! ls "$1"/run/plots/*.png > /dev/null 2>&1
}
# analyze wrote a whole analysis.csv
chk_analysis() { "$rb_check" rows "$1/run/analysis.csv" > /dev/null; }
# the command printed the analysis on stdout ($T/ID.out) all the same
chk_table_printed() { grep -q 'theoretical vs measured CGMA' "$1.out"; }
# run without a GPU: the example's report in --out
chk_example_report() { [ -s "$1/ex/report.html" ] && [ -s "$1/ex/results.csv" ]; }
# analyze explains the row it has no model for
chk_no_model() { chk_analysis "$1" && grep -q '^[^,]*_v2,.*no model' "$1/run/analysis.csv"; }

# ----------------------------------------------------------------- rows ---
ids=()
declare -A R_RC R_RE R_FLAGS R_SETUP R_NOTE R_ARGS
# row ID RC REGEX FLAGS SETUP NOTE -- ARGS...   ('$D' in ARGS is the scratch directory)
row() {
    local id=$1
    ids+=("$id")
    R_RC[$id]=$2 R_RE[$id]=$3 R_FLAGS[$id]=$4 R_SETUP[$id]=$5 R_NOTE[$id]=$6
    shift 7
    R_ARGS[$id]=""
    [ $# = 0 ] || R_ARGS[$id]=$(printf '%q ' "$@")
}

# the command line
row cli-none 2 '^usage: mmprof' multi - 'no command' --
row cli-unknown 2 "unknown command 'frob': .mmprof --help. lists the commands" - - 'unknown command' -- frob
row cli-typo 2 "unknown command 'analyse': did you mean analyze\?" - - 'misspelt command' -- analyse
# collect: sizes and shapes
row size-zero 2 "'0' must be at least 1" - - 'size 0' -- collect --sizes 0
row size-negative 2 "'-5' is negative" - - 'negative size' -- collect --sizes -5
row size-text 2 "'abc' is not a whole number" - - 'non-numeric size' -- collect --sizes abc
row size-suffix 2 "'12x' is not a whole number" - - 'trailing garbage' -- collect --sizes 12x
row size-float 2 "'1e3' is not a whole number" - - 'size in float notation' -- collect --sizes 1e3
row size-overflow 2 'is too large: at most 1048576' - - 'size past 2^64' -- collect --sizes 99999999999999999999
row size-too-large 2 "'2000000' is too large: at most 1048576" - - 'size past the largest side' -- collect --sizes 2000000
row size-empty-item 2 'empty number' - - 'empty list item' -- collect --sizes 1024,,2048
row size-empty 2 'empty number' - - 'empty --sizes' -- collect --sizes ''
row size-missing 2 "option '--sizes' needs a value" - - 'option without its value' -- collect --sizes
row mnk-two 2 'give three numbers M,N,K' - - 'two of M,N,K' -- collect --mnk 1000,3000
row mnk-four 2 'more than 3 values' - - 'four values' -- collect --mnk 1,2,3,4
row mnk-zero 2 "'0' must be at least 1" - - 'zero in --mnk' -- collect --mnk 64,0,64
row mnk-and-sizes 2 'give one of --sizes and --mnk' - - 'both --sizes and --mnk' -- collect --sizes 64 --mnk 1,2,3
# collect: variants, metrics, other options
row variant-unknown 2 "unknown variant 'tiled_t3'; closest: tiled_t2" - - 'unknown variant (typo)' -- collect --variants tiled_t3
row variant-glob 2 "unknown variant 'zz\\*'" - - 'glob matching nothing' -- collect --variants 'zz*'
row variant-empty 2 "--variants '' selects nothing" - - 'empty --variants' -- collect --variants ''
row variant-trailing-comma 2 "--variants 'matmul,': empty name between commas or at an end" - - 'a stray comma in --variants' -- collect --variants matmul,
row metric-typo 2 "--metrics: unknown metric 'gld_transacion' \\(closest: gld_transactions" - - 'unknown metric (typo), no GPU needed' -- collect --metrics gld_transacion
row metric-add-typo 2 "--add-metrics: unknown metric 'dram_read_bytez'" - - 'unknown --add-metrics' -- collect --add-metrics dram_read_bytez
row metric-empty 2 'empty metric list' - - 'empty --metrics' -- collect --metrics ''
row metric-file 2 "cannot read metric list '.*none.txt'" - - '@FILE that does not exist' -- collect --metrics '@$D/none.txt'
row reps-zero 2 "--reps: '0' must be at least 1" - - '--reps 0' -- collect --reps 0
row reps-text 2 "--reps: 'ten' is not a whole number" - - '--reps ten' -- collect --reps ten
row warmup-negative 2 '--warmup -1: give a whole number from 0 to 1000' - - '--warmup -1' -- collect --warmup -1
row budget-zero 2 "--budget-ms: '0' must be at least 1" - - '--budget-ms 0' -- collect --budget-ms 0
row seed-negative 2 '--seed -1: give a whole number from 0 to' - - 'negative seed' -- collect --seed -1
row seed-overflow 2 '--seed 18446744073709551616: give a whole number' - - 'seed past 2^64' -- collect --seed 18446744073709551616
row seed-inexact 2 '--seed 9007199254740993: give a whole number from 0 to 9007199254740992' - - 'seed run.json cannot keep exactly' -- collect --seed 9007199254740993
row shard-range 2 '--shard 4/4: give I/N with 0 <= I < N' - - 'shard index out of range' -- collect --shard 4/4
row shard-form 2 '--shard 2: give I/N' - - 'shard without /N' -- collect --shard 2
row device-negative 2 '--device -1: give a whole number from 0 to 1023' - - 'negative device' -- collect --device -1
row cpu-limit-zero 2 "--cpu-limit-s: '0' must be at least 1" - - '--cpu-limit-s 0' -- collect --cpu-limit-s 0
row offset-negative 2 '--buffer-offset-mb -3: give a whole number from 0 to 65536' - - 'negative --buffer-offset-mb' -- collect --buffer-offset-mb -3
row offset-too-large 2 '--buffer-offset-mb 70000: give a whole number from 0 to 65536' - - '--buffer-offset-mb past 64 GiB' -- collect --buffer-offset-mb 70000
row local-offset-too-large 2 '--local-memory-offset-mb 70000: give a whole number from 0 to 65536' - - '--local-memory-offset-mb past 64 GiB' -- collect --local-memory-offset-mb 70000
row settle-too-long 2 '--settle-ms 5000: give a whole number from 0 to 1000' - - '--settle-ms past a second' -- collect --settle-ms 5000
row nothing-measured 2 'leave nothing to measure' - - '--no-profile with --profile-only' -- collect --no-profile --profile-only
row require-unknown 2 "--require speed: the one thing collect can require is 'counters'" - - '--require of something else' -- collect --require speed
row require-no-profile 2 '--no-profile and --require counters contradict each other' - - '--require counters with --no-profile' -- collect --require counters --no-profile
row option-unknown 2 "unknown option '--frobnicate'" - - 'unknown option' -- collect --frobnicate
row option-flag-value 2 "collect: option '--no-profile' takes no value" - - 'value on a flag' -- collect --no-profile=1
row option-extra 2 "unexpected argument 'extra'" - - 'stray argument' -- collect extra
# collect: the run directory (on the replay backend: no GPU needed)
row out-empty 2 "--out '': give a directory" - - 'empty --out' -- collect --out ''
row out-missing 2 "option '--out' needs a value" - - '--out without a value' -- collect --out
row out-nonempty 2 'already holds files; mmprof never overwrites a run' - mk_nonempty_out 'existing non-empty --out: refused, untouched' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out '$D/out'
row out-previous-run 2 'already holds files; mmprof never overwrites a run' - mk_previous_run 'an earlier run as --out' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out '$D/run'
row out-file 2 'exists and is not a directory' - mk_src_file '--out is a file' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out '$D/afile'
row out-under-file 1 'cannot create run directory .*: Not a directory \(choose a writable --out\)' - mk_src_file '--out below a file' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out '$D/afile/run'
row out-proc 1 'cannot create run directory /proc/mmprof-run: .* \(choose a writable --out\)' - mk_src '--out under /proc' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out /proc/mmprof-run
row out-readonly 1 'cannot create run directory .*: Permission denied \(choose a writable --out\)' nobody mk_src_ro '--out in a read-only directory' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out '$D/ro/run'
row out-full-disk 1 'cannot write .*/results.csv' writes,fs=4k,check=chk_resumable mk_fs_src '--out on a full disk (4 KiB tmpfs): run.json fits, the header does not; the directory stays resumable' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out '$D/fs/run'
row out-exists-first 2 'already holds files; mmprof never overwrites a run' - mk_nonempty_out 'existing --out: refused before the GPU is looked for' -- collect --sizes 64 --out '$D/out'
row no-gpu 1 'no CUDA device: .*collect needs a GPU' nogpu,envmsg - 'collect without a GPU: no directory made' -- collect --sizes 64 --out '$D/out'
row require-refused 1 'profiling forced off by MMPROF_FORCE_NO_COUNTERS=1 .*; --require counters makes that an error' norights mk_src '--require counters without profiling rights (MMPROF_FORCE_NO_COUNTERS=1): no directory made' -- collect --replay-from '$D/src' --variants naive --sizes 1024 --out '$D/out' --require counters
# collect --resume
row resume-missing 2 'cannot open .*/none/run.json: No such file or directory; is it a run directory' - - 'directory that does not exist' -- collect --resume '$D/none'
row resume-not-run 2 'cannot open .*/plain/run.json' - mk_resume_no_json 'directory that is not a run' -- collect --resume '$D/plain'
row resume-bad-json 2 'run.json is not a JSON object' - mk_resume_bad_json 'truncated run.json' -- collect --resume '$D/run'
row resume-seed 2 'run.json "seed" is not a whole number from 0 to 2\^53' - mk_resume_seed 'hand-edited seed 1e300' -- collect --resume '$D/run'
row resume-header 2 "no 'variant' column, so not a results.csv written by" - mk_resume_header 'results.csv with a foreign header' -- collect --resume '$D/run'
row resume-metric-gone 2 'results.csv has [0-9]+ metric columns, this collect writes [0-9]+' - mk_resume_metric_gone 'results.csv without its last metric column' -- collect --resume '$D/run'
row resume-metric-renamed 2 "results.csv column 'sm__renamed.sum' differs from this collect's" - mk_resume_metric_renamed 'a metric column renamed' -- collect --resume '$D/run'
row resume-dims 2 "line 2: M, N, K 'abc', '1024', '1024' are not whole numbers" - mk_resume_dims 'hand-edited M in a finished row' -- collect --resume '$D/run'
row resume-options 2 '--resume DIR takes no other options' - mk_resumable 'other options with --resume' -- collect --resume '$D/run' --sizes 64
row resume-complete 0 'already complete: nothing to resume' - mk_resume_complete 'a complete run: nothing touched' -- collect --resume '$D/run'
row resume-locked 2 'another mmprof collect is writing .*/run; wait for it to finish' check=chk_stop_holder mk_resume_locked 'a run another collect is writing: refused, untouched' -- collect --resume '$D/run'
# launch, list, info
row launch-none 2 'give VARIANT\[,VARIANT...\] and --mnk or --sizes' - - 'no variant' -- launch
row launch-unknown 2 "unknown variant 'tiled_t3'; closest: tiled_t2" - - 'unknown variant' -- launch tiled_t3 --sizes 64
row launch-family 2 "'matmul' is not a variant name: launch takes names" - - 'a family, not a variant' -- launch matmul --sizes 64
row launch-list-empty 2 "'naive,,tr_copy': empty variant name" - - 'empty item in a variant list' -- launch naive,,tr_copy --sizes 64
row launch-list-cpu 2 "'cpu_blas' is not a GPU variant" - - 'CPU variant in a list' -- launch naive,cpu_blas --sizes 64
row launch-cpu 2 "'cpu_blas' is not a GPU variant" - - 'CPU variant' -- launch cpu_blas --sizes 64
row launch-size-zero 2 "--sizes 0: '0' must be at least 1" - - 'size 0' -- launch naive --sizes 0
row launch-mnk-two 2 '--mnk 1,2: wrong number of values' - - 'two of M,N,K' -- launch naive --mnk 1,2
row launch-count-zero 2 "--count 0: '0' must be at least 1" - - '--count 0' -- launch naive --sizes 64 --count 0
row launch-seed-text 2 "--seed 0abc: give a whole number from 0 to" - - 'seed with trailing garbage' -- launch naive --sizes 64 --seed 0abc
row launch-offset-text 2 "--buffer-offset-mb 1G: '1G' is not a whole number" - - '--buffer-offset-mb with a unit' -- launch naive --sizes 64 --buffer-offset-mb 1G
row launch-local-offset-text 2 "--local-memory-offset-mb 1G: '1G' is not a whole number" - - '--local-memory-offset-mb with a unit' -- launch naive --sizes 64 --local-memory-offset-mb 1G
row launch-offset-list 2 '--buffer-offset-mb 0,,2: empty number' - - 'empty item in an offset list' -- launch naive --sizes 64 --buffer-offset-mb 0,,2
row launch-offset-many 2 '--buffer-offset-mb 0,1,2,3,4,5,6,7,8,9,10: more than 10 offsets' - - 'more than 10 offsets' -- launch naive --sizes 64 --buffer-offset-mb 0,1,2,3,4,5,6,7,8,9,10
row launch-flush-value 2 "launch: option '--l2-flush' takes no value" - - 'value on --l2-flush' -- launch naive --sizes 64 --l2-flush=1
row launch-profile-flush-alone 2 '--profile-flush needs --l2-flush: it says where that flush runs' - - '--profile-flush without --l2-flush' -- launch naive --sizes 64 --profile-flush
row launch-no-gpu 1 'no CUDA device' nogpu,envmsg - 'launch without a GPU' -- launch naive --mnk 129,67,45
row list-unknown 2 "unknown variant 'rt_b16_3x3'; closest: " - - 'unknown variant' -- list --variants rt_b16_3x3
row list-option 2 "list: unknown option '--bogus'" - - 'unknown option' -- list --bogus
row list-extra 2 "unexpected argument 'extra'" - - 'stray argument' -- list extra
row info-option 2 "info: unknown option '--bogus'" - - 'unknown option' -- info --bogus
row info-device 2 "--device x: 'x' is not a whole number" - - 'non-numeric device' -- info --device x
row info-chip 2 "CUPTI does not know chip 'GX999'" nosan - 'unknown chip name' -- info --metrics --chip GX999
row info-no-gpu 1 'no CUDA device.*; `mmprof info --metrics` lists the chip.s metrics without a GPU' nogpu,envmsg - 'info without a GPU' -- info
# analyze: usage
row an-none 2 'no run directory given' - - 'no run directory' -- analyze
row an-two 2 'more than one run directory given' - - 'two run directories' -- analyze a b
row an-format 2 "unknown format 'xml': use --format table, csv or json" - mk_run 'unknown --format' -- analyze --format xml '$D/run'
row an-format-missing 2 "option '--format' needs a value" - - '--format without a value' -- analyze --format
row an-option 2 "unknown option '--bogus'" - mk_run 'unknown option' -- analyze --bogus '$D/run'
# analyze: the run directory and its files
row an-missing-dir 2 'is not a directory: pass a run directory' - - 'directory that does not exist' -- analyze '$D/none'
row an-file 2 'is not a directory: pass a run directory' - mk_file 'a file, not a directory' -- analyze '$D/afile'
row an-no-results 2 "no results.csv in '.*/run': run \`mmprof collect\` first" - mk_no_results 'no results.csv' -- analyze '$D/run'
row an-no-json 2 'cannot open .*/run.json: No such file or directory: a run directory needs the run.json' - mk_no_json 'no run.json' -- analyze '$D/run'
row an-csv-empty 2 'results.csv is empty: no header line' - mk_empty_csv 'empty results.csv' -- analyze '$D/run'
row an-csv-header-only 0 'has no rows yet: nothing was measured' writes,check=chk_analysis mk_header_only 'header only (killed before the first row): a warning, empty analysis' -- analyze '$D/run'
row an-csv-truncated 2 'results.csv line 5 has [0-9]+ fields, the header has [0-9]+ \(truncated or hand-edited file\?\)' - mk_truncated_csv 'results.csv cut mid-row' -- analyze '$D/run'
row an-csv-extra-field 2 'results.csv line 3 has [0-9]+ fields, the header has' - mk_extra_field 'a row with one cell too many' -- analyze '$D/run'
row an-csv-binary 2 'results.csv holds binary data, not CSV text' - mk_binary_csv 'binary (gzip) results.csv' -- analyze '$D/run'
row an-csv-quote 2 'results.csv line 2 has [0-9]+ fields, the header has' - mk_open_quote 'unterminated quote' -- analyze '$D/run'
row an-csv-no-column 2 "no 'M' column, so not a results.csv written by" - mk_no_m_column 'required column missing' -- analyze '$D/run'
row an-csv-header-cut 2 'results.csv line 1, the header, is cut short \(no newline at its end\)' - mk_header_cut 'header cut mid-way, no rows: not "no rows yet"' -- analyze '$D/run'
row an-csv-last-cell-cut 2 'results.csv line 4 is cut short \(no newline at its end\).*collect --resume' - mk_last_cell_cut 'last row cut inside its last cell' -- analyze '$D/run'
row an-csv-bom 0 '^$' writes,check=chk_analysis mk_bom 'UTF-8 BOM (saved by a spreadsheet): read as CSV' -- analyze '$D/run'
row an-csv-crlf 0 '^$' writes,check=chk_analysis mk_crlf 'CRLF line ends: read as CSV' -- analyze '$D/run'
row an-m-negative 2 "line 2: M '-1024' is not a whole number from 1 to 2147483647" - mk_m_negative 'negative M' -- analyze '$D/run'
row an-m-fraction 2 "line 2: M '1024.5' is not a whole number" - mk_m_fraction 'fractional M' -- analyze '$D/run'
row an-m-huge 2 "line 2: M '1e300' is not a whole number" - mk_m_huge 'M = 1e300' -- analyze '$D/run'
row an-m-text 2 "line 2: M 'abc' is not a whole number" - mk_m_text 'M = abc' -- analyze '$D/run'
row an-m-empty 2 "line 2: M '' is not a whole number" - mk_m_empty 'M empty' -- analyze '$D/run'
row an-k-zero 2 "line [0-9]+: K '0' is not a whole number from 1 to" - mk_k_zero 'K = 0 for a matmul' -- analyze '$D/run'
row an-unknown-variant 0 '^$' writes,check=chk_no_model mk_unknown_variant 'a variant this mmprof does not know: analysed, reason "no model"' -- analyze '$D/run'
row an-text-number 0 '^$' writes,check=chk_analysis mk_text_runtime 'runtime_ms = fast: shown as not measured' -- analyze '$D/run'
row an-json-empty 2 'run.json is not a JSON object \(truncated or hand-edited\?\)' - mk_json_empty 'empty run.json' -- analyze '$D/run'
row an-json-truncated 2 'run.json is not a JSON object' - mk_json_truncated 'truncated run.json' -- analyze '$D/run'
row an-json-binary 2 'run.json is not a JSON object' - mk_json_binary 'binary (gzip) run.json' -- analyze '$D/run'
row an-json-array 2 'run.json is not a JSON object' - mk_json_array 'run.json an array' -- analyze '$D/run'
row an-json-deep 2 'run.json is not a JSON object' - mk_json_deep '100000 nested arrays' -- analyze '$D/run'
row an-json-types 0 '^$' writes,check=chk_analysis mk_json_types 'device name a number, sm_count a string: treated as unknown' -- analyze '$D/run'
row an-json-dir 2 'cannot read .*/run.json \(unreadable, or larger than 16 MiB\)' - mk_json_dir 'run.json a directory' -- analyze '$D/run'
row an-csv-dir 2 'cannot read .*/results.csv: Is a directory' - mk_csv_dir 'results.csv a directory' -- analyze '$D/run'
row an-csv-unreadable 2 'cannot open .*/results.csv: Permission denied' nobody mk_csv_unreadable 'results.csv unreadable' -- analyze '$D/run'
row an-readonly 1 'cannot create a file in .*/run: Permission denied \(is the run directory writable\?\); the analysis above is complete' nobody,check=chk_table_printed mk_run_ro 'read-only run directory: the analysis printed, not saved' -- analyze '$D/run'
row an-full-disk 1 'cannot write .*/analysis.csv: No space left on device \(disk full or read-only\?\)' fs=fit mk_fs_run 'full disk: no analysis.csv, no temporary file' -- analyze '$D/fs/run'
# plot
row plot-none 2 'plot: no run directory given' - - 'no run directory' -- plot
row plot-format 2 "plot: unknown format 'gif': use --format png, svg or both" - mk_run 'unknown --format' -- plot --format gif '$D/run'
row plot-missing-dir 2 "plot: '.*/none' is not a directory" - - 'directory that does not exist' -- plot '$D/none'
row plot-truncated 2 'plot: .*/results.csv line 5 has [0-9]+ fields' - mk_truncated_csv 'results.csv cut mid-row' -- plot '$D/run'
row plot-bad-json 2 'plot: .*/run.json is not a JSON object' - mk_json_truncated 'truncated run.json' -- plot '$D/run'
row plot-no-gnuplot 1 'plot: gnuplot not found: apt-get install gnuplot-nox' writes,nognuplot,check=chk_plot_sources mk_run 'gnuplot not installed: .dat and .gp written to render later, no image' -- plot '$D/run'
row plot-readonly 1 'plot: cannot create .*/run/plots: Permission denied' nobody mk_run_ro 'read-only run directory' -- plot '$D/run'
row plot-readonly-analysed 1 'plot: cannot write in .*/run/plots: Permission denied' nobody mk_analysed_ro 'read-only run directory with a fresh analysis.csv: one line, not one per chart' -- plot '$D/run'
row plot-full-disk 1 'plot: cannot write .*/run/plots/.*: No space left on device' fs=fit mk_fs_run 'full disk' -- plot '$D/fs/run'
# report
row report-none 2 'report: no run directory given' - - 'no run directory' -- report
row report-truncated 2 'report: .*/results.csv line 5 has [0-9]+ fields' - mk_truncated_csv 'results.csv cut mid-row' -- report '$D/run'
row report-bad-json 2 'report: .*/run.json is not a JSON object' - mk_json_truncated 'truncated run.json' -- report '$D/run'
row report-baseline-missing 2 "report: --baseline: '.*/none' is not a directory" - mk_run 'no baseline run' -- report '$D/run' --baseline '$D/none'
row report-header-only 2 'report: .*/results.csv has no rows yet: nothing to report' - mk_header_only 'header only: no empty report' -- report '$D/run'
row report-stale-chart 0 'report: charts older than .*/results.csv are embedded as they are \(roofline.png\): `mmprof plot' writes,nognuplot mk_stale_chart 'without gnuplot, a chart older than results.csv: said (with it, drawn again)' -- report '$D/run'
row report-out-other-run 2 'report: .*/b holds another run \(its results.csv differs' - mk_other_b 'an --out that holds another run: refused, untouched' -- report '$D/run' --out '$D/b'
row plot-out-not-run 2 'plot: .*/plain is not a run directory: it has no results.csv' - mk_plain_dir 'a directory that is not a run, with --out: nothing made' -- plot '$D/plain' --out '$D/out'
row report-readonly 1 "report: cannot write in '.*/run': Permission denied" nobody mk_run_ro 'read-only run directory' -- report '$D/run'
# diff
row diff-one 2 'diff: give two run directories' - mk_run 'one run only' -- diff '$D/run'
row diff-missing 2 "diff: run B: '.*/none' is not a directory" - mk_run 'run B does not exist' -- diff '$D/run' '$D/none'
row diff-truncated 2 'diff: run B: .*/b/results.csv line 5 has [0-9]+ fields' - mk_b_truncated 'run B truncated' -- diff '$D/run' '$D/b'
row diff-bad-samples 2 'diff: run B: .*/b/samples.csv line 2: expected a variant, M, N, K and launch times' - mk_b_bad_samples 'run B samples.csv with a word for a time' -- diff '$D/run' '$D/b'
row diff-cut-samples 2 'diff: run B: .*/b/samples.csv line 2 is cut short.*--resume' - mk_b_cut_samples 'run B samples.csv cut mid-line' -- diff '$D/run' '$D/b'
row diff-option-typo 2 "diff: unknown option '--treshold': did you mean --threshold\?" - mk_two_runs 'misspelt option' -- diff '$D/run' '$D/b' --treshold 5
row diff-no-value 2 "diff: option '--markdown' needs a value: --markdown FILE" - mk_two_runs '--markdown without its file' -- diff '$D/run' '$D/b' --markdown
row source-profile-run 2 'has no source.csv: the run took no PC samples \(.mmprof profile --source. takes them\)' - mk_profile_run 'source on a profile run without PC samples' -- source '$D/prun'
row xcheck-no-ncu 2 "xcheck: --mmprof is compared with ncu: give ncu's CSV with --ncu" - mk_run '--mmprof without --ncu' -- xcheck --mmprof '$D/run'
row diff-bad-rule 2 "diff: --fail-on 'slower>fast': give slower>P%" - mk_two_runs 'a --fail-on rule that does not parse' -- diff '$D/run' '$D/b' --fail-on 'slower>fast'
row diff-junit-unwritable 1 'diff: cannot write .*/none/x.xml' - mk_two_runs 'JUnit file in a missing directory' -- diff '$D/run' '$D/b' --junit '$D/none/x.xml'
row diff-bad-json 2 'diff: run B: .*/b/run.json is not a JSON object' - mk_b_bad_json 'run B with a truncated run.json' -- diff '$D/run' '$D/b'
# run (the main job)
row run-sizes-zero 2 "--sizes 0: '0' must be at least 1" - - 'a bad collect option, GPU or not' -- run --sizes 0
row run-out-exists 2 'already holds files; mmprof never overwrites a run' - mk_nonempty_out 'existing --out, GPU or not' -- run --out '$D/out'
row run-no-gpu-measuring 1 '--variants measures on a GPU; without one `mmprof run` builds the example' nogpu,envmsg - 'measuring options without a GPU: refused, not ignored' -- run --variants naive --sizes 64 --out '$D/out'
row run-no-gpu-example 2 "--example .*/none: no results.csv and run.json there" nogpu - 'an --example that is not a run: no directory left' -- run --example '$D/none' --out '$D/ex'
row run-no-gpu-out 0 'building the report from the example run' nogpu,envmsg,writes,check=chk_example_report mk_src 'without a GPU, --out is where the example report goes' -- run --example '$D/src' --out '$D/ex'
# merge
row profile-none 2 'no app to profile: mmprof profile \[options\] -- ./app \[args\]' - - 'no app' -- profile
row profile-not-found 2 'nope: No such file or directory' - - 'app not found' -- profile -- '$D/nope'
row profile-not-on-path 2 'mmprof-no-app: not found on PATH \(give its path' - - 'app not on PATH' -- profile -- mmprof-no-app
row profile-not-exec 2 'afile is not executable \(chmod \+x' - mk_file 'app not executable' -- profile -- '$D/afile'
row profile-dir 2 'plain is a directory, not a program' - mk_plain_dir 'app is a directory' -- profile -- '$D/plain'
row profile-regex 2 "bad regular expression '\(': " - - 'bad -k regex' -- profile -k 'regex:(' -- /bin/true
row profile-nvtx 2 "--nvtx-include 'solve': a push/pop range path ends with '/'" - - '--nvtx-include without a trailing /' -- profile --nvtx-include solve -- /bin/true
row profile-count 2 "-c/--launch-count 'x' is not a count" - - 'launch count not a number' -- profile -c x -- /bin/true
row profile-model 2 "model.txt:1: declaration: no kind 'warp'" - mk_bad_model 'a --model line naming no kind' -- profile --model '$D/model.txt' -- /bin/true
row profile-model-missing 2 'model.txt: No such file or directory' - - '--model file missing' -- profile --model '$D/model.txt' -- /bin/true
row profile-metric 2 "unknown metric 'no_such'" - - 'unknown --metrics name' -- profile --metrics no_such -- /bin/true
row profile-per-kernel 2 "--launches-per-kernel 'x' is not a count" - - 'launches per kernel not a number' -- profile --launches-per-kernel x -- /bin/true
row profile-replay-mode 2 "--replay-mode 'ranges': give kernel, application or range" - - 'unknown replay mode' -- profile --replay-mode ranges -- /bin/true
row profile-range-two 2 'give at most one --nvtx-include' - - 'range replay of two ranges' -- profile --replay-mode range --nvtx-include a/ --nvtx-include b/ -- /bin/true
row profile-no-gpu 1 'no CUDA device: .*; profile needs a GPU' nogpu,envmsg - 'profile without a GPU: no run directory made' -- profile --out '$D/out' -- /bin/true
row profile-list-no-gpu 1 'no CUDA device: .*; profile needs a GPU' nogpu,envmsg - '--list without a GPU: nothing made' -- profile --list --out '$D/out' -- /bin/true

row merge-none 2 'merge: give OUT and at least one RUN' - - 'nothing to merge' -- merge
row merge-truncated 2 '.*/b/results.csv line 5 has [0-9]+ fields' - mk_b_truncated 'a truncated shard: no OUT made' -- merge '$D/out' '$D/run' '$D/b'
row merge-missing 2 '.*/none is not a run directory' - mk_run 'a shard that does not exist' -- merge '$D/out' '$D/run' '$D/none'
row merge-out-exists 2 'already holds files; mmprof never overwrites a run' multi mk_two_runs 'OUT an existing run: refused, untouched' -- merge '$D/b' '$D/run'

# ---------------------------------------------------------------- runner ---
has_flag() { [[ ",${R_FLAGS[$1]}," == *",$2,"* ]]; }
flag_value() { sed -n "s/.*\(^\|,\)$2=\([^,]*\).*/\2/p" <<<"${R_FLAGS[$1]}"; }

# KiB a tmpfs needs for the source run's files, plus 8 KiB
fit_kib() {
    local total=0 f
    for f in "$source/results.csv" "$source/run.json"; do
        total=$((total + ($(stat -c %s "$f") + 4095) / 4096 * 4))
    done
    echo $((total + 8))
}

# run_row ID: runs one row in $T/ID; writes $T/ID.status ("ok", "FAIL: why"
# or "SKIP: why"), $T/ID.rc and $T/ID.err (stderr, D as "$D").
run_row() {
    local id=$1 D=$T/$1 prefix="" rc why=""
    mkdir -p "$D" && chmod 755 "$D"
    if has_flag "$id" nobody; then
        if ! prefix=$(as_nobody_how) || ! $prefix "$mmprof" --version > /dev/null 2>&1; then
            echo "SKIP: cannot run mmprof as an unprivileged user here (no setpriv, or its path is private)" \
                > "$T/$id.status"
            return
        fi
    fi
    local size
    size=$(flag_value "$id" fs)
    if [ -n "$size" ]; then
        [ "$size" = fit ] && size=$(fit_kib)k
        mkdir -p "$D/fs" && mount -t tmpfs -o "size=$size" tmpfs "$D/fs" || {
            echo "FAIL: cannot mount a tmpfs on $D/fs" > "$T/$id.status"
            return
        }
    fi
    if [ "${R_SETUP[$id]}" != - ] && ! "${R_SETUP[$id]}" "$D" > "$T/$id.setup" 2>&1; then
        echo "FAIL: setup ${R_SETUP[$id]}: $(head -c 300 "$T/$id.setup")" > "$T/$id.status"
        return
    fi
    if has_flag "$id" nognuplot; then
        mkdir -p "$T/no-gnuplot-bin"
        prefix="env PATH=$T/no-gnuplot-bin"
    fi
    has_flag "$id" norights && prefix="env MMPROF_FORCE_NO_COUNTERS=1"
    local args=() a
    eval "args=(${R_ARGS[$id]})"
    for a in "${!args[@]}"; do
        args[a]=${args[a]//\$D/$D}
    done
    local before after
    before=$(snapshot "$D")
    # shellcheck disable=SC2086
    $prefix "$mmprof" "${args[@]}" > "$T/$id.out" 2> "$T/$id.err.raw" < /dev/null
    rc=$?
    after=$(snapshot "$D")
    sed "s|$D|\$D|g" "$T/$id.err.raw" > "$T/$id.err"
    echo "$rc" > "$T/$id.rc"
    local lines
    lines=$(wc -l < "$T/$id.err")
    if [ "$rc" != "${R_RC[$id]}" ]; then
        why="exit $rc, want ${R_RC[$id]}"
    elif ! grep -qE -- "${R_RE[$id]}" "$T/$id.err" && ! { [ "${R_RE[$id]}" = '^$' ] && [ "$lines" = 0 ]; }; then
        why="message does not match /${R_RE[$id]}/"
    elif [ "$rc" != 0 ] && ! has_flag "$id" multi && ! has_flag "$id" writes &&
        { [ "$lines" != 1 ] || ! grep -q '^mmprof: error: ' "$T/$id.err"; }; then
        why="the answer is $lines lines, want one 'mmprof: error: ...' line"
    elif [ "$rc" != 0 ] && ! has_flag "$id" writes && [ "$before" != "$after" ]; then
        why="a failing command changed files under \$D: $(diff <(echo "$before") <(echo "$after") | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
    elif [ "$rc" = 0 ] && ! has_flag "$id" writes && [ "$before" != "$after" ]; then
        why="the command changed files under \$D"
    else
        local chk
        chk=$(flag_value "$id" check)
        if [ -n "$chk" ] && ! "$chk" "$D" > "$T/$id.check" 2>&1; then
            why="check $chk failed: $(head -c 300 "$T/$id.check")"
        fi
    fi
    if [ -n "$why" ]; then
        echo "FAIL: $why; stderr: $(head -c 400 "$T/$id.err")" > "$T/$id.status"
    else
        echo ok > "$T/$id.status"
    fi
    if [ -n "$size" ]; then umount "$D/fs" 2> /dev/null; fi
}

if [ "$mode" = one ]; then
    run_row "$one_row"
    exit 0
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_bad_input.XXXXXX")
chmod 755 "$T"
cleanup() { chmod -R u+rwx "$T" 2> /dev/null; rm -rf "$T"; }
trap cleanup EXIT
gpu=0
have_gpu && gpu=1
sanitized=0
grep -q __asan_init "$mmprof" && sanitized=1
ns=$(unshare_how)

# -------------------------------------------------------- table + readme ---
md_cell() { # escapes | for a table cell and wraps the text in a code span
    local s=${1//|/\\|}
    printf '`` %s ``' "$s"
}
table_row() {
    local id=$1 cmd="mmprof" a msg args=()
    eval "args=(${R_ARGS[$id]})"
    for a in "${args[@]}"; do
        if [[ -z "$a" || "$a" == *[[:space:]\*\'\"]* ]]; then cmd+=" '$a'"; else cmd+=" $a"; fi
    done
    msg=$(sed ':a;N;$!ba;s/\n/ ⏎ /g' "$T/$id.err")
    [ -n "$msg" ] || msg="(nothing on stderr)"
    [ "$(wc -l < "$T/$id.err")" -gt 3 ] && msg="$(head -n 1 "$T/$id.err") ⏎ … ($(wc -l < "$T/$id.err") lines)"
    printf '| %s | %s | %s | %s | %s |\n' "$id" "${R_NOTE[$id]}" "$(md_cell "$cmd")" "$(cat "$T/$id.rc")" "$(md_cell "$msg")"
}

fails=0 skipped=0 n=0
: > "$T/table.md"
commands=$("$mmprof" --help 2>&1 | sed -n 's/^  \([a-z]*\) .*/\1/p')
for id in "${ids[@]}"; do
    eval "first=(${R_ARGS[$id]})"
    if [ -n "${first[0]:-}" ] && [ "${first[0]#-}" = "${first[0]}" ] && [ "${first[0]}" != frob ] && [ "${first[0]}" != analyse ] &&
        ! grep -qx -- "${first[0]}" <<<"$commands"; then
        echo "SKIP: $id ('${first[0]}' is not a command of this mmprof)"
        skipped=$((skipped + 1))
        continue
    fi
    if has_flag "$id" nogpu && [ "$gpu" = 1 ]; then
        echo "SKIP: $id (answers differently where there is a GPU)"
        skipped=$((skipped + 1))
        continue
    fi
    if has_flag "$id" nosan && [ "$sanitized" = 1 ]; then
        echo "SKIP: $id (CUPTI's host API cannot load under ASan)"
        skipped=$((skipped + 1))
        continue
    fi
    if [ -n "$(flag_value "$id" fs)" ]; then
        if [ -z "$ns" ]; then
            echo "SKIP: $id (a full disk needs a mount namespace: not root, no user namespaces)"
            skipped=$((skipped + 1))
            continue
        fi
        mkdir -p "$T/$id"
        $ns bash "$0" --one-row "$id" "$mmprof" "$rb_check" "$source" --scratch "$T"
    else
        run_row "$id"
    fi
    n=$((n + 1))
    status=$(cat "$T/$id.status" 2> /dev/null || echo "FAIL: no result")
    case "$status" in
    ok) echo "ok: $id: mmprof ${R_ARGS[$id]}-> $(cat "$T/$id.rc")"
        table_row "$id" >> "$T/table.md" ;;
    SKIP*) echo "$status ($id)"; skipped=$((skipped + 1)) ;;
    *) echo "$status ($id)"; fails=$((fails + 1)) ;;
    esac
done
echo "$n rows run, $fails failed, $skipped skipped"

[ -n "$table_out" ] && cp "$T/table.md" "$table_out"

# README: the rows between the markers must be this run's answers.
# shellcheck source=tests/lib/readme_table.sh
. "$here/../lib/readme_table.sh"
[ -z "$readme" ] || readme_table
[ "$fails" = 0 ]
