/* The two renderings of every document element. */
#include "reports/doc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "reports/text.h"

static void html_char(FILE *f, char c)
{
    switch (c) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(c, f);
    }
}

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++)
        html_char(f, *s);
}

/* `code` and **bold** to tags; everything else escaped. */
static void html_inline(FILE *f, const char *s)
{
    int code = 0, bold = 0;
    for (; *s; s++) {
        if (*s == '`') {
            fputs(code ? "</code>" : "<code>", f);
            code = !code;
        } else if (!code && s[0] == '*' && s[1] == '*') {
            fputs(bold ? "</strong>" : "<strong>", f);
            bold = !bold;
            s++;
        } else {
            html_char(f, *s);
        }
    }
    if (code)
        fputs("</code>", f);
    if (bold)
        fputs("</strong>", f);
}

/* A Markdown table cell holds one line and no unescaped pipe. */
static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", f);
        else
            fputc(*s == '\n' ? ' ' : *s, f);
    }
}

static char *format(struct doc *d, const char *fmt, va_list ap)
{
    char *s = text_vformat(fmt, ap);
    if (!s)
        d->failed = 1;
    return s;
}

void doc_begin(struct doc *d, const char *title, const char *subtitle)
{
    fprintf(d->md, "# %s\n\n%s\n\n", title, subtitle);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          d->html);
    html_text(d->html, title);
    fprintf(d->html, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n<header>\n<h1>", report_css);
    html_inline(d->html, title);
    fputs("</h1>\n<p class=\"sub\">", d->html);
    html_inline(d->html, subtitle);
    fputs("</p>\n</header>\n", d->html);
}

void doc_end(struct doc *d, const char *footer)
{
    fprintf(d->md, "---\n\n%s\n", footer);
    fputs("<footer>", d->html);
    html_inline(d->html, footer);
    fputs("</footer>\n</main>\n</body>\n</html>\n", d->html);
}

void doc_heading(struct doc *d, int level, const char *anchor, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = format(d, fmt, ap);
    va_end(ap);
    if (!s)
        return;
    if (anchor)
        fprintf(d->md, "<a id=\"%s\"></a>\n\n", anchor);
    fprintf(d->md, "%.*s %s\n\n", level, "######", s);
    fprintf(d->html, "<h%d", level);
    if (anchor)
        fprintf(d->html, " id=\"%s\"", anchor);
    fputc('>', d->html);
    html_inline(d->html, s);
    fprintf(d->html, "</h%d>\n", level);
    free(s);
}

static void paragraph(struct doc *d, const char *cls, const char *fmt, va_list ap)
{
    char *s = format(d, fmt, ap);
    if (!s)
        return;
    fprintf(d->md, cls ? "_%s_\n\n" : "%s\n\n", s);
    fprintf(d->html, cls ? "<p class=\"%s\">" : "<p%s>", cls ? cls : "");
    html_inline(d->html, s);
    fputs("</p>\n", d->html);
    free(s);
}

void doc_para(struct doc *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    paragraph(d, NULL, fmt, ap);
    va_end(ap);
}

void doc_note(struct doc *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    paragraph(d, "note", fmt, ap);
    va_end(ap);
}

void doc_list_begin(struct doc *d)
{
    fputs("<ul>\n", d->html);
}

void doc_item(struct doc *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = format(d, fmt, ap);
    va_end(ap);
    if (!s)
        return;
    fprintf(d->md, "- %s\n", s);
    fputs("<li>", d->html);
    html_inline(d->html, s);
    fputs("</li>\n", d->html);
    free(s);
}

void doc_list_end(struct doc *d)
{
    fputs("\n", d->md);
    fputs("</ul>\n", d->html);
}

static void md_table(FILE *f, const struct grid *g)
{
    if (g->caption[0])
        fprintf(f, "**%s**\n\n", g->caption);
    for (size_t c = 0; c < g->ncols; c++) {
        fputs("| ", f);
        md_cell(f, g->head[c] ? g->head[c] : "");
        fputc(' ', f);
    }
    fputs("|\n", f);
    for (size_t c = 0; c < g->ncols; c++)
        fputs(g->align[c] == 'r' ? "| ---: " : "| --- ", f);
    fputs("|\n", f);
    for (size_t r = 0; r < g->nrows; r++) {
        for (size_t c = 0; c < g->ncols; c++) {
            unsigned char fl = g->flags[r * g->ncols + c];
            const char *s = grid_cell(g, r, c);
            int bold = (fl & CELL_BEST) && s[0];
            fputs(fl & CELL_WARN && s[0] ? "| ⚠ " : "| ", f);
            fputs(bold ? "**" : "", f);
            md_cell(f, s);
            fputs(bold ? "** " : " ", f);
        }
        fputs("|\n", f);
    }
    fputc('\n', f);
}

static void html_cell_class(FILE *f, char align, unsigned char flags)
{
    fprintf(f, " class=\"%c%s%s%s\"", align, flags & CELL_BEST ? " best" : "", flags & CELL_WARN ? " warn" : "",
            flags & CELL_MUTED ? " muted" : "");
}

static void html_table(FILE *f, const struct grid *g)
{
    /* the caption sits above the table, not in a <caption>: that one is only as wide as a narrow table */
    fputs("<div class=\"tw\">", f);
    if (g->caption[0]) {
        fputs("<div class=\"cap\">", f);
        html_inline(f, g->caption);
        fputs("</div>", f);
    }
    fputs("<table>\n", f);
    fputs("<thead><tr>", f);
    for (size_t c = 0; c < g->ncols; c++) {
        fprintf(f, "<th class=\"%c\">", g->align[c]);
        html_inline(f, g->head[c] ? g->head[c] : "");
        fputs("</th>", f);
    }
    fputs("</tr></thead>\n<tbody>\n", f);
    for (size_t r = 0; r < g->nrows; r++) {
        fputs("<tr>", f);
        for (size_t c = 0; c < g->ncols; c++) {
            fputs(c == 0 ? "<th scope=\"row\"" : "<td", f);
            html_cell_class(f, g->align[c], g->flags[r * g->ncols + c]);
            fputc('>', f);
            html_inline(f, grid_cell(g, r, c));
            fputs(c == 0 ? "</th>" : "</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></div>\n", f);
}

void doc_table(struct doc *d, const struct grid *g)
{
    if (!g || g->failed) {
        d->failed = 1;
        return;
    }
    md_table(d->md, g);
    html_table(d->html, g);
}

void doc_pair_begin(struct doc *d)
{
    fputs("<div class=\"pair\">\n", d->html);
}

void doc_pair_end(struct doc *d)
{
    fputs("</div>\n", d->html);
}

void doc_cards(struct doc *d, const struct doc_card *cards, size_t n)
{
    fputs("<div class=\"cards\">\n", d->html);
    for (size_t i = 0; i < n; i++) {
        fprintf(d->md, "- **%s:** %s\n", cards[i].label, cards[i].value);
        fputs("<div class=\"card\"><div class=\"k\">", d->html);
        html_inline(d->html, cards[i].label);
        fputs("</div><div class=\"v\">", d->html);
        html_inline(d->html, cards[i].value);
        fputs("</div></div>\n", d->html);
    }
    fputs("\n", d->md);
    fputs("</div>\n", d->html);
}

void doc_toc(struct doc *d, const struct doc_link *links, size_t n)
{
    fputs("**Contents**\n\n", d->md);
    fputs("<nav class=\"toc\"><div class=\"toc-title\">Contents</div><ol>\n", d->html);
    for (size_t i = 0; i < n; i++) {
        fprintf(d->md, "%zu. [%s](#%s)\n", i + 1, links[i].title, links[i].anchor);
        fprintf(d->html, "<li><a href=\"#%s\">", links[i].anchor);
        html_inline(d->html, links[i].title);
        fputs("</a></li>\n", d->html);
    }
    fputs("\n", d->md);
    fputs("</ol></nav>\n", d->html);
}

void doc_image(struct doc *d, const char *md_path, const char *mime, const char *data_b64, const char *caption)
{
    fprintf(d->md, "![%s](%s)\n\n_%s_\n\n", caption, md_path, caption);
    fprintf(d->html, "<figure><img src=\"data:%s;base64,%s\" alt=\"", mime, data_b64);
    html_text(d->html, caption);
    fputs("\"><figcaption>", d->html);
    html_inline(d->html, caption);
    fputs("</figcaption></figure>\n", d->html);
}
