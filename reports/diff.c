/* The `diff` subcommand: options, the device check, then one line per
 * variant × size in both runs and the rows only one run has. */
#include "reports/diff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/run_args.h"
#include "common/shape_text.h"
#include "common/util.h"
#include "reports/diff_compare.h"

/* Largest --threshold accepted: beyond 1000 % nothing would ever be a change. */
#define THRESHOLD_MAX_PCT 1000.0

/* Lists of rows wrap before this column, as a terminal shows them. */
#define LIST_WIDTH 100

/* ASCII letters are left to short options; these codes have none. */
enum { OPT_FORCE = 256, OPT_FAIL_ON_CHANGE };

struct diff_opts {
    const char *a, *b;
    double threshold_pct;
    int force, fail_on_change;
};

struct tally {
    size_t compared, slower, faster, noise, counters, status, only_a, only_b;
};

static const struct help_option diff_options[] = {
    {"threshold", required_argument, 't', "PCT",
     "smallest change that counts, in percent (default " HELP_STR(DIFF_DEFAULT_THRESHOLD_PCT) ")"},
    {"force", no_argument, OPT_FORCE, NULL, "compare runs of different devices (name or SM count differ)"},
    {"fail-on-change", no_argument, OPT_FAIL_ON_CHANGE, NULL,
     "exit " HELP_STR(DIFF_EXIT_CHANGED) " when some change is significant (for scripts and CI)"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help diff_help = {
    .command = "diff",
    .usage = "RUN_A RUN_B [--threshold PCT] [--force] [--fail-on-change]",
    .about = "Compares two runs of the same GPU, variant by variant and size by size: the\n"
             "ratio B/A of the median kernel time and of the key counters (DRAM bytes, global\n"
             "load/store sectors, shared wavefronts and bank conflicts, achieved occupancy,\n"
             "FLOPs, registers per thread), then lists the rows only one run has.\n"
             "\n"
             "A time change is significant when |B/A - 1| > PCT and the [min, max] ranges of the\n"
             "timed launches of the two runs do not overlap (a change within the runs' own\n"
             "spread is shown as noise); when a run recorded no min/max, PCT alone decides\n"
             "(marked '?'). A counter change is significant when |B/A - 1| > PCT. A changed\n"
             "status (ok, failed, skipped) always is. `mmprof diff RUN RUN` shows no change.\n",
    .options = diff_options,
    .exit_status = "0 compared (changes are printed, not errors), 1 runtime failure,\n"
                   "2 bad usage or input, or different devices without --force; " HELP_STR(
                       DIFF_EXIT_CHANGED) " with\n"
                   "--fail-on-change when something changed\n",
    .examples = {"mmprof diff results/before results/after             # what changed",
                 "mmprof diff A B --threshold 2 --fail-on-change     # in CI: fail on a change",
                 "mmprof diff examples/seeds examples/seeds-h200 --force  # two GPUs"},
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

static int take_option(void *ctx, int code, const char *value)
{
    struct diff_opts *o = ctx;
    if (code == 't')
        return parse_threshold(value, &o->threshold_pct);
    if (code == OPT_FORCE)
        o->force = 1;
    else
        o->fail_on_change = 1;
    return 0;
}

/* Returns -1 to go on, or the exit code to stop with. */
static int parse_args(int argc, char **argv, struct diff_opts *o)
{
    const struct run_args spec = {&diff_help, "--threshold 5", take_option, o, 2};
    const char *runs[2];
    int rc = run_args_parse(&spec, argc, argv, runs);
    if (rc == -1) {
        o->a = runs[0];
        o->b = runs[1];
    }
    return rc;
}

/* Plain ASCII: the columns are aligned by byte count. */
static char *size_text(char *buf, size_t len, const struct analysis_row *r)
{
    return shape_text(buf, len, r->m, r->n, r->k);
}

static char *num(char *buf, size_t len, double v)
{
    if (isnan(v))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.4g", v);
    return buf;
}

static const char *verdict(const struct diff_pair *p)
{
    static const char *const names[] = {"same", "noise", "FASTER", "SLOWER", "-"};
    if (p->time == TIME_UNMEASURED)
        return strcmp(p->rb->status, "ok") != 0 ? p->rb->status : p->ra->status;
    return names[p->time];
}

static void print_header(const struct diff_run *A, const struct diff_run *B, const struct diff_opts *o)
{
    printf("A: %s (%s, %.0f SMs)\n", A->dir, A->a.run.device_name[0] ? A->a.run.device_name : "unnamed GPU",
           A->a.run.sm_count);
    printf("B: %s (%s, %.0f SMs)\n", B->dir, B->a.run.device_name[0] ? B->a.run.device_name : "unnamed GPU",
           B->a.run.sm_count);
    printf("significant: |B/A - 1| > %g %%; for time also outside both runs' [min, max] spread\n\n",
           o->threshold_pct);
    printf("%-22s %-16s %12s %12s %9s  %-7s %s\n", "variant", "size", "median A ms", "median B ms", "B/A", "time",
           "other changes");
}

static void print_changes(const struct diff_pair *p)
{
    if (p->status_changed)
        printf(" status %s -> %s;", p->ra->status, p->rb->status);
    for (size_t i = 0; i < p->nchanged; i++) {
        const struct counter_change *c = &p->changed[i];
        if (isfinite(c->ratio))
            printf(" %s %.3gx;", c->name, c->ratio);
        else
            printf(" %s %.4g -> %.4g;", c->name, c->a, c->b);
    }
}

static void print_pair(const struct diff_pair *p)
{
    char size[64], a[32], b[32], r[32];
    snprintf(r, sizeof r, "%.3fx%s", p->time_ratio, p->spread_known ? "" : "?");
    printf("%-22s %-16s %12s %12s %9s  ", p->ra->variant, size_text(size, sizeof size, p->ra),
           num(a, sizeof a, p->time_a), num(b, sizeof b, p->time_b), p->time == TIME_UNMEASURED ? "-" : r);
    /* pad the verdict only when something follows it: no trailing blanks */
    printf(p->status_changed || p->nchanged ? "%-7s" : "%s", verdict(p));
    print_changes(p);
    printf("\n");
}

static void tally_pair(const struct diff_pair *p, struct tally *t)
{
    t->compared++;
    t->slower += p->time == TIME_SLOWER;
    t->faster += p->time == TIME_FASTER;
    t->noise += p->time == TIME_NOISE;
    t->counters += p->nchanged > 0;
    t->status += p->status_changed != 0;
}

/* Rows of `from` that `other` lacks, wrapped at LIST_WIDTH; returns how many. */
static size_t print_only(const struct diff_run *from, const struct diff_run *other, const char *label)
{
    size_t n = 0, col = 0;
    char size[64], item[160];
    for (size_t i = 0; i < from->a.nrows; i++) {
        const struct analysis_row *r = &from->a.rows[i];
        if (diff_find(other, r) < other->a.nrows)
            continue;
        int len = snprintf(item, sizeof item, "%s %s", r->variant, size_text(size, sizeof size, r));
        if (n == 0)
            col = (size_t)printf("%s %s", label, item);
        else if (col + 2 + (size_t)len > LIST_WIDTH)
            col = (size_t)printf(",\n  %s", item) - 2;
        else
            col += (size_t)printf(", %s", item);
        n++;
    }
    if (n > 0)
        printf("\n");
    return n;
}

static int compare(const struct diff_run *A, const struct diff_run *B, const struct diff_opts *o)
{
    struct tally t = {0};
    print_header(A, B, o);
    for (size_t ia = 0; ia < A->a.nrows; ia++) {
        size_t ib = diff_find(B, &A->a.rows[ia]);
        if (ib == B->a.nrows || diff_find(A, &A->a.rows[ia]) != ia)
            continue; /* only in A, or a repeat of a row already compared */
        struct diff_pair p;
        diff_compare(A, ia, B, ib, o->threshold_pct, &p);
        print_pair(&p);
        tally_pair(&p, &t);
    }
    printf("\n");
    t.only_a = print_only(A, B, "only in A:");
    t.only_b = print_only(B, A, "only in B:");
    size_t changed = t.slower + t.faster + t.counters + t.status;
    if (t.compared == 0)
        printf("the runs have no variant x size in common: nothing to compare\n");
    printf("%zu rows compared: %zu slower, %zu faster, %zu within noise, %zu with counter changes, %zu status "
           "changes; %zu only in A, %zu only in B\n",
           t.compared, t.slower, t.faster, t.noise, t.counters, t.status, t.only_a, t.only_b);
    printf(changed ? "significant changes found\n" : "no significant change\n");
    if (fflush(stdout) != 0) {
        msg_error("diff: cannot write to standard output");
        return EXIT_RUNTIME;
    }
    return changed && o->fail_on_change ? DIFF_EXIT_CHANGED : EXIT_OK;
}

int cmd_diff(int argc, char **argv)
{
    struct diff_opts o = {NULL, NULL, DIFF_DEFAULT_THRESHOLD_PCT, 0, 0};
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;
    char err[3000];
    struct diff_run A, B;
    if ((rc = diff_run_load(o.a, &A, err, sizeof err)) != EXIT_OK) {
        msg_error("diff: run A: %s", err);
        return rc;
    }
    if ((rc = diff_run_load(o.b, &B, err, sizeof err)) != EXIT_OK) {
        msg_error("diff: run B: %s", err);
        diff_run_free(&A);
        return rc;
    }
    int same = diff_same_device(&A, &B, err, sizeof err) == 0;
    if (!same && !o.force) {
        msg_error("diff: %s: pass --force to compare them anyway", err);
        rc = EXIT_USAGE;
    } else {
        if (!same)
            msg_warn("diff: comparing across devices (--force): %s", err);
        rc = compare(&A, &B, &o);
    }
    diff_run_free(&A);
    diff_run_free(&B);
    return rc;
}
