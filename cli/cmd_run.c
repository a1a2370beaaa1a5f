/* mmprof run: the main job. collect + analyze + plot + report on a GPU;
 * without one, the same report built from the committed example run. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "analysis/analyze_cmd.h"
#include "cli/commands.h"
#include "collector/device.h"
#include "common/util.h"
#include "plots/plot_cmd.h"
#include "reports/report.h"

#define MAX_ARGS 64

static const char run_help[] =
    "usage: mmprof run [collect options] [--example DIR]\n"
    "\n"
    "Runs the whole job: collect (default: --variants all --sizes 1024,2048),\n"
    "analyze, plot and report, and prints where the report is. Collect options\n"
    "pass through (see `mmprof collect --help`). On a machine without a GPU it\n"
    "says so and builds the report from the committed example run instead\n"
    "(--example, default " MMPROF_SOURCE_DIR "/examples/seeds), copied to a new\n"
    "run directory so the example itself is left untouched.\n";

static int copy_file(const char *from_dir, const char *to_dir, const char *name)
{
    char from[4096], to[4096], buf[65536];
    size_t n;
    snprintf(from, sizeof from, "%s/%s", from_dir, name);
    snprintf(to, sizeof to, "%s/%s", to_dir, name);
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    int ok = in && out;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    ok = ok && !ferror(in);
    if (in)
        fclose(in);
    if (out)
        ok = fclose(out) == 0 && ok;
    if (!ok)
        msg_error("cannot copy %s to %s: %s", from, to, strerror(errno));
    return ok ? 0 : -1;
}

static int copy_example(const char *example, char *dir, size_t len)
{
    char stamp[32];
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime(&now));
    snprintf(dir, len, "results/example-%s", stamp);
    if ((mkdir("results", 0777) != 0 && errno != EEXIST) || mkdir(dir, 0777) != 0) {
        msg_error("cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    if (copy_file(example, dir, "run.json") != 0 || copy_file(example, dir, "results.csv") != 0)
        return -1;
    return 0;
}

static int analyze_plot_report(const char *dir)
{
    char *a[] = {"analyze", (char *)dir, NULL};
    char *p[] = {"plot", (char *)dir, NULL};
    char *r[] = {"report", (char *)dir, NULL};
    int rc = cmd_analyze(2, a);
    if (rc != 0)
        return rc;
    rc = cmd_plot(2, p);
    if (rc != 0)
        msg_warn("plot failed (exit %d); the report goes on without the missing charts", rc);
    rc = cmd_report(2, r);
    if (rc != 0)
        return rc;
    printf("report: %s/report.html (and report.md)\n", dir);
    return EXIT_OK;
}

/* Splits --example out of the arguments; the rest go to collect. */
static int split_args(int argc, char **argv, const char **example, int *help, char **collect_argv, int *collect_argc,
                      char *out, size_t out_len)
{
    int n = 0, has_out = 0, has_variants = 0, has_sizes = 0;
    collect_argv[n++] = "collect";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            *help = 1;
        if (strcmp(argv[i], "--example") == 0 && i + 1 < argc) {
            *example = argv[++i];
            continue;
        }
        has_out |= strcmp(argv[i], "--out") == 0;
        has_variants |= strcmp(argv[i], "--variants") == 0;
        has_sizes |= strcmp(argv[i], "--sizes") == 0 || strcmp(argv[i], "--mnk") == 0;
        if (has_out && strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            snprintf(out, out_len, "%s", argv[i + 1]);
        if (n >= MAX_ARGS - 8)
            return -1;
        collect_argv[n++] = argv[i];
    }
    if (!has_variants) {
        collect_argv[n++] = "--variants";
        collect_argv[n++] = "all";
    }
    if (!has_sizes) {
        collect_argv[n++] = "--sizes";
        collect_argv[n++] = "1024,2048";
    }
    if (!has_out) {
        char stamp[32];
        time_t now = time(NULL);
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime(&now));
        snprintf(out, out_len, "results/run-%s", stamp);
        collect_argv[n++] = "--out";
        collect_argv[n++] = out;
    }
    collect_argv[n] = NULL;
    *collect_argc = n;
    return 0;
}

int cmd_run(int argc, char **argv)
{
    const char *example = MMPROF_SOURCE_DIR "/examples/seeds";
    char *cargv[MAX_ARGS], out[4096] = "", why[512], dir[4096];
    int cargc = 0, help = 0;
    if (split_args(argc, argv, &example, &help, cargv, &cargc, out, sizeof out) != 0) {
        msg_error("too many arguments");
        return EXIT_USAGE;
    }
    if (help) {
        fputs(run_help, stdout);
        return EXIT_OK;
    }
    /* Bad options are bad options with or without a GPU. */
    static struct collect_args parsed;
    int rc = collect_parse(cargc, cargv, &parsed, why, sizeof why);
    if (rc != 0) {
        msg_error("%s", why);
        return rc;
    }
    if (device_count(why, sizeof why) <= 0) {
        fprintf(stderr, "mmprof: %s: building the report from the example run %s\n", why, example);
        if (copy_example(example, dir, sizeof dir) != 0)
            return EXIT_RUNTIME;
        return analyze_plot_report(dir);
    }
    rc = cmd_collect(cargc, cargv);
    if (rc != 0)
        return rc;
    return analyze_plot_report(out);
}
