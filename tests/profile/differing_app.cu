/* A stand-in app that launches differently from one run to the next: under
 * `mmprof profile --replay-mode application`, its run for config image 1
 * (MMPROF_PROFILE_IMAGE, which mmprof sets) launches `other` where the first
 * run launched `second`. Without mmprof it behaves as the first run. */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__global__ void first(float *x) { x[threadIdx.x] += 1.0f; }
__global__ void second(float *x) { x[threadIdx.x] *= 2.0f; }
__global__ void other(float *x) { x[threadIdx.x] -= 3.0f; }

int main(void)
{
    const char *image = getenv("MMPROF_PROFILE_IMAGE");
    const int differ = image && strcmp(image, "1") == 0;
    float *x;
    if (cudaMalloc(&x, 32 * sizeof(float)) != cudaSuccess || cudaMemset(x, 0, 32 * sizeof(float)) != cudaSuccess)
        return 1;
    first<<<1, 32>>>(x);
    if (differ)
        other<<<1, 32>>>(x);
    else
        second<<<1, 32>>>(x);
    first<<<1, 32>>>(x);
    if (cudaDeviceSynchronize() != cudaSuccess)
        return 1;
    printf("differing_app: done\n");
    return cudaFree(x) == cudaSuccess ? 0 : 1;
}
