#!/usr/bin/env bash
# Holds the code to docs/architecture.md's folder table: a folder includes only
# the folders its row lists, the folders' include graph has no circle, and a
# file includes only the system headers (CUDA, CUPTI, NVTX) its row allows; a
# subfolder with a row of its own is held to it for headers, and no source
# file is over 600 lines. Prints every
# breach and fails; prints the checked graph when all hold.
set -u
root=${1:?usage: layout.sh SOURCE_DIR}
cd "$root" || exit 1
doc=docs/architecture.md
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# "| `dir/` | owns | `a`, `b` | headers |" -> "dir<TAB>a b<TAB>headers"
rows=$(sed -n 's/^| `\([a-z_/]*\)\/` | [^|]* | \([^|]*\) | \([^|]*\) |$/\1\t\2\t\3/p' "$doc" |
    sed 's/`//g; s/,//g')
[ -n "$rows" ] || { echo "FAIL: no folder table in $doc"; exit 1; }

sources() { # files of folder $1, less its subfolders that have rows of their own
    local dir=$1 prune=() sub
    for sub in $(cut -f1 <<< "$rows"); do
        case "$sub" in "$dir"/*) prune+=(-path "./$sub" -prune -o) ;; esac
    done
    find "./$dir" "${prune[@]}" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' \
        -o -name '*.def' \) -print
}

top_folders=$(cut -f1 <<< "$rows" | cut -d/ -f1 | sort -u)
edges=""
while IFS=$'\t' read -r dir allowed headers; do
    files=$(sources "$dir")
    [ -n "$files" ] || { fail "$dir: in $doc but holds no source"; continue; }
    top=${dir%%/*}
    [ "$dir" = examples/apps ] && top=examples
    for t in $(grep -hoE '#include "[a-z_]+/' $files | sed -E 's/#include "([a-z_]+)\//\1/' | sort -u); do
        [ "$t" = "$top" ] && continue
        [ -d "$t" ] || continue
        edges+="$top $t"$'\n'
        case "$allowed" in
        "every folder above") ;;
        *) grep -qw -- "$t" <<< "$allowed" ||
            fail "$dir includes $t/ ($(grep -l "#include \"$t/" $files | head -n 1)), which $doc's row does not allow" ;;
        esac
    done
    for h in CUDA CUPTI NVTX; do
        grep -qw "$h" <<< "$headers" && continue
        case $h in
        CUDA) pat='#include <(cuda|cublas|cooperative_groups|driver_types|vector_types)' ;;
        CUPTI) pat='#include <cupti' ;;
        NVTX) pat='#include <nvtx|#include <nvToolsExt' ;;
        esac
        hit=$(grep -lE "$pat" $files | head -n 1)
        [ -z "$hit" ] || fail "$hit includes a $h header; $doc allows $dir/ only: $headers"
    done
done <<< "$rows"

# every top-level folder with code has a row
for d in */; do
    d=${d%/}
    case "$d" in tests | docs | cmake | scripts | build* | examples) continue ;; esac
    [ -f "$d/CMakeLists.txt" ] || continue
    grep -qx "$d" <<< "$top_folders" || fail "$d/ has code but no row in $doc"
done

# no source file over 600 lines: past that a file holds more than one concept
while read -r n f; do
    [ "$f" = total ] || [ "$n" -le 600 ] || fail "$f has $n lines (at most 600: split it by concept)"
done < <(git ls-files -- '*.c' '*.h' '*.cu' '*.cuh' '*.sh' 2> /dev/null | xargs -r wc -l)

printf '%s' "$edges" | sort -u
if ! out=$(printf '%s' "$edges" | tsort 2>&1 > /dev/null) || [ -n "$out" ]; then
    fail "an include circle between top-level folders: $out"
fi
[ "$fails" = 0 ] || exit 1
echo "ok: $(wc -l <<< "$rows") folders hold to $doc, no include circle"
