#include "reports/base64.h"

#include <stdlib.h>

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *base64_encode(const unsigned char *data, size_t n)
{
    size_t groups = (n + 2) / 3;
    char *out = malloc(4 * groups + 1), *o = out;
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i += 3) {
        /* 3 bytes -> 24 bits -> 4 six-bit digits; missing bytes are '=' */
        unsigned long bits = (unsigned long)data[i] << 16;
        if (i + 1 < n)
            bits |= (unsigned long)data[i + 1] << 8;
        if (i + 2 < n)
            bits |= data[i + 2];
        *o++ = alphabet[(bits >> 18) & 63];
        *o++ = alphabet[(bits >> 12) & 63];
        *o++ = i + 1 < n ? alphabet[(bits >> 6) & 63] : '=';
        *o++ = i + 2 < n ? alphabet[bits & 63] : '=';
    }
    *o = '\0';
    return out;
}
