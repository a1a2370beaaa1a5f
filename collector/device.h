/* The GPU a run measures: properties, versions and clocks, read once. */
#ifndef MMPROF_DEVICE_H
#define MMPROF_DEVICE_H

#include <stddef.h>

struct device_info {
    int index;
    char name[256];
    char pci_bus_id[32];
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

/* How many CUDA devices there are; 0 with a reason when none (no driver, no
 * GPU, or CUDA_VISIBLE_DEVICES hides them). Makes no call that needs a driver
 * beyond the runtime's own checks, so it is safe everywhere. */
int device_count(char *why, size_t why_len);

/* Selects device `index` and reads its properties; -1 with a reason. */
int device_open(int index, struct device_info *d, char *why, size_t why_len);

/* Current SM and memory clocks from NVML (loaded at run time); -1 when NVML
 * is not available. The driver version string comes along when asked. */
int device_clocks_mhz(const struct device_info *d, int *sm_mhz, int *mem_mhz);
int device_driver_string(char *buf, size_t len);

#endif
