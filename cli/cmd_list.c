#include <getopt.h>
#include <stdio.h>

#include "cli/commands.h"
#include "cli/variant_select.h"
#include "common/util.h"

static const char list_help[] =
    "usage: mmprof list [--variants V] [--names] [--gpu]\n"
    "\n"
    "Lists the variants of the registry: name, family, parameters, the seed\n"
    "experiment each reproduces, and what it does.\n"
    "\n"
    "  --variants V   only these (all, names, families, globs; comma-separated)\n"
    "  --names        names only, one per line (for scripts)\n"
    "  --gpu          only variants that run on the GPU (not the CPU baseline)\n";

int cmd_list(int argc, char **argv)
{
    static const struct option opts[] = {
        {"variants", required_argument, NULL, 'v'},
        {"names", no_argument, NULL, 'n'},
        {"gpu", no_argument, NULL, 'g'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *spec = "all";
    int names_only = 0, gpu_only = 0, c;
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
        if (c == 'v') {
            spec = optarg;
        } else if (c == 'n') {
            names_only = 1;
        } else if (c == 'g') {
            gpu_only = 1;
        } else if (c == 'h') {
            fputs(list_help, stdout);
            return EXIT_OK;
        } else {
            msg_error("unknown or incomplete option '%s' (see `mmprof list --help`)", argv[optind - 1]);
            return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        msg_error("unexpected argument '%s' (see `mmprof list --help`)", argv[optind]);
        return EXIT_USAGE;
    }
    const struct variant *sel[256];
    char why[512], params[64];
    int n = select_variants(spec, sel, sizeof sel / sizeof sel[0], why, sizeof why);
    if (n < 0) {
        msg_error("%s", why);
        return EXIT_USAGE;
    }
    if (!names_only)
        printf("%-22s %-9s %-22s %-7s %s\n", "name", "family", "params", "seed", "what");
    for (int i = 0; i < n; i++) {
        if (gpu_only && !variant_on_gpu(sel[i]))
            continue;
        if (names_only)
            printf("%s\n", sel[i]->name);
        else
            printf("%-22s %-9s %-22s %-7s %s\n", sel[i]->name, family_name(sel[i]->family),
                   variant_params(sel[i], params, sizeof params), sel[i]->seed, sel[i]->summary);
    }
    return EXIT_OK;
}
