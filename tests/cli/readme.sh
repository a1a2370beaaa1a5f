#!/usr/bin/env bash
# The README a newcomer reads first: its first screen (25
# lines) says where the binary is and how to put it on PATH; it says where the
# report lands and what setup installs; every link stays inside the
# repository and leads to a file that exists; the RNG's --seed is the only
# "seed" (the course's lab reports are labs 000-004); it stays within 150 lines.
#   readme.sh REPO_ROOT [README]   (README defaults to REPO_ROOT/README.md)
set -u
root=$(cd "$1" && pwd)
readme=${2:-$root/README.md}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

head -n 25 "$readme" | grep -q 'build/cli/mmprof' || fail "the first 25 lines do not name build/cli/mmprof"
head -n 25 "$readme" | grep -q 'PATH' || fail "the first 25 lines do not say how to put mmprof on PATH"
grep -q 'report\.html' "$readme" || fail "does not say where the report lands"
for pkg in Chromium clang valgrind; do
    grep -q "$pkg" "$readme" || fail "does not say that setup installs $pkg"
done
grep -qE -- '`--seed`.*(random|RNG)|(random|RNG).*`--seed`' "$readme" ||
    fail "does not say that --seed is the inputs' random-number seed"
grep -q 'labs 000–004: the five course lab reports' "$readme" ||
    fail "does not name the course's lab reports (labs 000–004) where they first appear"
# a line that says "seed" of something else than the inputs' RNG (examples/seeds is a path)
seeds=$(sed -E 's#(examples|results)/seeds[-a-z0-9]*##g' "$readme" | grep -niE 'seed' | grep -vE -- '--seed|input seed|random' |
    cut -c1-60 | head -n 3 | tr '\n' ' ')
[ -z "$seeds" ] || fail "calls something other than --seed a seed: $seeds"
lines=$(wc -l < "$readme")
[ "$lines" -le 150 ] || fail "$lines lines, at most 150"

# A path out of the repository, linked or not (any `../` that leaves the
# clone's root): a reader of a clone does not have it.
outside=$(grep -noE '(^|[^.])\.\./[^ )`]*' "$readme" | head -n 3 | tr '\n' ' ')
[ -z "$outside" ] || fail "names paths outside the repository: $outside"

# Markdown links and images: ](target) — relative, inside the repository, existing.
while IFS= read -r target; do
    target=${target%%#*}
    [ -n "$target" ] || continue
    case "$target" in
    http://* | https://* | mailto:*) fail "links outside the repository: $target"; continue ;;
    /* | file:*) fail "links to an absolute path: $target"; continue ;;
    esac
    path=$(realpath -m "$root/$target")
    case "$path" in
    "$root"/*) [ -e "$path" ] || fail "links to $target, which does not exist" ;;
    *) fail "links outside the repository: $target" ;;
    esac
done < <(grep -oE '\]\([^) ]+\)' "$readme" | sed 's/^](//; s/)$//')

echo "$fails failed"
[ "$fails" = 0 ]
