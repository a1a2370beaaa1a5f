/* One document written twice at once: report.md (GitHub Markdown) and
 * report.html (one self-contained page: CSS inline, images as data URIs,
 * no script). Sections call these and never write either format directly.
 *
 * Text arguments use a tiny inline markup both formats understand:
 * `code` and **bold**. Everything else is plain text (HTML-escaped here). */
#ifndef MMPROF_REPORTS_DOC_H
#define MMPROF_REPORTS_DOC_H

#include <stdio.h>
#include <stddef.h>

#include "reports/grid.h"

struct doc {
    FILE *md, *html;
    int failed;    /* a table or image could not be built (out of memory) */
};

struct doc_card {
    const char *label, *value;
};

struct doc_link {
    const char *anchor, *title;
};

void doc_begin(struct doc *d, const char *title, const char *subtitle);
void doc_end(struct doc *d, const char *footer);

/* Level 2 = a section, 3 = a table's subsection. anchor may be NULL. */
void doc_heading(struct doc *d, int level, const char *anchor, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void doc_para(struct doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A quieter paragraph: how a table was computed, caveats. */
void doc_note(struct doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void doc_list_begin(struct doc *d);
void doc_item(struct doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void doc_list_end(struct doc *d);

void doc_table(struct doc *d, const struct grid *g);
/* What is written between these sits side by side on the page (two small
 * tables); Markdown has no columns and shows them one after the other. */
void doc_pair_begin(struct doc *d);
void doc_pair_end(struct doc *d);
/* Key numbers in boxes (HTML) or a bullet list (Markdown). */
void doc_cards(struct doc *d, const struct doc_card *cards, size_t n);
void doc_toc(struct doc *d, const struct doc_link *links, size_t n);
/* md_path: the image relative to report.md; data_uri_b64: its bytes in
 * base64 for the HTML page; mime: image/png or image/svg+xml. */
void doc_image(struct doc *d, const char *md_path, const char *mime, const char *data_b64, const char *caption);

/* The page's stylesheet (style.c). */
extern const char report_css[];

#endif
