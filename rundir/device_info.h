/* The facts about a GPU that a run records (run.json "device"): plain data.
 * collector/device.c fills it from the CUDA runtime, rundir/replay.c from a
 * recorded run.json; rundir/run_json.c writes it. No CUDA here. */
#ifndef MMPROF_DEVICE_INFO_H
#define MMPROF_DEVICE_INFO_H

#include <stddef.h>

struct device_info {
    int index;
    char name[256];
    char pci_bus_id[32];
    char uuid[48]; /* as nvidia-smi writes it, "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"; "" unknown */
    int cc_major, cc_minor;
    int sm_count;
    size_t memory_bytes;
    size_t l2_bytes;
    size_t shared_per_block_bytes;       /* default static limit (48 KB) */
    size_t shared_per_block_optin_bytes; /* with cudaFuncAttributeMaxDynamicSharedMemorySize */
    size_t shared_per_sm_bytes;
    int regs_per_sm, regs_per_block;
    int max_threads_per_sm, max_threads_per_block, max_blocks_per_sm;
    int max_grid[3];
    int sm_clock_max_mhz, mem_clock_max_mhz, mem_bus_width_bits;
    int driver_version, runtime_version; /* CUDA's encoding, e.g. 13000 */
};

#endif
