/* Dispatch from a registry entry to its kernel: which __global__ function,
 * what geometry, and the launch itself. The per-family look-ups live in the
 * family files (families.h); this file only knows the two signatures. */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "kernels/registry.h"

#include "kernels/common.cuh"
#include "kernels/families.h"
#include "kernels/launch.h"

static mm_kernel_fn mm_kernel(const struct variant *v)
{
    switch (v->kind) {
    case KIND_MM_NAIVE:
        return mm_naive_kernel(v);
    case KIND_MM_TILED:
        return mm_tiled_kernel(v);
    case KIND_MM_COARSE:
        return mm_coarse_kernel(v);
    case KIND_MM_REGTILE:
        return mm_regtile_kernel(v);
    default:
        return NULL;
    }
}

extern "C" const void *variant_kernel(const struct variant *v)
{
    if (!variant_on_gpu(v))
        return NULL;
    if (v->family == FAMILY_TRANSPOSE)
        return (const void *)tr_kernel(v);
    return (const void *)mm_kernel(v);
}

extern "C" void variant_geometry(const struct variant *v, const struct shape *s,
                                 struct launch_geometry *g)
{
    memset(g, 0, sizeof *g);
    if (!variant_on_gpu(v))
        return;
    g->grid[2] = g->block[2] = 1;
    if (v->family == FAMILY_TRANSPOSE) {
        /* one tile per block; the copies keep the input's shape */
        g->block[0] = (unsigned)v->tile_dim;
        g->block[1] = (unsigned)v->block_rows;
        g->grid[0] = ceil_div(s->n, v->tile_dim);
        g->grid[1] = ceil_div(s->m, v->tile_dim);
        return;
    }
    /* Every matmul kind is a bs x bs block covering bs*ry rows x bs*rx
     * columns of C (naive and tiled have rx = ry = 1, coarse ry = 1). */
    g->block[0] = g->block[1] = (unsigned)v->bs;
    g->grid[0] = ceil_div(s->n, (long)v->bs * v->rx);
    g->grid[1] = ceil_div(s->m, (long)v->bs * v->ry);
}

/* The kernels index with int (as the seeds do, keeping their instruction
 * mix): refuse shapes whose matrices do not fit that. */
static int shape_fits_int(const struct variant *v, const struct shape *s)
{
    long k = v->family == FAMILY_MATMUL ? s->k : 1;
    if (s->m < 1 || s->n < 1 || k < 1)
        return 0;
    if (s->m > INT_MAX / s->n || s->m > INT_MAX / k || k > INT_MAX / s->n)
        return 0;
    return 1;
}

extern "C" cudaError_t variant_launch(const struct variant *v, const struct launch_args *a,
                                      cudaStream_t stream)
{
    if (!variant_on_gpu(v) || !shape_fits_int(v, &a->shape))
        return cudaErrorInvalidValue;
    struct launch_geometry g;
    variant_geometry(v, &a->shape, &g);
    dim3 grid(g.grid[0], g.grid[1], g.grid[2]);
    dim3 block(g.block[0], g.block[1], g.block[2]);
    int m = (int)a->shape.m, n = (int)a->shape.n, k = (int)a->shape.k;

    if (v->family == FAMILY_TRANSPOSE) {
        tr_kernel_fn f = tr_kernel(v);
        if (f == NULL)
            return cudaErrorInvalidDeviceFunction;
        f<<<grid, block, g.dyn_smem_bytes, stream>>>(a->a, a->c, m, n);
    } else {
        mm_kernel_fn f = mm_kernel(v);
        if (f == NULL)
            return cudaErrorInvalidDeviceFunction;
        f<<<grid, block, g.dyn_smem_bytes, stream>>>(a->a, a->b, a->c, m, n, k);
    }
    return cudaGetLastError();
}
