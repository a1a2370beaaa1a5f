/* Seed 003, Tables 7-9: one profiler table per block size and matrix size,
 * a column per Rx × Ry register tile, a row per counter, with the seed's
 * nvprof row names and its definitions with the useful FLOPs (2MNK) as
 * numerator, as every CGMA of the analysis: CGMA = 2MNK / (gld + gst
 * transactions), intensity = 2MNK / dram_read_bytes. flop_count_sp is what
 * the kernel executed, padded edge tiles included (the seed's 1.39e11 for
 * 2x3 at 4096, against 2MNK = 1.37e11). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/metric_ids.h"
#include "reports/cells.h"
#include "reports/fmt.h"
#include "reports/sections.h"

/* The seed splits its widest table in two; six columns fit a page. */
enum { COLS_PER_TABLE = 6, MAX_COLS = 32, MAX_BS = 8 };

/* Counters the analysis does not carry, read raw by Perfworks name. */
#define MET_L2_WRITE_SECTORS "lts__t_sectors_op_write.sum"
#define MET_DRAM_READ_SECTORS "dram__sectors_read.sum"
#define MET_DRAM_WRITE_SECTORS "dram__sectors_write.sum"

enum style { PCT, PLAIN3, PLAIN4, COUNT, BYTES };

struct metric_row {
    const char *label;   /* the seed's row name */
    const char *metric;  /* raw Perfworks counter, or NULL when field is used */
    double (*field)(const struct analysis_row *r);
    double (*estimate)(const struct analysis_row *r); /* shown, marked, in a run without counters; or NULL */
    enum style style;
    int best;            /* -1 lowest is best, 1 highest, 0 not a speed (left unmarked) */
};

#define FIELD(name, expr)                                        \
    static double name(const struct analysis_row *r)             \
    {                                                            \
        return (expr);                                           \
    }
FIELD(occupancy, r->ms.achieved_occupancy_pct)
FIELD(sm_efficiency, r->ms.sm_efficiency_pct)
FIELD(ipc, r->ms.ipc)
FIELD(flops, r->ms.flops_executed)
FIELD(gld, r->ms.gld_sectors)
FIELD(gst, r->ms.gst_sectors)
FIELD(dram_read_bytes, r->ms.dram_read_bytes)
FIELD(dram_write_bytes, r->ms.dram_write_bytes)
FIELD(duration, r->ms.runtime_ms)
FIELD(gflops, r->ms.gflop_s)
FIELD(cgma, r->ms.cgma_seed_flop_per_sector)
FIELD(intensity, r->ms.intensity_seed_flop_per_byte)
/* What a run without counters can show instead: the occupancy API's and the model's. */
FIELD(occupancy_api, r->geo.theoretical_occupancy_pct)
FIELD(flops_model, r->th.flops_executed)
FIELD(gld_model, r->th.gld_sectors)
FIELD(gst_model, r->th.gst_sectors)
FIELD(cgma_model, r->th.flops / (r->th.gld_sectors + r->th.gst_sectors))

static const struct metric_row rows[] = {
    {"achieved_occupancy", NULL, occupancy, occupancy_api, PCT, 0},
    {"sm_efficiency", NULL, sm_efficiency, NULL, PCT, 0},
    {"ipc", NULL, ipc, NULL, PLAIN3, 0},
    {"flop_count_sp", NULL, flops, flops_model, COUNT, 0},
    {"gld_transactions", NULL, gld, gld_model, COUNT, 0},
    {"gst_transactions", NULL, gst, gst_model, COUNT, 0},
    {"shared_load_transactions", MET_SHARED_LD_WAVEFRONTS, NULL, NULL, COUNT, 0},
    {"shared_store_transactions", MET_SHARED_ST_WAVEFRONTS, NULL, NULL, COUNT, 0},
    {"l2_read_transactions", MET_L2_READ_SECTORS, NULL, NULL, COUNT, 0},
    {"l2_write_transactions", MET_L2_WRITE_SECTORS, NULL, NULL, COUNT, 0},
    {"dram_read_transactions", MET_DRAM_READ_SECTORS, NULL, NULL, COUNT, 0},
    {"dram_write_transactions", MET_DRAM_WRITE_SECTORS, NULL, NULL, COUNT, 0},
    {"dram_read_bytes", NULL, dram_read_bytes, NULL, BYTES, 0},
    {"dram_write_bytes", NULL, dram_write_bytes, NULL, BYTES, 0},
    {"duration [ms]", NULL, duration, NULL, PLAIN4, -1},
    {"GFLOP/s", NULL, gflops, NULL, PLAIN4, 1},
    {"CGMA [flop / sector]", NULL, cgma, cgma_model, PLAIN3, 0},
    {"intensity [flop / DRAM byte]", NULL, intensity, NULL, PLAIN3, 0},
};

static int is_regtile(const struct variant *v, const void *arg)
{
    return v->kind == KIND_MM_REGTILE;
}

static int with_bs(const struct variant *v, const void *arg)
{
    return v->kind == KIND_MM_REGTILE && v->bs == *(const int *)arg;
}

static int regtile_row(const struct analysis_row *r, const void *arg)
{
    return r->v && r->v->kind == KIND_MM_REGTILE && (!arg || r->v->bs == *(const int *)arg);
}

static int present(const struct report_ctx *c)
{
    return ctx_any(c, regtile_row, NULL);
}

static char *format(char *buf, double v, enum style s)
{
    switch (s) {
    case PCT: return fmt_pct(buf, v);
    case PLAIN3: return fmt_sig(buf, v, 3);
    case PLAIN4: return fmt_sig(buf, v, 4);
    case BYTES: return fmt_si(buf, v, "B");
    default: return fmt_si(buf, v, "");
    }
}

static double value(const struct report_ctx *c, const struct metric_row *m, const struct analysis_row *r)
{
    return m->metric ? ctx_raw(c, r, m->metric) : m->field(r);
}

static void table(struct report_ctx *c, const struct analysis_row **cols, size_t n, const char *caption)
{
    struct grid *g = ctx_grid(c, NULL, n + 1, "%s", caption);
    if (!g)
        return;
    grid_head(g, 0, "Rx × Ry");
    for (size_t i = 0; i < n; i++)
        grid_head(g, i + 1, "%d×%d", cols[i]->v->rx, cols[i]->v->ry);
    for (size_t m = 0; m < sizeof rows / sizeof rows[0]; m++) {
        size_t r = grid_row(g);
        double v[COLS_PER_TABLE];
        char buf[FMT_LEN];
        grid_set(g, r, 0, "%s", rows[m].label);
        for (size_t i = 0; i < n; i++) {
            v[i] = value(c, &rows[m], cols[i]);
            double est = rows[m].estimate && isnan(v[i]) && !ctx_has_counters(c) ? rows[m].estimate(cols[i]) : NAN;
            if (isfinite(est))
                cell_estimate(g, r, i + 1, format(buf, est, rows[m].style));
            else
                grid_set(g, r, i + 1, "%s", format(buf, v[i], rows[m].style));
        }
        if (rows[m].best)
            cell_mark_best(g, r, 1, v, n, rows[m].best < 0);
    }
    doc_table(&c->doc, g);
    grid_free(g);
}

/* The seed's headline observations: the fastest tile, and that the highest occupancy is not it. */
static void observe(struct report_ctx *c, const struct analysis_row **ok, size_t n)
{
    const struct analysis_row *fast = NULL, *busy = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!isnan(ok[i]->ms.gflop_s) && (!fast || ok[i]->ms.gflop_s > fast->ms.gflop_s))
            fast = ok[i];
        if (!isnan(ok[i]->ms.achieved_occupancy_pct) &&
            (!busy || ok[i]->ms.achieved_occupancy_pct > busy->ms.achieved_occupancy_pct))
            busy = ok[i];
    }
    char a[FMT_LEN], b[FMT_LEN], d[FMT_LEN];
    if (fast && !ctx_has_counters(c))
        doc_para(&c->doc, "Fastest: **%d×%d** at %s, theoretical occupancy %s " CELL_ESTIMATE_MARK
                          " (occupancy API: no counters in this run).",
                 fast->v->rx, fast->v->ry, fmt_rate_g(a, fast->ms.gflop_s, "FLOP/s"),
                 fmt_pct(b, fast->geo.theoretical_occupancy_pct));
    else if (fast)
        doc_para(&c->doc, "Fastest: **%d×%d** at %s, achieved occupancy %s.", fast->v->rx, fast->v->ry,
                 fmt_rate_g(a, fast->ms.gflop_s, "FLOP/s"), fmt_pct(b, fast->ms.achieved_occupancy_pct));
    if (fast && busy && busy != fast)
        doc_para(&c->doc, "The highest achieved occupancy, %s (%d×%d), gives %s: occupancy is not speed.",
                 fmt_pct(a, busy->ms.achieved_occupancy_pct), busy->v->rx, busy->v->ry,
                 fmt_rate_g(d, busy->ms.gflop_s, "FLOP/s"));
}

static void not_run(struct report_ctx *c, const struct analysis_row **skipped, size_t n)
{
    if (n == 0)
        return;
    doc_para(&c->doc, "Not in the table (no counters):");
    doc_list_begin(&c->doc);
    for (size_t i = 0; i < n; i++)
        doc_item(&c->doc, "%d×%d (`%s`): %s%s%s", skipped[i]->v->rx, skipped[i]->v->ry, skipped[i]->variant,
                 skipped[i]->status, skipped[i]->collector_reason[0] ? " — " : "", skipped[i]->collector_reason);
    doc_list_end(&c->doc);
}

static void size_tables(struct report_ctx *c, int bs, const struct shape *s)
{
    const struct variant *vars[MAX_COLS];
    const struct analysis_row *ok[MAX_COLS], *skipped[MAX_COLS];
    size_t nv = ctx_variants(c, with_bs, &bs, vars, MAX_COLS), nok = 0, nskip = 0;
    for (size_t i = 0; i < nv; i++) {
        const struct analysis_row *r = ctx_row(c, vars[i]->name, s);
        if (r && row_is_ok(r))
            ok[nok++] = r;
        else if (r)
            skipped[nskip++] = r;
    }
    char size[48], caption[160];
    shape_label(size, sizeof size, s);
    doc_heading(&c->doc, 3, NULL, "BLOCK_SIZE %d × %d, %s", bs, bs, size);
    size_t parts = (nok + COLS_PER_TABLE - 1) / COLS_PER_TABLE;
    for (size_t p = 0; p < parts; p++) {
        size_t n = nok - p * COLS_PER_TABLE < COLS_PER_TABLE ? nok - p * COLS_PER_TABLE : COLS_PER_TABLE;
        if (parts > 1)
            snprintf(caption, sizeof caption, "Profiler counters, block %d×%d, %s (part %zu of %zu)", bs, bs, size,
                     p + 1, parts);
        else
            snprintf(caption, sizeof caption, "Profiler counters, block %d×%d, %s", bs, bs, size);
        table(c, ok + p * COLS_PER_TABLE, n, caption);
    }
    observe(c, ok, nok);
    not_run(c, skipped, nskip);
}

static size_t block_sizes(const struct report_ctx *c, int *out)
{
    const struct variant *v[MAX_COLS * MAX_BS];
    size_t nv = ctx_variants(c, is_regtile, NULL, v, MAX_COLS * MAX_BS), n = 0;
    for (size_t i = 0; i < nv; i++) {
        size_t j = 0;
        while (j < n && out[j] != v[i]->bs)
            j++;
        if (j == n && n < MAX_BS)
            out[n++] = v[i]->bs;
    }
    return n;
}

static void write_003(struct report_ctx *c)
{
    int bs[MAX_BS];
    size_t nbs = block_sizes(c, bs);
    doc_para(&c->doc, "Each thread computes an Rx × Ry tile of C from shared-memory tiles of BS·Ry × BS (A) and "
                      "BS × BS·Rx (B). Rows use the lab report's nvprof names; \"transactions\" are 32-byte sectors "
                      "(shared: wavefronts).");
    for (size_t b = 0; b < nbs; b++) {
        struct shape shapes[MAX_SHAPES];
        size_t ns = ctx_shapes(c, regtile_row, &bs[b], shapes, MAX_SHAPES);
        for (size_t s = 0; s < ns; s++)
            size_tables(c, bs[b], &shapes[s]);
    }
    doc_note(&c->doc, "Counter sources: gld/gst = `%s` / `..._st.sum`; shared = `%s` / `..._st.sum`; L2 = "
                      "`lts__t_sectors_op_read/write.sum`; DRAM = `dram__sectors_read/write.sum`, "
                      "`dram__bytes_read/write.sum` (L2 flushed before each pass; DRAM writes undercount while "
                      "the output still fits in L2). Duration is the median of unprofiled launches timed with "
                      "CUDA events; GFLOP/s counts 2MNK.",
             MET_GLD_SECTORS, MET_SHARED_LD_WAVEFRONTS);
}

const struct section sec_seed003 = {"lab003", "Register tiles per thread: the Rx × Ry profiler tables (lab 003)",
                                    present, write_003, NULL};
