#include "analysis/finding_values.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/verdict.h"

/* The highest and second-highest units' %. */
static void top_two(const struct analysis_row *r, double *first, double *second, int *second_unit)
{
    *first = *second = NAN;
    *second_unit = -1;
    int top = -1;
    for (int u = 0; u < SOL_UNITS; u++)
        if (isfinite(r->sol_pct[u]) && (top < 0 || r->sol_pct[u] > r->sol_pct[top]))
            top = u;
    for (int u = 0; u < SOL_UNITS; u++)
        if (u != top && isfinite(r->sol_pct[u]) && (*second_unit < 0 || r->sol_pct[u] > r->sol_pct[*second_unit]))
            *second_unit = u;
    if (top >= 0)
        *first = r->sol_pct[top];
    if (*second_unit >= 0)
        *second = r->sol_pct[*second_unit];
}

/* unit's % over the highest's, at most 1. */
static double share(const struct analysis_row *r, double unit_pct)
{
    double first, second;
    int u2;
    top_two(r, &first, &second, &u2);
    return first > 0 ? fmin(1.0, unit_pct / first) : NAN;
}

static double memory_share(const struct analysis_row *r)
{
    return share(r, fmax(fmax(r->sol_pct[SOL_DRAM], r->sol_pct[SOL_L2]), r->sol_pct[SOL_L1_SHARED]));
}

static double latency_gain(const struct analysis_row *r)
{
    double first, second;
    int u2;
    top_two(r, &first, &second, &u2);
    return first >= 0 ? fmax(0.0, 100.0 - first) : NAN;
}

/* Sectors beyond the bytes the threads asked for / all global sectors. */
static double waste_gain(const struct analysis_row *r, int stores)
{
    const struct measured *m = &r->ms;
    double sectors = stores ? m->gst_sectors : m->gld_sectors, words = stores ? m->gst_words : m->gld_words;
    double all = m->gld_sectors + m->gst_sectors;
    if (!(all > 0) || isnan(words))
        return NAN;
    double excess = fmax(0.0, sectors - words / 8.0);
    return 100.0 * excess / all * memory_share(r);
}

static double l1_shared_bytes(const struct measured *m)
{
    return m->l1_bytes + SOL_SHARED_WAVEFRONT_BYTES * m->shared_wavefronts;
}

static double local_bytes(const struct measured *m)
{
    return fmax(0.0, m->l1_bytes - 32.0 * (m->gld_sectors + m->gst_sectors));
}

static double wave_gain(const struct analysis_row *r)
{
    double waves = r->geo.waves;
    if (!(waves > 0) && r->geo.grid_blocks > 0 && r->geo.sm_count > 0 && r->geo.grid_blocks < r->geo.sm_count)
        waves = r->geo.grid_blocks / r->geo.sm_count; /* at least one block per SM fits */
    return waves > 0 ? 100.0 * (1.0 - waves / ceil(waves)) : NAN;
}

static double numeric(const struct analysis_row *r, const char *name)
{
    const struct measured *m = &r->ms;
    double first, second;
    int u2;
    top_two(r, &first, &second, &u2);
    if (strcmp(name, "headroom_gain_pct") == 0)
        return first > 0 ? 100.0 * (1.0 - second / first) : NAN;
    if (strcmp(name, "latency_gain_pct") == 0)
        return latency_gain(r);
    if (strcmp(name, "occupancy_gain_pct") == 0)
        return latency_gain(r) * (1.0 - r->geo.theoretical_occupancy_pct / 100.0);
    if (strcmp(name, "ld_waste_gain_pct") == 0 || strcmp(name, "st_waste_gain_pct") == 0)
        return waste_gain(r, name[0] == 's');
    if (strcmp(name, "bank_gain_pct") == 0)
        return 100.0 * SOL_SHARED_WAVEFRONT_BYTES * m->shared_conflict_wavefronts / l1_shared_bytes(m) *
               share(r, r->sol_pct[SOL_L1_SHARED]);
    if (strcmp(name, "wave_gain_pct") == 0)
        return wave_gain(r);
    if (strcmp(name, "fma_gain_pct") == 0)
        return 100.0 * fmin(m->fadd, m->fmul) / (m->fadd + m->fmul + m->ffma) * share(r, r->sol_pct[SOL_FP32]);
    if (strcmp(name, "launch_gain_pct") == 0)
        return m->runtime_ms > 0 ? 100.0 * fmax(0.0, m->runtime_ms - m->counter_ms) / m->runtime_ms : NAN;
    if (strcmp(name, "local_bytes_pct") == 0)
        return m->l1_bytes > 0 ? 100.0 * local_bytes(m) / m->l1_bytes : NAN;
    if (strcmp(name, "local_gain_pct") == 0)
        return m->l1_bytes > 0 ? 100.0 * local_bytes(m) / m->l1_bytes * memory_share(r) : NAN;
    if (strcmp(name, "ld_ideal_sectors_per_request") == 0)
        return m->gld_requests > 0 ? fmax(1.0, m->gld_words / 8.0 / m->gld_requests) : NAN;
    if (strcmp(name, "st_ideal_sectors_per_request") == 0)
        return m->gst_requests > 0 ? fmax(1.0, m->gst_words / 8.0 / m->gst_requests) : NAN;
    if (strcmp(name, "has_flops") == 0)
        return m->flops_executed > 0 ? 1 : 0; /* 0 also when not measured */
    if (strcmp(name, "grid_per_sm") == 0)
        return r->geo.sm_count > 0 ? r->geo.grid_blocks / r->geo.sm_count : NAN;
    if (strcmp(name, "sol_second_pct") == 0)
        return second;
    return INFINITY; /* not one of ours */
}

int finding_value(const struct analysis_row *r, const char *name, double *num, const char **text)
{
    static _Thread_local char note[256];
    if (strcmp(name, "stall_note") == 0) {
        verdict_stall_note(r, note, sizeof note);
        *text = note;
        return 1;
    }
    if (strcmp(name, "sol_second_unit") == 0) {
        double first, second;
        int u2;
        top_two(r, &first, &second, &u2);
        *text = u2 >= 0 ? sol_unit_name((enum sol_unit)u2) : "";
        return 1;
    }
    double v = numeric(r, name);
    if (isinf(v) && v > 0)
        return -1;
    *num = v;
    return 0;
}
