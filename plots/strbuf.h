/* A growing text buffer: the .dat and .gp files are built in memory, then
 * written whole (common/atomic_file.h), so a failure never leaves half a file. */
#ifndef MMPROF_PLOTS_STRBUF_H
#define MMPROF_PLOTS_STRBUF_H

#include <stddef.h>

struct strbuf {
    char *s;      /* NUL-terminated; NULL until something is added */
    size_t len, cap;
    int oom;      /* set once an allocation failed; later additions are dropped */
};

void sb_init(struct strbuf *b);
void sb_free(struct strbuf *b);
void sb_puts(struct strbuf *b, const char *s);
void sb_putn(struct strbuf *b, const char *s, size_t n);
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text so far ("" when empty). */
const char *sb_str(const struct strbuf *b);

#endif
