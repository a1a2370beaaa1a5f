#!/usr/bin/env bash
# Every example command of the README and of every `mmprof help COMMAND`, run
# as a newcomer would on a fresh clone of the repository (the build reused):
# afterwards `git status --porcelain` shows nothing but results/ (a command
# that fails must write nothing either). Placeholders become real runs: RUN
# and A the user's own run (`mmprof run` without a GPU writes results/example
# first), B, OTHER and BEFORE the committed H200 run, DIR results/out. Lines
# that are shorthand ([optional], a|b, ...) are not commands and are skipped.
#   example_commands.sh MMPROF REPO_ROOT
set -u
mmprof=$(readlink -f "$1")
root=$(cd "$2" && pwd)
command -v git > /dev/null || { echo "SKIP: no git"; exit 77; }
git -C "$root" rev-parse --git-dir > /dev/null 2>&1 || { echo "SKIP: $root is not a git checkout"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/repo" || { echo "FAIL: git clone $root"; exit 1; }
cd "$work/repo" || exit 1
mkdir -p "$work/bin"
ln -s "$mmprof" "$work/bin/mmprof"
export PATH="$work/bin:$PATH"

# the commands: README's code blocks, then each command's help examples
{
    awk '/^```/ { inside = !inside; next } inside' README.md | sed -n 's/^\$ //; /^mmprof /p'
    for c in $(mmprof --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
        mmprof help "$c" | sed -n '/^examples:/,$p' | tail -n +2 | sed 's/^  //'
    done
} | sed 's/  *# .*$//; s/  *(columns cut)$//; s/ *$//' > "$work/commands"
# the user's own run, for RUN and A
mmprof run > /dev/null 2>&1 || mmprof run --example examples/seeds > /dev/null 2>&1
[ -f results/example/results.csv ] || { echo "FAIL: \`mmprof run\` left no results/example"; exit 1; }

fails=0 ran=0
while IFS= read -r line; do
    case "$line" in
    '' | *'['* | *'|'* | *...* | *…*) continue ;;
    esac
    cmd=$(sed -E 's/\bRUNS\b/results\/example/g; s/\bRUN\b/results\/example/g; s/\bA\b/results\/example/g;
                  s/\b(B|OTHER|BEFORE)\b/examples\/seeds-h200/g; s/\bDIR\b/results\/out/g' <<<"$line")
    timeout 120 bash -c "$cmd" > "$work/out" 2>&1
    rc=$?
    ran=$((ran + 1))
    echo "exit $rc: $cmd"
    changed=$(git status --porcelain --untracked-files=all | grep -v '^?? results/')
    if [ -n "$changed" ]; then
        echo "FAIL: \`$cmd\` changed the checkout:"
        echo "$changed" | head -n 10
        git checkout -q -- . && git clean -qfd -e results
        fails=$((fails + 1))
    fi
done < "$work/commands"
[ "$ran" -ge 20 ] || { echo "FAIL: only $ran commands found"; fails=$((fails + 1)); }
echo "$ran commands, $fails changed the checkout"
[ "$fails" = 0 ]
