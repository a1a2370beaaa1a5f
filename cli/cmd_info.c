#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "collector/device.h"
#include "collector/cupti/metric_set.h"
#include "collector/cupti/profiler.h"
#include "common/help.h"
#include "common/util.h"

static const struct help_option info_options[] = {
    {"device", required_argument, 'd', "N", "the CUDA device to describe (default 0)"},
    {"metrics", no_argument, 'm', NULL,
     "list the chip's hardware metrics (unit, description) instead;\n"
     "a PATTERN after the options (substring or glob) keeps those\n"
     "matching it. Works without a GPU (offline chip tables)"},
    {"chip", required_argument, 'c', "NAME", "with --metrics: the chip to list (default: the GPU's, else GH100)"},
    {"counters", required_argument, 'k', "M",
     "print the Perfworks counters that `collect --metrics M` reads\n"
     "(derived metrics resolved), comma-separated, for ncu --metrics;\n"
     "no GPU needed"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help info_help = {
    .command = "info",
    .usage = "[--device N] [--metrics [PATTERN]] [--chip NAME] [--counters M]",
    .about = "Describes the GPU (properties, clocks, driver and CUDA versions), or with\n"
             "--metrics lists the chip's hardware metrics with unit and description,\n"
             "optionally only those matching PATTERN (substring or glob). Without a GPU,\n"
             "--metrics reads the chip's tables offline (--chip, default GH100).\n"
             "--counters prints what a metric set reads from the hardware.\n",
    .options = info_options,
    .exit_status = "0 ok, 1 no GPU (without --metrics or --counters) or a driver failure,\n"
                   "2 bad usage (unknown option, device, chip or metric)\n",
    .examples = {"mmprof info                              # the GPU",
                 "mmprof info --metrics 'dram__*'          # DRAM metrics of this chip, offline too",
                 "mmprof info --counters default           # the counters behind the default set, for ncu"},
};

static void print_device(const struct device_info *d)
{
    char driver[64];
    int sm = -1, mem = -1;
    device_driver_string(driver, sizeof driver);
    printf("device %d: %s (compute capability %d.%d, PCI %s)\n", d->index, d->name, d->cc_major, d->cc_minor,
           d->pci_bus_id);
    printf("  SMs                     %d\n", d->sm_count);
    printf("  memory                  %.1f GiB, %d-bit bus, %d MHz max\n", d->memory_bytes / 1073741824.0,
           d->mem_bus_width_bits, d->mem_clock_max_mhz);
    printf("  L2                      %.1f MiB\n", d->l2_bytes / 1048576.0);
    printf("  shared memory           %zu KB/block (opt-in %zu KB), %zu KB/SM\n", d->shared_per_block_bytes / 1024,
           d->shared_per_block_optin_bytes / 1024, d->shared_per_sm_bytes / 1024);
    printf("  registers               %d/SM, %d/block\n", d->regs_per_sm, d->regs_per_block);
    printf("  threads                 %d/SM, %d/block, %d blocks/SM\n", d->max_threads_per_sm,
           d->max_threads_per_block, d->max_blocks_per_sm);
    printf("  SM clock                %d MHz max", d->sm_clock_max_mhz);
    if (device_clocks_mhz(d, &sm, &mem) == 0)
        printf(", now %d MHz (memory now %d MHz)", sm, mem);
    printf("\n  driver                  %s (CUDA %d.%d); runtime CUDA %d.%d\n", driver, d->driver_version / 1000,
           d->driver_version % 1000 / 10, d->runtime_version / 1000, d->runtime_version % 1000 / 10);
}

static int list_metrics(int have_device, int device, const char *chip, const char *pattern)
{
    char why[512];
    char chip_buf[64];
    if (!chip && have_device && profiler_device_chip(device, chip_buf, sizeof chip_buf, why, sizeof why) == PROFILER_OK)
        chip = chip_buf;
    if (!chip) {
        chip = "GH100";
        fprintf(stderr, "mmprof: no GPU: listing the metrics of chip %s offline (--chip to choose)\n", chip);
    }
    enum profiler_status st = metrics_list_chip(stdout, chip, pattern, why, sizeof why);
    if (st != PROFILER_OK) {
        msg_error("%s", why);
        /* a chip name CUPTI does not know is the user's --chip */
        return st == PROFILER_UNSUPPORTED_CHIP ? EXIT_USAGE : EXIT_RUNTIME;
    }
    return EXIT_OK;
}

/* The raw (Perfworks) names behind spec, as collect would read them. */
static int print_counters(const char *spec)
{
    char why[512];
    struct metric_set ms;
    metric_set_init(&ms);
    int rc = metric_set_parse(&ms, spec, why, sizeof why);
    if (rc != METRIC_SET_OK) {
        msg_error("--counters %s: %s", spec, why);
        metric_set_free(&ms);
        return rc == METRIC_SET_BAD_SPEC ? EXIT_USAGE : EXIT_RUNTIME;
    }
    for (size_t i = 0; i < ms.nraw; i++)
        printf("%s%s", i ? "," : "", ms.raw[i]);
    printf("\n");
    metric_set_free(&ms);
    return EXIT_OK;
}

int cmd_info(int argc, char **argv)
{
    struct option opts[HELP_MAX_OPTIONS];
    if (help_long_options(&info_help, opts, HELP_MAX_OPTIONS) < 0)
        return EXIT_RUNTIME;
    const char *chip = NULL;
    long device = 0;
    const char *counters = NULL;
    int metrics = 0, c;
    char why[512];
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
        if (c == 'd' && strcmp(optarg, "0") == 0) {
            device = 0;
            continue;
        }
        if (c == 'd' && parse_positive(optarg, 1023, &device, why, sizeof why) == 0)
            continue;
        if (c == 'd') {
            msg_error("--device %s: %s", optarg, why);
            return EXIT_USAGE;
        }
        if (c == ':') {
            help_missing_value(&info_help, argv[optind - 1], optopt, why, sizeof why);
            msg_error("%s", why);
            return EXIT_USAGE;
        }
        if (c == 'm') {
            metrics = 1;
        } else if (c == 'c') {
            chip = optarg;
        } else if (c == 'k') {
            counters = optarg;
        } else if (c == 'h') {
            help_print(&info_help, stdout);
            return EXIT_OK;
        } else {
            help_unknown_option(&info_help, argv[optind - 1], why, sizeof why);
            msg_error("%s", why);
            return EXIT_USAGE;
        }
    }
    const char *pattern = NULL;
    if (metrics && optind < argc)
        pattern = argv[optind++];
    if (optind < argc) {
        msg_error("unexpected argument '%s' (see `mmprof info --help`)", argv[optind]);
        return EXIT_USAGE;
    }
    if (counters && metrics) {
        msg_error("--counters and --metrics list different things; give one (see `mmprof info --help`)");
        return EXIT_USAGE;
    }
    if (counters)
        return print_counters(counters);
    int have = device_count(why, sizeof why) > 0;
    if (metrics)
        return list_metrics(have, (int)device, chip, pattern);
    printf("mmprof %s\n", MMPROF_VERSION);
    struct device_info d;
    if (!have || device_open((int)device, &d, why, sizeof why) != 0) {
        msg_error("%s; `mmprof info --metrics` lists the chip's metrics without a GPU", why);
        return EXIT_RUNTIME;
    }
    print_device(&d);
    return EXIT_OK;
}
