/* A table of text cells built in memory, then written by doc_table as a
 * Markdown and an HTML table. Cells may use the inline markup doc.h
 * describes (`code`, **bold**). */
#ifndef MMPROF_REPORTS_GRID_H
#define MMPROF_REPORTS_GRID_H

#include <stdarg.h>
#include <stddef.h>

/* Elements of a fixed array. */
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* How a cell is shown beyond its text. */
enum cell_flag {
    CELL_PLAIN = 0,
    CELL_BEST = 1,  /* the best value of its row or column: bold */
    CELL_WARN = 2,  /* a value to look at twice (above its roof, failed) */
    CELL_MUTED = 4, /* not measured, skipped: greyed */
};

struct grid {
    size_t ncols, nrows, cap;
    char *caption;  /* shown above the table; "" for none */
    char **head;    /* ncols header cells */
    char **cells;   /* nrows x ncols, never NULL once set ("" by default) */
    unsigned char *flags;
    char *align;    /* per column: 'l' or 'r' (numbers) */
    int failed;     /* out of memory somewhere: doc_table reports it */
};

/* A grid of ncols columns: the first left-aligned, the others right. NULL
 * only when out of memory. */
struct grid *grid_new(size_t ncols, const char *caption_fmt, ...) __attribute__((format(printf, 2, 3)));
struct grid *grid_vnew(size_t ncols, const char *caption_fmt, va_list ap);
void grid_free(struct grid *g);

void grid_head(struct grid *g, size_t col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Sets every header cell from heads[0..ncols). */
void grid_heads(struct grid *g, const char *const *heads);
void grid_align(struct grid *g, size_t col, char align);
/* Appends an empty row; returns its index. */
size_t grid_row(struct grid *g);
void grid_set(struct grid *g, size_t row, size_t col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void grid_flag(struct grid *g, size_t row, size_t col, enum cell_flag flag);
const char *grid_cell(const struct grid *g, size_t row, size_t col);

#endif
