#!/usr/bin/env bash
# examples/ stays a showcase: every folder has its row in examples/README.md
# and every row its folder; only runs (results.csv with its run.json),
# reports, charts, summaries and the example apps' sources, nothing else
# (no scripts, patches or logs); at most 40 files and 10 MB in all.
set -u
root=${1:?usage: showcase.sh SOURCE_DIR}
cd "$root/examples" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
rows=$(sed -n 's/^| `\([a-z0-9_-]*\)\/` |.*/\1/p' README.md)
for d in */; do
    d=${d%/}
    grep -qx "$d" <<< "$rows" || fail "examples/$d has no row in examples/README.md"
done
for r in $rows; do [ -d "$r" ] || fail "examples/README.md names $r/, which is not there"; done
files=$(git -C . ls-files 2> /dev/null || find . -type f | sed 's|^\./||')
while read -r f; do
    [ -n "$f" ] || continue
    case "$f" in
    apps/*.cu | apps/CMakeLists.txt | README.md | */README.md | */summary.md) ;;
    */*.csv | */*.json | */*.tsv | */*.html | */*.txt | */report.md | seeds/plots/*.png) ;;
    *) fail "examples/$f: a showcase holds runs, reports and summaries, not this kind of file" ;;
    esac
done <<< "$files"
for run in $(dirname $(grep -E '(^|/)results\.csv$' <<< "$files") 2> /dev/null | sort -u); do
    [ -f "$run/run.json" ] || fail "examples/$run has results.csv without its run.json"
done
n=$(wc -l <<< "$files")
[ "$n" -le 40 ] || fail "examples/ holds $n files, at most 40"
kib=$(du -sk --exclude=README.md . | cut -f1)
[ "$kib" -le 10240 ] || fail "examples/ takes $kib KiB, at most 10 MiB"
[ "$fails" = 0 ] || exit 1
echo "ok: $n files in $(wc -w <<< "$rows") showcased folders, $kib KiB"
