#include "charts_placed.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "reports/plots.h"
#include "run_dir.h"

/* The section with this anchor: from its anchor to the next section's. */
static void section_span(const char *md, const char *anchor, const char **begin, const char **end)
{
    char tag[160];
    snprintf(tag, sizeof tag, "<a id=\"%s\"></a>", anchor);
    *begin = strstr(md, tag);
    if (!*begin)
        fail_msg("report.md has no section '%s'", anchor);
    *end = strstr(*begin + strlen(tag), "<a id=");
    if (!*end)
        *end = *begin + strlen(*begin);
}

static size_t count_of(const char *text, const char *part)
{
    size_t n = 0;
    for (const char *p = strstr(text, part); p; p = strstr(p + 1, part))
        n++;
    return n;
}

size_t assert_charts_placed(const char *dir, const char *md)
{
    size_t n, drawn = 0;
    const struct chart_entry *t = chart_entries(&n);
    for (size_t i = 0; i < n; i++) {
        char png[300], svg[300], image[2400];
        snprintf(png, sizeof png, "plots/%s.png", t[i].name);
        snprintf(svg, sizeof svg, "plots/%s.svg", t[i].name);
        const char *file = run_has(dir, png) ? png : run_has(dir, svg) ? svg : NULL;
        if (!file)
            continue;
        drawn++;
        const char *begin, *end;
        section_span(md, t[i].section, &begin, &end);
        snprintf(image, sizeof image, "![%s](%s)\n\n_%s_\n", t[i].caption, file, t[i].caption);
        const char *at = strstr(begin, image);
        if (!at || at >= end)
            fail_msg("chart %s (%s) is not under section '%s' with its caption", t[i].name, file, t[i].section);
    }
    /* nothing else: no chart twice, none uncaptioned, no dumping ground */
    if (count_of(md, "![") != drawn)
        fail_msg("report.md shows %zu images; plots/ holds %zu charts of the table", count_of(md, "!["), drawn);
    assert_null(strstr(md, "## Charts"));
    return drawn;
}
