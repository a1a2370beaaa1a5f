/* Seed 004: the naive kernel against the shared-memory (tiled) kernel of
 * the same block (32×32 in the seed) across matrix sizes, kernel time and total time
 * with the host<->device transfers, the speed-up over a CPU SGEMM
 * (`cpu_blas`), then the tiled kernel's block sizes at the largest size:
 * the seed's Tables 1-3. */
#include <math.h>
#include <stdio.h>

#include "reports/cells.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { TIME_SIG = 4, MAX_TILED = 16 };

struct trio {
    const struct variant *naive, *shared, *cpu;
};

static int of_kind(const struct variant *v, const void *arg)
{
    return v->kind == *(const enum variant_kind *)arg;
}

static const struct variant *first_of(const struct report_ctx *c, enum variant_kind k)
{
    const struct variant *v[1];
    return ctx_variants(c, of_kind, &k, v, 1) ? v[0] : NULL;
}

/* The seed compares kernels of one block size: the tiled kernel with the
 * naive kernel's block, or the largest tile when the run has no naive. */
static struct trio trio_of(const struct report_ctx *c)
{
    struct trio t = {first_of(c, KIND_MM_NAIVE), NULL, first_of(c, KIND_MM_CPU)};
    const struct variant *tiled[MAX_TILED];
    enum variant_kind k = KIND_MM_TILED;
    size_t n = ctx_variants(c, of_kind, &k, tiled, MAX_TILED);
    for (size_t i = 0; i < n; i++)
        if (t.naive ? tiled[i]->bs == t.naive->bs : !t.shared || tiled[i]->bs > t.shared->bs)
            t.shared = tiled[i];
    return t;
}

static int present(const struct report_ctx *c)
{
    struct trio t = trio_of(c);
    return t.naive && (t.shared || t.cpu);
}

static int trio_row(const struct analysis_row *r, const void *arg)
{
    const struct trio *t = arg;
    return r->v && (r->v == t->naive || r->v == t->shared || r->v == t->cpu);
}

typedef double (*pick)(const struct report_ctx *c, const struct trio *t, const struct shape *s);

static double time_of(const struct report_ctx *c, const struct variant *v, const struct shape *s, int total)
{
    const struct analysis_row *r = v ? ctx_ok_row(c, v->name, s) : NULL;
    if (!r)
        return NAN;
    return total ? ctx_raw(c, r, "total_ms") : r->ms.runtime_ms;
}

static double transfers(const struct report_ctx *c, const struct variant *v, const struct shape *s)
{
    const struct analysis_row *r = v ? ctx_ok_row(c, v->name, s) : NULL;
    if (!r)
        return NAN;
    return ctx_raw(c, r, "h2d_ms") + ctx_raw(c, r, "d2h_ms");
}

#define PICK(name, expr)                                                                  \
    static double name(const struct report_ctx *c, const struct trio *t, const struct shape *s) \
    {                                                                                     \
        return (expr);                                                                    \
    }
PICK(naive_kernel, time_of(c, t->naive, s, 0))
PICK(naive_total, time_of(c, t->naive, s, 1))
PICK(shared_kernel, time_of(c, t->shared, s, 0))
PICK(shared_total, time_of(c, t->shared, s, 1))
PICK(copies, isnan(transfers(c, t->shared, s)) ? transfers(c, t->naive, s) : transfers(c, t->shared, s))
PICK(cpu, time_of(c, t->cpu, s, 0))
PICK(x_shared_naive, time_of(c, t->naive, s, 0) / time_of(c, t->shared, s, 0))
PICK(x_shared_cpu, time_of(c, t->cpu, s, 0) / time_of(c, t->shared, s, 0))
PICK(x_shared_cpu_total, time_of(c, t->cpu, s, 0) / time_of(c, t->shared, s, 1))

struct line {
    const char *label;
    pick get;
    int ratio;
};

static const struct line lines[] = {
    {"naive: kernel (ms)", naive_kernel, 0},
    {"naive: total with transfers (ms)", naive_total, 0},
    {"shared: kernel (ms)", shared_kernel, 0},
    {"shared: total with transfers (ms)", shared_total, 0},
    {"transfers H2D + D2H (ms)", copies, 0},
    {"CPU SGEMM (ms)", cpu, 0},
    {"speed-up: shared vs naive (kernel)", x_shared_naive, 1},
    {"speed-up: shared vs CPU (kernel)", x_shared_cpu, 1},
    {"speed-up: shared vs CPU (total)", x_shared_cpu_total, 1},
};

static void sizes_table(struct report_ctx *c, const struct trio *t)
{
    struct shape s[MAX_SHAPES];
    size_t ns = ctx_shapes(c, trio_row, t, s, MAX_SHAPES);
    struct grid *g = ctx_grid(c, NULL, ns + 1, "Naive (`%s`) vs shared memory (`%s`) across sizes%s%s%s",
                              t->naive->name, t->shared ? t->shared->name : FMT_NONE, t->cpu ? "; CPU: `" : "",
                              t->cpu ? t->cpu->name : "", t->cpu ? "`" : "");
    if (!g)
        return;
    grid_head(g, 0, "dimension");
    for (size_t i = 0; i < ns; i++) {
        char buf[48];
        grid_head(g, i + 1, "%s", shape_label(buf, sizeof buf, &s[i]));
    }
    for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
        size_t r = grid_row(g);
        grid_set(g, r, 0, "%s", lines[l].label);
        for (size_t i = 0; i < ns; i++) {
            char buf[FMT_LEN];
            double v = lines[l].get(c, t, &s[i]);
            grid_set(g, r, i + 1, "%s", lines[l].ratio ? fmt_ratio(buf, v) : fmt_sig(buf, v, TIME_SIG));
            if (isnan(v))
                grid_flag(g, r, i + 1, CELL_MUTED);
        }
    }
    doc_table(&c->doc, g);
    grid_free(g);
}

static int tiled_ok_at(const struct report_ctx *c, const struct shape *s)
{
    const struct variant *tiled[MAX_TILED];
    enum variant_kind k = KIND_MM_TILED;
    size_t n = ctx_variants(c, of_kind, &k, tiled, MAX_TILED), ok = 0;
    for (size_t i = 0; i < n; i++)
        ok += ctx_ok_row(c, tiled[i]->name, s) != NULL;
    return (int)ok;
}

static int tiled_row(const struct analysis_row *r, const void *arg)
{
    return r->v && r->v->kind == KIND_MM_TILED;
}

/* Table 3: every tile size at the largest size that ran more than one. */
static void block_table(struct report_ctx *c)
{
    struct shape s[MAX_SHAPES];
    size_t ns = ctx_shapes(c, tiled_row, NULL, s, MAX_SHAPES);
    while (ns > 0 && tiled_ok_at(c, &s[ns - 1]) < 2)
        ns--;
    if (ns == 0)
        return;
    const struct variant *tiled[MAX_TILED];
    enum variant_kind k = KIND_MM_TILED;
    size_t n = ctx_variants(c, of_kind, &k, tiled, MAX_TILED);
    char size[48];
    struct grid *g = ctx_grid(c, NULL, n + 1, "Shared memory with different block sizes on %s (ms)",
                              shape_label(size, sizeof size, &s[ns - 1]));
    if (!g)
        return;
    grid_head(g, 0, "BLOCK_SIZE");
    size_t kr = grid_row(g), tr = grid_row(g);
    grid_set(g, kr, 0, "kernel");
    grid_set(g, tr, 0, "total with transfers");
    double kernel[MAX_TILED];
    for (size_t i = 0; i < n; i++) {
        const struct variant *v = tiled[n - 1 - i]; /* the seed lists the largest block first */
        char buf[FMT_LEN];
        grid_head(g, i + 1, "%d", v->bs);
        const struct analysis_row *r = ctx_row(c, v->name, &s[ns - 1]);
        kernel[i] = NAN;
        if (cell_status(g, kr, i + 1, r) && cell_status(g, tr, i + 1, r)) {
            kernel[i] = time_of(c, v, &s[ns - 1], 0);
            grid_set(g, kr, i + 1, "%s", fmt_sig(buf, kernel[i], TIME_SIG));
            grid_set(g, tr, i + 1, "%s", fmt_sig(buf, time_of(c, v, &s[ns - 1], 1), TIME_SIG));
        }
    }
    cell_mark_best(g, kr, 1, kernel, n, 1);
    doc_table(&c->doc, g);
    grid_free(g);
}

static void write_004(struct report_ctx *c)
{
    struct trio t = trio_of(c);
    doc_para(&c->doc, "Kernel time is the median of the timed launches; total adds copying A and B to the GPU and C "
                      "back from pinned host memory. The CPU baseline runs the system CBLAS SGEMM on the host.");
    sizes_table(c, &t);
    block_table(c);
}

const struct section sec_seed004 = {"lab004", "Naive vs shared memory across sizes, with the CPU (lab 004)",
                                    present, write_004, NULL};
