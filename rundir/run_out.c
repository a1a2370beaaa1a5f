/* The output directory of plot and report (run_out.h): git asked whether
 * it tracks the run, the run's inputs copied when the outputs go elsewhere. */
#include "rundir/run_out.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/file.h"
#include "rundir/run_files.h"

/* The files a run directory's readers take; run.json and results.csv must be there. */
static const char *const inputs[] = {RESULTS_CSV, RUN_JSON, SAMPLES_CSV, SOURCE_CSV, LAUNCHES_TSV};
#define NINPUTS (sizeof inputs / sizeof inputs[0])
#define REQUIRED_INPUTS 2

/* Largest input copied: results.csv of the largest runs is a few MB. */
#define INPUT_MAX_BYTES (512u * 1024 * 1024)

/* The run that --out named itself in this process: the user's to write. */
static char written_as_asked[PATH_MAX];

static int same_dir(const char *a, const char *b);

int run_out_tracked(const char *run)
{
    if (written_as_asked[0] && same_dir(run, written_as_asked))
        return 0;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, STDIN_FILENO);
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        execlp("git", "git", "-C", run, "ls-files", "--error-unmatch", RESULTS_CSV, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* The whole of dir/name into *text (malloc'd); 1 read, 0 missing, -1 with why. */
static int slurp(const char *dir, const char *name, char **text, size_t *len, char *why, size_t why_len)
{
    char path[4200];
    run_path(path, sizeof path, dir, name);
    *text = NULL;
    *len = 0;
    enum file_read_status st = file_read_all(path, INPUT_MAX_BYTES, text, len, why, why_len);
    if (st == FILE_READ_OPEN && errno == ENOENT)
        return 0;
    return st == FILE_READ_OK ? 1 : -1;
}

static int same_dir(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* dir/name = text, unless it holds that already (its time then stays, so
 * charts drawn from it are not taken for stale). */
static int put(const char *dir, const char *name, const char *text, size_t len, char *why, size_t why_len)
{
    char *old, path[4200];
    size_t old_len;
    char ignored[64];
    int have = slurp(dir, name, &old, &old_len, ignored, sizeof ignored);
    int same = have == 1 && old_len == len && memcmp(old, text, len) == 0;
    free(old);
    if (same)
        return 0;
    run_path(path, sizeof path, dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
        snprintf(why, why_len, "cannot write %s: %s (choose a writable --out)", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    return 0;
}

/* out must be new, empty, or a copy of this run (the same results.csv). */
static int check_out(const char *run, const char *out, char *why, size_t why_len)
{
    char *mine, *theirs, err[600];
    size_t mine_len, theirs_len;
    if (slurp(out, RESULTS_CSV, &theirs, &theirs_len, err, sizeof err) != 1) {
        free(theirs);
        char path[4200];
        run_path(path, sizeof path, out, RUN_JSON);
        if (access(path, F_OK) == 0) {
            snprintf(why, why_len, "%s holds another run (a " RUN_JSON ", no " RESULTS_CSV "): choose another --out",
                     out);
            return 2;
        }
        return 0;
    }
    int rc = slurp(run, RESULTS_CSV, &mine, &mine_len, err, sizeof err);
    int same = rc == 1 && mine_len == theirs_len && memcmp(mine, theirs, mine_len) == 0;
    free(mine);
    free(theirs);
    if (!same) {
        snprintf(why, why_len, "%s holds another run (its " RESULTS_CSV " differs from %s's): choose another --out",
                 out, run);
        return 2;
    }
    return 0;
}

static int copy_inputs(const char *run, const char *out, char *why, size_t why_len)
{
    for (size_t i = 0; i < REQUIRED_INPUTS; i++) {
        char path[4200];
        run_path(path, sizeof path, run, inputs[i]);
        if (access(path, R_OK) != 0) {
            snprintf(why, why_len, "%s is not a run directory: it has no %s", run, inputs[i]);
            return 2;
        }
    }
    int rc = check_out(run, out, why, why_len);
    if (rc != 0)
        return rc;
    if (file_mkdir_p(out) != 0) {
        snprintf(why, why_len, "cannot create %s: %s (choose a writable --out)", out, strerror(errno));
        return 1;
    }
    for (size_t i = 0; i < NINPUTS; i++) {
        char *text;
        size_t len;
        int have = slurp(run, inputs[i], &text, &len, why, why_len);
        if (have < 0) {
            free(text);
            return 2;
        }
        rc = have ? put(out, inputs[i], text, len, why, why_len) : 0;
        free(text);
        if (rc != 0)
            return 1;
    }
    return 0;
}

/* results/<the run's last path component>. */
static void default_out(const char *run, char *out, size_t len)
{
    char name[1024];
    run_name(name, sizeof name, run);
    snprintf(out, len, "results/%s", name);
}

int run_out_prepare(const char *run, const char *out, const char *command, char *dir, size_t len, char *why,
                    size_t why_len)
{
    char fallback[PATH_MAX];
    if (!out && !run_out_tracked(run)) {
        snprintf(dir, len, "%s", run);
        return 0;
    }
    if (!out) {
        default_out(run, fallback, sizeof fallback);
        out = fallback;
        fprintf(stderr, "mmprof: %s: git tracks %s, so it is left as it is: writing into %s (--out DIR to "
                        "choose)\n", command, run, out);
    }
    snprintf(dir, len, "%s", out);
    if (same_dir(run, out)) {
        snprintf(written_as_asked, sizeof written_as_asked, "%s", run);
        return 0;
    }
    return copy_inputs(run, out, why, why_len);
}
