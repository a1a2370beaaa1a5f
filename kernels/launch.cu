/* Dispatch from a registry entry to its kernel through the kernel table
 * (kernel_table.h): which __global__ function, and the launch itself. The
 * table is indexed by kind; this file knows the two signatures and the
 * kinds' flags, never a kind by name. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kernels/kernel_table.h"
#include "kernels/launch.h"
#include "model/launch_geometry.h"

#define KIND(id, ...) &kernels_##id,
static const struct kind_kernels *const kernel_table[KIND_COUNT] = {
#include "model/kinds.def"
};

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

/* Index of configuration c in best_configs order. */
static size_t config_index(const struct best_config *c)
{
    size_t n;
    return (size_t)(c - best_configs(&n));
}

extern "C" const void *variant_kernel_at(const struct variant *v, const struct shape *s)
{
    const struct kind_kernels *kk = kernel_table[v->kind];
    if (!variant_is_kernel(v) || !kk->kernel)
        return NULL;
    if (kind_of(v)->flags & KF_TUNED)
        return kk->kernel(config_index(variant_best_config(s)));
    return kk->kernel((size_t)v->instance);
}

extern "C" const void *variant_kernel(const struct variant *v)
{
    return variant_kernel_at(v, NULL);
}

extern "C" char *variant_params_at(const struct variant *v, const struct shape *s, char *buf, size_t len)
{
    variant_params(v, buf, len);
    if ((kind_of(v)->flags & KF_TUNED) && s) {
        const struct best_config *c = variant_best_config(s);
        /* the tile that actually runs at s: its bs/rx/ry (bs the block's x
         * extent; its threads are the row's threads_per_block) and its name */
        snprintf(buf, len, "bs=%d;rx=%d;ry=%d;config=%s", BEST_BLOCK_SIDE, c->bn / BEST_BLOCK_SIDE,
                 c->bm / BEST_BLOCK_SIDE, c->name);
    }
    return buf;
}

extern "C" const char *variant_last_error_detail(const struct variant *v)
{
    const struct kind_kernels *kk = kernel_table[v->kind];
    return kk->last_error ? kk->last_error() : "";
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

extern "C" cudaError_t kernel_opt_in_shared(const void *fn, const struct launch_geometry *g)
{
    if (g->dyn_smem_bytes <= SHARED_WITHOUT_OPT_IN_BYTES)
        return cudaSuccess;
    return cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)g->dyn_smem_bytes);
}

extern "C" cudaError_t variant_launch(const struct variant *v, const struct launch_args *a,
                                      cudaStream_t stream)
{
    if (!variant_on_gpu(v) || !shape_fits_int(v, &a->shape))
        return cudaErrorInvalidValue;
    const struct kind_kernels *kk = kernel_table[v->kind];
    if (kk->library)
        return kk->library(a, stream);
    /* the kernel first: for a tuned kind it loads the tune table the
     * geometry then reads */
    const void *fn = variant_kernel_at(v, &a->shape);
    if (fn == NULL)
        return cudaErrorInvalidDeviceFunction;
    struct launch_geometry g;
    variant_geometry(v, &a->shape, &g);
    cudaError_t err = kernel_opt_in_shared(fn, &g);
    if (err != cudaSuccess)
        return err;
    dim3 grid(g.grid[0], g.grid[1], g.grid[2]);
    dim3 block(g.block[0], g.block[1], g.block[2]);
    int m = (int)a->shape.m, n = (int)a->shape.n, k = (int)a->shape.k;
    if (v->family == FAMILY_TRANSPOSE)
        ((tr_kernel_fn)fn)<<<grid, block, g.dyn_smem_bytes, stream>>>(a->a, a->c, m, n);
    else
        ((mm_kernel_fn)fn)<<<grid, block, g.dyn_smem_bytes, stream>>>(a->a, a->b, a->c, m, n, k);
    return cudaGetLastError();
}
