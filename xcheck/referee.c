/* The unprofiled duration as a third opinion (referee.h). */
#include "xcheck/referee.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "common/util.h"
#include "xcheck/compare.h"
#include "xcheck/runs.h"

#define RUNTIME "runtime_ms"
#define CYCLES "sm__cycles_elapsed.avg"
#define CLOCK "sm__cycles_elapsed.avg.per_second"

int xc_referee_open(struct xc_referee *r, const struct xc_args *timing)
{
    memset(r, 0, sizeof *r);
    if (timing->n == 0)
        return 0;
    xc_side_init(&r->timing, 1);
    if (xc_metrics_add(&r->metric, RUNTIME) != 0 || !(r->notes = open_memstream(&r->text, &r->text_len))) {
        msg_error("xcheck: out of memory reading --timing");
        return -1;
    }
    r->loaded = 1;
    for (size_t i = 0; i < timing->n; i++) {
        char *copy = strdup(timing->v[i]), *save = NULL, err[1200];
        int rc = copy ? 0 : -1;
        for (char *d = copy ? strtok_r(copy, ",", &save) : NULL; d && rc == 0; d = strtok_r(NULL, ",", &save))
            if ((rc = xc_read_run(d, &r->metric, &r->timing, NULL, err, sizeof err)) != 0)
                msg_error("xcheck: --timing: %s", err);
        free(copy);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static size_t index_of(const struct str_list *m, const char *name)
{
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->item[i], name) == 0)
            return i;
    return m->n;
}

/* The median of metric i over series s; NaN when it has no value. */
static double median_of(const struct xc_series *s, size_t i)
{
    size_t n = s->nvalues[i];
    double *copy = n ? malloc(n * sizeof *copy) : NULL;
    if (!copy)
        return NAN;
    memcpy(copy, s->values[i], n * sizeof *copy);
    double m = stats_median(copy, n);
    free(copy);
    return m;
}

void xc_referee_note(struct xc_referee *r, const struct xc_series *a, const struct xc_series *b,
                     const struct str_list *m)
{
    if (!r->loaded)
        return;
    const struct xc_series *t = xc_side_match(&r->timing, a->variant, &a->shape);
    size_t cyc = index_of(m, CYCLES), clk = index_of(m, CLOCK);
    if (!t || cyc == m->n || clk == m->n)
        return;
    double ms = median_of(t, 0), a_cyc = median_of(a, cyc), b_cyc = median_of(b, cyc), hz = median_of(a, clk);
    char shape[64];
    xc_shape_text(xc_row_shape(a, b), shape, sizeof shape);
    if (!(ms > 0 && a_cyc > 0 && b_cyc > 0 && hz > 0))
        return;
    if (ms < XC_REFEREE_MIN_MS) {
        fprintf(r->notes, "%-22s %-15s %.4f ms: too short for CUDA events (the gap between launches)\n",
                a->variant, shape, ms);
        return;
    }
    double cycles = ms * 1e-3 * hz;
    fprintf(r->notes, "%-22s %-15s %.4f ms unprofiled (%zu timing run%s) = %.6g cycles at mmprof's clock: "
                      "mmprof %+.2f %%, ncu %+.2f %%\n",
            a->variant, shape, ms, t->nvalues[0], t->nvalues[0] == 1 ? "" : "s", cycles, 100 * (a_cyc / cycles - 1),
            100 * (b_cyc / cycles - 1));
}

void xc_referee_close(struct xc_referee *r, FILE *out)
{
    if (r->notes) {
        fclose(r->notes);
        if (r->text_len > 0)
            fprintf(out, "\nelapsed cycles that miss, against the kernel's unprofiled duration (CUDA events of "
                         "`mmprof collect` timing runs):\n%s",
                    r->text);
    }
    free(r->text);
    if (r->loaded)
        xc_side_free(&r->timing);
    str_list_free(&r->metric);
    memset(r, 0, sizeof *r);
}
