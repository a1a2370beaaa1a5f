/* Application replay in place (session.h, session_inplace_*): the app's own
 * profiled launches are the ranges of one pass of the run's config image,
 * each after an L2 flush whose kernels are ranges too (dropped by their
 * count) where the image holds a count the cache state changes (an image of
 * exact counts only goes without: as in collect); nothing is replayed or
 * restored. A pass holds at most
 * INPLACE_RANGES_MAX ranges: a Range Profiler object's first Start grows
 * with the ranges a pass may hold (collector/cupti/profiler_measure.c).
 * A launch's row and lines wait for its pass to end, in launch order. */
#include "profile/session.h"

#include "common/trace.h"
#include "common/util.h"
#include "rundir/results.h"

#include <stdlib.h>
#include <string.h>

#define INPLACE_RANGES_MAX 48
#define FLUSH_KERNELS_MAX 4 /* room left for a launch: its flush's kernels and its own */

struct inplace_launch {
    long launch;
    size_t range; /* the launch's kernel's range in the pass */
    char mangled[KERNEL_NAME_MAX], demangled[KERNEL_NAME_MAX];
    struct nvtx_stack nvtx;
    struct launch_desc d; /* pointing into the copies above */
};

int session_inplace_pending(const struct profile_session *s)
{
    return s->pass_open && s->npending > 0 && s->pending[s->npending - 1].launch == s->launches;
}

/* The verdict, status and message of the launch just begun, kept while the
 * pass's launches are written through them. */
struct current {
    enum filter_verdict verdict;
    enum profiler_status status;
    char err[sizeof ((struct profile_session *)0)->err];
};

int session_inplace_end(struct profile_session *s)
{
    if (!s->pass_open)
        return 0;
    double t0 = now_ms();
    struct current was = {s->verdict, s->status, ""};
    memcpy(was.err, s->err, sizeof was.err);
    char why[sizeof s->err] = "";
    enum profiler_status st = PROFILER_OK;
    if (s->inplace_ops->work(s->inplace_ops->ctx) < 0) {
        st = PROFILER_ERROR;
        snprintf(why, sizeof why, "waiting for the pass's kernels failed: one of the app's kernels failed");
    }
    enum profiler_status ended = profiler_inplace_end(s->prof, s->pass_ranges, why, sizeof why);
    if (st == PROFILER_OK)
        st = ended;
    s->pass_open = 0;
    int rc = 0;
    for (size_t i = 0; i < s->npending; i++) {
        struct inplace_launch *p = &s->pending[i];
        s->verdict = FILTER_PROFILE;
        s->status = st;
        snprintf(s->err, sizeof s->err, "%s", why);
        if (st == PROFILER_OK)
            s->status = profiler_inplace_values(s->prof, p->range, s->raw, s->err, sizeof s->err);
        metric_set_evaluate(&s->ms, s->raw, s->values);
        if (session_write_launch(s, &p->d, p->launch, SESSION_ROW | SESSION_LINES | SESSION_UNSYNCED) != 0)
            rc = -1;
    }
    if (s->npending > 0 && s->results && results_sync(s->results) != 0) /* the pass's rows, durable at once */
        rc = -1;
    s->npending = 0;
    s->pass_ranges = 0;
    s->verdict = was.verdict;
    s->status = was.status;
    memcpy(s->err, was.err, sizeof was.err);
    trace_since("profile: in place: a pass ended, its launches written", t0);
    return rc;
}

/* A pass opened on the run's image; 0, or -1 with the launch's status set. */
static int open_pass(struct profile_session *s, const struct launch_desc *d)
{
    if (!s->prof_tried)
        session_prepare(s, d->device);
    if (s->prof_status != PROFILER_OK) {
        s->status = s->prof_status;
        snprintf(s->err, sizeof s->err, "%s", s->prof_err);
        return -1;
    }
    if (d->device != profiler_device(s->prof)) {
        s->status = PROFILER_ERROR;
        snprintf(s->err, sizeof s->err, "launched on device %d; mmprof profiles the device of the first "
                 "profiled launch (%d) in each process: select it with CUDA_VISIBLE_DEVICES",
                 d->device, profiler_device(s->prof));
        return -1;
    }
    if (!s->pending && !(s->pending = calloc(INPLACE_RANGES_MAX, sizeof *s->pending))) {
        s->status = PROFILER_ERROR;
        snprintf(s->err, sizeof s->err, "out of memory for the launches of a pass");
        return -1;
    }
    s->status = profiler_inplace_begin(s->prof, (size_t)s->set.image, INPLACE_RANGES_MAX, s->err, sizeof s->err);
    if (s->status != PROFILER_OK)
        return -1;
    s->pass_open = 1;
    s->pass_ranges = 0;
    return 0;
}

int session_inplace_before(struct profile_session *s, const struct launch_desc *d,
                           const struct launch_ops *ops)
{
    s->inplace_ops = ops;
    if (!session_wants_counters(s)) {
        if (s->pass_open && session_inplace_end(s) != 0)
            fprintf(stderr, "mmprof profile: writing the rows of a pass's launches failed\n");
        return 0;
    }
    if (s->pass_open && s->pass_ranges + FLUSH_KERNELS_MAX + 1 > INPLACE_RANGES_MAX &&
        session_inplace_end(s) != 0)
        fprintf(stderr, "mmprof profile: writing the rows of a pass's launches failed\n");
    if (!s->pass_open && open_pass(s, d) != 0)
        return 0;
    int flushed = ops->prepare(ops->ctx, profiler_image_cold_l2(s->prof, (size_t)s->set.image));
    if (flushed < 0 || flushed > FLUSH_KERNELS_MAX) {
        s->status = PROFILER_ERROR;
        snprintf(s->err, sizeof s->err, "the L2 flush before the launch failed");
        return 0; /* the pass's count is off: its launches fail when it ends */
    }
    struct inplace_launch *p = &s->pending[s->npending++];
    p->launch = s->launches;
    p->range = s->pass_ranges + (size_t)flushed;
    s->pass_ranges += (size_t)flushed + 1;
    snprintf(p->mangled, sizeof p->mangled, "%s", d->mangled);
    snprintf(p->demangled, sizeof p->demangled, "%s", d->demangled);
    p->nvtx = *d->nvtx;
    p->d = *d;
    p->d.mangled = p->mangled;
    p->d.demangled = p->demangled;
    p->d.nvtx = &p->nvtx;
    return 1;
}
