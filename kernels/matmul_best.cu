/* `best`: the fastest FP32 SIMT matmul of mmprof, warptile (matmul_road.cu)
 * plus a multi-stage cp.async pipeline:
 *
 * - STAGES shared-memory buffers: while the block computes on tile kt, the
 *   copies of tiles kt+1 .. kt+STAGES-1 are in flight (cp.async writes
 *   shared memory directly, no registers, no wait at the issuing thread),
 *   and one barrier per k-step both publishes tile kt and frees the buffer
 *   the next copy overwrites.
 * - A transposed in shared memory (As[k][m]) so a thread's A fragment is
 *   16-byte loads. A 16-byte copy cannot transpose, so A moves as 4-byte
 *   cp.async: a warp copies 4 rows x 8 consecutive k (4 whole 32-byte
 *   sectors per request). B moves as 16-byte cp.async when its rows are
 *   16-byte aligned (N % 4 == 0), else 4-byte.
 * - As rows padded by 4 words (As[k][m] at k*(BM+4) + m): a warp's
 *   transposed 4-byte copies (k = 0..7, four consecutive m) land in banks
 *   4k + m, 32 distinct ones, and the float4 reads stay aligned with their
 *   offsets compile-time constants. (An XOR swizzle of the float4 index
 *   with k % 8 is conflict-free too and saves the padding, but costs a
 *   LOP3 per A fragment load: 16 per k-tile per thread at 128 x 128, about
 *   3 % of the instructions in the first H200 run; tr_vectorized keeps the
 *   swizzle, where it costs nothing per element.)
 * - Warp tiles as in warptile: lanes in a 4 x 8 grid, each thread (wm/4) x
 *   (wn/8) outputs in 4 x 4 sub-tiles 16 rows and 32 columns apart: per k a
 *   warp's shared loads read 128-byte segments of B and 64 bytes of A
 *   (broadcast to the other lanes); each thread does 64 FFMA per 4 LDS.128
 *   at 8 x 8 outputs, 128 FFMA per 6 LDS.128 at 8 x 16 or 16 x 8.
 * - Threads: one warp per warp tile, BEST_CONFIG_THREADS (32 to 256 here).
 *   Fewer warps per block means barriers that wait for fewer warps and
 *   more, smaller blocks resident per SM for the same warps per SM.
 * - Occupancy (best_min_blocks): up to 8 x 8 outputs per thread fit 128
 *   registers, more take up to 255; the launch bounds ask for as many
 *   blocks per SM as that register budget allows (256 threads at 8 x 16: 1
 *   block of 8 warps, what cuBLAS's kernel runs per SM; 64 threads: 4).
 *
 * - Options (best_configs.def's opts, enum best_opt): fragments
 *   double-buffered across k-tiles (PREFETCH), the FFMA order (SERPENTINE),
 *   the block order (RASTER8); each is described where it is applied.
 *
 * Tiles: best_configs.def; which one runs at a shape: best_config_for()
 * (the `mmprof tune` table, else the default). Any M, N, K >= 1: edge
 * elements are zero-filled by cp.async (src-size 0) and stores guarded. */
#include <stddef.h>

#include "kernels/kernel_table.h"
#include "model/best_config.h"
#include "kernels/mm_fast.cuh"

/* Words of padding per As row (see above). */
#define A_PAD 4

/* Per-thread parts of the copy addresses, computed once per block: the
 * copies of a k-tile then cost an add and a compare each, and keep few
 * registers live next to the accumulators. T = THREADS, R = T/8 rows of A
 * per pass.
 *
 * A: element e = i*T + tid of a stage goes to k = e % 8 + 8*(e / (8*BM)),
 * row = (e / 8) % BM, so a warp (32 consecutive e) copies 4 rows x 8
 * consecutive k. For copy i that is row tid/8 + R*(i % (BM/R)) and k
 * tid%8 + 8*(i / (BM/R)), so the shared offset k*(BM+A_PAD) + row is a
 * per-thread base plus constants.
 *
 * B (16-byte path): chunk e = i*T + tid holds row e / (BN/4), columns
 * 4*(e % (BN/4)) .. +3, i.e. shared offset 4e, and global row
 * tid / (BN/4) + i * (4T/BN). */
struct copy_plan {
    unsigned a_gmem; /* (row0 + tid/8) * k + tid%8; unsigned: rows past m (never read) may pass INT_MAX */
    int a_rows;      /* m - (row0 + tid/8): copy i's row is in range iff R*(i % (BM/R)) < a_rows */
    int a_smem;      /* shared offset of copy 0 */
    int b_gmem;      /* (tid / (BN/4)) * n + col0 + 4*(tid % (BN/4)) */
    bool b_col_ok;   /* col0 + 4*(tid % (BN/4)) < n */
};

template <int BM, int BN>
static __device__ __forceinline__ copy_plan plan_copies(int m, int n, int k, int row0, int col0, int tid)
{
    copy_plan p;
    int r = tid / 8, kk = tid % 8;
    p.a_gmem = (unsigned)(row0 + r) * (unsigned)k + (unsigned)kk;
    p.a_rows = m - (row0 + r);
    p.a_smem = kk * (BM + A_PAD) + r;
    int cq = 4 * (tid % (BN / 4));
    p.b_gmem = (tid / (BN / 4)) * n + col0 + cq;
    p.b_col_ok = col0 + cq < n;
    return p;
}

/* Issues the copies of one k-tile (k0 .. k0+BK) into one stage. */
template <int BM, int BN, int BK, int THREADS>
static __device__ __forceinline__ void load_stage(const float *__restrict__ a, const float *__restrict__ b,
                                                  float *As, float *Bs, const copy_plan &p, int n, int k,
                                                  int col0, int k0, int tid, bool b_vec)
{
    constexpr int A_ROWS_PER_PASS = THREADS / 8, A_ROW_GROUPS = BM / A_ROWS_PER_PASS;
    const int a_k_left = k - k0 - tid % 8; /* copy i's k is in range iff 8*(i / A_ROW_GROUPS) < a_k_left */
#pragma unroll
    for (int i = 0; i < BM * BK / THREADS; i++) {
        int rg = i % A_ROW_GROUPS, kg = i / A_ROW_GROUPS;
        bool ok = A_ROWS_PER_PASS * rg < p.a_rows && 8 * kg < a_k_left;
        /* 32-bit offset (in range it is < m*k <= INT_MAX; out of range it
         * is never used), unsigned so that wrapping is defined */
        unsigned off = p.a_gmem + (unsigned)(k0 + 8 * kg) + (unsigned)(A_ROWS_PER_PASS * rg) * (unsigned)k;
        const float *src = a + off;
        cp_async4(&As[p.a_smem + kg * 8 * (BM + A_PAD) + A_ROWS_PER_PASS * rg], ok ? src : a, ok);
    }
    if (b_vec) {
        constexpr int CHUNKS = BK * BN / 4, ROWS_PER_PASS = 4 * THREADS / BN;
        const int b_k_left = k - k0 - tid / (BN / 4);
#pragma unroll
        for (int i = 0; i < (CHUNKS + THREADS - 1) / THREADS; i++) {
            if (CHUNKS % THREADS == 0 || i * THREADS + tid < CHUNKS) {
                bool ok = p.b_col_ok && ROWS_PER_PASS * i < b_k_left; /* N % 4 == 0: whole chunks */
                unsigned off = (unsigned)p.b_gmem + (unsigned)(k0 + ROWS_PER_PASS * i) * (unsigned)n;
                const float *src = b + off;
                cp_async16(&Bs[4 * (i * THREADS + tid)], ok ? src : b, ok);
            }
        }
    } else {
        /* rows not 16-byte aligned: word copies, element e -> row e / BN,
         * column e % BN (a warp copies 32 consecutive columns) */
#pragma unroll
        for (int i = 0; i < BK * BN / THREADS; i++) {
            int e = i * THREADS + tid, kk = e / BN, col = e % BN;
            int gk = k0 + kk, gc = col0 + col;
            bool ok = gk < k && gc < n;
            cp_async4(&Bs[kk * BN + col], ok ? &b[gk * n + gc] : b, ok);
        }
    }
}

/* Blocks per SM the register budget is cut for: as many as an SM's 64 Ki
 * registers hold at 128 registers per thread up to 8 x 8 outputs per
 * thread, else at 256 (the cap is 255): at 256 threads 2 and 1 blocks. */
template <int THREADS, int OUTPUTS>
struct best_min_blocks {
    static constexpr int value = 65536 / (THREADS * (OUTPUTS <= 64 ? 128 : 256));
};

/* The C tile (row, column of blocks) this block computes. Plain: the grid's
 * own order (blockIdx.x fastest, along N), so the blocks resident at one
 * time span few block rows and every block column: on a wide C they read
 * all of B. BEST_OPT_RASTER8: consecutive blocks walk down groups of 8 block
 * rows first, so W resident blocks read 8 row panels of A and about W/8
 * column panels of B, and more of each read hits in L2. */
template <unsigned OPTS>
static __device__ __forceinline__ void block_coords(int &by, int &bx)
{
    if constexpr ((OPTS & BEST_OPT_RASTER8) != 0) {
        constexpr int GROUP = 8;
        const int nbx = (int)gridDim.x, nby = (int)gridDim.y;
        const int pid = (int)blockIdx.y * nbx + (int)blockIdx.x;
        const int group = pid / (GROUP * nbx), first = group * GROUP;
        const int rows = min(nby - first, GROUP), r = pid - group * GROUP * nbx;
        by = first + r % rows;
        bx = r / rows;
    } else {
        by = (int)blockIdx.y;
        bx = (int)blockIdx.x;
    }
}

/* A thread's fragments at k-offset kk of a stage: TM values of A (As[kk][m])
 * and TN of B, 16-byte loads 16 rows / 32 columns apart. */
template <int BM, int BN, int TM, int TN>
static __device__ __forceinline__ void load_frags(float (&ra)[TM], float (&rb)[TN], const float *as, const float *bs,
                                                  int kk, int a_col, int b_col)
{
#pragma unroll
    for (int i = 0; i < TM / 4; i++)
        lds4(&ra[4 * i], &as[kk * (BM + A_PAD) + a_col + i * 16]);
#pragma unroll
    for (int j = 0; j < TN / 4; j++)
        lds4(&rb[4 * j], &bs[kk * BN + b_col + j * 32]);
}

/* acc += ra x rb. BEST_OPT_SERPENTINE: odd rows run j backwards, so the
 * FFMA that starts a row reads the B register the previous one ended with
 * (one more operand the reuse cache can serve per row). */
template <unsigned OPTS, int TM, int TN>
static __device__ __forceinline__ void ffma_block(float (&acc)[TM][TN], const float (&ra)[TM], const float (&rb)[TN])
{
    if constexpr ((OPTS & BEST_OPT_SERPENTINE) != 0) {
#pragma unroll
        for (int i = 0; i < TM; i++)
#pragma unroll
            for (int jj = 0; jj < TN; jj++) {
                const int j = i % 2 ? TN - 1 - jj : jj;
                acc[i][j] = fmaf(ra[i], rb[j], acc[i][j]);
            }
    } else {
        outer_product(acc, ra, rb);
    }
}

template <int BM, int BN, int BK, int WM, int WN, int STAGES, unsigned OPTS>
__global__ void __launch_bounds__(BEST_CONFIG_THREADS(BM, BN, WM, WN),
                                  (best_min_blocks<BEST_CONFIG_THREADS(BM, BN, WM, WN), (WM / 4) * (WN / 8)>::value))
    mm_best(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c, int m, int n, int k)
{
    constexpr int TM = WM / 4, TN = WN / 8; /* lanes: 4 along M, 8 along N */
    constexpr int THREADS = BEST_CONFIG_THREADS(BM, BN, WM, WN);
    static_assert(BM % WM == 0 && BN % WN == 0, "whole warp tiles");
    static_assert(THREADS % BEST_BLOCK_SIDE == 0 && THREADS <= 1024, "a BEST_BLOCK_SIDE x rows block");
    static_assert(WM % 16 == 0 && WN % 32 == 0, "4x4 sub-tiles 16 rows / 32 columns apart");
    static_assert(BM % (THREADS / 8) == 0, "whole passes of THREADS/8 rows of A");
    static_assert(BK % 8 == 0, "a warp copies 8 consecutive k of A");
    static_assert(BK * BN % THREADS == 0, "whole B words per thread");
    static_assert(4 * THREADS % BN == 0, "whole B rows per pass of 16-byte chunks");
    constexpr int A_STAGE = BK * (BM + A_PAD), B_STAGE = BK * BN; /* words */
    constexpr int SMEM_BYTES = 4 * STAGES * (A_STAGE + B_STAGE);
    static_assert(STAGES >= 2 && SMEM_BYTES <= BEST_SHARED_MAX_BYTES, "shared memory");
    /* The stages, A's then B's: static arrays up to the 48 KiB a block gets
     * without opting in, else dynamic shared memory (the launch passes its
     * size and opts in: kernel_opt_in_shared). */
    float(*As)[A_STAGE], (*Bs)[B_STAGE];
    if constexpr (SMEM_BYTES <= SHARED_WITHOUT_OPT_IN_BYTES) {
        __shared__ __align__(16) float as_static[STAGES][A_STAGE], bs_static[STAGES][B_STAGE];
        As = as_static;
        Bs = bs_static;
    } else {
        extern __shared__ __align__(16) float best_dynamic_smem[];
        As = reinterpret_cast<float(*)[A_STAGE]>(best_dynamic_smem);
        Bs = reinterpret_cast<float(*)[B_STAGE]>(best_dynamic_smem + STAGES * A_STAGE);
    }
    const int tid = flat_tid(), warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / (BN / WN)) * WM, wn0 = (warp % (BN / WN)) * WN;
    const int lm = lane / 8, ln = lane % 8;
    const int a_col = wm0 + lm * 4, b_col = wn0 + ln * 4; /* this thread's first fragment columns */
    int by, bx;
    block_coords<OPTS>(by, bx);
    const int row0 = by * BM, col0 = bx * BN;
    const bool b_vec = rows_are_float4(b, n), c_vec = rows_are_float4(c, n);
    const int ktiles = (k + BK - 1) / BK;
    const copy_plan plan = plan_copies<BM, BN>(m, n, k, row0, col0, tid);

    /* one commit group per k-tile: its copies, or none past the end (empty
     * groups keep the group count uniform) */
    auto copy_tile = [&](int t) {
        if (t < ktiles)
            load_stage<BM, BN, BK, THREADS>(a, b, As[t % STAGES], Bs[t % STAGES], plan, n, k, col0, t * BK, tid, b_vec);
        cp_async_commit();
    };
    /* prologue: STAGES-1 tiles in flight */
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++)
        copy_tile(s);

    float acc[TM][TN] = {};
    if constexpr ((OPTS & BEST_OPT_PREFETCH) != 0) {
        /* Fragments double-buffered in registers, one k ahead, across
         * k-tiles too: the barrier sits before the last k of a tile, and the
         * first fragments of tile kt+1 load while the last FFMAs of tile kt
         * run. Iteration kt copies tile kt+STAGES-1 into the buffer of tile
         * kt-1, which every thread finished reading before the previous
         * barrier (its last fragments were loaded one k earlier). At the
         * barrier STAGES+kt groups are committed; at most STAGES-2 pending
         * means tile kt+1 has landed. */
        float ra[2][TM], rb[2][TN];
        cp_async_wait<STAGES - 2>();
        __syncthreads();
        load_frags<BM, BN>(ra[0], rb[0], As[0], Bs[0], 0, a_col, b_col);
        for (int kt = 0; kt < ktiles; kt++) {
            copy_tile(kt + STAGES - 1);
            const float *as = As[kt % STAGES], *bs = Bs[kt % STAGES];
#pragma unroll
            for (int kk = 0; kk < BK; kk++) {
                if (kk < BK - 1) {
                    load_frags<BM, BN>(ra[(kk + 1) % 2], rb[(kk + 1) % 2], as, bs, kk + 1, a_col, b_col);
                } else {
                    cp_async_wait<STAGES - 2>();
                    __syncthreads();
                    /* unconditional: after the last tile it reads an idle
                     * buffer, unused (a branch here costs reuse and
                     * registers in the FFMA stream; the theory counts it) */
                    load_frags<BM, BN>(ra[(kk + 1) % 2], rb[(kk + 1) % 2], As[(kt + 1) % STAGES],
                                       Bs[(kt + 1) % STAGES], 0, a_col, b_col);
                }
                ffma_block<OPTS>(acc, ra[kk % 2], rb[kk % 2]);
            }
        }
    } else {
        float ra[TM], rb[TN];
        for (int kt = 0; kt < ktiles; kt++) {
            /* STAGES-1+kt groups committed; at most STAGES-2 pending means
             * tile kt has landed (for this thread); the barrier makes every
             * thread's copies visible and guarantees that tile kt-1 is no
             * longer read, so its buffer can take tile kt+STAGES-1 */
            cp_async_wait<STAGES - 2>();
            __syncthreads();
            copy_tile(kt + STAGES - 1);

            const float *as = As[kt % STAGES], *bs = Bs[kt % STAGES];
            /* 8 k at a time fully unrolled: at bk = 16 a full unroll hoists
             * enough shared loads to spill past the 128-register cap */
#pragma unroll 1
            for (int k8 = 0; k8 < BK; k8 += 8)
#pragma unroll
                for (int kk = k8; kk < k8 + 8; kk++) {
                    load_frags<BM, BN>(ra, rb, as, bs, kk, a_col, b_col);
                    ffma_block<OPTS>(acc, ra, rb);
                }
        }
    }
    /* no copy is pending here except empty groups: nothing to drain */
    store_warp_tile(c, m, n, c_vec, row0 + wm0, col0 + wn0, lm, ln, acc);
}

/* best is tuned per shape (KF_TUNED): its kernel table holds one instance
 * per configuration, in best_configs.def order (best_configs()). */
static const mm_kernel_fn best_fns[] = {
#define BEST_CONFIG(id, bm_, bn_, bk_, wm_, wn_, stages_, opts_) mm_best<bm_, bn_, bk_, wm_, wn_, stages_, opts_>,
#include "model/best_configs.def"
};

static const void *best_kernel(size_t config)
{
    return config < sizeof best_fns / sizeof best_fns[0] ? (const void *)best_fns[config] : NULL;
}

extern "C" const struct kind_kernels kernels_MM_BEST = {best_kernel, NULL, NULL};
