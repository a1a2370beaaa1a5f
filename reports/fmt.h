/* Numbers as a person reads them in a report: 3-4 significant digits and
 * engineering units (k, M, G, T), "—" for a value that was not measured. */
#ifndef MMPROF_REPORTS_FMT_H
#define MMPROF_REPORTS_FMT_H

#include <stddef.h>

/* Room for any formatted number with its unit. */
#define FMT_LEN 40

/* What a NaN (not measured, not applicable) prints as. */
#define FMT_NONE "—"

/* Plain decimal with `sig` significant digits, no exponent for values a
 * table holds (1e-3 .. 1e6); outside that range, engineering notation. */
char *fmt_sig(char *buf, double v, int sig);
/* A count or size with an SI prefix: 8.19 G, 1.01 GB (unit may be ""). */
char *fmt_si(char *buf, double v, const char *unit);
/* A capacity in binary units, as memory sizes are sold: 80.0 GiB, 50.0 MiB. */
char *fmt_bytes_bin(char *buf, double bytes);
/* A duration given in milliseconds, in the unit that reads best: 17.4 µs, 186.8 ms, 5.14 s. */
char *fmt_time_ms(char *buf, double ms);
/* A rate given in units of 1e9 (GFLOP/s, GB/s): 3.66 TFLOP/s, 842 GB/s. */
char *fmt_rate_g(char *buf, double giga, const char *unit);
/* A percentage: 99.6 %, 5.2 %, 0.43 %. */
char *fmt_pct(char *buf, double pct);
/* A ratio: 1.23×. */
char *fmt_ratio(char *buf, double r);

#endif
