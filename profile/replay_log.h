/* replay-K.tsv: in an application replay (the app run once per config
 * image K), every launch the run saw, one line each, with the raw counter
 * values of image K for a profiled launch (empty for the others):
 *   pid  launch  verdict  grid  block  values  kernel
 * values are the metric set's raw metrics in its order, comma-separated,
 * empty where not measured. Appended like launches.tsv (O_APPEND, one
 * write() a line). The one writer and the one reader; replay_join.h pairs
 * the runs' lines. Host C only. */
#ifndef MMPROF_PROFILE_REPLAY_LOG_H
#define MMPROF_PROFILE_REPLAY_LOG_H

#include <stddef.h>

struct replay_line {
    long pid, launch;
    char verdict[16];
    unsigned grid[3], block[3];
    double *values; /* nraw values, NaN = not measured; malloc'ed by the reader */
    char *kernel;   /* malloc'ed by the reader */
};

/* dir/replay-K.tsv's path into buf. */
void replay_log_path(char *buf, size_t len, const char *dir, long image);
/* Opens it for appending; -1 with why. */
int replay_log_open(const char *dir, long image, char *why, size_t why_len);
/* One line (values may be NULL: none measured); 0, or -1. */
int replay_log_append(int fd, const struct replay_line *l, size_t nraw);

/* Every line of dir/replay-K.tsv; 0, or 1 with why (unreadable, malformed,
 * a line without nraw values). */
int replay_log_read(const char *dir, long image, size_t nraw, struct replay_line **lines, size_t *n,
                    char *why, size_t why_len);
void replay_log_free(struct replay_line *lines, size_t n);

#endif
