/* The road from seed 003's register tiles to `best`, one step per kernel
 * (after S. Boehm's "How to optimize a CUDA matmul kernel", CUTLASS's SIMT
 * GEMM and PMPP ch. 6): every step keeps the previous one's tile, 128 x 128
 * outputs of C per 256-thread block, 8 of K per shared-memory stage, and
 * changes one thing, so the report shows what each change buys.
 *
 *   bt2d      2D block tiling: each thread computes 8 x 8 adjacent outputs from
 *             8 A and 8 B values per k held in registers (64 FFMA per 16
 *             shared loads); scalar global loads; A kept row-major in shared
 *             memory, so the A column a thread needs is 8 loads 8 words apart.
 *   vec       + 16-byte global loads and stores, A stored transposed
 *             (As[k][m]) so a thread's 8 A values are two 16-byte shared
 *             loads, as are its 8 B values: 4 LDS.128 per 64 FFMA.
 *   warptile  + warp tiles: a warp computes 32 x 64 of C with its lanes in a
 *             4 x 8 grid, each thread 2 x 2 sub-tiles of 4 x 4 spaced 16 rows
 *             and 32 columns apart, so a warp's 16-byte shared loads touch
 *             one 128-byte row segment (no conflicts, broadcasts for the
 *             rest) and its stores write whole sectors; As rows padded by 4
 *             words so the transposed stores are conflict-free too.
 *
 * `best` (matmul_best.cu) adds the multi-stage cp.async pipeline.
 *
 * Shapes: any M, N, K >= 1. The 16-byte paths need rows that start 16-byte
 * aligned (K resp. N a multiple of 4); otherwise the same kernel takes a
 * uniform branch to guarded scalar accesses, so odd sizes are verified on
 * the same kernel that is timed. */
#include <stddef.h>

#include "kernels/kernel_table.h"
#include "kernels/mm_fast.cuh"

#define ROAD_BK 8 /* K per shared-memory stage */

/* Step 1: 2D block tiling, scalar accesses. Thread (tr, tc) = (tid / 16,
 * tid % 16) owns rows tr*8..+7 and columns tc*8..+7 of the block's tile. */
template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__(MM_FAST_THREADS) mm_bt2d(const float *__restrict__ a, const float *__restrict__ b,
                                                           float *__restrict__ c, int m, int n, int k)
{
    static_assert(BM * BN == MM_FAST_THREADS * TM * TN, "one thread per TM x TN outputs");
    __shared__ float As[BM * BK]; /* As[row][kk], as A is laid out */
    __shared__ float Bs[BK * BN]; /* Bs[kk][col] */
    const int tid = flat_tid();
    const int tr = tid / (BN / TN), tc = tid % (BN / TN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[TM][TN] = {};
    float ra[TM], rb[TN];

    for (int k0 = 0; k0 < k; k0 += BK) {
        /* A tile: consecutive threads take consecutive k of one row (a warp
         * reads 4 rows x 8 words); B tile: consecutive columns */
#pragma unroll
        for (int i = 0; i < BM * BK / MM_FAST_THREADS; i++) {
            int e = i * MM_FAST_THREADS + tid, r = e / BK, kk = e % BK;
            int gr = row0 + r, gk = k0 + kk;
            As[r * BK + kk] = gr < m && gk < k ? a[gr * k + gk] : 0.0f;
        }
#pragma unroll
        for (int i = 0; i < BK * BN / MM_FAST_THREADS; i++) {
            int e = i * MM_FAST_THREADS + tid, kk = e / BN, col = e % BN;
            int gk = k0 + kk, gc = col0 + col;
            Bs[kk * BN + col] = gk < k && gc < n ? b[gk * n + gc] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk++) {
#pragma unroll
            for (int i = 0; i < TM; i++)
                ra[i] = As[(tr * TM + i) * BK + kk];
#pragma unroll
            for (int j = 0; j < TN; j++)
                rb[j] = Bs[kk * BN + tc * TN + j];
            outer_product(acc, ra, rb);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; i++) {
        int gr = row0 + tr * TM + i;
        if (gr >= m)
            continue;
#pragma unroll
        for (int j = 0; j < TN; j++) {
            int gc = col0 + tc * TN + j;
            if (gc < n)
                c[gr * n + gc] = acc[i][j];
        }
    }
}

/* Loads the A tile (rows row0.., columns k0..k0+BK) into As[kk][row] with
 * row stride LDA (BM, or BM + pad): thread tid reads 4 consecutive k of row
 * tid / (BK/4) as one float4 when A's rows are float4-aligned, else 4
 * guarded words; out-of-range elements are stored as 0. */
template <int BM, int BK, int LDA>
static __device__ __forceinline__ void load_a_transposed(const float *__restrict__ a, float *As, int m, int k,
                                                         int row0, int k0, int tid, bool a_vec)
{
#pragma unroll
    for (int i = 0; i < BM * BK / 4 / MM_FAST_THREADS; i++) {
        int e = i * MM_FAST_THREADS + tid, r = e / (BK / 4), kq = (e % (BK / 4)) * 4;
        int gr = row0 + r, gk = k0 + kq;
        float v[4];
        if (a_vec) {
            /* K % 4 == 0: the four words are all in range or all out */
            float4 q = gr < m && gk < k ? *reinterpret_cast<const float4 *>(&a[gr * k + gk])
                                        : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
        } else {
#pragma unroll
            for (int j = 0; j < 4; j++)
                v[j] = gr < m && gk + j < k ? a[gr * k + gk + j] : 0.0f;
        }
#pragma unroll
        for (int j = 0; j < 4; j++)
            As[(kq + j) * LDA + r] = v[j];
    }
}

/* Loads the B tile (rows k0..k0+BK, columns col0..) into Bs[kk][col]:
 * thread tid reads 4 consecutive columns as one float4 when possible. */
template <int BN, int BK>
static __device__ __forceinline__ void load_b(const float *__restrict__ b, float *Bs, int n, int k, int col0, int k0,
                                              int tid, bool b_vec)
{
#pragma unroll
    for (int i = 0; i < BK * BN / 4 / MM_FAST_THREADS; i++) {
        int e = i * MM_FAST_THREADS + tid, kk = e / (BN / 4), cq = (e % (BN / 4)) * 4;
        int gk = k0 + kk, gc = col0 + cq;
        float4 q;
        if (b_vec) {
            q = gk < k && gc < n ? *reinterpret_cast<const float4 *>(&b[gk * n + gc])
                                 : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        } else {
            bool row_ok = gk < k;
            q.x = row_ok && gc < n ? b[gk * n + gc] : 0.0f;
            q.y = row_ok && gc + 1 < n ? b[gk * n + gc + 1] : 0.0f;
            q.z = row_ok && gc + 2 < n ? b[gk * n + gc + 2] : 0.0f;
            q.w = row_ok && gc + 3 < n ? b[gk * n + gc + 3] : 0.0f;
        }
        *reinterpret_cast<float4 *>(&Bs[kk * BN + cq]) = q;
    }
}

/* Step 2: bt2d + 16-byte global accesses and A transposed in shared memory. */
template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__(MM_FAST_THREADS) mm_vec(const float *__restrict__ a, const float *__restrict__ b,
                                                          float *__restrict__ c, int m, int n, int k)
{
    static_assert(BM * BN == MM_FAST_THREADS * TM * TN, "one thread per TM x TN outputs");
    static_assert(TM % 4 == 0 && TN % 4 == 0 && BK % 4 == 0, "float4 fragments");
    __shared__ __align__(16) float As[BK * BM]; /* As[kk][row]: transposed */
    __shared__ __align__(16) float Bs[BK * BN];
    const int tid = flat_tid();
    const int tr = tid / (BN / TN), tc = tid % (BN / TN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    const bool a_vec = rows_are_float4(a, k), b_vec = rows_are_float4(b, n), c_vec = rows_are_float4(c, n);
    float acc[TM][TN] = {};
    float ra[TM], rb[TN];

    for (int k0 = 0; k0 < k; k0 += BK) {
        load_a_transposed<BM, BK, BM>(a, As, m, k, row0, k0, tid, a_vec);
        load_b<BN, BK>(b, Bs, n, k, col0, k0, tid, b_vec);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk++) {
#pragma unroll
            for (int i = 0; i < TM; i += 4)
                lds4(&ra[i], &As[kk * BM + tr * TM + i]);
#pragma unroll
            for (int j = 0; j < TN; j += 4)
                lds4(&rb[j], &Bs[kk * BN + tc * TN + j]);
            outer_product(acc, ra, rb);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; i++) {
        int gr = row0 + tr * TM + i;
        if (gr >= m)
            continue;
#pragma unroll
        for (int j = 0; j < TN; j += 4)
            store4(c, n, c_vec, gr, col0 + tc * TN + j, &acc[i][j]);
    }
}

/* Step 3: vec + warp tiles. Warps form a (BM/WM) x (BN/WN) grid; lane
 * (lm, ln) = (lane / 8, lane % 8) owns rows lm*4 + 16*i' + 0..3 and columns
 * ln*4 + 32*j' + 0..3 of its warp's WM x WN tile. As rows carry APAD words
 * of padding so the transposed stores (16 rows x 2 k-groups per warp) hit
 * 32 distinct banks. */
template <int BM, int BN, int BK, int WM, int WN>
__global__ void __launch_bounds__(MM_FAST_THREADS) mm_warptile(const float *__restrict__ a,
                                                               const float *__restrict__ b, float *__restrict__ c,
                                                               int m, int n, int k)
{
    constexpr int APAD = 4, LDA = BM + APAD;
    constexpr int TM = WM / 4, TN = WN / 8; /* lanes: 4 along M, 8 along N */
    static_assert((BM / WM) * (BN / WN) * 32 == MM_FAST_THREADS, "8 warps");
    static_assert(WM % 16 == 0 && WN % 32 == 0, "4x4 sub-tiles 16 rows / 32 columns apart");
    __shared__ __align__(16) float As[BK * LDA];
    __shared__ __align__(16) float Bs[BK * BN];
    const int tid = flat_tid(), warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / (BN / WN)) * WM, wn0 = (warp % (BN / WN)) * WN;
    const int lm = lane / 8, ln = lane % 8;
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    const bool a_vec = rows_are_float4(a, k), b_vec = rows_are_float4(b, n), c_vec = rows_are_float4(c, n);
    float acc[TM][TN] = {};
    float ra[TM], rb[TN];

    for (int k0 = 0; k0 < k; k0 += BK) {
        load_a_transposed<BM, BK, LDA>(a, As, m, k, row0, k0, tid, a_vec);
        load_b<BN, BK>(b, Bs, n, k, col0, k0, tid, b_vec);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk++) {
#pragma unroll
            for (int i = 0; i < TM / 4; i++)
                lds4(&ra[4 * i], &As[kk * LDA + wm0 + i * 16 + lm * 4]);
#pragma unroll
            for (int j = 0; j < TN / 4; j++)
                lds4(&rb[4 * j], &Bs[kk * BN + wn0 + j * 32 + ln * 4]);
            outer_product(acc, ra, rb);
        }
        __syncthreads();
    }
    store_warp_tile(c, m, n, c_vec, row0 + wm0, col0 + wn0, lm, ln, acc);
}

/* Every step's instances (kinds.def): a bs x bs block, each thread rx x ry
 * outputs, so the block tile is bs*ry x bs*rx. The warp tile follows from
 * the 4 x 8 lane grid: wm = 4*ry, wn = 8*rx. */
static constexpr bool blocks_of_256(const struct kind_instance *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (r[i].bs * r[i].bs != MM_FAST_THREADS)
            return false;
    return true;
}
static_assert(blocks_of_256(kind_instances_MM_BT2D, KIND_INSTANCE_COUNT(MM_BT2D)) &&
                  blocks_of_256(kind_instances_MM_VEC, KIND_INSTANCE_COUNT(MM_VEC)) &&
                  blocks_of_256(kind_instances_MM_WARPTILE, KIND_INSTANCE_COUNT(MM_WARPTILE)),
              "the road's kernels run 256 threads per block");

#define BT2D kind_instances_MM_BT2D[I]
#define VEC kind_instances_MM_VEC[I]
#define WARPTILE kind_instances_MM_WARPTILE[I]
KIND_KERNELS(MM_BT2D, mm_bt2d<BT2D.bs * BT2D.ry, BT2D.bs * BT2D.rx, ROAD_BK, BT2D.ry, BT2D.rx>)
KIND_KERNELS(MM_VEC, mm_vec<VEC.bs * VEC.ry, VEC.bs * VEC.rx, ROAD_BK, VEC.ry, VEC.rx>)
KIND_KERNELS(MM_WARPTILE, mm_warptile<WARPTILE.bs * WARPTILE.ry, WARPTILE.bs * WARPTILE.rx, ROAD_BK,
                                      4 * WARPTILE.ry, 8 * WARPTILE.rx>)
