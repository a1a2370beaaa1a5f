/* `mmprof analyze RUN [--format table|csv|json]`: theory next to
 * measurement for a run directory; writes RUN/analysis.csv. */
#ifndef MMPROF_ANALYZE_CMD_H
#define MMPROF_ANALYZE_CMD_H

/* argv[0] is the subcommand's name ("analyze"). Returns the exit code:
 * 0 ok, 1 runtime failure, 2 bad usage or input. */
int cmd_analyze(int argc, char **argv);

#endif
