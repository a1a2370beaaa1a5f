/* `mmprof xcheck --findings RUN --ncu-details CSV [--ncu-raw CSV]`
 * (cli/cmd_xcheck.c parses it; the comparison needs the analysis): for
 * each kernel of a profile run (its first launch), mmprof's top finding
 * beside ncu's rule of highest estimated speedup and its SOL bottleneck on
 * the same launch (xcheck/launch_pair.h: results.csv's launch=N is ncu's
 * N-th launch where both are the same function), each as the limiter limiters.def names, and how many kernels
 * agree. */
#ifndef MMPROF_ANALYSIS_FINDINGS_VS_NCU_H
#define MMPROF_ANALYSIS_FINDINGS_VS_NCU_H

/* Prints the table and the count on stdout. details or raw may be NULL (not
 * both). Returns 0, or 2 after one line on stderr (a run or an export it
 * cannot use), 1 out of memory. */
int xc_findings_vs_ncu(const char *run, const char *details, const char *raw);

#endif
