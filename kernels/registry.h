/* The variant registry: one entry per variant, built from variants.def. */
#ifndef MMPROF_REGISTRY_H
#define MMPROF_REGISTRY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum family { FAMILY_MATMUL, FAMILY_TRANSPOSE };

enum variant_kind {
    KIND_MM_NAIVE,
    KIND_MM_TILED,
    KIND_MM_COARSE,
    KIND_MM_REGTILE,
    KIND_MM_CPU,
    KIND_TR_COPY,
    KIND_TR_COPY_SHARED,
    KIND_TR_NAIVE,
    KIND_TR_COALESCED,
};

/* Problem shape. Matmul: C[m x n] = A[m x k] * B[k x n], row-major.
 * Transpose: out[n x m] = in[m x n]^T (m rows, n cols); k is 0. */
struct shape {
    long m, n, k;
};

struct variant {
    const char *name;
    enum family family;
    enum variant_kind kind;
    int bs;          /* matmul: thread block is bs x bs */
    int rx, ry;      /* matmul: outputs per thread along a row (x) and a column (y) of C */
    int tile_dim;    /* transpose: square tile side */
    int block_rows;  /* transpose: thread block is tile_dim x block_rows */
    int pad;         /* transpose: words of padding per shared-memory row */
    const char *seed;    /* which seed experiment the variant reproduces */
    const char *summary; /* one line for `mmprof list` */
};

const struct variant *registry_all(size_t *count);
const struct variant *registry_find(const char *name);
const char *family_name(enum family f);
int family_parse(const char *s, enum family *out);

/* "bs=16;rx=4;ry=4" style parameter string; returns buf. */
char *variant_params(const struct variant *v, char *buf, size_t len);

/* 1 when the variant runs on the GPU (everything but the CPU baseline). */
int variant_on_gpu(const struct variant *v);

#ifdef __cplusplus
}
#endif

#endif
