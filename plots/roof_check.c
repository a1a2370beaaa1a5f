#include "plots/roof_check.h"
#include "rundir/run_files.h"

#include <math.h>
#include <stdio.h>

#include "common/util.h"

static int check_point(const struct roofline *roofs, const struct plot_row *r, enum roof_level l)
{
    char which[128], shape[64];
    double x = r->intensity[l];
    struct roof_position at = roofline_position(roofs, l, x, r->gflop_s);
    if (!at.above_roof)
        return 0;
    roofline_roof_text(roofs, l, at.bound, which, sizeof which);
    row_shape_text(r, shape, sizeof shape);
    msg_warn("plot: %s %s is above its roof: the %s point (%.4g GFLOP/s at %.4g FLOP/byte) is %.1f %% above "
             "the %s, which allows %.4g GFLOP/s there; check the row's counters and time, and the ceilings "
             "in " RUN_JSON,
             r->variant, shape, roof_level_name(l), r->gflop_s, x, at.pct_of_roof - 100, which, at.roof_gflops);
    return 1;
}

int roof_check(const struct plot_data *d)
{
    char raised[1024];
    roofline_raised_text(&d->roofs, raised, sizeof raised);
    if (raised[0])
        msg_warn("plot: %s", raised);
    int n = 0;
    for (size_t i = 0; i < d->nrows; i++) {
        const struct plot_row *r = &d->rows[i];
        if (!row_ok(r) || !isfinite(r->gflop_s))
            continue;
        for (int l = 0; l < ROOF_LEVELS; l++)
            n += check_point(&d->roofs, r, (enum roof_level)l);
    }
    return n;
}
