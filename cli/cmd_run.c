/* mmprof run: the main job. collect + analyze + plot + report on a GPU;
 * without one, the same report built from the committed example run. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/commands.h"
#include "collector/device.h"
#include "common/help.h"
#include "common/util.h"
#include "reports/report.h"
#include "rundir/run_create.h"
#include "rundir/run_files.h"

#define MAX_ARGS 64

/* The committed example a GPU-less run reports on, and where its copy goes
 * (reused, so repeated runs do not pile up copies). */
#define DEFAULT_EXAMPLE MMPROF_SOURCE_DIR "/examples/seeds"
#define EXAMPLE_COPY "results/example"

static const struct help_option run_options[] = {
    {"example", required_argument, 'e', "DIR",
     "without a GPU: the run to report on (default: examples/seeds\n"
     "of the source tree mmprof was built from)"},
    {"out", required_argument, 'o', "DIR",
     "the run directory (default results/run-<time>; without a\n"
     "GPU the example's copy, default " EXAMPLE_COPY ", replaced each run)"},
    {"variants", required_argument, 'v', "V", "as collect (default all); needs a GPU"},
    {"sizes", required_argument, 's', "S,...", "as collect (default 1024,2048); needs a GPU"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help run_help = {
    .command = "run",
    .usage = "[--example DIR] [--out DIR] [collect options]",
    .about = "Runs the whole job: collect, analyze, plot and report, and prints where the\n"
             "report is. Every collect option passes through (`mmprof help collect`).\n"
             "On a machine without a GPU it says so and builds the report of the committed\n"
             "example run instead, from a copy (the example itself is left untouched);\n"
             "then only --example and --out apply, and a measuring option is an error.\n",
    .options = run_options,
    .exit_status = "0 report written, 1 runtime failure (a measuring option without a GPU,\n"
                   "a write failed), 2 bad usage (a collect option, --example not a run,\n"
                   "--out already holds a run)\n",
    .examples = {"mmprof run                                   # the main job; report path printed",
                 "mmprof run --variants matmul --sizes 4096    # the matmuls at one size",
                 "mmprof run --out results/ex                  # without a GPU: the example's report there"},
};

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

static int is_file(const char *dir, const char *name)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Copies the example's run.json and results.csv (both there) into dir: out
 * (a new run directory) or EXAMPLE_COPY (the previous copy replaced).
 * Nothing is left behind when it fails. */
static int copy_example(const char *example, const char *out, char *dir, size_t len)
{
    char why[512];
    int made = 0;
    if (out) {
        int rc = rundir_create(out, NULL, dir, len, why, sizeof why);
        if (rc != 0) {
            msg_error("%s", why);
            return rc;
        }
        made = 1;
    } else {
        snprintf(dir, len, "%s", EXAMPLE_COPY);
        if ((mkdir("results", 0777) != 0 && errno != EEXIST) || (!(made = mkdir(dir, 0777) == 0) && errno != EEXIST)) {
            msg_error("cannot create %s: %s (run mmprof in a writable directory, or give --out)", dir,
                      strerror(errno));
            return EXIT_RUNTIME;
        }
    }
    if (copy_file(example, dir, RUN_JSON) == 0 && copy_file(example, dir, RESULTS_CSV) == 0)
        return EXIT_OK;
    if (made) {
        char path[4200];
        run_path(path, sizeof path, dir, RUN_JSON);
        unlink(path);
        run_path(path, sizeof path, dir, RESULTS_CSV);
        unlink(path);
        rmdir(dir);
    }
    return EXIT_RUNTIME;
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
    printf("report: %s/" REPORT_HTML " (and " REPORT_MD ")\n", dir);
    return EXIT_OK;
}

/* Splits --example out of the arguments; the rest go to collect. measuring
 * gets the first option that only a GPU can honour (not --out), or NULL. */
static int split_args(int argc, char **argv, const char **example, int *help, char **collect_argv, int *collect_argc,
                      char *out, size_t out_len, int *has_out, const char **measuring)
{
    int n = 0, has_variants = 0, has_sizes = 0;
    *has_out = 0;
    *measuring = NULL;
    collect_argv[n++] = "collect";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            *help = 1;
        if (strcmp(argv[i], "--example") == 0 && i + 1 < argc) {
            *example = argv[++i];
            continue;
        }
        if (strncmp(argv[i], "--example=", 10) == 0) {
            *example = argv[i] + 10;
            continue;
        }
        int is_out = strcmp(argv[i], "--out") == 0, out_eq = strncmp(argv[i], "--out=", 6) == 0;
        *has_out |= is_out || out_eq;
        if (out_eq)
            snprintf(out, out_len, "%s", argv[i] + 6);
        else if (is_out && i + 1 < argc)
            snprintf(out, out_len, "%s", argv[i + 1]);
        else if (!*measuring && argv[i][0] == '-' && !(i > 1 && strcmp(argv[i - 1], "--out") == 0))
            *measuring = argv[i];
        /* --variants V and --variants=V alike */
        has_variants |= strncmp(argv[i], "--variants", 10) == 0;
        has_sizes |= strncmp(argv[i], "--sizes", 7) == 0 || strncmp(argv[i], "--mnk", 5) == 0;
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
    if (!*has_out) {
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
    const char *example = DEFAULT_EXAMPLE, *measuring;
    char *cargv[MAX_ARGS], out[4096] = "", why[512], dir[4096];
    int cargc = 0, help = 0, has_out;
    if (split_args(argc, argv, &example, &help, cargv, &cargc, out, sizeof out, &has_out, &measuring) != 0) {
        msg_error("too many arguments");
        return EXIT_USAGE;
    }
    if (help) {
        help_print(&run_help, stdout);
        return EXIT_OK;
    }
    /* Bad options are bad options with or without a GPU. */
    static struct collect_args parsed;
    int rc = collect_parse(cargc, cargv, &parsed, why, sizeof why);
    if (rc != 0) {
        msg_error("%s", why);
        return rc;
    }
    if (has_out && (rc = rundir_check_new(out, why, sizeof why)) != 0) {
        msg_error("%s", why);
        return rc;
    }
    if (device_count(why, sizeof why) <= 0) {
        if (measuring) {
            msg_error("%s: %s measures on a GPU; without one `mmprof run` builds the example run's report and "
                      "takes only --example and --out",
                      why, measuring);
            return EXIT_RUNTIME;
        }
        if (!is_file(example, RESULTS_CSV) || !is_file(example, RUN_JSON)) {
            msg_error("--example %s: no " RESULTS_CSV " and " RUN_JSON " there: give a run directory written by `mmprof "
                      "collect`, e.g. --example examples/seeds",
                      example);
            return EXIT_USAGE;
        }
        fprintf(stderr, "mmprof: %s: building the report from the example run %s\n", why, example);
        rc = copy_example(example, has_out ? out : NULL, dir, sizeof dir);
        return rc != EXIT_OK ? rc : analyze_plot_report(dir);
    }
    rc = cmd_collect(cargc, cargv);
    if (rc != 0)
        return rc;
    return analyze_plot_report(out);
}
