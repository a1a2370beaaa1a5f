/* Reading a whole file into memory: run.json, a metric list, a chart to
 * embed; whether a file is older than the one it was made from; directories
 * made with their parents, and where mmprof's per-user cache lives. One
 * implementation, so every reader has the same size cap, the same handling
 * of pipes and directories, and the same messages. */
#ifndef MMPROF_COMMON_FILE_H
#define MMPROF_COMMON_FILE_H

#include <stddef.h>

/* Why file_read_all failed; callers whose messages name the cause (a missing
 * file versus an unreadable one) switch on it. */
enum file_read_status {
    FILE_READ_OK = 0,
    FILE_READ_OPEN,      /* fopen failed: "cannot open PATH: REASON" */
    FILE_READ_IO,        /* a read failed (a directory, an I/O error): "cannot read PATH: REASON" */
    FILE_READ_TOO_LARGE, /* more than max_bytes: "PATH is larger than N bytes" */
    FILE_READ_NO_MEMORY, /* "out of memory reading PATH" */
};

/* Reads all of path into *text (malloc'd, NUL-terminated after the data, so
 * text files can be used as strings; binary files via *len). len may be NULL.
 * Reads until end of file rather than trusting fseek/ftell, so a pipe
 * (@/dev/stdin) works and a directory fails cleanly.
 * Returns FILE_READ_OK, or another status with *text NULL, one sentence in
 * err (err may be NULL, err_len 0, for a caller with its own words) and
 * errno saying why (EFBIG for TOO_LARGE). */
enum file_read_status file_read_all(const char *path, size_t max_bytes, char **text, size_t *len, char *err,
                                    size_t err_len);

/* 1 when path was last modified more than margin_s seconds before than (both
 * must exist), else 0: a file made from another (analysis.csv, a chart) is
 * stale once it is older. */
int file_is_older(const char *path, const char *than, double margin_s);

/* mkdir -p: dir and every missing parent, mode 0777 less the umask. 0, or -1
 * with errno (an existing directory is success). */
int file_mkdir_p(const char *dir);

/* mkdir -p of the directory part of path (nothing for a bare name). */
int file_mkdir_parent(const char *path);

/* text as part of a file name: every character but a letter or a digit
 * becomes '_'; cut to fit len (with its NUL). */
void file_name_part(char *out, size_t len, const char *text);

/* $XDG_CACHE_HOME/mmprof/NAME, else ~/.cache/mmprof/NAME, into buf: what
 * mmprof keeps between runs (tune tables, config plans). 0, or -1 when
 * neither variable is set or the path does not fit. */
int file_cache_path(const char *name, char *buf, size_t len);

/* The lines of a text file as an array of records: each line (newline cut,
 * at most line_len - 1 characters) given to parse with the next item_size
 * slot of *items (grown as needed; malloc'ed, free it). 0: done, also when
 * path does not exist (no records); 1: cannot read or out of memory, why
 * set; 2: parse refused line *bad_line (from 1), *n the items before it. */
int file_read_records(const char *path, char *line, size_t line_len, void **items, size_t *n, size_t item_size,
                      int (*parse)(char *line, void *item, void *ctx), void *ctx, size_t *bad_line, char *why,
                      size_t why_len);

#endif
