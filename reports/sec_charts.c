/* Charts no section above embedded (a chart `mmprof plot` added later
 * shows up here), or a note that the run has none. */
#include "reports/sections.h"

static int present(const struct report_ctx *c)
{
    return c->plots.n == 0 || plots_unused(&c->plots) > 0;
}

static void write_charts(struct report_ctx *c)
{
    if (c->plots.n == 0) {
        doc_para(&c->doc, "This run has no charts: `%s/plots/` holds no PNG or SVG. Run `mmprof plot %s`, then "
                          "`mmprof report %s` again to include them.",
                 c->run_dir, c->run_dir, c->run_dir);
        return;
    }
    plots_embed(&c->plots, &c->doc, "");
}

const struct section sec_charts = {"charts", "Charts", present, write_charts};
