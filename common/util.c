#include "common/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

__attribute__((format(printf, 2, 0))) static void vmsg(const char *kind, const char *fmt, va_list ap)
{
    fprintf(stderr, "mmprof: %s", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void msg_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("error: ", fmt, ap);
    va_end(ap);
}

void msg_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("warning: ", fmt, ap);
    va_end(ap);
}

int parse_positive(const char *s, long max, long *out, char *why, size_t why_len)
{
    char *end;
    errno = 0;
    if (*s == '\0') {
        snprintf(why, why_len, "empty number");
        return -1;
    }
    if (*s == '-') {
        snprintf(why, why_len, "'%s' is negative: give a number from 1 to %ld", s, max);
        return -1;
    }
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0') {
        snprintf(why, why_len, "'%s' is not a whole number", s);
        return -1;
    }
    if (errno == ERANGE || v > max) {
        snprintf(why, why_len, "'%s' is too large: at most %ld", s, max);
        return -1;
    }
    if (v < 1) {
        snprintf(why, why_len, "'%s' must be at least 1", s);
        return -1;
    }
    *out = v;
    return 0;
}

int parse_positive_list(const char *s, long max, long *out, int cap, char *why, size_t why_len)
{
    int n = 0;
    const char *p = s;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[64];
        if (len >= sizeof item) {
            snprintf(why, why_len, "'%.*s…' is too long for a number", 20, p);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        if (n == cap) {
            snprintf(why, why_len, "more than %d values in '%s'", cap, s);
            return -1;
        }
        if (parse_positive(item, max, &out[n], why, why_len) != 0)
            return -1;
        n++;
        if (!comma)
            return n;
        p = comma + 1;
    }
}

int stderr_is_tty(void)
{
    return isatty(STDERR_FILENO);
}

double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int sleep_ms(double ms)
{
    if (!(ms > 0))
        return 0;
    long long ns = (long long)(ms * 1e6);
    struct timespec left = {(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
    while (nanosleep(&left, &left) != 0)
        if (errno != EINTR)
            return -1;
    return 0;
}

void command_line_join(int argc, char *const *argv, char *buf, size_t len)
{
    size_t used = 0;
    int w = snprintf(buf, len, "mmprof");
    used = w > 0 ? (size_t)w : 0;
    for (int i = 0; i < argc && used < len; i++) {
        int plain = strpbrk(argv[i], " \t'\"$*?") == NULL && argv[i][0] != '\0';
        w = snprintf(buf + used, len - used, plain ? " %s" : " '%s'", argv[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}
