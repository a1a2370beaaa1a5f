#include "common/run_args.h"

#include <string.h>

#include "common/util.h"

#define MAX_OPTIONS 16

/* The command's options plus --help, for getopt_long. */
static int all_options(const struct run_args *spec, struct option *opts, char *shortopts, size_t len)
{
    size_t n = 0;
    for (const struct option *o = spec->options; o && o->name; o++) {
        if (n + 2 >= MAX_OPTIONS)
            return -1;
        opts[n++] = *o;
    }
    opts[n++] = (struct option){"help", no_argument, NULL, 'h'};
    opts[n] = (struct option){NULL, 0, NULL, 0};
    /* ':' first: a missing value comes back as ':' so the message is ours */
    return (size_t)snprintf(shortopts, len, ":%sh", spec->shortopts ? spec->shortopts : "") < len ? 0 : -1;
}

static int wrong_count(const struct run_args *spec, int given)
{
    const char *what;
    if (spec->nruns == 1)
        what = given < 1 ? "no run directory given" : "more than one run directory given";
    else
        what = given < spec->nruns ? "give two run directories" : "more than two run directories given";
    msg_error("%s: %s: usage: %s", spec->command, what, spec->usage_line);
    return EXIT_USAGE;
}

int run_args_parse(const struct run_args *spec, int argc, char **argv, const char **runs)
{
    struct option opts[MAX_OPTIONS];
    char shortopts[64];
    if (all_options(spec, opts, shortopts, sizeof shortopts) != 0) {
        msg_error("%s: too many options for the run-directory parser", spec->command);
        return EXIT_RUNTIME;
    }
    int c;
    optind = 1;
    opterr = 0; /* our own one-line messages */
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        if (c == 'h') {
            spec->usage(stdout);
            return EXIT_OK;
        }
        if (c == ':') {
            msg_error("%s: option '%s' needs a value: e.g. %s", spec->command, argv[optind - 1],
                      spec->value_example ? spec->value_example : spec->usage_line);
            return EXIT_USAGE;
        }
        if (c == '?') {
            msg_error("%s: unknown option '%s': see `mmprof %s --help`", spec->command, argv[optind - 1],
                      spec->command);
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
