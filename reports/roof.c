#include "reports/roof.h"

#include <math.h>
#include <stdio.h>

#include "kernels/ceilings.h"

static int usable(double v)
{
    return isfinite(v) && v > 0;
}

int roof_from_meta(const struct run_meta *m, struct roof *r)
{
    char fp32[96], dram[96];
    snprintf(fp32, sizeof fp32, "ceilings.measured.%s", ceiling_key(CEIL_FP32));
    snprintf(dram, sizeof dram, "ceilings.measured.%s", ceiling_key(CEIL_DRAM_COPY));
    r->fp32_gflops = meta_num(m, fp32);
    r->dram_gbs = meta_num(m, dram);
    r->source = "measured";
    if (usable(r->fp32_gflops) && usable(r->dram_gbs))
        return 0;
    r->fp32_gflops = meta_num(m, "ceilings.datasheet.fp32_gflops");
    r->dram_gbs = meta_num(m, "ceilings.datasheet.dram_gbs");
    r->source = "datasheet";
    if (usable(r->fp32_gflops) && usable(r->dram_gbs))
        return 0;
    r->source = NULL;
    return -1;
}

double roof_ridge(const struct roof *r)
{
    return r->source ? r->fp32_gflops / r->dram_gbs : NAN;
}

double roof_attainable(const struct roof *r, double flop_per_byte)
{
    return r->source ? fmin(r->fp32_gflops, flop_per_byte * r->dram_gbs) : NAN;
}
