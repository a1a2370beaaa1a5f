/* Point keys and the key table (chart_key.h). */
#include "plots/chart_key.h"
#include "plots/spread.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/gpfmt.h"

static int ranked(const struct plot_row *r)
{
    return (row_is_matmul(r) || row_is_user_kernel(r)) && row_ok(r) && isfinite(r->gflop_s) && r->gflop_s > 0;
}

/* The variant's ranked row at its largest size, or NULL. */
static const struct plot_row *largest(const struct plot_data *d, const char *variant)
{
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < d->nrows; i++) {
        const struct plot_row *r = &d->rows[i];
        if (ranked(r) && strcmp(r->variant, variant) == 0 && (!best || row_volume(r) > row_volume(best)))
            best = r;
    }
    return best;
}

/* a ahead of b: faster, ties in registry order. */
static int ahead(const struct plot_row *a, const struct plot_row *b)
{
    return a->gflop_s > b->gflop_s || (a->gflop_s == b->gflop_s && row_order(a, b) < 0);
}

/* Largest rows, one per variant, fastest first; the key is the position + 1. */
static int by_speed(const void *pa, const void *pb)
{
    const struct plot_row *a = *(const struct plot_row *const *)pa, *b = *(const struct plot_row *const *)pb;
    return ahead(a, b) ? -1 : ahead(b, a) ? 1 : 0;
}

void keys_assign(struct plot_data *d)
{
    const struct plot_row **first = calloc(d->nrows + 1, sizeof *first);
    size_t n = 0;
    for (size_t i = 0; i < d->nrows; i++) {
        d->rows[i].key = 0;
        if (first && ranked(&d->rows[i]) && largest(d, d->rows[i].variant) == &d->rows[i])
            first[n++] = &d->rows[i];
    }
    if (!first)
        return; /* out of memory: no numbers, the charts still draw */
    qsort(first, n, sizeof *first, by_speed);
    for (size_t i = 0; i < d->nrows; i++)
        for (size_t j = 0; j < n; j++)
            if (strcmp(first[j]->variant, d->rows[i].variant) == 0) {
                d->rows[i].key = (int)j + 1;
                break;
            }
    free(first);
}

int variant_key(const struct plot_data *d, const char *variant)
{
    for (size_t i = 0; i < d->nrows; i++)
        if (strcmp(d->rows[i].variant, variant) == 0)
            return d->rows[i].key;
    return 0;
}

static int key_less(const void *pa, const void *pb)
{
    return *(const int *)pa - *(const int *)pb;
}

void keys_sort(int *keys, size_t n)
{
    qsort(keys, n, sizeof *keys, key_less);
}

void keys_text(const int *keys, size_t n, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && at < len;) {
        size_t j = i;
        while (j + 1 < n && keys[j + 1] == keys[j] + 1)
            j++;
        int w = j > i + 1 ? snprintf(buf + at, len - at, "%s%d-%d", i ? "," : "", keys[i], keys[j])
                          : snprintf(buf + at, len - at, "%s%d", i ? "," : "", keys[i]);
        at += w > 0 ? (size_t)w : 0;
        i = j > i + 1 ? j + 1 : i + 1;
    }
}

static void table_row(struct strbuf *gp, int tag, const char *text, double left, double y, const char *color)
{
    sb_printf(gp, "set label %d ", tag);
    gp_str(gp, text);
    sb_printf(gp, " at screen %.4f, screen %.4f left font \"DejaVu Sans Mono,%d\" tc rgb \"%s\"\n", left, y,
              KEY_FONT_PT, color);
}

/* idx[0..n) by their variants' keys; returns the longest variant name,
 * at least "variant" (the column's head). */
static size_t by_key(const struct plot_data *d, size_t *idx, size_t n)
{
    size_t width = strlen("variant");
    for (size_t i = 0; i < n; i++) {
        size_t v = idx[i], j = i;
        int key = d->rows[v].key;
        while (j > 0 && d->rows[idx[j - 1]].key > key) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
        if (strlen(d->rows[v].variant) > width)
            width = strlen(d->rows[v].variant);
    }
    return width > KEY_NAME_MAX_COLS ? KEY_NAME_MAX_COLS : width;
}

/* Characters, not bytes: "—" and "↔" are one column each. */
static size_t columns_of(const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    return n;
}

double key_table_left(const struct plot_data *d, const size_t *idx, size_t n, key_line_fn line, const void *arg,
                      double at_most)
{
    size_t widest_name = strlen("variant"), widest = 0;
    for (size_t i = 0; i < n; i++)
        if (strlen(d->rows[idx[i]].variant) > widest_name)
            widest_name = strlen(d->rows[idx[i]].variant);
    if (widest_name > KEY_NAME_MAX_COLS)
        widest_name = KEY_NAME_MAX_COLS;
    struct strbuf text;
    sb_init(&text);
    for (size_t i = 0; i <= n; i++) { /* the head, then each row */
        sb_free(&text);
        line(d, i == 0 ? NULL : &d->rows[idx[i - 1]], (int)widest_name, arg, &text);
        if (columns_of(sb_str(&text)) > widest)
            widest = columns_of(sb_str(&text));
    }
    sb_free(&text);
    double left = 0.99 - (double)widest * KEY_MONO_CHAR_PX / PLOT_WIDTH;
    return left < at_most ? left : at_most;
}

void key_table(struct strbuf *gp, const struct key_place *at, const struct plot_data *d, const size_t *idx, size_t n,
               key_line_fn line, const void *arg)
{
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!order) {
        gp->oom = 1;
        return;
    }
    memcpy(order, idx, n * sizeof *order);
    int width = (int)by_key(d, order, n);
    double step = KEY_LINE_PX / PLOT_HEIGHT;
    size_t room = (size_t)floor((at->top - at->bottom) / step); /* lines, the head included */
    size_t shown = n + 1 <= room ? n : room > 2 ? room - 2 : 0;
    struct strbuf text;
    sb_init(&text);
    line(d, NULL, width, arg, &text);
    table_row(gp, KEY_TABLE_TAG, sb_str(&text), at->left, at->top - step / 2, "#000000");
    for (size_t i = 0; i < shown; i++) {
        sb_free(&text);
        line(d, &d->rows[order[i]], width, arg, &text);
        table_row(gp, KEY_TABLE_TAG + 1 + (int)i, sb_str(&text), at->left, at->top - step * ((double)i + 1.5),
                  "#222222");
    }
    if (shown < n) {
        char more[160];
        snprintf(more, sizeof more, "... %zu more in %s", n - shown, at->dat_name);
        table_row(gp, KEY_TABLE_TAG + 1 + (int)shown, more, at->left, at->top - step * ((double)shown + 1.5),
                  "#222222");
    }
    gp->oom |= text.oom;
    sb_free(&text);
    free(order);
}

void key_labels_beside(struct strbuf *gp, const struct key_point *p, size_t n, double x, double lo, double hi,
                       int *tag)
{
    double *want = malloc((n ? n : 1) * sizeof *want), *size = malloc((n ? n : 1) * sizeof *size),
           *at = malloc((n ? n : 1) * sizeof *at);
    if (!want || !size || !at || n > SPREAD_MAX) {
        gp->oom = 1;
        free(want);
        free(size);
        free(at);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        want[i] = p[i].y;
        size[i] = KEY_LINE_PX / PLOT_HEIGHT;
    }
    if (n > 0)
        spread(want, size, n, lo, hi, at);
    for (size_t i = 0; i < n; i++) {
        sb_printf(gp, "set arrow from screen %.4f, screen %.4f to screen %.4f, screen %.4f nohead lw 0.6 "
                      "lc rgb \"#999999\"\n",
                  p[i].x, p[i].y, x - 0.003, at[i]);
        sb_printf(gp, "set label %d \"%d\" at screen %.4f, screen %.4f left font \",%d\" tc rgb \"#222222\"\n",
                  (*tag)++, p[i].key, x, at[i], KEY_FONT_PT);
    }
    free(want);
    free(size);
    free(at);
}

const char *key_name(const char *name, int width, char *buf, size_t len)
{
    if ((int)strlen(name) <= width)
        snprintf(buf, len, "%-*s", width, name);
    else
        snprintf(buf, len, "%.*s...", width > 3 ? width - 3 : 0, name);
    return buf;
}
