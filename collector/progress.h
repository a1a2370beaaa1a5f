/* What collect says while it works: a live line on a terminal, and one
 * line per finished row (so logs of non-interactive runs show progress too). */
#ifndef MMPROF_PROGRESS_H
#define MMPROF_PROGRESS_H

#include <stddef.h>

#include "collector/device.h"
#include "rundir/results.h"
#include "model/registry.h"

struct progress {
    size_t total, done;
    int tty;
    double t0_ms;
    int ok, failed, skipped;
};

void progress_init(struct progress *p, size_t total, const struct device_info *d);
void progress_start(struct progress *p, const char *variant, const struct shape *s);
void progress_row(struct progress *p, const struct result_row *row);
/* On a terminal, what the run is doing between rows (the counters of a
 * batch), on the line progress_start uses. */
void progress_phase(struct progress *p, const char *what);
void progress_done(struct progress *p, const char *dir);

#endif
