/* The `diff` subcommand: options, loading both runs, one comparison
 * (diff_result.c), then its outputs and the exit code of --fail-on. */
#include "cli/commands.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomic_file.h"
#include "common/help.h"
#include "common/run_args.h"
#include "common/util.h"
#include "diff/diff_output.h"

/* Largest --threshold accepted: beyond 1000 % nothing would ever be a change. */
#define THRESHOLD_MAX_PCT 1000.0

enum { OPT_FAIL_ON = 256, OPT_MARKDOWN, OPT_JSON, OPT_JUNIT };

struct diff_opts {
    const char *a, *b;
    double threshold_pct;
    struct fail_rule rules[DIFF_MAX_RULES];
    size_t nrules;
    const char *markdown, *json, *junit; /* output files, NULL: not written */
};

static const struct help_option diff_options[] = {
    {"threshold", required_argument, 't', "PCT",
     "smallest time change that counts, in percent (default " HELP_STR(DIFF_DEFAULT_THRESHOLD_PCT) ")"},
    {"fail-on", required_argument, OPT_FAIL_ON, "RULE",
     "exit " HELP_STR(DIFF_EXIT_FAIL) " when RULE holds for a row; repeatable. RULE: slower>P%,\n"
     "faster>P%, cgma<R, cgma>R (measured CGMA B/A), changed (any significant\n"
     "change), missing (a row of A gone or no longer ok)"},
    {"markdown", required_argument, OPT_MARKDOWN, "FILE", "the table in Markdown"},
    {"json", required_argument, OPT_JSON, "FILE", "the comparison as JSON (schema mmprof-diff/2, docs/diff.md)"},
    {"junit", required_argument, OPT_JUNIT, "FILE",
     "JUnit XML, one test case per row: failed when a --fail-on rule holds\n"
     "(without --fail-on: when it changed significantly)"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help diff_help = {
    .command = "diff",
    .usage = "RUN_A RUN_B [--threshold PCT] [--fail-on RULE]... [--markdown|--json|--junit FILE]",
    .about = "Compares two runs variant by variant and size by size: the ratio B/A of the median\n"
             "kernel time with its 99 % interval (from every timed launch, " SAMPLES_CSV "), and the\n"
             "key counters (DRAM bytes, global load/store sectors, shared wavefronts and bank\n"
             "conflicts, achieved occupancy, FLOPs, registers per thread); then the rows only one\n"
             "run has. Method and JSON schema: docs/diff.md.\n"
             "\n"
             "A time change is significant when its whole interval lies beyond 1 +- PCT %; a run\n"
             "without launch times (" SAMPLES_CSV ": collected before it) falls back to B/A beyond PCT with\n"
             "the runs' [min, max] ranges apart, and says so. Counters that the code and shape fix\n"
             "(sectors, FLOPs, registers) must be equal; DRAM reads move within 2 % or 8192\n"
             "sectors, occupancy within 2 % or 1 point, conflicts and DRAM writes within PCT of\n"
             "their whole. A changed status always counts. B/A is always a ratio of times: across\n"
             "two GPUs it compares the GPUs, not the code, and the output says so first; the\n"
             "roof% columns put each time against its own GPU's roofline (attained / roof).\n"
             "`mmprof diff RUN RUN` shows no change.\n",
    .options = diff_options,
    .exit_status = "0 compared (changes are printed, not errors), 1 runtime failure,\n"
                   "2 bad usage or input, " HELP_STR(DIFF_EXIT_FAIL) " when a --fail-on rule holds for some row\n",
    .examples = {"mmprof diff results/before results/after                 # what changed, with intervals",
                 "mmprof diff A B --fail-on 'slower>3%' --junit results/diff.xml  # CI: fail on a slowdown",
                 "mmprof diff examples/seeds examples/seeds-h200           # two GPUs: times and roof%"},
};

static int parse_threshold(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || !(v >= 0 && v <= THRESHOLD_MAX_PCT)) {
        msg_error("diff: --threshold '%s': give a percentage from 0 to %.0f, e.g. --threshold 5", s,
                  THRESHOLD_MAX_PCT);
        return -1;
    }
    *out = v;
    return 0;
}

static int take_rule(struct diff_opts *o, const char *value)
{
    char err[512];
    if (o->nrules == DIFF_MAX_RULES) {
        msg_error("diff: --fail-on '%s': at most %d rules", value, DIFF_MAX_RULES);
        return -1;
    }
    if (fail_rule_parse(value, &o->rules[o->nrules], err, sizeof err) != 0) {
        msg_error("diff: %s", err);
        return -1;
    }
    o->nrules++;
    return 0;
}

static int take_option(void *ctx, int code, const char *value)
{
    struct diff_opts *o = ctx;
    switch (code) {
    case 't':
        return parse_threshold(value, &o->threshold_pct);
    case OPT_FAIL_ON:
        return take_rule(o, value);
    case OPT_MARKDOWN:
        o->markdown = value;
        return 0;
    case OPT_JSON:
        o->json = value;
        return 0;
    default:
        o->junit = value;
        return 0;
    }
}

/* Returns -1 to go on, or the exit code to stop with. */
static int parse_args(int argc, char **argv, struct diff_opts *o)
{
    const struct run_args spec = {&diff_help, take_option, o, 2};
    const char *runs[2];
    int rc = run_args_parse(&spec, argc, argv, runs);
    if (rc == -1) {
        o->a = runs[0];
        o->b = runs[1];
    }
    return rc;
}

/* Written under a temporary name and renamed: a reader never sees half a file. */
static int write_file(const char *path, const struct diff_result *r, int exit_code,
                      int (*write)(const struct diff_result *, int, FILE *))
{
    struct atomic_file af;
    if (atomic_open(&af, path) != 0 || write(r, exit_code, af.f) != 0 || atomic_finish(&af) != 0 ||
        atomic_commit(&af) != 0) {
        atomic_abort(&af); /* keeps errno */
        msg_error("diff: cannot write %s: %s (check the directory exists and is writable)", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int markdown(const struct diff_result *r, int exit_code, FILE *f)
{
    (void)exit_code;
    return diff_write_markdown(r, f);
}

static int junit(const struct diff_result *r, int exit_code, FILE *f)
{
    (void)exit_code;
    return diff_write_junit(r, f);
}

static int write_outputs(const struct diff_result *r, const struct diff_opts *o)
{
    int exit_code = r->t.tripped > 0 ? DIFF_EXIT_FAIL : EXIT_OK;
    if (diff_write_text(r, stdout) != 0) {
        msg_error("diff: cannot write to standard output");
        return EXIT_RUNTIME;
    }
    if ((o->markdown && write_file(o->markdown, r, exit_code, markdown) != 0) ||
        (o->json && write_file(o->json, r, exit_code, diff_write_json) != 0) ||
        (o->junit && write_file(o->junit, r, exit_code, junit) != 0))
        return EXIT_RUNTIME;
    return exit_code;
}

int cmd_diff(int argc, char **argv)
{
    struct diff_opts o;
    memset(&o, 0, sizeof o);
    o.threshold_pct = DIFF_DEFAULT_THRESHOLD_PCT;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;
    char err[3000];
    struct run_view va, vb;
    struct diff_run A, B;
    if ((rc = diff_run_load(o.a, &va, &A, err, sizeof err)) != EXIT_OK) {
        msg_error("diff: run A: %s", err);
        return rc;
    }
    if ((rc = diff_run_load(o.b, &vb, &B, err, sizeof err)) != EXIT_OK) {
        msg_error("diff: run B: %s", err);
        diff_run_free(&A);
        run_view_free(&va);
        return rc;
    }
    struct diff_result r;
    if (diff_result_build(&A, &B, o.threshold_pct, o.rules, o.nrules, &r) != 0) {
        msg_error("diff: out of memory comparing %zu and %zu rows", A.a.nrows, B.a.nrows);
        rc = EXIT_RUNTIME;
    } else {
        rc = write_outputs(&r, &o);
        diff_result_free(&r);
    }
    diff_run_free(&A);
    diff_run_free(&B);
    run_view_free(&va);
    run_view_free(&vb);
    return rc;
}
