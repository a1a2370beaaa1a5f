/* Driver functions without linking libcuda: a binary linked to libcuda.so.1
 * does not even load on a machine without the NVIDIA driver, and mmprof must
 * run list/analyze/plot/report there. Each caller asks for the ABI version
 * whose signature it declares (cudaTypedefs.h names them PFN_<name>_v<version>). */
#ifndef MMPROF_PROFILER_DRIVER_ENTRY_H
#define MMPROF_PROFILER_DRIVER_ENTRY_H

/* The driver's `name` with the signature of CUDA version `abi_version`
 * (e.g. 12000 for 12.0), through cudaGetDriverEntryPointByVersion; NULL when
 * the driver lacks it or there is no driver. */
void *driver_entry(const char *name, int abi_version);

#endif
