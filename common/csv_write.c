#include "common/csv_write.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

/* Quoting only where needed keeps the files readable by eye and by diff. */
void csv_put_text(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\r\n"))
        csv_fwrite(f, s, strlen(s));
    else
        fputs(s, f);
}

void csv_num_text(char *buf, size_t len, double v)
{
    if (isfinite(v))
        snprintf(buf, len, "%.15g", v);
    else if (len)
        buf[0] = '\0';
}

void csv_put_num(FILE *f, double v)
{
    char text[32];
    csv_num_text(text, sizeof text, v);
    fputs(text, f);
}

int csv_put_header(FILE *f, const char *const *columns, size_t ncolumns)
{
    for (size_t i = 0; i < ncolumns; i++)
        fprintf(f, "%s%s", i ? "," : "", columns[i]);
    return fputc('\n', f) == EOF ? -1 : 0;
}

FILE *csv_append_open(const char *dir, const char *file, const char *const *columns, size_t ncolumns, char *why,
                      size_t why_len)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "a");
    if (!f) {
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && st.st_size == 0)
        csv_put_header(f, columns, ncolumns);
    if (fflush(f) != 0 || ferror(f)) {
        snprintf(why, why_len, "cannot write %s: %s (disk full?)", path, strerror(errno));
        fclose(f);
        return NULL;
    }
    return f;
}
