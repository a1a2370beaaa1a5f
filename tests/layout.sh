#!/usr/bin/env bash
# No include circle between top-level folders: every folder's includes of
# another folder ("other/...") form a graph that tsort must order. Prints the
# edges, fails naming the loop (tsort's words) if there is one.
set -u
root=${1:?usage: include_cycles.sh SOURCE_DIR}
cd "$root" || exit 1
edges=$(for d in */; do
    d=${d%/}
    case "$d" in tests | examples | docs | cmake | scripts | build*) continue ;; esac
    [ -f "$d/CMakeLists.txt" ] || continue
    grep -rhoE '#include "[a-z_]+/' "$d" --include='*.c' --include='*.h' --include='*.cu' \
        --include='*.cuh' --include='*.def' 2> /dev/null |
        sed -E 's/#include "([a-z_]+)\//\1/' | sort -u |
        while read -r t; do [ "$t" != "$d" ] && [ -d "$t" ] && echo "$d $t"; done
done)
echo "$edges"
if ! out=$(tsort <<< "$edges" 2>&1 > /dev/null) || [ -n "$out" ]; then
    echo "FAIL: an include circle between top-level folders: $out"
    exit 1
fi
echo "ok: no include circle between $(cut -d' ' -f1 <<< "$edges" | sort -u | wc -l) folders"
