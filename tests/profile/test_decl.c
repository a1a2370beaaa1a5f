/* Declarations (profile/decl.h): kinds resolved against model/kinds.def to a
 * registry variant (so a declared kernel gets the registry's theory), shapes,
 * flops/bytes, every malformed word refused with its reason, and --model
 * files (exact and regex: names, comments, line numbers in errors). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "model/theory.h"
#include "profile/decl.h"

static struct kernel_decl d;
static char why[512];

static void refuse_ambiguous(const char *text)
{
    assert_int_equal(decl_parse(text, &d, why, sizeof why), 2);
    assert_non_null(strstr(why, "each of"));
}

static void kinds_resolve_to_variants(void **state)
{
    assert_int_equal(decl_parse("kind=tiled T=16 M=1024 N=1024 K=1024", &d, why, sizeof why), 0);
    assert_string_equal(d.v->name, "tiled_t16");
    assert_int_equal(d.shape.m, 1024);
    assert_int_equal(decl_parse("kind=tiled_db T=32 M=64 N=64 K=64", &d, why, sizeof why), 0);
    assert_string_equal(d.v->name, "tiled_db_t32");
    assert_int_equal(decl_parse("kind=regtile B=16 RX=4 RY=4 M=64 N=64 K=64", &d, why, sizeof why), 0);
    assert_string_equal(d.v->name, "rt_b16_4x4");
    assert_int_equal(decl_parse("kind=naive M=5 N=7 K=9", &d, why, sizeof why), 0);
    assert_string_equal(d.v->name, "naive");
    assert_int_equal(decl_parse("  variant=best  M=2048 N=2048 K=2048 ", &d, why, sizeof why), 0);
    assert_string_equal(d.v->name, "best");
    /* a transpose: K=0; its tile picks among the kind's variants */
    assert_int_equal(decl_parse("kind=padded T=16 M=64 N=64 K=0", &d, why, sizeof why), 2);
    refuse_ambiguous("kind=coalesced T=32 M=64 N=96 K=0"); /* tr_coalesced and tr_padded */
    assert_int_equal(decl_parse("kind=coalesced T=32 PAD=1 M=64 N=96 K=0", &d, why, sizeof why), 0);
    assert_string_equal(d.v->name, "tr_padded");
}

static void theory_and_amounts(void **state)
{
    double flops, bytes;
    assert_int_equal(decl_parse("kind=tiled T=16 M=1024 N=1024 K=1024", &d, why, sizeof why), 0);
    decl_flops_bytes(&d, &flops, &bytes);
    assert_true(flops == 2.0 * 1024 * 1024 * 1024);
    struct theory t;
    assert_int_equal(theory_of(d.v, &d.shape, &t), 0);
    assert_true(bytes == t.bytes_compulsory);
    /* given amounts win over the theory's */
    assert_int_equal(decl_parse("kind=tiled T=16 M=8 N=8 K=8 flops=100", &d, why, sizeof why), 0);
    decl_flops_bytes(&d, &flops, &bytes);
    assert_true(flops == 100);
    assert_int_equal(decl_parse("flops=2.1e9 bytes=1.2e7", &d, why, sizeof why), 0);
    assert_null(d.v);
    decl_flops_bytes(&d, &flops, &bytes);
    assert_true(flops == 2.1e9 && bytes == 1.2e7);
    assert_int_equal(decl_parse("bytes=4096", &d, why, sizeof why), 0);
    decl_flops_bytes(&d, &flops, &bytes);
    assert_true(isnan(flops) && bytes == 4096);
}

static void refuse(const char *text, const char *reason)
{
    assert_int_equal(decl_parse(text, &d, why, sizeof why), 2);
    if (!strstr(why, reason))
        fail_msg("'%s': reason '%s' lacks '%s'", text, why, reason);
}

static void bad_declarations(void **state)
{
    refuse("", "declares nothing");
    refuse("kind=tiled", "each of");          /* five tiles: which one? */
    refuse("kind=tiled T=16", "give the shape");
    refuse("kind=tiled T=7 M=1 N=1 K=1", "none of its variants");
    refuse("kind=warp T=16 M=1 N=1 K=1", "no kind 'warp'");
    refuse("kind=tiled T=16 M=8 N=8 K=0", "a matmul has K >=1");
    refuse("variant=nope M=1 N=1 K=1", "no variant 'nope'");
    refuse("kind=naive variant=naive M=1 N=1 K=1", "not both");
    refuse("kind=naive M=0 N=1 K=1", "M=0 is not a whole number");
    refuse("kind=naive M=1x N=1 K=1", "M=1x");
    refuse("flops=-5", "not a positive number");
    refuse("flops=nan", "not a positive number");
    refuse("tile=16", "unknown key 'tile'");
    refuse("kind", "not KEY=VALUE");
    refuse("kind=", "not KEY=VALUE");
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void model_files(void **state)
{
    char path[] = "/tmp/mmprof-model-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, "# kernels of my app\n"
                     "\n"
                     "tiled: kind=tiled T=16 M=1024 N=1024 K=1024\n"
                     "regex:^void sgemm_.*: flops=2e9 bytes=8e6\n");
    struct decl_model m;
    assert_int_equal(decl_model_load(&m, path, why, sizeof why), 0);
    assert_int_equal(m.n, 2);
    const struct kernel_decl *k =
        decl_model_find(&m, "_Z5tiledILi16EEvPKfS1_Pfiii",
                        "void tiled<16>(float const*, float const*, float*, int, int, int)");
    assert_non_null(k);
    assert_string_equal(k->v->name, "tiled_t16");
    k = decl_model_find(&m, "x", "void sgemm_128x64(float*)");
    assert_non_null(k);
    assert_true(k->flops == 2e9);
    assert_null(decl_model_find(&m, "x", "void other(float*)"));
    decl_model_free(&m);

    /* the last ": " splits: a pattern may hold one */
    write_file(path, "regex:x: y: flops=3\n");
    assert_int_equal(decl_model_load(&m, path, why, sizeof why), 0);
    assert_non_null(decl_model_find(&m, "", "x: y"));
    decl_model_free(&m);

    write_file(path, "tiled: kind=tiled T=16 M=8 N=8 K=8\nnocolon kind=naive\n");
    assert_int_equal(decl_model_load(&m, path, why, sizeof why), 2);
    assert_non_null(strstr(why, ":2: not 'KERNEL: DECLARATION'"));
    write_file(path, "regex:(: flops=1\n");
    assert_int_equal(decl_model_load(&m, path, why, sizeof why), 2);
    assert_non_null(strstr(why, ":1: bad regular expression"));
    write_file(path, "k: kind=tiled T=3 M=1 N=1 K=1\n");
    assert_int_equal(decl_model_load(&m, path, why, sizeof why), 2);
    assert_non_null(strstr(why, ":1: declaration: kind=tiled"));
    /* a line longer than the reader's buffer is one error, not two half lines */
    static char long_line[3001]; /* 2990 + 10 characters and the NUL */
    memset(long_line, 'k', 2990);
    memcpy(long_line + 2990, ": flops=1\n", 10);
    write_file(path, long_line);
    assert_int_equal(decl_model_load(&m, path, why, sizeof why), 2);
    assert_non_null(strstr(why, "line 1: longer than"));
    unlink(path);
    assert_int_equal(decl_model_load(&m, path, why, sizeof why), 2);
    assert_non_null(strstr(why, "No such file"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kinds_resolve_to_variants),
        cmocka_unit_test(theory_and_amounts),
        cmocka_unit_test(bad_declarations),
        cmocka_unit_test(model_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
