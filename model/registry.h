/* The variant registry: one entry per variant, expanded from the kinds table
 * (model/kinds.def) at first use. Host code only, no CUDA.
 *
 * Invariants: names are unique; entries never move once built (pointers to
 * them are identities); matmuls list before transposes, each kind's
 * instances in row order, transposes group by group (kinds.def). */
#ifndef MMPROF_REGISTRY_H
#define MMPROF_REGISTRY_H

#include <stddef.h>

#include "model/kind.h"

#ifdef __cplusplus
extern "C" {
#endif

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
    int swizzle;     /* transpose: 1 = shared tile columns XOR-swizzled instead of padded */
    int vec;         /* transpose: words per global access (1, or 4 = 16 bytes); a block's
                        tile is tile_dim rows x tile_dim * vec columns. 0 reads as 1. */
    const char *seed;    /* which seed experiment the variant reproduces */
    const char *summary; /* one line for `mmprof list` */
    int instance;        /* index among its kind's instances: the kernel table's index */
};

const struct variant *registry_all(size_t *count);
const struct variant *registry_find(const char *name);
const char *family_name(enum family f);
int family_parse(const char *s, enum family *out);

/* The kinds-table row of v. */
const struct kind *kind_of(const struct variant *v);

/* "bs=16;rx=4;ry=4" style parameter string; returns buf. */
char *variant_params(const struct variant *v, char *buf, size_t len);

/* 1 when the variant runs on the GPU (everything but the CPU baseline). */
int variant_on_gpu(const struct variant *v);

/* Words per global access of a transpose (vec, with 0 read as 1). */
int variant_vec(const struct variant *v);

/* 1 when the variant is one kernel of ours (not the CPU, not a library call):
 * it has a __global__ function, registers and a launch geometry. */
int variant_is_kernel(const struct variant *v);

#ifdef __cplusplus
}
#endif

#endif
