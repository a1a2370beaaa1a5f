#!/usr/bin/env python3
"""samples.tsv of a cross-check: per variant, shape, tool and run, the values
that vary with placement (DRAM reads, L2 read and write sectors, L2 bytes, the
LRC's requested and merged sectors), from OUT/work/<variant>_<shape>/<tool>_rN.tsv.
usage: samples.py OUT/work > samples.tsv"""
import os
import re
import sys

METRICS = ["dram__bytes_read.sum", "lts__t_sectors_op_read.sum", "lts__t_sectors_op_write.sum",
           "lts__t_bytes.sum", "lrc__request_sectors_op_read_coalescable.sum",
           "lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum"]


def offset_mib(run):
    """Run r's buffer offset: 2^r - 2 MiB, the ten cycling from run 11 on."""
    return (1 << ((run - 1) % 10 + 1)) - 2


def main(work):
    print("\t".join(["variant", "shape", "tool", "run", "offset_mib"] + METRICS))
    for d in sorted(os.listdir(work)):
        path = os.path.join(work, d)
        if not os.path.isdir(path):
            continue
        variant, shape = d.rsplit("_", 1)
        rows = []
        for f in os.listdir(path):
            m = re.fullmatch(r"(mmprof|ncu)_r(\d+)\.tsv", f)
            if not m:
                continue
            # name TAB value (ncu's files add a column: how many kernels it summed)
            fields = (line.rstrip("\n").split("\t") for line in open(os.path.join(path, f)))
            values = {x[0]: x[1] for x in fields if len(x) > 1}
            if values.get("status", "ok") != "ok":
                continue
            run = int(m.group(2))
            rows.append((m.group(1), run, [values.get(k, "") for k in METRICS]))
        for tool, run, vals in sorted(rows):
            print("\t".join([variant, shape, tool, str(run), str(offset_mib(run))] + vals))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
