/* What CUPTI's driver-API callbacks pass: the parameters of the app's call,
 * read here and only here (capture.h, graph_nodes.h). generated_cuda_meta.h
 * names the pre-v2 types that cuda.h declares only for the driver's own build
 * (__CUDA_API_VERSION_INTERNAL), which also drops cuda.h's versioned macros:
 * so this file reads parameter structs and calls no driver function.
 *
 * The _ptsz forms take the per-thread default stream for stream 0; the
 * capture says CU_STREAM_PER_THREAD then, so a replay runs where the app's
 * launch would. */
#define __CUDA_API_VERSION_INTERNAL 1
#include "profile/inject/capture.h"
#include "profile/inject/graph_nodes.h"

#include <cupti_driver_cbid.h>
#include <generated_cuda_meta.h>
#include <string.h>

static void dims(struct capture *c, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                 unsigned bz)
{
    c->grid[0] = gx, c->grid[1] = gy, c->grid[2] = gz;
    c->block[0] = bx, c->block[1] = by, c->block[2] = bz;
}

static CUstream per_thread(CUstream s, int ptsz)
{
    return ptsz && s == NULL ? CU_STREAM_PER_THREAD : s;
}

int capture_allocation_stream(CUpti_CallbackId cbid, const void *params, CUstream *stream)
{
    switch (cbid) {
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync:
        *stream = ((const cuMemAllocAsync_params *)params)->hStream;
        return 1;
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync_ptsz:
        *stream = per_thread(((const cuMemAllocAsync_ptsz_params *)params)->hStream, 1);
        return 1;
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync:
        *stream = ((const cuMemAllocFromPoolAsync_params *)params)->hStream;
        return 1;
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync_ptsz:
        *stream = per_thread(((const cuMemAllocFromPoolAsync_ptsz_params *)params)->hStream, 1);
        return 1;
    default:
        return 0;
    }
}

int capture_launch(CUpti_CallbackId cbid, const void *params, struct capture *c)
{
    memset(c, 0, sizeof *c);
    switch (cbid) {
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz: {
        /* the _ptsz params struct has the same fields in the same order */
        const cuLaunchKernel_params *p = params;
        c->api = CAPTURE_KERNEL;
        c->f = p->f;
        dims(c, p->gridDimX, p->gridDimY, p->gridDimZ, p->blockDimX, p->blockDimY, p->blockDimZ);
        c->smem_dynamic_bytes = p->sharedMemBytes;
        c->stream = per_thread(p->hStream, cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz);
        c->params = p->kernelParams;
        c->extra = p->extra;
        return 1;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
        const cuLaunchKernelEx_params *p = params;
        const CUlaunchConfig *k = p->config;
        c->api = CAPTURE_KERNEL_EX;
        c->f = p->f;
        c->config = k;
        dims(c, k->gridDimX, k->gridDimY, k->gridDimZ, k->blockDimX, k->blockDimY, k->blockDimZ);
        c->smem_dynamic_bytes = k->sharedMemBytes;
        c->stream = per_thread(k->hStream, cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz);
        c->params = p->kernelParams;
        c->extra = p->extra;
        return 1;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz: {
        const cuLaunchCooperativeKernel_params *p = params;
        c->api = CAPTURE_COOPERATIVE;
        c->f = p->f;
        dims(c, p->gridDimX, p->gridDimY, p->gridDimZ, p->blockDimX, p->blockDimY, p->blockDimZ);
        c->smem_dynamic_bytes = p->sharedMemBytes;
        c->stream = per_thread(p->hStream,
                               cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz);
        c->params = p->kernelParams;
        return 1;
    }
    default:
        return 0;
    }
}

void capture_node(const CUDA_KERNEL_NODE_PARAMS *p, CUstream stream, struct capture *c)
{
    memset(c, 0, sizeof *c);
    c->api = CAPTURE_KERNEL;
    c->f = p->func;
    dims(c, p->gridDimX, p->gridDimY, p->gridDimZ, p->blockDimX, p->blockDimY, p->blockDimZ);
    c->smem_dynamic_bytes = p->sharedMemBytes;
    c->stream = stream;
    c->params = p->kernelParams;
    c->extra = p->extra;
}

int graph_nodes_note_instantiate(CUpti_CallbackId cbid, const void *params)
{
    switch (cbid) {
    case CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithFlags: {
        const cuGraphInstantiateWithFlags_params *p = params;
        graph_nodes_note(p->phGraphExec, p->hGraph);
        return 1;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithParams:
    case CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithParams_ptsz: {
        const cuGraphInstantiateWithParams_params *p = params;
        graph_nodes_note(p->phGraphExec, p->hGraph);
        return 1;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiate:
    case CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiate_v2: {
        const cuGraphInstantiate_params *p = params; /* _v2: the same first fields */
        graph_nodes_note(p->phGraphExec, p->hGraph);
        return 1;
    }
    default:
        return 0;
    }
}

int graph_nodes_launch(CUpti_CallbackId cbid, const void *params, CUgraphExec *exec,
                       CUstream *stream)
{
    if (cbid != CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch &&
        cbid != CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz)
        return 0;
    const cuGraphLaunch_params *p = params;
    *exec = p->hGraph;
    *stream = p->hStream == NULL && cbid == CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz
                  ? CU_STREAM_PER_THREAD
                  : p->hStream;
    return 1;
}

