#include "collector/timing.h"

#include <stdlib.h>

#include "collector/cuda_check.h"
#include "collector/event_timer.h"
#include "common/util.h"
#include "kernels/launch.h"

static int launch_set(const struct variant *v, const struct workload *w, int set, char *why,
                      size_t why_len)
{
    struct launch_args a = workload_args(w, set);
    CUDA_TRY(variant_launch(v, &a, 0), "launch");
    return 0;
}

static int estimate_ms(const struct variant *v, struct workload *w, double *ms, char *why, size_t why_len)
{
    struct event_timer t;
    if (event_timer_start(&t, why, why_len) != 0)
        return -1;
    if (launch_set(v, w, 0, why, why_len) != 0) {
        event_timer_abort(&t);
        return -1;
    }
    return event_timer_stop_ms(&t, "estimate run", ms, why, why_len);
}

/* submit_ms: the host clock before each launch, from just after the first
 * event's record (timing_gaps). */
static int timed_runs(const struct variant *v, struct workload *w, int reps, double *ms, double *submit_ms,
                      char *why, size_t why_len)
{
    cudaEvent_t *ev = malloc((size_t)(reps + 1) * sizeof *ev);
    int made = 0, rc = -1;
    if (!ev) {
        snprintf(why, why_len, "out of host memory for %d events", reps + 1);
        return -1;
    }
    for (; made <= reps; made++)
        if (cudaEventCreate(&ev[made]) != cudaSuccess)
            goto out;
    if (cudaEventRecord(ev[0], 0) != cudaSuccess)
        goto out;
    double t0_ms = now_ms();
    for (int i = 0; i < reps; i++) {
        submit_ms[i] = now_ms() - t0_ms;
        /* Start at set 1 so the first timed launch does not reuse the
         * verified set that is still warm in L2. */
        if (launch_set(v, w, i + 1, why, why_len) != 0 || cudaEventRecord(ev[i + 1], 0) != cudaSuccess)
            goto out;
    }
    if (cudaEventSynchronize(ev[reps]) != cudaSuccess)
        goto out;
    for (int i = 0; i < reps; i++) {
        float t;
        if (cudaEventElapsedTime(&t, ev[i], ev[i + 1]) != cudaSuccess)
            goto out;
        ms[i] = t;
    }
    rc = 0;
out:
    if (rc != 0 && why[0] == '\0')
        snprintf(why, why_len, "timing: %s", cudaGetErrorString(cudaGetLastError()));
    for (int i = 0; i < made; i++)
        cudaEventDestroy(ev[i]);
    free(ev);
    return rc;
}

int time_variant(const struct variant *v, struct workload *w, const struct timing_options *o,
                 struct timing_stats *st, char *why, size_t why_len)
{
    double est = 0;
    why[0] = '\0';
    for (int i = 0; i < o->warmup; i++)
        if (launch_set(v, w, i, why, why_len) != 0)
            return -1;
    if (estimate_ms(v, w, &est, why, why_len) != 0)
        return -1;
    int reps = timing_reps(o, est);
    double *ms = malloc((size_t)reps * sizeof *ms);
    double *submit_ms = malloc((size_t)reps * sizeof *submit_ms);
    if (!ms || !submit_ms) {
        free(ms);
        free(submit_ms);
        snprintf(why, why_len, "out of host memory for %d timings", reps);
        return -1;
    }
    int rc = timed_runs(v, w, reps, ms, submit_ms, why, why_len);
    if (rc != 0) {
        free(ms);
        free(submit_ms);
        return rc;
    }
    timing_summarize(ms, reps, st);
    timing_gaps(ms, submit_ms, reps, st);
    free(submit_ms);
    st->samples_ms = ms;
    return 0;
}
