#include "reports/cells.h"

#include <math.h>
#include <string.h>

#include "reports/fmt.h"

int cell_status(struct grid *g, size_t r, size_t col, const struct analysis_row *row)
{
    if (row && strcmp(row->status, "ok") == 0)
        return 1;
    grid_set(g, r, col, "%s", row ? row->status : FMT_NONE);
    grid_flag(g, r, col, CELL_MUTED);
    return 0;
}

void cell_estimate(struct grid *g, size_t r, size_t col, const char *value)
{
    grid_set(g, r, col, "%s " CELL_ESTIMATE_MARK, value);
}

size_t best_index(const double *v, size_t n, int lowest)
{
    size_t best = n;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i]))
            continue;
        if (best == n || (lowest ? v[i] < v[best] : v[i] > v[best]))
            best = i;
    }
    return best;
}

void cell_mark_best(struct grid *g, size_t r, size_t first_col, const double *v, size_t n, int lowest)
{
    size_t candidates = 0;
    for (size_t i = 0; i < n; i++)
        candidates += isfinite(v[i]) != 0;
    size_t b = best_index(v, n, lowest);
    if (candidates > 1) /* a lone value is not "the best" of anything */
        grid_flag(g, r, first_col + b, CELL_BEST);
}

void cell_values(struct grid *g, size_t r, size_t first_col, const struct analysis_row *const *rows, size_t n,
                 double (*value)(const struct analysis_row *), int sig, int lowest, double *v)
{
    char buf[FMT_LEN];
    for (size_t i = 0; i < n; i++) {
        v[i] = cell_status(g, r, first_col + i, rows[i]) ? value(rows[i]) : NAN;
        if (!isnan(v[i]))
            grid_set(g, r, first_col + i, "%s", fmt_sig(buf, v[i], sig));
    }
    cell_mark_best(g, r, first_col, v, n, lowest);
}
