/* Informational lines on stderr ("mmprof: plot: ..."): what plot did on
 * its own (wrote analysis.csv, skipped a chart) — neither a warning nor an
 * error, so the exit status does not change. */
#ifndef MMPROF_PLOTS_NOTE_H
#define MMPROF_PLOTS_NOTE_H

void plot_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
