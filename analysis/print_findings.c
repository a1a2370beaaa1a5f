/* `mmprof analyze --findings`: one paragraph per kernel with its finding and
 * next step, then the check of the next steps against this run; lines
 * wrapped within 120 columns. */
#include <math.h>
#include <stdio.h>

#include "analysis/analysis.h"
#include "analysis/next_step.h"
#include "common/wrap.h"

int analysis_print_findings(const struct analysis *a, const struct roofline *roof, FILE *f, char *err,
                            size_t err_len)
{
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        struct next_step s;
        int fired = next_step_for(a, roof, i, &s, err, err_len);
        if (fired < 0)
            return -1;
        if (!fired)
            continue;
        char size[64], text[2048];
        snprintf(text, sizeof text, "%s %s: %s.", r->variant, analysis_row_size(r, size, sizeof size), s.finding);
        wrap_print(f, 0, text, 2, WRAP_WIDTH);
        if (!s.next)
            snprintf(text, sizeof text, "next: no listed variant is expected faster at this size [%s]", s.rule);
        else
            snprintf(text, sizeof text, "next: %s, expect %.2gx (this run measured %.2gx) [%s]", s.next->variant,
                     s.est_speedup, s.measured_speedup, s.rule);
        wrap_print(f, (size_t)fprintf(f, "  "), text, 4, WRAP_WIDTH);
    }
    struct next_step_check c;
    if (next_step_check_run(a, roof, &c, err, err_len) < 0)
        return -1;
    if (c.steps) {
        char text[512];
        snprintf(text, sizeof text, "next steps checked against this run: %zu of %zu named a faster variant (%.0f %%); "
                 "%zu of %zu expected a speed-up within 2x of the measured one (%.0f %%)",
                 c.faster, c.steps, 100.0 * c.faster / c.steps, c.within_2x, c.steps, 100.0 * c.within_2x / c.steps);
        fprintf(f, "\n");
        wrap_print(f, 0, text, 2, WRAP_WIDTH);
    }
    return 0;
}
