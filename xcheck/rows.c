/* Printing rows and writing crosscheck.csv (rows.h). */
#include "xcheck/rows.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Wide enough for the longest Perfworks names the default set compares. */
#define ROW_FORMAT "%-22s %-15s %-62s %16s %16s %9s %6s %-4s %9s %9s %6s\n"

void xc_print_header(FILE *f, const char *label_a, const char *label_b)
{
    fprintf(f, ROW_FORMAT, "variant", "MxNxK", "metric", label_a, label_b, "diff", "limit", "result", "spread_1",
            "spread_2", "t");
}

static const char *or_dash(const char *s)
{
    return *s ? s : "-";
}

void xc_short_value(const char *text, char *buf, size_t len)
{
    char *end;
    double x = strtod(text, &end);
    if (*text == '\0' || end == text)
        snprintf(buf, len, "n/a");
    else if (x == trunc(x) && x < 1e15)
        snprintf(buf, len, "%.0f", x);
    else
        snprintf(buf, len, "%.6g", x);
}

void xc_print_row(FILE *f, const struct xc_row *r)
{
    char a[40], b[40];
    xc_short_value(r->a, a, sizeof a);
    xc_short_value(r->b, b, sizeof b);
    fprintf(f, ROW_FORMAT, r->variant, r->shape, r->metric, a, b, r->diff, r->limit, r->result, or_dash(r->spread_a),
            or_dash(r->spread_b), or_dash(r->t));
}

void xc_print_not_compared(FILE *f, const char *variant, const char *shape, const char *why)
{
    fprintf(f, "%-22s %-15s %s\n", variant, shape, why);
}

/* A CSV field, quoted only when it must be (no field the comparison writes
 * needs it; a hand-made variant name might). */
static void csv_field(FILE *f, const char *s, int last)
{
    if (strpbrk(s, ",\"\n\r")) {
        fputc('"', f);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputc('"', f);
    } else {
        fputs(s, f);
    }
    fputc(last ? '\n' : ',', f);
}

void xc_csv_header(FILE *f, const char *label_a, const char *label_b)
{
    fprintf(f, "variant,shape,metric,%s,%s,rel_diff,limit,result,%s_spread,%s_spread,t\n", label_a, label_b, label_a,
            label_b);
}

void xc_csv_row(FILE *f, const struct xc_row *r)
{
    const char *fields[XC_CSV_FIELDS] = {r->variant, r->shape,    r->metric,   r->a,        r->b,  r->diff,
                                         r->limit,   r->result,   r->spread_a, r->spread_b, r->t};
    for (int i = 0; i < XC_CSV_FIELDS; i++)
        csv_field(f, fields[i], i == XC_CSV_FIELDS - 1);
}

static int put(char *dst, size_t len, const char *src)
{
    return snprintf(dst, len, "%s", src) < (int)len ? 0 : -1;
}

int xc_row_from_cells(const char *const *c, struct xc_row *r)
{
    return put(r->variant, sizeof r->variant, c[0]) | put(r->shape, sizeof r->shape, c[1]) |
           put(r->metric, sizeof r->metric, c[2]) | put(r->a, sizeof r->a, c[3]) | put(r->b, sizeof r->b, c[4]) |
           put(r->diff, sizeof r->diff, c[5]) | put(r->limit, sizeof r->limit, c[6]) |
           put(r->result, sizeof r->result, c[7]) | put(r->spread_a, sizeof r->spread_a, c[8]) |
           put(r->spread_b, sizeof r->spread_b, c[9]) | put(r->t, sizeof r->t, c[10]);
}
