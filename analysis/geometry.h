/* Launch geometry, as seed 003 worked it out by hand: how many waves of
 * blocks the grid makes on this GPU, how full the last one is, and the
 * smallest square problem that gives every SM its full load of blocks. */
#ifndef MMPROF_ANALYSIS_GEOMETRY_H
#define MMPROF_ANALYSIS_GEOMETRY_H

#include <stddef.h>

#include "common/table.h"
#include "model/registry.h"

struct geometry {
    double threads_per_block, grid_blocks, regs_per_thread, smem_bytes_per_block;
    double blocks_per_sm; /* occupancy API, from results.csv */
    double theoretical_occupancy_pct;
    char limiter[32]; /* threads | registers | shared | blocks, "" when unknown */
    double sm_count;
    double waves;              /* grid_blocks / (sm_count * blocks_per_sm) */
    double last_wave_util_pct; /* block slots the last wave fills */
    double fill_square_n;      /* smallest n: an n x n (x n) problem fills every slot */
};

/* Block slots of the GPU: sm_count * blocks_per_sm (NaN when unknown). */
double geometry_slots(double sm_count, double blocks_per_sm);
double geometry_waves(double grid_blocks, double slots);
double geometry_last_wave_util_pct(double grid_blocks, double slots);
/* Smallest n whose square shape (n x n x n, or n x n for transposes) launches
 * at least `slots` blocks; NaN when v is NULL, the CPU, or slots unknown. */
double geometry_fill_square_n(const struct variant *v, double slots);

void geometry_from_row(const struct table *t, size_t row, const struct variant *v, double sm_count,
                       struct geometry *g);

#endif
