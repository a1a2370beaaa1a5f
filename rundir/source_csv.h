/* source.csv: the PC samples of a run's `--source` pass, beside results.csv.
 * One line per kernel row x SASS instruction x stall reason that was sampled:
 *
 *   variant,M,N,K,function,pc_offset,file,line,stall,samples
 *   naive,2048,2048,2048,_Z8mm_naivePKfS0_Pfiii,0x1f0,/src/kernels/matmul_naive.cu,19,long_scoreboard,5120
 *
 * variant,M,N,K is results.csv's row key; function the kernel's (mangled)
 * name as CUPTI reports it; pc_offset the instruction's offset in the
 * function, in hex; file and line its CUDA source line from the cubin's line
 * table (kernels built with -lineinfo), file empty and line 0 where the cubin
 * has none; stall the reason without CUPTI's "smsp__pcsamp_warps_issue_stalled_"
 * prefix (so "selected" is a sample of a warp that issued), samples > 0.
 * A reason ending in "_not_issued" counts the samples of that reason in which
 * the warp issued nothing: a subset of the plain reason, never added to the
 * totals. A kernel's lines are written together and flushed to disk after its
 * results.csv row; a kernel sampled twice (--resume) keeps its last lines. */
#ifndef MMPROF_COMMON_SOURCE_CSV_H
#define MMPROF_COMMON_SOURCE_CSV_H

#include <stddef.h>
#include <stdio.h>

#include "rundir/run_files.h"

/* CUPTI's name of a stall reason starts with this (ncu's metrics too). */
#define SOURCE_STALL_PREFIX "smsp__pcsamp_warps_issue_stalled_"
#define SOURCE_NOT_ISSUED_SUFFIX "_not_issued"

/* One sampled instruction x stall reason of one kernel row. */
struct source_row {
    const char *variant;
    long m, n, k;
    const char *function;
    unsigned long long pc_offset;
    const char *file; /* "" when the cubin has no line for it */
    long line;        /* 0 then */
    const char *stall;
    unsigned long long samples;
};

/* The stall name as source.csv keeps it: CUPTI's without SOURCE_STALL_PREFIX. */
const char *source_stall_short(const char *cupti_name);

/* 1 when the stall reason counts the not-issued subset of another one. */
int source_stall_not_issued(const char *stall);

/* Opens dir/source.csv for appending, the header written when the file is
 * new or empty. NULL with why. */
FILE *source_csv_open(const char *dir, char *why, size_t why_len);

/* Appends the n rows of one kernel and flushes them to disk (fsync). */
int source_csv_append(FILE *f, const struct source_row *rows, size_t n);

struct table;

struct source_table {
    struct source_row *rows;
    size_t n;
    struct table *t; /* owns the strings */
};

/* The one reader of source.csv. 0 with *out = NULL when dir has none (a run
 * collected without --source); 0 with *out; or -1 with one sentence in err
 * naming the file, the line and the fix. */
int source_csv_read(const char *dir, struct source_table **out, char *err, size_t err_len);
void source_table_free(struct source_table *s);

#endif
