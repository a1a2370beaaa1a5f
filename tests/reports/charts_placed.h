/* The report's promise about charts (plots/charts.def): every chart a run
 * directory's plots/ holds is in report.md under its section, with its
 * caption, and no other image is. */
#ifndef MMPROF_TESTS_REPORTS_CHARTS_PLACED_H
#define MMPROF_TESTS_REPORTS_CHARTS_PLACED_H

#include <stddef.h>

/* Fails the test naming the chart that is missing, outside its section or
 * without its caption; returns how many charts dir/plots holds. */
size_t assert_charts_placed(const char *dir, const char *md);

#endif
