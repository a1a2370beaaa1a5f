/* An app to profile with `mmprof profile` (docs/profile.md): what a user's
 * program looks like to mmprof, built without mmprof's libraries.
 *
 *   cuBLAS SGEMM                  a library kernel (cuLaunchKernelEx on Hopper)
 *   thrust::sort of 2^20 keys     CUB's radix-sort kernels, which write their inputs
 *   a tiled matmul, T = 16        the user's own kernel, declared through mmprof.h
 *                                 so the report puts tiled_t16's theory beside it
 *   one CUDA graph launch         a captured kernel node
 *   NVTX ranges                   setup / gemm / sort / graph
 *
 * Every result is checked and printed as one line without timings, so the
 * output is the same with and without mmprof (the GPU check diffs it).
 * Exit 0 when all agree, 1 otherwise.
 *   mmprof_example [N]   (N x N x N matmuls, default 1024) */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

#include "mmprof.h"

#define CHECK(call)                                                                         \
    do {                                                                                    \
        cudaError_t e_ = (call);                                                            \
        if (e_ != cudaSuccess) {                                                            \
            fprintf(stderr, "mmprof_example: %s failed: %s\n", #call, cudaGetErrorString(e_)); \
            exit(1);                                                                        \
        }                                                                                   \
    } while (0)

#define TILE 16

/* The user's kernel: C = A B, row-major, one output per thread, TILE x TILE
 * tiles of A and B staged in shared memory; edges guarded. */
__global__ void tiled_matmul(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float tileA[TILE][TILE], tileB[TILE][TILE];
    const int r = blockIdx.y * TILE + threadIdx.y, c = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int base = 0; base < K; base += TILE) {
        const int ka = base + threadIdx.x, kb = base + threadIdx.y;
        tileA[threadIdx.y][threadIdx.x] = r < M && ka < K ? A[(size_t)r * K + ka] : 0.0f;
        tileB[threadIdx.y][threadIdx.x] = kb < K && c < N ? B[(size_t)kb * N + c] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int i = 0; i < TILE; i++)
            acc += tileA[threadIdx.y][i] * tileB[i][threadIdx.x];
        __syncthreads();
    }
    if (r < M && c < N)
        C[(size_t)r * N + c] = acc;
}

/* y = alpha * x + y: the graph's node. */
__global__ void axpy(float alpha, const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = alpha * x[i] + y[i];
}

static float lcg(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return (float)(*s >> 8) / (float)(1u << 24) - 0.5f;
}

/* Largest relative error of C over 512 sampled entries against FP64. */
static double sampled_error(const std::vector<float> &A, const std::vector<float> &B,
                            const std::vector<float> &C, int n)
{
    double worst = 0;
    unsigned s = 7;
    for (int t = 0; t < 512; t++) {
        s = s * 1103515245u + 12345u;
        int i = (int)((s >> 8) % (unsigned)n), j = (int)((s >> 4) % (unsigned)n);
        double ref = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            ref += (double)A[(size_t)i * n + k] * B[(size_t)k * n + j];
            mag += fabs((double)A[(size_t)i * n + k] * B[(size_t)k * n + j]);
        }
        double err = fabs(C[(size_t)i * n + j] - ref) / (mag > 0 ? mag : 1);
        worst = err > worst ? err : worst;
    }
    return worst;
}

static int report(const char *what, int ok)
{
    printf("%-6s %s\n", what, ok ? "ok" : "WRONG");
    return ok;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1024;
    if (n < 1 || n > 8192) {
        fprintf(stderr, "usage: mmprof_example [N], 1 <= N <= 8192\n");
        return 2;
    }
    size_t count = (size_t)n * n;
    nvtxRangePushA("setup");
    std::vector<float> A(count), B(count), C(count);
    unsigned seed = 1;
    for (size_t i = 0; i < count; i++) {
        A[i] = lcg(&seed);
        B[i] = lcg(&seed);
    }
    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, count * sizeof(float)));
    CHECK(cudaMalloc(&dB, count * sizeof(float)));
    CHECK(cudaMalloc(&dC, count * sizeof(float)));
    CHECK(cudaMemcpy(dA, A.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, B.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    nvtxRangePop();
    int all = 1;

    nvtxRangePushA("gemm");
    cublasHandle_t h;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "mmprof_example: cublasCreate failed\n");
        return 1;
    }
    const float one = 1.0f, zero = 0.0f;
    /* row-major C = A B is column-major C^T = B^T A^T */
    if (cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, dB, n, dA, n, &zero, dC, n) !=
        CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "mmprof_example: cublasSgemm failed\n");
        return 1;
    }
    CHECK(cudaMemcpy(C.data(), dC, count * sizeof(float), cudaMemcpyDeviceToHost));
    all &= report("sgemm", sampled_error(A, B, C, n) < 1e-5);
    cublasDestroy(h);

    CHECK(cudaMemset(dC, 0, count * sizeof(float)));
    char decl[128];
    snprintf(decl, sizeof decl, "kind=tiled T=%d M=%d N=%d K=%d", TILE, n, n, n);
    mmprof_declare_push(decl);
    dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    tiled_matmul<<<grid, block>>>(dA, dB, dC, n, n, n);
    CHECK(cudaGetLastError());
    mmprof_declare_pop();
    CHECK(cudaMemcpy(C.data(), dC, count * sizeof(float), cudaMemcpyDeviceToHost));
    all &= report("tiled", sampled_error(A, B, C, n) < 1e-5);
    nvtxRangePop();

    nvtxRangePushA("sort");
    const size_t keys = 1u << 20;
    thrust::host_vector<unsigned> hk(keys);
    unsigned long long sum_before = 0, sum_after = 0;
    for (size_t i = 0; i < keys; i++) {
        seed = seed * 1664525u + 1013904223u;
        hk[i] = seed;
        sum_before += seed;
    }
    thrust::device_vector<unsigned> dk = hk;
    thrust::sort(dk.begin(), dk.end()); /* sorts in place: the kernels write their inputs */
    thrust::host_vector<unsigned> sorted = dk;
    int ordered = 1;
    for (size_t i = 0; i < keys; i++) {
        sum_after += sorted[i];
        ordered &= i == 0 || sorted[i - 1] <= sorted[i];
    }
    all &= report("sort", ordered && sum_after == sum_before);
    nvtxRangePop();

    nvtxRangePushA("graph");
    cudaStream_t st;
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    CHECK(cudaStreamCreate(&st));
    CHECK(cudaMemcpy(dC, A.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal));
    axpy<<<(unsigned)((count + 255) / 256), 256, 0, st>>>(2.0f, dB, dC, (int)count);
    CHECK(cudaStreamEndCapture(st, &graph));
    CHECK(cudaGraphInstantiate(&exec, graph, 0));
    CHECK(cudaGraphLaunch(exec, st));
    CHECK(cudaStreamSynchronize(st));
    CHECK(cudaMemcpy(C.data(), dC, count * sizeof(float), cudaMemcpyDeviceToHost));
    int axpy_ok = 1;
    for (size_t i = 0; i < count; i++)
        axpy_ok &= C[i] == 2.0f * B[i] + A[i];
    all &= report("graph", axpy_ok);
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(graph));
    CHECK(cudaStreamDestroy(st));
    nvtxRangePop();

    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dC));
    return all ? 0 : 1;
}
