/* The L2 flush mmprof does before every profiled range: a read of a buffer
 * twice the size of L2. `collect` and `launch --l2-flush` share it, so an
 * external profiler can see a kernel after the same flush mmprof's counters do. */
#ifndef MMPROF_L2_FLUSH_H
#define MMPROF_L2_FLUSH_H

#include <stddef.h>

struct l2_flush_buf {
    float *buf;
    size_t count; /* floats */
    float *sink;
};

/* Allocates the buffer for an L2 of l2_bytes. 0, or -1 with why set; free
 * with l2_flush_buf_free either way. */
int l2_flush_buf_alloc(struct l2_flush_buf *f, size_t l2_bytes, char *why, size_t why_len);
/* Reads the buffer on the default stream and waits for it. 0 or -1. */
int l2_flush_buf_run(const struct l2_flush_buf *f);
void l2_flush_buf_free(struct l2_flush_buf *f);

#endif
