#include "collector/device.h"

#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int device_count(char *why, size_t why_len)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice) {
        snprintf(why, why_len, "no CUDA device: %s (needs an NVIDIA GPU and its driver)",
                 cudaGetErrorString(e));
        return 0;
    }
    if (e != cudaSuccess) {
        snprintf(why, why_len, "cudaGetDeviceCount: %s", cudaGetErrorString(e));
        return 0;
    }
    if (n == 0)
        snprintf(why, why_len, "no CUDA device visible (check CUDA_VISIBLE_DEVICES)");
    return n;
}

static int attr(enum cudaDeviceAttr a, int dev)
{
    int v = 0;
    if (cudaDeviceGetAttribute(&v, a, dev) != cudaSuccess)
        return 0;
    return v;
}

int device_open(int index, struct device_info *d, char *why, size_t why_len)
{
    cudaError_t e = cudaSetDevice(index);
    if (e != cudaSuccess) {
        snprintf(why, why_len, "CUDA device %d: %s", index, cudaGetErrorString(e));
        return -1;
    }
    return device_describe(index, d, why, why_len);
}

int device_describe(int index, struct device_info *d, char *why, size_t why_len)
{
    struct cudaDeviceProp p;
    cudaError_t e = cudaGetDeviceProperties(&p, index);
    if (e != cudaSuccess) {
        snprintf(why, why_len, "CUDA device %d: %s", index, cudaGetErrorString(e));
        return -1;
    }
    memset(d, 0, sizeof *d);
    d->index = index;
    snprintf(d->name, sizeof d->name, "%s", p.name);
    if (cudaDeviceGetPCIBusId(d->pci_bus_id, sizeof d->pci_bus_id, index) != cudaSuccess)
        d->pci_bus_id[0] = '\0';
    const unsigned char *u = (const unsigned char *)p.uuid.bytes;
    snprintf(d->uuid, sizeof d->uuid,
             "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0], u[1], u[2], u[3],
             u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    d->cc_major = p.major;
    d->cc_minor = p.minor;
    d->sm_count = p.multiProcessorCount;
    d->memory_bytes = p.totalGlobalMem;
    d->l2_bytes = (size_t)p.l2CacheSize;
    d->shared_per_block_bytes = p.sharedMemPerBlock;
    d->shared_per_block_optin_bytes = p.sharedMemPerBlockOptin;
    d->shared_per_sm_bytes = p.sharedMemPerMultiprocessor;
    d->regs_per_sm = p.regsPerMultiprocessor;
    d->regs_per_block = p.regsPerBlock;
    d->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    d->max_threads_per_block = p.maxThreadsPerBlock;
    d->max_blocks_per_sm = p.maxBlocksPerMultiProcessor;
    memcpy(d->max_grid, p.maxGridSize, sizeof d->max_grid);
    d->sm_clock_max_mhz = attr(cudaDevAttrClockRate, index) / 1000;
    d->mem_clock_max_mhz = attr(cudaDevAttrMemoryClockRate, index) / 1000;
    d->mem_bus_width_bits = p.memoryBusWidth;
    cudaDriverGetVersion(&d->driver_version);
    cudaRuntimeGetVersion(&d->runtime_version);
    return 0;
}

/* NVML is part of the driver, so it is loaded at run time: mmprof must start
 * on machines without one. Only the few entry points used are declared. */
typedef struct nvml_device *nvml_device_t;
enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2 };

struct nvml {
    int loaded;
    int (*init)(void);
    int (*by_pci)(const char *, nvml_device_t *);
    int (*clock)(nvml_device_t, int, unsigned *);
    int (*driver)(char *, unsigned);
};

static struct nvml *nvml_get(void)
{
    static struct nvml n;
    static int tried;
    if (tried)
        return n.loaded ? &n : NULL;
    tried = 1;
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return NULL;
    *(void **)&n.init = dlsym(h, "nvmlInit_v2");
    *(void **)&n.by_pci = dlsym(h, "nvmlDeviceGetHandleByPciBusId_v2");
    *(void **)&n.clock = dlsym(h, "nvmlDeviceGetClockInfo");
    *(void **)&n.driver = dlsym(h, "nvmlSystemGetDriverVersion");
    if (!n.init || !n.by_pci || !n.clock || !n.driver || n.init() != 0)
        return NULL;
    n.loaded = 1;
    return &n;
}

int device_clocks_mhz(const struct device_info *d, int *sm_mhz, int *mem_mhz)
{
    struct nvml *n = nvml_get();
    nvml_device_t dev;
    unsigned sm = 0, mem = 0;
    if (!n || n->by_pci(d->pci_bus_id, &dev) != 0)
        return -1;
    if (n->clock(dev, NVML_CLOCK_SM, &sm) != 0 || n->clock(dev, NVML_CLOCK_MEM, &mem) != 0)
        return -1;
    *sm_mhz = (int)sm;
    *mem_mhz = (int)mem;
    return 0;
}

int device_driver_string(char *buf, size_t len)
{
    struct nvml *n = nvml_get();
    if (!n || n->driver(buf, (unsigned)len) != 0) {
        snprintf(buf, len, "unknown");
        return -1;
    }
    return 0;
}
