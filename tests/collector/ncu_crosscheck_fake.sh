#!/usr/bin/env bash
# scripts/ncu-crosscheck.sh without a GPU: nvidia-smi, ncu and mmprof are
# stand-ins that print known values, so the comparison itself is tested:
# medians over placements, the limits, the flush kernel's rows dropped, the
# buffer offsets and --l2-flush handed to both tools, and the exit status.
# The comparison is the real `mmprof xcheck`: the stand-in mmprof hands it on.
#   ncu_crosscheck_fake.sh SOURCE_DIR MMPROF
set -u -o pipefail
src=$1
export REAL_MMPROF=$2
# shellcheck source=tests/lib/fake_gpu.sh
. "$src/tests/lib/fake_gpu.sh"
# Values per variant, metric and buffer offset come from $T/values:
#   tool variant offset metric value
# where tool "mmprof@b" / "ncu@b", when present, is the second measurement of
# --self (collect --out ...b, ncu --export .../ncub).
cat > "$T/bin/mmprof" <<'SH'
#!/usr/bin/env bash
# fake mmprof: list, collect, and launch's memory line; xcheck is the real one's
case "$1" in
xcheck) exec "$REAL_MMPROF" "$@" ;;
launch) # what is in use before the local memory: 138 MiB more under (fake) ncu
    echo "mmprof: launch: $((526 + ${FAKE_UNDER_NCU:-0} * 138)) MiB of device memory in use before the local memory reservation" >&2
    exit 0 ;;
list) # ka and kb run on the GPU, kcpu on the CPU; --variants takes plain names
    case "$*" in *--gpu*) all="ka kb" ;; *) all="ka kb kcpu" ;; esac
    want=$(echo "$*" | sed -n 's/.*--variants \([^ ]*\).*/\1/p')
    for v in $all; do case ",${want:-$v}," in *",$v,"*) echo "$v" ;; esac; done
    exit 0 ;;
collect) ;;
*) echo "fake mmprof: unexpected $*" >&2; exit 3 ;;
esac
shift
while [ $# -gt 0 ]; do
    case "$1" in
    --variants) variants=$2; shift 2 ;;
    --metrics) metrics=$2; shift 2 ;;
    --buffer-offset-mb) offset=$2; shift 2 ;;
    --local-memory-offset-mb) local_offset=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --mnk) mnk=$2; shift 2 ;;
    --no-profile) timing_only=1; shift ;;
    *) shift ;;
    esac
done
if [ "${timing_only:-0}" = 1 ]; then # the timing run: CUDA events only, 1 ms a kernel and 1 us a MiB of local memory offset
    echo "timing mnk=$mnk local-memory-offset=${local_offset:-none}" >> "$FAKE_DIR/calls"
    echo "timing variants=$variants" >> "$FAKE_DIR/calls"
    mkdir -p "$out"
    { echo 'variant,family,M,N,K,status,reason,runtime_ms'
      for v in ${variants//,/ }; do echo "$v,matmul,$mnk,ok,,$((1000 + ${local_offset:-0}))e-3"; done; } > "$out/results.csv"
    exit 0
fi
case "$out" in *b) tool=mmprof@b ;; *) tool=mmprof ;; esac
echo "collect offset=$offset run=$tool" >> "$FAKE_DIR/calls"
echo "collect variants=$variants offset=$offset" >> "$FAKE_DIR/calls"
echo "collect local-memory-offset=${local_offset:-none}" >> "$FAKE_DIR/calls"
mkdir -p "$out"
{
    printf 'variant,family,M,N,K,status,reason,%s\n' "$metrics"
    for v in ${variants//,/ }; do
        printf '%s,matmul,%s,ok,"reason, with a comma"' "$v" "$mnk"
        for m in ${metrics//,/ }; do
            printf ',%s' "$(awk -v t="$tool" -v v="$v" -v o="$offset" -v m="$m" -f "$FAKE_DIR/lookup.awk" "$FAKE_DIR/values")"
        done
        printf '\n'
    done
} > "$out/results.csv"
SH
cat > "$T/bin/ncu" <<'SH'
#!/usr/bin/env bash
# fake ncu: a profiling run writes REP.ncu-rep; --import prints its CSV.
# FAKE_NCU_FAIL=1: the profiling run fails.
if [ "$1" = --import ]; then cat "$2"; exit 0; fi
case "$*" in *--export*) ;; *) # no report: the script's probe of the memory ncu holds; run the app
    while [ $# -gt 0 ] && ! [ -x "$1" ]; do shift; done
    FAKE_UNDER_NCU=1 exec "$@" ;;
esac
args="$*"
while [ $# -gt 0 ]; do
    case "$1" in
    --metrics) metrics=$2; shift 2 ;;
    --export) rep=$2; shift 2 ;;
    launch) vs=$2; shift 2 ;;
    --buffer-offset-mb) offsets=$2; shift 2 ;;
    *) shift ;;
    esac
done
case "$args" in *--l2-flush*) flush=1 ;; *) flush=0 ;; esac
# What real `mmprof launch` runs per offset and variant, as ncu sees it: the
# flush inside the cudaProfilerStart/Stop bracket with --profile-flush, before
# it otherwise. ncu profiles from the start unless told --profile-from-start
# off, and a Stop ends that until the next Start.
case "$args" in
*--profile-flush*) events="start flush kernel stop" ;;
*--l2-flush*) events="flush start kernel stop" ;;
*) events="start kernel stop" ;;
esac
case "$args" in *"--profile-from-start off"*) on=0 ;; *) on=1 ;; esac
case "$rep" in *b) tool=ncu@b ;; *) tool=ncu ;; esac
echo "ncu process $vs offsets=$offsets run=$tool" >> "$FAKE_DIR/calls"
case "$args" in *"--cache-control none"*) cc=none ;; *"--cache-control all"*) cc=all ;; *) cc=unset ;; esac
echo "ncu-cache-control=$cc" >> "$FAKE_DIR/calls"
[ "${FAKE_NCU_FAIL:-0}" = 0 ] || { echo "==ERROR== fake failure"; exit 1; }
id=0
{
    echo '==PROF== a note before the table'
    echo '"ID","Kernel Name","Metric Name","Metric Unit","Metric Value"'
    for offset in ${offsets//,/ }; do # launch runs every variant once per offset
        for v in ${vs//,/ }; do
            echo "ncu $v offset=$offset flush=$flush" >> "$FAKE_DIR/calls"
            for e in $events; do
                case "$e" in start) on=1; continue ;; stop) on=0; continue ;; esac
                [ "$on" = 1 ] || continue
                for m in ${metrics//,/ }; do
                    if [ "$e" = flush ]; then # the flush kernel, whose rows the script must drop
                        printf '"%d","l2_flush_kernel(const float4 *, unsigned long)","%s","","999,999,999"\n' "$id" "$m"
                    else
                        val=$(awk -v t="$tool" -v v="$v" -v o="$offset" -v m="$m" -f "$FAKE_DIR/lookup.awk" "$FAKE_DIR/values")
                        printf '"%d","void %s_kernel<16, 2>(const float *, float *)","%s","","%s"\n' "$id" "$v" "$m" "$val"
                    fi
                done
                id=$((id + 1))
            done
        done
    done
} > "$rep.ncu-rep"
SH
chmod +x "$T/bin/"*
# The value of tool t (falling back from "x@b" to "x"), variant v, offset o, metric m.
cat > "$T/lookup.awk" <<'AWK'
BEGIN { base = t; sub(/@.*/, "", base) }
$2 == v && $3 == o && $4 == m { if ($1 == t) own = $5; else if ($1 == base) fallback = $5 }
END { print (own != "" ? own : fallback) }
AWK

M=dram__bytes_read.sum,lts__t_sectors_op_read.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
# Offsets of --repeat 3: 0, 2, 6 MiB. DRAM reads move with placement; the
# medians (104 and 103) are 1 % apart although the means are not. A sample
# taken from the wrong placement (ncu's 300) would not be.
values() { # [mmprof kb L2 read] [mmprof kb requests] [mmprof ka DRAM at 2 MiB]
    cat > "$T/values" <<VAL
mmprof ka 0 dram__bytes_read.sum 100
mmprof ka 2 dram__bytes_read.sum ${3:-200}
mmprof ka 6 dram__bytes_read.sum 104
ncu ka 0 dram__bytes_read.sum 102
ncu ka 2 dram__bytes_read.sum 103
ncu ka 6 dram__bytes_read.sum 300
VAL
    for t in mmprof ncu; do
        for o in 0 2 6; do
            echo "$t ka $o lts__t_sectors_op_read.sum 1000"
            echo "$t ka $o l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 5000"
            echo "$t kb $o dram__bytes_read.sum 64"
            echo "$t kb $o lts__t_sectors_op_read.sum ${1:-1000}"
            echo "$t kb $o l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum ${2:-7000}"
        done
    done | sed -e "s/^ncu kb \([0-9]*\) lts__t_sectors_op_read.sum .*/ncu kb \1 lts__t_sectors_op_read.sum 1000/" \
        -e "s/^ncu kb \([0-9]*\) l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum .*/ncu kb \1 l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 7000/" \
        >> "$T/values"
}

run() { # expected-status out-name [mmprof kb L2 read] [mmprof kb requests] [more cross-check arguments] [mmprof ka DRAM at 2 MiB] [more values lines]
    values "${3:-}" "${4:-}" "${6:-}"
    [ -z "${7:-}" ] || printf '%s\n' "$7" >> "$T/values"
    : > "$T/calls"
    PATH="$T/bin:$PATH" FAKE_DIR=$T NCU=$T/bin/ncu MMPROF=$T/bin/mmprof \
        bash "$src/scripts/ncu-crosscheck.sh" --repeat 3 --sizes 64 --metrics "$M" --floor-sectors 0 --out "$T/$2" ${5:-} > "$T/$2.txt" 2>&1
    local rc=$?
    [ "$rc" = "$1" ] || { fail "$2: exit $rc, expected $1"; sed 's/^/    /' "$T/$2.txt"; }
}

# 1. Everything within limits: exit 0.
run 0 same
grep -q 'offsets 0 2 6 MiB' "$T/same.txt" || fail "same: offsets not printed"
grep -Eq '^ka +64x64x64 +dram__bytes_read.sum +104 +103 +0.9709% +2%\|0 ok' "$T/same.txt" ||
    fail "same: ka's DRAM row is not the medians 104 against 103"
grep -q '999999999' "$T/same.txt" && fail "same: the flush kernel's rows were counted"
grep -Eq '^kb .*lts__t_sectors_op_read.sum +1000 +1000 ' "$T/same.txt" || fail "same: kb's L2 row"
for o in 0 2 6; do
    grep -qx "collect offset=$o run=mmprof" "$T/calls" || fail "collect did not run at offset $o"
    grep -qx "ncu ka offset=$o flush=1" "$T/calls" || fail "ncu did not run launch --l2-flush at offset $o"
done
grep -q 'within limits, 0 misses, 0 failed runs' "$T/same.txt" || fail "same: summary line"
# ncu holds 138 MiB in the process (fake launch under fake ncu): collect gets it before its reservation
grep -q 'collect gets --local-memory-offset-mb 138' "$T/same.txt" || fail "same: the memory ncu holds not measured"
[ "$(grep -c '^collect local-memory-offset=138$' "$T/calls")" = 3 ] || fail "same: collect not given --local-memory-offset-mb 138"
[ "$(grep -c '^timing mnk=64,64,64 local-memory-offset=138$' "$T/calls")" = 1 ] ||
    fail "same: not one timing run at the shape, with the memory ncu holds"
[ "$(grep -c '^ncu process' "$T/calls")" = 1 ] || fail "same: not one ncu process"
grep -qx 'ncu process ka,kb offsets=0,2,6 run=ncu' "$T/calls" || fail "same: not one ncu process for ka and kb with every offset"
grep -qx 'ncu-cache-control=all' "$T/calls" || fail "same: ncu not run with --cache-control all"
# ncu must have profiled the flush before every variant at every placement
[ "$(grep -c l2_flush_kernel "$T/same/work/ncu_64x64x64_r1-3.csv")" = 18 ] ||
    fail "same: ncu did not profile the flush before each of 2 variants at 3 offsets"
[ -e "$T/same/work/ncu_64x64x64_r1-3.ncu-rep" ] && fail "same: the ncu report was kept after its CSV was read"
# the tools took turns: collect at 0, 2, 6 MiB, then ncu
[ "$(grep -E '^(collect offset|ncu process)' "$T/calls" | cut -c1-7 | uniq | paste -sd' ')" = "collect ncu pro" ] ||
    fail "same: not collect then ncu"

# 1a. A metric named twice is compared once.
run 0 twice "" "" "--metrics $M,dram__bytes_read.sum"
[ "$(grep -Ec '^ka +64x64x64 +dram__bytes_read.sum ' "$T/twice.txt")" = 1 ] || fail "twice: a metric named twice is compared twice"

# 1b. --skip-flush: no flush rows; the placements split by kernel ID.
run 0 skip-flush "" "" --skip-flush
grep -Eq '^ka +64x64x64 +dram__bytes_read.sum +104 +103 +0.9709% +2%\|0 ok' "$T/skip-flush.txt" ||
    fail "skip-flush: ka's DRAM row is not the medians 104 against 103"

# 1c. --ncu-per-placement: one ncu process per offset, the same medians.
run 0 per-placement "" "" --ncu-per-placement
grep -Eq '^ka +64x64x64 +dram__bytes_read.sum +104 +103 +0.9709% +2%\|0 ok' "$T/per-placement.txt" ||
    fail "per-placement: ka's DRAM row is not the medians 104 against 103"
[ "$(grep -c '^ncu process ka,kb offsets=[0-9]* run=ncu$' "$T/calls")" = 3 ] || fail "per-placement: not 3 ncu processes for ka and kb"
# blocks of one placement: collect, ncu; ncu, collect; collect, ncu
[ "$(grep -E '^(collect offset|ncu process)' "$T/calls" | sed 's/ .*offsets*=/ /; s/ run=.*//' | paste -sd' ')" = \
    "collect 0 ncu 0 ncu 2 collect 2 collect 6 ncu 6" ] || fail "per-placement: the tools did not take turns going first"

# 1c'. --ncu-cache-control none reaches ncu, and the settings say so.
run 0 no-ncu-flush "" "" "--ncu-cache-control none"
grep -qx 'ncu-cache-control=none' "$T/calls" || fail "no-ncu-flush: ncu not run with --cache-control none"
grep -q 'ncu-cache-control=all' "$T/calls" && fail "no-ncu-flush: ncu run with --cache-control all"
grep -q 'ncu with --cache-control none' "$T/no-ncu-flush/settings.txt" || fail "no-ncu-flush: not in settings.txt"

# 1d. A CPU-only variant among those named: reported, not compared.
run 0 cpu "" "" "--variants kcpu,ka"
grep -Eq '^kcpu +- +not compared: runs on the CPU' "$T/cpu.txt" || fail "cpu: kcpu not reported as not compared"
grep -q 'ncu process kcpu' "$T/calls" && fail "cpu: ncu ran kcpu"
grep -Eq '^ka +64x64x64 +dram__bytes_read.sum' "$T/cpu.txt" || fail "cpu: ka not compared"
grep -Eq '^kb ' "$T/cpu.txt" && fail "cpu: kb compared although not named"

# 2. mmprof's L2 read sectors 3 % above ncu's at every offset: a miss, exit 1.
run 1 miss 1030
grep -Eq '^kb .*lts__t_sectors_op_read.sum +1030 +1000 +3.0000% +2%\|0 MISS' "$T/miss.txt" || fail "miss: no MISS row"
grep -q '1 misses' "$T/miss.txt" || fail "miss: summary does not count 1 miss"
# constant on both sides: infinitely many standard errors apart, not noise
grep -Eq '^kb .*lts__t_sectors_op_read.sum .* MISS +0\.0000% +0\.0000% +inf$' "$T/miss.txt" || fail "miss: t is not inf"
grep -q '|t| < 2' "$T/miss.txt" && fail "miss: a constant difference was called noise"

# 2a. The same 30 sectors under the default floor (8192 sectors, 256 KiB for
# bytes): within the run-to-run movement of a small kernel's L2 totals, ok.
run 0 floor 1030 "" "--floor-sectors 8192"
grep -Eq '^kb .*lts__t_sectors_op_read.sum +1030 +1000 +3.0000% +2%\|8192 ok' "$T/floor.txt" || fail "floor: kb's 30 sectors not within the floor"
run 2 floor-bad "" "" "--floor-sectors lots"
grep -q -- '--floor-sectors lots: give a whole number' "$T/floor-bad.txt" || fail "floor-bad: no message"

# 2b. ka's DRAM medians 100 against 103 (2.9 %), but ncu's runs (102 103 300)
# spread far wider: a miss within the noise, t = (98 - 168.3) / 66.2 = -1.1.
run 1 noisy "" "" "" 90
grep -Eq '^ka .*dram__bytes_read.sum +100 +103 +2\.9126% +2%\|0 MISS .* -1\.1$' "$T/noisy.txt" || fail "noisy: no MISS row with t = -1.1"
grep -q '1 of the misses have |t| < 2' "$T/noisy.txt" || fail "noisy: the miss is not counted as within the noise"

# 3. 1.5 % is within the 2 % limit of L2 sectors; 0.5 % on requests (0.1 %) is not.
run 0 near 1015
run 1 requests 1000 7035
grep -Eq '^kb .*l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum +7035 +7000 +0.5000% +0.1% MISS' "$T/requests.txt" ||
    fail "requests: no MISS row at the 0.1 % limit"

# 4. --self ncu: ncu against itself, two processes per variant; mmprof's
# values play no part (its kb L2 reads are 3 % off here) and collect runs once.
run 0 self-ncu 1030 "" "--self ncu"
grep -q 'ncu_1 and ncu_2 are two measurements by ncu' "$T/self-ncu.txt" || fail "self-ncu: not said what is compared"
grep -Eq '^kb .*lts__t_sectors_op_read.sum +1000 +1000 +0.0000% +2%\|0 ok' "$T/self-ncu.txt" || fail "self-ncu: kb's L2 row"
for run_id in ncu ncu@b; do
    [ "$(grep -c "^ncu process ka,kb offsets=0,2,6 run=$run_id\$" "$T/calls")" = 1 ] || fail "self-ncu: no ncu process $run_id"
done
grep -q 'run=mmprof@b' "$T/calls" && fail "self-ncu: collect ran twice"
grep -q '^timing' "$T/calls" && fail "self-ncu: a timing run (no mmprof counters to weigh)"
head -1 "$T/self-ncu/crosscheck.csv" | grep -q '^variant,shape,metric,ncu_1,ncu_2,' || fail "self-ncu: CSV header"
# ncu's second run 3 % higher on kb's L2 reads at every offset: a miss.
run 1 self-ncu-miss "" "" "--self ncu" "" "$(printf 'ncu@b kb %s lts__t_sectors_op_read.sum 1030\n' 0 2 6)"
grep -Eq '^kb .*lts__t_sectors_op_read.sum +1000 +1030 +2.9126% +2%\|0 MISS' "$T/self-ncu-miss.txt" || fail "self-ncu-miss: no MISS row"

# 5. --self mmprof: two collects per placement, no ncu at all.
run 1 self-mmprof "" "" "--self mmprof" "" "$(printf 'mmprof@b kb %s lts__t_sectors_op_read.sum 1030\n' 0 2 6)"
grep -Eq '^kb .*lts__t_sectors_op_read.sum +1000 +1030 +2.9126% +2%\|0 MISS' "$T/self-mmprof.txt" || fail "self-mmprof: no MISS row"
grep -Eq '^ka .*dram__bytes_read.sum +104 +104 +0.0000% +2%\|0 ok' "$T/self-mmprof.txt" || fail "self-mmprof: ka's DRAM row"
for o in 0 2 6; do
    grep -qx "collect offset=$o run=mmprof@b" "$T/calls" || fail "self-mmprof: no second collect at offset $o"
done
grep -q 'ncu process' "$T/calls" && fail "self-mmprof: ncu ran"
grep -q '^collect local-memory-offset=0$' "$T/calls" || fail "self-mmprof: collect not given offset 0 (one tool on both sides)"
# 5a. An offset given is passed as given, unmeasured.
run 0 offset-given "" "" "--local-memory-offset-mb 40"
[ "$(grep -c '^collect local-memory-offset=40$' "$T/calls")" = 3 ] || fail "offset-given: collect not given 40"
grep -q 'ncu holds [0-9]* MiB of device memory' "$T/offset-given.txt" && fail "offset-given: measured although given"
run 2 offset-bad "" "" "--local-memory-offset-mb lots"
grep -q -- '--local-memory-offset-mb lots: give auto or a whole number' "$T/offset-bad.txt" || fail "offset-bad: no message"

# 6. --repeat 12: runs 11 and 12 go back to offsets 0 and 2, and ncu measures
# them in a second process. ka's DRAM reads: mmprof 100, 200 at 0, 2 MiB and
# 50 elsewhere; ncu 102, 103 at 0, 2 MiB and 51 elsewhere: the medians of the
# 12 samples are 50 and 51.
more=$(for o in 6 14 30 62 126 254 510 1022; do
    for t in mmprof ncu; do
        echo "$t ka $o dram__bytes_read.sum $([ $t = mmprof ] && echo 50 || echo 51)"
        echo "$t ka $o lts__t_sectors_op_read.sum 1000"
        echo "$t ka $o l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 5000"
    done
done)
run 0 cycled "" "" "--repeat 12 --variants ka" "" "$more"
grep -q 'medians of 12 run(s) per side, at buffer offsets 0 2 6 14 30 62 126 254 510 1022 MiB (cycled)' "$T/cycled.txt" ||
    fail "cycled: offsets line"
grep -Eq '^ka +64x64x64 +dram__bytes_read.sum +50 +51 +1.9608% +2%\|0 ok' "$T/cycled.txt" || fail "cycled: ka's DRAM medians"
for offsets in 0,2,6,14,30 62,126,254,510,1022 0,2; do # blocks of 5
    [ "$(grep -c "^ncu process ka offsets=$offsets run=ncu\$" "$T/calls")" = 1 ] || fail "cycled: no ncu process at $offsets"
done
[ "$(grep -c '^collect offset=0 run=mmprof$' "$T/calls")" = 2 ] || fail "cycled: collect did not revisit offset 0"
grep -q '^.*ncu_64x64x64_r11-12.csv: 2 samples of 1 variant' "$T/cycled/work/ncu_64x64x64_r11-12.check" ||
    fail "cycled: ncu's runs 11-12 were not checked to hold 2 samples"

# 7. The L2 Request Coalescer's counters: what the SMs requested is checked
# (2 %), what the LRC merged is information only.
steady() { # METRIC MMPROF NCU: ka's values at every offset of --repeat 3
    for o in 0 2 6; do echo "mmprof ka $o $1 $2"; echo "ncu ka $o $1 $3"; done
}
lrc_req=lrc__request_sectors_op_read_coalescable.sum
lrc_merged=lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
more=$(steady $lrc_req 1000 1030; steady $lrc_merged 100 150)
run 1 lrc "" "" "--variants ka --metrics $M,$lrc_req,$lrc_merged" "" "$more"
grep -Eq "^ka .*$lrc_req +1000 +1030 +2.9126% +2%\|0 MISS" "$T/lrc.txt" || fail "lrc: requested sectors not checked at 2 %"
grep -Eq "^ka .*$lrc_merged +100 +150 +33.3333% +- +info" "$T/lrc.txt" || fail "lrc: merged sectors not information only"
grep -q '1 misses' "$T/lrc.txt" || fail "lrc: not exactly 1 miss"

# 7b. L2 totals over all operations hold memory-barrier sectors, which come
# with the range and not the kernel: lts__t_bytes and the barrier sectors are
# information only, while the write sectors stay checked at 2 %.
more=$(steady lts__t_bytes.sum 1030 1000; steady lts__t_sectors_op_membar.sum 85440 42720
    steady lts__t_sectors_op_write.sum 1030 1000)
run 1 membar "" "" "--variants ka --metrics $M,lts__t_bytes.sum,lts__t_sectors_op_membar.sum,lts__t_sectors_op_write.sum" "" "$more"
grep -Eq "^ka .*lts__t_bytes.sum +1030 +1000 +3.0000% +- +info" "$T/membar.txt" || fail "membar: lts__t_bytes not information only"
grep -Eq "^ka .*lts__t_sectors_op_membar.sum +85440 +42720 .* +- +info" "$T/membar.txt" || fail "membar: barrier sectors not information only"
grep -Eq "^ka .*lts__t_sectors_op_write.sum +1030 +1000 +3.0000% +2%\|0 MISS" "$T/membar.txt" || fail "membar: write sectors not checked at 2 %"
grep -q '1 misses' "$T/membar.txt" || fail "membar: not exactly 1 miss"

# 8. --extend-to 6 after --repeat 3: ka's L2 read sectors scatter (mmprof 900,
# 1000, 1100 at 0, 2, 6 MiB, ncu too: robust standard error of each median
# 1.2533 * 1.4826 * 100 / sqrt(3) / 1000 = 10.73 %, of the difference
# sqrt(2) * 10.73 = 15.17 %), so ka gets runs 4-6, at
# 14, 30 and 62 MiB, where both tools read 1000; kb is steady and keeps 3 runs.
scatter() { # variant DRAM-bytes requests: L2 reads 900/1000/1100 at 0/2/6 MiB, then steady at 14-62 MiB
    local t o
    for t in mmprof ncu; do
        echo "$t $1 0 lts__t_sectors_op_read.sum 900"; echo "$t $1 6 lts__t_sectors_op_read.sum 1100"
        for o in 14 30 62; do
            echo "$t $1 $o lts__t_sectors_op_read.sum 1000"
            echo "$t $1 $o dram__bytes_read.sum $2"; echo "$t $1 $o l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum $3"
        done
    done
}
run 0 extend "" "" "--extend-to 6" "" "$(scatter ka 104 5000)"
grep -q '^ka 64x64x64: runs 4-6 added (robust standard error of the difference 15.17 % > 0.5 %, lts__t_sectors_op_read.sum)' \
    "$T/extend.txt" || fail "extend: no line saying ka got runs 4-6"
grep -q '^kb 64x64x64: runs' "$T/extend.txt" && fail "extend: kb was extended although steady"
for o in 14 30 62; do # one collect per added run, of the listed variants only
    grep -qx "collect variants=ka offset=$o" "$T/calls" || fail "extend: no collect of ka alone at $o MiB"
done
grep -q '^ncu process ka offsets=14,30,62 run=ncu$' "$T/calls" || fail "extend: no ncu process for ka's runs 4-6"
grep -Eq '^ncu process [a-z,]*kb[a-z,]* offsets=14' "$T/calls" && fail "extend: ncu measured kb's runs 4-6"
[ -f "$T/extend/work/mmprof_64x64x64_r6.done" ] && [ -f "$T/extend/work/ncu_64x64x64_r4-6.done" ] ||
    fail "extend: no run 6 on both sides"
grep -Eq '^ka +64x64x64 +lts__t_sectors_op_read.sum +1000 +1000 ' "$T/extend.txt" || fail "extend: ka's L2 row is not the medians of 6"

# A resumed check decides from the same --repeat runs, not from the added ones
# already on disk, and measures nothing again.
: > "$T/calls"
PATH="$T/bin:$PATH" FAKE_DIR=$T NCU=$T/bin/ncu MMPROF=$T/bin/mmprof bash "$src/scripts/ncu-crosscheck.sh" \
    --repeat 3 --sizes 64 --metrics "$M" --floor-sectors 0 --out "$T/extend" --extend-to 6 --resume > "$T/extend-resumed.txt" 2>&1 ||
    fail "extend: the resumed check failed"
grep -q '^ka 64x64x64: runs 4-6 added' "$T/extend-resumed.txt" || fail "extend: resumed, ka's runs 4-6 were not decided again"
grep -Eq '^ka +64x64x64 +lts__t_sectors_op_read.sum +1000 +1000 ' "$T/extend-resumed.txt" || fail "extend: resumed, ka's L2 row"
[ -s "$T/calls" ] && fail "extend: resumed, something was measured again"

# 8b. kb scattering too: one collect per added run covers both.
run 0 extend-both "" "" "--extend-to 6" "" "$(scatter ka 104 5000; scatter kb 64 7000)"
for o in 14 30 62; do
    grep -qx "collect variants=ka,kb offset=$o" "$T/calls" || fail "extend-both: no one collect of ka and kb at $o MiB"
done
[ "$(grep -c '^collect variants=.* offset=14$' "$T/calls")" = 1 ] || fail "extend-both: more than one collect at 14 MiB"
grep -qx 'ncu process ka,kb offsets=14,30,62 run=ncu' "$T/calls" || fail "extend-both: not one ncu process for both"
# the added runs are the second block: ncu goes first
[ "$(grep -E '^(collect offset|ncu process)' "$T/calls" | tail -n 4 | cut -c1-7 | paste -sd' ')" = "ncu pro collect collect collect" ] ||
    fail "extend-both: ncu did not go first in the second block"

# 8c. --join: a run of ka and kcpu and a run of kb (3 % off) as one table,
# without a GPU (no stand-in nvidia-smi on PATH).
run 0 part-a "" "" "--variants ka,kcpu"
run 1 part-b 1030 "" "--variants kb"
PATH=/usr/bin:/bin MMPROF=$REAL_MMPROF bash "$src/scripts/ncu-crosscheck.sh" --join "$T/joined" "$T/part-a" "$T/part-b" > "$T/joined.txt" 2>&1
rc=$?
[ "$rc" = 1 ] || { fail "join: exit $rc, expected 1 (kb's miss)"; sed 's/^/    /' "$T/joined.txt"; }
[ "$(grep -c '^variant,shape,metric,mmprof,ncu,' "$T/joined/crosscheck.csv")" = 1 ] || fail "join: not one CSV header"
[ "$(wc -l < "$T/joined/crosscheck.csv")" = $((1 + 2 * 3)) ] || fail "join: not the 6 rows of ka and kb"
grep -Eq '^ka +64x64x64 +dram__bytes_read.sum +104 +103 +0.9709% +2%\|0 ok' "$T/joined.txt" || fail "join: ka's row"
grep -Eq '^kb .*lts__t_sectors_op_read.sum +1030 +1000 +3.0000% +2%\|0 MISS' "$T/joined.txt" || fail "join: kb's miss"
grep -Eq '^kcpu +- +not compared: runs on the CPU' "$T/joined.txt" || fail "join: kcpu's line"
grep -q '5 values within limits, 1 misses, 0 failed runs' "$T/joined.txt" || fail "join: the counts"
[ "$(grep -c '^medians of 3 run(s) per side' "$T/joined.txt")" = 1 ] || fail "join: settings not printed once"
MMPROF=$REAL_MMPROF bash "$src/scripts/ncu-crosscheck.sh" --join "$T/joined2" "$T/part-a" "$T/nowhere" > /dev/null 2>&1
[ $? = 2 ] || fail "join: a directory without crosscheck.csv is not bad usage"

# 8d. --resume: ncu fails in the first call, so the check fails (exit 1) with
# collect's runs done; the second call measures only ncu's block and passes.
# With other options, --resume refuses the directory (exit 2).
FAKE_NCU_FAIL=1 run 1 resume
grep -q 'FAIL 64x64x64 runs 1-3: ncu failed' "$T/resume.txt" || fail "resume: the failed ncu process is not reported"
: > "$T/calls"
PATH="$T/bin:$PATH" FAKE_DIR=$T NCU=$T/bin/ncu MMPROF=$T/bin/mmprof bash "$src/scripts/ncu-crosscheck.sh" \
    --repeat 3 --sizes 64 --metrics "$M" --floor-sectors 0 --out "$T/resume" --resume > "$T/resume2.txt" 2>&1
rc=$?
[ "$rc" = 0 ] || { fail "resume: the second call exits $rc"; sed 's/^/    /' "$T/resume2.txt"; }
grep -q '^collect' "$T/calls" && fail "resume: collect ran again"
[ "$(grep -c '^ncu process' "$T/calls")" = 1 ] || fail "resume: ncu's block was not measured once"
grep -Eq '^ka +64x64x64 +dram__bytes_read.sum +104 +103 +0.9709% +2%\|0 ok' "$T/resume2.txt" || fail "resume: ka's DRAM row"
grep -Eq '^ncu-crosscheck: 64x64x64 runs 1-3 .*mmprof done earlier' "$T/resume2.txt" ||
    fail "resume: the progress line does not say that collect's runs were measured by the first call"
grep -Eq '^ncu-crosscheck: 64x64x64 runs 1-3 .*ncu [0-9]+ s' "$T/resume2.txt" || fail "resume: the progress line lacks ncu's time"
: > "$T/calls"
PATH="$T/bin:$PATH" FAKE_DIR=$T NCU=$T/bin/ncu MMPROF=$T/bin/mmprof bash "$src/scripts/ncu-crosscheck.sh" \
    --repeat 3 --sizes 64 --metrics "$M" --floor-sectors 0 --out "$T/resume" --resume > /dev/null 2>&1
[ -s "$T/calls" ] && fail "resume: a finished cross-check was measured again"
PATH="$T/bin:$PATH" FAKE_DIR=$T NCU=$T/bin/ncu MMPROF=$T/bin/mmprof bash "$src/scripts/ncu-crosscheck.sh" \
    --repeat 4 --sizes 64 --metrics "$M" --floor-sectors 0 --out "$T/resume" --resume > "$T/resume3.txt" 2>&1
rc=$?
[ "$rc" = 2 ] || fail "resume: other options exit $rc, expected 2"
grep -q 'measured with other options' "$T/resume3.txt" || fail "resume: other options not named"

# 8e. Elapsed cycles that miss (ka: mmprof 1.9e6, ncu 2.2e6 at 2 GHz; kb
# agrees): ka alone is timed again with local memory at the other offsets
# (0 ... 512 MiB but collect's 138; 1 ms + 1 us a MiB: 1.000 - 1.512 ms, 1.138
# at 138 = 2.276e6 cycles), and the note gives its range: mmprof 5 % below,
# ncu inside.
cyc=sm__cycles_elapsed.avg
elapsed=$(for o in 0 2 6; do
    printf 'mmprof ka %s %s 1900000\nncu ka %s %s 2200000\n' "$o" "$cyc" "$o" "$cyc"
    for t in mmprof ncu; do printf '%s kb %s %s 1000000\n%s ka %s %s.per_second 2e9\n%s kb %s %s.per_second 2e9\n' \
        "$t" "$o" "$cyc" "$t" "$o" "$cyc" "$t" "$o" "$cyc"; done
done)
run 1 placements "" "" "--metrics $M,$cyc,$cyc.per_second" "" "$elapsed"
for o in 0 16 32 64 96 128 192 256 384 512; do
    grep -qx "timing mnk=64,64,64 local-memory-offset=$o" "$T/calls" || fail "placements: ka not timed at $o MiB"
done
[ "$(grep -c '^timing mnk=' "$T/calls")" = 11 ] || fail "placements: not 1 + 10 timing runs"
[ "$(grep -c '^timing variants=ka$' "$T/calls")" = 10 ] || fail "placements: not ka alone at the other offsets"
grep -q '^ka  *64x64x64  *1.1380 ms unprofiled (1 timing run) = 2.276e+06 cycles at mmprof.s clock: mmprof -16.52 %, ncu -3.34 %; over 11 local-memory placements 1.0000 - 1.5120 ms: mmprof 5.00 % below, ncu inside$' \
    "$T/placements.txt" || { fail "placements: the note"; grep unprofiled "$T/placements.txt"; }
grep -q '^kb .*unprofiled' "$T/placements.txt" && fail "placements: a note on kb, whose cycles agree"
# --resume keeps the timing runs it finished, and the note
: > "$T/calls"
PATH="$T/bin:$PATH" FAKE_DIR=$T NCU=$T/bin/ncu MMPROF=$T/bin/mmprof bash "$src/scripts/ncu-crosscheck.sh" --repeat 3 \
    --sizes 64 --metrics "$M,$cyc,$cyc.per_second" --floor-sectors 0 --out "$T/placements" --resume > "$T/placements2.txt" 2>&1
grep -q '^timing' "$T/calls" && fail "placements: --resume timed the kernels again"
grep -q 'over 11 local-memory placements 1.0000 - 1.5120 ms' "$T/placements2.txt" || fail "placements: --resume lost the range"

# 9. Bad arguments: exit 2, naming the argument.
for bad in "--repeat 41" "--extend-to 2" "--self gpu" "--variants" "--bogus" "--block 11" "--resume" \
    "--ncu-cache-control some"; do
    PATH="$T/bin:$PATH" MMPROF=$T/bin/mmprof bash "$src/scripts/ncu-crosscheck.sh" --repeat 3 $bad > "$T/bad.txt" 2>&1
    rc=$?
    [ "$rc" = 2 ] || fail "bad arguments '$bad': exit $rc, expected 2"
    grep -q "ncu-crosscheck: ${bad%% *}" "$T/bad.txt" || grep -q "unknown argument '${bad%% *}'" "$T/bad.txt" ||
        fail "bad arguments '$bad': the message does not name it"
done

[ $fails = 0 ] && echo "ncu_crosscheck_fake: all checks passed"
[ $fails = 0 ]
