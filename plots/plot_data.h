/* What the charts draw: the rows of the run's analysis (analysis/analysis.h,
 * built in memory from the run view), the device and the roofs from the
 * view's run.json, and its source.csv's PC samples folded per kernel
 * (stalls/source_profile.h) when the run has them. */
#ifndef MMPROF_PLOTS_PLOT_DATA_H
#define MMPROF_PLOTS_PLOT_DATA_H

#include <stddef.h>

#include "analysis/analysis.h"
#include "model/registry.h"
#include "analysis/roofline.h"
#include "stalls/source_profile.h"

/* What a chart reads of one analysis row (same order, same index); NaN =
 * not measured / not applicable. */
struct plot_row {
    char variant[64], family[16], status[16];
    const struct variant *v; /* NULL when the registry does not know it (e.g. cublas) */
    long m, n, k;
    double runtime_ms, gflop_s, gb_s, bw_vs_copy_pct;
    double cgma_theory;                 /* FLOP per 4-byte word, the model */
    double cgma_thread, cgma_sector;    /* FLOP per word: thread-level, L1<->L2 sector words */
    double intensity[ROOF_LEVELS];      /* FLOP per byte at L1, L2, DRAM */
    int key;                            /* its variant's number on the charts (chart_key.h), 0 = none */
};

struct plot_data {
    char run_dir[1024];
    char device[128]; /* "" when run.json does not say */
    char made_by[16]; /* the command that made the run ("collect", "profile"); "" when run.json does not say */
    size_t nrows;
    struct plot_row *rows;
    struct roofline roofs;
    const struct plot_data *baseline; /* `report --baseline`: the run compared against; NULL otherwise */
    struct source_profile source;     /* no kernels when the run has no source.csv or it cannot be read */
    char source_note[1200];           /* why source.csv has nothing to draw: absent, unreadable, malformed */
};

/* The charts' data of v (loaded with RUN_VIEW_SOURCE among its parts) and
 * its analysis a; d keeps pointers into v, which must outlive it. Returns 0,
 * 2 (EXIT_USAGE) when the run directory's path leaves no room for the
 * charts' files, 1 (EXIT_RUNTIME) when out of memory; err gets one sentence
 * naming the problem and the fix. */
int plot_data_from(const struct run_view *v, const struct analysis *a, struct plot_data *d, char *err,
                   size_t err_len);
void plot_data_free(struct plot_data *d);

int row_ok(const struct plot_row *r);     /* status "ok" */
int row_failed(const struct plot_row *r); /* status "failed" */
int row_is_matmul(const struct plot_row *r);
/* A kernel `mmprof profile` saw undeclared (family RESULTS_FAMILY_KERNEL):
 * its FLOPs are the counted ones, and it has a place on the roofline. */
int row_is_user_kernel(const struct plot_row *r);
int row_is_transpose(const struct plot_row *r);
/* "4096x4096x4096" (matmul) or "4096x4096" (transpose, k = 0). */
void row_shape_text(const struct plot_row *r, char *buf, size_t len);
/* M*N*K, or M*N for a transpose: orders rows by problem size. */
double row_volume(const struct plot_row *r);
int row_same_shape(const struct plot_row *a, const struct plot_row *b);
/* Position of the row's variant in the registry (its order in `mmprof
 * list`); variants the registry does not know come after, by name. */
int row_order(const struct plot_row *a, const struct plot_row *b);


/* Row filters the charts share. */
typedef int (*row_filter)(const struct plot_row *r);

/* Sorts idx[0..n) (indices into d->rows) by row_order, then by problem size. */
void rows_sort(const struct plot_data *d, size_t *idx, size_t n);
/* For each variant, its accepted row with the largest problem; in
 * registry order. idx needs room for d->nrows. Returns the count. */
size_t rows_largest_each(const struct plot_data *d, row_filter want, size_t *idx);
/* One accepted row per distinct shape, smallest problem first. idx needs
 * room for d->nrows. Returns the count. */
size_t rows_shapes(const struct plot_data *d, row_filter want, size_t *idx);

#endif
