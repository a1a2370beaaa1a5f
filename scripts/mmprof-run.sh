#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build, and run
# `mmprof run` (collect + analyze + plot + report on a GPU; without one, the
# report of the committed example run). Arguments go to `mmprof run`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
BUILD_DIR=build scripts/build.sh > /dev/null
exec build/cli/mmprof run "$@"
