/* The analysis of one run directory: for every results.csv row, the
 * variant's theory next to what the counters measured, the launch geometry
 * and why theory and measurement differ. Pure host C: no CUDA needed. */
#ifndef MMPROF_ANALYSIS_H
#define MMPROF_ANALYSIS_H

#include <stdio.h>
#include <stddef.h>

#include "analysis/geometry.h"
#include "analysis/measured.h"
#include "analysis/run_info.h"
#include "model/registry.h"
#include "model/theory.h"
#include "rundir/run_view.h"
#include "rundir/results.h"

/* Relative gap between theory and measurement past which `reason` explains
 * it: |ratio - 1| above this is a departure. */
#define ANALYSIS_EXPLAIN_GAP 0.10

/* 1 when ratio (measured / theory) departs from 1 by more than the gap. */
int analysis_departs(double ratio);

/* Units of a kernel's speed of light (verdict.h). */
enum sol_unit { SOL_DRAM, SOL_L2, SOL_L1_SHARED, SOL_FP32, SOL_ISSUE, SOL_UNITS };

struct analysis_row {
    char variant[256]; /* a built-in variant's name, or a profiled kernel's demangled name (cut) */
    char family[16], status[16];
    char params[RESULTS_PARAMS_MAX]; /* results.csv's params, whole */
    char collector_reason[256]; /* results.csv's reason (why a row failed or was skipped) */
    long m, n, k;
    const struct variant *v; /* NULL when the registry does not know the variant */
    int has_theory;
    struct theory th; /* NaN everywhere when has_theory is 0 */
    struct measured ms;
    struct geometry geo;
    double flops_executed_ratio; /* measured executed FLOPs / the model's executed FLOPs */
    double flops_padding_pct;    /* measured executed FLOPs beyond 2MNK, % of 2MNK: zeros of
                                    padded edge tiles multiplied */
    double cgma_thread_ratio;    /* measured / theory thread-level CGMA: both 2MNK over words, so
                                    model words / measured words */
    double cgma_sector_ratio;    /* measured / theory sector-level CGMA: model sectors / measured */
    double bw_vs_copy_pct;    /* transposes: GB/s against tr_copy of the same tile and shape */
    char reason[512];         /* why measurement and theory differ; "" when they agree */
    double sol_pct[SOL_UNITS]; /* each unit's throughput, % of its roof (verdict.h); NaN unknown */
    double sol_time_ms;        /* the time they are rates over: the counted pass's (verdict.h) */
    char top_stall[48];        /* the most sampled stall reason ("selected" aside); "" unsampled */
    double top_stall_pct;      /* its share of the kernel's samples */
    char top_line[128];        /* the hottest source line, "file:line"; "" unsampled or no line table */
    double top_line_pct;       /* its share of the kernel's samples */
    double row_launches;       /* the launches this row stands for: a profile row's `runs` (its kernel's
                                  launches up to the next profiled one), else 1 */
    double row_time_ms;        /* their GPU time: a profile row's total_ms, else analysis_launch_ms */
    double launches;           /* launches of this kernel (name + launch shape) in the run; 1 for collect */
    double time_share_pct;     /* its launches' share of the run's GPU time */
};

struct analysis {
    char run_dir[1024];
    struct run_info run;
    size_t nrows;
    struct analysis_row *rows;
};

/* The analysis of v's results.csv and run.json (a view loaded with
 * RUN_VIEW_RESULTS | RUN_VIEW_META). Returns 0 (EXIT_OK), 2 (EXIT_USAGE)
 * when a row is malformed, 1 (EXIT_RUNTIME) when out of memory; err gets
 * one sentence naming the problem and the fix. Nothing is read or written. */
int analysis_build(const struct run_view *v, struct analysis *a, char *err, size_t err_len);
/* dir's run view (parts, and always RUN_VIEW_RESULTS | RUN_VIEW_META) and
 * its analysis: the one way a command reads a run to analyze it. Returns as
 * run_view_load and analysis_build; on failure neither holds anything. */
int analysis_load(const char *dir, unsigned parts, struct run_view *v, struct analysis *a, char *err,
                  size_t err_len);
void analysis_free(struct analysis *a);

/* 1 when the row is a GPU matmul with a model (the rows CGMA applies to). */
int analysis_row_is_gpu_matmul(const struct analysis_row *r);
/* 1 when the row is a kernel `mmprof profile` saw undeclared: no model, its
 * FLOPs counted (family RESULTS_FAMILY_KERNEL). */
int analysis_row_is_user_kernel(const struct analysis_row *r);

/* The model's 32-byte sectors per 8 words of r's global loads (stores = 0)
 * or stores (1): 1 when every byte of every sector is used, 8 when each
 * word costs a sector. NaN without a model. */
double analysis_sector_waste(const struct analysis_row *r, int stores);

/* Fills r->reason from r's theory and measurement. */
void analysis_explain(struct analysis_row *r);

/* analysis.csv: header + one line per row; 0 or -1 on a write error. */
int analysis_write_csv(const struct analysis *a, FILE *f);
/* Writes RUN/analysis.csv through a temporary file renamed into place, so
 * a reader never sees a partial file; a run git tracks keeps the one it has
 * (rundir/run_out.h). 0, or -1 with err. */
int analysis_save_csv(const struct analysis *a, char *err, size_t err_len);
/* The row's size as MxNxK (a transpose: MxN) into buf; returns buf. */
const char *analysis_row_size(const struct analysis_row *r, char *buf, size_t len);
/* A table cell: v with `digits` decimals ('f') or significant digits ('g'),
 * "-" when not measured or not applicable; returns buf. */
const char *analysis_cell(char *buf, size_t len, char style, int digits, double v);
/* The terminal tables of every kernel: time share, speed of light, memory,
 * occupancy and stalls (print_kernels.c; analysis_attach first). */
void analysis_print_kernels(const struct analysis *a, FILE *f);
/* The name a person reads (no "void ", parameters, namespaces or template
 * arguments), the size of a declared kernel after it, cut to width with
 * "..."; buf holds width + 1. */
const char *analysis_kernel_label(const struct analysis_row *r, char *buf, size_t width);
/* A row's name in a table that has a size column: a declared variant's
 * name, else its kernel's label (analysis_kernel_label); buf holds width + 1. */
const char *analysis_row_name(const struct analysis_row *r, char *buf, size_t width);
/* The terminal tables: theoretical vs measured CGMA, transposes, geometry. */
void analysis_print_table(const struct analysis *a, FILE *f);
/* "What to do next" (next_step.h) for every kernel, then how the run's own
 * measurements bear the next steps out. 0, or -1 with err on a malformed rule. */
struct roofline;
int analysis_print_findings(const struct analysis *a, const struct roofline *roof, FILE *f, char *err,
                            size_t err_len);
/* Every column of every row as JSON; 0 or -1. */
int analysis_print_json(const struct analysis *a, FILE *f);

#endif
