/* The committed example run (examples/seeds, collected on an H100/H200):
 * for every tiled and register-tiled row with status ok, the counters must
 * confirm the model — measured FLOPs within 0.5 % of the FLOPs the kernel
 * executes (2*M*N*K whenever the tile divides the shape; more when padded
 * edge tiles multiply zeros) and thread-level measured CGMA (2MNK per
 * measured word) within 1 % of the theory (2MNK per modelled word). best's
 * sectors, its cp.async copies included, must equal its model within 1 %.
 * Fails, never skips, while the example run is missing: the lead must see
 * it red. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "analysis/analysis.h"
#include "close.h"

#define EXAMPLE_RUN MMPROF_SOURCE_DIR "/examples/seeds"

static int checked_kind(const struct analysis_row *r)
{
    return r->has_theory && (r->v->kind == KIND_MM_TILED || r->v->kind == KIND_MM_REGTILE) &&
           strcmp(r->status, "ok") == 0;
}

static void check_row(const struct analysis_row *r)
{
    print_message("%-14s %ldx%ldx%ld  executed FLOPs %+.3f%% (beyond 2MNK %+.3f%%)  thread CGMA %+.3f%%\n",
                  r->variant, r->m, r->n, r->k, 100 * (r->flops_executed_ratio - 1), r->flops_padding_pct,
                  100 * (r->cgma_thread_ratio - 1));
    if (!close_enough(r->ms.flops_executed, r->th.flops_executed, 0.005))
        fail_msg("%s %ldx%ldx%ld: measured FLOPs %.6g, model %.6g (2MNK %.6g): more than 0.5 %% apart", r->variant,
                 r->m, r->n, r->k, r->ms.flops_executed, r->th.flops_executed, r->th.flops);
    if (!close_enough(r->ms.cgma_thread_flop_per_word, r->th.cgma, 0.01))
        fail_msg("%s %ldx%ldx%ld: thread-level CGMA measured %.6g, theory %.6g: more than 1 %% apart (%s)",
                 r->variant, r->m, r->n, r->k, r->ms.cgma_thread_flop_per_word, r->th.cgma, r->reason);
}

/* best's loads are all cp.async: the L1TEX load sectors count them. */
static void check_best(const struct analysis_row *r)
{
    print_message("%-14s %ldx%ldx%ld  sector CGMA %+.3f%%\n", r->variant, r->m, r->n, r->k,
                  100 * (r->cgma_sector_ratio - 1));
    if (!close_enough(r->ms.cgma_sector_flop_per_word, r->th.cgma_sector, 0.01))
        fail_msg("%s %ldx%ldx%ld: sector-level CGMA measured %.6g, theory %.6g: more than 1 %% apart (%s)",
                 r->variant, r->m, r->n, r->k, r->ms.cgma_sector_flop_per_word, r->th.cgma_sector, r->reason);
}

static void example_run_confirms_the_model(void **state)
{
    struct stat st;
    if (stat(EXAMPLE_RUN, &st) != 0)
        fail_msg("%s does not exist yet: collect a run on an H100/H200 (mmprof collect) and commit its run "
                 "directory as examples/seeds; this test stays red until then",
                 EXAMPLE_RUN);
    struct run_view v;
    struct analysis a;
    char err[1024];
    if (analysis_load(EXAMPLE_RUN, 0, &v, &a, err, sizeof err) != 0)
        fail_msg("cannot analyse %s: %s", EXAMPLE_RUN, err);
    size_t checked = 0;
    for (size_t i = 0; i < a.nrows; i++)
        if (checked_kind(&a.rows[i])) {
            check_row(&a.rows[i]);
            checked++;
        } else if (a.rows[i].has_theory && a.rows[i].v->kind == KIND_MM_BEST && strcmp(a.rows[i].status, "ok") == 0)
            check_best(&a.rows[i]);
    analysis_free(&a);
    run_view_free(&v);
    if (checked == 0)
        fail_msg("%s has no tiled or register-tiled row with status ok to check", EXAMPLE_RUN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(example_run_confirms_the_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
