/* ncu's verdict per launch (ncu_launches.h), from the long table of an
 * export: one pass over the rows, a launch per new ID. */
#include "xcheck/ncu_launches.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xcheck/ncu_csv.h"
#include "xcheck/ncu_table.h"

static const struct {
    const char *name, *limiter;
} limiters[] = {
#define LIMITER(name, limiter) {name, limiter},
#include "xcheck/limiters.def"
};

const char *xc_limiter(const char *name)
{
    for (size_t i = 0; i < sizeof limiters / sizeof limiters[0]; i++)
        if (strcmp(limiters[i].name, name) == 0)
            return limiters[i].limiter;
    return NULL;
}

const char *ncu_sol_description_limiter(const char *d)
{
    if (strstr(d, "latency"))
        return "latency";
    if (strstr(d, "Memory is more heavily utilized"))
        return "memory";
    if (strstr(d, "Compute is more heavily utilized"))
        return "compute";
    return NULL;
}

const char *ncu_sol_limiter(double compute_pct, double memory_pct)
{
    if (isnan(compute_pct) || isnan(memory_pct))
        return NULL;
    if (compute_pct < NCU_SOL_LATENCY_PCT && memory_pct < NCU_SOL_LATENCY_PCT)
        return "latency";
    return memory_pct >= compute_pct ? "memory" : "compute";
}

/* The SOL throughputs by their details label or their metric name (the raw
 * page, or details with --print-metric-name name). */
static const char *const compute_names[] = {"Compute (SM) Throughput", "sm__throughput.avg.pct_of_peak_sustained_elapsed"};
static const char *const memory_names[] = {"Memory Throughput",
                                           "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"};

static int named(const char *metric, const char *const names[2])
{
    return strcmp(metric, names[0]) == 0 || strcmp(metric, names[1]) == 0;
}

struct cols {
    int id, kernel, metric, value, rule, description, speedup, speedup_type, unit;
};

static struct ncu_launch *launch_of(struct ncu_launches *out, long id, const char *kernel)
{
    if (out->n && out->l[out->n - 1].id == id)
        return &out->l[out->n - 1];
    for (size_t i = 0; i < out->n; i++)
        if (out->l[i].id == id)
            return &out->l[i];
    struct ncu_launch *p = realloc(out->l, (out->n + 1) * sizeof *p);
    if (!p)
        return NULL;
    out->l = p;
    struct ncu_launch *l = &p[out->n++];
    memset(l, 0, sizeof *l);
    l->id = id;
    snprintf(l->kernel, sizeof l->kernel, "%s", kernel);
    l->compute_pct = l->memory_pct = l->top_speedup_pct = NAN;
    return l;
}

static void take_rule(struct ncu_launch *l, const struct table *t, size_t row, const struct cols *c)
{
    const char *rule = table_str(t, row, c->rule), *limiter = xc_limiter(rule);
    if (strcmp(rule, "SOLBottleneck") == 0) {
        limiter = ncu_sol_description_limiter(table_str(t, row, c->description));
        if (limiter)
            snprintf(l->sol_limiter, sizeof l->sol_limiter, "%s", limiter);
    }
    /* the pipes rule says either: "All compute pipelines are under-utilized" is latency */
    if (strcmp(rule, "HighPipeUtilization") == 0 && strstr(table_str(t, row, c->description), "under-utilized"))
        limiter = "latency";
    double speedup;
    if (xc_ncu_value(table_str(t, row, c->speedup), &speedup) != 0 || !(speedup > 0))
        return;
    /* a "global" estimate is of the kernel's whole time, a "local" one of the part the rule
     * looks at: a global estimate outranks every local one, as the kernel's time is what counts */
    int global = c->speedup_type < 0 || strcmp(table_str(t, row, c->speedup_type), "global") == 0;
    if (isnan(l->top_speedup_pct) || global > l->top_global || (global == l->top_global && speedup > l->top_speedup_pct)) {
        snprintf(l->top_rule, sizeof l->top_rule, "%s", rule);
        l->top_speedup_pct = speedup;
        l->top_limiter = limiter;
        l->top_global = global;
    }
}

static int take_row(struct ncu_launches *out, const struct table *t, size_t row, const struct cols *c,
                    const char *path, char *err, size_t err_len)
{
    const char *id_text = table_str(t, row, c->id);
    char *end;
    errno = 0;
    long id = strtol(id_text, &end, 10);
    if (end == id_text || *end != '\0' || errno == ERANGE || id < 0) {
        snprintf(err, err_len, "%s line %zu: ID '%s' is not a kernel number; %s", path, t->row_line[row], id_text,
                 NCU_EXPORT_FIX);
        return -1;
    }
    struct ncu_launch *l = launch_of(out, id, table_str(t, row, c->kernel));
    if (!l) {
        snprintf(err, err_len, "out of memory reading %s", path);
        return -1;
    }
    if (c->rule >= 0 && table_str(t, row, c->rule)[0]) {
        take_rule(l, t, row, c);
        return 0;
    }
    const char *metric = table_str(t, row, c->metric);
    /* the SOL throughputs are the "%" ones: the memory workload's "Memory Throughput" is in byte/s */
    if (c->unit >= 0 && strcmp(table_str(t, row, c->unit), "%") != 0)
        return 0;
    double v;
    if (xc_ncu_value(table_str(t, row, c->value), &v) != 0)
        return 0;
    if (named(metric, compute_names))
        l->compute_pct = v;
    else if (named(metric, memory_names))
        l->memory_pct = v;
    return 0;
}

int ncu_launches_read(const char *path, struct ncu_launches *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    enum ncu_page page;
    struct table *t = ncu_table_read(path, &page, err, err_len);
    if (!t)
        return -1;
    struct cols c = {table_col(t, "ID"),          table_col(t, "Kernel Name"),      table_col(t, "Metric Name"),
                     table_col(t, "Metric Value"), table_col(t, "Rule Name"),        table_col(t, "Rule Description"),
                     table_col(t, "Estimated Speedup"), table_col(t, "Estimated Speedup Type"),
                     table_col(t, "Metric Unit")};
    out->has_rules = page == NCU_PAGE_DETAILS && c.rule >= 0;
    int rc = 0;
    for (size_t row = 0; row < t->nrows && rc == 0; row++)
        rc = take_row(out, t, row, &c, path, err, err_len);
    if (rc == 0 && out->n == 0) {
        snprintf(err, err_len, "%s holds no kernel: ncu profiled nothing (check its filters and its log)", path);
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < out->n; i++) {
        struct ncu_launch *l = &out->l[i];
        const char *lim = ncu_sol_limiter(l->compute_pct, l->memory_pct);
        if (!l->sol_limiter[0] && lim)
            snprintf(l->sol_limiter, sizeof l->sol_limiter, "%s", lim);
    }
    table_free(t);
    if (rc != 0)
        ncu_launches_free(out);
    return rc;
}

void ncu_launches_free(struct ncu_launches *l)
{
    free(l->l);
    l->l = NULL;
    l->n = 0;
}
