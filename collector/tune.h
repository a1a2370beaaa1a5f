/* `mmprof tune`: a small search over the `best` matmul's compiled-in tiles
 * (model/best_configs.def) per shape on the GPU. Every candidate is
 * verified against the FP64 reference before it is timed (a wrong kernel
 * is never chosen); the fastest median wins, and the table of winners is
 * written to the tune file that `best` reads at launch
 * (model/best_config.h describes the format and where it is looked for). */
#ifndef MMPROF_TUNE_H
#define MMPROF_TUNE_H

#include <stddef.h>
#include <stdint.h>

#include "collector/timing.h"
#include "model/registry.h"

struct tune_options {
    const struct shape *shapes;
    size_t nshapes;
    const char *tune_file; /* NULL: the default path for this GPU */
    int device;
    uint64_t seed;
    struct timing_options timing;
    int dry_run; /* measure and print, write nothing */
};

/* Runs the search; prints one table per shape on stdout and the file
 * written. Entries of the existing file for other shapes are kept.
 * Returns an exit code (EXIT_OK, EXIT_RUNTIME). */
int tune_run(const struct tune_options *o);

#endif
