/* Rows' timing from launches.tsv (row_timing.h). */
#include "profile/row_timing.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rundir/results.h"
#include "common/table.h"
#include "profile/launch_log.h"
#include "common/csv_write.h"
#include "rundir/launch_params.h"
#include "rundir/results_rewrite.h"
#include "rundir/samples.h"

struct owner { /* a profiled launch: its row's launches */
    long pid, launch;
    double own_ms;
    double *ms;
    size_t n, cap;
    char *variant;      /* its row's key in samples.csv (retime), NULL until the row is seen */
    long m, nn, k;
    double *launch_ms; /* ms in launch order (retime sorts ms) */
};

struct kernel_key { /* a kernel of a process, and the row it times now */
    long pid;
    char *kernel;
    unsigned grid[3], block[3];
    size_t owner;
};

struct timing {
    struct owner *o;
    size_t no;
    struct kernel_key *k;
    size_t nk;
    double slack_ms; /* a difference this small is the records' own, not drift */
};

static void timing_free(struct timing *t)
{
    for (size_t i = 0; i < t->no; i++) {
        free(t->o[i].ms);
        free(t->o[i].variant);
        free(t->o[i].launch_ms);
    }
    for (size_t i = 0; i < t->nk; i++)
        free(t->k[i].kernel);
    free(t->o);
    free(t->k);
}

static struct kernel_key *key_of(struct timing *t, const struct launch_line *l, int add)
{
    for (size_t i = t->nk; i-- > 0;)
        if (t->k[i].pid == l->pid && memcmp(t->k[i].grid, l->grid, sizeof l->grid) == 0 &&
            memcmp(t->k[i].block, l->block, sizeof l->block) == 0 && strcmp(t->k[i].kernel, l->kernel) == 0)
            return &t->k[i];
    if (!add)
        return NULL;
    struct kernel_key *grown = realloc(t->k, (t->nk + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    t->k = grown;
    struct kernel_key *k = &t->k[t->nk];
    *k = (struct kernel_key){.pid = l->pid, .kernel = strdup(l->kernel)};
    memcpy(k->grid, l->grid, sizeof k->grid);
    memcpy(k->block, l->block, sizeof k->block);
    if (!k->kernel)
        return NULL;
    t->nk++;
    return k;
}

static int add_ms(struct owner *o, double ms)
{
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 8;
        double *grown = realloc(o->ms, cap * sizeof *grown);
        if (!grown)
            return -1;
        o->ms = grown;
        o->cap = cap;
    }
    o->ms[o->n++] = ms;
    return 0;
}

/* One launch: a profiled one opens its row, any other joins its kernel's. */
static int take(struct timing *t, const struct launch_line *l)
{
    int profiled = strcmp(l->verdict, "profiled") == 0 || strcmp(l->verdict, "failed") == 0;
    struct kernel_key *k = key_of(t, l, profiled);
    if (profiled) {
        struct owner *grown = k ? realloc(t->o, (t->no + 1) * sizeof *grown) : NULL;
        if (!grown)
            return -1;
        t->o = grown;
        t->o[t->no] = (struct owner){.pid = l->pid, .launch = l->launch, .own_ms = l->gpu_ms};
        k->owner = t->no++;
    }
    if (!k || isnan(l->gpu_ms))
        return 0;
    return add_ms(&t->o[k->owner], l->gpu_ms);
}

static int read_launches(const char *dir, struct timing *t, char *why, size_t why_len)
{
    char path[4200], line[LAUNCH_LOG_LINE_MAX];
    run_path(path, sizeof path, dir, LAUNCHES_TSV);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return 1;
    }
    size_t lineno = 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        struct launch_line l;
        if (lineno++ == 0 && strncmp(line, "pid\t", 4) == 0)
            continue;
        if (launch_log_parse(line, &l) != 0 || take(t, &l) != 0) {
            snprintf(why, why_len, "%s line %zu: malformed, or out of memory", path, lineno);
            rc = 1;
        }
    }
    fclose(f);
    return rc;
}

static struct owner *owner_of(struct timing *t, const char *params)
{
    struct launch_params lp;
    if (launch_params_read(params, &lp) != 0)
        return NULL;
    for (size_t i = 0; i < t->no; i++)
        if (t->o[i].pid == lp.pid && t->o[i].launch == lp.launch)
            return &t->o[i];
    return NULL;
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Row r's cells with its timing (a rewrite_row_fn over the timing). */
static void retime(const struct table *tb, size_t r, const char **cells, char (*text)[REWRITE_CELL_MAX],
                   void *arg)
{
    const double slack_ms = ((struct timing *)arg)->slack_ms;
    struct owner *o = owner_of(arg, table_str(tb, r, table_col(tb, "params")));
    if (!o)
        return;
    double total = 0;
    if (o->n && !o->variant && (o->launch_ms = malloc(o->n * sizeof *o->launch_ms)) &&
        (o->variant = strdup(table_str(tb, r, table_col(tb, "variant"))))) {
        memcpy(o->launch_ms, o->ms, o->n * sizeof *o->ms);
        o->m = (long)table_num(tb, r, table_col(tb, "M"));
        o->nn = (long)table_num(tb, r, table_col(tb, "N"));
        o->k = (long)table_num(tb, r, table_col(tb, "K"));
    }
    if (o->n)
        qsort(o->ms, o->n, sizeof *o->ms, ascending);
    for (size_t i = 0; i < o->n; i++)
        total += o->ms[i];
    double median = launch_log_median(o->ms, o->n);
    struct { const char *col; double v; } set[] = {
        {"runtime_ms", median}, {"min_ms", o->n ? o->ms[0] : NAN}, {"max_ms", o->n ? o->ms[o->n - 1] : NAN},
        {"runs", (double)o->n}, {"total_ms", o->n ? total : NAN},
        {"gflops", table_num(tb, r, table_col(tb, "flops")) / (median * 1e6)},
        {"gbs", table_num(tb, r, table_col(tb, "bytes_compulsory")) / (median * 1e6)},
    };
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        int c = table_col(tb, set[i].col);
        if (c >= 0) {
            csv_num_text(text[c], REWRITE_CELL_MAX, set[i].v);
            cells[c] = text[c];
        }
    }
    int p = table_col(tb, "params"), why = table_col(tb, "reason");
    launch_params_add_gpu_ms(text[p], REWRITE_CELL_MAX, table_str(tb, r, p), o->own_ms);
    cells[p] = text[p];
    double cycles = table_num(tb, r, table_col(tb, "sm__cycles_elapsed.avg"));
    double hz = table_num(tb, r, table_col(tb, "sm__cycles_elapsed.avg.per_second"));
    /* against the kernel's median: the profiled launch is often its first,
       which runs on cold TLBs and caches (docs/profile.md) */
    double profiled_ms = cycles / hz * 1e3, off_pct = 100 * (profiled_ms - median) / median;
    if (why >= 0 && isfinite(off_pct) &&
        fabs(profiled_ms - median) > ROW_TIMING_DRIFT_PCT / 100 * median + slack_ms) {
        const char *was = table_str(tb, r, why);
        char of[48] = "";
        if (o->n > 1)
            snprintf(of, sizeof of, " (median of %zu launches)", o->n);
        snprintf(text[why], REWRITE_CELL_MAX, "%s%sprofiled elapsed %.4g ms is %+.1f %% off the unprofiled %.4g ms%s",
                 was, was[0] ? "; " : "", profiled_ms, off_pct, median, of);
        cells[why] = text[why];
    }
}

static int same_key(const struct owner *a, const struct owner *b)
{
    return a->variant && b->variant && strcmp(a->variant, b->variant) == 0 && a->m == b->m && a->nn == b->nn &&
           a->k == b->k;
}

/* Each row's launch times in samples.csv, for diff's intervals: a row whose
 * key (variant, M, N, K) no other row shares, so that the line is its own. */
static int write_samples(const char *dir, const struct timing *t, char *why, size_t why_len)
{
    FILE *f = NULL;
    int rc = 0;
    for (size_t i = 0; i < t->no && rc == 0; i++) {
        const struct owner *o = &t->o[i];
        int shared = 0;
        for (size_t j = 0; j < t->no && !shared; j++)
            shared = j != i && same_key(o, &t->o[j]);
        if (!o->variant || shared)
            continue;
        if (!f && !(f = samples_open(dir, why, why_len)))
            return 1;
        if (samples_append(f, o->variant, o->m, o->nn, o->k, o->launch_ms, o->n) != 0) {
            snprintf(why, why_len, "cannot write %s/%s: %s", dir, SAMPLES_CSV, strerror(errno));
            rc = 1;
        }
    }
    if (f && fclose(f) != 0 && rc == 0) {
        snprintf(why, why_len, "cannot write %s/%s: %s", dir, SAMPLES_CSV, strerror(errno));
        rc = 1;
    }
    return rc;
}

int row_timing_apply(const char *dir, enum kernel_timing timing, char *why, size_t why_len)
{
    char path[4200];
    run_path(path, sizeof path, dir, RESULTS_CSV);
    if (access(path, F_OK) != 0)
        return 0;
    struct timing t = {0};
    t.slack_ms = timing == KERNEL_TIMING_SERIAL ? ROW_TIMING_SERIAL_SLACK_MS : 0;
    int rc = read_launches(dir, &t, why, why_len);
    if (!rc)
        rc = results_rewrite(dir, retime, &t, why, why_len);
    if (!rc)
        rc = write_samples(dir, &t, why, why_len);
    timing_free(&t);
    return rc;
}
