/* Look-up in the table cmake/embed.cmake generates. */
#include "collector/cupti/embedded.h"

#include <string.h>

const char *embedded_text(const char *name)
{
    for (size_t i = 0; i < embedded_files_count; i++)
        if (strcmp(embedded_files[i].name, name) == 0)
            return embedded_files[i].text;
    return NULL;
}
