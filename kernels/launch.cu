/* Dispatch from a registry entry to its kernel: which __global__ function,
 * what geometry, and the launch itself. The per-family look-ups live in the
 * family files (families.h); this file only knows the two signatures. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
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
    case KIND_MM_BT2D:
    case KIND_MM_VEC:
    case KIND_MM_WARPTILE:
        return mm_road_kernel(v);
    default:
        return NULL;
    }
}

/* Loads the tune table once, the first time `best` needs a tile (it needs
 * the GPU's name for the default path). A bad table is reported once and
 * the default tile used: a launch must not fail over a cache file. */
static void best_tune_once(void)
{
    static int done;
    char why[512] = "";
    int dev = 0;
    struct cudaDeviceProp prop;
    if (done)
        return;
    done = 1;
    const char *name = "unknown";
    if (cudaGetDevice(&dev) == cudaSuccess && cudaGetDeviceProperties(&prop, dev) == cudaSuccess)
        name = prop.name;
    else
        cudaGetLastError(); /* no device: the default tile; the launch itself will say why */
    if (best_tune_autoload(name, why, sizeof why) != 0)
        fprintf(stderr, "mmprof: warning: %s; best uses its default tile %s\n", why, best_config_default()->name);
}

extern "C" const struct best_config *variant_best_config(const struct shape *s)
{
    best_tune_once();
    return s ? best_config_for(s) : best_config_default();
}

/* The kernel of v at shape s (s only matters for best); NULL for the CPU
 * and cuBLAS. */
static mm_kernel_fn mm_kernel_at(const struct variant *v, const struct shape *s)
{
    if (v->kind == KIND_MM_BEST)
        return mm_best_kernel(variant_best_config(s));
    return mm_kernel(v);
}

extern "C" const void *variant_kernel_at(const struct variant *v, const struct shape *s)
{
    if (!variant_is_kernel(v))
        return NULL;
    if (v->family == FAMILY_TRANSPOSE)
        return (const void *)tr_kernel(v);
    return (const void *)mm_kernel_at(v, s);
}

extern "C" const void *variant_kernel(const struct variant *v)
{
    return variant_kernel_at(v, NULL);
}

extern "C" char *variant_params_at(const struct variant *v, const struct shape *s, char *buf, size_t len)
{
    variant_params(v, buf, len);
    if (v->kind == KIND_MM_BEST && s) {
        const struct best_config *c = variant_best_config(s);
        /* the tile that actually runs at s: its bs/rx/ry and its name */
        snprintf(buf, len, "bs=%d;rx=%d;ry=%d;config=%s", BEST_BLOCK_SIDE, c->bn / BEST_BLOCK_SIDE,
                 c->bm / BEST_BLOCK_SIDE, c->name);
    }
    return buf;
}

extern "C" const char *variant_last_error_detail(const struct variant *v)
{
    return v->kind == KIND_MM_CUBLAS ? cublas_last_error() : "";
}

extern "C" void variant_geometry(const struct variant *v, const struct shape *s,
                                 struct launch_geometry *g)
{
    memset(g, 0, sizeof *g);
    if (!variant_is_kernel(v))
        return; /* the CPU, or cuBLAS, which picks its own launches */
    g->grid[2] = g->block[2] = 1;
    if (v->family == FAMILY_TRANSPOSE) {
        /* one tile per block, tile_dim rows x tile_dim*vec columns of the
         * input; the copies keep the input's shape */
        g->block[0] = (unsigned)v->tile_dim;
        g->block[1] = (unsigned)v->block_rows;
        g->grid[0] = ceil_div(s->n, (long)v->tile_dim * variant_vec(v));
        g->grid[1] = ceil_div(s->m, v->tile_dim);
        return;
    }
    if (v->kind == KIND_MM_BEST) {
        const struct best_config *c = variant_best_config(s);
        g->block[0] = g->block[1] = BEST_BLOCK_SIDE;
        g->grid[0] = ceil_div(s->n, c->bn);
        g->grid[1] = ceil_div(s->m, c->bm);
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

    if (v->kind == KIND_MM_CUBLAS)
        return cublas_sgemm_rowmajor(a->a, a->b, a->c, m, n, k, stream);
    if (v->family == FAMILY_TRANSPOSE) {
        tr_kernel_fn f = tr_kernel(v);
        if (f == NULL)
            return cudaErrorInvalidDeviceFunction;
        f<<<grid, block, g.dyn_smem_bytes, stream>>>(a->a, a->c, m, n);
    } else {
        mm_kernel_fn f = mm_kernel_at(v, &a->shape);
        if (f == NULL)
            return cudaErrorInvalidDeviceFunction;
        f<<<grid, block, g.dyn_smem_bytes, stream>>>(a->a, a->b, a->c, m, n, k);
    }
    return cudaGetLastError();
}
