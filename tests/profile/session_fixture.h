/* The session tests' fixture (test_session.c, test_session_loop.c): a run
 * directory with results.csv's header and launches.tsv, the fake CUPTI
 * installed, synthetic launches driven through the session with their
 * activity records written as the injection library writes them, and what
 * `mmprof profile` does once the app has ended. */
#ifndef MMPROF_TESTS_PROFILE_SESSION_FIXTURE_H
#define MMPROF_TESTS_PROFILE_SESSION_FIXTURE_H

#include <stddef.h>

#include "common/table.h"
#include "profile/session.h"

#define DRAM_READ "dram__bytes_read.sum"

extern char dir[64];
extern struct profile_settings set;
extern struct nvtx_stack stack;
extern int never; /* the fake callbacks' "fail on call" number: 0 = never */
extern const struct launch_ops ops;     /* restore + flush, then the replay */
extern const struct launch_ops inplace; /* the flush, and waiting (which launches nothing) */

int setup(void **state);
int teardown(void **state);
struct launch_desc launch(const char *mangled, const char *demangled);
/* A new correlation id, as CUPTI gives each launch call. */
unsigned long correlation_next(void);
/* The activity record of a launch that ran ms on the GPU. */
void activity(long pid, const struct launch_desc *d, double ms);
/* One launch: begin (the counters), end (the row), its activity record. */
enum filter_verdict run_launch(struct profile_session *s, struct launch_desc *d, double ms);
/* launches.tsv's times joined, the rows timed. */
void app_ended(void);
void open_session(struct profile_session *s);
/* results.csv's header for these metric columns. */
void header(const char *const *metrics, size_t n);
struct table *results(void);
const char *cell(const struct table *t, size_t row, const char *col);

#endif
