#include "reports/fmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Below and above these, fmt_sig switches to engineering notation: a
 * table cell with more than six digits or three leading zeros is unreadable. */
#define PLAIN_MIN 1e-3
#define PLAIN_MAX 1e6

/* 3 significant digits for prefixed values (8.19 G), 4 for times (186.8 ms). */
enum { SI_SIG = 3, TIME_SIG = 4, RATIO_SIG = 3, SMALL_PCT_SIG = 2 };

/* A bare number before its unit: "-1.235e+308" at most (fmt_sig's longest). */
enum { NUM_LEN = 24 };

static const char *const si_prefixes[] = {"", "k", "M", "G", "T", "P", "E"};

static char *special(char *buf, double v)
{
    if (isnan(v))
        snprintf(buf, FMT_LEN, "%s", FMT_NONE);
    else
        snprintf(buf, FMT_LEN, "%s∞", v < 0 ? "-" : "");
    return buf;
}

/* v rounded to sig significant digits, so 9.996 becomes 10.0 and not 10.00. */
static double round_sig(double v, int sig)
{
    char tmp[FMT_LEN];
    snprintf(tmp, sizeof tmp, "%.*e", sig - 1, v);
    return strtod(tmp, NULL);
}

static char *num_sig(char *buf, size_t len, double v, int sig)
{
    if (!isfinite(v)) {
        snprintf(buf, len, "%s", isnan(v) ? FMT_NONE : v < 0 ? "-∞" : "∞");
        return buf;
    }
    double r = round_sig(v, sig), a = fabs(r);
    if (a == 0)
        snprintf(buf, len, "0");
    else if (a < PLAIN_MIN || a >= PLAIN_MAX)
        snprintf(buf, len, "%.*e", sig - 1, r);
    else {
        int decimals = sig - 1 - (int)floor(log10(a));
        snprintf(buf, len, "%.*f", decimals > 0 ? decimals : 0, r);
    }
    return buf;
}

char *fmt_sig(char *buf, double v, int sig)
{
    return num_sig(buf, FMT_LEN, v, sig);
}

char *fmt_si(char *buf, double v, const char *unit)
{
    if (!isfinite(v))
        return special(buf, v);
    size_t p = 0, last = sizeof si_prefixes / sizeof si_prefixes[0] - 1;
    double scaled = v;
    /* step up while the rounded value reaches 1000, so 999.7 k prints as 1.00 M */
    while (p < last && fabs(round_sig(scaled, SI_SIG)) >= 1000) {
        scaled /= 1000;
        p++;
    }
    char num[NUM_LEN];
    if (p == 0 && scaled == floor(scaled))
        snprintf(num, sizeof num, "%.0f", scaled); /* small whole counts (< 1000): 40, not 40.0 */
    else
        num_sig(num, sizeof num, scaled, SI_SIG);
    const char *sep = si_prefixes[p][0] || unit[0] ? " " : "";
    snprintf(buf, FMT_LEN, "%s%s%s%s", num, sep, si_prefixes[p], unit);
    return buf;
}

char *fmt_bytes_bin(char *buf, double bytes)
{
    if (!isfinite(bytes))
        return special(buf, bytes);
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    size_t i = 0, last = sizeof units / sizeof units[0] - 1;
    while (i < last && fabs(bytes) >= 1024) {
        bytes /= 1024;
        i++;
    }
    char num[NUM_LEN];
    num_sig(num, sizeof num, bytes, SI_SIG);
    snprintf(buf, FMT_LEN, "%s %s", num, units[i]);
    return buf;
}

char *fmt_time_ms(char *buf, double ms)
{
    if (!isfinite(ms))
        return special(buf, ms);
    static const struct {
        double per_ms;
        const char *unit;
    } units[] = {{1e-3, "s"}, {1, "ms"}, {1e3, "µs"}, {1e6, "ns"}};
    size_t i = 0, n = sizeof units / sizeof units[0];
    /* the first unit in which the value is at least 1 */
    while (i + 1 < n && fabs(round_sig(ms * units[i].per_ms, TIME_SIG)) < 1)
        i++;
    char num[NUM_LEN];
    num_sig(num, sizeof num, ms * units[i].per_ms, TIME_SIG);
    snprintf(buf, FMT_LEN, "%s %s", num, units[i].unit);
    return buf;
}

char *fmt_rate_g(char *buf, double giga, const char *unit)
{
    return fmt_si(buf, giga * 1e9, unit);
}

char *fmt_pct(char *buf, double pct)
{
    if (!isfinite(pct))
        return special(buf, pct);
    char num[NUM_LEN];
    if (fabs(pct) >= 1 || pct == 0)
        snprintf(num, sizeof num, "%.1f", pct);
    else
        num_sig(num, sizeof num, pct, SMALL_PCT_SIG);
    snprintf(buf, FMT_LEN, "%s %%", num);
    return buf;
}

char *fmt_ratio(char *buf, double r)
{
    if (!isfinite(r))
        return special(buf, r);
    char num[NUM_LEN];
    num_sig(num, sizeof num, r, RATIO_SIG);
    snprintf(buf, FMT_LEN, "%s×", num);
    return buf;
}
