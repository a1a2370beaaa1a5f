#include "common/run_args.h"

#include <string.h>

#include "common/util.h"

static int wrong_count(const struct run_args *spec, int given)
{
    const char *what;
    if (spec->nruns == 1)
        what = given < 1 ? "no run directory given" : "more than one run directory given";
    else
        what = given < spec->nruns ? "give two run directories" : "more than two run directories given";
    msg_error("%s: %s: usage: mmprof %s %s", spec->help->command, what, spec->help->command, spec->help->usage);
    return EXIT_USAGE;
}

int run_args_parse(const struct run_args *spec, int argc, char **argv, const char **runs)
{
    const char *command = spec->help->command;
    struct option opts[HELP_MAX_OPTIONS];
    if (help_long_options(spec->help, opts, HELP_MAX_OPTIONS) < 0) {
        msg_error("%s: more than %d options in its help table", command, HELP_MAX_OPTIONS);
        return EXIT_RUNTIME;
    }
    char shortopts[2 * HELP_MAX_OPTIONS + 4];
    /* ':' first: a missing value comes back as ':' so the message is ours */
    help_short_options(spec->help, ":", shortopts, sizeof shortopts);
    int c;
    optind = 1;
    opterr = 0; /* our own one-line messages */
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        if (c == 'h') {
            help_print(spec->help, stdout);
            return EXIT_OK;
        }
        if (c == ':' || c == '?') {
            char why[600];
            if (c == ':')
                help_missing_value(spec->help, argv[optind - 1], optopt, why, sizeof why);
            else
                help_unknown_option(spec->help, argv[optind - 1], why, sizeof why);
            msg_error("%s", why);
            return EXIT_USAGE;
        }
        if (spec->option(spec->ctx, c, optarg) != 0)
            return EXIT_USAGE;
    }
    if (argc - optind != spec->nruns)
        return wrong_count(spec, argc - optind);
    for (int i = 0; i < spec->nruns; i++)
        runs[i] = argv[optind + i];
    return -1;
}
