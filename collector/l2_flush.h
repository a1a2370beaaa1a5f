/* The L2 flush mmprof does before every profiled range: a read of a buffer
 * twice the size of L2, then its lines dropped, in one kernel
 * (l2_flush_kernel.cu).
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
/* Reads the buffer on the default stream and waits for it. Returns the
 * kernels it launched (L2_FLUSH_KERNELS: the profiler drops their ranges),
 * or -1. */
#define L2_FLUSH_KERNELS 1
int l2_flush_buf_run(const struct l2_flush_buf *f);
void l2_flush_buf_free(struct l2_flush_buf *f);

/* The flush also evicts what clients other than the SMs keep reading (host
 * interface, firmware): they fetch it again from DRAM over the next ~100 ms.
 * While a row's counters covered a user range (launch, kernel and the wait
 * for it), those reads inflated long rows' DRAM reads by up to 2 %, and
 * collect waited before each range. With one auto range per kernel the
 * window is the kernel alone, as ncu's is, and no wait is needed
 * (docs/fidelity.md); --settle-ms still asks for one:
 * L2_SETTLE_PER_KERNEL times the kernel's duration, at most cap_ms. */
#define L2_SETTLE_PER_KERNEL 4.0
#define L2_SETTLE_CAP_MS_DEFAULT 0L
#define L2_SETTLE_CAP_MS_MAX 1000L

double l2_settle_ms(double kernel_ms, double cap_ms);

#endif
