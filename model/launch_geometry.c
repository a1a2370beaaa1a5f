/* variant_geometry (launch_geometry.h): one switch over the kinds' geometry
 * column. */
#include "model/launch_geometry.h"

#include <string.h>

#include "model/best_config.h"

/* Blocks of b items needed to cover n items (n >= 0, b >= 1). */
static unsigned ceil_div(long n, long b)
{
    return (unsigned)((n + b - 1) / b);
}

void variant_geometry(const struct variant *v, const struct shape *s, struct launch_geometry *g)
{
    memset(g, 0, sizeof *g);
    const struct kind *k = kind_of(v);
    if (k->geometry == GEOM_NONE)
        return; /* the CPU, or cuBLAS, which picks its own launches */
    g->grid[2] = g->block[2] = 1;
    switch (k->geometry) {
    case GEOM_TR_TILE:
        /* one tile per block, tile_dim rows x tile_dim*vec columns of the
         * input; the copies keep the input's shape */
        g->block[0] = (unsigned)v->tile_dim;
        g->block[1] = (unsigned)v->block_rows;
        g->grid[0] = ceil_div(s->n, (long)v->tile_dim * variant_vec(v));
        g->grid[1] = ceil_div(s->m, v->tile_dim);
        return;
    case GEOM_MM_TUNED: {
        const struct best_config *c = best_config_for(s);
        g->block[0] = BEST_BLOCK_SIDE;
        g->block[1] = (unsigned)(best_config_threads(c) / BEST_BLOCK_SIDE);
        g->grid[0] = ceil_div(s->n, c->bn);
        g->grid[1] = ceil_div(s->m, c->bm);
        g->dyn_smem_bytes = (size_t)best_config_dynamic_smem_bytes(c);
        return;
    }
    default:
        /* a bs x bs block covering bs*ry rows x bs*rx columns of C (naive
         * and tiled have rx = ry = 1, coarse ry = 1) */
        g->block[0] = g->block[1] = (unsigned)v->bs;
        g->grid[0] = ceil_div(s->n, (long)v->bs * v->rx);
        g->grid[1] = ceil_div(s->m, (long)v->bs * v->ry);
        return;
    }
}

long launch_blocks(const struct launch_geometry *g)
{
    return (long)g->grid[0] * g->grid[1] * g->grid[2];
}
