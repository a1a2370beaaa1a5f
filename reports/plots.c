#include "reports/plots.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/file.h"
#include "reports/base64.h"

/* A chart larger than this is not one gnuplot drew for us; it would bloat the page. */
#define PLOT_MAX_BYTES (8L * 1024 * 1024)

/* What each chart `mmprof plot` draws shows, by name prefix. A chart not
 * listed is captioned with its own name. */
static const struct {
    const char *prefix, *caption;
} captions[] = {
    {"roofline", "Roofline: attained GFLOP/s against arithmetic intensity under the run's ceilings"},
    {"tile_size", "Kernel time against TILE_WIDTH, one line per matrix size (seed 000)"},
    {"rxry_heatmap", "GFLOP/s of each Rx × Ry register tile (seed 003)"},
    {"transpose_bw", "Transpose bandwidth against the copy kernel (seed 002)"},
    {"cgma_scatter", "Measured against theoretical CGMA, one point per variant and size"},
    {"gflops_vs_size", "GFLOP/s against matrix size (seeds 001 and 004)"},
};

static const char *caption_of(const struct plot *pl, char *buf, size_t len)
{
    for (size_t i = 0; i < sizeof captions / sizeof captions[0]; i++)
        if (strncmp(pl->stem, captions[i].prefix, strlen(captions[i].prefix)) == 0)
            return captions[i].caption;
    snprintf(buf, len, "%s", pl->stem);
    for (char *c = buf; *c; c++)
        *c = *c == '_' ? ' ' : *c;
    return buf;
}

static struct plot *find_stem(struct plots *p, const char *stem)
{
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->items[i].stem, stem) == 0)
            return &p->items[i];
    return NULL;
}

static void add(struct plots *p, const char *path, const char *mime)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char stem[256];
    snprintf(stem, sizeof stem, "%.*s", (int)(strrchr(base, '.') - base), base);
    struct plot *same = find_stem(p, stem);
    if (same || p->n == PLOTS_MAX)
        return; /* PNGs are scanned first: an SVG of the same chart is a duplicate */
    struct plot *pl = &p->items[p->n++];
    snprintf(pl->file, sizeof pl->file, "%s", base);
    snprintf(pl->stem, sizeof pl->stem, "%s", stem);
    pl->mime = mime;
    pl->used = 0;
}

static void scan_ext(struct plots *p, const char *ext, const char *mime)
{
    char pattern[1200];
    glob_t g;
    snprintf(pattern, sizeof pattern, "%s/*.%s", p->dir, ext);
    if (glob(pattern, 0, NULL, &g) != 0)
        return; /* no match, or no folder */
    for (size_t i = 0; i < g.gl_pathc; i++)
        add(p, g.gl_pathv[i], mime);
    globfree(&g);
}

void plots_scan(const char *run_dir, struct plots *p)
{
    p->n = 0;
    snprintf(p->dir, sizeof p->dir, "%s/plots", run_dir);
    scan_ext(p, "png", "image/png");
    scan_ext(p, "svg", "image/svg+xml");
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
    char path[1400], md_path[300], name[256];
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
    const char *caption = caption_of(pl, name, sizeof name);
    if (b64)
        doc_image(d, md_path, pl->mime, b64, caption);
    else if (bytes && !whole)
        doc_note(d, "Chart `%s` is incomplete (the file ends early): run `mmprof plot` again.", md_path);
    else
        doc_note(d, "Chart `%s` could not be read (empty, unreadable or over %ld MiB): run `mmprof plot` again.",
                 md_path, PLOT_MAX_BYTES >> 20);
    free(bytes);
    free(b64);
    pl->used = 1;
}

size_t plots_embed(struct plots *p, struct doc *d, const char *prefix)
{
    size_t shown = 0;
    for (size_t i = 0; i < p->n; i++) {
        struct plot *pl = &p->items[i];
        if (!pl->used && strncmp(pl->stem, prefix, strlen(prefix)) == 0) {
            embed(p, pl, d);
            shown++;
        }
    }
    return shown;
}

size_t plots_unused(const struct plots *p)
{
    size_t n = 0;
    for (size_t i = 0; i < p->n; i++)
        n += !p->items[i].used;
    return n;
}
