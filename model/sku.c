/* SKU table and ceiling checks (sku.h). The figures are NVIDIA's public
 * datasheet / whitepaper numbers; each FP32 figure is SMs x lanes x 2 x
 * boost clock within rounding (test_sku checks that for every row). */
#include "model/sku.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define GIB_D 1073741824.0

/* Order matters only where one row's words are a subset of another's:
 * the NVL rows come before the plain H200 row (which also excludes "NVL"). */
static const struct sku_spec table[] = {
    /* Hopper. FP32 66.9 TFLOP/s = 132 x 128 x 2 x 1980 MHz (datasheets round to 67). */
    {"H100 SXM5 80GB", {"H100", "HBM3", NULL}, NULL, 132, 70, 90, 3350, 66900, 1980, 50, 128,
     "NVIDIA H100 Tensor Core GPU datasheet (H100 SXM) and Hopper whitepaper"},
    {"H100 PCIe 80GB", {"H100", "PCIe", NULL}, NULL, 114, 70, 90, 2000, 51200, 1755, 50, 128,
     "NVIDIA H100 Tensor Core GPU datasheet (H100 PCIe) and Hopper whitepaper"},
    {"H100 NVL 94GB", {"H100", "NVL", NULL}, NULL, 132, 88, 100, 3900, 60000, 1785, 0, 128,
     "NVIDIA H100 Tensor Core GPU datasheet (H100 NVL)"},
    {"H200 NVL 141GB", {"H200", "NVL", NULL}, NULL, 132, 130, 150, 4800, 60000, 1785, 0, 128,
     "NVIDIA H200 Tensor Core GPU datasheet (H200 NVL)"},
    {"H200 SXM 141GB", {"H200", NULL, NULL}, "NVL", 132, 130, 150, 4800, 66900, 1980, 0, 128,
     "NVIDIA H200 Tensor Core GPU datasheet (H200 SXM)"},
    {"GH200 96GB HBM3", {"GH200", NULL, NULL}, NULL, 132, 88, 100, 4000, 66900, 1980, 0, 128,
     "NVIDIA GH200 Grace Hopper Superchip datasheet (96GB HBM3)"},
    {"GH200 144GB HBM3e", {"GH200", NULL, NULL}, NULL, 132, 130, 150, 4900, 66900, 1980, 0, 128,
     "NVIDIA GH200 Grace Hopper Superchip datasheet (144GB HBM3e)"},
    /* Ampere GA100: 64 FP32 lanes per SM; 19.5 TFLOP/s = 108 x 64 x 2 x 1410 MHz. */
    {"A100 SXM4 80GB", {"A100", "SXM4", "80GB"}, NULL, 108, 0, 0, 2039, 19500, 1410, 40, 64,
     "NVIDIA A100 Tensor Core GPU datasheet (A100 80GB SXM) and Ampere whitepaper"},
    {"A100 SXM4 40GB", {"A100", "SXM4", "40GB"}, NULL, 108, 0, 0, 1555, 19500, 1410, 40, 64,
     "NVIDIA A100 Tensor Core GPU datasheet (A100 40GB SXM) and Ampere whitepaper"},
    {"A100 PCIe 80GB", {"A100", "PCIe", "80GB"}, NULL, 108, 0, 0, 1935, 19500, 1410, 40, 64,
     "NVIDIA A100 Tensor Core GPU datasheet (A100 80GB PCIe) and Ampere whitepaper"},
    {"A100 PCIe 40GB", {"A100", "PCIe", "40GB"}, NULL, 108, 0, 0, 1555, 19500, 1410, 40, 64,
     "NVIDIA A100 Tensor Core GPU datasheet (A100 40GB PCIe) and Ampere whitepaper"},
    /* Ada: 128 FP32 lanes per SM. */
    {"L40S", {"L40S", NULL, NULL}, NULL, 142, 0, 0, 864, 91600, 2520, 0, 128,
     "NVIDIA L40S datasheet"},
    {"L40", {"L40", NULL, NULL}, NULL, 142, 0, 0, 864, 90500, 2490, 0, 128,
     "NVIDIA L40 datasheet"},
    {"L4", {"L4", NULL, NULL}, NULL, 58, 0, 0, 300, 30300, 2040, 0, 128,
     "NVIDIA L4 Tensor Core GPU datasheet"},
    /* Volta: 64 FP32 lanes per SM, 6 MB L2. */
    {"V100 SXM2", {"V100", "SXM2", NULL}, NULL, 80, 0, 0, 900, 15700, 1530, 6, 64,
     "NVIDIA V100 Tensor Core GPU datasheet (SXM2) and Volta whitepaper"},
    {"V100 PCIe", {"V100", "PCIe", NULL}, NULL, 80, 0, 0, 900, 14000, 1380, 6, 64,
     "NVIDIA V100 Tensor Core GPU datasheet (PCIe) and Volta whitepaper"},
    {"V100S PCIe", {"V100S", NULL, NULL}, NULL, 80, 0, 0, 1134, 16400, 1601, 6, 64,
     "NVIDIA V100S Tensor Core GPU datasheet"},
};

const struct sku_spec *sku_table(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}

int sku_fp32_lanes_per_sm(int cc_major, int cc_minor)
{
    switch (cc_major) {
    case 3:
        return 192;
    case 5:
        return 128;
    case 6:
        return cc_minor == 0 ? 64 : 128;
    case 7:
        return 64;
    case 8:
        return cc_minor == 0 ? 64 : 128;
    default:
        return 128; /* sm_90 and newer; nothing older than sm_30 runs CUDA 13 anyway */
    }
}

/* word is a whole word of name, case-insensitively: the characters around
 * it are not letters or digits, so "L4" is not found in "L40S" and "H200"
 * not in "GH200". */
static int has_word(const char *name, const char *word)
{
    size_t n = strlen(name), w = strlen(word);
    for (size_t i = 0; i + w <= n; i++) {
        size_t j = 0;
        while (j < w && tolower((unsigned char)name[i + j]) == tolower((unsigned char)word[j]))
            j++;
        if (j < w)
            continue;
        int left_ok = i == 0 || !isalnum((unsigned char)name[i - 1]);
        int right_ok = i + w == n || !isalnum((unsigned char)name[i + w]);
        if (left_ok && right_ok)
            return 1;
    }
    return 0;
}

static int name_matches(const struct sku_spec *e, const char *name)
{
    for (int k = 0; k < 3 && e->words[k]; k++)
        if (!has_word(name, e->words[k]))
            return 0;
    return e->without == NULL || !has_word(name, e->without);
}

static int memory_matches(const struct sku_spec *e, size_t memory_bytes)
{
    if (memory_bytes == 0 || e->mem_max_gib <= 0)
        return 1;
    double gib = (double)memory_bytes / GIB_D;
    return gib >= e->mem_min_gib && gib <= e->mem_max_gib;
}

/* shared memory: SKU_SMEM_BYTES_PER_CLOCK_PER_SM per SM per clock; B x MHz / 1000 = GB/s */
static double smem_gbs_at(int sm_count, double mhz)
{
    return (double)sm_count * SKU_SMEM_BYTES_PER_CLOCK_PER_SM * mhz / 1000.0;
}

static void from_table(const struct sku_spec *e, const struct sku_query *q, struct sku *s)
{
    snprintf(s->name, sizeof s->name, "%s", e->name);
    s->computed = 0;
    s->sm_count = e->sm_count;
    s->fp32_lanes_per_sm = e->fp32_lanes_per_sm;
    s->boost_mhz = e->boost_mhz;
    s->dram_gbs = e->dram_gbs;
    s->fp32_gflops = e->fp32_gflops;
    s->smem_gbs = smem_gbs_at(e->sm_count, e->boost_mhz);
    s->source = e->source;
    size_t len = 0;
    s->note[0] = '\0';
    if (e->l2_mib > 0) {
        s->l2_bytes = (size_t)(e->l2_mib * 1048576.0);
    } else {
        s->l2_bytes = q->l2_bytes;
        len += (size_t)snprintf(s->note + len, sizeof s->note - len,
                                "L2 size from the device (no published figure). ");
    }
    /* A board that boosts differently from the datasheet (power-capped
     * SKUs, OEM variants) is worth knowing when the FP32 check fails. */
    if (q->sm_clock_max_mhz > 0 && fabs(q->sm_clock_max_mhz - e->boost_mhz) > 0.01 * e->boost_mhz &&
        len < sizeof s->note)
        snprintf(s->note + len, sizeof s->note - len,
                 "The device reports a %d MHz max SM clock; the datasheet FP32 peak is at %.0f MHz.",
                 q->sm_clock_max_mhz, e->boost_mhz);
}

static void compute_peaks(const struct sku_query *q, const struct sku_spec *near, struct sku *s)
{
    snprintf(s->name, sizeof s->name, "%s", q->device_name ? q->device_name : "unknown GPU");
    s->computed = 1;
    s->sm_count = q->sm_count;
    s->fp32_lanes_per_sm = sku_fp32_lanes_per_sm(q->cc_major, q->cc_minor);
    s->boost_mhz = q->sm_clock_max_mhz;
    /* lanes x 2 FLOPs per clock; MHz / 1000 gives GFLOP/s */
    s->fp32_gflops = (double)q->sm_count * s->fp32_lanes_per_sm * 2.0 * q->sm_clock_max_mhz / 1000.0;
    /* double data rate: 2 transfers per memory clock of bus/8 bytes each */
    s->dram_gbs = (double)q->mem_clock_max_mhz * 2.0 * (q->mem_bus_width_bits / 8.0) / 1000.0;
    s->smem_gbs = smem_gbs_at(q->sm_count, q->sm_clock_max_mhz);
    s->l2_bytes = q->l2_bytes;
    s->source = "computed from device properties";
    size_t len = 0;
    if (near)
        len = (size_t)snprintf(s->note, sizeof s->note,
                               "Name matches %s, but %d SMs / %.1f GiB differ from its %d SMs "
                               "(a MIG instance or another variant). ",
                               near->name, q->sm_count, (double)q->memory_bytes / GIB_D, near->sm_count);
    else
        len = (size_t)snprintf(s->note, sizeof s->note, "Not in mmprof's SKU table. ");
    if (len < sizeof s->note)
        snprintf(s->note + len, sizeof s->note - len,
                 "Computed, not datasheet, peaks: FP32 = %d SMs x %d lanes x 2 x %d MHz; "
                 "DRAM = %d MHz x 2 (DDR) x %d bits / 8%s.",
                 q->sm_count, s->fp32_lanes_per_sm, q->sm_clock_max_mhz, q->mem_clock_max_mhz,
                 q->mem_bus_width_bits, s->dram_gbs > 0 ? "" : " (unknown: no memory clock or bus width)");
}

void sku_detect(const struct sku_query *q, struct sku *s)
{
    const char *name = q->device_name ? q->device_name : "";
    const struct sku_spec *near = NULL;
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        const struct sku_spec *e = &table[i];
        if (!name_matches(e, name))
            continue;
        if (!near)
            near = e;
        if (e->sm_count != q->sm_count || !memory_matches(e, q->memory_bytes))
            continue;
        from_table(e, q, s);
        return;
    }
    compute_peaks(q, near, s);
}

double sku_fp32_peak_at_clock_gflops(const struct sku *s, double sm_clock_mhz)
{
    if (s->boost_mhz <= 0 || sm_clock_mhz <= 0)
        return 0.0;
    return s->fp32_gflops * sm_clock_mhz / s->boost_mhz;
}

double sku_smem_peak_at_clock_gbs(const struct sku *s, double sm_clock_mhz)
{
    if (sm_clock_mhz <= 0)
        return 0.0;
    return smem_gbs_at(s->sm_count, sm_clock_mhz);
}

/* Percent for a message. Whole percent, except near a bound, where rounding
 * could print "90 %" for 89.7 %: then two decimals, rounded away from the
 * bound so the text always shows which side it is on. */
static void format_pct(char *buf, size_t len, double pct)
{
    double low = 100.0 * SKU_WARN_LOW, high = 100.0 * SKU_WARN_HIGH;
    if (pct < low && pct > low - 0.5)
        snprintf(buf, len, "%.2f", floor(pct * 100.0) / 100.0);
    else if (pct > high && pct < high + 0.5)
        snprintf(buf, len, "%.2f", ceil(pct * 100.0) / 100.0);
    else
        snprintf(buf, len, "%.0f", pct);
}

int sku_gap_warning(char *buf, size_t len, const char *label, double measured, const char *unit,
                    double reference, const char *against)
{
    if (!(reference > 0))
        return 0;
    double frac = measured / reference;
    int low = frac < SKU_WARN_LOW, high = frac > SKU_WARN_HIGH;
    if (!low && !high && isfinite(frac))
        return 0;
    char pct[32];
    format_pct(pct, sizeof pct, 100.0 * frac);
    snprintf(buf, len, "%s %.0f %s is %s %% of %s %.0f %s%s", label, measured, unit, pct, against, reference,
             unit, high ? " (above it: check the SKU detection and the buffer sizes)" : "");
    return 1;
}

static void add_warning(struct sku_warnings *w, const char *label, double measured, const char *unit,
                        double reference, const char *against)
{
    if (w->count >= SKU_WARNINGS_MAX)
        return;
    if (sku_gap_warning(w->text[w->count], SKU_WARNING_LEN, label, measured, unit, reference, against))
        w->count++;
}

int sku_check_ceilings(const struct sku *s, const struct ceilings *c, struct sku_warnings *w)
{
    char against[192];
    const char *kind = s->computed ? "computed" : "datasheet";
    memset(w, 0, sizeof *w);

    snprintf(against, sizeof against, "the %s %s", s->name, s->computed ? "computed peak" : "datasheet");
    add_warning(w, ceiling_label(CEIL_DRAM_COPY), c->dram_copy_gbs, "GB/s", s->dram_gbs, against);
    add_warning(w, ceiling_label(CEIL_DRAM_READ), c->dram_read_gbs, "GB/s", s->dram_gbs, against);
    add_warning(w, ceiling_label(CEIL_DRAM_WRITE), c->dram_write_gbs, "GB/s", s->dram_gbs, against);

    double mhz = c->sm_clock_mhz_during;
    if (mhz > 0)
        snprintf(against, sizeof against, "the %s %s peak at the %.0f MHz SM clock measured during the run,",
                 s->name, kind, mhz);
    else
        snprintf(against, sizeof against, "the %s %s peak at the %.0f MHz boost clock (clock during the run unknown),",
                 s->name, kind, s->boost_mhz);
    add_warning(w, ceiling_label(CEIL_FP32), c->fp32_gflops, "GFLOP/s",
                mhz > 0 ? sku_fp32_peak_at_clock_gflops(s, mhz) : s->fp32_gflops, against);

    if (mhz > 0)
        snprintf(against, sizeof against,
                 "the %s architectural peak (128 B per clock per SM) at the %.0f MHz SM clock measured "
                 "during the run,", s->name, mhz);
    else
        snprintf(against, sizeof against, "the %s architectural peak (128 B per clock per SM) at the %.0f MHz boost clock,",
                 s->name, s->boost_mhz);
    add_warning(w, ceiling_label(CEIL_SMEM), c->smem_gbs, "GB/s",
                mhz > 0 ? sku_smem_peak_at_clock_gbs(s, mhz) : s->smem_gbs, against);
    /* L2: NVIDIA publishes no L2 bandwidth, so there is nothing to compare. */
    return w->count;
}
