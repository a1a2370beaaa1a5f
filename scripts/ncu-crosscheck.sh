#!/usr/bin/env bash
# Cross-checks mmprof's CUPTI counters against Nsight Compute on the same kernels.
# Per variant and shape, ncu (--cache-control all --clock-control none, application
# replay unless --replay-mode kernel) profiles `mmprof launch --l2-flush
# --profile-flush` (buffers made and kernels verified as collect does, then each
# range: collect's L2 flush, whose rows are dropped, and the kernel), and
# `mmprof collect --profile-only` reads the same metrics. `mmprof xcheck`
# (xcheck/README.md) compares their medians: exact counts within 0.1 %, DRAM and
# L2 totals within 2 % or --floor-sectors (default 8192), the elapsed class
# within 2 % or 1 point, the rest printed for information; each limit, why, and
# the measured results are in docs/fidelity.md. Run r of --repeat N puts both
# tools' buffers at --buffer-offset-mb 2^r - 2; the runs go in blocks of --block
# placements (one ncu process a block), the tools taking turns to go first;
# --extend-to M adds runs to the series too noisy to resolve their limit. Once a
# shape, `collect --no-profile` times the kernels unprofiled (xcheck --timing).
# Writes OUT/crosscheck.csv and prints the table. Exit 0 all within limits, 1 on
# any miss or failed run, 2 on bad arguments, 77 without a GPU or ncu (ctest skip).
#
# usage: scripts/ncu-crosscheck.sh [--variants a,b,...] [--sizes 2048,...]
#                                  [--mnk M,N,K]... [--metrics LIST] [--out DIR]
#                                  [--repeat N (1..40)] [--replay-mode kernel|application]
#                                  [--extend-to M (repeat+1..40)]
#                                  [--block N (1..10)] [--ncu-per-placement] [--resume]
#                                  [--skip-flush] [--self ncu|mmprof] [--floor-sectors N]
#                                  [--local-memory-offset-mb auto|N] [--ncu-cache-control all|none]
#        scripts/ncu-crosscheck.sh --join OUT DIR...   (no GPU needed)
#   --resume             with the --out of a stopped check: keeps its finished blocks
#   --self ncu|mmprof    a tool against itself: the floor a limit can resolve
#   --local-memory-offset-mb  collect holds as much device memory as ncu does in its
#                        process (auto: measured through `mmprof launch`)
#   --skip-flush, --ncu-cache-control none: diagnostics (docs/fidelity.md)
#   --join OUT DIR...    joins runs over disjoint variant sets into one table
# defaults: every variant of `mmprof list --names`; --sizes 2048 and --mnk 1000,3000,700;
#           the counters of the default metric set (`mmprof info --counters default`),
#           the cp.async copies' requests and sectors, and the L2 Request
#           Coalescer's two read counters where the chip has them (Hopper on).
# env: MMPROF (default build/cli/mmprof), NCU (default ncu, else /usr/local/cuda/bin/ncu)
# Compare again without a GPU: mmprof xcheck --mmprof OUT/work/mmprof_MxNxK_r1,...
#   --ncu VARIANTS@MxNxK:OUT/work/ncu_MxNxK_r1-5.csv (`mmprof xcheck --help`).
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
MMPROF=${MMPROF:-$root/build/cli/mmprof}
# shellcheck source=scripts/lib/gpu-tools.sh
. "$here/lib/gpu-tools.sh"

die() { echo "ncu-crosscheck: $*" >&2; exit 1; }
usage() { echo "ncu-crosscheck: $*" >&2; exit 2; } # bad arguments
skip() { echo "SKIP: ncu-crosscheck: $*"; exit 77; }

variants="" metrics="" out="" floor=8192 repeat=1 replay=application profile_flush=--profile-flush block=5 self="" extend_to=0 resume=0
ncu_cache=all
local_offset=auto
join_out="" join_dirs=()
shapes=()
while [ $# -gt 0 ]; do
    case "$1" in
    --variants | --sizes | --mnk | --metrics | --out | --self | --replay-mode | --repeat | --extend-to | --block | --floor-sectors | \
        --local-memory-offset-mb | --ncu-cache-control)
        [ $# -ge 2 ] || usage "$1 needs a value (see --help)" ;;
    esac
    case "$1" in
    --variants) variants=$2; shift 2 ;;
    --sizes)
        for s in ${2//,/ }; do shapes+=("$s,$s,$s"); done
        shift 2 ;;
    --mnk) shapes+=("$2"); shift 2 ;;
    --metrics) metrics=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --skip-flush) profile_flush=""; shift ;;
    --ncu-per-placement) block=1; shift ;;
    --block)
        [[ "$2" =~ ^([1-9]|10)$ ]] || usage "--block $2: give a count from 1 to 10"
        block=$2; shift 2 ;;
    --resume) resume=1; shift ;;
    --local-memory-offset-mb)
        [[ "$2" =~ ^(auto|[0-9]{1,5})$ ]] || usage "--local-memory-offset-mb $2: give auto or a whole number of MiB"
        local_offset=$2; shift 2 ;;
    --floor-sectors)
        [[ "$2" =~ ^[0-9]{1,9}$ ]] || usage "--floor-sectors $2: give a whole number of sectors (0: the 2 % alone)"
        floor=$((10#$2)); shift 2 ;;
    --self)
        case "$2" in ncu | mmprof) self=$2 ;; *) usage "--self $2: give ncu or mmprof" ;; esac
        shift 2 ;;
    --replay-mode)
        case "$2" in kernel | application) replay=$2 ;; *) usage "--replay-mode $2: give kernel or application" ;; esac
        shift 2 ;;
    --ncu-cache-control)
        case "$2" in all | none) ncu_cache=$2 ;; *) usage "--ncu-cache-control $2: give all or none" ;; esac
        shift 2 ;;
    --repeat)
        [[ "$2" =~ ^([1-9]|[1-3][0-9]|40)$ ]] || usage "--repeat $2: give a count from 1 to 40"
        repeat=$2; shift 2 ;;
    --extend-to)
        [[ "$2" =~ ^([1-9]|[1-3][0-9]|40)$ ]] || usage "--extend-to $2: give a count from 1 to 40"
        extend_to=$2; shift 2 ;;
    --join)
        [ $# -ge 3 ] || usage "--join OUT DIR...: name the output and the cross-check directories to join"
        join_out=$2; shift 2; join_dirs=("$@"); break ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) usage "unknown argument '$1' (see --help)" ;;
    esac
done
[ ${#shapes[@]} -gt 0 ] || shapes=("2048,2048,2048" "1000,3000,700")
[ "$extend_to" = 0 ] || [ "$extend_to" -gt "$repeat" ] ||
    usage "--extend-to $extend_to: give more runs than --repeat ($repeat)"
[ "$resume" = 0 ] || [ -n "$out" ] || [ -n "$join_out" ] || usage "--resume: name the cross-check to finish with --out DIR"

# --- what this machine has (not needed to join) -------------------------------
if [ -z "$join_out" ]; then
    if [ "$self" = mmprof ]; then gpu_tools_require --no-ncu; else gpu_tools_require; fi

    # The L2 Request Coalescer's counters (Hopper on) come with the default set:
    # they show whether two tools' L2 read sectors differ in what the SMs requested
    # or only in how many requests the LRC merged (docs/fidelity.md).
    lrc_metrics=lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
    # The cp.async copies' own requests and sectors (SASS-patched, so out of
    # the default set) show that the L1TEX _op_ld counters include them.
    ldgsts_metrics=sm__sass_l1tex_t_requests_pipe_lsu_mem_global_op_ldgsts.sum,sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts.sum
    if [ -z "$metrics" ]; then
        metrics=$(gpu_tools_default_metrics),$ldgsts_metrics
        if "$MMPROF" info --metrics lrc__request_sectors_op_read_coalescable 2> /dev/null |
            grep -q '^lrc__request_sectors_op_read_coalescable '; then
            metrics=$metrics,$lrc_metrics
        fi
    fi
    # A name given twice would be compared, and counted, twice.
    metrics=$(tr , '\n' <<< "$metrics" | awk 'NF && !seen[$0]++' | paste -sd, -)
    [ -n "$metrics" ] || die "no metrics to compare"
    # ncu prints IPC to two decimals (1.7 % of a transpose's 0.3): it is also
    # asked for IPC's two counters, and xcheck takes the ratio from those.
    ncu_metrics=$("$MMPROF" xcheck --ncu-metrics --metrics "$metrics") || die "mmprof xcheck --ncu-metrics failed"
    # ncu holds device memory of its own in the profiled process, allocated
    # before the program's: the local memory reservation, and the spilling
    # kernels' DRAM reads and sm_efficiency with it, move by as much
    # (docs/fidelity.md). collect gets the same offset before its reservation,
    # measured as the difference of what `mmprof launch` finds in use alone
    # and under ncu. Not for --self: both sides are then one tool.
    if [ "$local_offset" = auto ] && [ "$resume" = 1 ] && [ -n "$out" ] && [ -f "$out/work/options.txt" ]; then
        local_offset=$(sed -n 's/.*local_memory_offset_mib=\([0-9]*\).*/\1/p' "$out/work/options.txt") # as measured
        [ -n "$local_offset" ] || local_offset=auto
    fi
    if [ "$local_offset" = auto ]; then
        local_offset=0
        if [ -z "$self" ]; then
            local_offset=$(gpu_tools_ncu_held_mib) || exit 1
            echo "ncu-crosscheck: collect gets --local-memory-offset-mb $local_offset" >&2
        fi
    fi
    # Names, families and globs expand through mmprof list; CPU-only variants
    # (cpu_blas) have no kernel for ncu and are reported, not compared.
    cpu_only=""
    if [ -n "$variants" ]; then
        named=$("$MMPROF" list --names --variants "$variants") || exit 2
        gpu=$("$MMPROF" list --names --gpu --variants "$variants") || die "mmprof list --gpu failed"
        cpu_only=$(comm -23 <(sort <<< "$named") <(sort <<< "$gpu") | paste -sd, -)
        variants=$(paste -sd, - <<< "$gpu")
    else
        variants=$("$MMPROF" list --names --gpu | paste -sd, -) || die "mmprof list --names failed"
    fi
    [ -n "$variants" ] || die "no GPU variants to compare${cpu_only:+ ($cpu_only runs on the CPU)}"
    if [ -z "$out" ]; then out=$(mktemp -d "${TMPDIR:-/tmp}/ncu-crosscheck.XXXXXX"); fi
    mkdir -p "$out" || die "cannot create $out"
    # OUT/work holds every measurement. --resume keeps those that finished
    # (a device that stops a command after 10 minutes, say) when they were
    # made with the same options; otherwise it starts empty.
    work=$out/work
    options="variants=$variants shapes=${shapes[*]} metrics=$metrics repeat=$repeat extend_to=$extend_to"
    options="$options block=$block replay=$replay flush=${profile_flush:-none} self=${self:-none} floor=$floor"
    options="$options local_memory_offset_mib=$local_offset"
    # named only when not the default, so that directories measured before the option resume
    [ "$ncu_cache" = all ] || options="$options ncu_cache_control=$ncu_cache"
    if [ "$resume" = 1 ] && [ -f "$work/options.txt" ]; then
        [ "$(cat "$work/options.txt")" = "$options" ] ||
            usage "--resume: $out was measured with other options (see $work/options.txt); give them again, or another --out"
    else
        rm -rf "$work"
    fi
    mkdir -p "$work" || die "cannot create $work"
    echo "$options" > "$work/options.txt"
fi

# --- measuring ---------------------------------------------------------------
# The comparison itself (reading collect's results.csv and ncu's CSV, the
# medians, spreads, Welch's t, the limits, the table, crosscheck.csv and the
# summary) is `mmprof xcheck`'s (xcheck/); this script runs the tools.

# --join OUT DIR...: earlier cross-checks over disjoint variant sets as one.
if [ -n "$join_out" ]; then
    join_args=()
    for d in "${join_dirs[@]}"; do join_args+=(--join "$d"); done
    "$MMPROF" xcheck "${join_args[@]}" --out "$join_out"
    exit
fi

# ncu on `mmprof launch` of the variants at the given offset(s): REP.ncu-rep
# (deleted once read) and REP.csv.
ncu_run() { # tag rep variants shape offsets
    local tag=$1 rep=$2
    rm -f "$rep.ncu-rep"
    if ! "$NCU" --replay-mode "$replay" --cache-control "$ncu_cache" --clock-control none --profile-from-start off \
        --metrics "$ncu_metrics" --export "$rep" --force-overwrite \
        "$MMPROF" launch "$3" --mnk "$4" --l2-flush $profile_flush --buffer-offset-mb "$5" > "$rep.log" 2>&1; then
        if grep -q 'ERR_NVGPUCTRPERM' "$rep.log"; then
            skip "ncu may not read GPU counters here (ERR_NVGPUCTRPERM): run as root or set NVreg_RestrictProfilingToAdminUsers=0"
        fi
        echo "FAIL $tag: ncu failed (see $rep.log)" >&2
        return 1
    fi
    "$NCU" --import "$rep.ncu-rep" --csv --page details --print-units base > "$rep.csv" 2> "$rep-import.log" ||
        { echo "FAIL $tag: ncu --import failed (see $rep-import.log)" >&2; return 1; }
    rm -f "$rep.ncu-rep" # the CSV holds every value; the reports add up to gigabytes
}

# Run r's buffer offset in MiB: 0, 2, 6, 14, ..., 1022 (2^r - 2), then the same
# ten again from run 11 on.
offset_mb() { echo $(( (1 << (($1 - 1) % 10 + 1)) - 2 )); }
offsets_of() { seq "$1" "$2" | while read -r r; do offset_mb "$r"; done | paste -sd, -; } # runs FIRST..LAST

# The two sides compared: mmprof against ncu, or one tool against itself.
case "$self" in
ncu) labels=(ncu_1 ncu_2) ;;
mmprof) labels=(mmprof_1 mmprof_2) ;;
*) labels=(mmprof ncu) ;;
esac
failures=0

echo "medians of $repeat run(s) per side, at buffer offsets $(offsets_of 1 "$((repeat < 10 ? repeat : 10))" | tr , ' ') MiB$([ "$repeat" -gt 10 ] && echo ' (cycled)');" \
    "spread = (max - min) / median over the runs; t = Welch's t of the two means" | tee "$out/settings.txt"
echo "blocks of $block placement(s): in each, one collect per placement and one ncu process for every variant," \
    "the tools taking turns to go first$([ "$extend_to" -gt 0 ] && echo "; noisy ones extended to $extend_to runs")" |
    tee -a "$out/settings.txt"
[ -z "$self" ] || echo "--self $self: ${labels[0]} and ${labels[1]} are two measurements by $self in separate processes" |
    tee -a "$out/settings.txt"
[ "$local_offset" = 0 ] || echo "collect with --local-memory-offset-mb $local_offset: the device memory ncu holds in the process" |
    tee -a "$out/settings.txt"
[ "$ncu_cache" = all ] || [ "$self" = mmprof ] ||
    echo "ncu with --cache-control $ncu_cache: the kernel starts from what collect's flush leaves, not from ncu's flush" |
    tee -a "$out/settings.txt"

# Which tools measure: collect runs in every block of the --repeat runs (its
# first run tells which variants mmprof skips on this device) and, where a
# side is mmprof's, in the added runs too; ncu once per ncu side.
collect_runs=("") ncu_runs=()
case "$self" in
mmprof) collect_runs+=(b) ;;
ncu) ncu_runs=("" b) ;;
*) ncu_runs=("") ;;
esac
collect_always=1
[ "$self" != ncu ] || collect_always=0

# What `mmprof xcheck` reads, as the measurements finish (or were finished by
# an earlier call, --resume): --mmprof / --mmprof2 run directories and --ncu /
# --ncu2 CSVs with the variants and shape of their samples.
inputs=()
add_input() { inputs+=("$1" "$2"); } # option value

# Run r of collect (RUN_ID b: the second measurement of --self mmprof) of the
# variants at the shape, into DIR; DIR.done once it is complete.
mmprof_collect() { # variants shape r run_id dir
    if ! [ "$resume" = 1 ] || ! [ -f "$5.done" ]; then
        block_work=1
        rm -rf "$5" "$5.done"
        if ! "$MMPROF" collect --profile-only --no-ceilings --variants "$1" --mnk "$2" --metrics "$metrics" \
            --buffer-offset-mb "$(offset_mb "$3")" --local-memory-offset-mb "$local_offset" --out "$5" > "$5.log" 2>&1; then
            echo "FAIL ${2//,/x}: mmprof collect failed (see $5.log)" >&2
            return 1
        fi
        touch "$5.done"
    fi
    add_input "--mmprof${4:+2}" "$5"
}

# ncu on VARIANTS at the placements of runs FIRST..LAST in one process (REP):
# REP.csv, checked by `mmprof xcheck --check` to hold every sample (SAMPLES:
# the variant of each, in launch's order, or one period of it); REP.done
# once it does.
ncu_measure() { # shape run_id first last variants rep samples
    local spec="$7@${1//,/x}:$6.csv"
    if ! [ "$resume" = 1 ] || ! [ -f "$6.done" ]; then
        block_work=1
        rm -f "$6.done"
        ncu_run "${1//,/x} runs $3-$4" "$6" "$5" "$1" "$(offsets_of "$3" "$4")" || return 1
        if ! "$MMPROF" xcheck --check --metrics "$metrics" --ncu "$spec" > "$6.check" 2>&1; then
            echo "FAIL ${1//,/x} runs $3-$4: ncu's report does not hold the samples launched ($(tail -1 "$6.check"))" >&2
            return 1
        fi
        touch "$6.done"
    fi
    add_input "--ncu${2:+2}" "$spec"
}

# ncu's side of a block: every variant in one process, told apart by the flush
# kernel before each. Without the flush in ncu's view (--skip-flush) nothing
# marks where a variant ends, so then each variant gets a process of its own,
# its kernels split evenly among the placements.
ncu_block() { # shape run_id first last variants
    local s=${1//,/x} v samples
    if [ -n "$profile_flush" ]; then
        ncu_measure "$@" "$work/ncu_${s}_r$3-$4$2" "$5"
        return
    fi
    for v in ${5//,/ }; do
        samples=$(for _ in $(seq "$3" "$4"); do echo "$v"; done | paste -sd, -)
        ncu_measure "$1" "$2" "$3" "$4" "$v" "$work/ncu_${s}_${v}_r$3-$4$2" "$samples" || return 1
    done
}

# Those of VARIANTS that collect's first run at the shape measured (status
# ok), in order.
ok_variants() { # shape variants
    local r1="$work/mmprof_${1//,/x}_r1" ok v listed=()
    [ -f "$r1.done" ] || return 0
    read -r _ ok < <("$MMPROF" xcheck --list-ok --metrics "$metrics" --mmprof "$r1") || return 0
    for v in ${2//,/ }; do
        case ",$ok," in *",$v,"*) listed+=("$v") ;; esac
    done
    (IFS=,; echo "${listed[*]}")
}

now_s() { date +%s; }
# Runs FIRST..LAST of VARIANTS at SHAPE, by both tools in turn: mmprof first in
# even blocks (INDEX), ncu first in odd ones, so that a drift over the minutes
# a shape takes falls on both tools alike. Says on stderr what it took, or
# that a tool's part was measured by an earlier call (--resume).
run_block() { # shape first last variants collect(0|1) index
    local tool order=(mmprof ncu) r run_id t0 took=""
    [ $(($6 % 2)) = 0 ] || order=(ncu mmprof)
    for tool in "${order[@]}"; do
        t0=$(now_s) block_work=0
        if [ "$tool" = mmprof ]; then
            [ "$5" = 1 ] || continue
            for r in $(seq "$2" "$3"); do
                for run_id in "${collect_runs[@]}"; do
                    mmprof_collect "$4" "$1" "$r" "$run_id" "$work/mmprof_${1//,/x}_r$r$run_id" ||
                        failures=$((failures + 1))
                done
            done
        else
            [ ${#ncu_runs[@]} -gt 0 ] || continue
            local listed
            listed=$(ok_variants "$1" "$4")
            [ -n "$listed" ] || continue
            for run_id in "${ncu_runs[@]}"; do ncu_block "$1" "$run_id" "$2" "$3" "$listed"; done
        fi
        if [ "$block_work" = 1 ]; then took="$took $tool $(($(now_s) - t0)) s"; else took="$took $tool done earlier"; fi
    done
    echo "ncu-crosscheck: ${1//,/x} runs $2-$3 ($(tr , '\n' <<< "$4" | wc -l) variants):$took" >&2
}

# The kernels' unprofiled durations at a shape (collect's CUDA events, once):
# where the elapsed class misses, xcheck says how far each tool's elapsed
# cycles are from them (--timing; docs/fidelity.md). Not with --self.
timing=()
timing_collect() { # shape
    local dir="$work/timing_${1//,/x}"
    [ -z "$self" ] || return 0
    if ! [ "$resume" = 1 ] || ! [ -f "$dir.done" ]; then
        rm -rf "$dir" "$dir.done"
        if ! "$MMPROF" collect --no-profile --no-ceilings --variants "$variants" --mnk "$1" \
            --local-memory-offset-mb "$local_offset" --out "$dir" > "$dir.log" 2>&1; then
            echo "ncu-crosscheck: the timing run at ${1//,/x} failed (see $dir.log): no unprofiled durations there" >&2
            return 0
        fi
        touch "$dir.done"
    fi
    timing+=(--timing "$dir")
}

# Blocks of --block runs over FIRST..LAST (INDEX: the first block's number).
run_blocks() { # shape first last variants collect index
    local first last i=$6
    for ((first = $2; first <= $3; first += block)); do
        last=$((first + block - 1 < $3 ? first + block - 1 : $3))
        run_block "$1" "$first" "$last" "$4" "$5" "$i"
        i=$((i + 1))
    done
}

# A shape: the --repeat runs of every variant, then (--extend-to M) runs
# repeat+1..M of those whose medians are too noisy to resolve the 2 % limit:
# `mmprof xcheck --noisy 0.5` over the --repeat runs alone (a resumed check
# decides from the same runs) lists them. The rule looks at the spread only,
# never at the difference, so it cannot pick the runs that pass.
measure_shape() { # shape
    local shape=$1 s=${1//,/x} v shape_out se worst listed=() first=${#inputs[@]}
    timing_collect "$shape"
    run_blocks "$shape" 1 "$repeat" "$variants" 1 0
    [ "$extend_to" -gt "$repeat" ] || return 0
    while read -r v shape_out se worst; do
        [ "$shape_out" = "$s" ] || continue
        printf '%s %s: runs %d-%d added (robust standard error of the difference %s %% > 0.5 %%, %s)\n' \
            "$v" "$s" "$((repeat + 1))" "$extend_to" "$se" "$worst"
        listed+=("$v")
    done < <("$MMPROF" xcheck --noisy 0.5 --metrics "$metrics" "${inputs[@]:first}")
    [ ${#listed[@]} -gt 0 ] || return 0
    run_blocks "$shape" "$((repeat + 1))" "$extend_to" "$(IFS=,; echo "${listed[*]}")" \
        "$collect_always" "$(((repeat + block - 1) / block))"
}
for shape in "${shapes[@]}"; do measure_shape "$shape"; done

# Where the elapsed class misses on a kernel long enough for events, the same
# timing run with local memory at other offsets: a kernel whose local memory
# traffic nearly fills L2 runs faster or slower with where it lands, except in
# ncu's process (docs/fidelity.md: "Where the elapsed class departs").
# xcheck then prints the kernel's range and where each tool's cycles fall.
placement_offsets="0 16 32 64 96 128 192 256 384 512"
placements=()
time_placements() {
    local v s p dir n=0
    local -A by_shape=()
    [ ${#timing[@]} -gt 0 ] || return 0
    while read -r v s; do
        by_shape[$s]+="${by_shape[$s]:+,}$v"
        n=$((n + 1))
    done < <("$MMPROF" xcheck --elapsed-misses --metrics "$metrics" --floor-sectors "$floor" "${timing[@]}" "${inputs[@]}")
    [ "$n" -gt 0 ] || return 0
    echo "ncu-crosscheck: $n kernel(s) whose elapsed class misses, timed with local memory at $placement_offsets MiB" >&2
    for s in "${!by_shape[@]}"; do
        for p in $placement_offsets; do
            [ "$p" != "$local_offset" ] || continue
            dir="$work/placement_${s}_$p"
            if ! [ "$resume" = 1 ] || [ "$(cat "$dir.done" 2> /dev/null)" != "${by_shape[$s]}" ]; then
                rm -rf "$dir" "$dir.done"
                if ! "$MMPROF" collect --no-profile --no-ceilings --variants "${by_shape[$s]}" --mnk "${s//x/,}" \
                    --local-memory-offset-mb "$p" --out "$dir" > "$dir.log" 2>&1; then
                    echo "ncu-crosscheck: the timing run at $s, local memory offset $p MiB, failed (see $dir.log)" >&2
                    continue
                fi
                echo "${by_shape[$s]}" > "$dir.done"
            fi
            placements+=(--timing-placements "$dir")
        done
    done
}
time_placements

# --- the comparison, in the order measured ------------------------------------
"$MMPROF" xcheck --metrics "$metrics" --floor-sectors "$floor" --out "$out" --failed-runs "$failures" \
    ${cpu_only:+--cpu-only "$cpu_only"} "${timing[@]}" "${placements[@]}" "${inputs[@]}"
