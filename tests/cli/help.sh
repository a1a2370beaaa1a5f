#!/usr/bin/env bash
# Every command's help: `mmprof CMD --help`, `-h` and
# `mmprof help CMD` print the same text, with the usage line, the options,
# the exit status and at least two examples; every option the text documents
# is one the command accepts (never "unknown option"). The commands are those
# `mmprof --help` lists, so a new command is checked without editing this.
#   help.sh MMPROF
set -u
mmprof=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# Documented options are tried for real: keep whatever they make out of the way.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1

commands=$("$mmprof" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[ "$(wc -w <<<"$commands")" -ge 12 ] || fail "mmprof --help lists $(wc -w <<<"$commands") commands: $commands"

for c in $commands; do
    text=$("$mmprof" "$c" --help 2> "$scratch/err")
    rc=$?
    [ "$rc" = 0 ] || fail "mmprof $c --help exits $rc"
    [ ! -s "$scratch/err" ] || fail "mmprof $c --help writes to stderr: $(head -c 200 "$scratch/err")"
    [ "$("$mmprof" help "$c" 2>&1)" = "$text" ] || fail "mmprof help $c differs from mmprof $c --help"
    [ "$("$mmprof" "$c" -h 2>&1)" = "$text" ] || fail "mmprof $c -h differs from mmprof $c --help"
    grep -q "^usage: mmprof $c" <<<"$text" || fail "$c: no 'usage: mmprof $c' line"
    grep -q '^options:$' <<<"$text" || fail "$c: no options section"
    grep -qE '^  --help ' <<<"$text" || fail "$c: --help not documented"
    grep -qE '^exit status: 0 ' <<<"$text" || fail "$c: no 'exit status: 0 ...' line"
    grep -qE '(^|[ ,])2 bad usage|2 refused or bad usage' <<<"$text" || fail "$c: exit status 2 not explained"
    examples=$(awk '/^examples:$/ { on = 1; next } on && /^  / { print }' <<<"$text" | grep -c 'mmprof ')
    [ "$examples" -ge 2 ] || fail "$c: $examples examples, want 2 or 3"
    grep -q '/work/\|/home/\|/usr/src/' <<<"$text" && fail "$c: help prints an absolute path of the build machine"
    # each documented option is accepted (its value, if any, is "--help", a
    # value no option takes, so nothing long runs)
    for opt in $(awk '/^options:$/ { on = 1; next } /^$/ { on = 0 } on && /^  --/ { print $1 }' <<<"$text"); do
        [ "$opt" = --help ] && continue
        out=$(timeout 60 "$mmprof" "$c" "$opt" --help < /dev/null 2>&1)
        if grep -qiE "unknown (or incomplete )?option '?$opt" <<<"$out"; then
            fail "$c: $opt is documented but not accepted: $(head -c 200 <<<"$out")"
        fi
    done
    echo "ok: $c"
done

# help for what does not exist
out=$("$mmprof" help frob 2>&1)
rc=$?
[ "$rc" = 2 ] && grep -q "unknown command 'frob'" <<<"$out" || fail "mmprof help frob -> $rc: $out"
# analyze explains its columns
"$mmprof" analyze --help | grep -q 'fills from n' || fail "analyze --help does not explain 'fills from n'"

echo "$fails failed"
[ "$fails" = 0 ]
