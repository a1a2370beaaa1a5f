/* `mmprof analyze --findings`: one paragraph per kernel with its finding and
 * next step, then the check of the next steps against this run. */
#include <math.h>
#include <stdio.h>

#include "analysis/analysis.h"
#include "analysis/next_step.h"

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
        char size[64];
        fprintf(f, "%s %s: %s.\n", r->variant, analysis_row_size(r, size, sizeof size), s.finding);
        if (!s.next)
            fprintf(f, "  next: no listed variant is expected faster at this size [%s]\n", s.rule);
        else
            fprintf(f, "  next: %s, expect %.2gx (this run measured %.2gx) [%s]\n", s.next->variant, s.est_speedup,
                    s.measured_speedup, s.rule);
    }
    struct next_step_check c;
    if (next_step_check_run(a, roof, &c, err, err_len) < 0)
        return -1;
    if (c.steps)
        fprintf(f, "\nnext steps checked against this run: %zu of %zu named a faster variant (%.0f %%); "
                   "%zu of %zu expected a speed-up within 2x of the measured one (%.0f %%)\n",
                c.faster, c.steps, 100.0 * c.faster / c.steps, c.within_2x, c.steps, 100.0 * c.within_2x / c.steps);
    return 0;
}
