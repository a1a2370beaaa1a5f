#include "analysis/rule_expr.h"
#include "rundir/run_files.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/columns.h"
#include "analysis/finding_values.h"

static int design_value(const struct analysis_row *r, const char *name, double *num)
{
    if (strcmp(name, "lanes_pct") == 0) {
        double tpb = r->geo.threads_per_block;
        *num = tpb > 0 ? 100.0 * tpb / (32.0 * ceil(tpb / 32.0)) : NAN;
        return 0;
    }
    if (strcmp(name, "gld_sector_waste") == 0 || strcmp(name, "gst_sector_waste") == 0) {
        *num = analysis_sector_waste(r, name[1] == 's');
        return 0;
    }
    /* a matmul's design; NaN (so false) for other rows, never unknown */
    int matmul = r->v && r->v->family == FAMILY_MATMUL;
    if (strcmp(name, "tile") == 0)
        *num = matmul ? r->v->bs : NAN;
    else if (strcmp(name, "rx") == 0)
        *num = matmul ? r->v->rx : NAN;
    else if (strcmp(name, "ry") == 0)
        *num = matmul ? r->v->ry : NAN;
    else if (strcmp(name, "outputs_per_thread") == 0)
        *num = matmul ? (double)r->v->rx * r->v->ry : NAN;
    else
        return -1;
    return 0;
}

int rule_value(const struct analysis_row *r, const char *name, double *num, const char **text)
{
    if (design_value(r, name, num) == 0)
        return 0;
    int derived = finding_value(r, name, num, text);
    if (derived >= 0)
        return derived;
    const struct column *c = analysis_column(name);
    if (!c)
        return -1;
    if (c->num) {
        *num = c->num(r);
        return 0;
    }
    *text = c->text(r);
    return 1;
}

enum op { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_NONE };

static enum op parse_op(const char **p)
{
    static const struct {
        const char *s;
        enum op op;
    } ops[] = {{"<=", OP_LE}, {">=", OP_GE}, {"==", OP_EQ}, {"!=", OP_NE}, {"<", OP_LT}, {">", OP_GT}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t len = strlen(ops[i].s);
        if (strncmp(*p, ops[i].s, len) == 0) {
            *p += len;
            return ops[i].op;
        }
    }
    return OP_NONE;
}

static int compare_num(double a, enum op op, double b)
{
    if (isnan(a))
        return 0;
    switch (op) {
    case OP_LT: return a < b;
    case OP_LE: return a <= b;
    case OP_GT: return a > b;
    case OP_GE: return a >= b;
    case OP_EQ: return a == b;
    case OP_NE: return a != b;
    case OP_NONE: break;
    }
    return 0;
}

/* Copies the token at *p made of chars that `keep` accepts into buf. */
static size_t token(const char **p, char *buf, size_t len, int (*keep)(int))
{
    while (isspace((unsigned char)**p))
        (*p)++;
    size_t n = 0;
    while (**p && keep((unsigned char)**p) && n + 1 < len)
        buf[n++] = *(*p)++;
    buf[n] = '\0';
    return n;
}

static int name_char(int c)
{
    return isalnum(c) || c == '_';
}

static int value_char(int c)
{
    return !isspace(c) && c != '&';
}

/* One clause "name OP value" at *p; 1/0 its truth, -1 malformed. */
static int clause(const char **p, const struct analysis_row *r, char *err, size_t err_len)
{
    char name[64], value[64];
    if (!token(p, name, sizeof name, name_char)) {
        snprintf(err, err_len, "expected a column name at \"%s\"", *p);
        return -1;
    }
    while (isspace((unsigned char)**p))
        (*p)++;
    enum op op = parse_op(p);
    if (op == OP_NONE) {
        snprintf(err, err_len, "expected < <= > >= == or != after \"%s\"", name);
        return -1;
    }
    if (!token(p, value, sizeof value, value_char)) {
        snprintf(err, err_len, "expected a value after \"%s\"", name);
        return -1;
    }
    double num = NAN;
    const char *text = NULL;
    int kind = rule_value(r, name, &num, &text);
    if (kind < 0) {
        snprintf(err, err_len, "unknown name \"%s\": use an " ANALYSIS_CSV " column or tile, rx, ry, "
                 "outputs_per_thread, lanes_pct, gld_sector_waste, gst_sector_waste or a figure of "
                 "analysis/finding_values.h", name);
        return -1;
    }
    if (kind == 1) {
        if (op != OP_EQ && op != OP_NE) {
            snprintf(err, err_len, "\"%s\" is text: compare it with == or !=", name);
            return -1;
        }
        return (strcmp(text ? text : "", value) == 0) == (op == OP_EQ);
    }
    char *end;
    double bound = strtod(value, &end);
    if (*end) {
        snprintf(err, err_len, "\"%s\" is a number: \"%s\" is not", name, value);
        return -1;
    }
    return compare_num(num, op, bound);
}

int rule_holds(const char *cond, const struct analysis_row *r, char *err, size_t err_len)
{
    const char *p = cond;
    int all = 1;
    for (;;) {
        int c = clause(&p, r, err, err_len);
        if (c < 0)
            return -1;
        all = all && c;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            return all;
        if (strncmp(p, "&&", 2) != 0) {
            snprintf(err, err_len, "expected && or the end at \"%s\"", p);
            return -1;
        }
        p += 2;
    }
}

void rule_format(const char *tmpl, const struct analysis_row *r, char *out, size_t len)
{
    size_t o = 0;
    if (len == 0)
        return;
    for (const char *p = tmpl; *p && o + 1 < len;) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        if (!close) {
            out[o++] = *p++;
            continue;
        }
        char name[64], number[32];
        size_t n = (size_t)(close - p - 1) < sizeof name - 1 ? (size_t)(close - p - 1) : sizeof name - 1;
        memcpy(name, p + 1, n);
        name[n] = '\0';
        double num = NAN;
        const char *text = NULL;
        int kind = rule_value(r, name, &num, &text);
        if (kind == 0)
            snprintf(number, sizeof number, "%.3g", num);
        const char *piece = kind == 0 ? number : kind == 1 && text ? text : "?"; /* a text whole, however long */
        for (const char *q = piece; *q && o + 1 < len; q++)
            out[o++] = *q;
        p = close + 1;
    }
    out[o] = '\0';
}
