/* Informational lines on stderr ("mmprof: plot: ..."): what plot did on
 * its own (wrote analysis.csv, skipped a chart) — neither a warning nor an
 * error, so the exit status does not change; and plot's errors, both
 * silenced while the report draws the charts. */
#ifndef MMPROF_PLOTS_NOTE_H
#define MMPROF_PLOTS_NOTE_H

void plot_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "mmprof: error: plot: ...", the exit status the caller's. */
void plot_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* 1: plot_note and plot_error say nothing until called again with 0 (the
 * report draws the charts for itself, and says what it lacks its own way). */
void plot_notes_quiet(int quiet);

#endif
