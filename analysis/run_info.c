#include "analysis/run_info.h"

#include <math.h>
#include <stdio.h>

void run_info_of(const struct run_meta *m, struct run_info *ri)
{
    const char *name = meta_str(m, "device.name");
    double sms = meta_num(m, "device.sm_count");
    snprintf(ri->device_name, sizeof ri->device_name, "%s", name ? name : "");
    ri->sm_count = sms >= 1 ? sms : NAN;
}
