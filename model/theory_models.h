/* The theory models the kinds table names (model/kinds.def, column
 * `theory`), one per kernel design, split by family: theory_matmul.c and
 * theory_transpose.c. Private to model/.
 *
 * theory_of (theory.c) calls a model after it has set every field to NaN
 * (counts to 0), checked the shape, and, for matmuls, filled the FLOPs,
 * compulsory bytes and stores every matmul has (theory_matmul_common); it
 * derives the CGMAs and the cp.async flag from the result and the row. A
 * model fills what its kernel design determines and leaves the rest NaN. */
#ifndef MMPROF_MODEL_THEORY_MODELS_H
#define MMPROF_MODEL_THEORY_MODELS_H

#include "model/theory.h"

/* FLOPs (2MNK), compulsory bytes and global stores (MN) of any matmul. */
void theory_matmul_common(const struct shape *s, struct theory *t);

void theory_mm_naive(const struct variant *v, const struct shape *s, struct theory *t);
/* Shared-memory tiles with rx x ry outputs per thread: the classic tiled
 * kernel (rx = ry = 1), its double-buffered form, seed 003's register tiles. */
void theory_mm_shared_tiles(const struct variant *v, const struct shape *s, struct theory *t);
void theory_mm_coarse(const struct variant *v, const struct shape *s, struct theory *t);
void theory_mm_road(const struct variant *v, const struct shape *s, struct theory *t);
void theory_mm_best(const struct variant *v, const struct shape *s, struct theory *t);
/* The CPU baseline and a library call: only what any implementation must do. */
void theory_mm_cpu(const struct variant *v, const struct shape *s, struct theory *t);
void theory_mm_library(const struct variant *v, const struct shape *s, struct theory *t);

void theory_transpose(const struct variant *v, const struct shape *s, struct theory *t);

#endif
