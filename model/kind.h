/* A kind: one row of model/kinds.def, everything mmprof knows about a family
 * of variants that share one kernel design (or one library call): where it
 * runs, its launch geometry, its theory model, the reference that verifies
 * it, its flags and its instances. Host code only, no CUDA.
 *
 * Invariants: kinds[i].id == i (the table is indexed by enum variant_kind);
 * every kind has at least one instance; a kind's instances all belong to its
 * family. */
#ifndef MMPROF_MODEL_KIND_H
#define MMPROF_MODEL_KIND_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum family { FAMILY_MATMUL, FAMILY_TRANSPOSE };

enum variant_kind {
#define KIND(id, ...) KIND_##id,
#include "model/kinds.def"
    KIND_COUNT
};

/* How a launch of the kind covers the problem (model/launch_geometry.c). */
enum kind_geometry { GEOM_NONE, GEOM_MM_TILE, GEOM_MM_TUNED, GEOM_TR_TILE };

/* The FP64 result a variant's output is compared with (REF_NONE: none yet,
 * for a workload's cache of the reference it holds). */
enum reference_kind { REF_NONE, REF_MATMUL, REF_TRANSPOSE, REF_COPY };

enum kind_flags {
    KF_CPU = 1 << 0,      /* runs on the host (the CPU baseline): no launch, no counters */
    KF_LIBRARY = 1 << 1,  /* a library call (cuBLAS): no kernel of ours, no geometry */
    KF_SHARED = 1 << 2,   /* stages operands in shared memory */
    KF_PADDED = 1 << 3,   /* edge tiles are zero-filled and multiplied: executed FLOPs
                             exceed 2*M*N*K when a dimension is not a tile multiple */
    KF_CP_ASYNC = 1 << 4, /* global loads are cp.async copies (LDGSTS), which only the
                             ..._op_ldgsts counters see */
    KF_TUNED = 1 << 5,    /* the tile is picked per shape (the tune table, model/best_config.h) */
};

/* One variant of a kind, as its row lists it (see kinds.def). seed and
 * summary are NULL where the kind's apply. */
struct kind_instance {
    const char *name;
    int bs, rx, ry;                      /* matmul */
    int tile_dim, block_rows, pad, swizzle, vec; /* transpose */
    int group;                           /* transposes: the set it lists in */
    const char *seed, *summary;
};

struct variant;
struct shape;
struct theory;

/* Fills the kind-specific part of t (model/theory_models.h). */
typedef void (*theory_model_fn)(const struct variant *v, const struct shape *s, struct theory *t);

struct kind {
    enum variant_kind id;
    const char *name; /* the row's id, e.g. "MM_TILED" */
    enum family family;
    enum kind_geometry geometry;
    theory_model_fn theory;
    enum reference_kind reference;
    unsigned flags;        /* enum kind_flags */
    double rate;           /* collect's speed guess: FLOP/s (matmul) or bytes/s (transpose) */
    const char *params;    /* fixed params text, or NULL */
    const char *seed;
    const char *summary;
    const struct kind_instance *instances;
    size_t ninstances;
};

/* The kinds table, indexed by enum variant_kind (count = KIND_COUNT). */
const struct kind *kind_table(size_t *count);
/* The row of kind k (k < KIND_COUNT). */
const struct kind *kind_row(enum variant_kind k);

#ifdef __cplusplus
}
#endif

#endif
