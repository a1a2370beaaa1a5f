/* The global-memory traffic of the `best` matmul (matmul_best.cu), counted
 * warp instruction by warp instruction with the kernel's own index
 * expressions and guards at the real row pitches: what the L1TEX T-stage
 * counters (requests, sectors) and the SASS byte counters see. Host code
 * only; theory_matmul.c builds best's model on it. */
#ifndef MMPROF_BEST_TRAFFIC_H
#define MMPROF_BEST_TRAFFIC_H

#include "model/best_config.h"
#include "model/registry.h"

/* One direction (loads or stores) over a whole launch. */
struct best_side {
    double words;    /* 4-byte words the lanes read or write (thread level, none twice within a request) */
    double requests; /* warp instructions with at least one lane that touches memory */
    double sectors;  /* distinct 32-byte sectors per request, summed over the requests */
};

struct best_traffic {
    struct best_side ld; /* cp.async (LDGSTS) copies of A and B */
    struct best_side st; /* the stores of C */
};

/* Fills t for tile c at shape s (M, N, K >= 1). The matrices start 32-byte
 * aligned (cudaMalloc'd); B moves in 16-byte copies and C in 16-byte stores
 * when N % 4 == 0, else word by word, as the kernel decides. */
void best_traffic(const struct best_config *c, const struct shape *s, struct best_traffic *t);

#endif
