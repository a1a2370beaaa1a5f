/* One launch of one variant and nothing else on the GPU (with --l2-flush, after
 * the same L2 flush as collect's ranges), so external tools (ncu,
 * compute-sanitizer) see exactly the kernel mmprof measures. */
#include <cuda_profiler_api.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/select.h"
#include "collector/cuda_check.h"
#include "collector/device.h"
#include "collector/l2_flush.h"
#include "collector/placement.h"
#include "common/rng.h"
#include "common/util.h"
#include "kernels/launch.h"

static const char launch_help[] =
    "usage: mmprof launch VARIANT (--mnk M,N,K | --size S) [--seed S] [--count N] [--device N]\n"
    "                     [--l2-flush [--profile-flush]] [--buffer-offset-mb N[,N...]]\n"
    "\n"
    "Fills the inputs on the host, uploads them, and launches VARIANT's kernel\n"
    "--count times (default 1). No reference and no other kernel: for\n"
    "ncu --cache-control all and compute-sanitizer. Each launch is bracketed by\n"
    "cudaProfilerStart/Stop, so `ncu --profile-from-start off` profiles only it.\n"
    "\n"
    "  --l2-flush            before each launch, read a buffer twice the size of L2,\n"
    "                        as collect does before each profiled range (outside\n"
    "                        the profiler start/stop)\n"
    "  --profile-flush       run that flush inside the start/stop bracket, so\n"
    "                        `ncu --profile-from-start off` profiles it too (ncu\n"
    "                        then sees the kernel as collect's counters do)\n"
    "  --buffer-offset-mb N  allocate N MiB before the inputs, moving them in\n"
    "                        physical memory (as collect --buffer-offset-mb). With a\n"
    "                        list (up to 10), everything above runs once per offset,\n"
    "                        with buffers allocated afresh: one process, several\n"
    "                        placements (scripts/ncu-crosscheck.sh uses it)\n";

#define LAUNCH_MAX_OFFSETS 10

struct launch_opts {
    const struct variant *v;
    struct shape s;
    uint64_t seed;
    long count;
    int device;
    int l2_flush;      /* --l2-flush */
    int profile_flush; /* --profile-flush */
    long offsets_mib[LAUNCH_MAX_OFFSETS]; /* --buffer-offset-mb */
    int noffsets;
};

static int alloc_upload(float **d, size_t count, uint64_t seed, uint64_t stream, char *why, size_t why_len)
{
    float *h;
    CUDA_TRY(cudaMallocHost((void **)&h, count * sizeof *h), "cudaMallocHost");
    rng_fill_uniform(h, count, seed, stream);
    cudaError_t e = cudaMalloc((void **)d, count * sizeof **d);
    if (e == cudaSuccess)
        e = cudaMemcpy(*d, h, count * sizeof *h, cudaMemcpyHostToDevice);
    cudaFreeHost(h);
    CUDA_TRY(e, "upload input");
    return 0;
}

static int run_flush(const struct l2_flush_buf *flush, long i, char *why, size_t why_len)
{
    if (l2_flush_buf_run(flush) == 0)
        return 0;
    snprintf(why, why_len, "L2 flush before launch %ld failed: %s", i + 1, cudaGetErrorString(cudaGetLastError()));
    return -1;
}

/* Launch i (from 0), synchronised, between cudaProfilerStart and Stop, after
 * the flush when there is one. The flush goes inside that bracket only with
 * --profile-flush: a Stop ends ncu's profiling even when it started with the
 * application, so a flush outside is profiled before the first launch and
 * never after. */
static int launch_profiled(const struct launch_opts *o, const struct launch_args *a,
                           const struct l2_flush_buf *flush, long i, char *why, size_t why_len)
{
    if (flush && !o->profile_flush && run_flush(flush, i, why, why_len) != 0)
        return -1;
    CUDA_TRY(cudaProfilerStart(), "cudaProfilerStart");
    if (flush && o->profile_flush && run_flush(flush, i, why, why_len) != 0) {
        cudaProfilerStop();
        return -1;
    }
    CUDA_TRY(variant_launch(o->v, a, 0), o->v->name);
    CUDA_TRY(cudaDeviceSynchronize(), o->v->name);
    CUDA_TRY(cudaProfilerStop(), "cudaProfilerStop");
    return 0;
}

static int launch_all(const struct launch_opts *o, const struct launch_args *a, size_t l2_bytes, char *why,
                      size_t why_len)
{
    struct l2_flush_buf flush = {0};
    int rc = o->l2_flush ? l2_flush_buf_alloc(&flush, l2_bytes, why, why_len) : 0;
    for (long i = 0; i < o->count && rc == 0; i++)
        rc = launch_profiled(o, a, o->l2_flush ? &flush : NULL, i, why, why_len);
    l2_flush_buf_free(&flush);
    return rc;
}

static int launch_once(const struct launch_opts *o, size_t l2_bytes, char *why, size_t why_len)
{
    struct launch_args a = {.shape = o->s};
    float *da = NULL, *db = NULL, *dc = NULL;
    int mm = o->v->family == FAMILY_MATMUL;
    size_t a_count = (size_t)o->s.m * (mm ? o->s.k : o->s.n);
    if (alloc_upload(&da, a_count, o->seed, 1, why, why_len) != 0)
        return -1;
    if (mm && alloc_upload(&db, (size_t)o->s.k * o->s.n, o->seed, 2, why, why_len) != 0)
        return -1;
    CUDA_TRY(cudaMalloc((void **)&dc, (size_t)o->s.m * o->s.n * sizeof *dc), "cudaMalloc C");
    a.a = da;
    a.b = db;
    a.c = dc;
    int rc = launch_all(o, &a, l2_bytes, why, why_len);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    return rc;
}

/* "0,2,6": whole numbers from 0, at most LAUNCH_MAX_OFFSETS of them. */
static int parse_offsets(const char *list, struct launch_opts *o, char *why, size_t why_len)
{
    char item[32];
    o->noffsets = 0;
    for (const char *p = list;; p++) {
        size_t n = strcspn(p, ",");
        if (o->noffsets == LAUNCH_MAX_OFFSETS) {
            snprintf(why, why_len, "more than %d offsets", LAUNCH_MAX_OFFSETS);
            return -1;
        }
        if (n == 0 || n >= sizeof item) {
            snprintf(why, why_len, n ? "'%.20s...' is not a whole number" : "empty number", p);
            return -1;
        }
        memcpy(item, p, n);
        item[n] = '\0';
        long *v = &o->offsets_mib[o->noffsets++];
        *v = 0;
        if (item[0] == '-') {
            snprintf(why, why_len, "'%s' is negative: give whole numbers from 0 to %ld", item, PLACEMENT_OFFSET_MAX_MIB);
            return -1;
        }
        if (strcmp(item, "0") != 0 && parse_positive(item, PLACEMENT_OFFSET_MAX_MIB, v, why, why_len) != 0)
            return -1;
        p += n;
        if (*p == '\0')
            return 0;
    }
}

static int parse(int argc, char **argv, struct launch_opts *o, char *why, size_t why_len)
{
    static const struct option opts[] = {
        {"mnk", required_argument, NULL, 'm'}, {"size", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'}, {"count", required_argument, NULL, 'c'},
        {"device", required_argument, NULL, 'd'}, {"help", no_argument, NULL, 'h'},
        {"l2-flush", no_argument, NULL, 'F'},     {"buffer-offset-mb", required_argument, NULL, 'B'},
        {"profile-flush", no_argument, NULL, 'P'},
        {NULL, 0, NULL, 0},
    };
    long v[3];
    int c, n, sized = 0;
    char inner[256];
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'm':
        case 's':
            n = parse_positive_list(optarg, MAX_SIDE, v, 3, inner, sizeof inner);
            if (n != (c == 'm' ? 3 : 1)) {
                snprintf(why, why_len, "%s %s: %s", c == 'm' ? "--mnk" : "--size", optarg,
                         n < 0 ? inner : "wrong number of values");
                return EXIT_USAGE;
            }
            o->s = c == 'm' ? (struct shape){v[0], v[1], v[2]} : (struct shape){v[0], v[0], v[0]};
            sized = 1;
            break;
        case 'S':
        case 'c':
        case 'd':
            /* 0 is a seed and a device, not a count */
            if (c != 'c' && strcmp(optarg, "0") == 0) {
                v[0] = 0;
            } else if (parse_positive(optarg, c == 'd' ? 1023 : 1L << 40, &v[0], inner, sizeof inner) != 0) {
                snprintf(why, why_len, "%s %s: %s", c == 'S' ? "--seed" : c == 'c' ? "--count" : "--device", optarg,
                         inner);
                return EXIT_USAGE;
            }
            if (c == 'S')
                o->seed = (uint64_t)v[0];
            else if (c == 'c')
                o->count = v[0];
            else
                o->device = (int)v[0];
            break;
        case 'F':
            o->l2_flush = 1;
            break;
        case 'P':
            o->profile_flush = 1;
            break;
        case 'B':
            if (parse_offsets(optarg, o, inner, sizeof inner) != 0) {
                snprintf(why, why_len, "--buffer-offset-mb %s: %s", optarg, inner);
                return EXIT_USAGE;
            }
            break;
        case ':':
            snprintf(why, why_len, "option '%s' needs a value (see `mmprof launch --help`)", argv[optind - 1]);
            return EXIT_USAGE;
        case 'h':
            fputs(launch_help, stdout);
            return -1;
        default:
            snprintf(why, why_len, "unknown or incomplete option '%s' (see `mmprof launch --help`)", argv[optind - 1]);
            return EXIT_USAGE;
        }
    }
    if (o->profile_flush && !o->l2_flush) {
        snprintf(why, why_len, "--profile-flush needs --l2-flush: it says where that flush runs");
        return EXIT_USAGE;
    }
    if (optind != argc - 1 || !sized) {
        snprintf(why, why_len, "give one VARIANT and --mnk or --size (see `mmprof launch --help`)");
        return EXIT_USAGE;
    }
    o->v = registry_find(argv[optind]);
    if (!o->v) {
        const struct variant *sel[1];
        /* the unknown-variant message with the closest names */
        if (select_variants(argv[optind], sel, 1, why, why_len) >= 0)
            snprintf(why, why_len, "'%s' is not one variant name: launch takes one (see `mmprof list`)",
                     argv[optind]);
        return EXIT_USAGE;
    }
    if (!variant_on_gpu(o->v)) {
        snprintf(why, why_len, "'%s' is not a GPU variant (see `mmprof list`)", argv[optind]);
        return EXIT_USAGE;
    }
    if (o->v->family == FAMILY_TRANSPOSE)
        o->s.k = 0;
    return 0;
}

int cmd_launch(int argc, char **argv)
{
    struct launch_opts o = {.seed = 1, .count = 1, .noffsets = 1};
    char why[512] = "";
    struct device_info d;
    int rc = parse(argc, argv, &o, why, sizeof why);
    if (rc != 0) {
        if (rc > 0)
            msg_error("%s", why);
        return rc > 0 ? rc : EXIT_OK;
    }
    if (device_count(why, sizeof why) <= 0 || device_open(o.device, &d, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    for (int i = 0; i < o.noffsets; i++) {
        void *offset = NULL;
        if (placement_offset_alloc(o.offsets_mib[i], &offset, why, sizeof why) != 0) {
            msg_error("%s", why);
            return EXIT_USAGE;
        }
        rc = launch_once(&o, d.l2_bytes, why, sizeof why);
        cudaFree(offset);
        if (rc != 0) {
            msg_error("%s", why);
            return EXIT_RUNTIME;
        }
    }
    return EXIT_OK;
}
