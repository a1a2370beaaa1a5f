/* Standard base64 (RFC 4648, with padding), for data: URIs. */
#ifndef MMPROF_REPORTS_BASE64_H
#define MMPROF_REPORTS_BASE64_H

#include <stddef.h>

/* A malloc'd NUL-terminated encoding of data[0..n), or NULL when out of memory. */
char *base64_encode(const unsigned char *data, size_t n);

#endif
