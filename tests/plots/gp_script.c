/* gnuplot scripts read back for the chart tests (gp_script.h). The text
 * box of a label is estimated from its characters: cairo renders a point
 * as 4/3 pixel, DejaVu Sans Mono is 0.6 em a character, DejaVu Sans at
 * most about 0.64 em for digits and lower-case letters, a line 1.15 em. */
#include "gp_script.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plots/chart.h"

#define PX_PER_PT (4.0 / 3.0)

double gp_line_px(double font_pt)
{
    return 1.15 * font_pt * PX_PER_PT;
}

/* The script with continuation lines joined. */
static char *joined(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(n + 1), *o = out;
    assert_non_null(out);
    for (const char *p = text; *p; p++) {
        if (p[0] == '\\' && p[1] == '\n') {
            p++;
            continue;
        }
        *o++ = *p;
    }
    *o = '\0';
    return out;
}

/* Splits a plot command's clauses at top-level commas. */
static void read_plot(const char *cmd, struct gp_panel *panel)
{
    int depth = 0;
    char quote = 0;
    const char *start = cmd;
    for (const char *p = cmd;; p++) {
        if (quote) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == quote)
                quote = 0;
            if (*p)
                continue;
        }
        if (*p == '"' || *p == '\'')
            quote = *p;
        else if (*p == '(' || *p == '[' || *p == '{')
            depth++;
        else if (*p == ')' || *p == ']' || *p == '}')
            depth--;
        if ((*p == ',' && depth == 0) || *p == '\0') {
            assert_true(panel->n < GP_CLAUSES_MAX);
            struct gp_clause *c = &panel->clauses[panel->n++];
            while (*start == ' ')
                start++;
            snprintf(c->text, sizeof c->text, "%.*s", (int)(p - start), start);
            c->titled = strstr(c->text, " title ") != NULL && strstr(c->text, "notitle") == NULL &&
                        strstr(c->text, "with labels") == NULL;
            const char *with = strstr(c->text, " with ");
            snprintf(c->style, sizeof c->style, "%s", with ? with : c->text);
            char *title = strstr(c->style, " title ");
            if (title)
                *title = '\0';
            start = p + 1;
        }
        if (*p == '\0')
            break;
    }
}

static double after_number(const char *line, const char *key)
{
    const char *p = strstr(line, key);
    return p ? strtod(p + strlen(key), NULL) : NAN;
}

/* A quoted string at p (gnuplot escapes: \" \\ \n): its text, and the
 * count and widest of its lines. Returns the end. */
static const char *read_string(const char *p, char *out, size_t len, int *lines, int *widest)
{
    assert_true(*p == '"');
    size_t o = 0;
    int col = 0;
    *lines = 1;
    *widest = 0;
    for (p++; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\' && p[1]) {
            p++;
            c = *p == 'n' ? '\n' : *p;
        }
        if (c == '\n') {
            (*lines)++;
            col = 0;
        } else if (((unsigned char)c & 0xC0) != 0x80) /* count UTF-8 characters, not bytes */
            col++;
        *widest = col > *widest ? col : *widest;
        if (o + 1 < len)
            out[o++] = c;
    }
    out[o] = '\0';
    return *p ? p + 1 : p;
}

/* One coordinate "screen X" / "graph X" / "first X" along an axis. */
static double coordinate(const struct gp_script *s, const char **pp, int is_y)
{
    const char *p = *pp;
    while (*p == ' ' || *p == ',')
        p++;
    char sys[16] = "first";
    if (strncmp(p, "screen", 6) == 0 || strncmp(p, "graph", 5) == 0 || strncmp(p, "first", 5) == 0) {
        sscanf(p, "%15s", sys);
        p += strlen(sys);
    }
    char *end;
    double v = strtod(p, &end);
    *pp = end;
    double canvas = is_y ? PLOT_HEIGHT : PLOT_WIDTH;
    if (strcmp(sys, "screen") == 0)
        return v * canvas;
    double lo = is_y ? s->bm : s->lm, hi = is_y ? s->tm : s->rm;
    if (isnan(lo) || isnan(hi))
        fail_msg("a label in %s coordinates in a script without fixed margins: its place is unknown", sys);
    if (strcmp(sys, "graph") == 0)
        return (lo + v * (hi - lo)) * canvas;
    if (!is_y)
        fail_msg("a label at a data x: not supported by the test");
    return gp_data_y_px(s, v);
}

double gp_data_x_px(const struct gp_script *s, double x)
{
    double f = s->logx ? log(x / s->xmin) / log(s->xmax / s->xmin) : (x - s->xmin) / (s->xmax - s->xmin);
    return (s->lm + f * (s->rm - s->lm)) * PLOT_WIDTH;
}

double gp_data_y_px(const struct gp_script *s, double y)
{
    double f = s->logy ? log(y / s->ymin) / log(s->ymax / s->ymin) : (y - s->ymin) / (s->ymax - s->ymin);
    return (s->bm + f * (s->tm - s->bm)) * PLOT_HEIGHT;
}

static void read_label(const char *line, struct gp_script *s)
{
    assert_true(s->nlabels < GP_LABELS_MAX);
    struct gp_label *l = &s->labels[s->nlabels++];
    const char *p = line + strlen("set label");
    l->tag = (int)strtol(p, (char **)&p, 10);
    while (*p == ' ')
        p++;
    int lines, widest;
    p = read_string(p, l->text, sizeof l->text, &lines, &widest);
    const char *at = strstr(p, " at ");
    if (!at)
        fail_msg("label %d has no position", l->tag);
    at += 4;
    double x = coordinate(s, &at, 0), y = coordinate(s, &at, 1);
    double pt = 11; /* PLOT_FONT */
    const char *font = strstr(p, "font \"");
    int mono = font && strstr(font, "Mono") != NULL;
    if (font) {
        const char *comma = strchr(font, ',');
        if (comma && comma < strchr(font + 6, '"'))
            pt = strtod(comma + 1, NULL);
    }
    l->pt = pt;
    double em = pt * PX_PER_PT, w = widest * em * (mono ? 0.6 : 0.64), h = lines * gp_line_px(pt);
    if (strstr(p, "rotate by 90")) {
        double t = w;
        w = h;
        h = t;
        l->x0 = x - w / 2; /* rotated: runs up from its anchor */
        l->x1 = x + w / 2;
        l->y0 = y;
        l->y1 = y + h;
        l->anchor_y = y;
        return;
    }
    double left = strstr(p, " center") ? x - w / 2 : strstr(p, " right") ? x - w : x;
    l->x0 = left;
    l->x1 = left + w;
    l->y0 = y - h / 2;
    l->y1 = y + h / 2;
    l->anchor_y = y;
}

void gp_script_read(const char *text, struct gp_script *s)
{
    memset(s, 0, sizeof *s);
    s->lm = s->rm = s->tm = s->bm = s->xmin = s->xmax = s->ymin = s->ymax = NAN;
    char *all = joined(text);
    for (char *line = strtok(all, "\n"); line; line = strtok(NULL, "\n")) {
        while (*line == ' ')
            line++;
        if (strncmp(line, "plot ", 5) == 0) {
            assert_true(s->npanels < GP_PANELS_MAX);
            read_plot(line + 5, &s->panels[s->npanels++]);
        } else if (strncmp(line, "set label", 9) == 0)
            read_label(line, s);
        else if (strncmp(line, "set lmargin at screen", 21) == 0)
            s->lm = after_number(line, "screen");
        else if (strncmp(line, "set rmargin at screen", 21) == 0)
            s->rm = after_number(line, "screen");
        else if (strncmp(line, "set tmargin at screen", 21) == 0)
            s->tm = after_number(line, "screen");
        else if (strncmp(line, "set bmargin at screen", 21) == 0)
            s->bm = after_number(line, "screen");
        else if (strncmp(line, "set yrange [", 12) == 0 || strncmp(line, "set xrange [", 12) == 0) {
            char *colon;
            double lo = strtod(line + 12, &colon), hi = *colon == ':' ? strtod(colon + 1, NULL) : NAN;
            *(line[4] == 'y' ? &s->ymin : &s->xmin) = lo;
            *(line[4] == 'y' ? &s->ymax : &s->xmax) = hi;
        } else if (strncmp(line, "set logscale", 12) == 0) {
            s->logx |= strstr(line, "xy") != NULL || strstr(line, " x") != NULL;
            s->logy |= strstr(line, "xy") != NULL || strstr(line, " y") != NULL;
        }
    }
    free(all);
}
