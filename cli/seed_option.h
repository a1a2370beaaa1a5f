/* --seed, the inputs' random-number seed, as collect, tune and launch take
 * it: one parser, one help text, one default (a fresh seed each run). Not to
 * be confused with the course lab reports (labs 000-004) or the
 * examples/seeds run that reproduces them. */
#ifndef MMPROF_CLI_SEED_OPTION_H
#define MMPROF_CLI_SEED_OPTION_H

#include "rundir/run_files.h"

#include <stddef.h>
#include <stdint.h>

/* Seeds go through run.json as JSON numbers (doubles): keep them exact. */
#define SEED_MAX 9007199254740992ULL /* 2^53 */

#define SEED_HELP_TEXT                                                                                        \
    "random-number seed of the inputs (default: a fresh one each run;\n"                                      \
    "collect records it in " RUN_JSON ", tune and launch print it)"

/* "--seed S": 0 .. SEED_MAX. 0, or -1 with why. */
int parse_seed(const char *s, uint64_t *seed, char *why, size_t why_len);

#endif
