/* Derived metrics: arithmetic over raw Perfworks metric values, evaluated on the
 * host after CUPTI has evaluated the raw metrics of a range. A formula costs no
 * counters of its own, which is why nvprof-style sums and ratios (flop_count_sp,
 * gld_transactions_per_request, ...) are formulas and not extra Perfworks metrics.
 *
 * Grammar: expr := term {(+|-) term};  term := unary {(*|/) unary};
 *          unary := - unary | primary;  primary := NUMBER | NAME | ( expr )
 * NAME is a Perfworks metric name ([A-Za-z_][A-Za-z0-9_.]*). */
#ifndef MMPROF_PROFILER_FORMULA_H
#define MMPROF_PROFILER_FORMULA_H

#include <stddef.h>

#define FORMULA_MAX_STEPS 64

enum formula_op { FORMULA_CONST, FORMULA_RAW, FORMULA_ADD, FORMULA_SUB, FORMULA_MUL,
                  FORMULA_DIV, FORMULA_NEG };

struct formula_step {
    enum formula_op op;
    double value; /* FORMULA_CONST */
    size_t raw;   /* FORMULA_RAW: index into the raw values */
};

/* Compiled to postfix order: evaluation is a loop over a small stack. */
struct formula {
    size_t nsteps;
    struct formula_step steps[FORMULA_MAX_STEPS];
};

/* Maps a metric name to its index in the raw values (adding it to the list of
 * metrics to collect where needed); returns -1 to reject the name. */
typedef long (*formula_resolve_fn)(const char *name, void *ctx);

/* Returns 0, or -1 with one sentence in err naming the problem. */
int formula_compile(const char *text, formula_resolve_fn resolve, void *ctx,
                    struct formula *out, char *err, size_t err_len);

/* The value, or NaN when an input is NaN or a divisor is 0 (a ratio of nothing,
 * e.g. sectors per request of a kernel without stores, is not a number). */
double formula_eval(const struct formula *f, const double *raw);

#endif
