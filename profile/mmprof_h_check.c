/* mmprof.h must build as C (the example app builds it as CUDA C++): this
 * file is compiled with the project's C warnings, as errors, and linked into
 * nothing. */
#include "profile/mmprof.h"

void mmprof_h_check(void);
void mmprof_h_check(void)
{
    mmprof_declare_push("kind=tiled T=16 M=1024 N=1024 K=1024");
    mmprof_declare_pop();
    mmprof_iteration_push();
    mmprof_iteration_pop();
}
