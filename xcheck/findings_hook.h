/* `xcheck --findings`: the options are xcheck's, the comparison is the
 * analysis's (analysis/findings_vs_ncu.h), which xcheck may not include
 * (the analysis reads ncu's source page through xcheck): the program sets
 * it here before running a command. */
#ifndef MMPROF_XCHECK_FINDINGS_HOOK_H
#define MMPROF_XCHECK_FINDINGS_HOOK_H

/* Prints the comparison of run with ncu's details and/or raw export (NULL
 * for one not given); returns the exit status. */
typedef int (*xc_findings_fn)(const char *run, const char *details, const char *raw);

void xc_set_findings(xc_findings_fn fn);

#endif
