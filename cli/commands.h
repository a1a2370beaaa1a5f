/* The subcommands; each takes the arguments after its name (argv[0] is the
 * subcommand) and returns the process exit code. */
#ifndef MMPROF_COMMANDS_H
#define MMPROF_COMMANDS_H

#include <stddef.h>

#include "collector/collect.h"
#include "profile/settings.h"

/* The commands that read run directories (cmd_analyze.c, cmd_plot.c,
 * cmd_report.c, cmd_diff.c, cmd_source.c, cmd_xcheck.c). */
int cmd_analyze(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_source(int argc, char **argv);
int cmd_xcheck(int argc, char **argv);

int cmd_list(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_collect(int argc, char **argv);
int cmd_launch(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_tune(int argc, char **argv);

/* Parsed `collect` arguments; storage for what collect_options points to. */
#define MAX_SHAPES 64
struct collect_args {
    struct collect_options opt;
    const struct variant *variants[256];
    struct shape shapes[MAX_SHAPES];
    char command_line[4096];
    int help;
};

/* Parses collect's options into a (no device needed). Returns 0, or 2 with
 * why for bad usage. */
int collect_parse(int argc, char **argv, struct collect_args *a, char *why, size_t why_len);

/* mmprof profile [options] -- APP [ARGS] (cmd_profile.c). */
int cmd_profile(int argc, char **argv);

/* Parsed `profile` arguments: argv[app_index] is the app. */
struct profile_args {
    struct profile_settings set;
    const char *out; /* --out, NULL = results/<time>-profile */
    int app_index;
    int help;
    int no_ceilings; /* --no-ceilings */
    char command_line[4096];
};

/* Parses profile's options and checks the filters, --model and --metrics (no
 * app run, no device). 0, or 2 (1 for no memory) with why. */
int profile_parse(int argc, char **argv, struct profile_args *a, char *why, size_t why_len);

/* mmprof merge OUT RUN... (cmd_merge.c). */
int cmd_merge(int argc, char **argv);

/* Merges run directories into out, with the plan rebuilt from their collect
 * arguments; prints the outcome. wall_s < 0: the longest run's. rows_per_run
 * (optional) gets each run's row count. Returns the exit code. */
int merge_dirs(const char *out, const char *const *runs, size_t nruns, int force, const char *command_line,
               double wall_s, size_t *rows_per_run);

/* collect --devices LIST (collect_devices.c): one collect worker per GPU,
 * merged at the end; a is the parsed command. Returns the exit code. */
int collect_devices(int argc, char **argv, const char *devices, const struct collect_args *a);


/* Largest matrix side mmprof accepts; memory is checked separately. */
#define MAX_SIDE 1048576L

#endif
