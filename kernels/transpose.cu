/* Transposes and copies (seed 002, NVIDIA's transpose sample), for an input
 * of rows x cols floats. A TILE x ROWS block covers a TILE x TILE tile, each
 * thread TILE/ROWS elements ROWS rows apart; every element is guarded so any
 * shape works. All kernels share one template signature <TILE, ROWS, PAD> so
 * variants.def can instantiate any kind; PAD only matters where a shared
 * tile exists. */
#include <stddef.h>
#include <stdint.h>

#include "kernels/families.h"

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

/* Word offset of tile element (r, c) in tr_vectorized's TILE x 4*TILE tile:
 * the float4 index c/4 XORed with (r/4) % 8, so the gather of 4 consecutive
 * rows r = 4q..4q+3 for q = 0..7 reads 32 distinct banks. */
template <int TILE>
static __device__ __forceinline__ int tv_offset(int r, int c)
{
    return r * 4 * TILE + ((((c >> 2) ^ ((r >> 2) & 7)) << 2) | (c & 3));
}

/* Tile rows per group of tr_vectorized's block order (below). */
#define TR_GROUP_ROWS 64

/* Transpose with 16-byte global loads and stores, 16 elements per thread.
 * A TILE x ROWS block reads TILE rows x 4*TILE columns (each thread
 * TILE/ROWS float4 along rows: a warp reads 512 contiguous bytes per row),
 * stores them as float4 into a swizzled shared tile, and writes the
 * transposed 4*TILE rows x TILE columns: each thread gathers 4 consecutive
 * input rows of one column into a float4, 8 lanes cover a 128-byte output
 * row segment, a warp 4 such rows. Shapes whose rows are not 16-byte
 * aligned (cols or rows not a multiple of 4) take the guarded scalar path
 * of the same kernel.
 *
 * Block order: blocks start roughly in launch order (x fastest), so with
 * plain indices the ~1000 resident blocks cover a few tile rows of the
 * input and write into every row of the output: at 16384 x 16384 a 1 GiB
 * span of output rows at once, against 16 MiB for a copy. In the first
 * H200 run the transposes' bandwidth fell with that span (0.95 of tr_copy
 * at a 64 MiB span, 0.88 at 1 GiB). So launch order is remapped: groups of
 * TR_GROUP_ROWS tile rows, walked down a tile column before moving right,
 * keep the resident blocks in a compact patch of both matrices (about
 * 128 MiB of each at 16384 x 16384). */
template <int TILE, int ROWS>
__global__ void tr_vectorized(const float *__restrict__ in, float *__restrict__ out, int rows, int cols)
{
    constexpr int W = 4 * TILE;                    /* tile width in words */
    constexpr int THREADS = TILE * ROWS;
    constexpr int OUT_F4 = W * (TILE / 4);         /* float4 of the transposed tile */
    static_assert(TILE == 32, "the swizzle spreads 8 float4 groups over 32 banks");
    static_assert(OUT_F4 % THREADS == 0, "whole float4 per thread");
    __shared__ __align__(16) float tile[TILE * W];
    const int tid = threadIdx.y * TILE + threadIdx.x;
    /* launch index -> (tile row, tile column), TR_GROUP_ROWS tile rows per
     * group, tile rows fastest inside a group; a bijection of the grid */
    const unsigned launch = blockIdx.x + gridDim.x * blockIdx.y, per_group = TR_GROUP_ROWS * gridDim.x;
    const unsigned group = launch / per_group, first = group * TR_GROUP_ROWS, in_group = launch - group * per_group;
    const unsigned group_rows = min((unsigned)TR_GROUP_ROWS, gridDim.y - first);
    const int by = (int)(first + in_group % group_rows), bx = (int)(in_group / group_rows);
    const int y0 = by * TILE, x0 = bx * W;
    const bool vec = float4_rows(in, cols, out, rows);

    /* load: row r = ty + j*ROWS, columns 4*tx .. 4*tx+3 */
#pragma unroll
    for (int j = 0; j < TILE / ROWS; j++) {
        int r = threadIdx.y + j * ROWS, c = 4 * threadIdx.x;
        int gy = y0 + r, gx = x0 + c;
        if (gy >= rows)
            continue;
        if (vec) {
            if (gx < cols)
                *reinterpret_cast<float4 *>(&tile[tv_offset<TILE>(r, c)]) =
                    *reinterpret_cast<const float4 *>(&in[gy * cols + gx]);
        } else {
#pragma unroll
            for (int e = 0; e < 4; e++)
                if (gx + e < cols)
                    tile[tv_offset<TILE>(r, c + e)] = in[gy * cols + gx + e];
        }
    }
    __syncthreads();
    /* store: output row c (input column x0 + c), float4 q = input rows
     * y0 + 4q .. +3; lanes: q = lane % 8, 4 consecutive c per warp */
#pragma unroll
    for (int j = 0; j < OUT_F4 / THREADS; j++) {
        int f = j * THREADS + tid, q = f % (TILE / 4), c = f / (TILE / 4);
        int gr = x0 + c, gc = y0 + 4 * q; /* output row, first output column */
        if (gr >= cols)
            continue;
        if (vec) {
            if (gc < rows)
                *reinterpret_cast<float4 *>(&out[gr * rows + gc]) =
                    make_float4(tile[tv_offset<TILE>(4 * q, c)], tile[tv_offset<TILE>(4 * q + 1, c)],
                                tile[tv_offset<TILE>(4 * q + 2, c)], tile[tv_offset<TILE>(4 * q + 3, c)]);
        } else {
#pragma unroll
            for (int e = 0; e < 4; e++)
                if (gc + e < rows)
                    out[gr * rows + gc + e] = tile[tv_offset<TILE>(4 * q + e, c)];
        }
    }
}

/* TR(...) names its kind in capitals (COPY, NAIVE, ...); these map the kind
 * to its kernel template. TR_FAST entries map (kind, swizzle, vec). */
#define TR_KERNEL_COPY tr_copy
#define TR_KERNEL_COPY_SHARED tr_copy_shared
#define TR_KERNEL_NAIVE tr_naive
#define TR_KERNEL_COALESCED tr_coalesced

template <int TILE, int ROWS>
static tr_kernel_fn tr_fast_kernel(enum variant_kind kind, int swizzle, int vec)
{
    if (kind == KIND_TR_COPY && !swizzle && vec == 4)
        return tr_copy_vec<TILE, ROWS>;
    if (kind == KIND_TR_COALESCED && swizzle && vec == 1)
        return tr_swizzled<TILE, ROWS>;
    if (kind == KIND_TR_COALESCED && swizzle && vec == 4)
        return tr_vectorized<TILE, ROWS>;
    return NULL;
}

extern "C" tr_kernel_fn tr_kernel(const struct variant *v)
{
#define TR(name_, kind_, tile_, rows_, pad_)                                 \
    if (v->kind == KIND_TR_##kind_ && v->tile_dim == (tile_) &&           \
        v->block_rows == (rows_) && v->pad == (pad_) && !v->swizzle &&    \
        variant_vec(v) == 1)                                              \
        return TR_KERNEL_##kind_<tile_, rows_, pad_>;
#define TR_FAST(name_, kind_, tile_, rows_, swizzle_, vec_, summary_)                          \
    if (v->kind == KIND_TR_##kind_ && v->tile_dim == (tile_) && v->block_rows == (rows_) && \
        v->pad == 0 && v->swizzle == (swizzle_) && variant_vec(v) == (vec_))                \
        return tr_fast_kernel<tile_, rows_>(KIND_TR_##kind_, swizzle_, vec_);
#include "kernels/variants.def"
    return NULL;
}
