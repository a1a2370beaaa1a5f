/* The GPU a run measures: properties, versions and clocks, read once. */
#ifndef MMPROF_DEVICE_H
#define MMPROF_DEVICE_H

#include <stddef.h>

#include "rundir/device_info.h" /* struct device_info */

/* How many CUDA devices there are; 0 with a reason when none (no driver, no
 * GPU, or CUDA_VISIBLE_DEVICES hides them). Makes no call that needs a driver
 * beyond the runtime's own checks, so it is safe everywhere. */
int device_count(char *why, size_t why_len);

/* Selects device `index` (which makes its primary context: CUDA 12 and later
 * create it in cudaSetDevice) and reads its properties; -1 with a reason. */
int device_open(int index, struct device_info *d, char *why, size_t why_len);

/* Reads device `index`'s properties without making a context: for a caller
 * that only describes the GPU another process will use, which then has
 * nothing to release and no context to make first. */
int device_describe(int index, struct device_info *d, char *why, size_t why_len);

/* Current SM and memory clocks from NVML (loaded at run time); -1 when NVML
 * is not available. The driver version string comes along when asked. */
int device_clocks_mhz(const struct device_info *d, int *sm_mhz, int *mem_mhz);
int device_driver_string(char *buf, size_t len);

#endif
