/* A kernel launch captured in a CUPTI driver-API callback, and its replay:
 * the same entry point (cuLaunchKernel, cuLaunchKernelEx with its launch
 * attributes, cuLaunchCooperativeKernel, their per-thread-stream forms) with
 * the same function, geometry, shared memory, stream and parameters. The
 * parameters point into the app's call, so a capture is valid only inside
 * that callback (or a graph node's, while the graph lives). */
#ifndef MMPROF_PROFILE_INJECT_CAPTURE_H
#define MMPROF_PROFILE_INJECT_CAPTURE_H

#include <cuda.h>
#include <cupti_callbacks.h>

enum capture_api { CAPTURE_KERNEL, CAPTURE_KERNEL_EX, CAPTURE_COOPERATIVE };

struct capture {
    enum capture_api api;
    CUfunction f;
    unsigned grid[3], block[3];
    unsigned smem_dynamic_bytes;
    CUstream stream;
    void **params, **extra;
    const CUlaunchConfig *config; /* CAPTURE_KERNEL_EX */
};

/* 1 and c filled when cbid is a kernel launch of one of the entry points
 * above, 0 otherwise (graph launches are graph_nodes.h's). */
int capture_launch(CUpti_CallbackId cbid, const void *params, struct capture *c);
/* 1 with *stream set when cbid is an asynchronous allocation (cuMemAllocAsync,
 * cuMemAllocFromPoolAsync, their _ptsz forms), else 0. */
int capture_allocation_stream(CUpti_CallbackId cbid, const void *params, CUstream *stream);
/* The kernel node's launch, as cuLaunchKernel on stream. */
void capture_node(const CUDA_KERNEL_NODE_PARAMS *p, CUstream stream, struct capture *c);
/* Launches c again, asynchronously. */
CUresult capture_replay(const struct capture *c);

#endif
