/* GPU time of a piece of stream-0 work between two CUDA events. The events
 * live only between start and stop (or abort), so an error path cannot leak
 * them. Functions take (why, why_len) as CUDA_TRY's callers do. */
#ifndef MMPROF_COLLECTOR_EVENT_TIMER_H
#define MMPROF_COLLECTOR_EVENT_TIMER_H

#include <cuda_runtime_api.h>
#include <stddef.h>

struct event_timer {
    cudaEvent_t start, stop;
};

/* Creates the events and records the start. 0, or -1 with why. */
int event_timer_start(struct event_timer *t, char *why, size_t why_len);
/* Records the stop, waits for it and gives the time between in ms; the
 * events are gone after. what names the work in a message. 0 or -1. */
int event_timer_stop_ms(struct event_timer *t, const char *what, double *ms, char *why, size_t why_len);
/* Drops the events of a timer whose work failed. */
void event_timer_abort(struct event_timer *t);

#endif
