/* A launch as a results.csv row (profile_row.h). */
#include "profile/profile_row.h"

#include <math.h>

#include <stdio.h>

#include "rundir/launch_params.h"

void profile_row_fill(struct result_row *r, struct profile_row_text *text,
                      const struct launch_desc *d, const struct kernel_decl *decl, long pid,
                      long launch)
{
    result_row_init(r);
    const struct variant *v = decl ? decl->v : NULL;
    snprintf(text->variant, sizeof text->variant, "%s", v ? v->name : d->demangled);
    char nvtx[512];
    nvtx_stack_path(d->nvtx, NULL, nvtx, sizeof nvtx);
    /* a name longer than RESULTS_PARAMS_MAX is cut there, as the variant column cuts it */
    (void)launch_params_format(text->params, sizeof text->params, d->demangled, pid, launch, d->grid, d->block,
                               d->stream_id, nvtx);
    r->variant = text->variant;
    r->family = v ? family_name(v->family) : RESULTS_FAMILY_KERNEL;
    r->params = text->params;
    if (v) {
        r->m = decl->shape.m;
        r->n = decl->shape.n;
        r->k = decl->shape.k;
    }
    r->status = STATUS_OK;
    if (decl)
        decl_flops_bytes(decl, &r->flops, &r->bytes_compulsory);
    r->threads_per_block = (int)(d->block[0] * d->block[1] * d->block[2]);
    r->grid_blocks = (long)d->grid[0] * d->grid[1] * d->grid[2];
    r->regs_per_thread = d->regs_per_thread;
    r->smem_bytes_per_block = d->smem_bytes;
    r->blocks_per_sm = d->blocks_per_sm;
    r->theoretical_occupancy_pct = d->blocks_per_sm > 0 ? d->theoretical_occupancy_pct : NAN;
    r->limiter = d->limiter ? d->limiter : "";
}
