#!/usr/bin/env bash
# Installs what mmprof needs from Debian's packages, if missing. The CUDA
# toolkit (nvcc, CUPTI, cuBLAS, NVTX) is expected under /usr/local/cuda.
set -euo pipefail
packages=(cmake gcc make pkg-config libcmocka-dev libcjson-dev libcsv-dev libopenblas0-pthread gnuplot-nox clang libclang-rt-14-dev valgrind libxml2-utils python3
          chromium fonts-dejavu-core
          ${MMPROF_EXTRA_PACKAGES:-})
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "mmprof: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! command -v nvcc >/dev/null 2>&1; then
    if [ -x /usr/local/cuda/bin/nvcc ]; then
        echo "mmprof: add /usr/local/cuda/bin to PATH (using it for this build)" >&2
    else
        echo "mmprof: the CUDA toolkit (nvcc, CUPTI) is missing: install CUDA 13 from NVIDIA" >&2
        exit 1
    fi
fi
