/* What collect reads back from a run directory: run.json's arguments and
 * seed (--resume: rundir/run_json.c), results.csv checked and its finished
 * rows marked done (rundir/resume.c), and a recorded run as the replay
 * backend (rundir/replay.c). Input as fuzz_run_dir's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rundir/results.h"
#include "common/util.h"
#include "rundir/plan.h"
#include "rundir/replay.h"
#include "rundir/resume.h"
#include "rundir/run_json.h"
#include "fuzz_common.h"

static void read_args(void)
{
    int argc = 0, complete = 0;
    char **argv = NULL, why[1024] = "";
    unsigned long long seed = 0;
    if (rundir_read_args(fuzz_dir(), &argc, &argv, &seed, &complete, why, sizeof why) != 0) {
        FUZZ_CHECK(why[0] != '\0');
        return;
    }
    FUZZ_CHECK(seed <= 9007199254740992ULL);
    for (int i = 0; i < argc; i++) {
        FUZZ_CHECK(argv[i] != NULL);
        free(argv[i]);
    }
    free(argv);
}

/* The plan of a small collect: a few variants at the shapes the corpus uses. */
static void make_plan(struct plan *p)
{
    const char *names[] = {"naive", "tiled_t16", "cpu_blas", "tr_copy", "tr_padded"};
    const struct variant *vs[5];
    size_t nv = 0;
    for (size_t i = 0; i < 5; i++)
        if ((vs[nv] = registry_find(names[i])) != NULL)
            nv++;
    const struct shape shapes[] = {{1024, 1024, 1024}, {2048, 2048, 2048}, {64, 64, 64}};
    if (plan_build(p, vs, nv, shapes, 3) != 0)
        abort();
}

static void replay(struct plan *p)
{
    struct replay *rp = NULL;
    struct device_info dev;
    char why[1024] = "";
    if (replay_open(&rp, fuzz_dir(), &dev, why, sizeof why) != 0) {
        FUZZ_CHECK(rp == NULL && why[0] != '\0');
        return;
    }
    (void)replay_ceilings(rp);
    size_t nmetrics = replay_metric_count(rp);
    const char *const *headers = replay_metric_headers(rp);
    FILE *out = fuzz_null();
    for (size_t i = 0; i < p->n; i++) {
        struct result_row row;
        result_row_init(&row);
        row.variant = p->items[i].v->name;
        row.family = family_name(p->items[i].v->family);
        row.m = p->items[i].shape.m;
        row.n = p->items[i].shape.n;
        row.k = p->items[i].shape.k;
        row.nmetrics = nmetrics;
        replay_row(rp, p->items[i].v, &p->items[i].shape, replay_metric_count(rp), out, &row);
    }
    /* resume against the recording's own metric columns: mutates results.csv */
    resume_prepare(fuzz_dir(), headers, nmetrics, p, why, sizeof why);
    replay_close(rp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *csv, *json;
    size_t csv_len, json_len;
    fuzz_split_run(data, size, &csv, &csv_len, &json, &json_len);
    fuzz_write(0, "results.csv", csv, csv_len);
    fuzz_write(1, "run.json", json, json_len);
    read_args();
    struct plan p;
    make_plan(&p);
    replay(&p);
    plan_free(&p);
    return 0;
}
