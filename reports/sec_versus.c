/* "The top rung against the vendor library": each pair of analysis/versus.h
 * (the fastest own matmul beside the library's doing the same work) as a
 * table of the counters side by side, then where ours loses (furthest
 * first, with what each difference points at) and where it is ahead. The
 * comparison is analysis/versus.c's; this file lays it out. A collect run's
 * cuBLAS is a library call whose launch geometry is not known. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "analysis/versus.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { VERSUS_SIG = 4, VERSUS_PAIRS = 8, VERSUS_REASONS = 4, VERSUS_NAME = 48 };

static int present(const struct report_ctx *c)
{
    struct versus_pair p[VERSUS_PAIRS];
    return versus_pairs(&c->a, p, VERSUS_PAIRS) > 0;
}

static char *value_text(char *buf, enum versus_scale scale, double v)
{
    if (isnan(v))
        return strcpy(buf, FMT_NONE);
    return scale == VERSUS_COUNT ? fmt_si(buf, v, "") : fmt_sig(buf, v, VERSUS_SIG);
}

/* "1.65×", or for a share "+18.0 points" ("0.0 points" when it rounds to none). */
static char *difference_text(char *buf, enum versus_scale scale, double own, double lib)
{
    if (scale == VERSUS_SHARE)
        snprintf(buf, FMT_LEN, fabs(own - lib) < 0.05 ? "0.0 points" : "%+.1f points", own - lib);
    else if (own > 0 && lib > 0)
        fmt_ratio(buf, own / lib);
    else
        snprintf(buf, FMT_LEN, "%s", FMT_NONE);
    return buf;
}

/* The launch geometry of both; a library call's is not known (no kernel of
 * ours: a collect run's cuBLAS), a profile run's library kernel has its own. */
static void geometry_rows(struct grid *g, const struct analysis_row *own, const struct analysis_row *lib)
{
    const struct {
        const char *label;
        size_t field;
        int decimals;
    } rows[] = {
        {"blocks", offsetof(struct geometry, grid_blocks), 0},
        {"threads / block", offsetof(struct geometry, threads_per_block), 0},
        {"registers / thread", offsetof(struct geometry, regs_per_thread), 0},
        {"shared memory / block, bytes", offsetof(struct geometry, smem_bytes_per_block), 0},
        {"theoretical occupancy, %", offsetof(struct geometry, theoretical_occupancy_pct), 1},
        {"waves (blocks / the GPU's block slots)", offsetof(struct geometry, waves), 2},
    };
    const struct analysis_row *side[2] = {own, lib};
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        size_t r = grid_row(g);
        grid_set(g, r, 0, "%s", rows[i].label);
        for (size_t k = 0; k < 2; k++) {
            double v = *(const double *)((const char *)&side[k]->geo + rows[i].field);
            if (k == 1 && side[k]->v) {
                grid_set(g, r, 2, "not known (a library call)");
                grid_flag(g, r, 2, CELL_MUTED);
            } else if (isnan(v)) {
                grid_set(g, r, 1 + k, "%s", FMT_NONE);
            } else {
                grid_set(g, r, 1 + k, "%.*f", rows[i].decimals, v);
            }
        }
        grid_set(g, r, 3, "%s", FMT_NONE);
    }
}

static void counter_table(struct report_ctx *c, const struct versus_pair *p, const char *own_name,
                          const char *lib_name, const char *size)
{
    char head_own[VERSUS_NAME + 2], head_lib[VERSUS_NAME + 2];
    snprintf(head_own, sizeof head_own, "`%s`", own_name);
    snprintf(head_lib, sizeof head_lib, "`%s`", lib_name);
    const char *const heads[] = {"counter", head_own, head_lib, "ours ÷ library"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads), "`%s` and `%s` at %s, each counted in its own pass",
                              own_name, lib_name, size);
    if (!g)
        return;
    size_t n;
    const struct versus_counter *k = versus_counters(&n);
    for (size_t i = 0; i < n; i++) {
        size_t r = grid_row(g);
        char a[FMT_LEN], b[FMT_LEN], d[FMT_LEN];
        double x = versus_value(i, p->own), y = versus_value(i, p->lib);
        grid_set(g, r, 0, "%s", k[i].label);
        grid_set(g, r, 1, "%s", value_text(a, k[i].scale, x));
        grid_set(g, r, 2, "%s", value_text(b, k[i].scale, y));
        grid_set(g, r, 3, "%s", difference_text(d, k[i].scale, x, y));
        if (versus_worse_by(i, p->own, p->lib) > 0)
            grid_flag(g, r, 3, CELL_WARN);
    }
    if (p->own->top_stall[0] || p->lib->top_stall[0]) {
        size_t r = grid_row(g);
        grid_set(g, r, 0, "top stall reason (PC samples)");
        grid_set(g, r, 1, "%s", p->own->top_stall[0] ? p->own->top_stall : FMT_NONE);
        grid_set(g, r, 2, "%s", p->lib->top_stall[0] ? p->lib->top_stall : FMT_NONE);
        grid_set(g, r, 3, "%s", FMT_NONE);
    }
    geometry_rows(g, p->own, p->lib);
    doc_table(&c->doc, g);
    grid_free(g);
}

/* One side's reasons as a list; 0 when none. */
static size_t reason_list(struct report_ctx *c, const struct versus_pair *p, int worse, const char *own_name,
                          const char *lib_name)
{
    size_t idx[VERSUS_REASONS + 8], n = versus_reasons(p->own, p->lib, worse, idx, COUNT_OF(idx)), count;
    const struct versus_counter *k = versus_counters(&count);
    if (n == 0)
        return 0;
    doc_para(&c->doc, worse ? "Where `%s` loses to `%s`, furthest first:" : "Where `%s` is ahead of `%s`:", own_name,
             lib_name);
    doc_list_begin(&c->doc);
    for (size_t j = 0; j < n && j < VERSUS_REASONS; j++) {
        size_t i = idx[j];
        char a[FMT_LEN], b[FMT_LEN], d[FMT_LEN];
        double x = versus_value(i, p->own), y = versus_value(i, p->lib);
        doc_item(&c->doc, "%s: %s against %s (%s)%s%s.", k[i].label, value_text(a, k[i].scale, x),
                 value_text(b, k[i].scale, y), difference_text(d, k[i].scale, x, y), worse ? ": " : "",
                 worse ? k[i].points_at : "");
    }
    doc_list_end(&c->doc);
    return n;
}

static void write_pair(struct report_ctx *c, const struct versus_pair *p)
{
    char size[48], t_own[FMT_LEN], t_lib[FMT_LEN], g_own[FMT_LEN], g_lib[FMT_LEN], a[VERSUS_NAME], b[VERSUS_NAME];
    struct shape s = row_shape(p->own);
    shape_label(size, sizeof size, &s);
    const char *own_name = analysis_row_name(p->own, a, sizeof a - 1), *lib_name = analysis_row_name(p->lib, b, sizeof b - 1);
    doc_heading(&c->doc, 3, NULL, "%s: `%s` beside `%s`", size, own_name, lib_name);
    doc_para(&c->doc, "`%s`, the fastest of this run's own matmuls at %s, runs at **%.3f** of `%s`'s speed (%s "
                      "against %s median; %s against %s).",
             own_name, size, p->lib->ms.runtime_ms / p->own->ms.runtime_ms, lib_name,
             fmt_time_ms(t_own, p->own->ms.runtime_ms), fmt_time_ms(t_lib, p->lib->ms.runtime_ms),
             fmt_rate_g(g_own, p->own->ms.gflop_s, "FLOP/s"), fmt_rate_g(g_lib, p->lib->ms.gflop_s, "FLOP/s"));
    if (!ctx_has_counters(c)) {
        doc_note(&c->doc, "This run has no hardware counters: where the difference comes from needs them.");
        return;
    }
    counter_table(c, p, own_name, lib_name, size);
    if (reason_list(c, p, 1, own_name, lib_name) + reason_list(c, p, 0, own_name, lib_name) == 0)
        doc_para(&c->doc, "No counter differs by more than %.0f %% (%.0f points for a share): the difference is in what "
                          "these counters do not see (instruction order, latencies; `--source` samples where the "
                          "warps wait).",
                 100 * VERSUS_DIFFER, VERSUS_POINTS);
}

static void write_versus(struct report_ctx *c)
{
    struct versus_pair p[VERSUS_PAIRS];
    size_t n = versus_pairs(&c->a, p, VERSUS_PAIRS);
    if (ctx_is_profile(c))
        doc_para(&c->doc, "The app's declared matmul beside the vendor library's kernel doing the same work (the same "
                          "executed FP32 FLOPs, within %.0f %%), both timed and counted in this run, so a gap (or a "
                          "lead) has numbers behind it.",
                 100 * VERSUS_SAME_WORK);
    else
        doc_para(&c->doc, "The ladder ends at the vendor library. At each size where it ran, the fastest of this run's "
                          "own matmuls stands beside it, both timed and counted in this run, so a gap (or a lead) has "
                          "numbers behind it.");
    for (size_t i = 0; i < n; i++)
        write_pair(c, &p[i]);
}

const struct section sec_versus = {"versus", "The top rung against the vendor library", present, write_versus, NULL};
