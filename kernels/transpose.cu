/* Transposes and copies (seed 002, NVIDIA's transpose sample), for an input
 * of rows x cols floats. A TILE x ROWS block covers a TILE x TILE tile, each
 * thread TILE/ROWS elements ROWS rows apart; every element is guarded so any
 * shape works. The seed's kernels share one template signature
 * <TILE, ROWS, PAD> (PAD only matters where a shared tile exists); the
 * kernel table below picks each instance of model/kinds.def. */
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel_table.h"

/* Bandwidth reference: out (rows x cols) = in, through registers. */
template <int TILE, int ROWS, int PAD>
__global__ void tr_copy(const float *in, float *out, int rows, int cols)
{
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x >= cols)
        return;
    for (int j = 0; j < TILE; j += ROWS)
        if (y + j < rows)
            out[(y + j) * cols + x] = in[(y + j) * cols + x];
}

/* Copy through a shared tile: the cost of staging without a transpose. */
template <int TILE, int ROWS, int PAD>
__global__ void tr_copy_shared(const float *in, float *out, int rows, int cols)
{
    __shared__ float tile[TILE][TILE + PAD];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    bool col_ok = x < cols;
    for (int j = 0; j < TILE; j += ROWS)
        if (col_ok && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    /* kept so the kernel pays the same barrier as the transpose it mirrors */
    __syncthreads();
    for (int j = 0; j < TILE; j += ROWS)
        if (col_ok && y + j < rows)
            out[(y + j) * cols + x] = tile[threadIdx.y + j][threadIdx.x];
}

/* out (cols x rows) = in^T: coalesced reads, writes strided by rows. */
template <int TILE, int ROWS, int PAD>
__global__ void tr_naive(const float *in, float *out, int rows, int cols)
{
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x >= cols)
        return;
    for (int j = 0; j < TILE; j += ROWS)
        if (y + j < rows)
            out[x * rows + (y + j)] = in[(y + j) * cols + x];
}

/* out = in^T through a shared tile, so reads and writes are both coalesced.
 * The column read tile[tx][...] hits one bank TILE ways unless PAD = 1 skews
 * the rows across banks (tr_padded). */
template <int TILE, int ROWS, int PAD>
__global__ void tr_coalesced(const float *in, float *out, int rows, int cols)
{
    __shared__ float tile[TILE][TILE + PAD];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    /* the output tile sits at the mirrored block position */
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

/* ---- beyond the seed (TR_FAST entries) ----------------------------------- */

/* Both matrices can move 16 bytes at a time: every row of the input (cols
 * words) and of the output (out_ld words) starts 16-byte aligned. */
static __device__ __forceinline__ bool float4_rows(const float *in, int cols, const float *out, int out_ld)
{
    return (cols & 3) == 0 && (out_ld & 3) == 0 && ((uintptr_t)in & 15) == 0 && ((uintptr_t)out & 15) == 0;
}

/* The bandwidth yardstick tuned to the DRAM ceiling: a TILE x ROWS block
 * copies TILE rows x 4*TILE columns, each thread TILE/ROWS float4 ROWS rows
 * apart, all loads issued before the first store (64 bytes in flight per
 * thread, 128 KiB per SM at full occupancy, several times what DRAM latency
 * x bandwidth needs per SM). Rows not 16-byte aligned take a guarded
 * scalar path in the same kernel. */
template <int TILE, int ROWS>
__global__ void tr_copy_vec(const float *__restrict__ in, float *__restrict__ out, int rows, int cols)
{
    constexpr int STEPS = TILE / ROWS;
    int x = (blockIdx.x * TILE + threadIdx.x) * 4;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x >= cols)
        return;
    if (float4_rows(in, cols, out, cols)) {
        float4 v[STEPS];
#pragma unroll
        for (int j = 0; j < STEPS; j++)
            if (y + j * ROWS < rows)
                v[j] = *reinterpret_cast<const float4 *>(&in[(y + j * ROWS) * cols + x]);
#pragma unroll
        for (int j = 0; j < STEPS; j++)
            if (y + j * ROWS < rows)
                *reinterpret_cast<float4 *>(&out[(y + j * ROWS) * cols + x]) = v[j];
        return;
    }
#pragma unroll
    for (int j = 0; j < STEPS; j++)
        if (y + j * ROWS < rows)
            for (int e = 0; e < 4 && x + e < cols; e++)
                out[(y + j * ROWS) * cols + x + e] = in[(y + j * ROWS) * cols + x + e];
}

/* tr_coalesced without padding: element (r, c) of the tile lives at column
 * c ^ r of row r. A warp's row write (c = 0..31, one r) and column read
 * (r = 0..31, one c) both touch 32 distinct banks, and the tile stays 4 KiB. */
template <int TILE, int ROWS>
__global__ void tr_swizzled(const float *__restrict__ in, float *__restrict__ out, int rows, int cols)
{
    static_assert((TILE & (TILE - 1)) == 0, "XOR keeps a column inside a power-of-two tile");
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS) {
        int r = threadIdx.y + j;
        if (x < cols && y + j < rows)
            tile[r][threadIdx.x ^ r] = in[(y + j) * cols + x];
    }
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][(threadIdx.y + j) ^ threadIdx.x];
}

/* tr_vectorized's tile is TV_SIDE x TV_SIDE words (16 KiB): 256-byte row
 * segments on both sides of the transpose. */
#define TV_SIDE 64

/* Word offset of tile element (r, c) in tr_vectorized's tile: the float4
 * index c/4 XORed with (r/4) % 8, so a quarter-warp's float4 stores of one
 * row, and the gather of rows 4q..4q+3 for q = 0..7, each hit 32 distinct
 * banks. */
static __device__ __forceinline__ int tv_offset(int r, int c)
{
    return r * TV_SIDE + ((((c >> 2) ^ ((r >> 2) & 7)) << 2) | (c & 3));
}

/* Transpose with 16-byte global loads and stores through a swizzled shared
 * tile.
 *
 * Tile: the launch gives a block TILE rows x 4*TILE columns of the input
 * (TILE = 32: 4096 elements), but the block moves a square TV_SIDE x
 * TV_SIDE tile (also 4096 elements), so both sides of the transpose move
 * 256-byte row segments: half a warp reads 256 contiguous bytes of an
 * input row (a float4 per lane) and stores them as float4 into the tile;
 * then each thread gathers 4 consecutive input rows of one column into a
 * float4, 8 lanes write a 128-byte segment of an output row, a warp 4 such
 * rows, two warps a row's 256 bytes. With TILE x ROWS = 32 x 16 threads
 * each thread moves 2 float4 each way.
 *
 * Order: tiles are taken down a whole tile column (tile rows fastest)
 * before moving right, so the resident blocks write a contiguous band of
 * output rows, as a copy does, and read short pieces (0.5-2 KiB) of every
 * input row. On the H200 the locality of the writes is what counts: with
 * row-major or grouped orders (writes spread over many output rows) the
 * transpose reached 0.88-0.93 of tr_copy at 16384 x 16384, with this order
 * 0.97-0.98 (docs/fast-kernels.md).
 *
 * Occupancy: 512 threads per block, 4 blocks (64 KiB of tiles) per SM;
 * on the H200 that beat 8 blocks of 256 threads by 0.6-2 %.
 *
 * The tile count equals the block count at shapes that are multiples of
 * 128; elsewhere it may differ, so blocks stride over the tiles. Shapes
 * whose rows are not 16-byte aligned (cols or rows not a multiple of 4)
 * take the guarded scalar path of the same kernel. */
template <int TILE, int ROWS> /* 2048 threads per SM: as many blocks as fit */
__global__ void __launch_bounds__(TILE * ROWS, 2048 / (TILE * ROWS))
    tr_vectorized(const float *__restrict__ in, float *__restrict__ out, int rows, int cols)
{
    constexpr int S = TV_SIDE, THREADS = TILE * ROWS;
    constexpr int F4 = S * S / 4 / THREADS; /* float4 per thread, each way */
    constexpr int ROW_F4 = S / 4;           /* float4 per tile row */
    static_assert(TILE * 4 * TILE == S * S, "a block moves one square tile");
    static_assert((S * S / 4) % THREADS == 0 && THREADS % 64 == 0, "whole float4 and warp pairs per thread");
    __shared__ __align__(16) float tile[S * S];
    const int tid = threadIdx.y * TILE + threadIdx.x;
    const unsigned tile_rows = ((unsigned)rows + S - 1) / S, tiles = tile_rows * (((unsigned)cols + S - 1) / S);
    const unsigned blocks = gridDim.x * gridDim.y;
    const bool vec = float4_rows(in, cols, out, rows);

    for (unsigned t = blockIdx.x + gridDim.x * blockIdx.y; t < tiles; t += blocks) {
        const int y0 = (int)(t % tile_rows) * S, x0 = (int)(t / tile_rows) * S;
        if (t >= blocks)
            __syncthreads(); /* the previous tile's gather is done */
        /* load: row r, float4 j of the tile, half a warp per row */
#pragma unroll
        for (int i = 0; i < F4; i++) {
            int f = i * THREADS + tid, r = f / ROW_F4, c = 4 * (f % ROW_F4);
            int gy = y0 + r, gx = x0 + c;
            if (gy >= rows)
                continue;
            if (vec) {
                if (gx < cols)
                    *reinterpret_cast<float4 *>(&tile[tv_offset(r, c)]) =
                        *reinterpret_cast<const float4 *>(&in[gy * cols + gx]);
            } else {
#pragma unroll
                for (int e = 0; e < 4; e++)
                    if (gx + e < cols)
                        tile[tv_offset(r, c + e)] = in[gy * cols + gx + e];
            }
        }
        __syncthreads();
        /* store: output row c (input column x0 + c), float4 q = input rows
         * y0 + 4q .. +3; lane: q % 8 = lane % 8, c % 4 = lane / 8; warp w:
         * q / 8 = w % 2, c / 4 = w / 2 */
#pragma unroll
        for (int i = 0; i < F4; i++) {
            int f = i * THREADS + tid, lane = f & 31, w = f >> 5;
            int q = (lane & 7) + 8 * (w & 1), c = (lane >> 3) + 4 * (w >> 1);
            int gr = x0 + c, gc = y0 + 4 * q; /* output row, first output column */
            if (gr >= cols)
                continue;
            if (vec) {
                if (gc < rows)
                    *reinterpret_cast<float4 *>(&out[gr * rows + gc]) =
                        make_float4(tile[tv_offset(4 * q, c)], tile[tv_offset(4 * q + 1, c)],
                                    tile[tv_offset(4 * q + 2, c)], tile[tv_offset(4 * q + 3, c)]);
            } else {
#pragma unroll
                for (int e = 0; e < 4; e++)
                    if (gc + e < rows)
                        out[gr * rows + gc + e] = tile[tv_offset(4 * q + e, c)];
            }
        }
    }
}

/* The kernel of each transpose instance (kinds.def): the seed's kernels
 * take <TILE, ROWS, PAD>; the ones beyond the seed (TR_FAST rows) are told
 * apart by swizzle and vec. A combination no kernel implements does not
 * compile. */
template <int TILE, int ROWS, int PAD, int SWIZZLE, int VEC>
static tr_kernel_fn tr_copy_of()
{
    static_assert(SWIZZLE == 0 && (VEC == 1 || (VEC == 4 && PAD == 0)), "no such copy kernel");
    if constexpr (VEC == 4)
        return tr_copy_vec<TILE, ROWS>;
    else
        return tr_copy<TILE, ROWS, PAD>;
}

template <int TILE, int ROWS, int PAD, int SWIZZLE, int VEC>
static tr_kernel_fn tr_coalesced_of()
{
    static_assert(SWIZZLE ? PAD == 0 && (VEC == 1 || VEC == 4) : VEC == 1, "no such transpose kernel");
    if constexpr (SWIZZLE && VEC == 4)
        return tr_vectorized<TILE, ROWS>;
    else if constexpr (SWIZZLE)
        return tr_swizzled<TILE, ROWS>;
    else
        return tr_coalesced<TILE, ROWS, PAD>;
}

template <int TILE, int ROWS, int PAD, int SWIZZLE, int VEC>
static tr_kernel_fn tr_copy_shared_of()
{
    static_assert(SWIZZLE == 0 && VEC == 1, "the seed's kernels take no swizzle or vec");
    return tr_copy_shared<TILE, ROWS, PAD>;
}

template <int TILE, int ROWS, int PAD, int SWIZZLE, int VEC>
static tr_kernel_fn tr_naive_of()
{
    static_assert(SWIZZLE == 0 && VEC == 1, "the seed's kernels take no swizzle or vec");
    return tr_naive<TILE, ROWS, PAD>;
}

/* <tile_dim, block_rows, pad, swizzle, vec> of instance I of kind id */
#define TR_PARAMS(id)                                                                     \
    kind_instances_##id[I].tile_dim, kind_instances_##id[I].block_rows, kind_instances_##id[I].pad, \
        kind_instances_##id[I].swizzle, kind_instances_##id[I].vec

KIND_KERNELS(TR_COPY, tr_copy_of<TR_PARAMS(TR_COPY)>())
KIND_KERNELS(TR_COPY_SHARED, tr_copy_shared_of<TR_PARAMS(TR_COPY_SHARED)>())
KIND_KERNELS(TR_NAIVE, tr_naive_of<TR_PARAMS(TR_NAIVE)>())
KIND_KERNELS(TR_COALESCED, tr_coalesced_of<TR_PARAMS(TR_COALESCED)>())
