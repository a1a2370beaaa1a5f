/* `mmprof xcheck`: mmprof's counters against Nsight Compute's on the same
 * launches, medians over placements per variant, shape and metric (see
 * README.md and docs/fidelity.md). */
#ifndef MMPROF_XCHECK_XCHECK_CMD_H
#define MMPROF_XCHECK_XCHECK_CMD_H

int cmd_xcheck(int argc, char **argv);

#endif
