#include "cli/seed_option.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int parse_seed(const char *s, uint64_t *seed, char *why, size_t why_len)
{
    char *end;
    unsigned long long v = 0;
    errno = 0;
    if (*s < '0' || *s > '9' || (v = strtoull(s, &end, 10), *end != '\0') || errno == ERANGE || v > SEED_MAX) {
        snprintf(why, why_len, "--seed %s: give a whole number from 0 to %llu", s, SEED_MAX);
        return -1;
    }
    *seed = v;
    return 0;
}
