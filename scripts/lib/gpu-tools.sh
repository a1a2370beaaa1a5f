# shellcheck shell=bash
# Sourced by scripts/ncu-crosscheck.sh, scripts/bench-vs-ncu.sh and
# scripts/profile-check.sh: what they need before comparing mmprof with Nsight
# Compute, found the same way so they agree on when to skip. The sourcing
# script defines skip (print SKIP, exit 77) and die (print, exit 1), and sets
# root and MMPROF.

# A GPU, ncu (NCU, else ncu on PATH, else /usr/local/cuda/bin/ncu) and the
# mmprof binary; sets NCU. Skips without a GPU or ncu; dies without mmprof.
# --no-ncu: a GPU and mmprof only (ncu-crosscheck.sh --self mmprof).
gpu_tools_require() { # [--no-ncu]
    command -v nvidia-smi > /dev/null 2>&1 || skip "nvidia-smi not found (no NVIDIA driver)"
    nvidia-smi -L 2> /dev/null | grep -q '^GPU ' || skip "nvidia-smi -L lists no GPU"
    NCU=${NCU:-}
    if [ "${1:-}" = --no-ncu ]; then :
    elif [ -z "$NCU" ]; then
        if command -v ncu > /dev/null 2>&1; then NCU=ncu
        elif [ -x /usr/local/cuda/bin/ncu ]; then NCU=/usr/local/cuda/bin/ncu
        else skip "Nsight Compute (ncu) not found; set NCU=/path/to/ncu"
        fi
    fi
    [ -x "$MMPROF" ] || die "mmprof binary '$MMPROF' not found; build it or set MMPROF"
}

# The Perfworks counters collect reads for the default metric set (derived
# metrics resolved: ncu takes only counters), comma-separated.
gpu_tools_default_metrics() {
    "${MMPROF:?}" info --counters default || die "mmprof info --counters default failed"
}

# The device memory ncu holds in a profiled process before the program
# allocates anything (MiB, 138 on an H200 with ncu 2025.3.1): what `mmprof
# launch` finds in use under ncu less what it finds alone. mmprof is given as
# much (collect --local-memory-offset-mb, profile --memory-offset-mb) so that
# both tools have as much in use before each buffer (docs/fidelity.md). Dies when
# launch says nothing readable.
gpu_tools_ncu_held_mib() {
    local alone under
    in_use() { "$@" "${MMPROF:?}" launch naive --mnk 64,64,64 2>&1 > /dev/null |
        sed -n 's/^mmprof: launch: \([0-9]*\) MiB of device memory in use before.*/\1/p' | head -n 1; }
    alone=$(in_use)
    under=$(in_use "$NCU" --cache-control all --clock-control none --metrics sm__cycles_elapsed.avg)
    [[ "$alone" =~ ^[0-9]+$ && "$under" =~ ^[0-9]+$ ]] ||
        die "could not read the memory in use from mmprof launch (alone: '$alone', under ncu: '$under')"
    echo "ncu holds $((under > alone ? under - alone : 0)) MiB of device memory in the process ($under MiB in use under ncu, $alone alone)" >&2
    echo $((under > alone ? under - alone : 0))
}
