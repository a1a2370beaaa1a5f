#include "analysis/kernel_facts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/verdict.h"
#include "rundir/source_csv.h"

/* Equal, or both not known. */
static int same(double x, double y)
{
    return x == y || (isnan(x) && isnan(y));
}

int analysis_same_kernel(const struct analysis_row *a, const struct analysis_row *b)
{
    return strcmp(a->variant, b->variant) == 0 && a->m == b->m && a->n == b->n && a->k == b->k &&
           same(a->geo.threads_per_block, b->geo.threads_per_block) && same(a->geo.grid_blocks, b->geo.grid_blocks);
}

int analysis_row_on_gpu(const struct analysis_row *r)
{
    return strcmp(r->status, "ok") == 0 && (!r->v || variant_on_gpu(r->v));
}

static int row_timed(const struct analysis_row *r)
{
    return analysis_row_on_gpu(r) && isfinite(r->sol_time_ms) && r->sol_time_ms > 0;
}

static void count_launches(struct analysis *a)
{
    double total_ms = 0;
    for (size_t i = 0; i < a->nrows; i++)
        if (row_timed(&a->rows[i]))
            total_ms += a->rows[i].sol_time_ms;
    for (size_t i = 0; i < a->nrows; i++) {
        struct analysis_row *r = &a->rows[i];
        double n = 0, ms = 0;
        for (size_t j = 0; j < a->nrows; j++)
            if (analysis_same_kernel(r, &a->rows[j])) {
                n++;
                ms += row_timed(&a->rows[j]) ? a->rows[j].sol_time_ms : 0;
            }
        r->launches = n;
        r->time_share_pct = total_ms > 0 && row_timed(r) ? 100.0 * ms / total_ms : NAN;
    }
}

enum { STALL_REASONS_MAX = 64 };

/* The most sampled stall reason of row r ("selected", a warp that issued,
 * and the "_not_issued" subsets aside) and its share of all its samples. */
static void top_stall(const struct source_table *s, struct analysis_row *r)
{
    struct {
        const char *stall;
        unsigned long long samples;
    } by[STALL_REASONS_MAX];
    size_t nby = 0, top = 0;
    unsigned long long total = 0;
    for (size_t i = 0; i < s->n; i++) {
        const struct source_row *p = &s->rows[i];
        if (strcmp(p->variant, r->variant) != 0 || p->m != r->m || p->n != r->n || p->k != r->k ||
            source_stall_not_issued(p->stall))
            continue;
        total += p->samples;
        if (strcmp(p->stall, "selected") == 0)
            continue;
        size_t j = 0;
        while (j < nby && strcmp(by[j].stall, p->stall) != 0)
            j++;
        if (j == nby) {
            if (nby == STALL_REASONS_MAX)
                continue; /* CUPTI has fewer reasons than this */
            by[nby].stall = p->stall;
            by[nby++].samples = 0;
        }
        by[j].samples += p->samples;
        if (by[j].samples > by[top].samples)
            top = j;
    }
    if (nby > 0 && total > 0) {
        snprintf(r->top_stall, sizeof r->top_stall, "%s", by[top].stall);
        r->top_stall_pct = 100.0 * (double)by[top].samples / (double)total;
    }
}

double analysis_kernel_time_ms(const struct analysis *a, const struct analysis_row *r)
{
    double ms = NAN;
    for (size_t j = 0; j < a->nrows; j++)
        if (analysis_same_kernel(r, &a->rows[j]) && row_timed(&a->rows[j]))
            ms = (isnan(ms) ? 0 : ms) + a->rows[j].sol_time_ms;
    return ms;
}

static int by_share_desc(const void *a, const void *b)
{
    double ta = (*(const struct analysis_row *const *)a)->time_share_pct;
    double tb = (*(const struct analysis_row *const *)b)->time_share_pct;
    if (isnan(ta) != isnan(tb))
        return isnan(ta) ? 1 : -1;
    return (ta < tb) - (ta > tb);
}

size_t analysis_kernels(const struct analysis *a, const struct analysis_row **out)
{
    size_t n = 0;
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        size_t j = 0;
        while (j < n && !analysis_same_kernel(out[j], r))
            j++;
        if (j == n && analysis_row_on_gpu(r))
            out[n++] = r;
    }
    qsort(out, n, sizeof *out, by_share_desc);
    return n;
}

int analysis_attach(struct analysis *a, const struct roofline *roof, char *err, size_t err_len)
{
    analysis_attach_roofs(a, roof);
    count_launches(a);
    struct source_table *s = NULL;
    if (source_csv_read(a->run_dir, &s, err, err_len) != 0)
        return -1;
    for (size_t i = 0; s && i < a->nrows; i++)
        top_stall(s, &a->rows[i]);
    source_table_free(s);
    return 0;
}
