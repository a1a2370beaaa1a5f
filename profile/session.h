/* One process's profiling session inside the app: the settings, the filter,
 * the --model declarations, the metric set and the profiler (opened before
 * the app's first allocation, or else at its first profiled launch, on that
 * context's device), results.csv and
 * launches.tsv. Per launch:
 *   session_begin    the filter's verdict (FILTER_PROFILE: to be profiled)
 *   session_measure  for such a launch, one replay not profiled (with --source
 *                    the replay under PC sampling, for a kernel's first launch),
 *                    then its counters through profiler_measure with the
 *                    launch's ops (restore + flush, replay per pass); the caller
 *                    saves device memory before and restores it after, and the
 *                    app's own launch runs after that
 *   session_end      the row (profiled launches) and the launches.tsv line (all),
 *                    written and flushed before the app goes on, so a crash keeps them
 * In an application replay's run of config image K (settings' image), the
 * counters are that image's only, and every launch is also a line of
 * replay-K.tsv with its raw values; only the run of image 0 writes rows and
 * launches.tsv (the others' runs are paired with it by replay_join.h). There
 * the app's own launches are measured in place (session_inplace_*), many to
 * one pass; graph nodes are replayed as in kernel replay.
 * Needs no CUDA header: the GPU part is behind struct launch_ops and the
 * profiler's CUPTI boundary, which the tests fake. Not thread-safe: the
 * injection library serialises calls. */
#ifndef MMPROF_PROFILE_SESSION_H
#define MMPROF_PROFILE_SESSION_H

#include <stddef.h>
#include <stdio.h>

#include "collector/cupti/metric_set.h"
#include "collector/cupti/pc_sampling.h"
#include "collector/cupti/profiler.h"
#include "profile/decl.h"
#include "profile/filter.h"
#include "profile/launch.h"
#include "profile/settings.h"

struct profile_session {
    struct profile_settings set;
    struct profile_filter filter;
    struct decl_model model;
    struct metric_set ms;
    struct profiler *prof;
    int prof_tried;                /* profiler_open was called */
    enum profiler_status prof_status;
    char prof_err[320];
    FILE *results;                 /* NULL in --list mode and in replay runs after the first */
    int log_fd;                    /* launches.tsv; -1 in replay runs after the first */
    int replay_fd;                 /* replay-K.tsv in an application replay, else -1 */
    double *raw;                   /* ms.nraw: the launch's raw values in an application replay */
    long pid;
    long launches;                 /* launches seen so far */
    /* the launch between begin and end */
    enum filter_verdict verdict;
    enum profiler_status status;
    char err[320];
    double *values;                /* ms.ncols */
    /* --source: PC sampling of the first measured launch of each row key
     * (kernel and declared shape), before its counters */
    struct pcs_session *pcs;       /* NULL without --source or once it failed */
    int pcs_attached;              /* contexts created: PC sampling is on the first */
    FILE *source;                  /* source.csv */
    struct pcs_result sampled;     /* the launch's samples, written by session_end */
    /* application replay, in place: the pass now open and the launches in it */
    const struct launch_ops *inplace_ops; /* prepare: flush L2 and wait; work: wait */
    int pass_open;
    size_t pass_ranges;            /* kernels launched in the pass so far */
    struct inplace_launch *pending; /* the pass's launches, written when it ends */
    size_t npending;
    struct session_range *range;   /* range replay's state, else NULL */
    /* kernel records off (1) / on (0) around a pass that measures the app's
     * launches in place: with them on, SASS-patched counters read 0; NULL =
     * no records (the CPU tests) */
    void (*timing_pause)(int paused);
    char **sampled_keys;           /* "variant,M,N,K" of the launches sampled so far */
    size_t nsampled_keys;
};

/* 0, or 2 (bad settings: filter, model, metrics) / 1 (files) with why. */
int session_open(struct profile_session *s, const struct profile_settings *set, long pid,
                 char *why, size_t why_len);
/* The profiler opened on device now, before the app allocates anything (not
 * in --list mode; once): its device memory then sits below the app's, as a
 * profiler's that loads with the process does. session_measure opens it at
 * the first profiled launch otherwise. */
void session_prepare(struct profile_session *s, int device);
enum filter_verdict session_begin(struct profile_session *s, const struct launch_desc *d);
/* 1 when the launch just begun is to be measured (profiled, not --list). */
int session_wants_counters(const struct profile_session *s);
/* The counters of the launch just begun (nothing unless session_wants_counters);
 * with --source and the first measured launch of its row key, its PC
 * samples first: ops->prepare, then ops->work under PC sampling (the Range
 * Profiler suspended meanwhile). */
void session_measure(struct profile_session *s, const struct launch_desc *d,
                     const struct launch_ops *ops);
/* The launch's row and lines (its GPU time comes from the activity records,
 * joined once the app has ended). 0, or -1 when a file could not be written. */
int session_end(struct profile_session *s, const struct launch_desc *d);
/* session_end's writing, `what` of it: the row of launch number `launch`
 * (when profiled: s's verdict, status, err and values; SESSION_ROW) and its
 * launches.tsv and replay-K.tsv lines (SESSION_LINES). */
#define SESSION_ROW 1
#define SESSION_LINES 2
#define SESSION_UNSYNCED 4 /* the row not yet flushed to disk: the caller's results_sync does it */
int session_write_launch(struct profile_session *s, const struct launch_desc *d, long launch, int what);
/* Ends the open pass, if any, writing its launches, then frees everything. */
void session_close(struct profile_session *s);

/* Application replay, in place (session_inplace.c). The launch just begun
 * (session_begin) is about to run: a profiled one joins the open pass (one
 * is opened when none is, or the open one has no room): ops->prepare
 * empties L2 and waits, and the app's own launch then runs as the pass's
 * next range, its row and lines written when the pass ends; any other
 * launch ends the open pass first (its kernels would be ranges nobody
 * counted). 1 when the launch joined a pass, 0 when it did not (it then
 * goes on as in kernel replay: a failed row, or no counters). */
int session_inplace_before(struct profile_session *s, const struct launch_desc *d,
                           const struct launch_ops *ops);
/* Ends the open pass (the kernels waited for): decodes it and writes each of
 * its launches' row and lines. Before anything the pass cannot count (a graph
 * launch, a context's end, the process's exit). 0, or -1 when a file could
 * not be written. */
int session_inplace_end(struct profile_session *s);
/* Whether the launch just begun is in the open pass (its lines wait). */
int session_inplace_pending(const struct profile_session *s);

/* Range replay (session_range.c): the range is --nvtx-include's (one), or
 * mmprof.h's iteration mark. session_range_open (from session_open) reads
 * it; 0, or 2 with why. In range replay session_begin's verdict is
 * session_range_verdict's: "profiled" for the first repeat's launches (the
 * rows are theirs), "repeat" for later repeats', "other-nvtx" outside. The
 * injection calls session_range_nvtx after each NVTX push or pop of the
 * thread whose stack is st (ops->work waits for the context's kernels);
 * session_range_finish ends an open repeat and writes the rows not yet
 * written, failed with why (from session_close, or the process's exit). */
int session_range_open(struct profile_session *s, char *why, size_t why_len);
enum filter_verdict session_range_verdict(struct profile_session *s, const struct launch_desc *d);
void session_range_nvtx(struct profile_session *s, const struct nvtx_stack *st, const struct launch_ops *ops);
int session_range_finish(struct profile_session *s, const struct launch_ops *ops);

/* --source, from the injection's resource callbacks: a context was created
 * (before any of its modules load, PC sampling is enabled on it; no runtime
 * call is made), and a module loaded (its cubin kept for the source lines). */
void session_attach_context(struct profile_session *s, struct CUctx_st *ctx);
void session_module_loaded(struct profile_session *s, const void *cubin, size_t size);

/* The declaration that applies to d: the innermost mmprof.h range of its
 * thread, else the first matching --model line, else NULL. A code
 * declaration that does not parse is ignored, with why set (else why is ""). */
const struct kernel_decl *session_decl(const struct profile_session *s, const struct launch_desc *d,
                                       struct kernel_decl *scratch, char *why, size_t why_len);

#endif
