/* `mmprof info --metrics`: the metric table and the groups, as text. */
#include "collector/cupti/metric_set.h"

#include "collector/cupti/metric_group.h"
#include "collector/cupti/metric_table.h"
#include "common/suggest.h"

#include <fnmatch.h>
#include <string.h>

int metric_pattern_match(const char *pattern, const char *name)
{
    if (!pattern || !*pattern)
        return 1;
    if (strpbrk(pattern, "*?["))
        return fnmatch(pattern, name, 0) == 0;
    return contains_nocase(name, pattern);
}

int metrics_list_table(FILE *out, const char *pattern)
{
    size_t n;
    const struct metric_def *t = metric_table(&n);
    if (!t) {
        fprintf(out, "mmprof: %s\n", metric_table_error());
        return -1;
    }
    fprintf(out, "%-62s %-14s %s\n", "metric (mmprof table)", "unit", "nvprof name / formula");
    for (size_t i = 0; i < n; i++) {
        const struct metric_def *d = &t[i];
        if (!metric_pattern_match(pattern, d->name) &&
            !(d->alias && metric_pattern_match(pattern, d->alias)))
            continue;
        const char *extra = d->formula ? "= " : "";
        fprintf(out, "%-62s %-14s %s%s\n", d->name, d->unit, extra,
                d->formula ? d->formula : d->alias ? d->alias : "");
        fprintf(out, "    %s\n", d->description);
    }
    return 0;
}

int metrics_list_groups(FILE *out)
{
    fprintf(out, "%-10s %s\n", "group", "what it collects (--metrics GROUP)");
    for (size_t i = 0; i < metric_group_count(); i++) {
        const char *name = metric_group_name(i);
        char shortline[256];
        fprintf(out, "%-10s %s\n", name,
                metric_group_short(metric_group_text(name), shortline, sizeof shortline));
    }
    return 0;
}
