#!/usr/bin/env python3
"""mmprof against two ncu measurements taken minutes apart, and ncu against itself.

Reads self-ncu-medians.tsv (the medians over 10 placements that
`scripts/ncu-crosscheck.sh --self ncu --repeat 10` left per variant and shape,
with mmprof's medians from the same call) and prints, for the metrics with the
2 % limit, the three pairwise differences and how many exceed the limit.
"""
import csv
import sys

LIMIT_PCT = 2.0
CHECKED = ("dram__bytes_read.sum", "dram__sectors_read.sum", "lts__t_sectors_op_read.sum",
           "lts__t_sectors_op_write.sum", "lts__t_bytes.sum")
PAIRS = (("mmprof", "ncu_1"), ("mmprof", "ncu_2"), ("ncu_1", "ncu_2"))


def rel_pct(a, b):
    return 100.0 * (a - b) / b


def main(path):
    misses = {p: 0 for p in PAIRS}
    total = 0
    print("%-14s %-15s %-28s %9s %9s %9s" % ("variant", "MxNxK", "metric", "m-n1 %", "m-n2 %", "n1-n2 %"))
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["metric"] not in CHECKED:
                continue
            total += 1
            cells = []
            for a, b in PAIRS:
                d = rel_pct(float(row[a]), float(row[b]))
                over = abs(d) > LIMIT_PCT
                misses[(a, b)] += over
                cells.append("%+8.2f%s" % (d, "*" if over else " "))
            print("%-14s %-15s %-28s %s" % (row["variant"], row["shape"], row["metric"], " ".join(cells)))
    print("\n%d values with the %g %% limit; * = over it" % (total, LIMIT_PCT))
    for (a, b), n in misses.items():
        print("  %-7s against %-6s: %d over the limit" % (a, b, n))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "self-ncu-medians.tsv")
