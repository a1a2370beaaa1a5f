#include "collector/row_times.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/util.h"

void row_times_add(int shard, const struct variant *v, const struct shape *s, double start_ms)
{
    const char *path = getenv("MMPROF_ROW_TIMES");
    if (!path || !*path)
        return;
    char line[256];
    int n = snprintf(line, sizeof line, "%d %s %s %ldx%ldx%ld %.3f %.3f\n", shard, variant_on_gpu(v) ? "gpu" : "cpu",
                     v->name, s->m, s->n, s->k, start_ms, now_ms());
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        msg_warn("MMPROF_ROW_TIMES=%s: cannot open it; row times not recorded", path);
        return;
    }
    if (n > 0 && write(fd, line, (size_t)n) != n)
        msg_warn("MMPROF_ROW_TIMES=%s: a row's times were not written", path);
    close(fd);
}
