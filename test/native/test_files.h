/*
 * Test support: the files the native test runners read (header only).
 */
#ifndef H5_TEST_FILES_H
#define H5_TEST_FILES_H

#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole file at `path`, NUL-terminated (its length in *len when len is
 * not NULL); NULL when it cannot be read.  The caller frees it. */
static inline char *h5_test_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0)
        buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    if (len) *len = (size_t)n;
    return buf;
}

/* A runner's argument: a file whose name ends in `ext`, run alone, or a
 * folder, whose *`ext` files are run in sorted order; run(path, ctx) for
 * each.  False when `arg` is neither (nothing run). */
static inline bool h5_test_each_file(const char *arg, const char *ext,
                                     void (*run)(const char *path, void *ctx), void *ctx) {
    size_t l = strlen(arg), e = strlen(ext);
    if (l > e && !strcmp(arg + l - e, ext)) {
        run(arg, ctx);
        return true;
    }
    char pattern[4096];
    snprintf(pattern, sizeof pattern, "%s/*%s", arg, ext);
    glob_t g;
    if (glob(pattern, 0, NULL, &g) != 0) return false;
    for (size_t k = 0; k < g.gl_pathc; k++) run(g.gl_pathv[k], ctx);
    globfree(&g);
    return true;
}

#endif
