#include "collector/l2_flush.h"

#include <cuda_runtime_api.h>
#include <stdio.h>

#include "collector/cuda_check.h"
#include "collector/l2_flush_kernel.h"

int l2_flush_buf_alloc(struct l2_flush_buf *f, size_t l2_bytes, char *why, size_t why_len)
{
    f->buf = f->sink = NULL;
    /* Twice L2, in float4 units (l2_flush reads 16 bytes at a time). */
    f->count = (2 * l2_bytes / 16 + 1) * 4;
    CUDA_TRY(cudaMalloc((void **)&f->buf, f->count * sizeof(float)), "cudaMalloc L2 flush buffer");
    CUDA_TRY(cudaMemset(f->buf, 0, f->count * sizeof(float)), "cudaMemset L2 flush buffer");
    CUDA_TRY(cudaMalloc((void **)&f->sink, sizeof(float)), "cudaMalloc L2 flush sink");
    return 0;
}

int l2_flush_buf_run(const struct l2_flush_buf *f)
{
    int kernels = 0;
    if (l2_flush(f->buf, f->count, f->sink, 0, &kernels) != cudaSuccess)
        return -1;
    return cudaDeviceSynchronize() == cudaSuccess ? kernels : -1;
}

void l2_flush_buf_free(struct l2_flush_buf *f)
{
    cudaFree(f->buf);
    cudaFree(f->sink);
    f->buf = f->sink = NULL;
}

double l2_settle_ms(double kernel_ms, double cap_ms)
{
    if (!(kernel_ms > 0) || !(cap_ms > 0))
        return 0;
    double ms = L2_SETTLE_PER_KERNEL * kernel_ms;
    return ms < cap_ms ? ms : cap_ms;
}
