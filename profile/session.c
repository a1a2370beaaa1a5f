/* The per-launch pipeline (session.h). */
#include "profile/session.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "rundir/source_csv.h"
#include "profile/launch_log.h"
#include "profile/mmprof.h"
#include "profile/profile_row.h"
#include "profile/replay_log.h"
#include "rundir/run_create.h"

int session_open(struct profile_session *s, const struct profile_settings *set, long pid,
                 char *why, size_t why_len)
{
    memset(s, 0, sizeof *s);
    s->log_fd = s->replay_fd = -1;
    s->set = *set;
    s->pid = pid;
    metric_set_init(&s->ms);
    filter_init(&s->filter);
    int rc = settings_filter(set, &s->filter, why, why_len);
    if (!rc && set->model[0])
        rc = decl_model_load(&s->model, set->model, why, why_len);
    if (!rc && !set->list_only)
        rc = metric_set_parse(&s->ms, set->metrics[0] ? set->metrics : "default", why, why_len) ? 2 : 0;
    int first_run = set->image <= 0; /* kernel replay, or an application replay's first run */
    if (!rc && !set->list_only) {
        s->values = calloc(s->ms.ncols ? s->ms.ncols : 1, sizeof *s->values);
        s->raw = calloc(s->ms.nraw ? s->ms.nraw : 1, sizeof *s->raw);
        s->results = first_run ? rundir_append_results(set->dir, why, why_len) : NULL;
        rc = s->values && s->raw && (s->results || !first_run) ? 0 : 1;
    }
    if (!rc && first_run && (s->log_fd = launch_log_open(set->dir, why, why_len)) < 0)
        rc = 1;
    if (!rc && set->image >= 0 && !set->list_only &&
        (s->replay_fd = replay_log_open(set->dir, set->image, why, why_len)) < 0)
        rc = 1;
    if (!rc)
        rc = session_range_open(s, why, why_len) ? 2 : 0;
    if (!rc && set->source && !set->list_only) {
        /* 0 only names the device in messages: pcs_attach gets the context itself */
        s->pcs = pcs_new(0);
        s->source = s->pcs ? source_csv_open(set->dir, why, why_len) : NULL;
        rc = s->source ? 0 : 1;
        if (!s->pcs)
            snprintf(why, why_len, "out of memory opening PC sampling");
    }
    if (rc)
        session_close(s);
    return rc;
}

const struct kernel_decl *session_decl(const struct profile_session *s, const struct launch_desc *d,
                                       struct kernel_decl *scratch, char *why, size_t why_len)
{
    why[0] = '\0';
    const char *code = nvtx_stack_top(d->nvtx, MMPROF_NVTX_DOMAIN);
    if (code) {
        char sub[256];
        if (decl_parse(code, scratch, sub, sizeof sub) == 0)
            return scratch;
        snprintf(why, why_len, "mmprof.h %s; ignored", sub);
    }
    return decl_model_find(&s->model, d->mangled, d->demangled);
}

static void open_profiler(struct profile_session *s, int device)
{
    s->prof_tried = 1;
    s->prof_status = profiler_open(&s->prof, &s->ms, device, profile_schedule(&s->set), s->prof_err,
                                   sizeof s->prof_err);
    if (s->prof_status != PROFILER_OK)
        fprintf(stderr, "mmprof profile: no counters in process %ld: %s\n", s->pid, s->prof_err);
}

void session_prepare(struct profile_session *s, int device)
{
    if (!s->prof_tried && !s->set.list_only)
        open_profiler(s, device);
}

static int sampled_work(void *arg)
{
    const struct launch_ops *ops = arg;
    return ops->work(ops->ctx) < 0 ? -1 : 0;
}

static void stop_sampling(struct profile_session *s, const char *why)
{
    fprintf(stderr, "mmprof profile: --source: no PC samples from here on in process %ld: %s\n", s->pid, why);
    pcs_close(s->pcs);
    s->pcs = NULL;
}

/* 1 the first time a row key (results.csv's variant, M, N, K: a kernel and
 * its declared shape) comes here, 0 after: source.csv holds one block of
 * samples per key, so a key's later launches are not sampled. */
static int first_of_its_key(struct profile_session *s, const struct launch_desc *d)
{
    struct kernel_decl scratch;
    char why[300], key[1100];
    struct result_row r;
    struct profile_row_text text;
    profile_row_fill(&r, &text, d, session_decl(s, d, &scratch, why, sizeof why), s->pid, s->launches);
    snprintf(key, sizeof key, "%s,%ld,%ld,%ld", r.variant, r.m, r.n, r.k);
    for (size_t i = 0; i < s->nsampled_keys; i++)
        if (strcmp(s->sampled_keys[i], key) == 0)
            return 0;
    char **grown = realloc(s->sampled_keys, (s->nsampled_keys + 1) * sizeof *grown);
    char *copy = strdup(key);
    if (grown)
        s->sampled_keys = grown;
    if (!grown || !copy) {
        free(copy);
        return 0;
    }
    s->sampled_keys[s->nsampled_keys++] = copy;
    return 1;
}

/* One more replay of the launch under PC sampling, from the same memory and
 * an empty L2 (ops->prepare), every 2^PCS_PERIOD_MIN cycles: the app's own
 * launch, which gives the duration collect sizes the period by, comes after.
 * It comes before the counter passes: sampled right after them, inside the
 * launch's callback, every sample of every kernel came back as a "non-user
 * kernel's" with no PC (H100, CUDA 13.0; collect, outside any callback, is
 * not affected). */
static void sample(struct profile_session *s, const struct launch_ops *ops)
{
    char why[1024];
    pcs_result_free(&s->sampled);
    if (ops->prepare && ops->prepare(ops->ctx, 1) < 0) {
        stop_sampling(s, "restoring memory and flushing L2 before the sampled replay failed");
        return;
    }
    profiler_suspend(s->prof);
    enum profiler_status st = pcs_sample(s->pcs, PCS_PERIOD_MIN, sampled_work, (void *)ops, &s->sampled,
                                         why, sizeof why);
    enum profiler_status back = profiler_resume(s->prof, s->err, sizeof s->err);
    if (st != PROFILER_OK)
        stop_sampling(s, why);
    else if (s->sampled.n == 0)
        fprintf(stderr, "mmprof profile: --source: launch %ld of process %ld got no PC samples (%llu taken, "
                "%llu dropped, %llu in kernels CUPTI gives no PCs for)\n", s->launches, s->pid,
                s->sampled.total_samples, s->sampled.dropped_samples, s->sampled.other_samples);
    if (back != PROFILER_OK)
        s->status = back;
}

/* The launch once, unprofiled, from the memory before it (ops->prepare
 * restores it for every later pass). */
static void warm_up(struct profile_session *s, const struct launch_ops *ops)
{
    if ((ops->prepare && ops->prepare(ops->ctx, 0) < 0) || ops->work(ops->ctx) < 0) {
        s->status = PROFILER_ERROR;
        snprintf(s->err, sizeof s->err, "the launch replayed once before the counter passes failed");
    }
}

void session_attach_context(struct profile_session *s, struct CUctx_st *ctx)
{
    char why[1024];
    if (!s->pcs || s->pcs_attached++) /* the process's first context: its device is profiled */
        return;
    if (pcs_attach(s->pcs, ctx, why, sizeof why) != PROFILER_OK)
        stop_sampling(s, why);
}

void session_module_loaded(struct profile_session *s, const void *cubin, size_t size)
{
    if (s->pcs)
        pcs_module_loaded(s->pcs, cubin, size);
}

/* The launch's samples under its row's key, after its results.csv row, under
 * the file's lock like the rows. */
static int write_samples(struct profile_session *s, const struct result_row *r)
{
    if (!s->source || s->sampled.n == 0)
        return 0;
    for (size_t i = 0; i < s->sampled.n; i++) {
        s->sampled.rows[i].variant = r->variant;
        s->sampled.rows[i].m = r->m;
        s->sampled.rows[i].n = r->n;
        s->sampled.rows[i].k = r->k;
    }
    int fd = fileno(s->source);
    if (flock(fd, LOCK_EX) != 0)
        return -1;
    int rc = source_csv_append(s->source, s->sampled.rows, s->sampled.n);
    flock(fd, LOCK_UN);
    return rc;
}

enum filter_verdict session_begin(struct profile_session *s, const struct launch_desc *d)
{
    s->launches++;
    s->err[0] = '\0';
    s->status = PROFILER_OK;
    s->verdict = s->range ? session_range_verdict(s, d)
                          : filter_launch(&s->filter, d->mangled, d->demangled, d->grid, d->block, d->nvtx);
    return s->verdict;
}

int session_wants_counters(const struct profile_session *s)
{
    return s->verdict == FILTER_PROFILE && !s->set.list_only;
}

void session_measure(struct profile_session *s, const struct launch_desc *d,
                     const struct launch_ops *ops)
{
    if (!session_wants_counters(s) || s->range) /* range replay measures as the app runs */
        return;
    if (!s->prof_tried)
        open_profiler(s, d->device);
    if (s->prof_status != PROFILER_OK) {
        s->status = s->prof_status;
        snprintf(s->err, sizeof s->err, "%s", s->prof_err);
        return;
    }
    if (d->device != profiler_device(s->prof)) {
        s->status = PROFILER_ERROR;
        snprintf(s->err, sizeof s->err, "launched on device %d; mmprof profiles the device of the "
                 "first profiled launch (%d) in each process: select it with CUDA_VISIBLE_DEVICES",
                 d->device, profiler_device(s->prof));
        return;
    }
    char range[96];
    snprintf(range, sizeof range, "launch %ld of process %ld", s->launches, s->pid);
    /* One replay before the counter passes: a kernel's first launch on its
     * buffers runs about 1000 cycles longer (docs/fidelity.md), and ncu counts
     * elapsed cycles in a replay, as collect does after verification. The
     * sampled replay is that launch where there is one. */
    if (s->pcs && first_of_its_key(s, d))
        sample(s, ops);
    else
        warm_up(s, ops);
    if (s->status != PROFILER_OK)
        return; /* the Range Profiler did not come back after the sampling, or the warm-up failed */
    pcs_pause(s->pcs); /* the Range Profiler cannot start while PC sampling is enabled */
    if (s->set.image < 0) {
        s->status = profiler_measure(s->prof, range, ops->prepare, ops->work, ops->ctx, s->values,
                                     s->err, sizeof s->err);
        return;
    }
    s->status = profiler_measure_image(s->prof, (size_t)s->set.image, range, ops->prepare, ops->work, ops->ctx,
                                       s->raw, s->err, sizeof s->err);
    metric_set_evaluate(&s->ms, s->raw, s->values); /* this image's columns; replay_join fills the rest */
}

/* The launch's replay-K.tsv line. */
static int replay_line(struct profile_session *s, const struct launch_desc *d, long launch, const char *verdict,
                       int measured)
{
    struct replay_line l = {.pid = s->pid, .launch = launch, .values = measured ? s->raw : NULL,
                            .kernel = (char *)d->demangled};
    snprintf(l.verdict, sizeof l.verdict, "%s", verdict);
    memcpy(l.grid, d->grid, sizeof l.grid);
    memcpy(l.block, d->block, sizeof l.block);
    return replay_log_append(s->replay_fd, &l, s->ms.nraw);
}

int session_end(struct profile_session *s, const struct launch_desc *d)
{
    if (session_inplace_pending(s))
        return s->inplace_ops->work(s->inplace_ops->ctx) < 0 ? -1 : 0; /* written when the pass ends */
    /* range replay: the row of a position waits for every image's repeat */
    return session_write_launch(s, d, s->launches, s->set.replay == REPLAY_RANGE ? SESSION_LINES : SESSION_ROW | SESSION_LINES);
}

int session_write_launch(struct profile_session *s, const struct launch_desc *d, long launch, int what)
{
    int profiled = session_wants_counters(s);
    int failed = profiled && s->status != PROFILER_OK;
    int rc = 0;
    if (profiled && s->results && (what & SESSION_ROW)) {
        struct kernel_decl scratch;
        char decl_why[300];
        const struct kernel_decl *decl = session_decl(s, d, &scratch, decl_why, sizeof decl_why);
        struct result_row r;
        struct profile_row_text text;
        profile_row_fill(&r, &text, d, decl, s->pid, launch);
        r.nmetrics = s->ms.ncols;
        r.metrics = failed ? NULL : s->values;
        if (failed) {
            r.status = STATUS_FAILED;
            row_reason(&r, "counters: %s", s->err);
        } else if (decl_why[0]) {
            row_reason(&r, "%s", decl_why);
        }
        /* the app's processes append side by side: each row is written (and, if the disk
           cuts it, taken back) under the file's lock, so one process never truncates
           another's row (results_append restores the size it saw before writing) */
        int fd = fileno(s->results);
        if (flock(fd, LOCK_EX) != 0) {
            snprintf(s->err, sizeof s->err, "cannot lock " RESULTS_CSV ": %s", strerror(errno));
            return -1;
        }
        rc = (what & SESSION_UNSYNCED) ? results_append_unsynced(s->results, &r) : results_append(s->results, &r);
        flock(fd, LOCK_UN);
        if (rc == 0 && !failed && write_samples(s, &r) != 0)
            rc = -1;
        pcs_result_free(&s->sampled);
    }
    const char *verdict = failed ? "failed" : filter_verdict_name(s->verdict);
    if (s->set.list_only && s->verdict == FILTER_PROFILE)
        verdict = "listed";
    struct launch_line line = {s->pid, launch, d->correlation, verdict, NAN, {d->grid[0], d->grid[1], d->grid[2]},
                               {d->block[0], d->block[1], d->block[2]}, d->demangled};
    if (!(what & SESSION_LINES))
        return rc;
    if (s->log_fd >= 0 && launch_log_append(s->log_fd, &line))
        rc = -1;
    if (s->replay_fd >= 0 && replay_line(s, d, launch, verdict, profiled && !failed))
        rc = -1;
    return rc;
}

void session_close(struct profile_session *s)
{
    if (s->pass_open && session_inplace_end(s) != 0)
        fprintf(stderr, "mmprof profile: writing the rows of the last launches failed\n");
    if (s->range && session_range_finish(s, s->inplace_ops) != 0)
        fprintf(stderr, "mmprof profile: writing the range's rows failed\n");
    free(s->pending);
    s->pending = NULL;
    for (size_t i = 0; i < s->nsampled_keys; i++)
        free(s->sampled_keys[i]);
    free(s->sampled_keys);
    s->sampled_keys = NULL;
    s->nsampled_keys = 0;
    pcs_result_free(&s->sampled);
    pcs_close(s->pcs);
    s->pcs = NULL;
    if (s->source)
        fclose(s->source);
    s->source = NULL;
    profiler_close(s->prof);
    s->prof = NULL;
    if (s->results)
        fclose(s->results);
    s->results = NULL;
    if (s->log_fd >= 0)
        close(s->log_fd);
    if (s->replay_fd >= 0)
        close(s->replay_fd);
    s->log_fd = s->replay_fd = -1;
    free(s->values);
    free(s->raw);
    s->values = s->raw = NULL;
    decl_model_free(&s->model);
    filter_free(&s->filter);
    metric_set_free(&s->ms);
}
