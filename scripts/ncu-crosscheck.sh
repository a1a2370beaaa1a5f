#!/usr/bin/env bash
# Cross-checks mmprof's CUPTI counters against Nsight Compute on the same
# kernels: for each variant and shape, ncu collects the same Perfworks metrics on
# `mmprof launch --l2-flush --profile-flush` (the L2 flush collect runs before
# each range, a read and a discard kernel, then one launch of the variant's
# kernel, all between cudaProfilerStart and Stop; ncu profiles them all,
# --profile-from-start off, and the flush's rows are dropped) with
# --cache-control all --clock-control none, and mmprof collects them with
# `mmprof collect --profile-only`. Then, per metric:
#   requests, sectors, instruction counts, shared-memory wavefronts net of bank
#   conflicts                                            within 0.1 %
#   DRAM read bytes/sectors, L2 sectors by operation (read, write, ...),
#   read sectors the SMs request from L2 (LRC, Hopper on) within 2 % or within
#   --floor-sectors (default 8192 sectors, 256 KiB): medians of 5 placements
#   of a few-microsecond kernel move by that much under either tool (ncu
#   alone: up to 7 000 sectors, 7 %, at 257x383x129 on an H100;
#   docs/fidelity.md)
#   sm_efficiency, every .pct_of_peak_sustained_elapsed metric, achieved
#   occupancy, IPC, elapsed cycles and the clock   within 2 % or 1 point
#   everything else is printed for information only: DRAM writes, raw wavefronts and bank conflicts and the sectors the
#   L2 Request Coalescer merged depend on timing, on what still sits in L2, or
#   (bank conflicts) on contention, and differ between any two runs; L2 totals
#   over all operations (lts__t_bytes) hold memory-barrier sectors that come
#   with the profiler's range, not with the kernel.
# With --repeat N both tools measure everything N times and the medians are
# compared: L2 read totals move by a few percent between any two runs, ncu's
# too, with the L1 hit rate (which blocks share an SM) and with how many reads
# of the same sector from different SMs the L2 Request Coalescer merges;
# the spread of each side is printed next to the difference, and Welch's t
# of the two means (|t| < 2 on a miss: the tools are within each other's
# noise, and the limit is finer than N runs can resolve; still a miss). Run r (1..N) puts
# both tools' buffers at another place in device memory (--buffer-offset-mb
# 2^r - 2: 0, 2, 6, 14, 30, ..., 1022; runs 11-40 visit those 10 again, in new
# processes): the DRAM and L2 totals of kernels whose data
# nearly fill L2 follow where their buffers land (up to 7 % apart, ncu's as
# well: examples/ncu-crosscheck-h200/placement-sweep-2048.txt), and the two
# tools' own allocations put them in different places. The medians over
# placements are what can be compared. --extend-to M adds runs repeat+1..M for
# each variant and shape whose medians are too noisy to resolve the 2 % limit
# (the robust standard error of their difference is above 0.5 %; it looks at
# the spread, not at the difference), and compares the medians of all M.
# Why --l2-flush and application replay (the default; --replay-mode kernel is
# about 2.5x faster): ncu must see the kernel in the state mmprof's counters see
# it, right after collect's L2 flush kernel, with ncu's --cache-control all on
# top. Kernel replay puts ncu's save and restore of device memory between the
# flush and the kernel; it then reads ~2 % more L2 bytes for the 16x16
# transposes than with application replay, where ncu reruns `mmprof launch` for
# each pass and nothing comes between. --skip-flush profiles the variant alone
# (launch runs the flush outside the cudaProfilerStart/Stop bracket):
# ncu then measured rt_b16_6x6's L2 read sectors 5.3 % above mmprof's over 7
# placements, against 0.7 % with the flush profiled too
# (examples/ncu-crosscheck-h200/placements-application-l1-2048.txt and
# final-method-l1-2048.txt).
# The runs go in blocks of --block placements (default 5), shape by shape. In a
# block, mmprof runs one collect per placement (every variant, as a user would
# run it) and ncu one process for every variant at all the block's placements:
# `launch V1,V2,... --buffer-offset-mb 0,2,6,...` runs upload, flush and launch
# of each variant once per offset, with fresh buffers, and the flush kernels
# tell the samples apart. The tools take turns to go first (mmprof, ncu; ncu,
# mmprof; ...), so the two sides of a comparison are measured within minutes of
# each other and a slow drift falls on both alike: best's L2 read sectors
# against ncu's moved from +3.3 % to -1.4 % between calls 25 minutes apart
# (examples/ncu-crosscheck-h200), and one ncu process per variant after all of
# mmprof's collects put up to 20 minutes between the two sides.
# On an H200, ncu takes 66-86 s for a block of 44 variants x 5 placements, and
# --repeat 10 over every variant and both shapes took 536 s with --extend-to 20
# and about 720 s with --extend-to 30 (two device calls joined by --resume);
# on another H200, after collect began to wait after each flush, ncu took
# 99-111 s a block and the whole check about 960 s.
# --ncu-per-placement (= --block 1) gives each placement its own ncu process.
# --resume, with the --out of a cross-check that stopped (a device that ends a
# command after 10 minutes), keeps the blocks it finished and measures the rest.
# --self ncu|mmprof compares a tool with itself instead: two measurements of the
# same placements in separate processes, through the same medians and limits.
# It shows how far one tool's own medians move at this --repeat, the floor of
# what a limit can resolve (ncu: twice the ncu time; mmprof: no ncu run).
# --join OUT DIR... joins the tables of runs over disjoint variant sets (where a
# command may run 10 minutes, say) into OUT/crosscheck.csv and one summary.
# Prints the comparison table (also written to OUT/crosscheck.csv) and exits 1 on
# any miss or failed run, 2 on bad arguments, 77 when there is no GPU or no ncu
# (a ctest skip).
#
# usage: scripts/ncu-crosscheck.sh [--variants a,b,...] [--sizes 2048,...]
#                                  [--mnk M,N,K]... [--metrics LIST] [--out DIR]
#                                  [--repeat N (1..40)] [--replay-mode kernel|application]
#                                  [--extend-to M (repeat+1..40)]
#                                  [--block N (1..10)] [--ncu-per-placement] [--resume]
#                                  [--skip-flush] [--self ncu|mmprof] [--floor-sectors N]
#        scripts/ncu-crosscheck.sh --join OUT DIR...   (no GPU needed)
# defaults: every variant of `mmprof list --names`; --sizes 2048 and --mnk 1000,3000,700;
#           the metrics of collector/profiler/groups/default.txt, and the L2 Request
#           Coalescer's two read counters where the chip has them (Hopper on).
# env: MMPROF (default build/cli/mmprof), NCU (default ncu, else /usr/local/cuda/bin/ncu)
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
join_out="" join_dirs=()
shapes=()
while [ $# -gt 0 ]; do
    case "$1" in
    --variants | --sizes | --mnk | --metrics | --out | --self | --replay-mode | --repeat | --extend-to | --block | --floor-sectors)
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
    --floor-sectors)
        [[ "$2" =~ ^[0-9]{1,9}$ ]] || usage "--floor-sectors $2: give a whole number of sectors (0: the 2 % alone)"
        floor=$((10#$2)); shift 2 ;;
    --self)
        case "$2" in ncu | mmprof) self=$2 ;; *) usage "--self $2: give ncu or mmprof" ;; esac
        shift 2 ;;
    --replay-mode)
        case "$2" in kernel | application) replay=$2 ;; *) usage "--replay-mode $2: give kernel or application" ;; esac
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
    # or only in how many requests the LRC merged (examples/ncu-crosscheck-h200).
    lrc_metrics=lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
    if [ -z "$metrics" ]; then
        metrics=$(gpu_tools_default_metrics)
        if "$MMPROF" info --metrics lrc__request_sectors_op_read_coalescable 2> /dev/null |
            grep -q '^lrc__request_sectors_op_read_coalescable '; then
            metrics=$metrics,$lrc_metrics
        fi
    fi
    # A name given twice would be compared, and counted, twice.
    metrics=$(tr , '\n' <<< "$metrics" | awk 'NF && !seen[$0]++' | paste -sd, -)
    [ -n "$metrics" ] || die "no metrics to compare"
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
    if [ "$resume" = 1 ] && [ -f "$work/options.txt" ]; then
        [ "$(cat "$work/options.txt")" = "$options" ] ||
            usage "--resume: $out was measured with other options (see $work/options.txt); give them again, or another --out"
    else
        rm -rf "$work"
    fi
    mkdir -p "$work" || die "cannot create $work"
    echo "$options" > "$work/options.txt"
fi

# --- CSV reading (quoted fields, doubled quotes, "1,234,567" values) ----------
# The awk functions both readers below start with: split_csv splits one record
# into f[1..n]; quotes_open tells a record continued on the next line.
csv_awk='
    function split_csv(s, f,    n, i, c, q, cur) {
        n = 0; cur = ""; q = 0
        for (i = 1; i <= length(s); i++) {
            c = substr(s, i, 1)
            if (q) {
                if (c == "\"") { if (substr(s, i + 1, 1) == "\"") { cur = cur c; i++ } else q = 0 }
                else cur = cur c
            } else if (c == "\"") q = 1
            else if (c == ",") { f[++n] = cur; cur = "" }
            else cur = cur c
        }
        f[++n] = cur
        return n
    }
    function quotes_open(s,    t) { t = s; return gsub(/"/, "", t) % 2 }
'

# Splits the CSV of one ncu process into its samples. With launch --l2-flush
# --profile-flush, sample s is the kernels after the s-th flush kernel (whose
# own rows are dropped): launch runs each variant at each placement after a
# flush. Without flushes (--skip-flush: one variant a process), the kernels
# split evenly by ID. Writes "name<TAB>value<TAB>kernels" for sample s to the
# s-th path listed in PATHS: counters (.sum) summed over the sample's kernels,
# other metrics only when the sample is one kernel. One pass over the CSV for
# all samples; fails unless it holds exactly NSAMPLES non-empty samples.
ncu_split() { # csv nsamples paths-file
    awk -v OFS='\t' -v nsamples="$2" -v paths="$3" "$csv_awk"'
    function record(    rec) {
        rec = (pending == "" ? $0 : pending "\n" $0)
        if (quotes_open(rec)) { pending = rec; return 0 }
        pending = ""
        n = split_csv(rec, f)
        if (!hdr[pass]) {
            if (f[1] != "ID") return 0   # ncu notes and warnings before the table
            for (i = 1; i <= n; i++) col[f[i]] = i
            hdr[pass] = 1; return 0
        }
        return n >= col["Metric Value"]
    }
    FILENAME == paths { path[++npaths] = $0; next }
    FNR == 1 { pass++; pending = "" }
    # first reading: which IDs are flush kernels, which are the variants
    pass == 1 {
        if (!record()) next
        id = f[col["ID"]] + 0
        name = f[col["Kernel Name"]]   # the flush is l2_flush_kernel, then l2_discard_kernel
        if (name ~ /^l2_flush_kernel/) { if (!(id in flush)) nflush++; flush[id] = 1 }
        else if (name !~ /^l2_discard_kernel/ && !(id in kernel)) { kernel[id] = 1; ids[++nids] = id }
        next
    }
    pass == 2 && !sampled {
        sampled = 1
        for (i = 1; i <= nids; i++) {
            s = 0
            for (x in flush) if (x + 0 < ids[i]) s++
            if (nflush == 0) s = int((i - 1) / (nids / nsamples)) + 1
            sample[ids[i]] = s; kernels[s]++
        }
        if (nflush == 0 && nids % nsamples != 0) bad_split = 1
        if (nflush != 0 && nflush != nsamples) bad_split = 1
    }
    {
        if (!record()) next
        id = f[col["ID"]] + 0
        if (!(id in kernel)) next   # the flush
        s = sample[id]; m = f[col["Metric Name"]]; v = f[col["Metric Value"]]
        gsub(/,/, "", v)
        if (!((s, m) in sum)) names[s] = names[s] SUBSEP m
        if (v !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) bad[s, m] = 1   # "n/a" and the like
        if (!((m, id) in seen)) { seen[m, id] = 1; k[s, m]++ }
        sum[s, m] += v
    }
    END {
        if (bad_split || npaths != nsamples) exit 1
        for (s = 1; s <= nsamples; s++) if (!kernels[s] || names[s] == "") exit 1
        for (s = 1; s <= nsamples; s++) {
            c = split(substr(names[s], 2), list, SUBSEP)
            for (j = 1; j <= c; j++) {
                m = list[j]
                if ((s, m) in bad || (k[s, m] != 1 && m !~ /\.sum$/)) print m, "", k[s, m] > path[s]
                else printf "%s\t%.17g\t%d\n", m, sum[s, m], k[s, m] > path[s]
            }
            close(path[s])
        }
    }' "$3" "$1" "$1"
}

# Prints "name<TAB>value" for each metric column of results.csv's row for the
# variant (header = Perfworks name), and "status<TAB>..." / "reason<TAB>...".
mmprof_values() {
    awk -v OFS='\t' -v want="$2" -v metrics="$3" "$csv_awk"'
    BEGIN { nm = split(metrics, mlist, ","); for (i = 1; i <= nm; i++) wanted[mlist[i]] = 1 }
    {
        rec = (pending == "" ? $0 : pending "\n" $0)
        if (quotes_open(rec)) { pending = rec; next }
        pending = ""
        n = split_csv(rec, f)
        if (!hdr) { for (i = 1; i <= n; i++) { col[f[i]] = i; name[i] = f[i] } hdr = 1; next }
        if (f[col["variant"]] != want) next
        print "status", f[col["status"]]
        if ("reason" in col) print "reason", f[col["reason"]]
        for (i = 1; i <= n; i++) if (name[i] in wanted) print name[i], f[i]
        exit
    }' "$1"
}

# Median over runs: reads "name<TAB>value[<TAB>kernels]" files, prints
# "name<TAB>median<TAB>kernels<TAB>spread<TAB>mean<TAB>sd<TAB>runs" (spread =
# (max - min) / |median|, sd the sample standard deviation); non-numeric lines
# (status, reason) come from the first file.
median_values() {
    awk -F'\t' -v OFS='\t' '
    FNR == 1 { file++ }
    {
        m = $1
        if (!(m in order)) { order[m] = ++n; names[n] = m; k[m] = $3 }
        if ($2 ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) vals[m] = vals[m] (vals[m] == "" ? "" : " ") $2
        else if (file == 1) text[m] = $2
    }
    END {
        for (i = 1; i <= n; i++) {
            m = names[i]
            if (vals[m] == "") { print m, text[m], k[m], ""; continue }
            c = split(vals[m], v, " ")
            for (a = 2; a <= c; a++) { x = v[a] + 0; for (b = a - 1; b >= 1 && v[b] + 0 > x; b--) v[b + 1] = v[b]; v[b + 1] = x }
            med = (c % 2) ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2
            den = med < 0 ? -med : med; if (den < 1) den = 1
            sum = 0; for (a = 1; a <= c; a++) sum += v[a]
            mean = sum / c; ss = 0
            for (a = 1; a <= c; a++) ss += (v[a] - mean) ^ 2
            printf "%s\t%.17g\t%s\t%.4f%%\t%.17g\t%.17g\t%d\n", m, med, k[m], 100 * (v[c] - v[1]) / den,
                mean, (c > 1 ? sqrt(ss / (c - 1)) : 0), c
        }
    }' "$@"
}

# Tolerance of a metric: 0.001, 0.02, "elapsed" or "info". Counters (.sum)
# are checked by class; of the rest, what is normalised by the kernel's
# elapsed or active cycles (sm_efficiency and every
# .pct_of_peak_sustained_elapsed, achieved occupancy, IPC, elapsed cycles and
# the clock) is in the "elapsed" class: within 2 % relative or 1 percentage
# point of ncu's median. Both tools see the kernel alone (collect: one auto
# range per kernel). Other averages and ratios are information.
tolerance() {
    case "$1" in
    *.sum) ;;
    *.pct_of_peak_sustained_elapsed | *.pct_of_peak_sustained_active | *.per_cycle_active | \
        sm__cycles_elapsed.avg | sm__cycles_elapsed.avg.per_second | sm__cycles_active.avg)
        echo elapsed; return ;;
    *) echo info; return ;;
    esac
    case "$1" in
    dram__bytes_read.sum | dram__sectors_read.sum) echo 0.02 ;;
    dram__*) echo info ;; # writes: undercounted while the output sits in L2
    # L2 totals over every operation include memory-barrier sectors, and those
    # come with the range's boundaries, not with the kernel: on an H100 a barrier
    # is 21 360 sectors (0.68 MB), ncu's kernel range holds 2 and CUPTI's user
    # range 3 or 4, which alone put the transposes' lts__t_bytes 2-4 % above
    # ncu's while their read and write sectors agreed within 0.1 %
    # (examples/ncu-crosscheck-h100). The data moved is checked through the
    # read and write sectors; these totals are information.
    *_op_membar* | lts__t_bytes.sum | lts__t_sectors.sum | lts__t_sectors_srcunit_ltcfabric.sum | \
        lts__t_sectors_srcnode_gpc.sum) echo info ;;
    lts__t_sectors*) echo 0.02 ;;
    # What the SMs asked L2 for (L1 misses, so L1 timing moves it) and what the
    # LRC merged of it (timing alone): L2 read sectors = the first - the second.
    lrc__request_sectors_op_read_coalescable.sum) echo 0.02 ;;
    lrc__*coalescing*) echo info ;;
    # Shared-memory bank conflicts, and with them the wavefronts, include
    # conflicts from contention: the reference run (../shared/reference) saw
    # tr_pad's store wavefronts 0.35 % and its conflicts 12 % apart between ncu and
    # CUPTI, while wavefronts - conflicts matched exactly for every kernel. That
    # difference is checked below instead.
    *bank_conflicts* | *wavefronts*) echo info ;;
    *requests* | *sectors* | *inst_executed* | *sass_* | l1tex__t_bytes*) echo 0.001 ;;
    *) echo info ;;
    esac
}

# Prints one table row and the CSV line; counts the verdict.
compare_row() { # variant shape metric mmprof ncu limit kernels [mmprof spread] [ncu spread] [t]
    local v=$1 shape=$2 m=$3 a=$4 b=$5 lim=$6 k=$7 sa=${8:-} sb=${9:-} t=${10:-} diff result limtxt
    read -r diff result < <(awk -v a="$a" -v b="$b" -v lim="$lim" -v m="$m" -v floor="$floor" 'BEGIN {
        if (a == "" || b == "") { print "-", (lim == "info" ? "info" : "MISS"); exit }
        d = a - b; if (d < 0) d = -d
        den = b < 0 ? -b : b; if (den < 1) den = 1
        r = d / den
        if (lim == "elapsed") ok = r <= 0.02 || (m ~ /pct/ && d <= 1)
        else if (lim == 0.02) ok = r <= lim || d <= (m ~ /bytes/ ? 32 * floor : floor)
        else ok = r <= lim
        res = lim == "info" ? "info" : (ok ? "ok" : "MISS")
        printf "%.4f%% %s\n", 100 * r, res }')
    if [ "${k:-1}" -gt 1 ] 2> /dev/null; then result="$result (${k} kernels)"; fi
    count_row "$result" "$t"
    case "$lim" in
    info) limtxt="-" ;;
    elapsed) limtxt="2%|1pp" ;;
    0.02) limtxt="2%|$floor" ;;
    *) limtxt=$(awk -v l="$lim" 'BEGIN { printf "%g%%", 100 * l }') ;;
    esac
    print_row "$v" "$shape" "$m" "$a" "$b" "$diff" "$limtxt" "$result" "$sa" "$sb" "$t"
    echo "$v,$shape,$m,$a,$b,$diff,$limtxt,$result,$sa,$sb,$t" >> "$csv"
}

# Counts a row's verdict: within limits, a miss, a miss within the noise.
count_row() { # result t
    case "$1" in
    MISS*)
        misses=$((misses + 1))
        if [ -n "$2" ] && awk -v t="$2" 'BEGIN { exit !(t > -2 && t < 2) }'; then noise_misses=$((noise_misses + 1)); fi ;;
    ok*) checked=$((checked + 1)) ;;
    esac
}

# One row of the table from the fields of one CSV line (the column header too).
row_format='%-22s %-15s %-62s %16s %16s %9s %6s %-4s %9s %9s %6s\n'
print_row() { # variant shape metric a b diff limit result spread_a spread_b t
    # shellcheck disable=SC2059 # the format is the table's, above
    printf "$row_format" "$1" "$2" "$3" \
        "$(shortnum "$4")" "$(shortnum "$5")" "$6" "$7" "$8" "${9:--}" "${10:--}" "${11:--}"
}

# Welch's t of the two tools' means over their runs (median_values' mean, sd
# and runs columns): how many standard errors apart they are. Empty with fewer
# than 3 runs a side; "inf" when both sides are constant and differ.
welch_t() { # mmprof.tsv ncu.tsv metric
    awk -F'\t' -v m="$3" '$1 == m { mean[FILENAME] = $5; sd[FILENAME] = $6; n[FILENAME] = $7; f[++k] = FILENAME }
    END {
        a = f[1]; b = f[2]
        if (k != 2 || n[a] < 3 || n[b] < 3) exit
        se = sqrt(sd[a] ^ 2 / n[a] + sd[b] ^ 2 / n[b])
        d = mean[a] - mean[b]
        if (se == 0) { if (d != 0) print "inf"; else print "0.0"; exit }
        printf "%.1f\n", d / se
    }' "$1" "$2"
}

# A value for the table: integers as they are, others with 6 significant digits.
shortnum() {
    awk -v x="$1" 'BEGIN { if (x == "") print "n/a"; else if (x == int(x) && x < 1e15) printf "%.0f\n", x; else printf "%.6g\n", x }'
}

# --- run and compare ---------------------------------------------------------
# ncu on `mmprof launch` of the variants at the given offset(s): REP.ncu-rep
# (deleted once read) and REP.csv.
ncu_run() { # tag rep variants shape offsets
    local tag=$1 rep=$2
    rm -f "$rep.ncu-rep"
    if ! "$NCU" --replay-mode "$replay" --cache-control all --clock-control none --profile-from-start off \
        --metrics "$metrics" --export "$rep" --force-overwrite \
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

# The two sides compared, TOOL:RUN each (RUN b = the second measurement of --self).
case "$self" in
ncu) sides=(ncu: ncu:b) labels=(ncu_1 ncu_2) ;;
mmprof) sides=(mmprof: mmprof:b) labels=(mmprof_1 mmprof_2) ;;
*) sides=(mmprof: ncu:) labels=(mmprof ncu) ;;
esac
misses=0 failures=0 checked=0 noise_misses=0
column_header() { # label-a label-b
    # shellcheck disable=SC2059
    printf "$row_format" variant MxNxK metric "$1" "$2" diff limit result spread_1 spread_2 t
}
summary() {
    echo
    echo "ncu-crosscheck: $checked values within limits, $misses misses, $failures failed runs; files in $out"
    if [ "$noise_misses" -gt 0 ]; then
        echo "ncu-crosscheck: $noise_misses of the misses have |t| < 2: the two sides' means are within their own" \
            "run-to-run noise, and only more runs (--repeat) can tell whether they differ by more than the limit"
    fi
    [ $misses -eq 0 ] && [ $failures -eq 0 ]
}
# What a run leaves besides crosscheck.csv, for --join: settings.txt (its opening
# lines), not-compared.txt (variants it did not compare) and failures (a count).
not_compared() { printf '%-22s %-15s %s\n' "$@" | tee -a "$out/not-compared.txt"; }

# --join OUT DIR...: the tables of cross-checks run over disjoint variant sets
# (a device that allows 10 minutes a command) as one: OUT/crosscheck.csv, the
# rows, what was not compared, and the counts recomputed.
join_runs() {
    local d h header="" label_a label_b
    for d in "${join_dirs[@]}"; do
        [ -f "$d/crosscheck.csv" ] || usage "--join: no $d/crosscheck.csv"
        h=$(head -1 "$d/crosscheck.csv")
        [ -n "$header" ] || header=$h
        [ "$h" = "$header" ] || usage "--join: $d compares other sides ($h)"
    done
    out=$join_out csv=$join_out/crosscheck.csv
    mkdir -p "$out" || die "cannot create $out"
    echo "$header" > "$csv"
    for d in "${join_dirs[@]}"; do cat "$d/settings.txt" 2> /dev/null; done | sort -u
    IFS=, read -r _ _ _ label_a label_b _ <<< "$header"
    column_header "$label_a" "$label_b"
    for d in "${join_dirs[@]}"; do cat "$d/not-compared.txt" 2> /dev/null; done
    for d in "${join_dirs[@]}"; do
        while IFS=, read -r v shape m a b diff lim result sa sb t; do
            print_row "$v" "$shape" "$m" "$a" "$b" "$diff" "$lim" "$result" "$sa" "$sb" "$t"
            count_row "$result" "$t"
        done < <(tail -n +2 "$d/crosscheck.csv")
        tail -n +2 "$d/crosscheck.csv" >> "$csv"
        [ -f "$d/failures" ] || echo "ncu-crosscheck: $d has no failures count; counted as 0" >&2
        failures=$((failures + $(cat "$d/failures" 2> /dev/null || echo 0)))
    done
    summary
}
if [ -n "$join_out" ]; then join_runs; exit; fi

csv="$out/crosscheck.csv"
echo "variant,shape,metric,${labels[0]},${labels[1]},rel_diff,limit,result,${labels[0]}_spread,${labels[1]}_spread,t" > "$csv"
: > "$out/not-compared.txt"
echo "medians of $repeat run(s) per side, at buffer offsets $(offsets_of 1 "$((repeat < 10 ? repeat : 10))" | tr , ' ') MiB$([ "$repeat" -gt 10 ] && echo ' (cycled)');" \
    "spread = (max - min) / median over the runs; t = Welch's t of the two means" | tee "$out/settings.txt"
echo "blocks of $block placement(s): in each, one collect per placement and one ncu process for every variant," \
    "the tools taking turns to go first$([ "$extend_to" -gt 0 ] && echo "; noisy ones extended to $extend_to runs")" |
    tee -a "$out/settings.txt"
[ -z "$self" ] || echo "--self $self: ${labels[0]} and ${labels[1]} are two measurements by $self in separate processes" |
    tee -a "$out/settings.txt"
column_header "${labels[0]}" "${labels[1]}"
for v in ${cpu_only//,/ }; do not_compared "$v" - "not compared: runs on the CPU, no kernel for ncu"; done

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

# Run r of collect (RUN_ID b: the second measurement of --self mmprof) of the
# variants at the shape, into DIR; DIR.done once it is complete.
mmprof_collect() { # variants shape r run_id dir
    [ "$resume" = 1 ] && [ -f "$5.done" ] && return 0
    block_work=1
    rm -rf "$5" "$5.done"
    "$MMPROF" collect --profile-only --no-ceilings --variants "$1" --mnk "$2" --metrics "$metrics" \
        --buffer-offset-mb "$(offset_mb "$3")" --out "$5" > "$5.log" 2>&1 && touch "$5.done" && return 0
    echo "FAIL ${2//,/x}: mmprof collect failed (see $5.log)" >&2
    return 1
}

# ncu on VARIANTS at the placements of runs FIRST..LAST in one process (REP):
# each run's sample of each variant goes to DIR/ncuRUN_ID_rR.tsv in the
# variant's directory; REP.done once they are all there.
ncu_measure() { # shape run_id first last variants rep
    local r v n=0
    [ "$resume" = 1 ] && [ -f "$6.done" ] && return 0
    block_work=1
    rm -f "$6.done"
    ncu_run "${1//,/x} runs $3-$4" "$6" "$5" "$1" "$(offsets_of "$3" "$4")" || return 1
    for r in $(seq "$3" "$4"); do
        for v in ${5//,/ }; do echo "$work/${v}_${1//,/x}/ncu${2}_r$r.tsv"; n=$((n + 1)); done
    done > "$6.paths"
    if ! ncu_split "$6.csv" "$n" "$6.paths"; then
        echo "FAIL ${1//,/x} runs $3-$4: ncu's report does not hold $n samples (see $6.log)" >&2
        return 1
    fi
    touch "$6.done"
}

# ncu's side of a block: every variant in one process, told apart by the flush
# kernel before each. Without the flush in ncu's view (--skip-flush) nothing
# marks where a variant ends, so then each variant gets a process of its own.
ncu_block() { # shape run_id first last variants
    local s=${1//,/x} v
    if [ -n "$profile_flush" ]; then
        ncu_measure "$@" "$work/ncu_${s}_r$3-$4$2"
        return
    fi
    for v in ${5//,/ }; do
        ncu_measure "$1" "$2" "$3" "$4" "$v" "$work/ncu_${s}_${v}_r$3-$4$2" || return 1
    done
}

# What collect's first run at the shape said of each variant:
# variant<TAB>status<TAB>reason lines in WORK/status_SHAPE.tsv.
shape_status() { # shape
    local s=${1//,/x} v
    local results="$work/mmprof_${s}_r1/results.csv"
    for v in ${variants//,/ }; do
        if [ -f "$results" ]; then
            mmprof_values "$results" "$v" "" | awk -F'\t' -v v="$v" '
                $1 == "status" { st = $2 } $1 == "reason" { why = $2 }
                END { printf "%s\t%s\t%s\n", v, st, why }'
        else
            printf '%s\t\t\n' "$v"
        fi
    done > "$work/status_$s.tsv"
}
# Those of VARIANTS that mmprof measured (status ok) at the shape, in order.
ok_variants() { # shape variants
    awk -F'\t' -v want="$2" 'BEGIN { n = split(want, w, ",") }
        $2 == "ok" { ok[$1] = 1 }
        END { for (i = 1; i <= n; i++) if (w[i] in ok) printf "%s%s", (c++ ? "," : ""), w[i] }' \
        "$work/status_${1//,/x}.tsv"
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
            [ "$2" != 1 ] || shape_status "$1"
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

# mmprof's medians for the variant and shape over the placements of collect run
# RUN_ID so far, after reading runs FIRST..LAST: DIR/mmprofRUN_ID.tsv.
mmprof_side() { # tag dir variant shape run_id first last
    local r results
    for r in $(seq "$6" "$7"); do
        results="$work/mmprof_${4//,/x}_r$r$5/results.csv"
        [ -f "$results" ] || { echo "FAIL $1: no $results" >&2; return 1; }
        mmprof_values "$results" "$3" "$metrics" > "$2/mmprof${5}_r$r.tsv"
    done
    median_values $(run_files "$2/mmprof$5" "$7") > "$2/mmprof$5.tsv"
}

# PREFIX_r1.tsv .. PREFIX_rLAST.tsv: the runs a median is over, named, so that
# files of later runs (a resumed cross-check's) never slip in.
run_files() { # prefix last
    local r
    for r in $(seq "$2"); do printf '%s_r%d.tsv\n' "$1" "$r"; done
}

# ncu's medians for the variant and shape, once runs FIRST..LAST are measured:
# DIR/ncuRUN_ID.tsv.
ncu_side() { # tag dir variant shape run_id first last
    local r
    for r in $(seq "$6" "$7"); do
        [ -s "$2/ncu${5}_r$r.tsv" ] || { echo "FAIL $1: ncu measured no run $r" >&2; return 1; }
    done
    median_values $(run_files "$2/ncu$5" "$7") > "$2/ncu$5.tsv"
}

# The larger of the robust standard errors of the difference of the two sides'
# medians of the --repeat runs, in % of side B's median, over the metrics with
# the 2 % limit, and that metric: sd ~ 1.4826 MAD (one wild run does not
# count), se(median) ~ 1.2533 sd / sqrt(n).
median_diff_se() { # side-A tsv prefix, side-B tsv prefix, metrics (space-separated)
    awk -F'\t' -v want="$3" '
    BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) checked[w[i]] = 1 }
    FNR == 1 { side = (index(FILENAME, A) == 1) ? "a" : "b" }
    ($1 in checked) && $2 ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ { v[side, $1] = v[side, $1] " " $2 }
    function median(list, x,    c, i, j, t) {
        c = split(list, x, " ")
        for (i = 2; i <= c; i++) { t = x[i] + 0; for (j = i - 1; j >= 1 && x[j] + 0 > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
        return c ? ((c % 2) ? x[(c + 1) / 2] : (x[c / 2] + x[c / 2 + 1]) / 2) : 0
    }
    function se(list,    x, c, m, i, d) {
        c = split(list, x, " "); if (c < 2) return 0
        m = median(list); d = ""
        for (i = 1; i <= c; i++) d = d " " (x[i] > m ? x[i] - m : m - x[i])
        return 1.2533 * 1.4826 * median(d) / sqrt(c)
    }
    END {
        for (m in checked) {
            if (!(("a", m) in v) || !(("b", m) in v)) continue
            den = median(v["b", m]); if (den < 0) den = -den; if (den < 1) den = 1
            e = 100 * sqrt(se(v["a", m]) ^ 2 + se(v["b", m]) ^ 2) / den
            if (e > worst) { worst = e; which = m }
        }
        printf "%.2f %s\n", worst, (which == "" ? "-" : which)
    }' A="$1"_r $(run_files "$1" "$repeat") $(run_files "$2" "$repeat")
}

# --extend-to M: when the medians of --repeat runs cannot resolve a quarter of
# the 2 % limit (median_diff_se above 0.5 %), both sides measure runs
# repeat+1..M of this variant and shape too, and the medians are taken over all
# M. The rule looks at the spread only, never at the difference, so it cannot
# pick the runs that pass. Says so and returns 0 when the variant needs them.
needs_more_runs() { # variant shape side-A prefix side-B prefix
    [ "$extend_to" -gt "$repeat" ] || return 1
    local checked="" m se worst
    for m in ${metrics//,/ }; do [ "$(tolerance "$m")" = 0.02 ] && checked="$checked $m"; done
    read -r se worst < <(median_diff_se "$3" "$4" "$checked")
    awk -v e="$se" 'BEGIN { exit !(e > 0.5) }' || return 1
    printf '%s %s: runs %d-%d added (robust standard error of the difference %s %% > 0.5 %%, %s)\n' \
        "$1" "${2//,/x}" "$((repeat + 1))" "$extend_to" "$se" "$worst"
}

# The two sides' median files of a variant's directory.
side_files() { # dir
    local side
    for side in "${sides[@]}"; do printf '%s\n' "$1/${side%%:*}${side#*:}.tsv"; done
}

# Both sides' medians of the variant and shape, after reading runs FIRST..LAST:
# over runs 1..LAST.
side_medians() { # variant shape first last
    local side tag="$1/${2//,/x}" dir="$work/${1}_${2//,/x}"
    for side in "${sides[@]}"; do
        "${side%%:*}_side" "$tag" "$dir" "$1" "$2" "${side#*:}" "$3" "$4" || return 1
    done
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

# A shape: the --repeat runs of every variant; the status mmprof gave each; the
# noisy ones measured again over runs repeat+1..M (--extend-to).
measured=()
declare -A broken=()
measure_shape() { # shape
    local shape=$1 s=${1//,/x} v status reason listed=()
    for v in ${variants//,/ }; do mkdir -p "$work/${v}_$s"; done
    run_blocks "$shape" 1 "$repeat" "$variants" 1 0
    for v in ${variants//,/ }; do
        IFS=$'\t' read -r _ status reason < <(awk -F'\t' -v v="$v" '$1 == v' "$work/status_$s.tsv")
        case "$status" in
        ok) ;;
        skipped) # e.g. a tile that does not fit the device
            not_compared "$v" "$s" "not compared: skipped by mmprof ($reason)"
            continue ;;
        "") echo "FAIL $v/$s: no row for $v in $work/mmprof_${s}_r1/results.csv" >&2
            failures=$((failures + 1)); continue ;;
        *) echo "FAIL $v/$s: mmprof status '$status' ($reason)" >&2
            failures=$((failures + 1)); continue ;;
        esac
        side_medians "$v" "$shape" 1 "$repeat" || { failures=$((failures + 1)); continue; }
        measured+=("$v $shape")
        mapfile -t files < <(side_files "$work/${v}_$s")
        if needs_more_runs "$v" "$shape" "${files[0]%.tsv}" "${files[1]%.tsv}"; then listed+=("$v"); fi
    done
    [ ${#listed[@]} -gt 0 ] || return 0
    run_blocks "$shape" "$((repeat + 1))" "$extend_to" "$(IFS=,; echo "${listed[*]}")" \
        "$collect_always" "$(((repeat + block - 1) / block))"
    for v in "${listed[@]}"; do
        side_medians "$v" "$shape" "$((repeat + 1))" "$extend_to" ||
            { broken["$v $shape"]=1; failures=$((failures + 1)); }
    done
}
for shape in "${shapes[@]}"; do measure_shape "$shape"; done

# 3. The comparison, in the order measured.
value() { awk -F'\t' -v m="$2" '$1 == m { print $2 }' "$1"; }
spread() { awk -F'\t' -v m="$2" '$1 == m && $7 > 1 { print $4 }' "$1"; }
for e in "${measured[@]}"; do
    [ -z "${broken[$e]:-}" ] || continue
    v=${e%% *} shape=${e#* }
    mapfile -t files < <(side_files "$work/${v}_${shape//,/x}")
    a=${files[0]} b=${files[1]}
    for m in ${metrics//,/ }; do
        k=$(awk -F'\t' -v m="$m" '$1 == m { print $3 }' "$b")
        compare_row "$v" "${shape//,/x}" "$m" "$(value "$a" "$m")" "$(value "$b" "$m")" \
            "$(tolerance "$m")" "$k" "$(spread "$a" "$m")" "$(spread "$b" "$m")" "$(welch_t "$a" "$b" "$m")"
    done
    for op in ld st; do # conflict-free wavefronts: the access pattern's own
        w=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_$op.sum
        c=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_$op.sum
        case ",$metrics," in *",$w,"*",$c,"* | *",$c,"*",$w,"*) ;; *) continue ;; esac
        diffs=()
        for f in "$a" "$b"; do
            diffs+=("$(awk -v w="$(value "$f" "$w")" -v c="$(value "$f" "$c")" \
                'BEGIN { if (w != "" && c != "") printf "%.17g\n", w - c }')")
        done
        compare_row "$v" "${shape//,/x}" "shared $op wavefronts - bank conflicts" \
            "${diffs[0]}" "${diffs[1]}" 0.001 1
    done
done

echo "$failures" > "$out/failures"
summary
