#include "plots/roof_check.h"

#include <math.h>
#include <stdio.h>

#include "common/util.h"

static int check_point(const struct roofs *roofs, const struct plot_row *r, enum level l)
{
    char which[128], shape[64];
    double x = r->intensity[l];
    double roof = roof_at(roofs, l, x, which, sizeof which);
    if (isnan(roof) || !(r->gflop_s > roof * (1 + 1e-9)))
        return 0;
    row_shape_text(r, shape, sizeof shape);
    msg_warn("plot: %s %s is above its roof: the %s point (%.4g GFLOP/s at %.4g FLOP/byte) is %.1f %% above "
             "the %s, which allows %.4g GFLOP/s there; check the row's counters and time, and the ceilings "
             "in run.json",
             r->variant, shape, level_name(l), r->gflop_s, x, 100 * (r->gflop_s / roof - 1), which, roof);
    return 1;
}

int roof_check(const struct plot_data *d)
{
    int n = 0;
    for (size_t i = 0; i < d->nrows; i++) {
        const struct plot_row *r = &d->rows[i];
        if (!row_ok(r) || !isfinite(r->gflop_s))
            continue;
        for (int l = 0; l < LEVEL_COUNT; l++)
            n += check_point(&d->roofs, r, (enum level)l);
    }
    return n;
}
