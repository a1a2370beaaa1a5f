/* Recursive-descent compiler from infix text to postfix steps, and the evaluator. */
#include "collector/cupti/formula.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
    const char *text; /* whole formula, for messages */
    const char *p;    /* next unread character */
    formula_resolve_fn resolve;
    void *ctx;
    struct formula *out;
    char *err;
    size_t err_len;
};

static int parse_expr(struct parser *ps);

static int fail(struct parser *ps, const char *what)
{
    snprintf(ps->err, ps->err_len, "%s at offset %ld of formula '%s'", what,
             (long)(ps->p - ps->text), ps->text);
    return -1;
}

static void skip_space(struct parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

static int emit(struct parser *ps, enum formula_op op, double value, size_t raw)
{
    if (ps->out->nsteps == FORMULA_MAX_STEPS)
        return fail(ps, "too long");
    struct formula_step *s = &ps->out->steps[ps->out->nsteps++];
    s->op = op;
    s->value = value;
    s->raw = raw;
    return 0;
}

static int is_name_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

static int is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.';
}

static int parse_name(struct parser *ps)
{
    const char *start = ps->p;
    while (is_name_char(*ps->p))
        ps->p++;
    size_t n = (size_t)(ps->p - start);
    char name[256];
    if (n >= sizeof name)
        return fail(ps, "metric name too long");
    memcpy(name, start, n);
    name[n] = '\0';
    long idx = ps->resolve(name, ps->ctx);
    if (idx < 0) {
        snprintf(ps->err, ps->err_len, "unknown metric '%s' in formula '%s'", name, ps->text);
        return -1;
    }
    return emit(ps, FORMULA_RAW, 0.0, (size_t)idx);
}

static int parse_primary(struct parser *ps)
{
    skip_space(ps);
    if (*ps->p == '(') {
        ps->p++;
        if (parse_expr(ps) != 0)
            return -1;
        skip_space(ps);
        if (*ps->p != ')')
            return fail(ps, "missing ')'");
        ps->p++;
        return 0;
    }
    if (is_name_start(*ps->p))
        return parse_name(ps);
    if (isdigit((unsigned char)*ps->p) || *ps->p == '.') {
        char *end;
        double v = strtod(ps->p, &end);
        if (end == ps->p)
            return fail(ps, "bad number");
        ps->p = end;
        return emit(ps, FORMULA_CONST, v, 0);
    }
    return fail(ps, *ps->p ? "expected a number, a metric or '('" : "unexpected end");
}

static int parse_unary(struct parser *ps)
{
    skip_space(ps);
    if (*ps->p == '-') {
        ps->p++;
        if (parse_unary(ps) != 0)
            return -1;
        return emit(ps, FORMULA_NEG, 0.0, 0);
    }
    return parse_primary(ps);
}

static int parse_term(struct parser *ps)
{
    if (parse_unary(ps) != 0)
        return -1;
    for (;;) {
        skip_space(ps);
        char c = *ps->p;
        if (c != '*' && c != '/')
            return 0;
        ps->p++;
        if (parse_unary(ps) != 0)
            return -1;
        if (emit(ps, c == '*' ? FORMULA_MUL : FORMULA_DIV, 0.0, 0) != 0)
            return -1;
    }
}

static int parse_expr(struct parser *ps)
{
    if (parse_term(ps) != 0)
        return -1;
    for (;;) {
        skip_space(ps);
        char c = *ps->p;
        if (c != '+' && c != '-')
            return 0;
        ps->p++;
        if (parse_term(ps) != 0)
            return -1;
        if (emit(ps, c == '+' ? FORMULA_ADD : FORMULA_SUB, 0.0, 0) != 0)
            return -1;
    }
}

int formula_compile(const char *text, formula_resolve_fn resolve, void *ctx,
                    struct formula *out, char *err, size_t err_len)
{
    struct parser ps = {text, text, resolve, ctx, out, err, err_len};
    out->nsteps = 0;
    if (parse_expr(&ps) != 0)
        return -1;
    skip_space(&ps);
    if (*ps.p != '\0')
        return fail(&ps, "unexpected text");
    return 0;
}

double formula_eval(const struct formula *f, const double *raw)
{
    /* Each step pushes at most one value, so nsteps bounds the depth. */
    double stack[FORMULA_MAX_STEPS];
    size_t top = 0;
    for (size_t i = 0; i < f->nsteps; i++) {
        const struct formula_step *s = &f->steps[i];
        switch (s->op) {
        case FORMULA_CONST:
            stack[top++] = s->value;
            break;
        case FORMULA_RAW:
            stack[top++] = raw[s->raw];
            break;
        case FORMULA_NEG:
            stack[top - 1] = -stack[top - 1];
            break;
        default: {
            double b = stack[--top];
            double a = stack[top - 1];
            double r;
            if (s->op == FORMULA_ADD)
                r = a + b;
            else if (s->op == FORMULA_SUB)
                r = a - b;
            else if (s->op == FORMULA_MUL)
                r = a * b;
            else
                r = b == 0.0 ? NAN : a / b;
            stack[top - 1] = r;
            break;
        }
        }
    }
    return top == 1 ? stack[0] : NAN;
}
