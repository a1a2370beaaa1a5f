/* best's global traffic, instruction by instruction (best_traffic.h).
 *
 * Every warp instruction of one block (and, for the copies, of one k-stage)
 * is rebuilt lane by lane from matmul_best.cu's index expressions and
 * guards, and its distinct 32-byte sectors counted at the real row pitch
 * (K words for A, N for B and C), so rows that do not start on a sector
 * boundary cost what they cost on the GPU. Blocks need not all be walked:
 * along each dimension the interior blocks (and stages) are entirely in
 * range and differ by a multiple of 8 words (tiles are multiples of 8), so
 * they move the same sectors; only the last one, maybe partial, differs.
 * Two classes per dimension, 8 at most in all, each walked once.
 *
 * Zero-filled copies. Out-of-range elements are copied with cp.async's
 * src-size 0: PTX reads no byte from global memory then and fills the
 * shared bytes with zeros. Such a lane is counted as no access: no word, no
 * sector, and an instruction whose lanes all zero-fill is no request. The
 * L1TEX counters bear this out to the unit (l1tex__t_requests/sectors of
 * best at 1000x3000x700 under ncu and mmprof: 398400 and 3678000, this
 * count; counting zero-filled lanes or their requests would give more).
 * That sm__sass_data_bytes_mem_global_op_ldgsts counts no bytes for them
 * is the same reading of PTX, still to be checked on a GPU at an odd size. */
#include "model/best_traffic.h"

#include <string.h>

enum { WARP_LANES = 32, SECTOR_WORDS = 8, VEC_WORDS = 4 };

/* What one lane of a warp instruction touches: `words` consecutive words
 * from word address addr; none (words = 0) when its guard is false. */
struct lane {
    long addr;
    int words;
};

/* One block of the launch: its first row and column of C and, for the
 * copies, the first k of the stage; threads: the block's. */
struct site {
    const struct best_config *c;
    const struct shape *s;
    long row0, col0, k0;
    int threads;
};

/* A family of warp instructions: how many each thread issues, and what
 * thread tid's lane does in instruction i. */
struct instructions {
    int count;
    struct lane (*lane)(const struct site *p, int i, int tid);
};

static long ceil_div(long a, long b)
{
    return (a + b - 1) / b;
}

static struct lane at(long row, long col, long pitch, int words)
{
    struct lane l = {row * pitch + col, words};
    return l;
}

/* A: 4-byte copy i of thread tid is row tid/8 + R*(i % (BM/R)), k
 * tid%8 + 8*(i / (BM/R)) of the stage, R = threads/8 rows per pass: a
 * warp copies 4 rows x 8 k. */
static struct lane a_copy(const struct site *p, int i, int tid)
{
    int rows_per_pass = p->threads / 8, groups = p->c->bm / rows_per_pass;
    long row = p->row0 + tid / 8 + rows_per_pass * (i % groups), k = p->k0 + tid % 8 + 8 * (i / groups);
    return at(row, k, p->s->k, row < p->s->m && k < p->s->k);
}

/* B, N % 4 == 0: 16-byte chunk e = i*threads + tid of the stage is row
 * e / (BN/4), columns 4*(e % (BN/4)) .. +3 (all in range or none); a thread
 * past the stage's chunks issues no copy. */
static struct lane b_copy16(const struct site *p, int i, int tid)
{
    int per_row = p->c->bn / VEC_WORDS, e = i * p->threads + tid;
    if (e >= p->c->bk * per_row)
        return at(0, 0, 0, 0);
    long row = p->k0 + e / per_row, col = p->col0 + VEC_WORDS * (e % per_row);
    return at(row, col, p->s->n, row < p->s->k && col < p->s->n ? VEC_WORDS : 0);
}

/* B, N % 4 != 0: word e = i*threads + tid is row e / BN, column e % BN. */
static struct lane b_copy4(const struct site *p, int i, int tid)
{
    int e = i * p->threads + tid;
    long row = p->k0 + e / p->c->bn, col = p->col0 + e % p->c->bn;
    return at(row, col, p->s->n, row < p->s->k && col < p->s->n);
}

/* C: the float4 (i, j) of thread tid, i < TM rows, j < TN/4: warps tile the
 * block wm x wn, lanes 4 x 8, sub-tiles 16 rows and 32 columns apart. */
static void output_of(const struct site *p, int i, int j, int tid, long *row, long *col)
{
    const struct best_config *c = p->c;
    int warp = tid / WARP_LANES, lane = tid % WARP_LANES;
    long wm0 = (long)(warp / (c->bn / c->wn)) * c->wm, wn0 = (long)(warp % (c->bn / c->wn)) * c->wn;
    *row = p->row0 + wm0 + (i / 4) * 16 + (lane / 8) * 4 + i % 4;
    *col = p->col0 + wn0 + j * 32 + (lane % 8) * 4;
}

/* Float4s per output row of a thread: TN/4 = wn/32. */
static int float4s_per_row(const struct best_config *c)
{
    return c->wn / 32;
}

/* N % 4 == 0: store i is one float4, guarded by row < M and column < N. */
static struct lane c_store16(const struct site *p, int i, int tid)
{
    long row, col;
    output_of(p, i / float4s_per_row(p->c), i % float4s_per_row(p->c), tid, &row, &col);
    return at(row, col, p->s->n, row < p->s->m && col < p->s->n ? VEC_WORDS : 0);
}

/* N % 4 != 0: each float4 as four word stores, each guarded. */
static struct lane c_store4(const struct site *p, int i, int tid)
{
    long row, col;
    int f = i / VEC_WORDS;
    output_of(p, f / float4s_per_row(p->c), f % float4s_per_row(p->c), tid, &row, &col);
    col += i % VEC_WORDS;
    return at(row, col, p->s->n, row < p->s->m && col < p->s->n);
}

static void add_sector(long *seen, int *n, long sector)
{
    for (int i = 0; i < *n; i++)
        if (seen[i] == sector)
            return;
    seen[(*n)++] = sector;
}

/* Warp `warp`'s instruction i of family f at site p, `times` over: its
 * words and, when a lane touches memory, a request and its sectors. */
static void add_request(const struct site *p, const struct instructions *f, int i, int warp, double times,
                        struct best_side *side)
{
    long seen[2 * WARP_LANES]; /* a lane's word or aligned 16 bytes lie in one sector; room for two */
    int sectors = 0, words = 0;
    for (int l = 0; l < WARP_LANES; l++) {
        struct lane x = f->lane(p, i, warp * WARP_LANES + l);
        if (x.words == 0)
            continue;
        words += x.words;
        for (long s = x.addr / SECTOR_WORDS; s <= (x.addr + x.words - 1) / SECTOR_WORDS; s++)
            add_sector(seen, &sectors, s);
    }
    if (words == 0)
        return;
    side->words += times * words;
    side->requests += times;
    side->sectors += times * sectors;
}

static void add_block(const struct site *p, const struct instructions *f, double times, struct best_side *side)
{
    for (int i = 0; i < f->count; i++)
        for (int w = 0; w < p->threads / WARP_LANES; w++)
            add_request(p, f, i, w, times, side);
}

/* The two classes of blocks (or stages) along a dimension of `extent`
 * elements cut in tiles of `tile`: first index and count of the interior
 * ones, then of the last. */
struct classes {
    long first[2], count[2];
};

static struct classes classes_of(long extent, long tile)
{
    long n = ceil_div(extent, tile);
    struct classes k = {{0, n - 1}, {n - 1, 1}};
    return k;
}

void best_traffic(const struct best_config *c, const struct shape *s, struct best_traffic *t)
{
    int vec = s->n % VEC_WORDS == 0, per_thread_outputs = (c->wm / 4) * float4s_per_row(c);
    int threads = best_config_threads(c);
    struct instructions ld[2] = {{c->bm * c->bk / threads, a_copy}, {c->bk * c->bn / threads, b_copy4}};
    struct instructions st = {per_thread_outputs * VEC_WORDS, c_store4};
    if (vec) {
        ld[1] = (struct instructions){(int)ceil_div(c->bk * c->bn / VEC_WORDS, threads), b_copy16};
        st = (struct instructions){per_thread_outputs, c_store16};
    }
    struct classes rows = classes_of(s->m, c->bm), cols = classes_of(s->n, c->bn), ks = classes_of(s->k, c->bk);
    memset(t, 0, sizeof *t);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 2; x++) {
            double blocks = (double)rows.count[y] * cols.count[x];
            if (blocks == 0)
                continue;
            struct site p = {c, s, rows.first[y] * c->bm, cols.first[x] * c->bn, 0, threads};
            add_block(&p, &st, blocks, &t->st);
            for (int z = 0; z < 2; z++) {
                p.k0 = ks.first[z] * c->bk;
                for (int f = 0; f < 2 && ks.count[z] > 0; f++)
                    add_block(&p, &ld[f], blocks * ks.count[z], &t->ld);
            }
        }
}
