/* libmmprof_inject.so loads with every symbol resolved and its entry point
 * runs, on any machine: without a driver the CUDA toolkit's stub libcuda
 * stands in for libcuda.so.1 (its SONAME), so a library the injection needs
 * but does not link, or a misspelt entry point, fails here and not first on
 * a GPU. InitializeInjection must return 1 (the app goes on) and say why it
 * does nothing when `mmprof profile` did not set it up.
 *   profile_inject_load LIB STUB_LIBCUDA */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: profile_inject_load LIB STUB_LIBCUDA\n");
        return 2;
    }
    if (!dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL) && !dlopen(argv[2], RTLD_NOW | RTLD_GLOBAL)) {
        fprintf(stderr, "FAIL: neither libcuda.so.1 nor the stub %s loads: %s\n", argv[2], dlerror());
        return 1;
    }
    void *lib = dlopen(argv[1], RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "FAIL: %s\n", dlerror());
        return 1;
    }
    int (*init)(void) = (int (*)(void))dlsym(lib, "InitializeInjection");
    if (!init) {
        fprintf(stderr, "FAIL: no InitializeInjection in %s\n", argv[1]);
        return 1;
    }
    unsetenv("MMPROF_PROFILE_DIR");
    /* its message goes to stderr: catch it in a file */
    char path[] = "/tmp/mmprof-inject-load-XXXXXX";
    int fd = mkstemp(path);
    int saved = dup(2);
    if (fd < 0 || saved < 0 || dup2(fd, 2) < 0) {
        fprintf(stderr, "FAIL: cannot redirect stderr\n");
        return 1;
    }
    int rc = init();
    fflush(stderr);
    dup2(saved, 2);
    char said[1024] = "";
    ssize_t n = pread(fd, said, sizeof said - 1, 0);
    said[n > 0 ? n : 0] = '\0';
    close(fd);
    unlink(path);
    if (rc != 1 || !strstr(said, "MMPROF_PROFILE_DIR is not set")) {
        fprintf(stderr, "FAIL: InitializeInjection returned %d (want 1) and said: %s\n", rc, said);
        return 1;
    }
    printf("ok: %s loads and InitializeInjection returns 1\n", argv[1]);
    return 0;
}
