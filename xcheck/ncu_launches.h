/* ncu's verdict on each launch of an export (ncu_table.h): its kernel, its
 * Speed-of-Light compute and memory throughput, its SOL bottleneck and its
 * rule of highest estimated speedup (details page; the raw page has no
 * rules), each with the limiter limiters.def gives it. Launches are in ID
 * order, the order the app launched them. */
#ifndef MMPROF_XCHECK_NCU_LAUNCHES_H
#define MMPROF_XCHECK_NCU_LAUNCHES_H

#include <stddef.h>

/* A kernel's throughput below this % of peak on both compute and memory is
 * latency-bound, as ncu's SOLBottleneck rule says. */
#define NCU_SOL_LATENCY_PCT 60.0

struct ncu_launch {
    long id;
    char kernel[512];
    double compute_pct, memory_pct; /* SOL throughput, % of peak; NaN not in the export */
    char sol_limiter[32];           /* "memory", "compute", "latency"; "" not known */
    char top_rule[64];              /* the rule of highest estimated speedup; "" none */
    double top_speedup_pct;         /* its estimated speedup, %; NaN none */
    int top_global;                 /* that estimate is of the whole kernel ("global"), not of a part */
    const char *top_limiter;        /* the rule's limiter (limiters.def; SOLBottleneck's: what its
                                       description says); NULL not known */
};

struct ncu_launches {
    struct ncu_launch *l;
    size_t n;
    int has_rules; /* a details export (rules possible); 0 raw */
};

/* Reads path (details or raw). 0, or -1 with one line in err (the file, the
 * line, the fix). */
int ncu_launches_read(const char *path, struct ncu_launches *out, char *err, size_t err_len);
void ncu_launches_free(struct ncu_launches *l);

/* The limiter limiters.def gives an ncu rule or an mmprof finding id, or
 * NULL when it lists neither. */
const char *xc_limiter(const char *name);
/* The limiter of SOLBottleneck's description ("memory", "compute",
 * "latency"), or NULL when it names none. */
const char *ncu_sol_description_limiter(const char *description);
/* From the two throughputs: "latency" when both are below
 * NCU_SOL_LATENCY_PCT, else the higher one's; NULL when either is NaN. */
const char *ncu_sol_limiter(double compute_pct, double memory_pct);

#endif
