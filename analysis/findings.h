/* The findings of one kernel (analysis/findings.def): every finding whose
 * condition holds for its row, each with its evidence, estimated gain and
 * fix, the largest gain first. Needs the row's speed of light
 * (analysis_attach). */
#ifndef MMPROF_ANALYSIS_FINDINGS_H
#define MMPROF_ANALYSIS_FINDINGS_H

#include <stddef.h>

#include "analysis/analysis.h"

#define FINDINGS_MAX 24

struct finding {
    const char *id;
    char evidence[768];
    double gain_pct; /* share of the kernel's time removing the limiter saves, %; NaN not known */
    const char *fix;
};

/* Fills out (cap FINDINGS_MAX is enough) and returns how many hold, or -1
 * when a finding of findings.def is malformed (err names it). */
int findings_for(const struct analysis_row *r, struct finding *out, size_t cap, char *err, size_t err_len);

#endif
