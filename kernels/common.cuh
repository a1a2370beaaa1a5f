/* Tiny helpers shared by the kernel files (private to kernels/). */
#ifndef MMPROF_KERNELS_COMMON_CUH
#define MMPROF_KERNELS_COMMON_CUH

/* Blocks of b items needed to cover n items (n, b >= 1). */
static inline unsigned ceil_div(long n, long b)
{
    return (unsigned)((n + b - 1) / b);
}

#endif
