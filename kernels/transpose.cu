/* Transposes and copies (seed 002, NVIDIA's transpose sample), for an input
 * of rows x cols floats. A TILE x ROWS block covers a TILE x TILE tile, each
 * thread TILE/ROWS elements ROWS rows apart; every element is guarded so any
 * shape works. All kernels share one template signature <TILE, ROWS, PAD> so
 * variants.def can instantiate any kind; PAD only matters where a shared
 * tile exists. */
#include <stddef.h>

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

/* TR(...) names its kind in capitals (COPY, NAIVE, ...); these map the kind
 * to its kernel template. */
#define TR_KERNEL_COPY tr_copy
#define TR_KERNEL_COPY_SHARED tr_copy_shared
#define TR_KERNEL_NAIVE tr_naive
#define TR_KERNEL_COALESCED tr_coalesced

extern "C" tr_kernel_fn tr_kernel(const struct variant *v)
{
#define TR(name_, kind_, tile_, rows_, pad_)                                 \
    if (v->kind == KIND_TR_##kind_ && v->tile_dim == (tile_) &&           \
        v->block_rows == (rows_) && v->pad == (pad_))                     \
        return TR_KERNEL_##kind_<tile_, rows_, pad_>;
#include "kernels/variants.def"
    return NULL;
}
