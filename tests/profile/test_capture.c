/* What the injection library reads from CUPTI's driver-API callbacks
 * (profile/inject/capture_params.c), on parameter structs made here as the
 * driver would pass them: each launch entry point's function, geometry,
 * shared memory, stream (stream 0 of a _ptsz call is the per-thread stream),
 * parameters and launch config; graph nodes; graph instantiation and launch;
 * the stream of an asynchronous allocation; other calls ignored. No driver is needed: graph_nodes_note is this test's. */
#define __CUDA_API_VERSION_INTERNAL 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <cupti_driver_cbid.h>
#include <generated_cuda_meta.h>

#include "profile/inject/capture.h"
#include "profile/inject/graph_nodes.h"

static CUgraphExec noted_exec;
static CUgraph noted_graph;

void graph_nodes_note(CUgraphExec *exec, CUgraph graph)
{
    noted_exec = *exec;
    noted_graph = graph;
}

#define FN ((CUfunction)0x1000)
#define STREAM ((CUstream)0x2000)

static void *args[2];
static void *extra[1];

static void launch_kernel(void **state)
{
    cuLaunchKernel_params p = {FN, 4, 5, 6, 32, 2, 1, 1024, STREAM, args, extra};
    struct capture c;
    assert_int_equal(capture_launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &p, &c), 1);
    assert_int_equal(c.api, CAPTURE_KERNEL);
    assert_ptr_equal(c.f, FN);
    assert_int_equal(c.grid[0], 4);
    assert_int_equal(c.grid[2], 6);
    assert_int_equal(c.block[0], 32);
    assert_int_equal(c.block[1], 2);
    assert_int_equal(c.smem_dynamic_bytes, 1024);
    assert_ptr_equal(c.stream, STREAM);
    assert_ptr_equal(c.params, args);
    assert_ptr_equal(c.extra, extra);
    /* stream 0 of the per-thread-stream form is the thread's stream */
    cuLaunchKernel_ptsz_params q = {FN, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL};
    assert_int_equal(capture_launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz, &q, &c), 1);
    assert_ptr_equal(c.stream, CU_STREAM_PER_THREAD);
    p.hStream = NULL;
    assert_int_equal(capture_launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &p, &c), 1);
    assert_null(c.stream);
}

static void launch_kernel_ex_and_cooperative(void **state)
{
    CUlaunchConfig cfg = {.gridDimX = 7, .gridDimY = 8, .gridDimZ = 9, .blockDimX = 128,
                          .blockDimY = 1, .blockDimZ = 1, .sharedMemBytes = 4096, .hStream = STREAM};
    cuLaunchKernelEx_params p = {&cfg, FN, args, NULL};
    struct capture c;
    assert_int_equal(capture_launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx, &p, &c), 1);
    assert_int_equal(c.api, CAPTURE_KERNEL_EX);
    assert_ptr_equal(c.config, &cfg);
    assert_int_equal(c.grid[1], 8);
    assert_int_equal(c.block[0], 128);
    assert_int_equal(c.smem_dynamic_bytes, 4096);
    assert_ptr_equal(c.stream, STREAM);
    cuLaunchCooperativeKernel_params k = {FN, 2, 1, 1, 64, 1, 1, 16, STREAM, args};
    assert_int_equal(capture_launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel, &k, &c), 1);
    assert_int_equal(c.api, CAPTURE_COOPERATIVE);
    assert_int_equal(c.block[0], 64);
    assert_int_equal(c.smem_dynamic_bytes, 16);
    assert_null(c.extra);
}

static void graphs_and_other_calls(void **state)
{
    struct capture c;
    cuLaunchKernel_params p = {0};
    assert_int_equal(capture_launch(CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2, &p, &c), 0);
    assert_int_equal(capture_launch(CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch, &p, &c), 0);

    CUgraphExec exec = (CUgraphExec)0x3000;
    cuGraphInstantiateWithFlags_params wf = {&exec, (CUgraph)0x4000, 0};
    assert_int_equal(
        graph_nodes_note_instantiate(CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithFlags, &wf), 1);
    assert_ptr_equal(noted_exec, exec);
    assert_ptr_equal(noted_graph, (CUgraph)0x4000);
    cuGraphInstantiateWithParams_params wp = {&exec, (CUgraph)0x5000, NULL};
    assert_int_equal(
        graph_nodes_note_instantiate(CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithParams, &wp), 1);
    assert_ptr_equal(noted_graph, (CUgraph)0x5000);
    assert_int_equal(graph_nodes_note_instantiate(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &wp), 0);

    CUgraphExec launched;
    CUstream stream;
    cuGraphLaunch_params gl = {exec, NULL};
    assert_int_equal(
        graph_nodes_launch(CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz, &gl, &launched, &stream), 1);
    assert_ptr_equal(launched, exec);
    assert_ptr_equal(stream, CU_STREAM_PER_THREAD);
    gl.hStream = STREAM;
    assert_int_equal(graph_nodes_launch(CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch, &gl, &launched, &stream), 1);
    assert_ptr_equal(stream, STREAM);
    assert_int_equal(
        graph_nodes_launch(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &gl, &launched, &stream), 0);

    CUDA_KERNEL_NODE_PARAMS node = {.func = FN, .gridDimX = 3, .gridDimY = 1, .gridDimZ = 1,
                                    .blockDimX = 256, .blockDimY = 1, .blockDimZ = 1,
                                    .sharedMemBytes = 8, .kernelParams = args};
    capture_node(&node, STREAM, &c);
    assert_int_equal(c.api, CAPTURE_KERNEL);
    assert_int_equal(c.grid[0], 3);
    assert_int_equal(c.block[0], 256);
    assert_int_equal(c.smem_dynamic_bytes, 8);
    assert_ptr_equal(c.stream, STREAM);
    assert_ptr_equal(c.params, args);
}

/* The injection places its own memory at the app's first allocation unless
 * an asynchronous one is being captured into a graph: it needs the stream. */
static void async_allocation_streams(void **state)
{
    CUdeviceptr d;
    CUstream s = NULL;
    cuMemAllocAsync_params a = {&d, 64, STREAM};
    assert_int_equal(capture_allocation_stream(CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync, &a, &s), 1);
    assert_ptr_equal(s, STREAM);
    cuMemAllocAsync_ptsz_params ap = {&d, 64, NULL};
    assert_int_equal(capture_allocation_stream(CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync_ptsz, &ap, &s), 1);
    assert_ptr_equal(s, CU_STREAM_PER_THREAD);
    cuMemAllocFromPoolAsync_params fp = {&d, 64, (CUmemoryPool)0x3000, STREAM};
    assert_int_equal(capture_allocation_stream(CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync, &fp, &s), 1);
    assert_ptr_equal(s, STREAM);
    cuMemAllocFromPoolAsync_ptsz_params fpp = {&d, 64, (CUmemoryPool)0x3000, NULL};
    assert_int_equal(capture_allocation_stream(CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync_ptsz, &fpp, &s), 1);
    assert_ptr_equal(s, CU_STREAM_PER_THREAD);
    cuMemAlloc_v2_params sync = {&d, 64};
    assert_int_equal(capture_allocation_stream(CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2, &sync, &s), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(launch_kernel),
        cmocka_unit_test(launch_kernel_ex_and_cooperative),
        cmocka_unit_test(graphs_and_other_calls),
        cmocka_unit_test(async_allocation_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
