/* The charts `mmprof plot` left in RUN/plots/ (*.png, *.svg). Each section
 * embeds the ones about it by name prefix; whatever no section claimed is
 * shown at the end, so a new chart appears without a change here. */
#ifndef MMPROF_REPORTS_PLOTS_H
#define MMPROF_REPORTS_PLOTS_H

#include <stddef.h>

#include "reports/doc.h"

#define PLOTS_MAX 64

struct plot {
    char file[256]; /* name inside RUN/plots/ */
    char stem[256]; /* without the extension */
    const char *mime;
    int used;
};

struct plots {
    char dir[1100]; /* RUN/plots */
    size_t n;
    struct plot items[PLOTS_MAX];
};

/* Lists RUN/plots/; a missing folder is simply no charts. A stem drawn as
 * both PNG and SVG is listed once, as the PNG (what every viewer shows). */
void plots_scan(const char *run_dir, struct plots *p);
/* Embeds every not yet shown chart whose stem starts with prefix; returns how many. */
size_t plots_embed(struct plots *p, struct doc *d, const char *prefix);
size_t plots_unused(const struct plots *p);

#endif
