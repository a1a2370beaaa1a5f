#include "analysis/geometry.h"

#include <math.h>
#include <stdio.h>

#include "model/theory.h"

/* Past this a square problem no longer fits in any GPU's memory. */
#define FILL_SEARCH_MAX_N (1L << 22)

double geometry_slots(double sm_count, double blocks_per_sm)
{
    if (isnan(sm_count) || isnan(blocks_per_sm) || sm_count < 1 || blocks_per_sm < 1)
        return NAN;
    return sm_count * blocks_per_sm;
}

double geometry_waves(double grid_blocks, double slots)
{
    return isnan(slots) || isnan(grid_blocks) || grid_blocks < 1 ? NAN : grid_blocks / slots;
}

/* 100 % when the grid is a whole number of waves; otherwise the share of
 * slots the last, partial wave keeps busy (the tail effect). */
double geometry_last_wave_util_pct(double grid_blocks, double slots)
{
    double waves = geometry_waves(grid_blocks, slots);
    if (isnan(waves))
        return NAN;
    double tail = fmod(grid_blocks, slots);
    return tail == 0 ? 100 : 100 * tail / slots;
}

static long blocks_at(const struct variant *v, long n)
{
    struct shape s = {n, n, v->family == FAMILY_TRANSPOSE ? 0 : n};
    return theory_grid_blocks(v, &s);
}

double geometry_fill_square_n(const struct variant *v, double slots)
{
    if (!v || !variant_on_gpu(v) || isnan(slots) || blocks_at(v, FILL_SEARCH_MAX_N) < slots)
        return NAN;
    long lo = 1, hi = FILL_SEARCH_MAX_N; /* blocks grow with n: bisect */
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (blocks_at(v, mid) >= slots)
            hi = mid;
        else
            lo = mid + 1;
    }
    return (double)lo;
}

static double col_num(const struct table *t, size_t row, const char *name)
{
    return table_num(t, row, table_col(t, name));
}

void geometry_from_row(const struct table *t, size_t row, const struct variant *v, double sm_count,
                       struct geometry *g)
{
    g->threads_per_block = col_num(t, row, "threads_per_block");
    g->grid_blocks = col_num(t, row, "grid_blocks");
    g->regs_per_thread = col_num(t, row, "regs_per_thread");
    g->smem_bytes_per_block = col_num(t, row, "smem_bytes_per_block");
    g->blocks_per_sm = col_num(t, row, "blocks_per_sm");
    g->theoretical_occupancy_pct = col_num(t, row, "theoretical_occupancy_pct");
    snprintf(g->limiter, sizeof g->limiter, "%s", table_str(t, row, table_col(t, "limiter")));
    g->sm_count = sm_count;
    double slots = geometry_slots(sm_count, g->blocks_per_sm);
    g->waves = geometry_waves(g->grid_blocks, slots);
    g->last_wave_util_pct = geometry_last_wave_util_pct(g->grid_blocks, slots);
    g->fill_square_n = geometry_fill_square_n(v, slots);
}
