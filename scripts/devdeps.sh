#!/usr/bin/env bash
# Unpacks the Debian libraries the build needs into .devdeps/root, for the
# device machine, which reaches no package registry. Carry .devdeps there.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .devdeps/debs
(cd .devdeps/debs && apt-get download libcmocka0 libcmocka-dev libcjson1 libcjson-dev libcsv3 libcsv-dev \
    libopenblas0-pthread libgfortran5)
for f in .devdeps/debs/*.deb; do dpkg -x "$f" .devdeps/root; done
rm -rf .devdeps/debs .devdeps/root/usr/share .devdeps/root/usr/lib/x86_64-linux-gnu/openblas-pthread/lib{lapack,blas}.so.3
grep -qx '/.devdeps/' .git/info/exclude 2>/dev/null || echo '/.devdeps/' >> .git/info/exclude
