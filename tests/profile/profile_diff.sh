#!/usr/bin/env bash
# diff on two `mmprof profile` runs (fixtures/profile-run): a kernel launched
# twice pairs launch by launch (the k-th in A with the k-th in B), so its
# second launch 1.5x slower in B is flagged alone; a third launch only A has
# is listed as only in A; one launch a side 10 % apart is not a change.
#   profile_diff.sh MMPROF FIXTURE_DIR
set -u
mmprof=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$2" "$work/a"
cp -r "$2" "$work/b"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# axpy launched again (launch 4, and in A a launch 5); B's launch 4 takes 1.5x as long
python3 - "$work/a/results.csv" "$work/b/results.csv" << 'PY' || fail "fixture edit"
import csv, sys
for path, extra, scale in ((sys.argv[1], 2, 1.0), (sys.argv[2], 1, 1.5)):
    rows = list(csv.reader(open(path)))
    head, axpy = rows[0], next(r for r in rows[1:] if r[0].startswith("void axpy"))
    t = head.index("runtime_ms")
    for n in range(extra):
        r = list(axpy)
        r[head.index("params")] = r[head.index("params")].replace("launch=", f"launch=9{n}")
        if n == 0:
            for c in ("runtime_ms", "min_ms", "max_ms"):
                r[head.index(c)] = str(float(r[head.index(c)]) * scale)
        rows.append(r)
    csv.writer(open(path, "w", newline=""), lineterminator="\n").writerows(rows)
PY
"$mmprof" diff "$work/a" "$work/b" --fail-on changed > "$work/table.txt" 2>&1
rc=$?
# a long kernel name has its own line, its row under it: one line a row here
awk '/^void / { name = $0; next } name != "" { print name " " $0; name = ""; next } { print }' "$work/table.txt" \
    > "$work/out.txt"
[ "$(awk '{ print length }' "$work/table.txt" | sort -n | tail -n 1)" -le 120 ] || fail "a line over 120 columns"
[ $rc = 3 ] || fail "exit $rc, want 3: $(cat "$work/out.txt")"
n=$(grep -c "^void axpy" "$work/out.txt")
[ "$n" = 2 ] || fail "$n axpy rows compared, want 2 (launch by launch): $(cat "$work/out.txt")"
[ "$(grep "^void axpy" "$work/out.txt" | head -n 1 | grep -c SLOWER)" = 0 ] || fail "the first launch flagged"
grep "^void axpy" "$work/out.txt" | tail -n 1 | grep -qE "1\.500x\?? .*SLOWER" || fail "the second launch not flagged"
grep -q "1 only in A, 0 only in B" "$work/out.txt" || fail "the third launch of A not listed: $(cat "$work/out.txt")"
# one launch a side has no spread: 10 % apart is within what one launch varies (25 % floor)
cp -r "$work/a" "$work/c"
python3 - "$work/c/results.csv" << 'PY' || fail "fixture edit (c)"
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
head = rows[0]
r = next(r for r in rows[1:] if r[0].startswith("void axpy"))
for c in ("runtime_ms", "min_ms", "max_ms"):
    r[head.index(c)] = str(float(r[head.index(c)]) * 1.10)
csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n").writerows(rows)
PY
"$mmprof" diff "$work/a" "$work/c" --fail-on changed > "$work/c.txt" 2>&1
rc=$?
[ $rc = 0 ] && grep -q "0 slower, 0 faster" "$work/c.txt" || fail "one launch 10 % apart flagged (exit $rc): $(cat "$work/c.txt")"
echo "$fails failure(s)"
[ "$fails" = 0 ]
