/* Counting verdicts and the summary lines (summary.h). */
#include "xcheck/summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "xcheck/tolerance.h"

/* |t| < 2: the two means are within about two standard errors. */
static int within_noise(const char *t)
{
    char *end;
    double v = strtod(t, &end);
    return *t && *end == '\0' && isfinite(v) && fabs(v) < 2;
}

void xc_tally_row(struct xc_tally *t, const struct xc_row *r)
{
    if (strncmp(r->result, "MISS", 4) == 0) {
        t->misses++;
        t->noise_misses += within_noise(r->t);
    } else if (strncmp(r->result, "ok", 2) == 0) {
        t->within++;
    } else if (strcmp(r->result, XC_REFEREED) == 0) {
        t->refereed++;
    }
}

int xc_print_summary(FILE *f, const struct xc_tally *t, const char *out_dir)
{
    fprintf(f, "\nncu-crosscheck: %ld values within limits, %ld misses, %ld failed runs", t->within, t->misses,
            t->failures);
    if (out_dir)
        fprintf(f, "; files in %s", out_dir);
    fputc('\n', f);
    if (t->refereed > 0)
        fprintf(f,
                "ncu-crosscheck: %ld elapsed-class values refereed, not misses: each launch's own unprofiled duration "
                "(its CUPTI activity record) agrees with mmprof's elapsed cycles within %g %%, not with ncu's\n",
                t->refereed, 100 * XC_REL);
    if (t->noise_misses > 0)
        fprintf(f,
                "ncu-crosscheck: %ld of the misses have |t| < 2: the two sides' means are within their own "
                "run-to-run noise, and only more runs (--repeat) can tell whether they differ by more than the "
                "limit\n",
                t->noise_misses);
    return t->misses == 0 && t->failures == 0 ? EXIT_OK : EXIT_RUNTIME;
}
