/* Any CSV export of ncu as one long table, one row a kernel's metric: the
 * --page details export as ncu writes it (notes before the header, NVTX
 * columns, rule rows shorter than the header padded with ""), or the
 * --page raw export (a column a metric, its units line under the header)
 * turned long. The table's columns include "ID", "Kernel Name", "Metric
 * Name" and "Metric Value" (and "Metric Unit" where ncu wrote units); a details export keeps its own
 * (the rule columns among them). Units stay as ncu wrote them. */
#ifndef MMPROF_XCHECK_NCU_TABLE_H
#define MMPROF_XCHECK_NCU_TABLE_H

#include <stddef.h>

#include "common/table.h"

enum ncu_page { NCU_PAGE_DETAILS, NCU_PAGE_RAW };

#define NCU_EXPORT_FIX                                                                                        \
    "export it again with `ncu --import REP.ncu-rep --csv --page details --print-units base > FILE.csv` " \
    "(or --page raw)"

/* The long table of path, or NULL with one line in err naming the file, the
 * line where it can say, and the fix. *page says which export it was. */
struct table *ncu_table_read(const char *path, enum ncu_page *page, char *err, size_t err_len);

#endif
