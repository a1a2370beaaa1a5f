/* The L2 flush mmprof does before every profiled range: a read of a buffer
 * twice the size of L2, then its lines dropped (kernels/launch.h l2_flush).
 * `collect` and `launch --l2-flush` share it, so an external profiler can see
 * a kernel after the same flush mmprof's counters do. */
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

/* The flush also evicts what clients other than the SMs keep reading (host
 * interface, firmware): they fetch it again from DRAM over the next ~100 ms,
 * and whatever falls inside a profiled range is counted as the kernel's DRAM
 * reads. On an H200, idle ranges started right after the flush read 66-324 KB
 * in 16 ms and 388-571 KB in 64 ms; after a wait of 30 ms, 8-81 KB and
 * 146-274 KB; after 100 ms, 0-71 KB and 9-16 KB. ncu's own cache control
 * leaves 3-111 KB in 16 ms, mostly under 12 (examples/ncu-crosscheck-h200/
 * range-background.txt, range-background-wait.txt).
 * So collect waits before each range, L2_SETTLE_PER_KERNEL times the kernel's
 * duration and at most cap_ms (--settle-ms): longest where the range is
 * longest, and short for the short kernels, whose ranges hold little of it
 * (1 ms: 0-27 KB) and which are most of a run. */
#define L2_SETTLE_PER_KERNEL 4.0
#define L2_SETTLE_CAP_MS_DEFAULT 50L
#define L2_SETTLE_CAP_MS_MAX 1000L

double l2_settle_ms(double kernel_ms, double cap_ms);

#endif
