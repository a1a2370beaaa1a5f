/* Theoretical occupancy from a kernel's resources (resources.h): blocks per
 * SM limited by threads, registers and shared memory under Hopper's
 * allocation granularity, so the report can say which limit binds. */
#include "collector/resources.h"

/* Hopper (and Ampere/Ada) allocation rules: registers per warp in units of
 * 256, 1 KB of shared memory reserved per block by the system. */
#define REG_ALLOC_UNIT 256
#define SMEM_RESERVED_PER_BLOCK 1024

static int round_up(int v, int unit)
{
    return (v + unit - 1) / unit * unit;
}

void occupancy_limits(const struct device_info *d, int threads_per_block, int regs_per_thread,
                      size_t smem_per_block_bytes, struct occupancy_limits *o)
{
    int warps = (threads_per_block + 31) / 32;
    int regs_per_warp = round_up(regs_per_thread * 32, REG_ALLOC_UNIT);
    int regs_per_block = regs_per_warp * warps;
    size_t smem = smem_per_block_bytes + SMEM_RESERVED_PER_BLOCK;

    o->by_threads = d->max_threads_per_sm / (warps * 32);
    o->by_registers = regs_per_block > 0 ? d->regs_per_sm / regs_per_block : d->max_blocks_per_sm;
    o->by_shared = smem_per_block_bytes > 0 ? (int)(d->shared_per_sm_bytes / smem) : d->max_blocks_per_sm;
    o->by_blocks = d->max_blocks_per_sm;

    o->blocks = o->by_blocks;
    o->limiter = "blocks";
    if (o->by_threads < o->blocks) {
        o->blocks = o->by_threads;
        o->limiter = "threads";
    }
    if (o->by_registers < o->blocks) {
        o->blocks = o->by_registers;
        o->limiter = "registers";
    }
    if (o->by_shared < o->blocks) {
        o->blocks = o->by_shared;
        o->limiter = "shared";
    }
}
