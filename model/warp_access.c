/* The warp address model (warp_access.h): lane addresses, distinct sectors
 * and words, bank conflicts. */
#include "model/warp_access.h"

#include <math.h>

struct warp warp_of(int bdx, int bdy)
{
    struct warp w = {bdx, bdx * bdy < WARP_LANES ? bdx * bdy : WARP_LANES};
    return w;
}

static int vec_of(const struct access *a)
{
    return a->vec > 1 ? a->vec : 1;
}

static long swizzled_col(enum swizzle z, long row, long col)
{
    switch (z) {
    case SWZ_WORD_XOR_ROW:
        return col ^ (row % 32);
    case SWZ_F4_XOR_ROW4:
        return (((col >> 2) ^ ((row >> 2) % 8)) << 2) | (col & 3);
    default:
        return col;
    }
}

/* The word addresses of one request, lane by lane (vec words per lane);
 * returns how many. */
static int lane_addresses(const struct access *a, const struct warp *w, int y, int x, long *addr)
{
    int bdx = a->bdx ? a->bdx : w->bdx, vec = vec_of(a), n = 0;
    for (int l = 0; l < w->lanes; l++) {
        long tx = l % bdx, ty = l / bdx;
        long row = a->rtx * tx + a->rty * ty + (long)y * a->ystep;
        long col = a->ctx * tx + a->cty * ty + (long)x * a->xstep;
        for (int e = 0; e < vec; e++)
            addr[n++] = row * a->stride + swizzled_col(a->swz, row, col + e);
    }
    return n;
}

/* Distinct units of unit_words words among the lanes' word addresses: 32-byte
 * sectors (8 words), or words themselves (lanes reading one word share it). */
static int distinct_units(const long *addr, int lanes, long unit_words)
{
    int count = 0;
    for (int i = 0; i < lanes; i++) {
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = addr[j] / unit_words == addr[i] / unit_words;
        count += !seen;
    }
    return count;
}

/* n-way conflict: the most distinct words any one bank must serve (lanes
 * reading the same word are served by one broadcast). */
static int bank_ways(const long *addr, int lanes)
{
    int worst = 1;
    for (int i = 0; i < lanes; i++) {
        int ways = 0;
        for (int j = 0; j < lanes; j++) {
            if (addr[j] % SHARED_BANKS != addr[i] % SHARED_BANKS)
                continue;
            int first = 1; /* count each distinct word once */
            for (int p = 0; p < j && first; p++)
                first = addr[p] != addr[j];
            ways += first;
        }
        if (ways > worst)
            worst = ways;
    }
    return worst;
}

/* Mean over the family's requests of the distinct units they touch. */
static double mean_units(const struct access *a, const struct warp *w, long unit_words)
{
    long addr[MAX_WORDS];
    double total = 0;
    for (int y = 0; y < a->ny; y++)
        for (int x = 0; x < a->nx; x++) {
            int n = lane_addresses(a, w, y, x, addr);
            total += distinct_units(addr, n, unit_words);
        }
    return total / (a->ny * a->nx);
}

/* A 16-byte (vec 4) shared access is served a quarter-warp at a time (32
 * words per wavefront at best), so its conflicts are those within each
 * group of 32/vec lanes: n-way = the worst group's. */
static int worst_ways(const struct access *a, int n, const struct warp *w)
{
    long addr[MAX_WORDS];
    int worst = 1;
    for (int i = 0; i < n; i++)
        for (int y = 0; y < a[i].ny; y++)
            for (int x = 0; x < a[i].nx; x++) {
                int words = lane_addresses(&a[i], w, y, x, addr);
                for (int g = 0; g < words; g += SHARED_BANKS) {
                    int len = words - g < SHARED_BANKS ? words - g : SHARED_BANKS;
                    int ways = bank_ways(addr + g, len);
                    worst = ways > worst ? ways : worst;
                }
            }
    return worst;
}

/* What the warp requests of a group of access families cost: ideal sectors
 * per request (averaged over requests), and over the whole launch the
 * sectors and the distinct words (each request carries `lanes` words). */
struct request_cost {
    double sectors_per_request, sectors, distinct_words;
};

static struct request_cost request_cost(const struct access *a, int n, const struct warp *w)
{
    struct request_cost c = {0, 0, 0};
    double requests = 0;
    for (int i = 0; i < n; i++) {
        double sectors = mean_units(&a[i], w, SECTOR_WORDS), words = mean_units(&a[i], w, 1);
        c.sectors_per_request += sectors * a[i].ny * a[i].nx;
        requests += a[i].ny * a[i].nx;
        double request_words = (double)w->lanes * vec_of(&a[i]);
        c.sectors += a[i].words * sectors / request_words;
        c.distinct_words += a[i].words * words / request_words;
    }
    c.sectors_per_request /= requests;
    return c;
}

/* Bank conflicts of the kernel's shared-memory accesses. */
void apply_shared(const struct kernel_model *k, struct theory *t)
{
    t->bank_conflict_ways_ld = k->nsld ? worst_ways(k->sld, k->nsld, &k->warp) : NAN;
    t->bank_conflict_ways_st = k->nsst ? worst_ways(k->sst, k->nsst, &k->warp) : NAN;
    if (k->nsld || k->nsst)
        t->bank_conflict_ways = fmax(k->nsld ? t->bank_conflict_ways_ld : 1,
                                     k->nsst ? t->bank_conflict_ways_st : 1);
}

/* Ideal coalescing of the global accesses, then the shared side. */
void apply_model(const struct kernel_model *k, struct theory *t)
{
    struct request_cost ld = request_cost(k->gld, k->ngld, &k->warp), st = request_cost(&k->gst, 1, &k->warp);
    t->ideal_sectors_per_request_ld = ld.sectors_per_request;
    t->ideal_sectors_per_request_st = st.sectors_per_request;
    t->gld_sectors = ld.sectors;
    t->gst_sectors = st.sectors;
    t->gld_words_distinct = ld.distinct_words;
    t->gst_words_distinct = st.distinct_words;
    apply_shared(k, t);
}

struct access pattern(int rtx, int rty, int ny, int ystep, int ctx, int cty, int nx, int xstep,
                      long stride, double words)
{
    struct access a = {rtx, rty, ny, ystep, ctx, cty, nx, xstep, stride, words, 0, 0, SWZ_NONE};
    return a;
}

/* The same, for a kernel that flattens its thread index (lane grid bdx
 * wide), with vec words per lane and a shared layout. */
struct access pattern_v(int bdx, int vec, enum swizzle swz, int rtx, int rty, int ny, int ystep, int ctx,
                        int cty, int nx, int xstep, long stride, double words)
{
    struct access a = pattern(rtx, rty, ny, ystep, ctx, cty, nx, xstep, stride, words);
    a.bdx = bdx;
    a.vec = vec;
    a.swz = swz;
    return a;
}
