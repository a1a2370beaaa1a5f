/* collect --devices 0,1,...: one worker process per GPU on this host. Each
 * worker is this same binary (/proc/self/exe) running an ordinary
 * `collect --shard i/N --device d`, so a worker is exactly what a Slurm array
 * task runs: its shard directory can be resumed or merged by hand. Separate
 * processes, not threads, because CUPTI allows one profiler per process.
 * The workers share this host: when the sweep has CPU rows they go to one
 * more shard (--cpu-alone), started on the first GPU once every GPU worker
 * has exited, so no CPU measurement overlaps another worker's timed work. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/commands.h"
#include "common/util.h"
#include "rundir/run_create.h"
#include "rundir/run_files.h"

#define MAX_DEVICES 64

struct stream {
    int fd; /* -1 once closed */
    FILE *to;
    char buf[4096];
    size_t len;
};

struct worker {
    int device;
    pid_t pid;
    struct stream out, err;
    double t0_ms, t1_ms;
    int status, exited;
    char dir[4300];
    char prefix[24];
    char shard_arg[32], device_arg[16], seed_arg[32]; /* worker argv values */
    int host; /* the shard of CPU rows, run alone after the others */
};

static volatile sig_atomic_t stop_signal;

/* The workers are in their own process groups (run_worker): a closed
 * terminal's SIGHUP reaches the parent alone, and is passed on as the
 * SIGTERM a worker stops on after its row. */
static void on_signal(int sig)
{
    stop_signal = sig == SIGHUP ? SIGTERM : sig;
}

/* "0,1,3" -> {0, 1, 3}; returns the count, or -1 with why. */
static int parse_devices(const char *s, int *dev, char *why, size_t why_len)
{
    const char *p = s;
    for (int n = 0;; p++) {
        char *end;
        long v = *p >= '0' && *p <= '9' && n < MAX_DEVICES ? strtol(p, &end, 10) : -1;
        if (v < 0 || v > 1023 || (*end != ',' && *end != '\0')) {
            snprintf(why, why_len, "--devices %s: give up to %d CUDA device numbers separated by commas, e.g. 0,1,2,3",
                     s, MAX_DEVICES);
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (dev[i] == v) {
                snprintf(why, why_len, "--devices %s: device %ld is listed twice", s, v);
                return -1;
            }
        dev[n++] = (int)v;
        if (*end == '\0')
            return n;
        p = end;
    }
}

/* 1 when arg is option name, alone (width 2: value next) or as name=value (width 1). */
static int is_opt(const char *arg, const char *name, int *width)
{
    size_t len = strlen(name);
    if (strcmp(arg, name) == 0) {
        *width = 2;
        return 1;
    }
    if (strncmp(arg, name, len) == 0 && arg[len] == '=') {
        *width = 1;
        return 1;
    }
    return 0;
}

/* The worker's arguments: the user's, less what the parent decides per
 * worker (--devices, --out, --seed: one seed for all, or merge refuses).
 * Returns a NULL-terminated array pointing into argv and w; free it. */
static char **worker_argv(int argc, char **argv, int shard, int nshards, struct worker *w, uint64_t seed,
                          int cpu_alone)
{
    static const char *const drop[] = {"--devices", "--out", "--seed"};
    char **av = calloc((size_t)argc + 12, sizeof *av);
    int n = 0, width;
    if (!av)
        return NULL;
    av[n++] = "mmprof";
    av[n++] = "collect";
    for (int i = 1; i < argc; i++) {
        int skip = 0;
        for (size_t d = 0; d < sizeof drop / sizeof drop[0] && !skip; d++)
            if (is_opt(argv[i], drop[d], &width))
                skip = width;
        if (skip)
            i += skip - 1;
        else
            av[n++] = argv[i];
    }
    snprintf(w->shard_arg, sizeof w->shard_arg, "%d/%d", shard, nshards);
    snprintf(w->device_arg, sizeof w->device_arg, "%d", w->device);
    snprintf(w->seed_arg, sizeof w->seed_arg, "%llu", (unsigned long long)seed);
    char *tail[] = {"--shard", w->shard_arg, "--device", w->device_arg, "--out", w->dir, "--seed", w->seed_arg};
    for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
        av[n++] = tail[i];
    if (cpu_alone)
        av[n++] = "--cpu-alone";
    av[n] = NULL;
    return av;
}

static int start_worker(struct worker *w, char **av)
{
    int out[2], err[2];
    if (pipe(out) != 0)
        return -1;
    if (pipe(err) != 0) {
        close(out[0]);
        close(out[1]);
        return -1;
    }
    fflush(NULL);
    w->t0_ms = now_ms();
    w->pid = fork();
    if (w->pid == 0) {
        /* its own process group: a terminal's Ctrl-C reaches the parent alone,
         * which passes it on once; a worker signalled twice would stop at once */
        setpgid(0, 0);
        dup2(out[1], STDOUT_FILENO);
        dup2(err[1], STDERR_FILENO);
        close(out[0]);
        close(out[1]);
        close(err[0]);
        close(err[1]);
        execv("/proc/self/exe", av);
        fprintf(stderr, "mmprof: error: cannot run /proc/self/exe: %s\n", strerror(errno));
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    if (w->pid < 0) {
        close(out[0]);
        close(err[0]);
        return -1;
    }
    fcntl(out[0], F_SETFD, FD_CLOEXEC); /* later workers must not hold this pipe open */
    fcntl(err[0], F_SETFD, FD_CLOEXEC);
    w->out = (struct stream){.fd = out[0], .to = stdout};
    w->err = (struct stream){.fd = err[0], .to = stderr};
    return 0;
}

static void emit(const struct worker *w, struct stream *s, int final)
{
    size_t start = 0;
    for (size_t i = 0; i < s->len; i++)
        if (s->buf[i] == '\n') {
            fprintf(s->to, "%s%.*s\n", w->prefix, (int)(i - start), s->buf + start);
            start = i + 1;
        }
    if (start == 0 && (final || s->len == sizeof s->buf) && s->len > 0) {
        fprintf(s->to, "%s%.*s\n", w->prefix, (int)s->len, s->buf); /* an unfinished or overlong line */
        start = s->len;
    }
    memmove(s->buf, s->buf + start, s->len - start);
    s->len -= start;
    fflush(s->to);
}

static void drain(const struct worker *w, struct stream *s)
{
    ssize_t n = read(s->fd, s->buf + s->len, sizeof s->buf - s->len);
    if (n < 0 && errno == EINTR)
        return;
    if (n <= 0) {
        emit(w, s, 1);
        close(s->fd);
        s->fd = -1;
        return;
    }
    s->len += (size_t)n;
    emit(w, s, 0);
}

static void reap(struct worker *ws, int n, int block)
{
    for (int i = 0; i < n; i++) {
        if (ws[i].exited || ws[i].pid <= 0)
            continue;
        pid_t r = waitpid(ws[i].pid, &ws[i].status, block ? 0 : WNOHANG);
        if (r == ws[i].pid || (r < 0 && errno == ECHILD)) {
            ws[i].exited = 1;
            ws[i].t1_ms = now_ms();
        }
    }
}

/* Streams every worker's output, prefixed, until all have exited. A signal
 * to the parent (Ctrl-C, Slurm's SIGTERM) is passed on: each worker stops
 * after its current row, as a lone collect would. */
static void supervise(struct worker *ws, int n)
{
    struct pollfd pf[2 * MAX_DEVICES];
    struct stream *who[2 * MAX_DEVICES];
    int owner[2 * MAX_DEVICES], forwarded = 0;
    for (;;) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            struct stream *s2[2] = {&ws[i].out, &ws[i].err};
            for (int j = 0; j < 2; j++)
                if (s2[j]->fd >= 0) {
                    pf[k] = (struct pollfd){.fd = s2[j]->fd, .events = POLLIN};
                    who[k] = s2[j];
                    owner[k++] = i;
                }
        }
        if (k == 0)
            break;
        if (stop_signal && !forwarded) {
            forwarded = 1;
            for (int i = 0; i < n; i++)
                if (ws[i].pid > 0 && !ws[i].exited)
                    kill(ws[i].pid, (int)stop_signal);
        }
        int r = poll(pf, (nfds_t)k, 200);
        for (int j = 0; r > 0 && j < k; j++)
            if (pf[j].revents)
                drain(&ws[owner[j]], who[j]);
        reap(ws, n, 0);
    }
    reap(ws, n, 1);
}

static void describe_status(int status, char *buf, size_t len)
{
    if (WIFEXITED(status))
        snprintf(buf, len, "exit %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(buf, len, "killed by signal %d", WTERMSIG(status));
    else
        snprintf(buf, len, "status %d", status);
}

static int report_failures(const struct worker *ws, int n, const char *out, const char *host_command)
{
    int failed = 0;
    char how[64], meta[4400];
    for (int i = 0; i < n; i++) {
        if (ws[i].exited && WIFEXITED(ws[i].status) && WEXITSTATUS(ws[i].status) == 0)
            continue;
        failed++;
        if (ws[i].host && ws[i].pid == 0) {
            msg_error("shard %d/%d (the CPU rows, run alone after the GPU shards) was not started: the sweep was "
                      "stopped; `%s` runs it, then `mmprof merge %s %s/shards/shard-*` joins the shards",
                      i, n, host_command, out, out);
            continue;
        }
        describe_status(ws[i].status, how, sizeof how);
        run_path(meta, sizeof meta, ws[i].dir, RUN_JSON);
        if (access(meta, F_OK) != 0) {
            msg_error("shard %d/%d on GPU %d failed (%s) before it wrote %s: see its messages above", i, n,
                      ws[i].device, ws[i].pid > 0 ? how : "could not start", ws[i].dir);
            continue;
        }
        msg_error("shard %d/%d on GPU %d failed (%s); its rows are kept in %s: `mmprof collect --resume %s` "
                  "completes it, then `mmprof merge %s %s/shards/shard-*` joins the shards",
                  i, n, ws[i].device, ws[i].pid > 0 ? how : "could not start", ws[i].dir, ws[i].dir, out, out);
    }
    return failed;
}

static void report_split(const struct worker *ws, int n, int ngpus, const size_t *rows, double wall_s)
{
    size_t total = 0;
    double busy = 0;
    for (int i = 0; i < n; i++) {
        total += rows[i];
        busy += (ws[i].t1_ms - ws[i].t0_ms) / 1e3;
    }
    fprintf(stderr, "mmprof: %d GPU%s, %zu rows in %.1f s wall (%.1f GPU-seconds; %.0f %% of the wall time busy)\n",
            ngpus, ngpus == 1 ? "" : "s", total, wall_s, busy, wall_s > 0 ? 100.0 * busy / (ngpus * wall_s) : 100.0);
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  GPU %-3d shard %d/%d  %5zu rows  %8.1f s%s\n", ws[i].device, i, n, rows[i],
                (ws[i].t1_ms - ws[i].t0_ms) / 1e3, ws[i].host ? "  CPU rows, alone after the others" : "");
}

/* OUT/shards/shard-i for each worker; OUT must be new (or empty). */
static int make_dirs(const struct collect_args *a, const int *dev, int n, int host, struct worker *ws, char *out,
                     size_t out_len, int *created)
{
    char why[1024], name[64] = "gpus";
    struct stat st;
    for (int i = 0; i < n - host; i++)
        snprintf(name + strlen(name), sizeof name - strlen(name), " %d", dev[i]);
    *created = !a->opt.out_dir || stat(a->opt.out_dir, &st) != 0;
    int rc = rundir_create(a->opt.out_dir, name, out, out_len, why, sizeof why);
    if (rc != 0) {
        msg_error("%s", why);
        return rc == 2 ? EXIT_USAGE : EXIT_RUNTIME;
    }
    char shards[4120];
    snprintf(shards, sizeof shards, "%s/shards", out);
    if (mkdir(shards, 0777) != 0) {
        msg_error("cannot create %s: %s", shards, strerror(errno));
        return EXIT_RUNTIME;
    }
    for (int i = 0; i < n; i++) {
        ws[i].host = host && i == n - 1;
        ws[i].device = ws[i].host ? dev[0] : dev[i];
        snprintf(ws[i].dir, sizeof ws[i].dir, "%s/shards/shard-%d", out, i);
        snprintf(ws[i].prefix, sizeof ws[i].prefix, ws[i].host ? "[cpu rows, gpu %d] " : "[gpu %d] ", ws[i].device);
    }
    return 0;
}

/* When no worker got as far as its run directory, leave nothing behind
 * (rmdir only removes empty directories). */
static void remove_if_empty(const char *out, int created)
{
    char shards[4120];
    snprintf(shards, sizeof shards, "%s/shards", out);
    if (rmdir(shards) == 0 && created)
        rmdir(out);
}

static int refuse_conflicts(int argc, char **argv, const struct collect_args *a)
{
    int width, device = 0, shard = a->opt.shard_count > 1;
    for (int i = 1; i < argc; i++) {
        device |= is_opt(argv[i], "--device", &width);
        shard |= is_opt(argv[i], "--shard", &width);
    }
    if (device)
        msg_error("--devices chooses the GPUs: drop --device");
    else if (shard)
        msg_error("--devices splits the sweep into one shard per GPU: drop --shard (or run the shards yourself "
                  "with --shard I/N and `mmprof merge`)");
    return device || shard ? EXIT_USAGE : 0;
}

static int n_args(char *const *av)
{
    int n = 0;
    while (av[n])
        n++;
    return n;
}

/* 1 when the selection has a CPU variant (its rows then get a shard of their own). */
static int has_cpu_rows(const struct collect_args *a)
{
    for (size_t i = 0; i < a->opt.nvariants; i++)
        if (!variant_on_gpu(a->opt.variants[i]))
            return 1;
    return 0;
}

static void start_one(int argc, char **argv, const struct collect_args *a, struct worker *w, int shard, int n,
                      int host)
{
    char **av = worker_argv(argc, argv, shard, n, w, a->opt.seed, host);
    if (!av || start_worker(w, av) != 0) {
        msg_error("cannot start the worker for GPU %d: %s", w->device, strerror(errno));
        w->pid = -1;
        w->exited = 1;
        w->status = 1;
        w->out.fd = w->err.fd = -1;
    }
    free(av);
}

/* The GPU workers together; then, when there is one, the shard of CPU rows
 * alone (unless the sweep was stopped: host_command then says how to run it). */
static void run_workers(int argc, char **argv, const struct collect_args *a, struct worker *ws, int n, int host,
                        char *host_command, size_t host_command_len)
{
    int ngpu = n - host;
    for (int i = 0; i < ngpu; i++)
        start_one(argc, argv, a, &ws[i], i, n, host);
    supervise(ws, ngpu);
    if (!host)
        return;
    if (stop_signal) {
        char **av = worker_argv(argc, argv, n - 1, n, &ws[n - 1], a->opt.seed, host);
        if (av)
            command_line_join(n_args(av) - 1, av + 1, host_command, host_command_len);
        free(av);
        return;
    }
    fprintf(stderr, "mmprof: the GPU shards are done; shard %d/%d, the CPU rows, runs alone on GPU %d\n", n - 1, n,
            ws[n - 1].device);
    start_one(argc, argv, a, &ws[n - 1], n - 1, n, host);
    supervise(&ws[n - 1], 1);
}

int collect_devices(int argc, char **argv, const char *devices, const struct collect_args *a)
{
    static struct worker ws[MAX_DEVICES + 1];
    int dev[MAX_DEVICES];
    char why[512], out[4096], host_command[8192] = "";
    int created = 0;
    int ngpu = parse_devices(devices, dev, why, sizeof why);
    if (ngpu < 0) {
        msg_error("%s", why);
        return EXIT_USAGE;
    }
    int host = has_cpu_rows(a), n = ngpu + host;
    int rc = refuse_conflicts(argc, argv, a);
    if (rc == 0)
        rc = make_dirs(a, dev, n, host, ws, out, sizeof out, &created);
    if (rc != 0)
        return rc;
    fprintf(stderr, "mmprof: %d worker%s (GPU%s %s), one shard each%s, into %s/shards\n", ngpu, ngpu == 1 ? "" : "s",
            ngpu == 1 ? "" : "s", devices, host ? ", then the CPU rows alone" : "", out);
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    double t0 = now_ms();
    run_workers(argc, argv, a, ws, n, host, host_command, sizeof host_command);
    double wall_s = (now_ms() - t0) / 1e3;
    if (report_failures(ws, n, out, host_command) > 0) {
        remove_if_empty(out, created);
        return EXIT_RUNTIME;
    }
    const char *runs[MAX_DEVICES + 1];
    size_t rows[MAX_DEVICES + 1] = {0};
    for (int i = 0; i < n; i++)
        runs[i] = ws[i].dir;
    rc = merge_dirs(out, runs, (size_t)n, 0, a->command_line, wall_s, rows);
    if (rc == 0)
        report_split(ws, n, ngpu, rows, wall_s);
    return rc;
}
