/* The runs of an application replay joined (replay_join.h). */
#include "profile/replay_join.h"
#include "rundir/run_files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rundir/results.h"
#include "common/table.h"
#include "profile/replay_log.h"
#include "common/csv_write.h"
#include "rundir/launch_params.h"
#include "rundir/results_rewrite.h"

struct run {
    struct replay_line *l;
    size_t n;
    long *ordinal; /* per line: its process's place in the order processes first launched */
    size_t *order; /* lines by (ordinal, launch) */
};

struct join {
    struct run *runs;
    long images;
    size_t paired;  /* places in order paired in every run */
    const struct metric_set *ms;
    double *raw;
    double *cols;
    char differs[512];
};

static const struct run *sorting; /* qsort's context */

static int by_place(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    long ox = sorting->ordinal[x], oy = sorting->ordinal[y];
    if (ox != oy)
        return ox < oy ? -1 : 1;
    return (sorting->l[x].launch > sorting->l[y].launch) - (sorting->l[x].launch < sorting->l[y].launch);
}

static int order(struct run *r)
{
    r->ordinal = malloc((r->n ? r->n : 1) * sizeof *r->ordinal);
    r->order = malloc((r->n ? r->n : 1) * sizeof *r->order);
    if (!r->ordinal || !r->order)
        return -1;
    long next = 0;
    for (size_t i = 0; i < r->n; i++) {
        r->ordinal[i] = -1;
        for (size_t j = 0; j < i && r->ordinal[i] < 0; j++)
            if (r->l[j].pid == r->l[i].pid)
                r->ordinal[i] = r->ordinal[j];
        if (r->ordinal[i] < 0)
            r->ordinal[i] = next++;
        r->order[i] = i;
    }
    sorting = r;
    qsort(r->order, r->n, sizeof *r->order, by_place);
    return 0;
}

static void dims(char *buf, size_t len, const struct replay_line *l)
{
    snprintf(buf, len, "grid %u,%u,%u block %u,%u,%u", l->grid[0], l->grid[1], l->grid[2], l->block[0],
             l->block[1], l->block[2]);
}

/* How far run k pairs with run 0; the first difference into j->differs. */
static size_t pair(struct join *j, long k)
{
    const struct run *a = &j->runs[0], *b = &j->runs[k];
    size_t i = 0;
    for (; i < a->n && i < b->n; i++) {
        const struct replay_line *x = &a->l[a->order[i]], *y = &b->l[b->order[i]];
        if (a->ordinal[a->order[i]] != b->ordinal[b->order[i]] || x->launch != y->launch ||
            strcmp(x->kernel, y->kernel) != 0 || memcmp(x->grid, y->grid, sizeof x->grid) != 0 ||
            memcmp(x->block, y->block, sizeof x->block) != 0)
            break;
    }
    if ((i == a->n && i == b->n) || i >= j->paired)
        return i; /* all paired, or an earlier difference is the one to name */
    char dx[64] = "", dy[64] = "";
    const struct replay_line *x = i < a->n ? &a->l[a->order[i]] : NULL, *y = i < b->n ? &b->l[b->order[i]] : NULL;
    if (x)
        dims(dx, sizeof dx, x);
    if (y)
        dims(dy, sizeof dy, y);
    snprintf(j->differs, sizeof j->differs,
             "the app launched differently in its run for config image %ld: launch %ld of process #%ld was "
             "%s%s%s in the first run and %s%s%s in that one",
             k, x ? x->launch : y->launch, (x ? a->ordinal[a->order[i]] : b->ordinal[b->order[i]]) + 1,
             x ? x->kernel : "(none: the run had ended)", x ? " " : "", dx,
             y ? y->kernel : "(none: the run had ended)", y ? " " : "", dy);
    return i;
}

/* The place in r's order of the line of (pid, launch), or SIZE_MAX. */
static size_t place_of(const struct run *r, long pid, long launch)
{
    long ordinal = -1;
    for (size_t i = 0; i < r->n && ordinal < 0; i++) /* the processes come first in order: few */
        if (r->l[r->order[i]].pid == pid)
            ordinal = r->ordinal[r->order[i]];
    size_t lo = 0, hi = r->n;
    while (ordinal >= 0 && lo < hi) {
        size_t mid = (lo + hi) / 2;
        const size_t at = r->order[mid];
        if (r->ordinal[at] < ordinal || (r->ordinal[at] == ordinal && r->l[at].launch < launch))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (ordinal >= 0 && lo < r->n && r->ordinal[r->order[lo]] == ordinal && r->l[r->order[lo]].launch == launch)
        return lo;
    return (size_t)-1;
}

static void fail_row(const struct table *t, size_t r, const char **cells, char (*text)[REWRITE_CELL_MAX],
                     const char *why)
{
    int st = table_col(t, "status"), reason = table_col(t, "reason");
    cells[st] = "failed";
    snprintf(text[reason], REWRITE_CELL_MAX, "counters: %s", why);
    cells[reason] = text[reason];
    for (size_t c = results_fixed_count(); c < t->ncols; c++)
        cells[c] = "";
    (void)r;
}

static void join_row(const struct table *t, size_t r, const char **cells, char (*text)[REWRITE_CELL_MAX],
                     void *arg)
{
    struct join *j = arg;
    const char *params = table_str(t, r, table_col(t, "params"));
    struct launch_params lp;
    if (launch_params_read(params, &lp) != 0)
        return;
    size_t place = place_of(&j->runs[0], lp.pid, lp.launch);
    if (place == (size_t)-1 || place >= j->paired) {
        fail_row(t, r, cells, text, j->differs[0] ? j->differs : "the launch is in no run's replay-K.tsv");
        return;
    }
    for (size_t i = 0; i < j->ms->nraw; i++)
        j->raw[i] = NAN;
    for (long k = 0; k < j->images; k++) {
        const struct replay_line *l = &j->runs[k].l[j->runs[k].order[place]];
        if (strcmp(l->verdict, "failed") == 0) {
            char why[200];
            snprintf(why, sizeof why, "config image %ld failed in its run (its messages: " REPLAY_LOG_FMT ")", k, k);
            fail_row(t, r, cells, text, why);
            return;
        }
        for (size_t i = 0; i < j->ms->nraw; i++)
            if (!isnan(l->values[i]))
                j->raw[i] = l->values[i];
    }
    metric_set_evaluate(j->ms, j->raw, j->cols);
    size_t first = results_fixed_count();
    for (size_t c = 0; c < j->ms->ncols && first + c < t->ncols; c++) {
        csv_num_text(text[first + c], REWRITE_CELL_MAX, j->cols[c]);
        cells[first + c] = text[first + c];
    }
}

int replay_join(const char *dir, long images, const char *metrics, char *why, size_t why_len)
{
    struct metric_set set;
    metric_set_init(&set);
    if (metric_set_parse(&set, metrics, why, why_len) != 0)
        return 1;
    const struct metric_set *ms = &set;
    struct join j = {.runs = calloc((size_t)(images > 0 ? images : 1), sizeof *j.runs), .images = images,
                     .ms = ms, .raw = malloc((ms->nraw ? ms->nraw : 1) * sizeof *j.raw),
                     .cols = malloc((ms->ncols ? ms->ncols : 1) * sizeof *j.cols)};
    int rc = !j.runs || !j.raw || !j.cols;
    if (rc)
        snprintf(why, why_len, "out of memory joining the replay's runs");
    for (long k = 0; !rc && k < images; k++) {
        rc = replay_log_read(dir, k, ms->nraw, &j.runs[k].l, &j.runs[k].n, why, why_len);
        if (!rc && order(&j.runs[k]) != 0) {
            snprintf(why, why_len, "out of memory joining the replay's runs");
            rc = 1;
        }
    }
    if (!rc) {
        j.paired = j.runs[0].n;
        for (long k = 1; k < images; k++) {
            size_t p = pair(&j, k);
            if (p < j.paired)
                j.paired = p;
        }
        rc = results_rewrite(dir, join_row, &j, why, why_len);
        if (!rc && j.differs[0]) {
            snprintf(why, why_len, "%s; the rows of the %zu launches before it keep their counters", j.differs,
                     j.paired);
            rc = 1;
        }
    }
    for (long k = 0; j.runs && k < images; k++) {
        char path[4200];
        replay_log_free(j.runs[k].l, j.runs[k].n);
        free(j.runs[k].ordinal);
        free(j.runs[k].order);
        replay_log_path(path, sizeof path, dir, k);
        if (!rc)
            unlink(path);
    }
    free(j.runs);
    free(j.raw);
    free(j.cols);
    metric_set_free(&set);
    return rc;
}
