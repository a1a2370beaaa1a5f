/* What a user kernel computes, as its author declares it (docs/profile.md),
 * in one text whichever way it comes: an mmprof.h NVTX range in code, or a
 * line of a --model file. Words are KEY=VALUE, separated by spaces:
 *   kind=K       a kinds.def row: its id lowercased, whole (mm_tiled, tr_copy) or
 *                without the mm_/tr_ prefix (tiled, regtile, coalesced); the first
 *                row wins, so naive is the matmul and tr_naive the transpose
 *   T=, B=       the block / tile side (the row's bs, or a transpose's tile_dim)
 *   RX=, RY=     outputs per thread (regtile, coarse)
 *   ROWS=, PAD=  a transpose's block rows, words of padding per shared row
 *   variant=V    a registry variant by name instead of kind and parameters
 *   M=, N=, K=   the problem shape (K=0 for a transpose); needed with kind/variant
 *   flops=F      useful FLOPs; bytes=B  compulsory bytes (for any kernel)
 * A kind or variant gives the registry's theory (CGMA, words, sectors); flops
 * and bytes give intensity and the roofline point. Host C only. */
#ifndef MMPROF_PROFILE_DECL_H
#define MMPROF_PROFILE_DECL_H

#include <stddef.h>

#include "model/registry.h"
#include "profile/kernel_name.h"

struct kernel_decl {
    const struct variant *v; /* NULL when not declared by kind/variant */
    struct shape shape;      /* valid when v */
    double flops, bytes;     /* NaN when not given (then v's theory, if any) */
};

/* Parses one declaration; 0, or 2 with why naming the word and the fix. */
int decl_parse(const char *text, struct kernel_decl *d, char *why, size_t why_len);

/* The useful FLOPs and compulsory bytes of d: given ones first, else v's
 * theory at its shape; NaN where neither says. */
void decl_flops_bytes(const struct kernel_decl *d, double *flops, double *bytes);

/* A --model file: one "PATTERN: DECLARATION" per line (PATTERN as in
 * kernel_name.h, regex: included; the last ": " splits), '#' comments and
 * blank lines ignored. */
struct decl_model_line {
    struct kernel_pattern pattern;
    struct kernel_decl decl;
};

struct decl_model {
    struct decl_model_line *lines;
    size_t n;
};

/* 0; 2 with why ("FILE:LINE: ...") for a bad line or a file that cannot be
 * opened (bad input); 1 for a read error or no memory. */
int decl_model_load(struct decl_model *m, const char *path, char *why, size_t why_len);
void decl_model_free(struct decl_model *m);
/* The first line matching the kernel, or NULL. */
const struct kernel_decl *decl_model_find(const struct decl_model *m, const char *mangled,
                                          const char *demangled);

#endif
