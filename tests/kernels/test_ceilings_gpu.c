/* Runs the ceiling micro-kernels on device 0 (label gpu). Exits 77, which
 * ctest shows as skipped, when there is no CUDA device. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "kernels/ceilings.h"
#include "model/sku.h"

static int attr(enum cudaDeviceAttr a)
{
    int v = 0;
    cudaError_t e = cudaDeviceGetAttribute(&v, a, 0);
    if (e != cudaSuccess)
        fail_msg("cudaDeviceGetAttribute(%d): %s", (int)a, cudaGetErrorString(e));
    return v;
}

static void ceilings_are_finite_positive_and_plausible(void **state)
{
    (void)state;
    struct cudaDeviceProp p;
    size_t free_bytes = 0, total_bytes = 0;
    cudaError_t e = cudaSetDevice(0);
    if (e == cudaSuccess)
        e = cudaGetDeviceProperties(&p, 0);
    if (e == cudaSuccess)
        e = cudaMemGetInfo(&free_bytes, &total_bytes);
    if (e != cudaSuccess)
        fail_msg("device 0: %s", cudaGetErrorString(e));

    struct sku_query q;
    memset(&q, 0, sizeof q);
    q.device_name = p.name;
    q.sm_count = attr(cudaDevAttrMultiProcessorCount);
    q.memory_bytes = p.totalGlobalMem;
    q.cc_major = attr(cudaDevAttrComputeCapabilityMajor);
    q.cc_minor = attr(cudaDevAttrComputeCapabilityMinor);
    q.sm_clock_max_mhz = attr(cudaDevAttrClockRate) / 1000;
    q.mem_clock_max_mhz = attr(cudaDevAttrMemoryClockRate) / 1000;
    q.mem_bus_width_bits = attr(cudaDevAttrGlobalMemoryBusWidth);
    q.l2_bytes = (size_t)attr(cudaDevAttrL2CacheSize);
    struct sku s;
    sku_detect(&q, &s);

    struct ceilings c;
    int rc = ceilings_measure(&c, q.l2_bytes, q.sm_count, free_bytes);
    if (rc != 0)
        fail_msg("ceilings_measure: %s: %s", c.failed_step ? c.failed_step : "?",
                 cudaGetErrorString((cudaError_t)rc));
    assert_null(c.failed_step);

    printf("device %s, %d SMs -> SKU %s%s (%s)\n", p.name, q.sm_count, s.name, s.computed ? " (computed)" : "",
           s.note);
    for (int id = 0; id < CEIL_COUNT; id++) {
        double v = ceiling_value(&c, (enum ceiling_id)id);
        printf("  %-14s %10.0f %-8s %s\n", ceiling_label((enum ceiling_id)id), v,
               ceiling_unit((enum ceiling_id)id), c.method[id]);
        if (!isfinite(v) || !(v > 0))
            fail_msg("%s = %g", ceiling_key((enum ceiling_id)id), v);
        assert_true(strlen(c.method[id]) > 0);
    }
    printf("  SM clock during FP32: %.0f MHz (max %d); FP32 peak there %.0f GFLOP/s -> %.1f %%\n",
           c.sm_clock_mhz_during, q.sm_clock_max_mhz, sku_fp32_peak_at_clock_gflops(&s, c.sm_clock_mhz_during),
           100.0 * c.fp32_gflops / sku_fp32_peak_at_clock_gflops(&s, c.sm_clock_mhz_during));
    printf("  DRAM buffer %zu MiB, L2 working set %zu KiB, %.0f ms in all\n", c.dram_buffer_bytes >> 20,
           c.l2_working_set_bytes >> 10, c.elapsed_ms);
    if (!isfinite(c.sm_clock_mhz_during) || !(c.sm_clock_mhz_during > 0))
        fail_msg("sm_clock_mhz_during = %g", c.sm_clock_mhz_during);

    struct sku_warnings w;
    sku_check_ceilings(&s, &c, &w);
    for (int i = 0; i < w.count; i++)
        printf("  warning: %s\n", w.text[i]);

    /* a loose floor: half the datasheet means the kernel or the SKU is wrong */
    if (s.dram_gbs > 0 && c.dram_copy_gbs < 0.5 * s.dram_gbs)
        fail_msg("DRAM copy %.0f GB/s is below half of %s's %.0f GB/s", c.dram_copy_gbs, s.name, s.dram_gbs);
}

int main(void)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0) {
        printf("SKIP: no CUDA device (%s)\n", e != cudaSuccess ? cudaGetErrorString(e) : "none visible");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ceilings_are_finite_positive_and_plausible),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
