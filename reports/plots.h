/* The charts of plots/charts.def that `mmprof plot` left in RUN/plots/,
 * each with its caption and the report section it is shown in. A section
 * embeds its charts where its text wants them; report.c places whatever a
 * section left at that section's end, so every chart drawn is shown under
 * its section. Files in RUN/plots/ the table does not name are not
 * `mmprof plot`'s and are not shown. */
#ifndef MMPROF_REPORTS_PLOTS_H
#define MMPROF_REPORTS_PLOTS_H

#include <stddef.h>

#include "reports/doc.h"

#define PLOTS_MAX 16 /* rows of plots/charts.def, at most */

/* One row of plots/charts.def, as the report reads it. */
struct chart_entry {
    const char *name;    /* file stem: NAME.png, NAME.svg */
    const char *section; /* anchor of the report section it is shown in */
    const char *caption;
};

/* The table, in its order. */
const struct chart_entry *chart_entries(size_t *count);

struct plot {
    const struct chart_entry *chart;
    char file[256];     /* name inside RUN/plots/: NAME.png, else NAME.svg */
    const char *mime;
    int used;
};

struct plots {
    char dir[1100]; /* RUN/plots */
    size_t n;
    struct plot items[PLOTS_MAX];
};

/* Finds each chart of the table in RUN/plots/; a missing folder is simply
 * no charts. A chart drawn as both PNG and SVG is taken as the PNG (what
 * every viewer shows). */
void plots_scan(const char *run_dir, struct plots *p);
/* Writes the names of the charts drawn more than a minute before path
 * (results.csv) last changed, comma-separated, into names; returns how many. */
size_t plots_older_than(const struct plots *p, const char *path, char *names, size_t len);
/* How many of the run's charts belong to the section with this anchor. */
size_t plots_of_section(const struct plots *p, const char *section);
/* Embeds, with its caption, every not yet shown chart of the section; returns how many. */
size_t plots_embed(struct plots *p, struct doc *d, const char *section);

#endif
