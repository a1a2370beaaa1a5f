/* Phase times on stderr, for finding where a collect or a profile spends its
 * wall time: with MMPROF_TRACE=1 in the environment, each trace_since() call
 * prints "mmprof-trace: PHASE MS" (docs/fidelity.md, Speed). Without it the
 * calls cost a cached flag test. */
#ifndef MMPROF_TRACE_H
#define MMPROF_TRACE_H

/* 1 when MMPROF_TRACE=1 (read once). */
int trace_on(void);
/* Prints the time since t0_ms (now_ms()) for phase, when tracing. */
void trace_since(const char *phase, double t0_ms);

#endif
