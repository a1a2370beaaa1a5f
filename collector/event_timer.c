#include "collector/event_timer.h"

#include "collector/cuda_check.h"

void event_timer_abort(struct event_timer *t)
{
    if (t->start)
        cudaEventDestroy(t->start);
    if (t->stop)
        cudaEventDestroy(t->stop);
    t->start = t->stop = NULL;
}

static int start(struct event_timer *t, char *why, size_t why_len)
{
    CUDA_TRY(cudaEventCreate(&t->start), "cudaEventCreate");
    CUDA_TRY(cudaEventCreate(&t->stop), "cudaEventCreate");
    CUDA_TRY(cudaEventRecord(t->start, 0), "cudaEventRecord");
    return 0;
}

int event_timer_start(struct event_timer *t, char *why, size_t why_len)
{
    t->start = t->stop = NULL;
    if (start(t, why, why_len) == 0)
        return 0;
    event_timer_abort(t);
    return -1;
}

static int stop(struct event_timer *t, const char *what, float *ms, char *why, size_t why_len)
{
    CUDA_TRY(cudaEventRecord(t->stop, 0), "cudaEventRecord");
    CUDA_TRY(cudaEventSynchronize(t->stop), what);
    CUDA_TRY(cudaEventElapsedTime(ms, t->start, t->stop), "cudaEventElapsedTime");
    return 0;
}

int event_timer_stop_ms(struct event_timer *t, const char *what, double *ms, char *why, size_t why_len)
{
    float elapsed = 0;
    int rc = stop(t, what, &elapsed, why, why_len);
    event_timer_abort(t);
    if (rc == 0)
        *ms = elapsed;
    return rc;
}
