/* source.csv folded per kernel, line and stall reason (source_profile.h).
 * Plain arrays with linear look-ups: a kernel has a few hundred sampled
 * instructions and a few dozen lines. */
#include "stalls/source_profile.h"

#include "common/kernel_name.h"
#include "common/shape_text.h"

#include "rundir/run_meta.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add_stall(struct stall_count **v, size_t *n, const char *stall, unsigned long long samples)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*v)[i].stall, stall) == 0) {
            (*v)[i].samples += samples;
            return 0;
        }
    struct stall_count *g = realloc(*v, (*n + 1) * sizeof *g);
    if (!g)
        return -1;
    *v = g;
    g[(*n)++] = (struct stall_count){stall, samples};
    return 0;
}

static struct source_line *line_of(struct source_kernel *k, const struct source_row *r)
{
    for (size_t i = 0; i < k->nlines; i++)
        if (k->lines[i].line == r->line && strcmp(k->lines[i].file, r->file) == 0)
            return &k->lines[i];
    struct source_line *g = realloc(k->lines, (k->nlines + 1) * sizeof *g);
    if (!g)
        return NULL;
    k->lines = g;
    g[k->nlines] = (struct source_line){.file = r->file, .line = r->line};
    return &g[k->nlines++];
}

static struct source_kernel *kernel_of(struct source_profile *p, const struct source_row *r)
{
    for (size_t i = 0; i < p->n; i++) {
        struct source_kernel *k = &p->kernels[i];
        if (strcmp(k->variant, r->variant) == 0 && k->m == r->m && k->n == r->n && k->k == r->k)
            return k;
    }
    struct source_kernel *g = realloc(p->kernels, (p->n + 1) * sizeof *g);
    if (!g)
        return NULL;
    p->kernels = g;
    g[p->n] = (struct source_kernel){.variant = r->variant, .m = r->m, .n = r->n, .k = r->k, .function = r->function};
    return &g[p->n++];
}

static int by_stall(const void *a, const void *b)
{
    const struct stall_count *x = a, *y = b;
    if (x->samples != y->samples)
        return x->samples < y->samples ? 1 : -1;
    return strcmp(x->stall, y->stall);
}

static int by_line(const void *a, const void *b)
{
    const struct source_line *x = a, *y = b;
    if (x->samples != y->samples)
        return x->samples < y->samples ? 1 : -1;
    int c = strcmp(x->file, y->file);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int add_row(struct source_profile *p, const struct source_row *r)
{
    struct source_kernel *k = kernel_of(p, r);
    struct source_line *l = k ? line_of(k, r) : NULL;
    if (!l)
        return -1;
    if (source_stall_not_issued(r->stall))
        return 0;
    if (add_stall(&l->stalls, &l->nstalls, r->stall, r->samples) != 0)
        return -1;
    l->samples += r->samples;
    k->samples += r->samples;
    return add_stall(&k->stalls, &k->nstalls, r->stall, r->samples);
}

int source_profile_build(const struct source_table *t, struct source_profile *p)
{
    memset(p, 0, sizeof *p);
    for (size_t i = 0; i < t->n; i++)
        if (add_row(p, &t->rows[i]) != 0) {
            source_profile_free(p);
            return -1;
        }
    for (size_t i = 0; i < p->n; i++) {
        struct source_kernel *k = &p->kernels[i];
        qsort(k->stalls, k->nstalls, sizeof *k->stalls, by_stall);
        qsort(k->lines, k->nlines, sizeof *k->lines, by_line);
        for (size_t j = 0; j < k->nlines; j++)
            qsort(k->lines[j].stalls, k->lines[j].nstalls, sizeof *k->lines[j].stalls, by_stall);
    }
    return 0;
}

int source_profile_load(const struct run_view *v, struct source_profile *p, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    if (v->source_status == RUN_SOURCE_UNREADABLE) {
        snprintf(err, err_len, "%s", v->source_note);
        return -1;
    }
    if (!v->source) {
        /* the command that takes them: profile's when run.json says profile made the run */
        const char *command = v->meta.root ? meta_str(&v->meta, "command") : NULL;
        int profiled = command && strcmp(command, "profile") == 0;
        snprintf(err, err_len, "%s has no %s: the run took no PC samples (`mmprof %s --source` takes them)", v->dir,
                 SOURCE_CSV, profiled ? "profile" : "collect");
        return 1;
    }
    if (source_profile_build(v->source, p) != 0) {
        snprintf(err, err_len, "out of memory folding %s/%s", v->dir, SOURCE_CSV);
        return -2;
    }
    return 0;
}

void source_profile_free(struct source_profile *p)
{
    for (size_t i = 0; i < p->n; i++) {
        struct source_kernel *k = &p->kernels[i];
        for (size_t j = 0; j < k->nlines; j++)
            free(k->lines[j].stalls);
        free(k->lines);
        free(k->stalls);
    }
    free(p->kernels);
    memset(p, 0, sizeof *p);
}

const struct source_kernel *source_profile_find(const struct source_profile *p, const char *variant)
{
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->kernels[i].variant, variant) == 0)
            return &p->kernels[i];
    return NULL;
}

unsigned long long source_kernel_stall(const struct source_kernel *k, const char *stall)
{
    for (size_t i = 0; i < k->nstalls; i++)
        if (strcmp(k->stalls[i].stall, stall) == 0)
            return k->stalls[i].samples;
    return 0;
}

double source_pct(unsigned long long part, unsigned long long whole)
{
    return whole ? 100.0 * (double)part / (double)whole : NAN;
}

const char *source_kernel_title(const struct source_kernel *k, size_t name_width, char *buf, size_t len)
{
    char name[256], shape[64] = "";
    kernel_short_name(k->variant, name, sizeof name);
    if (name_width >= 4 && name_width < sizeof name && strlen(name) > name_width)
        memcpy(name + name_width - 3, "...", 4);
    if (k->m > 0)
        shape_text(shape, sizeof shape, k->m, k->n, k->k);
    snprintf(buf, len, "%s%s%s", name, shape[0] ? " " : "", shape);
    return buf;
}
