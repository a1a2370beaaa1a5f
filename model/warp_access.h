/* The warp address model behind the theory's coalescing and bank-conflict
 * figures, for any kernel family: a kernel is described by the index
 * expressions of its warp 0's global and shared accesses, and the distinct
 * 32-byte sectors and shared-memory banks of each request are counted from
 * the generated addresses rather than tabulated by hand. Host code only.
 *
 * Every access family here describes one warp instruction repeated ny x nx
 * times per thread; `words` is the thread-level words the family moves over
 * the whole launch, which scales the per-request figures to launch totals. */
#ifndef MMPROF_MODEL_WARP_ACCESS_H
#define MMPROF_MODEL_WARP_ACCESS_H

#include "model/theory.h"

enum { WARP_LANES = 32, SECTOR_WORDS = 8, SHARED_BANKS = 32, MAX_ACCESSES = 2, MAX_VEC = 4 };
#define MAX_WORDS (WARP_LANES * MAX_VEC)

/* Rows of a global matrix in the ideal-warp model: 32-byte aligned and
 * farther apart than any tile, so two rows never share a sector. */
#define ALIGNED_ROW_WORDS 65536L

/* Shared-memory layouts that permute a row's columns (kernels beyond the
 * seeds): the physical column of logical (row, col). */
enum swizzle {
    SWZ_NONE,
    SWZ_WORD_XOR_ROW,  /* col ^ (row % 32): tr_swizzled */
    SWZ_F4_XOR_ROW4,   /* float4 index col/4 XOR (row/4) % 8: tr_vectorized */
};

/* One family of warp instructions: lane (tx, ty) touches the word
 * row * stride + col, with row = rtx*tx + rty*ty + y*ystep and
 * col = ctx*tx + cty*ty + x*xstep, once per (y, x) of the kernel's unrolled
 * loops (y < ny, x < nx); every (y, x) is one request. The fields after
 * `words` default to 0 (the seeds' kernels): vec words per lane (16-byte
 * accesses: 4 consecutive words), a lane grid of bdx columns instead of the
 * block's (lane l is tx = l % bdx, ty = l / bdx: kernels that flatten the
 * thread index), and a swizzled shared layout. */
struct access {
    int rtx, rty, ny, ystep;
    int ctx, cty, nx, xstep;
    long stride;
    double words; /* thread-level words this family moves in the whole launch */
    int vec;      /* words per lane per access; 0 = 1 */
    int bdx;      /* lane grid width; 0 = the block's x extent */
    enum swizzle swz;
};

/* Shape of warp 0: the block's x extent and how many lanes it has. */
struct warp {
    int bdx;
    int lanes;
};

/* Everything the sector and bank counts need about one kernel. */
struct kernel_model {
    struct warp warp;
    struct access gld[MAX_ACCESSES];
    int ngld;
    struct access gst;
    struct access sld[MAX_ACCESSES];
    int nsld;
    struct access sst[MAX_ACCESSES];
    int nsst;
};


struct warp warp_of(int bdx, int bdy);

/* An access family of warp 0: see struct access. */
struct access pattern(int rtx, int rty, int ny, int ystep, int ctx, int cty, int nx, int xstep, long stride,
                      double words);

/* The same, for a kernel that flattens its thread index (lane grid bdx
 * wide), with vec words per lane and a shared layout. */
struct access pattern_v(int bdx, int vec, enum swizzle swz, int rtx, int rty, int ny, int ystep, int ctx, int cty,
                        int nx, int xstep, long stride, double words);

/* Bank conflicts of the kernel's shared-memory accesses into t. */
void apply_shared(const struct kernel_model *k, struct theory *t);

/* Ideal coalescing of the global accesses (sectors per request, sectors,
 * distinct words), then the shared side, into t. */
void apply_model(const struct kernel_model *k, struct theory *t);

#endif
