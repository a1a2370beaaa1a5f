/* Declarations and --model files (decl.h). */
#include "profile/decl.h"

#include "model/theory.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parameters a kind's variants are told apart by; -1 = not given. */
struct decl_params {
    long t, rx, ry, rows, pad;
};

static int parse_count(const char *key, const char *val, long min, long *out, char *why,
                       size_t why_len)
{
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (errno || end == val || *end || v < min || v > 1048576L) {
        snprintf(why, why_len, "declaration: %s=%s is not a whole number from %ld to 1048576", key,
                 val, min);
        return 2;
    }
    *out = v;
    return 0;
}

static int parse_amount(const char *key, const char *val, double *out, char *why, size_t why_len)
{
    char *end;
    errno = 0;
    double v = strtod(val, &end);
    if (errno || end == val || *end || !isfinite(v) || v <= 0) {
        snprintf(why, why_len, "declaration: %s=%s is not a positive number (e.g. %s=2.1e9)", key,
                 val, key);
        return 2;
    }
    *out = v;
    return 0;
}

/* The row id lowercased: "mm_tiled", "tr_copy". */
static void kind_id_lower(const struct kind *k, char *id, size_t len)
{
    size_t i = 0;
    for (; k->name[i] && i + 1 < len; i++)
        id[i] = (char)tolower((unsigned char)k->name[i]);
    id[i] = '\0';
}

/* How the kinds list spells a row: a matmul without "mm_" (tiled), a
 * transpose whole (tr_naive), so no two read alike. */
static void kind_spelling(const struct kind *k, char *id, size_t len)
{
    kind_id_lower(k, id, len);
    if (k->family == FAMILY_MATMUL && strncmp(id, "mm_", 3) == 0)
        memmove(id, id + 3, strlen(id + 3) + 1);
}

/* "tiled" or "mm_tiled" for MM_TILED, "tr_copy" or "copy" for TR_COPY; the
 * table's first row wins, so "naive" is the matmul (tr_naive the transpose). */
static int kind_named(const struct kind *k, const char *name)
{
    char id[64];
    kind_id_lower(k, id, sizeof id);
    if (strcmp(id, name) == 0)
        return 1;
    const char *bare = strchr(id, '_');
    return bare && strcmp(bare + 1, name) == 0;
}

static int params_fit(const struct variant *v, const struct decl_params *p)
{
    int side = v->family == FAMILY_TRANSPOSE ? v->tile_dim : v->bs;
    return (p->t < 0 || p->t == side) && (p->rx < 0 || p->rx == v->rx) &&
           (p->ry < 0 || p->ry == v->ry) && (p->rows < 0 || p->rows == v->block_rows) &&
           (p->pad < 0 || p->pad == v->pad);
}

static int resolve_kind(const char *kind, const struct decl_params *p, const struct variant **out,
                        char *why, size_t why_len)
{
    size_t nk, nv;
    const struct kind *kinds = kind_table(&nk);
    const struct kind *k = NULL;
    for (size_t i = 0; i < nk && !k; i++)
        if (kind_named(&kinds[i], kind))
            k = &kinds[i];
    if (!k) {
        char list[512] = "";
        for (size_t i = 0, used = 0; i < nk && used < sizeof list; i++) {
            char id[64];
            kind_spelling(&kinds[i], id, sizeof id);
            int w = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", id);
            used += w > 0 ? (size_t)w : 0;
        }
        snprintf(why, why_len, "declaration: no kind '%s' (kinds: %s)", kind, list);
        return 2;
    }
    const struct variant *all = registry_all(&nv);
    const struct variant *found = NULL;
    char names[320] = "";
    size_t nfound = 0, used = 0;
    for (size_t i = 0; i < nv; i++) {
        if (all[i].kind != k->id || !params_fit(&all[i], p))
            continue;
        found = &all[i];
        nfound++;
        if (used < sizeof names) {
            int w = snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", all[i].name);
            used += w > 0 ? (size_t)w : 0;
        }
    }
    if (nfound != 1) {
        snprintf(why, why_len, "declaration: kind=%s with these parameters is %s%s; give T=, B=, RX=, "
                 "RY=, ROWS= or PAD= to name one (`mmprof list` shows them)",
                 kind, nfound ? "each of: " : "none of its variants", names);
        return 2;
    }
    *out = found;
    return 0;
}

static int one_word(const char *key, const char *val, struct kernel_decl *d, struct decl_params *p,
                    char *kind, size_t kind_len, long dims[3], char *why, size_t why_len)
{
    if (strcmp(key, "kind") == 0) {
        snprintf(kind, kind_len, "%s", val);
        return 0;
    }
    if (strcmp(key, "variant") == 0) {
        d->v = registry_find(val);
        if (!d->v) {
            snprintf(why, why_len, "declaration: no variant '%s' (`mmprof list` lists them)", val);
            return 2;
        }
        return 0;
    }
    if (strcmp(key, "T") == 0 || strcmp(key, "B") == 0)
        return parse_count(key, val, 1, &p->t, why, why_len);
    if (strcmp(key, "RX") == 0)
        return parse_count(key, val, 1, &p->rx, why, why_len);
    if (strcmp(key, "RY") == 0)
        return parse_count(key, val, 1, &p->ry, why, why_len);
    if (strcmp(key, "ROWS") == 0)
        return parse_count(key, val, 1, &p->rows, why, why_len);
    if (strcmp(key, "PAD") == 0)
        return parse_count(key, val, 0, &p->pad, why, why_len);
    if (strcmp(key, "M") == 0)
        return parse_count(key, val, 1, &dims[0], why, why_len);
    if (strcmp(key, "N") == 0)
        return parse_count(key, val, 1, &dims[1], why, why_len);
    if (strcmp(key, "K") == 0)
        return parse_count(key, val, 0, &dims[2], why, why_len);
    if (strcmp(key, "flops") == 0)
        return parse_amount(key, val, &d->flops, why, why_len);
    if (strcmp(key, "bytes") == 0)
        return parse_amount(key, val, &d->bytes, why, why_len);
    snprintf(why, why_len, "declaration: unknown key '%s' (keys: kind, variant, T, B, RX, RY, ROWS, "
             "PAD, M, N, K, flops, bytes)",
             key);
    return 2;
}

/* The shape and the variant agree: all three dimensions, K=0 only for a transpose. */
static int check_shape(struct kernel_decl *d, const long dims[3], char *why, size_t why_len)
{
    if (dims[0] < 0 || dims[1] < 0 || dims[2] < 0) {
        snprintf(why, why_len, "declaration of %s: give the shape, M= N= K= (K=0 for a transpose)",
                 d->v->name);
        return 2;
    }
    int transpose = d->v->family == FAMILY_TRANSPOSE;
    if (transpose != (dims[2] == 0)) {
        snprintf(why, why_len, "declaration of %s: K=%ld, but a %s has K %s", d->v->name, dims[2],
                 transpose ? "transpose" : "matmul", transpose ? "=0" : ">=1");
        return 2;
    }
    d->shape = (struct shape){dims[0], dims[1], dims[2]};
    return 0;
}

int decl_parse(const char *text, struct kernel_decl *d, char *why, size_t why_len)
{
    *d = (struct kernel_decl){.v = NULL, .flops = NAN, .bytes = NAN};
    struct decl_params p = {-1, -1, -1, -1, -1};
    long dims[3] = {-1, -1, -1};
    char kind[64] = "", word[256];
    const char *s = text;
    while (*s) {
        while (isspace((unsigned char)*s))
            s++;
        size_t n = strcspn(s, " \t\r\n");
        if (n == 0)
            break;
        if (n >= sizeof word) {
            snprintf(why, why_len, "declaration: a word of %zu characters (at most %zu)", n,
                     sizeof word - 1);
            return 2;
        }
        memcpy(word, s, n);
        word[n] = '\0';
        s += n;
        char *eq = strchr(word, '=');
        if (!eq || eq == word || !eq[1]) {
            snprintf(why, why_len, "declaration: '%s' is not KEY=VALUE (e.g. kind=tiled T=16 M=1024 "
                     "N=1024 K=1024, or flops=2.1e9 bytes=1.2e7)",
                     word);
            return 2;
        }
        *eq = '\0';
        int rc = one_word(word, eq + 1, d, &p, kind, sizeof kind, dims, why, why_len);
        if (rc)
            return rc;
    }
    if (kind[0] && d->v) {
        snprintf(why, why_len, "declaration: give kind= or variant=, not both");
        return 2;
    }
    if (kind[0] && resolve_kind(kind, &p, &d->v, why, why_len))
        return 2;
    if (d->v)
        return check_shape(d, dims, why, why_len);
    if (isnan(d->flops) && isnan(d->bytes)) {
        snprintf(why, why_len, "declaration '%s' declares nothing: give kind= (or variant=) with M= "
                 "N= K=, or flops= and/or bytes=",
                 text);
        return 2;
    }
    return 0;
}

void decl_flops_bytes(const struct kernel_decl *d, double *flops, double *bytes)
{
    *flops = d->flops;
    *bytes = d->bytes;
    struct theory t;
    if (d->v && theory_of(d->v, &d->shape, &t) == 0) {
        if (isnan(*flops) && d->v->family == FAMILY_MATMUL)
            *flops = t.flops;
        if (isnan(*bytes))
            *bytes = t.bytes_compulsory;
    }
}

static int add_line(struct decl_model *m, char *line, const char *path, size_t lineno, char *why,
                    size_t why_len)
{
    char *sep = NULL;
    for (char *c = strstr(line, ": "); c; c = strstr(c + 1, ": "))
        sep = c;
    if (!sep) {
        snprintf(why, why_len, "%s:%zu: not 'KERNEL: DECLARATION' (e.g. 'my_gemm: kind=tiled T=16 "
                 "M=1024 N=1024 K=1024')",
                 path, lineno);
        return 2;
    }
    *sep = '\0';
    struct decl_model_line *grown = realloc(m->lines, (m->n + 1) * sizeof *grown);
    if (!grown) {
        snprintf(why, why_len, "%s: out of memory", path);
        return 1;
    }
    m->lines = grown;
    struct decl_model_line *l = &m->lines[m->n];
    char sub[320];
    if (kernel_pattern_compile(&l->pattern, line, sub, sizeof sub) ||
        decl_parse(sep + 2, &l->decl, sub, sizeof sub)) {
        kernel_pattern_free(&l->pattern);
        snprintf(why, why_len, "%s:%zu: %s", path, lineno, sub);
        return 2;
    }
    m->n++;
    return 0;
}

int decl_model_load(struct decl_model *m, const char *path, char *why, size_t why_len)
{
    m->lines = NULL;
    m->n = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, why_len, "--model %s: %s", path, strerror(errno));
        return 2;
    }
    char line[2048];
    size_t lineno = 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(why, why_len, "--model %s line %zu: longer than %zu characters: shorten the name with "
                     "regex:", path, lineno, sizeof line - 2);
            rc = 2;
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (*s && *s != '#')
            rc = add_line(m, s, path, lineno, why, why_len);
    }
    if (!rc && ferror(f)) {
        snprintf(why, why_len, "--model %s: read error", path);
        rc = 1;
    }
    fclose(f);
    if (rc)
        decl_model_free(m);
    return rc;
}

void decl_model_free(struct decl_model *m)
{
    for (size_t i = 0; i < m->n; i++)
        kernel_pattern_free(&m->lines[i].pattern);
    free(m->lines);
    m->lines = NULL;
    m->n = 0;
}

const struct kernel_decl *decl_model_find(const struct decl_model *m, const char *mangled,
                                          const char *demangled)
{
    for (size_t i = 0; i < m->n; i++)
        if (kernel_pattern_match(&m->lines[i].pattern, mangled, demangled))
            return &m->lines[i].decl;
    return NULL;
}
