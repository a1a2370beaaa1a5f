/* A run view's results.csv rows turned into rows of theory + measurement. */
#include "analysis/analysis.h"
#include "analysis/verdict.h"
#include "rundir/run_files.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rundir/results.h"
#include "common/table.h"
#include "common/util.h"

/* A dimension cell: a whole number from min (K is 0 for transposes) to
 * INT_MAX (the kernels index with int). */
static int parse_dim(const struct table *t, size_t row, const char *name, long min, long *out, char *err,
                     size_t err_len)
{
    double v = table_num(t, row, table_col(t, name));
    if (isnan(v) || v < min || v > INT_MAX || v != floor(v)) {
        snprintf(err, err_len,
                 RESULTS_CSV " line %zu: %s '%s' is not a whole number from %ld to %d (hand-edited or corrupt "
                 "file: fix the cell or collect again)",
                 row + 2, name, table_str(t, row, table_col(t, name)), min, INT_MAX);
        return -1;
    }
    *out = (long)v;
    return 0;
}

static void copy_text(char *dst, size_t len, const struct table *t, size_t row, const char *col)
{
    snprintf(dst, len, "%s", table_str(t, row, table_col(t, col)));
}

static int read_identity(const struct table *t, size_t row, struct analysis_row *r, char *err, size_t err_len)
{
    copy_text(r->variant, sizeof r->variant, t, row, "variant");
    copy_text(r->family, sizeof r->family, t, row, "family");
    copy_text(r->params, sizeof r->params, t, row, "params");
    copy_text(r->status, sizeof r->status, t, row, "status");
    copy_text(r->collector_reason, sizeof r->collector_reason, t, row, "reason");
    r->v = registry_find(r->variant);
    int transpose = r->v ? r->v->family == FAMILY_TRANSPOSE : strcmp(r->family, "transpose") == 0;
    /* a kernel `mmprof profile` saw undeclared has no shape: 0 x 0 x 0 */
    long min = !r->v && strncmp(r->params, RESULTS_PROFILE_PARAMS, strlen(RESULTS_PROFILE_PARAMS)) == 0 ? 0 : 1;
    if (parse_dim(t, row, "M", min, &r->m, err, err_len) || parse_dim(t, row, "N", min, &r->n, err, err_len) ||
        parse_dim(t, row, "K", transpose ? 0 : min, &r->k, err, err_len))
        return -1;
    return 0;
}

int analysis_row_is_gpu_matmul(const struct analysis_row *r)
{
    return r->has_theory && r->v->family == FAMILY_MATMUL && variant_on_gpu(r->v);
}

static int row_is_matmul(const struct analysis_row *r)
{
    return r->v ? r->v->family == FAMILY_MATMUL : strcmp(r->family, "matmul") == 0;
}

int analysis_row_is_user_kernel(const struct analysis_row *r)
{
    return !r->v && strcmp(r->family, RESULTS_FAMILY_KERNEL) == 0;
}

/* Without a model, the collector's own flops / bytes columns give the rates. */
static double model_or_column(double model, const struct table *t, size_t row, const char *col)
{
    return isnan(model) ? table_num(t, row, table_col(t, col)) : model;
}

int analysis_departs(double ratio)
{
    return !isnan(ratio) && fabs(ratio - 1) > ANALYSIS_EXPLAIN_GAP;
}

static void fill_row(const struct table *t, size_t row, double sm_count, struct analysis_row *r)
{
    struct shape s = {r->m, r->n, r->k};
    r->has_theory = theory_of(r->v, &s, &r->th) == 0;
    struct measure_basis b = {
        .useful_flops = model_or_column(r->th.flops, t, row, "flops"),
        .bytes_compulsory = model_or_column(r->th.bytes_compulsory, t, row, "bytes_compulsory"),
        .has_flops = row_is_matmul(r) || analysis_row_is_user_kernel(r),
        .flops_from_counters = analysis_row_is_user_kernel(r),
        .loads_by_cp_async = r->th.loads_by_cp_async,
        .ok = strcmp(r->status, "ok") == 0,
    };
    measured_from_row(t, row, &b, &r->ms);
    geometry_from_row(t, row, r->v, sm_count, &r->geo);
    /* like with like: executed FLOPs against executed, CGMA (2MNK over
     * words) against CGMA (2MNK over the model's words) */
    r->flops_executed_ratio = r->ms.flops_executed / r->th.flops_executed;
    r->flops_padding_pct = 100 * (r->ms.flops_executed / b.useful_flops - 1);
    r->cgma_thread_ratio = r->ms.cgma_thread_flop_per_word / r->th.cgma;
    r->cgma_sector_ratio = r->ms.cgma_sector_flop_per_word / r->th.cgma_sector;
    if (!row_is_matmul(r))
        r->flops_executed_ratio = r->flops_padding_pct = NAN; /* 0 / 0 for transposes */
    r->bw_vs_copy_pct = NAN;
    for (int u = 0; u < SOL_UNITS; u++)
        r->sol_pct[u] = NAN; /* analysis_attach (kernel_facts.h) fills these from the run's roofs */
    r->sol_time_ms = r->top_stall_pct = r->top_line_pct = r->launches = r->time_share_pct = NAN;
    /* a profile row times its kernel's launches up to the next profiled one (runs, total_ms); a
       collect row's runs are its timed repeats of one launch, its total_ms transfers included */
    double runs = table_num(t, row, table_col(t, "runs")), total = table_num(t, row, table_col(t, "total_ms"));
    int profiled = strncmp(r->params, RESULTS_PROFILE_PARAMS, strlen(RESULTS_PROFILE_PARAMS)) == 0;
    r->row_launches = profiled && runs >= 1 ? runs : 1;
    r->row_time_ms = profiled && total > 0 ? total : analysis_launch_ms(r);
}

static int same_tile(const struct variant *a, const struct variant *b)
{
    return a->tile_dim == b->tile_dim && a->block_rows == b->block_rows;
}

/* Seed 002's yardstick: a transpose's bandwidth against the copy kernel
 * of the same tile on the same shape (any copy tile when that is missing). */
static const struct analysis_row *copy_reference(const struct analysis *a, const struct analysis_row *r)
{
    const struct analysis_row *any = NULL;
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *c = &a->rows[i];
        if (!c->v || c->v->kind != KIND_TR_COPY || c->m != r->m || c->n != r->n || isnan(c->ms.gb_s))
            continue;
        if (same_tile(c->v, r->v))
            return c;
        any = any ? any : c;
    }
    return any;
}

static void compare_with_copy(struct analysis *a)
{
    for (size_t i = 0; i < a->nrows; i++) {
        struct analysis_row *r = &a->rows[i];
        if (!r->v || r->v->family != FAMILY_TRANSPOSE)
            continue;
        const struct analysis_row *c = copy_reference(a, r);
        if (c)
            r->bw_vs_copy_pct = 100 * r->ms.gb_s / c->ms.gb_s;
    }
}

static int load_rows(const struct table *t, struct analysis *a, char *err, size_t err_len)
{
    a->rows = calloc(t->nrows ? t->nrows : 1, sizeof *a->rows);
    if (!a->rows) {
        snprintf(err, err_len, "out of memory for %zu rows", t->nrows);
        return EXIT_RUNTIME;
    }
    for (size_t i = 0; i < t->nrows; i++) {
        if (read_identity(t, i, &a->rows[i], err, err_len) != 0)
            return EXIT_USAGE;
        fill_row(t, i, a->run.sm_count, &a->rows[i]);
        a->nrows++;
    }
    compare_with_copy(a);
    for (size_t i = 0; i < a->nrows; i++)
        analysis_explain(&a->rows[i]);
    return EXIT_OK;
}

int analysis_build(const struct run_view *v, struct analysis *a, char *err, size_t err_len)
{
    memset(a, 0, sizeof *a);
    snprintf(a->run_dir, sizeof a->run_dir, "%s", v->dir);
    run_info_of(&v->meta, &a->run);
    int rc = load_rows(v->results, a, err, err_len);
    if (rc != EXIT_OK)
        analysis_free(a);
    return rc;
}

int analysis_load(const char *dir, unsigned parts, struct run_view *v, struct analysis *a, char *err, size_t err_len)
{
    memset(a, 0, sizeof *a);
    int rc = run_view_load(dir, parts | RUN_VIEW_RESULTS | RUN_VIEW_META, v, err, err_len);
    if (rc == EXIT_OK && (rc = analysis_build(v, a, err, err_len)) != EXIT_OK)
        run_view_free(v);
    return rc;
}

void analysis_free(struct analysis *a)
{
    free(a->rows);
    a->rows = NULL;
    a->nrows = 0;
}

double analysis_sector_waste(const struct analysis_row *r, int stores)
{
    double sectors = stores ? r->th.gst_sectors : r->th.gld_sectors, words = stores ? r->th.gst_words : r->th.gld_words;
    return words > 0 ? 8.0 * sectors / words : NAN;
}
