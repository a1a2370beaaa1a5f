/* The readers of `mmprof profile` (profile/): launches.tsv
 * (launch_log_summarize), activity.tsv joined into it (launch_times_join),
 * an application replay's replay-0.tsv (replay_log_read), --model files
 * (decl_model_load) and a declaration as mmprof.h passes it (decl_parse),
 * all on the same bytes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "profile/decl.h"
#include "profile/activity_log.h"
#include "profile/launch_log.h"
#include "profile/launch_times.h"
#include "profile/replay_log.h"

static void summary(void)
{
    char why[1024] = "";
    struct launch_summary s;
    if (launch_log_summarize(fuzz_dir(), &s, why, sizeof why) != 0) {
        FUZZ_CHECK(why[0] != '\0');
        return;
    }
    long launches = 0;
    for (size_t i = 0; i < s.n; i++) {
        FUZZ_CHECK(s.k[i].kernel != NULL);
        FUZZ_CHECK(s.k[i].profiled + s.k[i].failed <= s.k[i].launches);
        FUZZ_CHECK(s.k[i].timed <= s.k[i].launches);
        launches += s.k[i].launches;
    }
    FUZZ_CHECK(launches == s.launches);
    FUZZ_CHECK(s.processes <= s.launches);
    launch_log_print(fuzz_null(), &s, 5);
    launch_log_summary_free(&s);
}

/* The bytes as activity.tsv joined into a valid launches.tsv, and as the
 * first run's replay-0.tsv of a set of 3 raw metrics. */
static void activity_and_replay(void)
{
    static const char launches[] = LAUNCH_LOG_HEADER "12\t1\t5\tprofiled\t\t8,1,1\t256,1,1\tvoid k(float*)\n";
    char why[1024] = "";
    long timed = -1;
    fuzz_write(2, LAUNCHES_TSV, (const uint8_t *)launches, sizeof launches - 1);
    if (launch_times_join(fuzz_dir(), &timed, why, sizeof why) != 0)
        FUZZ_CHECK(why[0] != '\0');
    else
        FUZZ_CHECK(timed == 0 || timed == 1);
    struct replay_line *lines;
    size_t n;
    if (replay_log_read(fuzz_dir(), 0, 3, &lines, &n, why, sizeof why) != 0) {
        FUZZ_CHECK(why[0] != '\0' && n == 0);
        return;
    }
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(lines[i].kernel != NULL && lines[i].values != NULL);
    replay_log_free(lines, n);
}

static void model(const char *path)
{
    char why[1024] = "";
    struct decl_model m;
    if (decl_model_load(&m, path, why, sizeof why) != 0) {
        FUZZ_CHECK(why[0] != '\0');
        FUZZ_CHECK(m.n == 0 && m.lines == NULL);
        return;
    }
    (void)decl_model_find(&m, "_Z1kv", "k()");
    decl_model_free(&m);
}

static void declaration(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    FUZZ_CHECK(text != NULL);
    memcpy(text, data, size);
    text[size] = '\0';
    char why[1024] = "";
    struct kernel_decl d;
    if (decl_parse(text, &d, why, sizeof why) != 0) {
        FUZZ_CHECK(why[0] != '\0');
    } else {
        double flops, bytes;
        decl_flops_bytes(&d, &flops, &bytes);
        FUZZ_CHECK(d.v || !isnan(d.flops) || !isnan(d.bytes));
        FUZZ_CHECK(isnan(flops) || flops > 0);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_write(0, LAUNCHES_TSV, data, size);
    summary();
    fuzz_write(3, ACTIVITY_TSV, data, size);
    fuzz_write(3, "replay-0.tsv", data, size); /* the returned paths are not kept */
    activity_and_replay();
    model(fuzz_write(1, "model.txt", data, size));
    declaration(data, size);
    return 0;
}
