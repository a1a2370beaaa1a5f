# shellcheck shell=bash
# Sourced by scripts/ncu-crosscheck.sh and scripts/bench-vs-ncu.sh: what both
# need before comparing mmprof with Nsight Compute, found the same way so the
# two agree on when to skip. The sourcing script defines skip (print SKIP,
# exit 77) and die (print, exit 1), and sets root and MMPROF.

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
