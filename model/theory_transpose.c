/* The transpose kinds' theory model (theory_models.h): every element is
 * guarded, so each in-range element is read once and written once; the
 * coalescing and bank conflicts come from the kernels' index expressions
 * through the warp address model (warp_access.h). */
#include "model/theory_models.h"

#include "model/warp_access.h"

/* Transposes and copies (seed 002): a tile x rows block moves a tile x tile
 * tile, each thread tile/rows elements `rows` rows apart; every element is
 * guarded, so each in-range element is read once and written once.
 * Beyond the seed, vec = 4 moves 4 consecutive words per lane (a tile x
 * 4*tile tile per block), and swizzle = 1 replaces the padding with an XOR
 * layout. The sector and bank figures are those of the 16-byte path the
 * kernels take when rows are 16-byte aligned. */
void theory_transpose(const struct variant *v, const struct shape *s, struct theory *t)
{
    int tile = v->tile_dim, rows = v->block_rows, steps = (tile + rows - 1) / rows, vec = variant_vec(v);
    double elems = (double)s->m * s->n;
    long g = ALIGNED_ROW_WORDS, smem = tile + v->pad;
    t->flops = t->flops_executed = 0;
    t->bytes_compulsory = 2 * 4 * elems;
    t->gld_words = t->gst_words = elems;
    t->grid_blocks = theory_grid_blocks(v, s);
    t->threads_per_block = tile * rows;
    struct kernel_model k = {.warp = warp_of(tile, rows), .ngld = 1};
    k.gld[0] = pattern(0, 1, steps, rows, 1, 0, 1, 1, g, elems);       /* in[(y+j)*cols + x] */
    k.gst = pattern(0, 1, steps, rows, 1, 0, 1, 1, g, elems);          /* out[(y+j)*.. + x] */
    if (v->kind == KIND_TR_NAIVE)
        k.gst = pattern(1, 0, 1, 1, 0, 1, steps, rows, g, elems);      /* out[x*rows + y+j] */
    if (vec == 4) {
        /* in[(y + j*rows)*cols + 4*tx ..]: a warp reads 512 contiguous bytes */
        k.gld[0] = pattern_v(tile, 4, SWZ_NONE, 0, 1, steps, rows, 4, 0, 1, 1, g, elems);
        k.gst = k.gld[0];
    }
    int staged = v->kind == KIND_TR_COPY_SHARED || v->kind == KIND_TR_COALESCED;
    t->shared_ld_words = t->shared_st_words = staged ? elems : 0;
    if (staged) {
        k.nsld = k.nsst = 1;
        k.sst[0] = pattern(0, 1, steps, rows, 1, 0, 1, 1, smem, 0);    /* tile[ty+j][tx] */
        k.sld[0] = k.sst[0];
        if (v->kind == KIND_TR_COALESCED)
            k.sld[0] = pattern(1, 0, 1, 1, 0, 1, steps, rows, smem, 0); /* tile[tx][ty+j] */
        if (v->kind == KIND_TR_COALESCED && v->swizzle && vec == 1) {
            /* tr_swizzled: tile[r][c ^ r] */
            k.sst[0].swz = SWZ_WORD_XOR_ROW;
            k.sld[0].swz = SWZ_WORD_XOR_ROW;
        }
        if (v->kind == KIND_TR_COALESCED && vec == 4) {
            /* tr_vectorized: float4 stores of the input rows into the
             * swizzled tile; the gather reads rows 4q..4q+3 of column c for
             * q = lane % 8, c = lane / 8 (one word each, 4 requests); writes
             * out[(x0 + c)*rows + y0 + 4q ..] as float4. The kernel moves a
             * 64 x 64 tile with half a warp per 256-byte row; modelled as a
             * warp per 512-byte row of a 32 x 128 tile, which gives the same
             * requests, sectors and wavefronts (both swizzles conflict-free,
             * 16 sectors per float4 request) */
            long w = 4L * tile;
            k.sst[0] = pattern_v(tile, 4, SWZ_F4_XOR_ROW4, 0, 1, steps, rows, 4, 0, 1, 1, w, 0);
            k.sld[0] = pattern_v(tile / 4, 1, SWZ_F4_XOR_ROW4, 4, 0, 4, 1, 0, 1, 1, 1, w, 0);
            k.gst = pattern_v(tile / 4, 4, SWZ_NONE, 0, 1, 1, 1, 4, 0, 1, 1, g, elems);
        }
    }
    apply_model(&k, t);
}

