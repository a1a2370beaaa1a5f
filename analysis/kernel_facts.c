#include "analysis/kernel_facts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/verdict.h"
#include "stalls/source_profile.h"

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
    return analysis_row_on_gpu(r) && r->row_time_ms > 0;
}

static void count_launches(struct analysis *a)
{
    double total_ms = 0;
    for (size_t i = 0; i < a->nrows; i++)
        if (row_timed(&a->rows[i]))
            total_ms += a->rows[i].row_time_ms;
    for (size_t i = 0; i < a->nrows; i++) {
        struct analysis_row *r = &a->rows[i];
        double n = 0, ms = 0;
        for (size_t j = 0; j < a->nrows; j++)
            if (analysis_same_kernel(r, &a->rows[j])) {
                n += a->rows[j].row_launches;
                ms += row_timed(&a->rows[j]) ? a->rows[j].row_time_ms : 0;
            }
        r->launches = n;
        r->time_share_pct = total_ms > 0 && row_timed(r) ? 100.0 * ms / total_ms : NAN;
    }
}

/* name is r's kernel: r->variant, or its start when the row's buffer cut a
 * library kernel's long name. */
static int same_name(const char *name, const struct analysis_row *r)
{
    size_t len = strlen(r->variant);
    int cut = len == sizeof r->variant - 1;
    return strncmp(name, r->variant, len) == 0 && (cut || name[len] == '\0');
}

/* Row r's most sampled stall reason ("selected", a warp that issued, aside)
 * and hottest source line, from source.csv folded as every reader folds it. */
static void top_stall(const struct source_profile *p, struct analysis_row *r)
{
    for (size_t i = 0; i < p->n; i++) {
        const struct source_kernel *k = &p->kernels[i];
        if (!same_name(k->variant, r) || k->m != r->m || k->n != r->n || k->k != r->k || !k->samples)
            continue;
        for (size_t j = 0; j < k->nstalls; j++)
            if (strcmp(k->stalls[j].stall, "selected") != 0) {
                snprintf(r->top_stall, sizeof r->top_stall, "%s", k->stalls[j].stall);
                r->top_stall_pct = source_pct(k->stalls[j].samples, k->samples);
                break;
            }
        if (k->nlines > 0 && k->lines[0].line > 0) {
            const char *file = strrchr(k->lines[0].file, '/') ? strrchr(k->lines[0].file, '/') + 1 : k->lines[0].file;
            snprintf(r->top_line, sizeof r->top_line, "%s:%ld", file, k->lines[0].line);
            r->top_line_pct = source_pct(k->lines[0].samples, k->samples);
        }
        return;
    }
}

double analysis_kernel_time_ms(const struct analysis *a, const struct analysis_row *r)
{
    double ms = NAN;
    for (size_t j = 0; j < a->nrows; j++)
        if (analysis_same_kernel(r, &a->rows[j]) && row_timed(&a->rows[j]))
            ms = (isnan(ms) ? 0 : ms) + a->rows[j].row_time_ms;
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

int analysis_attach(struct analysis *a, const struct run_view *v, struct roofline *roof, char *err,
                    size_t err_len)
{
    struct source_profile p;
    int rc = source_profile_load(v, &p, err, err_len);
    if (rc < 0)
        return -1;
    analysis_attach_with(a, rc == 0 ? &p : NULL, roof);
    source_profile_free(&p);
    return 0;
}

void analysis_attach_with(struct analysis *a, const struct source_profile *stalls, struct roofline *roof)
{
    analysis_fit_roofs(a, roof);
    analysis_attach_roofs(a, roof);
    count_launches(a);
    for (size_t i = 0; stalls && i < a->nrows; i++)
        top_stall(stalls, &a->rows[i]);
}
