/* The charts of plots/charts.def found in RUN/plots/, embedded under their
 * sections with their captions (plots.h). */
#include "reports/plots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/file.h"
#include "reports/base64.h"
#include "rundir/run_files.h"

/* A chart larger than this is not one gnuplot drew for us; it would bloat the page. */
#define PLOT_MAX_BYTES (8L * 1024 * 1024)

static const struct chart_entry table[] = {
#define CHART(name_, section_, what_, caption_) {#name_, section_, caption_},
#include "plots/charts.def"
};
_Static_assert(sizeof table / sizeof table[0] <= PLOTS_MAX, "plots/charts.def has more rows than PLOTS_MAX");

const struct chart_entry *chart_entries(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}

/* 1 and the plot filled when dir/NAME.ext exists. */
static int find(struct plots *p, const struct chart_entry *e, const char *ext, const char *mime)
{
    struct plot *pl = &p->items[p->n];
    char path[1400];
    snprintf(pl->file, sizeof pl->file, "%s.%s", e->name, ext);
    snprintf(path, sizeof path, "%s/%s", p->dir, pl->file);
    if (access(path, F_OK) != 0)
        return 0;
    pl->chart = e;
    pl->mime = mime;
    pl->used = 0;
    p->n++;
    return 1;
}

void plots_scan(const char *run_dir, struct plots *p)
{
    p->n = 0;
    run_path(p->dir, sizeof p->dir, run_dir, PLOTS_DIR);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!find(p, &table[i], "png", "image/png"))
            find(p, &table[i], "svg", "image/svg+xml");
}

/* A checkout writes a committed run's files seconds apart in name order
 * (plots/ before results.csv): charts are stale only when drawn longer ago. */
#define STALE_MARGIN_S 60.0

size_t plots_older_than(const struct plots *p, const char *path, char *names, size_t len)
{
    size_t n = 0, used = 0;
    names[0] = '\0';
    for (size_t i = 0; i < p->n; i++) {
        char file[1400];
        snprintf(file, sizeof file, "%s/%s", p->dir, p->items[i].file);
        if (!file_is_older(file, path, STALE_MARGIN_S))
            continue;
        int w = snprintf(names + used, len - used, "%s%s", n++ ? ", " : "", p->items[i].file);
        if (w > 0 && (size_t)w < len - used)
            used += (size_t)w;
    }
    return n;
}

size_t plots_of_section(const struct plots *p, const char *section)
{
    size_t n = 0;
    for (size_t i = 0; i < p->n; i++)
        n += strcmp(p->items[i].chart->section, section) == 0;
    return n;
}

/* A chart cut short (a plotter killed mid-write) still shows its first rows
 * in a browser; its end marker is what tells: a PNG's last chunk is IEND,
 * an SVG closes its root element. */
static int complete(const struct plot *pl, const unsigned char *bytes, size_t n)
{
    static const unsigned char iend[] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
    static const char svg_end[] = "</svg>";
    if (strcmp(pl->mime, "image/png") == 0)
        return n >= sizeof iend && memcmp(bytes + n - sizeof iend, iend, sizeof iend) == 0;
    size_t tail = n < 64 ? n : 64; /* the closing tag, then at most some white space */
    for (size_t i = n - tail; i + sizeof svg_end - 1 <= n; i++)
        if (memcmp(bytes + i, svg_end, sizeof svg_end - 1) == 0)
            return 1;
    return 0;
}

static void embed(struct plots *p, struct plot *pl, struct doc *d)
{
    char path[1400], md_path[300];
    size_t n;
    snprintf(path, sizeof path, "%s/%s", p->dir, pl->file);
    snprintf(md_path, sizeof md_path, "plots/%s", pl->file);
    char *text; /* the notes below say what went wrong */
    file_read_all(path, PLOT_MAX_BYTES, &text, &n, NULL, 0);
    if (text && n == 0) { /* an empty chart is as good as none */
        free(text);
        text = NULL;
    }
    unsigned char *bytes = (unsigned char *)text;
    int whole = bytes && complete(pl, bytes, n);
    char *b64 = whole ? base64_encode(bytes, n) : NULL;
    if (b64)
        doc_image(d, md_path, pl->mime, b64, pl->chart->caption);
    else if (bytes && !whole)
        doc_note(d, "Chart `%s` is incomplete (the file ends early): run `mmprof plot` again.", md_path);
    else
        doc_note(d, "Chart `%s` could not be read (empty, unreadable or over %ld MiB): run `mmprof plot` again.",
                 md_path, PLOT_MAX_BYTES >> 20);
    free(bytes);
    free(b64);
    pl->used = 1;
}

size_t plots_embed(struct plots *p, struct doc *d, const char *section)
{
    size_t shown = 0;
    for (size_t i = 0; i < p->n; i++) {
        struct plot *pl = &p->items[i];
        if (!pl->used && strcmp(pl->chart->section, section) == 0) {
            embed(p, pl, d);
            shown++;
        }
    }
    return shown;
}
