/* `mmprof diff RUN_A RUN_B`: per variant × size in both runs, the ratio
 * B/A of the median time and of the key counters, marking the changes
 * beyond the threshold and the runs' own spread (diff_compare.h). */
#ifndef MMPROF_REPORTS_DIFF_H
#define MMPROF_REPORTS_DIFF_H

/* Exit status of `diff --fail-on-change` when some change is significant. */
#define DIFF_EXIT_CHANGED 3

/* argv[0] is the subcommand's name ("diff"). Returns the exit code: 0 the
 * comparison was printed (changes or not), 1 runtime failure, 2 bad usage
 * or input, or runs of different devices without --force; 3 with
 * --fail-on-change when some change is significant. */
int cmd_diff(int argc, char **argv);

#endif
