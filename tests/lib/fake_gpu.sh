# shellcheck shell=bash
# Sourced by the self-tests of the GPU scripts (scripts/compute-sanitizer.sh,
# scripts/ncu-crosscheck.sh) that run them against stand-in tools: a scratch
# directory T removed on exit, T/bin holding an nvidia-smi that lists one GPU,
# and fail(), which counts failures in fails.
T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_fake_gpu.XXXXXX")
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

mkdir -p "$T/bin"
cat > "$T/bin/nvidia-smi" <<'SH'
#!/bin/sh
echo "GPU 0: NVIDIA H200 (UUID: GPU-fake)"
SH
chmod +x "$T/bin/nvidia-smi"
