/* mmprof's side: the results.csv of `mmprof collect` run directories, one
 * directory per placement, or of `mmprof profile` runs, a row per profiled
 * launch. Each row whose status is ok is a sample; the
 * others are remembered with their status and reason (a skipped variant is
 * listed as not compared, a failed one is a failure). */
#ifndef MMPROF_XCHECK_RUNS_H
#define MMPROF_XCHECK_RUNS_H

#include <stddef.h>

#include "rundir/run_view.h"
#include "xcheck/launch_pair.h"
#include "xcheck/metrics.h"
#include "xcheck/series.h"

struct xc_status {
    char variant[XC_VARIANT_MAX];
    struct xc_shape shape;
    char status[16];  /* ok, skipped, failed */
    char reason[512];
};

/* The first status of each variant and shape, in the order read. */
struct xc_statuses {
    struct xc_status *s;
    size_t n, cap;
};

/* The rows of a run view's results.csv (loaded with RUN_VIEW_RESULTS):
 * each ok row becomes a sample of side (NULL: statuses only) and the first
 * status of each variant and shape goes into st (NULL: none kept). A metric
 * without a column is not measured. 0, or -1 with one line in err naming
 * the file, the line and the fix. */
int xc_read_run(const struct run_view *v, const struct str_list *m, struct xc_side *side, struct xc_statuses *st,
                char *err, size_t err_len);

/* The metric columns of the view's results.csv (every column that is not
 * one of collect's fixed ones), for the default metric list. 0 or -1 with err. */
int xc_run_metric_names(const struct run_view *v, struct str_list *out, char *err, size_t err_len);

/* A profile run's launches (rows whose params are a launch's,
 * rundir/launch_params.h) in the run's order, each with the name
 * xc_read_run pairs its row by: "#L", launch L of the run's first process,
 * or "#L@P" for process P's (ncu numbers launches across processes, mmprof
 * within each); ref holds what xcheck/launch_pair.h pairs with ncu's. */
struct xc_launches {
    struct launch_ref *ref; /* kernel points into the view's results */
    char (*key)[XC_VARIANT_MAX];
    double *gpu_ms; /* the launch's own unprofiled duration (CUPTI activity record); NaN none */
    double *hz;     /* its SM clock while profiled (sm__cycles_elapsed.avg.per_second); NaN none */
    size_t n;
};

/* The view's launches (none for a collect run). 0, or -1 out of memory. */
int xc_run_launches(const struct run_view *v, struct xc_launches *out);
void xc_launches_free(struct xc_launches *l);

const struct xc_status *xc_status_find(const struct xc_statuses *st, const char *variant,
                                       const struct xc_shape *shape);
void xc_statuses_free(struct xc_statuses *st);

#endif
