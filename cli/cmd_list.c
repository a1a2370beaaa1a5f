#include <getopt.h>
#include <stdio.h>

#include "cli/commands.h"
#include "cli/variant_select.h"
#include "common/help.h"
#include "common/util.h"
#include "common/wrap.h"

static const struct help_option list_options[] = {
    {"variants", required_argument, 'v', "V", "only these (all, names, families, globs; comma-separated)"},
    {"names", no_argument, 'n', NULL, "names only, one per line (for scripts)"},
    {"gpu", no_argument, 'g', NULL, "only variants that run on the GPU (not the CPU baseline)"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help list_help = {
    .command = "list",
    .usage = "[--variants V] [--names] [--gpu]",
    .about = "Lists the variants of the registry (model/kinds.def): name, family, parameters,\n"
             "the lab each reproduces (labs 000-004: the five course lab reports this suite\n"
             "reproduces; \"beyond\": past them), and what it does. Needs no GPU.\n",
    .options = list_options,
    .exit_status = "0 ok, 2 bad usage (unknown option or variant)\n",
    .examples = {"mmprof list                          # every variant",
                 "mmprof list --variants 'rt_b16_*'    # the 16x16-block register tiles",
                 "mmprof list --gpu --names            # names for a script"},
};

int cmd_list(int argc, char **argv)
{
    struct option opts[HELP_MAX_OPTIONS];
    if (help_long_options(&list_help, opts, HELP_MAX_OPTIONS) < 0)
        return EXIT_RUNTIME;
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
            help_print(&list_help, stdout);
            return EXIT_OK;
        } else {
            char why[512];
            help_unknown_option(&list_help, argv[optind - 1], why, sizeof why);
            msg_error("%s", why);
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
        printf("%-22s %-9s %-22s %-7s %s\n", "name", "family", "params", "lab", "what");
    for (int i = 0; i < n; i++) {
        if (gpu_only && !variant_on_gpu(sel[i]))
            continue;
        if (names_only)
            printf("%s\n", sel[i]->name);
        else /* the summary wraps under itself, within 120 columns */
            wrap_print(stdout,
                       (size_t)printf("%-22s %-9s %-22s %-7s ", sel[i]->name, family_name(sel[i]->family),
                                      variant_params(sel[i], params, sizeof params), sel[i]->seed),
                       sel[i]->summary, 64, WRAP_WIDTH);
    }
    return EXIT_OK;
}
