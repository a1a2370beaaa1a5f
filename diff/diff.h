/* `mmprof diff RUN_A RUN_B`: per variant × size in both runs, the ratio
 * B/A of the median time with its interval and the key counters, marking
 * the changes that are real (diff_compare.h), written as a terminal table
 * and, on request, Markdown, JSON and JUnit XML (diff_output.h); --fail-on
 * rules make it a CI gate (diff_fail_on.h). */
#ifndef MMPROF_REPORTS_DIFF_H
#define MMPROF_REPORTS_DIFF_H

/* argv[0] is the subcommand's name ("diff"). Returns the exit code: 0 the
 * comparison was written (changes or not), 1 runtime failure, 2 bad usage
 * or input, 3 (DIFF_EXIT_FAIL) when a --fail-on rule holds for some row. */
int cmd_diff(int argc, char **argv);

#endif
