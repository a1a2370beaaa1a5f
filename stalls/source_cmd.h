/* mmprof source RUN [--kernel NAME] [--top N] [--ncu-raw F --ncu-source F]. */
#ifndef MMPROF_SOURCE_CMD_H
#define MMPROF_SOURCE_CMD_H

int cmd_source(int argc, char **argv);

#endif
