#include "kernels/registry.h"

#include <stdio.h>
#include <string.h>

#define MM_NAIVE(nm, b) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_NAIVE, .bs = b, .rx = 1, .ry = 1, \
     .seed = "004,000", .summary = "one output per thread, global memory only"},
#define MM_TILED(nm, t) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_TILED, .bs = t, .rx = 1, .ry = 1, \
     .seed = "000,004", .summary = "shared-memory tiles, TILE_WIDTH = block width"},
#define MM_COARSE(nm, b, x) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_COARSE, .bs = b, .rx = x, .ry = 1, \
     .seed = "001", .summary = "tiled; each thread computes rx outputs TILE_WIDTH apart in a row"},
#define MM_REGTILE(nm, b, x, y) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_REGTILE, .bs = b, .rx = x, .ry = y, \
     .seed = "003", .summary = "tiled; each thread computes an rx x ry block of outputs"},
#define MM_CPU(nm) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_CPU, .rx = 1, .ry = 1, \
     .seed = "004", .summary = "CPU SGEMM from the system BLAS (OpenBLAS), all cores"},
#define MM_ROAD(nm, k, b, x, y) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_##k, .bs = b, .rx = x, .ry = y, \
     .seed = "beyond", .summary = mm_summary_##k},
#define MM_BEST(nm, b, x, y) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_BEST, .bs = b, .rx = x, .ry = y, \
     .seed = "beyond", .summary = "warp tiles, 8x16 outputs per thread, multi-stage cp.async pipeline; tile tuned per size (mmprof tune)"},
#define MM_CUBLAS(nm) \
    {.name = #nm, .family = FAMILY_MATMUL, .kind = KIND_MM_CUBLAS, .rx = 1, .ry = 1, \
     .seed = "beyond", .summary = "cublasSgemm, FP32 with TF32 off: the reference ceiling"},
#define TR(nm, k, td, br, p) \
    {.name = #nm, .family = FAMILY_TRANSPOSE, .kind = KIND_TR_##k, .tile_dim = td, \
     .block_rows = br, .pad = p, .vec = 1, .seed = "002", .summary = tr_summary_##k},
#define TR_FAST(nm, k, td, br, sw, vw, text) \
    {.name = #nm, .family = FAMILY_TRANSPOSE, .kind = KIND_TR_##k, .tile_dim = td, \
     .block_rows = br, .swizzle = sw, .vec = vw, .seed = "beyond", .summary = text},

static const char mm_summary_BT2D[] = "2D block tiling: 128x128 tile, 8x8 outputs per thread, scalar loads";
static const char mm_summary_VEC[] = "bt2d + 16-byte global and shared loads, A transposed in shared memory";
static const char mm_summary_WARPTILE[] = "vec + warp tiles (32x64 per warp, 4x4 sub-tiles), conflict-free stores";

static const char tr_summary_COPY[] = "copy through registers (bandwidth reference)";
static const char tr_summary_COPY_SHARED[] = "copy through a shared-memory tile";
static const char tr_summary_NAIVE[] = "transpose, coalesced reads, strided writes";
static const char tr_summary_COALESCED[] = "transpose through a shared-memory tile";

static const struct variant variants[] = {
#include "kernels/variants.def"
};

const struct variant *registry_all(size_t *count)
{
    *count = sizeof variants / sizeof variants[0];
    return variants;
}

const struct variant *registry_find(const char *name)
{
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        if (strcmp(variants[i].name, name) == 0)
            return &variants[i];
    return NULL;
}

const char *family_name(enum family f)
{
    return f == FAMILY_MATMUL ? "matmul" : "transpose";
}

int family_parse(const char *s, enum family *out)
{
    if (strcmp(s, "matmul") == 0) {
        *out = FAMILY_MATMUL;
        return 0;
    }
    if (strcmp(s, "transpose") == 0) {
        *out = FAMILY_TRANSPOSE;
        return 0;
    }
    return -1;
}

char *variant_params(const struct variant *v, char *buf, size_t len)
{
    if (v->family == FAMILY_TRANSPOSE) {
        /* the seeds' three fields always; the new ones only where they are set */
        char vec[16] = "";
        if (variant_vec(v) > 1)
            snprintf(vec, sizeof vec, ";vec=%d", variant_vec(v));
        snprintf(buf, len, "tile=%d;rows=%d;pad=%d%s%s", v->tile_dim, v->block_rows, v->pad,
                 v->swizzle ? ";swizzle=1" : "", vec);
    } else if (v->kind == KIND_MM_CPU)
        snprintf(buf, len, "cpu");
    else if (v->kind == KIND_MM_CUBLAS)
        snprintf(buf, len, "cublas;math=fp32");
    else
        snprintf(buf, len, "bs=%d;rx=%d;ry=%d", v->bs, v->rx, v->ry);
    return buf;
}

int variant_on_gpu(const struct variant *v)
{
    return v->kind != KIND_MM_CPU;
}

int variant_vec(const struct variant *v)
{
    return v->vec > 1 ? v->vec : 1;
}

int variant_is_kernel(const struct variant *v)
{
    return v->kind != KIND_MM_CPU && v->kind != KIND_MM_CUBLAS;
}
