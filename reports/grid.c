#include "reports/grid.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/text.h"

struct grid *grid_new(size_t ncols, const char *caption_fmt, ...)
{
    va_list ap;
    va_start(ap, caption_fmt);
    struct grid *g = grid_vnew(ncols, caption_fmt, ap);
    va_end(ap);
    return g;
}

struct grid *grid_vnew(size_t ncols, const char *caption_fmt, va_list ap)
{
    struct grid *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->ncols = ncols;
    g->head = calloc(ncols, sizeof *g->head);
    g->align = malloc(ncols);
    g->caption = text_vformat(caption_fmt, ap); /* "" = no caption */
    if (!g->head || !g->align || !g->caption) {
        grid_free(g);
        return NULL;
    }
    for (size_t c = 0; c < ncols; c++)
        g->align[c] = c == 0 ? 'l' : 'r';
    return g;
}

void grid_free(struct grid *g)
{
    if (!g)
        return;
    for (size_t c = 0; g->head && c < g->ncols; c++)
        free(g->head[c]);
    for (size_t i = 0; i < g->nrows * g->ncols; i++)
        free(g->cells[i]);
    free(g->head);
    free(g->cells);
    free(g->flags);
    free(g->align);
    free(g->caption);
    free(g);
}

static void replace(struct grid *g, char **slot, const char *fmt, va_list ap)
{
    char *s = text_vformat(fmt, ap);
    if (!s) {
        g->failed = 1;
        return;
    }
    free(*slot);
    *slot = s;
}

void grid_head(struct grid *g, size_t col, const char *fmt, ...)
{
    if (col >= g->ncols)
        return;
    va_list ap;
    va_start(ap, fmt);
    replace(g, &g->head[col], fmt, ap);
    va_end(ap);
}

void grid_heads(struct grid *g, const char *const *heads)
{
    for (size_t c = 0; c < g->ncols; c++)
        grid_head(g, c, "%s", heads[c]);
}

void grid_align(struct grid *g, size_t col, char align)
{
    if (col < g->ncols)
        g->align[col] = align;
}

static int grow(struct grid *g)
{
    size_t cap = g->cap ? 2 * g->cap : 8;
    char **cells = realloc(g->cells, cap * g->ncols * sizeof *cells);
    if (!cells)
        return -1;
    g->cells = cells;
    unsigned char *flags = realloc(g->flags, cap * g->ncols);
    if (!flags)
        return -1;
    g->flags = flags;
    g->cap = cap;
    return 0;
}

size_t grid_row(struct grid *g)
{
    if (g->nrows == g->cap && grow(g) != 0) {
        g->failed = 1;
        return g->nrows ? g->nrows - 1 : 0; /* writes land in the last row; the table is reported failed */
    }
    for (size_t c = 0; c < g->ncols; c++) {
        g->cells[g->nrows * g->ncols + c] = NULL;
        g->flags[g->nrows * g->ncols + c] = CELL_PLAIN;
    }
    return g->nrows++;
}

void grid_set(struct grid *g, size_t row, size_t col, const char *fmt, ...)
{
    if (row >= g->nrows || col >= g->ncols)
        return;
    va_list ap;
    va_start(ap, fmt);
    replace(g, &g->cells[row * g->ncols + col], fmt, ap);
    va_end(ap);
}

void grid_flag(struct grid *g, size_t row, size_t col, enum cell_flag flag)
{
    if (row < g->nrows && col < g->ncols)
        g->flags[row * g->ncols + col] |= (unsigned char)flag;
}

const char *grid_cell(const struct grid *g, size_t row, size_t col)
{
    const char *s = row < g->nrows && col < g->ncols ? g->cells[row * g->ncols + col] : NULL;
    return s ? s : "";
}
