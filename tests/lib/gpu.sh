# shellcheck shell=bash
# Sourced by the GPU test scripts: exit 77 (ctest: skipped) without a GPU; a
# scratch directory T removed on exit; fail() and ok(), failures counted in fails.
# shellcheck source=tests/lib/robust.sh
. "$(dirname "${BASH_SOURCE[0]}")/robust.sh"
have_gpu || { echo "SKIP: no GPU"; exit 77; }
fails=0
T=$(mktemp -d "${TMPDIR:-/tmp}/mmprof_gpu_test.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
