#include "common/csv_write.h"

#include <csv.h>
#include <math.h>
#include <string.h>

/* Quoting only where needed keeps the files readable by eye and by diff. */
void csv_put_text(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\r\n"))
        csv_fwrite(f, s, strlen(s));
    else
        fputs(s, f);
}

void csv_put_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.15g", v);
}
