/* The instances of every kind, one array per kind (kind_instances_<id>),
 * expanded from model/kinds.def. Included by the registry (C), which builds
 * the variants from them, and by the kernel files (CUDA C++), which
 * instantiate one kernel template per instance at compile time, so both
 * always agree on which variants exist and in which order. */
#ifndef MMPROF_MODEL_KIND_INSTANCES_H
#define MMPROF_MODEL_KIND_INSTANCES_H

#include <stddef.h>

#include "model/kind.h"

#ifdef __cplusplus
/* constexpr: the kernel files take template arguments from the rows */
#define KIND_INSTANCES_STORAGE inline constexpr
#else
#define KIND_INSTANCES_STORAGE static const
#endif

#define MM(n, b, x, y) {#n, b, x, y, 0, 0, 0, 0, 0, 0, NULL, NULL},
#define TR(n, g, td, br, p) {#n, 0, 0, 0, td, br, p, 0, 1, g, NULL, NULL},
#define TR_FAST(n, g, td, br, sw, vw, text) {#n, 0, 0, 0, td, br, 0, sw, vw, g, "beyond", text},
#define KIND(id, family, geometry, theory, reference, flags, rate, params, seed, summary, instances) \
    KIND_INSTANCES_STORAGE struct kind_instance kind_instances_##id[] = {instances};
#include "model/kinds.def"

/* Instances of kind id (a constant expression). */
#define KIND_INSTANCE_COUNT(id) (sizeof kind_instances_##id / sizeof kind_instances_##id[0])

#endif
