/* A many-launch app for `mmprof profile` (docs/profile.md, "A whole loop"):
 * Jacobi iterations for the Poisson equation on an N x N grid, the shape of
 * a solver's or a training step's loop: three kernels an iteration, each
 * iteration inside an NVTX range "step".
 *
 *   jacobi_step       u_new = (the four neighbours of u + h^2 f) / 4
 *   residual_blocks   each block's sum of (u_new - u)^2, a fixed tree
 *   residual_total    one block: the blocks' sums, in a fixed order
 *
 * No atomics: every sum is taken in one order, so the result is the same
 * bits in every run, under any profiler. Prints the final residual and a
 * checksum of u (host sum in double) without timings, so the output can be
 * diffed. With "events", each launch is also timed with a pair of CUDA
 * events and each kernel's median goes to stderr ("event_ms KERNEL MEDIAN"),
 * for comparing the activity records' times (scripts/bench-loop.sh).
 * Exit 0, 1 when a CUDA call fails, 2 for bad arguments.
 *   mmprof_solver [N [ITERATIONS [events]]]   (default 8192 and 100) */
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include <algorithm>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#define CHECK(call)                                                                        \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "mmprof_solver: %s failed: %s\n", #call, cudaGetErrorString(e_)); \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define BLOCK_X 32
#define BLOCK_Y 8
#define REDUCE_THREADS 256

/* One Jacobi sweep of the interior; the boundary stays 0. */
__global__ void jacobi_step(float *u_new, const float *u, const float *f, int n, float h2)
{
    const int x = blockIdx.x * BLOCK_X + threadIdx.x, y = blockIdx.y * BLOCK_Y + threadIdx.y;
    if (x <= 0 || y <= 0 || x >= n - 1 || y >= n - 1)
        return;
    const size_t i = (size_t)y * n + x;
    u_new[i] = 0.25f * (u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + h2 * f[i]);
}

/* Block b's sum of (a - b)^2 over its grid-stride share, as a fixed tree. */
__global__ void residual_blocks(const float *a, const float *b, size_t count, float *block_sums)
{
    __shared__ float part[REDUCE_THREADS];
    float s = 0.0f;
    for (size_t i = (size_t)blockIdx.x * REDUCE_THREADS + threadIdx.x; i < count;
         i += (size_t)gridDim.x * REDUCE_THREADS) {
        const float d = a[i] - b[i];
        s += d * d;
    }
    part[threadIdx.x] = s;
    __syncthreads();
    for (int w = REDUCE_THREADS / 2; w > 0; w /= 2) {
        if (threadIdx.x < w)
            part[threadIdx.x] += part[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        block_sums[blockIdx.x] = part[0];
}

/* One block: the sum of nblocks block sums, into *total. */
__global__ void residual_total(const float *block_sums, int nblocks, float *total)
{
    __shared__ float part[REDUCE_THREADS];
    float s = 0.0f;
    for (int i = threadIdx.x; i < nblocks; i += REDUCE_THREADS)
        s += block_sums[i];
    part[threadIdx.x] = s;
    __syncthreads();
    for (int w = REDUCE_THREADS / 2; w > 0; w /= 2) {
        if (threadIdx.x < w)
            part[threadIdx.x] += part[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *total = part[0];
}

static long arg(int argc, char **argv, int i, long dflt, long lo, long hi)
{
    if (argc <= i)
        return dflt;
    char *end;
    long v = strtol(argv[i], &end, 10);
    if (*end || v < lo || v > hi) {
        fprintf(stderr, "usage: mmprof_solver [N [ITERATIONS]]: '%s' is not in %ld..%ld\n", argv[i], lo, hi);
        exit(2);
    }
    return v;
}

/* Per kernel, the event pairs around its launches, read once the loop is done. */
struct event_times {
    const char *kernel;
    std::vector<cudaEvent_t> start, end;
};

static void record(event_times *t, bool on, bool first)
{
    if (!on)
        return;
    cudaEvent_t e;
    CHECK(cudaEventCreate(&e));
    CHECK(cudaEventRecord(e));
    (first ? t->start : t->end).push_back(e);
}

static void report(event_times *t)
{
    std::vector<float> ms;
    for (size_t i = 0; i < t->start.size(); i++) {
        float v;
        CHECK(cudaEventElapsedTime(&v, t->start[i], t->end[i]));
        ms.push_back(v);
        CHECK(cudaEventDestroy(t->start[i]));
        CHECK(cudaEventDestroy(t->end[i]));
    }
    std::sort(ms.begin(), ms.end());
    const size_t n = ms.size();
    if (n)
        fprintf(stderr, "event_ms %s %.6f\n", t->kernel, n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2);
}

int main(int argc, char **argv)
{
    const int n = (int)arg(argc, argv, 1, 8192, 16, 16384);
    const int iterations = (int)arg(argc, argv, 2, 100, 1, 1000000);
    const bool events = argc > 3 && strcmp(argv[3], "events") == 0;
    if (argc > 4 || (argc > 3 && !events)) {
        fprintf(stderr, "usage: mmprof_solver [N [ITERATIONS [events]]]\n");
        return 2;
    }
    event_times jacobi = {"jacobi_step", {}, {}}, blocks = {"residual_blocks", {}, {}},
                totals = {"residual_total", {}, {}};
    const size_t count = (size_t)n * n, bytes = count * sizeof(float);
    const int nblocks = 1024;
    const float h = 1.0f / (float)(n - 1);
    std::vector<float> host(count);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            host[(size_t)y * n + x] = (x > n / 4 && x < n / 2 && y > n / 3 && y < 2 * n / 3) ? 1.0f : 0.0f;
    float *u, *u_new, *f, *block_sums, *total;
    CHECK(cudaMalloc(&u, bytes));
    CHECK(cudaMalloc(&u_new, bytes));
    CHECK(cudaMalloc(&f, bytes));
    CHECK(cudaMalloc(&block_sums, nblocks * sizeof(float)));
    CHECK(cudaMalloc(&total, sizeof(float)));
    CHECK(cudaMemcpy(f, host.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(u, 0, bytes));
    CHECK(cudaMemset(u_new, 0, bytes));
    const dim3 block(BLOCK_X, BLOCK_Y), grid((n + BLOCK_X - 1) / BLOCK_X, (n + BLOCK_Y - 1) / BLOCK_Y);
    for (int it = 0; it < iterations; it++) {
        nvtxRangePushA("step");
        record(&jacobi, events, true);
        jacobi_step<<<grid, block>>>(u_new, u, f, n, h * h);
        CHECK(cudaGetLastError());
        record(&jacobi, events, false);
        record(&blocks, events, true);
        residual_blocks<<<nblocks, REDUCE_THREADS>>>(u_new, u, count, block_sums);
        CHECK(cudaGetLastError());
        record(&blocks, events, false);
        record(&totals, events, true);
        residual_total<<<1, REDUCE_THREADS>>>(block_sums, nblocks, total);
        CHECK(cudaGetLastError());
        record(&totals, events, false);
        nvtxRangePop();
        float *t = u;
        u = u_new;
        u_new = t;
    }
    CHECK(cudaDeviceSynchronize());
    report(&jacobi);
    report(&blocks);
    report(&totals);
    float residual = 0.0f;
    CHECK(cudaMemcpy(&residual, total, sizeof residual, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(host.data(), u, bytes, cudaMemcpyDeviceToHost));
    double checksum = 0.0;
    for (size_t i = 0; i < count; i++)
        checksum += host[i];
    printf("mmprof_solver: N=%d iterations=%d launches=%d residual=%.9e checksum=%.17g\n", n, iterations,
           3 * iterations, (double)residual, checksum);
    CHECK(cudaFree(u));
    CHECK(cudaFree(u_new));
    CHECK(cudaFree(f));
    CHECK(cudaFree(block_sums));
    CHECK(cudaFree(total));
    return 0;
}
